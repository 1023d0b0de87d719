"""A flatbed page of cards for the screenshot mode: the app's card faces (proxies) of
catalogue cards, two copies of one of them, and an unknown card, on a white A4 page at
150 dpi."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from card_db.catalogue import Catalogue
from card_db.images.proxy import render_proxy
from card_db.records import CardRecord, CardType

#: A4 at 150 dpi, and a card at 150 dpi, in px.
PAGE = (1240, 1754)
CARD = (372, 520)
UNKNOWN = CardRecord(name="Quillward Spire", card_type=CardType.SITE, dominions=(2,),
                     unique=True, resistance=6, powers="Allies seizing this Site are magic +1.",
                     source="a card not in the catalogue")


def demo_page(catalogue: Catalogue, path: Path) -> Path:
    """Write the page to ``path`` (PNG) and return it."""
    records = [r for r in catalogue if r.source.casefold().startswith("rulebook")][:7]
    cards = [records[0], *records[1:7], records[0], UNKNOWN]
    page = Image.new("RGB", PAGE, (247, 247, 244))
    for index, record in enumerate(cards):
        row, column = divmod(index, 3)
        face = render_proxy(record, CARD[0])
        page.paste(face, (40 + column * (CARD[0] + 22), 60 + row * (CARD[1] + 30)))
    page.save(path)
    return path
