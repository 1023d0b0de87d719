"""A LackeyCCG plugin folder for Imajica: ``plugininfo.txt``, the card data, pictures.

LackeyCCG is closed source and publishes no schema; the layout follows public plugins
it reads: merlinofchaos/lackey-example (commit 2a673817b48b64757d6c5d5f57d5a1f42586e3c7:
``plugininfo.txt`` with ``<deckzone>``, ``<gamezone>``, ``<phase>``,
``<generalfunction>`` and ``<cardfunction>`` entries; ``sets/carddata.txt``, a
tab-separated table whose header starts ``Name``, ``Set``, ``ImageFile`` followed by the
game's own columns; pictures in ``sets/setimages/<Set>/<ImageFile>.jpg``; a
``cardback.jpg``; ``decks/sample.dek`` naming cards as ``<name id="<ImageFile>">``
with ``<set>``) and lackey-plugins/lorcana (the same ``sets/carddata.txt`` and
``sets/setimages/<set>/<id>.jpg`` layout).

Line endings: public plugins disagree (``sets/carddata.txt`` ends lines with CR in
lackey-example, CRLF in lackey-plugins/lorcana 35671ff769909388dddbf2f96f743bf2dfca5e76,
LF in thejambi/AnimoLackeyCCG 009b43b51940c99351ab0b6eeae3ae2126a8ee18), so the files
are written in text mode: the platform's newline.

The package is the plugin folder itself (copy it into LackeyCCG's ``plugins`` folder
as ``plugins/Imajica``)::

    plugininfo.txt
    sets/carddata.txt
    sets/setimages/Imajica/<image id>.jpg
    cardback.jpg
    IMAJICA-PACKAGE.txt

Every card is in one Lackey set, :data:`deckbuilder.formats.lackey.SET`, with the
``ImageFile`` :func:`deckbuilder.formats.lackey.image_id`: exactly what the ``.dek``
writer puts in ``<set>`` and ``id``, so an exported deck finds every card. The card's
catalogue set is the "Release" column; estimated values carry ``*``.
"""

from __future__ import annotations

from pathlib import Path

from card_db.images.aspect import card_height
from card_db.images.proxy import DEFAULT_WIDTH_PX
from card_db.records import CardRecord
from deckbuilder.formats.lackey import GAME, SET, image_id
from deckbuilder.formats.publish._common import (
    PROPERTY_LABELS,
    Faces,
    Progress,
    card_back,
    card_text,
    one_line,
    properties,
    save_face,
    unique_names,
    write_faces,
)
from deckbuilder.formats.publish.staging import MARKER

NAME = "lackey"
#: The plugin's folder name inside LackeyCCG's ``plugins`` folder (the ``.dek`` game).
PLUGIN_FOLDER = GAME
CARD_DATA = "sets/carddata.txt"
IMAGE_FOLDER = f"sets/setimages/{SET}"
#: The card data's columns: Lackey's three, the characteristics, then the text.
COLUMNS = ("Name", "Set", "ImageFile",
           *(label.replace(" ", "") for label in PROPERTY_LABELS), "Text")

#: The rulebook's "Order of Play".
PHASES = ("Coming of Order", "Autarch Phase", "Ally Phase", "Reconciliation")

INSTRUCTIONS = f"""\
Imajica plugin for LackeyCCG, written by deckbuilder publish lackey.

1. Copy this folder into LackeyCCG's "plugins" folder and name it {PLUGIN_FOLDER} \
(LackeyCCG/plugins/{PLUGIN_FOLDER}/plugininfo.txt).
2. Start LackeyCCG and choose the plugin {PLUGIN_FOLDER}. Decks exported by deckbuilder as \
.dek load with these cards.

Values marked * are estimated: not printed in the rulebook; check your card.
"""


