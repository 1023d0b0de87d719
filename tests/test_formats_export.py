"""Export-only formats: the printable PDF deck sheet and the PNG grid of card faces."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from card_db.catalogue import Catalogue
from card_db.images.grid import grid_size
from card_db.records import CardRecord, CardType
from deckbuilder import formats
from deckbuilder.deck.decklist import DeckList
from deckbuilder.formats import UnknownCardsError, pdf, png
from deckbuilder.presentation import ESTIMATED_NOTE

CATALOGUE = Catalogue(
    [
        CardRecord(
            "Gek-A-Gek", CardType.CHARACTER, dominions=(3,), prime=4, magic=2, strength=8,
            estimated=frozenset({"prime", "magic"}),
        ),
        CardRecord("Judith", CardType.CHARACTER, dominions=(2,), prime=7, magic=5, strength=4),
        CardRecord("The Erasure", CardType.SITE, dominions=(1, 2), unique=True, resistance=6),
        CardRecord("Pneuma", CardType.COMBAT_MANEUVER, permanent=False),
        CardRecord("Amnesia", CardType.FLASH),
    ]
)
DECK = DeckList(
    name="Tour (of the) Dominions",
    author="Jude",
    main=[("Pneuma", 2), ("Gek-A-Gek", 3), ("The Erasure", 1), ("Judith", 1)],
    sideboard=[("Amnesia", 2)],
)


def test_sheet_groups_by_type_in_rulebook_order_with_totals_and_marks():
    sections = pdf.sheet_rows(DECK, CATALOGUE)
    assert [title for title, _ in sections] == [
        "Characters (4)", "Sites (1)", "Combat Maneuvers (2)", "Sideboard (2)",
    ]
    characters = dict(sections)["Characters (4)"]
    assert characters[0] == ["3", "Gek-A-Gek", "3", "M2* S8 P4*"]
    assert characters[1] == ["1", "Judith", "2", "M5 S4 P7"]
    assert dict(sections)["Sites (1)"] == [["1", "The Erasure", "1|2", "R6"]]


def test_pdf_contains_deck_name_player_cards_totals_and_estimate_note():
    data = pdf.write(DECK, CATALOGUE, compress=False)
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")
    for text in (
        b"Tour \\(of the\\) Dominions", b"Player: Jude", b"Gek-A-Gek", b"The Erasure",
        b"Characters \\(4\\)", b"Sideboard \\(2\\)", b"Main deck: 7 cards",
        ESTIMATED_NOTE.encode("latin-1"),
    ):
        assert text in data, text
    other = pdf.write(DECK, CATALOGUE, player="Someone Else", compress=False)
    assert b"Player: Someone Else" in other


def test_pdf_without_estimates_has_no_estimate_note():
    deck = DeckList(name="Plain", main=[("Judith", 1), ("The Erasure", 1)])
    data = pdf.write(deck, CATALOGUE, compress=False)
    assert ESTIMATED_NOTE.encode("latin-1") not in data


def test_pdf_through_the_registry_needs_the_catalogue(tmp_path):
    with pytest.raises(ValueError, match="catalogue"):
        formats.get("pdf").write(DECK)
    formats.write_file(DECK, tmp_path / "deck.pdf", catalogue=CATALOGUE)
    assert (tmp_path / "deck.pdf").read_bytes().startswith(b"%PDF-")


def test_png_grid_of_card_faces():
    data = png.write(DECK, CATALOGUE, columns=3, cell_width=150)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == grid_size(4, 3, 150)
    with_side = Image.open(io.BytesIO(png.write(DECK, CATALOGUE, columns=3, cell_width=150,
                                                include_sideboard=True)))
    assert with_side.size == grid_size(5, 3, 150)


def test_png_uses_supplied_faces():
    red = Image.new("RGB", (63, 88), (255, 0, 0))
    deck = DeckList(main=[("Judith", 1)])
    image = Image.open(io.BytesIO(png.write(deck, CATALOGUE, faces={"judith": red}, columns=1,
                                            cell_width=126))).convert("RGB")
    width, height = image.size
    assert image.getpixel((width // 2, height // 2)) == (255, 0, 0)
    proxy = Image.open(io.BytesIO(png.write(deck, CATALOGUE, columns=1, cell_width=126)))
    assert proxy.convert("RGB").getpixel((width // 2, height // 2)) != (255, 0, 0)


def test_exports_report_unknown_cards():
    deck = DeckList(main=[("Gek-A-Geek", 1)], lines={"Gek-A-Geek": 2})
    for module in (pdf, png):
        with pytest.raises(UnknownCardsError) as info:
            module.write(deck, CATALOGUE)
        assert info.value.unknown[0].line == 2
        assert info.value.unknown[0].suggestions[0] == "Gek-A-Gek"
