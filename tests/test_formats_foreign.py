"""Files from other tools, rule by rule (issue 11): Cockatrice's plain-text reading rules
(stated as expectations of our reader and of our text export), MTGO and LackeyCCG
``.dek``, Magic Workstation/Apprentice, Forge, OCTGN sections and notes, reading without
a file name, and the CSV readers' first lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder import formats
from deckbuilder.deck import edits
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckEntry, DeckList
from deckbuilder.formats import DeckFormatError
from deckbuilder.formats.collection_csv import parse_collection_rows, read_collection_csv
from deckbuilder.services.deck_sources import ForeignFileWriteError, edit_deck_file

# -- plain text: Cockatrice's reading rules ------------------------------------------------
# The expectations below state, in our words, how Cockatrice reads a plain-text list
# (DeckList::loadFromStream_Plain, libcockatrice_deck_list/libcockatrice/deck_list/
# deck_list.cpp, Cockatrice/Cockatrice 04509150ae6b26a451999035406346f449ac1f8a):
# - with no "SB:" mark and no "Sideboard" line, the card lines after the first one are
#   split at the first blank line when that makes exactly two blocks of cards (blank
#   lines at the end do not count); any other blank lines leave every card in the main deck;
# - "SB: N Name" (any case) puts that line in the sideboard and turns the blank-line rule off;
# - a line starting with "Sideboard" starts the sideboard;
# - a card line without a count is one copy;
# - the first comment before the cards names the deck ("// Title").

M, S = MAIN, SIDEBOARD
RULE_CASES = {
    "one blank line, two blocks": (
        "3 Gek-A-Gek\n2x Amnesia\n\n1 Slew\n", [(M, 3), (M, 2), (S, 1)]),
    "a run of blank lines is one split": (
        "3 Gek-A-Gek\n\n\n2 Amnesia\n", [(M, 3), (S, 2)]),
    "three blocks: all main": (
        "3 Gek-A-Gek\n\n2 Amnesia\n\n1 Slew\n", [(M, 3), (M, 2), (M, 1)]),
    "blank lines at both ends do not count": (
        "\n\n3 Gek-A-Gek\n2 Amnesia\n\n\n", [(M, 3), (M, 2)]),
    "a comment between the blocks": (
        "3 Gek-A-Gek\n\n// spare\n\n1 Slew\n", [(M, 3), (S, 1)]),
    "SB: marks, and the blank line then splits nothing": (
        "3 Gek-A-Gek\nSB: 1 Slew\nsb:2x Amnesia\n1 Pneuma\n\n2 Tick Raw\n",
        [(M, 3), (S, 1), (S, 2), (M, 1), (M, 2)]),
    "a Sideboard line": (
        "3 Gek-A-Gek\n\n2 Amnesia\nSideboard\n1 Slew\n", [(M, 3), (M, 2), (S, 1)]),
    "count-less lines are one copy": (
        "Gek-A-Gek\n2 Amnesia\n\nSlew\n", [(M, 1), (M, 2), (S, 1)]),
    "the title comment's blank line is not the split": (
        "// Dominion Rush\n// from a forum\n\n3 Gek-A-Gek\n\n1 Slew\n", [(M, 3), (S, 1)]),
}


@pytest.mark.parametrize("case", sorted(RULE_CASES))
def test_text_reads_zones_and_counts_by_cockatrices_rules(case):
    text, expected = RULE_CASES[case]
    raw = formats.get("text").parse(text)
    assert [(e.zone, e.count) for e in raw.entries] == expected


def test_the_first_comment_before_the_cards_names_the_deck():
    raw = formats.get("text").parse("// Dominion Rush\n// from a forum\n\n3 Gek-A-Gek\n")
    assert raw.name == "Dominion Rush"
    assert formats.get("text").parse("3 Gek-A-Gek\n// late\n").name == ""


_WORD = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'-,"),
                min_size=1, max_size=8)
_CARD_NAME = st.builds(
    lambda first, rest: " ".join([first, *rest]),
    st.text(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=1, max_size=1).flatmap(
        lambda c: _WORD.map(lambda w: c + w)),
    st.lists(_WORD, max_size=3),
)


@st.composite
def _decks(draw):
    def zone(max_size):
        names = draw(st.lists(_CARD_NAME, max_size=max_size, unique_by=str.casefold))
        return [DeckEntry(n, draw(st.integers(1, 40))) for n in names]

    main, side = zone(8), zone(4)
    side = [e for e in side if e.name.casefold() not in {m.name.casefold() for m in main}]
    if not main and not side:
        main = [DeckEntry("Gek-A-Gek", 3)]
    name = draw(st.one_of(st.just(""), _CARD_NAME))
    return DeckList(name=name, author=draw(st.sampled_from(["", "Sam"])), main=main, sideboard=side)


def _cards(raw) -> list[tuple[str, int, str]]:
    return [(e.zone, e.count, e.name) for e in raw.entries]


def _expected(deck: DeckList) -> list[tuple[str, int, str]]:
    return ([(MAIN, e.count, e.name) for e in deck.main]
            + [(SIDEBOARD, e.count, e.name) for e in deck.sideboard])


@settings(max_examples=150, deadline=None)
@given(deck=_decks())
def test_our_text_export_reads_back_with_the_same_cards_zones_and_name(deck):
    raw = formats.get("text").parse(formats.get("text").write(deck))
    assert raw.name == deck.name
    assert _cards(raw) == _expected(deck)


@settings(max_examples=150, deadline=None)
@given(deck=_decks())
def test_our_text_export_has_the_shape_cockatrices_rules_read(deck):
    lines = formats.get("text").write(deck).split("\n")
    if deck.name:  # the first line, a comment holding only the name
        assert lines[0] == f"// {deck.name}"
    cards = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    assert not any(line.casefold().startswith("sb:") for line in lines)
    side = [i for i, line in enumerate(lines) if line.casefold().startswith("sideboard")]
    if deck.sideboard:  # one "Sideboard" line, right before the sideboard's cards
        assert side == [len(lines) - len(deck.sideboard) - 2]
    else:
        assert side == [] and "" not in lines[cards[0]:-1]  # no blank line to split on
    header = next(i for i, line in enumerate(lines) if not line.startswith(("//", "#")))
    if header:  # comments first, then a blank line: none of them is read as a card
        assert lines[header] == ""


@settings(max_examples=150, deadline=None)
@given(deck=_decks())
def test_our_mws_export_read_as_plain_text_keeps_its_zones(deck):
    written = formats.get("mws").write(deck)
    assert _cards(formats.get("text").parse(written)) == _expected(deck)


def test_text_writes_the_name_as_cockatrice_reads_it_and_falls_back_when_ambiguous():
    text = formats.get("text").write(DeckList(name="Burn", main=[("Gek-A-Gek", 3)]))
    assert text.startswith("// Burn\n")
    for awkward in ("Sideboard", "Notes: x", "'Quoted'"):
        deck = DeckList(name=awkward, main=[("Gek-A-Gek", 3)])
        written = formats.get("text").write(deck)
        assert written.startswith(f"# Name: {awkward}\n")
        assert formats.get("text").read(written).name == awkward


# -- plain text: the rules one by one ------------------------------------------------------


def test_headings_switch_off_the_blank_line_rule():
    raw = formats.get("text").parse("# Sites\n2 A\n\n# Paths\n1 B\n")
    assert raw.zone_counts() == {MAIN: 3}
    raw = formats.get("text").parse("Characters:\n2 A\n\nSites:\n1 B\n")
    assert raw.zone_counts() == {MAIN: 3}


def test_set_foil_and_edition_marks_are_removed_and_the_set_kept():
    raw = formats.get("text").parse(
        "4 Gek-A-Gek (IMA) 12\n1 Amnesia (IMA) IMA-7 *F*\n2 [IMA] Slew\n1 Pneuma *E*\n"
    )
    assert [(e.name, e.count, e.set_code) for e in raw.entries] == [
        ("Gek-A-Gek", 4, "IMA"), ("Amnesia", 1, "IMA"), ("Slew", 2, "IMA"), ("Pneuma", 1, ""),
    ]


def test_arena_commander_and_companion_are_zones_that_read_refuses():
    source = "Commander\n1 Gentle\n\nDeck\n3 Gek-A-Gek\n\nSideboard\n1 Slew\n"
    raw = formats.get("text").parse(source)
    assert raw.zone_counts() == {"commander": 1, MAIN: 3, SIDEBOARD: 1}
    with pytest.raises(DeckFormatError) as info:
        formats.get("text").read(source, "arena.txt")
    assert (info.value.line, info.value.column) == (2, 3)
    assert "'commander'" in info.value.message


def test_deckstats_commander_mark_puts_the_card_in_the_commander_zone():
    """Deckstats marks its commander ``# !Commander`` after the name, on a main-deck or
    an ``SB:`` line: the mark is not part of the name and the card is the deck's
    commander, a zone :func:`read` refuses (tests/fixtures/foreign/mws holds real files)."""
    source = "//NAME: Rush from deckstats.net\n1 Gentle # !Commander\n3 Gek-A-Gek\n" \
             "SB: 1 Slew\nSB: 1 Amnesia #!commander\n"
    raw = formats.get("mws").parse(source)
    assert [(e.zone, e.name, e.count) for e in raw.entries] == [
        ("commander", "Gentle", 1), (MAIN, "Gek-A-Gek", 3), (SIDEBOARD, "Slew", 1),
        ("commander", "Amnesia", 1)]
    with pytest.raises(DeckFormatError) as info:
        formats.get("mws").read(source, "rush.dec")
    assert (info.value.line, info.value.column) == (2, 3) and "'commander'" in info.value.message
    # any other '#' stays part of the name, as before
    assert formats.get("text").parse("1 Room #9 # not a mark\n").entries[0].name == \
        "Room #9 # not a mark"


def test_count_less_lines_are_one_copy_and_a_leading_comment_names_the_deck():
    deck = formats.get("text").read("// Dominion Rush\n\nGek-A-Gek\n2 Amnesia\n")
    assert deck.name == "Dominion Rush"
    assert deck.main == [DeckEntry("Gek-A-Gek", 1), DeckEntry("Amnesia", 2)]


# -- .dek: MTGO and LackeyCCG --------------------------------------------------------------

MTGO = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="51597" Quantity="4" Sideboard="false" Name="Gek-A-Gek" />
  <Cards CatID="23005" Quantity="2" Sideboard="true" Name="Amnesia" />
</Deck>
"""


