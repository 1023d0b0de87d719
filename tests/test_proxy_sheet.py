"""A proxy sheet (PDF) of exactly the cards a deck still needs from the collection
(issue 25, section 5): ``deck needs FILE --pdf OUT`` and the services behind "What I
still need"."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from PIL import Image

from card_db.records import CardType
from deckbuilder import formats
from deckbuilder.cli.main import cli
from deckbuilder.deck.ownership import Need
from deckbuilder.formats import proxy_sheet
from deckbuilder.services import deck_sources
from deckbuilder.services.collection import CollectionRow, add_rows
from deckbuilder.services.proxy_sheet import NothingToProxy, needs_proxy_sheet

DEMO = deck_sources.demo_deck_files()[0]


def _pages(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", data))


def test_cards_are_drawn_at_real_size_nine_a_page():
    faces = [Image.new("RGB", (63, 88), (200, 10 * i, 10)) for i in range(11)]
    data = proxy_sheet.write(faces, "Eleven", compress=False)
    assert data.startswith(b"%PDF-") and _pages(data) == 2
    # 63 x 88 mm in points: 178.58 x 249.45, once per card
    assert len(re.findall(rb"178\.5827 0 0 249\.4488 [\d.]+ [\d.]+ cm", data)) == 11
    assert b"page 2 of 2" in data
    with pytest.raises(ValueError):
        proxy_sheet.write([], "Nothing")


def test_the_sheet_holds_each_copy_to_get_and_nothing_else(userdb, tmp_path):
    names = sorted(r.name for r in userdb.catalogue() if r.card_type is CardType.CHARACTER)
    needs = [Need(names[0], 3, 1, 0, 2), Need(names[1], 1, 1, 0, 0), Need(names[2], 1, 0, 0, 1)]
    drawn = []
    path, cards = needs_proxy_sheet(userdb, needs, tmp_path / "p.pdf", title="Test",
                                    width=126, progress=lambda d, t: drawn.append((d, t)))
    assert cards == 3 and drawn == [(1, 2), (2, 2)]
    assert _pages(path.read_bytes()) == 1
    with pytest.raises(NothingToProxy):
        needs_proxy_sheet(userdb, [Need(names[1], 1, 1, 0, 0)], tmp_path / "q.pdf", title="T")
    assert not (tmp_path / "q.pdf").exists()


def test_deck_needs_writes_the_proxy_sheet(db, userdb, tmp_path):
    deck = formats.read_file(DEMO)
    (first, first_count), (second, second_count) = deck.main[0], deck.main[1]
    add_rows(userdb, [CollectionRow(n, c) for n, c in deck.main[2:] + deck.sideboard]
             + [CollectionRow(first, first_count)])
    out = tmp_path / "needs.pdf"
    result = CliRunner().invoke(cli, ["--db", str(db), "deck", "needs", str(DEMO), "--pdf",
                                      str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert f"Proxy sheet of {second_count} card" in result.output
    assert _pages(out.read_bytes()) == proxy_sheet.pages_needed(second_count)
    add_rows(userdb, [CollectionRow(second, second_count)])
    again = CliRunner().invoke(cli, ["--db", str(db), "deck", "needs", str(DEMO), "--pdf",
                                     str(tmp_path / "none.pdf")], catch_exceptions=False)
    assert "No proxy sheet written" in again.output and not (tmp_path / "none.pdf").exists()


def test_what_i_still_need_writes_the_proxy_sheet(window, db, userdb, tmp_path):
    screen = window.show_screen("deck-editor")
    screen.open_file(DEMO)
    assert window.context.wait_idle()
    editor = screen.current_editor()
    deck = editor.document.deck
    first, second = deck.main[0], deck.main[1]
    add_rows(userdb, [CollectionRow(n, c) for n, c in deck.main[2:] + deck.sideboard]
             + [CollectionRow(first.name, first.count)])
    window.context.collection_changed.emit(None)
    editor.side_tabs.setCurrentWidget(editor.needs)
    assert window.context.wait_idle()
    assert [(n.name, n.to_acquire) for n in editor.needs.model.rows] == [
        (second.name, second.count)]
    assert editor.needs.proxy_button.isEnabled()
    out = tmp_path / "gui.pdf"
    editor.needs.write_proxy_sheet(str(out))
    assert window.context.wait_idle()
    assert _pages(out.read_bytes()) == proxy_sheet.pages_needed(second.count)
