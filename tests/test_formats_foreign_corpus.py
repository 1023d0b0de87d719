"""Deck files written by other tools (tests/fixtures/foreign, sources in MANIFEST.json)
read as the writing tool reads them: the same cards in the same zones, zones an Imajica
deck has no place for never merged into the main deck, and files the tool itself reads
no deck from refused with a clear message. Collection CSVs of Deckbox, Moxfield,
TCGplayer, ManaBox, Deckstats, MTGGoldfish and Urza Gatherer: the tool detected from
the header, its columns and condition words mapped, the other columns listed, and their (Magic)
card names refused by the all-or-nothing import with nothing written (issue 11)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from card_db.records import Condition
from deckbuilder import formats
from deckbuilder.deck.decklist import MAIN, SIDEBOARD
from deckbuilder.formats import DeckFormatError
from deckbuilder.formats.collection_csv import (
    CollectionFileError,
    CollectionFileProblems,
    ColumnChoice,
    parse_collection_rows,
    read_collection_csv,
)
from deckbuilder.formats.textfiles import decode_bytes
from deckbuilder.services.collection import collection_rows, import_collection_csv

FOREIGN = Path(__file__).parent / "fixtures" / "foreign"
MANIFEST = json.loads((FOREIGN / "MANIFEST.json").read_text(encoding="utf-8"))
FILES = MANIFEST["files"]
COLLECTIONS = MANIFEST["collections"]
PLUGIN_FILES = MANIFEST["plugin_files"]


def test_the_corpus_is_what_the_manifest_lists():
    on_disk = {p.relative_to(FOREIGN).as_posix() for p in FOREIGN.rglob("*") if p.is_file()}
    assert on_disk - {"MANIFEST.json", ".gitattributes"} == (
        set(FILES) | set(COLLECTIONS) | set(PLUGIN_FILES))
    assert not set(FILES) & set(COLLECTIONS)
    assert len(FILES) + len(COLLECTIONS) >= 40
    for entry in [*FILES.values(), *COLLECTIONS.values(), *PLUGIN_FILES.values()]:
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
    # as the tools wrote them, not only our re-encodings
    real = {name: raw[name] for name, e in FILES.items() if "derived_from" not in e}
    assert sum(data.startswith(b"\xef\xbb\xbf") for data in real.values()) >= 5
    assert sum(b"\r\n" in data for data in real.values()) >= 3
    assert {FILES[name]["format"] for name, data in real.items() if b"\r\n" in data} >= {
        "octgn", "lackey", "text", "mws", "cockatrice"}
    csvs = [(FOREIGN / name).read_bytes() for name, e in COLLECTIONS.items()
            if "derived_from" not in e]
    assert any(data.startswith(b"\xef\xbb\xbf") for data in csvs)
    assert any(b"\r\n" in data for data in csvs)
    assert sum(SIDEBOARD in e["zones"] for e in FILES.values()) >= 8
    assert sum(bool(set(e["zones"]) - {MAIN, SIDEBOARD}) for e in FILES.values()) >= 3
    assert sum("derived_from" not in e for e in FILES.values()) >= 20
    assert {e["format"] for e in FILES.values()} >= {
        "text", "cockatrice", "octgn", "lackey", "forge", "mws"}


@pytest.mark.parametrize("name", sorted(COLLECTIONS))
def test_collection_csv_maps_as_its_tool_wrote_it(name):
    entry = COLLECTIONS[name]
    path = FOREIGN / name
    assert decode_bytes(path.read_bytes())[1] == entry["encoding"]
    parsed = read_collection_csv(path)  # detected, not chosen: no ColumnChoice
    assert parsed.mapping is not None and parsed.mapping.preset == entry["preset"]
    assert list(parsed.mapping.unmapped) == entry["unmapped"]
    assert len(parsed.rows) == entry["rows"]
    assert sum(row.quantity for row in parsed.rows) == entry["quantity"]
    for sample in entry["samples"]:
        read = [
            {"line": r.line, "name": r.name, "quantity": r.quantity,
             "condition": r.condition.value, "location": r.location, "for_trade": r.for_trade}
            for r in parsed.rows if r.line == sample["line"]
        ]
        wanted = {"location": "", "for_trade": 0, **sample}
        assert wanted in read, (sample, read)


@pytest.mark.parametrize("name", sorted(COLLECTIONS))
def test_collection_import_refuses_other_games_cards_and_writes_nothing(name, userdb):
    """Every row is a Magic card, unknown to the Imajica catalogue: each is reported at
    its file line and the name column (no Imajica name is close enough to suggest), and
    the all-or-nothing import writes no row."""
    path = FOREIGN / name
    parsed = read_collection_csv(path)
    assert parsed.mapping is not None
    name_column = parsed.mapping.fields.index("name") + 1
    with pytest.raises(CollectionFileProblems) as info:
        import_collection_csv(userdb, path, adds=True)
    problems = info.value.problems
    assert len(problems) + info.value.more == len(parsed.rows)
    for problem, row in zip(problems, parsed.rows, strict=False):
        assert (problem.line, problem.column) == (row.line, name_column)
        assert problem.message.startswith(f"unknown card {row.name!r}")
    assert str(info.value).startswith(str(path))
    assert collection_rows(userdb) == []


def test_condition_words_of_each_tool_map_onto_our_scale():
    seen = {}
    for entry in COLLECTIONS.values():
        for sample in entry["samples"]:
            seen.setdefault(entry["preset"], set()).add(Condition(sample["condition"]))
    assert {Condition.MINT, Condition.LIGHTLY_PLAYED, Condition.MODERATELY_PLAYED,
            Condition.DAMAGED} <= seen["deckbox"]
    assert len(seen["manabox"]) >= 4 and len(seen["urzagatherer"]) == 6
    assert {e["preset"] for e in COLLECTIONS.values()} == {
        "deckbox", "moxfield", "tcgplayer", "manabox", "deckstats", "mtggoldfish",
        "urzagatherer"}


def test_a_remapped_column_reads_the_windows_1252_printing_name():
    path = FOREIGN / "collection" / "tcgplayer-real-export.cp1252.csv"
    choice = ColumnChoice(overrides=(("Name", "name"), ("Simple Name", "ignore")))
    rows = read_collection_csv(path, choice=choice).rows
    assert [r.name for r in rows if r.line == 36] == ["Lim-D\u00fbl's Vault"]
    assert [r.name for r in rows if r.line == 4] == ["Brazen Borrower // Petty Theft"]


def test_moxfield_promo_collector_numbers_leave_the_name_bare():
    """Moxfield writes promo printings as ``(PMH2) 126s`` and ``(PSNC) 116p``: the
    letters after the number are part of the collector number, not of the name."""
    raw = formats.get("text").parse((FOREIGN / "text" / "moxfield-kiki-jiki.txt").read_bytes())
    printed = {e.name: e.set_code for e in raw.entries}
    assert printed["Fury"] == "PMH2" and printed["Professional Face-Breaker"] == "PSNC"
    assert printed["Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"] == "PNEO"
    assert printed["Arcane Signet"] == "SLD"  # 820★
    assert not [name for name in printed if "(" in name or "*" in name]


def test_a_text_list_saved_as_dek_reads_as_a_list():
    data = (FOREIGN / "mtg-deck-editor" / "test.dek").read_bytes()
    deck = formats.by_extension("test.dek").read(data, "test.dek")
    assert [(e.name, e.count) for e in deck.main] == [
        ("Island", 27), ("Mountain", 27), ("Treasure Hunt", 4), ("Lightning Storm", 4)]
    with pytest.raises(DeckFormatError) as info:  # XML that is neither tool's still refused
        formats.by_extension("x.dek").parse(b"<?xml version='1.0'?><cards/>", "x.dek")
    assert "<cards>" in info.value.message


def test_per_copy_condition_lists_split_a_row_and_must_fit_its_count():
    header = "Name,Count,Foil count,Special foil count,Condition\n"
    text = header + 'Clue,3,0,0,"1xPoor, 1xNear mint"\n'
    rows = parse_collection_rows(text, "u.csv")
    assert [(r.quantity, r.condition) for r in rows] == [
        (1, Condition.DAMAGED), (2, Condition.NEAR_MINT)]
    with pytest.raises(CollectionFileError) as info:
        parse_collection_rows(header + 'Clue,1,0,0,"1xPoor, 1xGood"\n', "u.csv")
    assert (info.value.line, info.value.column) == (2, 5)
    assert "lists 2 copies but the row has 1" in info.value.message
    # a word on none of our steps is listed and kept in the notes, not fatal (issue 25)
    rows = parse_collection_rows(header + 'Clue,2,0,0,"1xShiny, 1xGood"\n', "u.csv")
    assert [(r.quantity, r.condition) for r in rows] == [
        (1, Condition.NEAR_MINT), (1, Condition.MODERATELY_PLAYED)]
    assert all(r.notes == "condition 'Shiny' in the file" for r in rows)


_LEFTOVER_MARK = re.compile(r"^\[|\*[FE]\*$|\(\w{3,}\)\s+\S+$")


def test_no_printing_or_edition_mark_is_left_in_a_card_name():
    """Magic Workstation's ``[]`` (edition unknown) and ``[AVR]``, Moxfield's ``(SET) 126s``
    and ``*F*``: marks, not parts of the name."""
    left = []
    for name, entry in FILES.items():
        if "refused" in entry:
            continue
        path = FOREIGN / name
        raw = formats.by_extension(path).parse(path.read_bytes(), str(path))
        left += [(name, e.name) for e in raw.entries if _LEFTOVER_MARK.search(e.name)]
    assert left == []
