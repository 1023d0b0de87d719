"""The card data bundled with the app (``card_db/data/``) and its hash.

The database stores the hash; when the bundled files (or the abilities parser) change,
the hash changes and the user's catalogue is resynchronised on the next start.
"""

from __future__ import annotations

import csv
import hashlib
import io
from pathlib import Path

from card_db.checklist.schema import ChecklistError, ChecklistRow
from card_db.checklist.text import check_text, decode_checklist_bytes, read_bytes
from card_db.checklist.validation import parse_records, with_abilities
from card_db.names import fold_name
from card_db.records import CardRecord, CardType

PACKAGE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = PACKAGE_DIR / "data"
AFFILIATIONS_FILE = DATA_DIR / "affiliations.csv"
DECKS_DIR = DATA_DIR / "decks"
ABILITIES_SOURCE = PACKAGE_DIR / "abilities.py"
GAMES_DIR = DATA_DIR / "games"


def bundled_card_files() -> list[Path]:
    """The bundled card data files: every ``card_db/data/*.csv`` but ``affiliations.csv``."""
    return sorted(p for p in DATA_DIR.glob("*.csv") if p.name != AFFILIATIONS_FILE.name)


def load_affiliations() -> list[tuple[str, str]]:
    """The affiliations as ``(name, description)`` pairs, from ``data/affiliations.csv``.

    Source: rulebook "Affiliations" and the Glossary. Raises :class:`ChecklistError`
    if the file is malformed.
    """
    label = str(AFFILIATIONS_FILE)
    text = check_text(decode_checklist_bytes(read_bytes(AFFILIATIONS_FILE), label), label)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    result: list[tuple[str, str]] = []
    try:
        header = next(reader)
        if [c.strip() for c in header] != ["name", "description"]:
            raise ChecklistError(label, 1, 1, "the header must be: name,description")
        for cells in reader:
            if not any(c.strip() for c in cells):
                continue
            if len(cells) != 2 or not cells[0].strip() or "|" in cells[0]:
                raise ChecklistError(
                    label, reader.line_num, 1, "expected a name (without '|') and a description"
                )
            result.append((cells[0].strip(), cells[1].strip()))
    except csv.Error as exc:
        raise ChecklistError(label, reader.line_num, None, f"CSV syntax error: {exc}") from None
    names = [name.casefold() for name, _ in result]
    if len(set(names)) != len(names):
        raise ChecklistError(label, None, None, "an affiliation is listed twice")
    return result


def load_bundled_rows() -> list[ChecklistRow]:
    """Every bundled card with its key, across all bundled data files.

    Abilities are parsed knowing every bundled Site, so a demo card may name a
    rulebook Site. Raises :class:`ChecklistError` for a bad row or a name or key that
    appears in two files.
    """
    affs = [name for name, _ in load_affiliations()]
    parsed: list[tuple[str, CardRecord, int, str]] = []
    for path in bundled_card_files():
        text = decode_checklist_bytes(read_bytes(path), str(path))
        rows = parse_records(text, "csv", str(path), affs)
        parsed += [(key, record, raw.line, str(path)) for key, record, raw in rows]
    names: dict[str, str] = {}
    keys: dict[str, str] = {}
    for key, record, line, label in parsed:
        folded = fold_name(record.name)
        for seen, value, what in ((names, folded, "name"), (keys, key, "key")):
            if value in seen and seen[value] != label:
                msg = f"{what}: {value!r} is also in {seen[value]}"
                raise ChecklistError(label, line, None, msg)
            seen[value] = label
    sites = {r.name for _, r, _, _ in parsed if r.card_type is CardType.SITE}
    records = with_abilities((r for _, r, _, _ in parsed), sites, affs)
    return [
        ChecklistRow(key, record, line)
        for (key, _, line, _), record in zip(parsed, records, strict=True)
    ]


def load_bundled_records() -> list[CardRecord]:
    """Every bundled card (rulebook cards, then the demo set), as records."""
    return [row.record for row in load_bundled_rows()]


def bundled_data_hash() -> str:
    """SHA-256 (hex) over the bundled data: affiliations, card files, the abilities
    parser's source (parsed abilities are stored in the database, so a parser change
    also calls for a resync) and the shelf's game files (``data/games/*.toml``).
    Changes whenever the database must resync its catalogue.
    """
    digest = hashlib.sha256()
    games = sorted(GAMES_DIR.glob("*.toml"))
    sources = [AFFILIATIONS_FILE, *bundled_card_files(), ABILITIES_SOURCE, *games]
    for path in sources:
        data = read_bytes(path)
        digest.update(path.name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return digest.hexdigest()