def test_dek_reads_mtgo_decks_by_their_root_element():
    deck = formats.read_data(MTGO.encode("utf-8"), "mtgo.dek", "lackey")
    assert deck.main == [DeckEntry("Gek-A-Gek", 4)] and deck.sideboard == [DeckEntry("Amnesia", 2)]
    assert formats.sniff(MTGO.encode("utf-8")).name == "lackey"
    with pytest.raises(DeckFormatError) as info:
        formats.get("lackey").read('<Deck><Cards Quantity="2"/></Deck>', "m.dek")
    assert info.value.line == 1 and "Name" in info.value.message
    with pytest.raises(DeckFormatError) as info:
        formats.get("lackey").read("<decklist/>", "x.dek")
    assert "<deck>" in info.value.message and "<Deck>" in info.value.message


# -- Magic Workstation, Apprentice, Forge ---------------------------------------------------

MWDECK = """// Deck file for Magic Workstation (http://www.magicworkstation.com)
// NAME : Dominion Rush
// CREATOR : Sam
// FORMAT : Standard
    4 [IMA] Gek-A-Gek
    2 [IMA] Amnesia
SB:  1 [IMA] Slew
"""


def test_mwdeck_and_dec_are_recognised_and_read():
    assert formats.by_extension("x.mwDeck").name == "mws"
    assert formats.by_extension("x.dec").name == "mws"
    deck = formats.get("mws").read(MWDECK)
    assert (deck.name, deck.author) == ("Dominion Rush", "Sam")
    assert deck.main == [DeckEntry("Gek-A-Gek", 4), DeckEntry("Amnesia", 2)]
    assert deck.sideboard == [DeckEntry("Slew", 1)]
    assert formats.get("mws").parse(MWDECK).entries[0].set_code == "IMA"