def plugininfo_text() -> str:
    """The ``plugininfo.txt`` text: deck zones matching the ``.dek`` superzones (Deck,
    Sideboard), the table zones of "Game Layout" (Destiny as Deck, In Ovo), the four
    phases, and pivoting (turning a card 90 degrees, "Pivoted Cards") as a card button."""
    lines = ["<plugin>", ""]
    lines += [
        "<deckzone><label>Deck</label><shuffle>yes</shuffle></deckzone>",
        "<deckzone><label>Sideboard</label></deckzone>",
        "",
        "<gamezone><label>Hand</label><visibletoowner>yes</visibletoowner></gamezone>",
        "<gamezone><label>Deck</label></gamezone>",
        "<gamezone><label>In Ovo</label><visibletoowner>yes</visibletoowner>"
        "<visibletoothers>yes</visibletoothers></gamezone>",
        "<gamezone><label>Sideboard</label><visibletoowner>yes</visibletoowner></gamezone>",
        "",
    ]
    lines += [f"<phase><label>{phase}</label></phase>" for phase in PHASES]
    lines += [
        "",
        "<generalfunction><label>Draw</label><kind>DRAWCARD</kind>"
        "<includeasbutton>yes</includeasbutton></generalfunction>",
        "<generalfunction><label>Previous Phase</label><kind>PREVIOUSPHASE</kind>"
        "</generalfunction>",
        "<generalfunction><label>Next Phase</label><kind>NEXTPHASE</kind></generalfunction>",
        "<generalfunction><label>Next Turn</label><kind>NEXTTURN</kind></generalfunction>",
        "",
        "<cardfunction><label>Unpivot</label><kind>MAKERIGHT0DEGREES</kind>"
        "<includeasbutton>yes</includeasbutton></cardfunction>",
        "<cardfunction><label>Pivot</label><kind>MAKERIGHT90DEGREES</kind>"
        "<includeasbutton>yes</includeasbutton></cardfunction>",
        "<cardfunction><label>Token+1</label><kind>ADDCOUNTER</kind><color>red</color>"
        "<includeasbutton>yes</includeasbutton></cardfunction>",
        "<cardfunction><label>Token-1</label><kind>REMOVECOUNTER</kind><color>red</color>"
        "<includeasbutton>yes</includeasbutton></cardfunction>",
        "<cardfunction><label>Turn Over</label><kind>TURNOVER</kind></cardfunction>",
        "",
        "</plugin>",
    ]
    return "\n".join(lines) + "\n"


def carddata_text(records: list[CardRecord]) -> str:
    """The tab-separated ``sets/carddata.txt``: a header of :data:`COLUMNS`, then one
    row per card (tabs and line breaks inside values become spaces)."""
    rows = ["\t".join(COLUMNS)]
    for record in records:
        props = properties(record)
        cells = [record.name, SET, image_id(record.name),
                 *(props.get(label, "") for label in PROPERTY_LABELS),
                 card_text(record)]
        rows.append("\t".join(one_line(cell) for cell in cells))
    return "\n".join(rows) + "\n"


def build(records: list[CardRecord], faces: Faces, folder: Path,
          progress: Progress | None = None) -> int:
    """Write the plugin into the empty ``folder``; returns the number of pictures.

    Raises :class:`~deckbuilder.formats.publish._common.PublishError` if two cards
    would share an image id.
    """
    ids = unique_names(records, lambda r: image_id(r.name), "LackeyCCG image id")
    (folder / "plugininfo.txt").write_text(plugininfo_text(), encoding="utf-8")
    (folder / CARD_DATA).parent.mkdir(parents=True, exist_ok=True)
    (folder / CARD_DATA).write_text(carddata_text(records), encoding="utf-8")
    width = DEFAULT_WIDTH_PX // 2
    save_face(card_back(width, card_height(width)), folder / "cardback.jpg")
    (folder / MARKER).write_text(INSTRUCTIONS, encoding="utf-8")
    return write_faces(records, faces,
                       lambda r: folder / IMAGE_FOLDER / f"{ids[r.name]}.jpg", progress)
