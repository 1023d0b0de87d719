"""Reading deck files as other tools write them (fixtures in tests/fixtures/decks), the
format registry, the text grammar, and unknown card names reported with their lines."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from card_db.catalogue import Catalogue
from card_db.records import CardRecord, CardType
from deckbuilder import formats
from deckbuilder.deck.decklist import DeckEntry, DeckList
from deckbuilder.formats import DeckFormatError, UnknownCardsError, octgn, resolve_deck

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
EXPECTED_MAIN = [
    DeckEntry("Gek-A-Gek", 3), DeckEntry("Gentle", 1), DeckEntry("The Erasure", 1),
    DeckEntry("Pneuma", 2),
]
EXPECTED_SIDE = [DeckEntry("Amnesia", 1)]
CATALOGUE = Catalogue(
    [
        CardRecord("Gek-A-Gek", CardType.CHARACTER, dominions=(3,)),
        CardRecord("Gentle", CardType.CHARACTER, dominions=(5,), unique=True),
        CardRecord("The Erasure", CardType.SITE, dominions=(1, 2), unique=True),
        CardRecord("Pneuma", CardType.COMBAT_MANEUVER, permanent=False),
        CardRecord("Amnesia", CardType.FLASH),
    ]
)


@pytest.mark.parametrize(
    "file, name, author, notes",
    [
        ("cockatrice.cod", "Godolphin & Friends", "",
         "Written the way Cockatrice's DeckList::write lays a deck out.\nSecond line of comments."),
        ("lackey.dek", "", "", ""),
        ("octgn.o8d", "", "",
         "Written the way OCTGN's DeckExtensionMethods.Save lays a deck out.\n"
         "Second line of notes."),
        ("sample.txt", "Godolphin & Friends", "Jude",
         "A hand-written list with every feature of the text format."),
        ("sample.csv", "", "", ""),
    ],
)
def test_tool_written_files_read(file, name, author, notes):
    deck = formats.read_file(FIXTURES / file)
    assert deck.main == EXPECTED_MAIN
    assert deck.sideboard == EXPECTED_SIDE
    assert (deck.name, deck.author, deck.notes) == (name, author, notes)
    assert resolve_deck(deck, CATALOGUE).main == EXPECTED_MAIN


def test_fixture_lines_point_at_the_cards():
    for file in ("cockatrice.cod", "lackey.dek", "octgn.o8d", "sample.txt", "sample.csv"):
        path = FIXTURES / file
        deck = formats.read_file(path)
        lines = path.read_text(encoding="utf-8").splitlines()
        for entry in deck.main + deck.sideboard:
            assert entry.name in lines[deck.lines[entry.name] - 1], (file, entry.name)


def test_written_xml_matches_the_tools_layout():
    deck = formats.read_file(FIXTURES / "cockatrice.cod")
    cod = formats.get("cockatrice").write(deck)
    assert cod.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n')
    assert '        <card number="3" name="Gek-A-Gek"/>' in cod
    assert '<zone name="side">' in cod

    o8d = formats.get("octgn").write(deck)
    assert o8d.startswith('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n')
    assert f'<deck game="{octgn.GAME_ID}">' in o8d
    assert f'    <card qty="3" id="{octgn.card_id("Gek-A-Gek")}">Gek-A-Gek</card>' in o8d
    assert '<section name="Sideboard" shared="False">' in o8d

    dek = formats.get("lackey").write(deck)
    assert dek.startswith('<deck version="0.8">\n\t<meta>\n')
    assert dek.count("<card><name") == 8
    assert '\t<superzone name="Sideboard">' in dek


def test_octgn_identifiers_are_stable():
    assert octgn.GAME_ID == uuid.uuid5(
        uuid.NAMESPACE_URL, "https://imajica-deckbuilder.invalid/octgn/game"
    )
    assert octgn.card_id("Gek-A-Gek") == uuid.uuid5(uuid.uuid5(octgn.GAME_ID, "cards"), "gek-a-gek")
    assert octgn.card_id("gek-a-gek") == octgn.card_id("Gek-A-Gek")
    assert octgn.card_id("Gentle") != octgn.card_id("Gek-A-Gek")


def test_octgn_sections_other_than_main_and_sideboard_are_never_merged():
    text = (
        '<deck game="509907dc-f8ad-568c-8cf6-fac6ff41ffb5">'
        '<section name="Main" shared="False"><card qty="3" id="z">Pneuma</card></section>'
        '<section name="Characters" shared="False"><card qty="2" id="x">Gentle</card></section>'
        '<section name="side" shared="False"><card qty="1" id="y">Amnesia</card></section>'
        '<section name="Main" shared="True"><card qty="4" id="w">Slew</card></section>'
        "</deck>"
    )
    raw = formats.get("octgn").parse(text)
    assert raw.zone_counts() == {"main": 3, "Characters": 2, "side": 1, "Main (shared)": 4}
    with pytest.raises(DeckFormatError) as info:
        formats.get("octgn").read(text, "d.o8d")
    assert (info.value.line, info.value.column) == (1, 173)  # its first <card>
    assert "'Characters'" in info.value.message
    without = text.replace("Characters", "Sideboard").replace(
        '<section name="Main" shared="True"><card qty="4" id="w">Slew</card></section>', ""
    )
    deck = formats.get("octgn").read(without)
    assert deck.main == [DeckEntry("Pneuma", 3)]
    assert deck.sideboard == [DeckEntry("Gentle", 2), DeckEntry("Amnesia", 1)]


# -- Registry -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, name",
    [("a.txt", "text"), ("b.CSV", "csv"), ("c.json", "json"), ("d.cod", "cockatrice"),
     ("e.dek", "lackey"), ("f.o8d", "octgn"), ("g.pdf", "pdf"), ("h.PNG", "png")],
)
def test_by_extension(path, name):
    assert formats.by_extension(path).name == name
    assert formats.get(name.upper()).name == name


def test_unknown_format_and_extension():
    with pytest.raises(formats.UnknownFormatError, match="known"):
        formats.by_extension("deck.xyz")
    with pytest.raises(formats.UnknownFormatError):
        formats.get("mtgo")
    with pytest.raises(DeckFormatError, match="extension"):
        formats.read_file(FIXTURES / "nothing.xyz")
    with pytest.raises(formats.UnknownFormatError):
        formats.get("pdf").read(b"%PDF-1.4")


def test_read_file_reports_missing_files(tmp_path):
    with pytest.raises(DeckFormatError) as info:
        formats.read_file(tmp_path / "missing.txt")
    assert info.value.path.endswith("missing.txt") and "cannot read" in info.value.message


def test_write_file_then_read_file(tmp_path):
    deck = DeckList(name="Tour", main=[("Gek-A-Gek", 3)])
    for ext in (".txt", ".csv", ".json", ".cod", ".dek", ".o8d"):
        target = tmp_path / f"deck{ext}"
        formats.write_file(deck, target)
        assert formats.read_file(target).main == deck.main
    formats.write_file(deck, tmp_path / "deck.out", format="json")
    assert formats.read_file(tmp_path / "deck.out", format="json") == deck


# -- Text grammar ("3 Name", "3x Name", comments, headings, SB:) ----------------------------


def _text(source: str) -> DeckList:
    return formats.get("text").read(source)


def test_text_counts_and_names():
    deck = _text("3 Gek-A-Gek\n3x Gentle\n2X The Erasure\n1 2nd Guard\n1 x Marks\n  4   Pneuma  \n")
    assert deck.main == [
        DeckEntry("Gek-A-Gek", 3), DeckEntry("Gentle", 3), DeckEntry("The Erasure", 2),
        DeckEntry("2nd Guard", 1), DeckEntry("x Marks", 1), DeckEntry("Pneuma", 4),
    ]


def test_text_comments_blank_lines_and_metadata():
    deck = _text(
        "# Name: Tour\n// author: Jude\n#notes: one\n# Notes:   two, indented\n"
        "\n// just a comment\n# Sites (3): a comment that looks like a heading\n1 Gentle\n"
    )
    assert deck.name == "Tour" and deck.author == "Jude"
    assert deck.notes == "one\n  two, indented"
    assert deck.main == [DeckEntry("Gentle", 1)]


def test_text_sideboard_by_sb_prefix_and_headings():
    deck = _text("1 Gentle\nSB: 2 Amnesia\nsb:1 Pneuma\n3 Gek-A-Gek\n")
    assert deck.main == [DeckEntry("Gentle", 1), DeckEntry("Gek-A-Gek", 3)]
    assert deck.sideboard == [DeckEntry("Amnesia", 2), DeckEntry("Pneuma", 1)]

    deck = _text(
        "Characters:\n1 Gentle\nSideboard (2):\n2 Amnesia\nSites\n1 Slew\nMain deck\n1 Pneuma\n"
    )
    assert deck.main == [DeckEntry("Gentle", 1), DeckEntry("Pneuma", 1)]
    assert deck.sideboard == [DeckEntry("Amnesia", 2), DeckEntry("Slew", 1)]

    deck = _text("//Main\n1 Gentle\n//Sideboard\n1 Amnesia\n")  # Deckstats style
    assert deck.sideboard == [DeckEntry("Amnesia", 1)]


def test_text_errors_name_line_and_column():
    with pytest.raises(DeckFormatError) as info:
        _text("1 Gentle\n\n  - Gek-A-Gek\n", )
    assert (info.value.line, info.value.column) == (3, 3)
    assert "expected a card line" in info.value.message

    with pytest.raises(DeckFormatError) as info:
        _text("1 Gentle\nSB: 0 Amnesia\n")
    assert (info.value.line, info.value.column) == (2, 5)


# -- Unknown names with their lines and closest matches -------------------------------------


@pytest.mark.parametrize(
    "name, text, line",
    [
        ("text", "# Name: t\n1 Gentle\n\n2 Gek-A-Geek\n", 4),
        ("csv", "count,name,zone\n1,Gentle,main\n2,Gek-A-Geek,main\n", 3),
        ("json", '{"main": [\n  {"count": 1, "name": "Gentle"},\n  {"count": 2,\n'
                 '   "name": "Gek-A-Geek"}\n]}', 3),
        ("cockatrice", '<cockatrice_deck version="1">\n<zone name="main">\n'
                       '<card number="1" name="Gentle"/>\n<card number="2" name="Gek-A-Geek"/>\n'
                       "</zone>\n</cockatrice_deck>", 4),
        ("lackey", '<deck version="0.8">\n<superzone name="Deck">\n<card><name id="a">Gentle</name>'
                   '</card>\n<card>\n<name id="b">Gek-A-Geek</name></card>\n</superzone>\n'
                   "</deck>", 5),
        ("octgn", '<deck game="509907dc-f8ad-568c-8cf6-fac6ff41ffb5">\n<section name="Main">\n'
                  '<card qty="1" id="a">Gentle</card>\n\n<card qty="2" id="b">Gek-A-Geek</card>\n'
                  "</section>\n</deck>", 5),
    ],
)
def test_unknown_names_are_reported_with_line_and_suggestions(name, text, line):
    deck = formats.get(name).read(text, "deck" + formats.get(name).extensions[0])
    with pytest.raises(UnknownCardsError) as info:
        resolve_deck(deck, CATALOGUE, path="deck")
    (unknown,) = info.value.unknown
    assert unknown.name == "Gek-A-Geek"
    assert unknown.line == line
    assert unknown.suggestions[0] == "Gek-A-Gek"
    assert f"deck:{line}: unknown card 'Gek-A-Geek'; did you mean 'Gek-A-Gek'" in str(info.value)