def test_forge_sections_other_than_main_and_sideboard_are_refused_with_their_line():
    source = "[metadata]\nName=X\n[Commander]\n1 Gentle|IMA\n[Main]\n3 Gek-A-Gek\n"
    assert formats.get("forge").parse(source).zone_counts() == {"Commander": 1, MAIN: 3}
    with pytest.raises(DeckFormatError) as info:
        formats.get("forge").read(source, "x.dck")
    assert info.value.line == 4
    with pytest.raises(DeckFormatError) as info:
        formats.get("forge").read("3 Gek-A-Gek\n", "x.dck")
    assert info.value.line == 1 and "section" in info.value.message
    with pytest.raises(ValueError):
        formats.get("forge").write(DeckList(main=[("A|B", 1)]))


# -- OCTGN notes ------------------------------------------------------------------------------


@pytest.mark.parametrize("notes", ["a ]]> b", "]]>", "x]]]]>y", "end ]]"])
def test_octgn_notes_holding_cdata_ends_survive_a_round_trip(notes):
    deck = DeckList(main=[("Gek-A-Gek", 3)], notes=notes)
    written = formats.get("octgn").write(deck)
    assert formats.get("octgn").read(written).notes == notes


# -- reading with no file name ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["text", "json", "cockatrice", "octgn", "lackey", "forge"])
def test_sniff_finds_the_format_of_each_writer(name):
    deck = DeckList(name="S", main=[("Gek-A-Gek", 3)], sideboard=[("Slew", 1)])
    data = formats.get(name).write(deck).encode("utf-8")
    assert formats.sniff(data).name == name
    assert formats.read_data(data, "<stdin>").main == deck.main


