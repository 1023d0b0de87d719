"""Real collection exports of other tools (issue 25, section 3), read from the shared
corpus ``../shared/corpus/deck-files`` (its ``manifest.json`` names each file's source;
the files are not copied into the project). Dragon Shield, MTGO, TopDecked and
Archidekt exports are recognised from their header, an older MTGGoldfish header
(``Card,Set,Quantity``) too, and Urza Gatherer's blank line before Excel's ``sep=``
line is accepted. Condition words of other tools map onto our scale; a word on none of
its steps is listed, not a reason to refuse the whole file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from card_db.records import Condition
from deckbuilder.formats.collection_csv import (
    CollectionFileError,
    parse_collection_rows,
    read_collection_csv,
)

CORPUS = Path(os.environ.get(
    "IMAJICA_DECK_FILES",
    Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "deck-files"))

needs_corpus = pytest.mark.skipif(
    not (CORPUS / "manifest.json").is_file(),
    reason=f"the real-file corpus {CORPUS} (../shared/corpus/deck-files, or "
           "IMAJICA_DECK_FILES) is absent")

#: file -> (preset detected, rows, copies), counted from the files themselves.
EXPECTED = {
    "csv_dragonshield_official_sample.csv": ("dragonshield", 32, 32),
    "csv_dragonshield_real_export.csv": ("dragonshield", 42, 42),
    "csv_dragonshield_tokens.csv": ("dragonshield", 4, 4),
    "csv_dragonshield_collection_de.csv": ("dragonshield", 2453, 3142),
    "csv_mtgo_collection.csv": ("mtgo", 7, 13),
    "csv_topdecked_real_export.csv": ("topdecked", 43, 43),
    "csv_archidekt_real_export.csv": ("archidekt", 43, 43),
    "csv_mtggoldfish.csv": ("mtggoldfish", 4, 7),
    "csv_urza_gatherer.csv": ("urzagatherer", 5, 5),
}


@needs_corpus
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_export_is_recognised_and_read_whole(name):
    preset, rows, copies = EXPECTED[name]
    parsed = read_collection_csv(CORPUS / name)  # detected from the header
    assert parsed.mapping is not None and parsed.mapping.preset == preset
    assert (len(parsed.rows), sum(r.quantity for r in parsed.rows)) == (rows, copies)
    assert parsed.unmapped_conditions == ()
    assert all(r.name and not r.name.startswith('"') for r in parsed.rows)


@needs_corpus
def test_every_collection_export_of_the_corpus_reads():
    names = sorted(p.name for p in CORPUS.glob("csv_*.csv"))
    assert len(names) >= 22
    for name in names:
        parsed = read_collection_csv(CORPUS / name)
        assert parsed.rows and parsed.mapping is not None, name
        assert parsed.mapping.preset != "ours", name


def _row(parsed, line):
    return [(r.name, r.quantity, r.condition, r.location, r.for_trade)
            for r in parsed.rows if r.line == line]


@needs_corpus
def test_dragon_shield_folder_trade_count_and_run_together_condition_words():
    sample = read_collection_csv(CORPUS / "csv_dragonshield_official_sample.csv")
    assert _row(sample, 11) == [("Eternal Witness", 1, Condition.MODERATELY_PLAYED,
                                 "Green Deck", 0)]
    assert "Folder Name -> location" in sample.mapping.describe()
    real = read_collection_csv(CORPUS / "csv_dragonshield_real_export.csv")  # sep=, line
    assert _row(real, 3) == [("Aragorn, the Uniter", 1, Condition.NEAR_MINT, "Test", 1)]
    conditions = {r.condition for r in real.rows}
    assert {Condition.MINT, Condition.NEAR_MINT, Condition.HEAVILY_PLAYED,
            Condition.DAMAGED} <= conditions


@needs_corpus
def test_mtgo_card_name_column_topdecked_and_archidekt_words():
    mtgo = read_collection_csv(CORPUS / "csv_mtgo_collection.csv")
    assert _row(mtgo, 4) == [("Stone Rain", 4, Condition.NEAR_MINT, "", 0)]
    top = read_collection_csv(CORPUS / "csv_topdecked_real_export.csv")
    assert [r.condition for r in top.rows if r.line in (21, 22, 23)] == [
        Condition.LIGHTLY_PLAYED, Condition.MODERATELY_PLAYED, Condition.HEAVILY_PLAYED]
    archidekt = read_collection_csv(CORPUS / "csv_archidekt_real_export.csv")
    assert _row(archidekt, 32) == [("Lightning Bolt", 1, Condition.HEAVILY_PLAYED, "", 0)]
    assert "Finish" in archidekt.mapping.unmapped


@needs_corpus
def test_older_mtggoldfish_header_and_blank_line_before_sep():
    old = read_collection_csv(CORPUS / "csv_mtggoldfish.csv")
    assert _row(old, 3) == [("Abduction", 1, Condition.MINT, "", 0)]
    urza = read_collection_csv(CORPUS / "csv_urza_gatherer.csv")
    assert _row(urza, 4) == [("Demonic Tutor", 1, Condition.MODERATELY_PLAYED, "", 0)]


def test_unknown_words_of_a_tool_are_listed_not_fatal():
    text = ("Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Condition\n"
            "Box,2,0,Clue,X,Shiny\n"
            "Box,1,0,Gek-A-Gek,X,NearMint\n"
            "Box,3,1,Tick Raw,X,Shiny\n")
    path = Path(os.devnull)  # label only
    rows = parse_collection_rows(text, str(path))
    assert [(r.name, r.condition) for r in rows] == [
        ("Clue", Condition.NEAR_MINT), ("Gek-A-Gek", Condition.NEAR_MINT),
        ("Tick Raw", Condition.NEAR_MINT)]
    assert rows[0].notes == "condition 'Shiny' in the file" and rows[1].notes == ""


def test_the_list_of_unknown_words_counts_rows(tmp_path):
    path = tmp_path / "ds.csv"
    path.write_text("Folder Name,Quantity,Trade Quantity,Card Name,Condition\n"
                    "Box,2,0,Clue,Shiny\nBox,1,0,Gek-A-Gek,Bent\nBox,3,1,Tick Raw,Shiny\n",
                    encoding="utf-8")
    parsed = read_collection_csv(path)
    assert parsed.unmapped_conditions == (("Shiny", 2), ("Bent", 1))
    assert "'Shiny' (2 rows), 'Bent' (1 row)" in parsed.describe_unmapped_conditions()


def test_our_own_layout_still_refuses_a_word_that_is_no_condition():
    with pytest.raises(CollectionFileError) as info:
        parse_collection_rows("name,quantity,condition\nClue,1,Shiny\n", "ours.csv")
    assert "unknown condition 'Shiny'" in info.value.message


def test_an_import_keeps_the_unknown_word_in_the_notes_and_says_so(userdb, tmp_path):
    from deckbuilder.services.collection import collection_rows, import_collection_csv

    path = tmp_path / "dragonshield.csv"
    path.write_text("Folder Name,Quantity,Trade Quantity,Card Name,Condition\n"
                    "Binder,2,0,Gentle,Shiny\nBinder,1,0,Judith,NearMint\n", encoding="utf-8")
    plan = import_collection_csv(userdb, path, adds=True).value
    assert plan.unmapped_conditions == (("Shiny", 1),)
    assert "'Shiny' (1 row)" in plan.unmapped_text()
    stored = {(r.name, r.condition, r.location, r.notes) for r in collection_rows(userdb)}
    assert stored == {("Gentle", Condition.NEAR_MINT, "Binder", "condition 'Shiny' in the file"),
                      ("Judith", Condition.NEAR_MINT, "Binder", "")}


def test_text_lists_clean_art_marks_and_read_a_slash_as_a_split_name():
    """Cockatrice drops `` (3)`` after a basic's name and reads ``A/B`` (any spacing,
    one or two slashes) as the split name ``A // B`` (``DeckList::loadFromStream_Plain``)."""
    from deckbuilder import formats

    raw = formats.get("text").parse("4 Forest (3)\n1 Fire/Ice\n2 Who / What\n1 Boom//Bust\n")
    assert [(e.name, e.count) for e in raw.entries] == [
        ("Forest", 4), ("Fire // Ice", 1), ("Who // What", 2), ("Boom // Bust", 1)]


