"""Card packages for other tools, built from the catalogue: a Cockatrice custom card
database, an OCTGN game definition and a LackeyCCG plugin.

Each module has ``build(records, faces, folder, progress=None) -> int`` writing its
package into an empty ``folder`` (the number of card images written) and names the
files a deck export refers to, so that an exported ``.cod``, ``.o8d`` or ``.dek``
finds its cards in the matching package. ``faces(record)`` returns the card's face as
a Pillow image; ``progress(done, total)`` is called after each image.

========== ============================================ ==============================
tool       module                                       deck export it serves
========== ============================================ ==============================
cockatrice :mod:`deckbuilder.formats.publish.cockatrice` ``.cod`` (cards by name)
octgn      :mod:`deckbuilder.formats.publish.octgn`      ``.o8d`` (game and card GUIDs)
lackey     :mod:`deckbuilder.formats.publish.lackey`     ``.dek`` (card ids, set)
========== ============================================ ==============================

:func:`deckbuilder.formats.publish.staging.staged_folder` makes the whole package
appear at once (or not at all).
"""

from __future__ import annotations

#: tool name -> module implementing its package.
TOOLS = {
    "cockatrice": "deckbuilder.formats.publish.cockatrice",
    "octgn": "deckbuilder.formats.publish.octgn",
    "lackey": "deckbuilder.formats.publish.lackey",
}