# -- CSV first lines ----------------------------------------------------------------------------


def test_csv_deck_accepts_excel_sep_line_and_a_blank_first_line():
    deck = formats.get("csv").read("sep=;\ncount;name;zone\n3;Gek-A-Gek;main\n1;Slew;side\n")
    assert deck.main == [DeckEntry("Gek-A-Gek", 3)] and deck.sideboard == [DeckEntry("Slew", 1)]
    deck = formats.get("csv").read("\ncount,name,zone\n3,Gek-A-Gek,main\n")
    assert deck.main == [DeckEntry("Gek-A-Gek", 3)]
    with pytest.raises(DeckFormatError) as info:
        formats.get("csv").read('"sep=,"\ncount,name,zone\nx,Gek-A-Gek,main\n', "d.csv")
    assert info.value.line == 3  # the file's own line numbers


def test_collection_csv_accepts_sep_line_blank_first_lines_and_windows_1252(tmp_path):
    rows = parse_collection_rows("sep=;\n\nname;quantity\nGek-A-Gek;2\n", "c.csv")
    assert [(r.name, r.quantity) for r in rows] == [("Gek-A-Gek", 2)]
    path = tmp_path / "c.csv"
    path.write_bytes("name,quantity\r\n\u00c9mile,3\r\n".encode("cp1252"))
    assert [(r.name, r.quantity) for r in read_collection_csv(path).rows] == [("\u00c9mile", 3)]


def test_an_mtgo_deck_is_not_edited_in_place_into_a_lackey_one(tmp_path):
    path = tmp_path / "mtgo.dek"
    path.write_text(MTGO, encoding="utf-8")
    with pytest.raises(ForeignFileWriteError) as info:
        edit_deck_file(path, lambda deck: edits.add_cards(deck, ["Slew"], 1))
    assert str(path) in str(info.value)
    assert path.read_text(encoding="utf-8") == MTGO
