"""Deck files written by other tools (tests/fixtures/foreign, sources in MANIFEST.json)
read as the writing tool reads them: the same cards in the same zones, zones an Imajica
deck has no place for never merged into the main deck, and files the tool itself reads
no deck from refused with a clear message (issue 11)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from deckbuilder import formats
from deckbuilder.deck.decklist import MAIN, SIDEBOARD
from deckbuilder.formats import DeckFormatError
from deckbuilder.formats.textfiles import decode_bytes

FOREIGN = Path(__file__).parent / "fixtures" / "foreign"
MANIFEST = json.loads((FOREIGN / "MANIFEST.json").read_text(encoding="utf-8"))
FILES = MANIFEST["files"]
XML_FORMATS = {"cockatrice", "octgn", "lackey"}


def test_the_corpus_is_what_the_manifest_lists():
    on_disk = {p.relative_to(FOREIGN).as_posix() for p in FOREIGN.rglob("*") if p.is_file()}
    assert on_disk - {"MANIFEST.json", ".gitattributes"} == set(FILES)
    assert len(FILES) >= 25
    for entry in FILES.values():
        assert {"repo", "path", "commit"} <= set(entry["source"])
        assert len(entry["source"]["commit"]) == 40


@pytest.mark.parametrize("name", sorted(FILES))
def test_reads_as_the_writing_tool_reads_it(name):
    entry = FILES[name]
    path = FOREIGN / name
    label = str(path)
    data = path.read_bytes()
    deck_format = formats.by_extension(path)
    assert deck_format.name == entry["format"]
    if entry["format"] not in XML_FORMATS:
        assert decode_bytes(data)[1] == entry["encoding"]
    if "refused" in entry:
        with pytest.raises(DeckFormatError) as info:
            deck_format.parse(data, label)
        assert entry["refused"] in info.value.message and str(info.value).startswith(label)
        return
    raw = deck_format.parse(data, label)
    assert raw.zone_counts() == entry["zones"]
    assert dict(Counter(e.zone for e in raw.entries)) == entry["entries"]
    if "name" in entry:
        assert raw.name == entry["name"]
    if set(entry["zones"]) <= {MAIN, SIDEBOARD}:
        deck = deck_format.read(data, label)
        assert sum(e.count for e in deck.main) == entry["zones"].get(MAIN, 0)
        assert sum(e.count for e in deck.sideboard) == entry["zones"].get(SIDEBOARD, 0)
    else:  # a zone an Imajica deck does not have: refused where it is, never merged
        with pytest.raises(DeckFormatError) as info:
            deck_format.read(data, label)
        assert info.value.line is not None and "zone" in info.value.message
        extra = raw.extra_zones()[0]
        assert repr(extra) in info.value.message


def test_the_corpus_covers_encodings_line_endings_sideboards_and_extra_zones():
    encodings = Counter(e["encoding"] for e in FILES.values())
    assert {"utf-8", "utf-8-sig", "cp1252", "utf-16"} <= set(encodings)
    raw = {name: (FOREIGN / name).read_bytes() for name in FILES}
    assert any(b"\r\n" in data for data in raw.values())
    assert sum(SIDEBOARD in e["zones"] for e in FILES.values()) >= 8
    assert sum(bool(set(e["zones"]) - {MAIN, SIDEBOARD}) for e in FILES.values()) >= 3
    assert sum("derived_from" not in e for e in FILES.values()) >= 20
