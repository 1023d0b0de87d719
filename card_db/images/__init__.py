"""Card images without Qt: proxy faces, imported scans, grids and the icon art.

Modules (import them directly; this ``__init__`` stays empty so that importing one
does not load the others):

* :mod:`card_db.images.art` draws the type icons, Dominion symbols and app icon;
* :mod:`card_db.images.proxy` renders a proxy card face for a :class:`CardRecord`;
* :mod:`card_db.images.scans` imports a user's photo or scan into the image cache;
* :mod:`card_db.images.grid` lays card faces out in a grid (deck PNG export);
* :mod:`card_db.images.errors` holds :class:`CardImageError`.

Source: rulebook "Types of Cards", "Anatomy of Cards", "Permanents and Instants".
"""