def test_a_name_with_a_slash_is_written_in_a_form_cockatrice_keeps_and_matches_back():
    """Cockatrice would read ``Who/What`` in a text list as a split card; written with a
    space it finds the card by its simple name, and so does our name matching."""
    from card_db.names import fold_name
    from deckbuilder import formats
    from deckbuilder.deck.decklist import DeckList

    deck = DeckList(name="", author="", notes="", sideboard=[],
                    main=[("Who/What/When", 2), ("Fire // Ice", 1)])
    written = formats.get("text").write(deck)
    assert written == "2 Who What When\n1 Fire // Ice\n"
    back = formats.get("text").read(written)
    assert [fold_name(e.name) for e in back.main] == [
        fold_name("Who/What/When"), fold_name("Fire/Ice")]


def test_mws_lists_write_a_slash_name_as_cockatrice_keeps_it():
    from deckbuilder import formats
    from deckbuilder.deck.decklist import DeckList

    deck = DeckList(name="", author="", notes="", main=[("Who/What", 1)],
                    sideboard=[("Fire // Ice", 2)])
    assert formats.get("mws").write(deck) == "1 Who What\nSB: 2 Fire // Ice\n"


def test_the_import_dialog_names_the_words_read_as_near_mint(window, tmp_path):
    screen = window.show_screen("collection")
    assert window.context.wait_idle()
    path = tmp_path / "dragonshield.csv"
    path.write_text('"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Condition\n'
                    "Binder,2,0,Gentle,Shiny\nBinder,1,0,Judith,NearMint\n", encoding="utf-8")
    dialog = screen.import_csv(str(path))
    assert window.context.wait_idle()
    assert "Dragon Shield" in dialog.preset_box.currentText()
    assert dialog.import_button.isEnabled()
    assert "'Shiny' (1 row)" in dialog.summary.text()
    dialog.reject()
