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
    formats.txt                          the formats (one: every card of the set)
    sets/carddata.txt
    sets/setimages/Imajica/<image id>.jpg
    cardback.jpg
    version.txt, updatelist.txt          with a base URL only (install and update by URL)
    IMAJICA-PACKAGE.txt

Every card is in one Lackey set, :data:`deckbuilder.formats.lackey.SET`, with the
``ImageFile`` :func:`deckbuilder.formats.lackey.image_id`: exactly what the ``.dek``
writer puts in ``<set>`` and ``id``, so an exported deck finds every card. The card's
catalogue set is the "Release" column. Values are written bare (Lackey searches and
sorts by them); the "Estimated" column names the characteristics whose values are
estimated.

Install and update files, as real plugins have them (lackey-example at
2a673817b48b64757d6c5d5f57d5a1f42586e3c7, lionel-panhaleux/vtes-lackeyccg-plugin):
``formats.txt`` (``<formatdefinitions>`` of ``<format>`` with a ``<label>`` and its
``<set>`` entries); ``version.txt`` (``<version>`` with ``<lastupdateYYMMDD>``,
``<versionurl>``, ``<updateurl>``, ``<message>``); ``updatelist.txt`` (a first line
``<plugin>\t<MM-DD-YY>``, then per file its path under Lackey's folder, its URL and
:func:`checksum`; Lackey's "Install or Update from URL" reads it). The two URL files
need the address the folder will be served from (``base_url``), so they are written
only when one is given.
"""

from __future__ import annotations

import datetime
import math
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
    one_line,
    properties,
    save_face,
    unique_names,
    write_faces,
)
from deckbuilder.formats.publish.staging import MARKER
from deckbuilder.presentation import ESTIMATED_MARK, shown

NAME = "lackey"
#: The plugin's folder name inside LackeyCCG's ``plugins`` folder (the ``.dek`` game).
PLUGIN_FOLDER = GAME
CARD_DATA = "sets/carddata.txt"
IMAGE_FOLDER = f"sets/setimages/{SET}"
#: The card data's columns: Lackey's three, the characteristics, then the text.
COLUMNS = ("Name", "Set", "ImageFile",
           *(label.replace(" ", "") for label in PROPERTY_LABELS), "Text", "Estimated")
#: The record field behind each published label (to write its value without the mark).
_FIELDS = {"Type": "card_type", "Permanent": "permanent", "Dominion": "dominions",
           "Unique": "unique", "Gender": "gender", "Magic": "magic", "Strength": "strength",
           "Prime": "prime", "Resistance": "resistance", "Affiliations": "affiliations",
           "Deck limit": "deck_limit", "Rarity": "rarity", "Artist": "artist",
           "Traits": "traits", "Powers": "powers"}
FORMATS_FILE = "formats.txt"
VERSION_FILE = "version.txt"
UPDATE_LIST = "updatelist.txt"

#: The rulebook's "Order of Play".
PHASES = ("Coming of Order", "Autarch Phase", "Ally Phase", "Reconciliation")

INSTRUCTIONS = f"""\
Imajica plugin for LackeyCCG, written by deckbuilder publish lackey.

1. Copy this folder into LackeyCCG's "plugins" folder and name it {PLUGIN_FOLDER} \
(LackeyCCG/plugins/{PLUGIN_FOLDER}/plugininfo.txt).
2. Start LackeyCCG and choose the plugin {PLUGIN_FOLDER}. Decks exported by deckbuilder as \
.dek load with these cards.

The column "Estimated" names the values that are estimated: not confirmed from a printed card;
check your card.

Installing by URL (Plugins > Install or Update from URL) needs updatelist.txt and
version.txt: publish with --base-url URL, where URL is the address this folder will be
served from, and give Lackey URL/updatelist.txt.
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


def _bare(record: CardRecord, label: str, value: str) -> str:
    """``value`` without the estimated mark :func:`properties` adds."""
    field = _FIELDS.get(label)
    if field and record.is_estimated(field) and value.endswith(ESTIMATED_MARK):
        return value[: -len(ESTIMATED_MARK)]
    return value


def estimated_labels(record: CardRecord) -> str:
    """The "Estimated" cell: the labels of the card's estimated values, comma-separated."""
    return ", ".join(label for label, field in _FIELDS.items() if record.is_estimated(field))


def _text(record: CardRecord) -> str:
    """The traits and powers, one paragraph each, without estimated marks."""
    return "\n".join(_bare(record, label, shown(record, field))
                     for label, field in (("Traits", "traits"), ("Powers", "powers"))
                     if getattr(record, field))


def carddata_text(records: list[CardRecord]) -> str:
    """The tab-separated ``sets/carddata.txt``: a header of :data:`COLUMNS`, then one
    row per card (tabs and line breaks inside values become spaces; no value carries
    the estimated mark ``*``: the "Estimated" column names the estimated ones)."""
    rows = ["\t".join(COLUMNS)]
    for record in records:
        props = properties(record)
        cells = [record.name, SET, image_id(record.name),
                 *(_bare(record, label, props.get(label, "")) for label in PROPERTY_LABELS),
                 _text(record), estimated_labels(record)]
        rows.append("\t".join(one_line(cell) for cell in cells))
    return "\n".join(rows) + "\n"


def formats_text() -> str:
    """``formats.txt``: one format, every card of the plugin's set."""
    return (f"<formatdefinitions>\n\n<format>\n\t<label>{GAME}</label>\n"
            f"\t<set>{SET}</set>\n</format>\n\n</formatdefinitions>\n")


def checksum(data: bytes) -> int:
    """The number ``updatelist.txt`` gives a file, as LackeyCCG's ``/mkupdate`` computes
    it: the sum of the bytes read as signed chars, line breaks (CR, LF) skipped, minus
    one at the end, kept within +-99,999,999 by C's truncating remainder after each
    step (as restated by lionel-panhaleux/vtes-lackeyccg-plugin's ``updatelist``
    script; the tests check it against the numbers of a real plugin)."""
    value = 0
    for byte in data:
        if byte in (10, 13):
            continue
        value = int(math.fmod(value + (byte - 256 if byte > 127 else byte), 100_000_000))
    return int(math.fmod(value - 1, 100_000_000))


def version_text(base_url: str, day: datetime.date) -> str:
    """``version.txt`` for a plugin served from ``base_url``, updated on ``day``."""
    base = base_url.rstrip("/")
    return (f"<version>\n<lastupdateYYMMDD>{day:%y%m%d}</lastupdateYYMMDD>\n"
            f"<versionurl>{base}/{VERSION_FILE}</versionurl>\n"
            f"<updateurl>{base}/{UPDATE_LIST}</updateurl>\n"
            f"<message>Imajica cards published by deckbuilder on {day:%Y-%m-%d}</message>\n"
            "</version>\n")


def update_list_text(folder: Path, base_url: str, day: datetime.date) -> str:
    """``updatelist.txt`` for the plugin in ``folder`` served from ``base_url``: every file
    but itself and the instructions, by path, with its URL and :func:`checksum`."""
    base = base_url.rstrip("/")
    lines = [f"{PLUGIN_FOLDER}\t{day:%m-%d-%y}"]
    files = sorted(p for p in folder.rglob("*") if p.is_file()
                   and p.name not in (UPDATE_LIST, MARKER))
    for path in files:
        relative = path.relative_to(folder).as_posix()
        lines.append(f"plugins/{PLUGIN_FOLDER}/{relative}\t{base}/{relative}\t"
                     f"{checksum(path.read_bytes())}")
    return "\n".join(lines) + "\n"


def build(records: list[CardRecord], faces: Faces, folder: Path,
          progress: Progress | None = None, base_url: str | None = None) -> int:
    """Write the plugin into the empty ``folder``; returns the number of pictures.
    With ``base_url`` (where the folder will be served), ``version.txt`` and
    ``updatelist.txt`` are written too.

    Raises :class:`~deckbuilder.formats.publish._common.PublishError` if two cards
    would share an image id.
    """
    ids = unique_names(records, lambda r: image_id(r.name), "LackeyCCG image id")
    (folder / "plugininfo.txt").write_text(plugininfo_text(), encoding="utf-8")
    (folder / FORMATS_FILE).write_text(formats_text(), encoding="utf-8")
    (folder / CARD_DATA).parent.mkdir(parents=True, exist_ok=True)
    (folder / CARD_DATA).write_text(carddata_text(records), encoding="utf-8")
    width = DEFAULT_WIDTH_PX // 2
    save_face(card_back(width, card_height(width)), folder / "cardback.jpg")
    (folder / MARKER).write_text(INSTRUCTIONS, encoding="utf-8")
    written = write_faces(records, faces,
                          lambda r: folder / IMAGE_FOLDER / f"{ids[r.name]}.jpg", progress)
    if base_url:
        day = datetime.date.today()
        (folder / VERSION_FILE).write_text(version_text(base_url, day), encoding="utf-8")
        # the list covers version.txt, so it is written last
        (folder / UPDATE_LIST).write_text(update_list_text(folder, base_url, day),
                                          encoding="utf-8")
    return written
