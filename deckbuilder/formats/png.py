"""The deck's card faces in a grid (``.png``, export only), drawn with Pillow.

One cell per distinct card of the main deck (then the sideboard, if asked), in deck
order, with a ``"3x"`` badge for its count, laid out by
:func:`card_db.images.grid.render_grid` (63:88 cells). A card's face is the image the
caller supplies in ``faces`` (e.g. the user's scan) or else its proxy from
:func:`card_db.images.proxy.render_proxy`, which marks estimated values.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

from card_db.catalogue import Catalogue
from card_db.names import fold_name
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList, DeckListError
from deckbuilder.deck.resolve import UnknownCardsError, UnknownName

if TYPE_CHECKING:
    from PIL import Image

NAME = "png"
EXTENSIONS = (".png",)
DEFAULT_COLUMNS = 6
DEFAULT_CELL_WIDTH = 252


def write(
    deck: DeckList,
    catalogue: Catalogue,
    *,
    faces: Mapping[str, Image.Image] | None = None,
    columns: int = DEFAULT_COLUMNS,
    cell_width: int = DEFAULT_CELL_WIDTH,
    include_sideboard: bool = False,
) -> bytes:
    """PNG bytes of the grid of ``deck``'s card faces.

    ``faces`` maps card names to images to use instead of proxies. Shape: see
    :func:`card_db.images.grid.grid_size` (``columns`` wide, ``cell_width`` px cells).
    Raises :class:`UnknownCardsError` for cards not in ``catalogue``,
    :class:`~deckbuilder.deck.decklist.DeckListError` for a deck with no cards and
    ``ValueError`` for a bad ``columns``/``cell_width``.
    """
    from card_db.images.grid import render_grid
    from card_db.images.proxy import MIN_WIDTH_PX, render_proxy

    supplied = {fold_name(k): v for k, v in (faces or {}).items()}
    zones = (MAIN, SIDEBOARD) if include_sideboard else (MAIN,)
    images, labels, unknown = [], [], []
    proxies: dict[str, Image.Image] = {}
    for zone in zones:
        for name, count in deck.zone(zone):
            record = catalogue.get(name)
            if record is None:
                unknown.append(
                    UnknownName(deck.lines.get(name), name, tuple(catalogue.suggest(name)))
                )
                continue
            face = supplied.get(fold_name(record.name))
            if face is None:
                face = proxies.get(record.name)
                if face is None:
                    face = render_proxy(record, max(MIN_WIDTH_PX, cell_width))
                    proxies[record.name] = face
            images.append(face)
            labels.append(f"{count}x" if zone == MAIN else f"SB {count}x")
    if unknown:
        raise UnknownCardsError(unknown)
    if not images:
        raise DeckListError("the deck has no cards to draw")
    sheet = render_grid(images, columns, cell_width=cell_width, labels=labels)
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
