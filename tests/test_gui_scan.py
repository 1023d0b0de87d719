"""The Scan screen (issue 21): images read off the GUI thread, the review queue (one row
per group, doubtful reads highlighted), Enter accepts the selected known cards in one
undoable step, an unknown card is accepted from its prefilled form."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

for _module in ("cv2", "imagehash", "rapidocr", "onnxruntime"):
    pytest.importorskip(_module, reason="scanning needs the scan extra: pip install -e '.[scan]'")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import scan_images  # noqa: E402

from card_db.records import CardRecord, CardType  # noqa: E402

SCREEN_KEYS = ("scan",)
UNKNOWN = CardRecord(name="Quillward Spire", card_type=CardType.SITE, dominions=(2,),
                     unique=True, resistance=6, powers="Allies seizing this Site are magic +1.",
                     source="test")


@pytest.fixture
def screen(window):
    screen = window.show_screen("scan")
    assert window.context.wait_idle()
    return screen


def _owned(screen, name: str) -> int:
    with screen.context.db.read() as conn:
        row = conn.execute("SELECT coalesce(sum(e.quantity), 0) FROM collection_entry e "
                           "JOIN card c ON c.id = e.card_id WHERE c.name = ?", (name,)).fetchone()
    return row[0]


def test_read_review_accept_and_undo(screen, qtbot, tmp_path):
    known = next(iter(screen.context.db.catalogue()))
    page = scan_images.flatbed_page([known, UNKNOWN, known], tmp_path / "page.png", 2).path
    screen.location.setText("Binder 1")
    screen.read_images([page])
    qtbot.waitUntil(lambda: not screen._reading, timeout=60_000)
    assert screen.context.wait_idle(30)
    assert screen.model.rowCount() == 2
    assert "3 card(s) found in 2 group(s)" in screen.status.text()
    rows = {screen.model.group(r).match_name: r for r in range(2)}
    before = _owned(screen, known.name)

    # the Page tab: the image with the three cards found, the two copies in one group
    screen.table.selectRow(rows[known.name])
    screen.side_tabs.setCurrentIndex(1)
    view = screen.page_view
    qtbot.waitUntil(lambda: view.page is not None and not view.image.isNull(), timeout=10_000)
    groups = [card.group for card in view.page.cards]
    assert len(groups) == 3 and len(set(groups)) == 2
    assert view.selected == screen.model.group(rows[known.name]).id
    assert groups.count(view.selected) == 2
    assert "3 card(s) found in 2 group(s)" in screen.page_caption.text()
    assert view.grab().toImage().pixelColor(view.width() // 2, view.height() // 2) != \
        view.palette().window().color()  # the page is painted
    # a click on the other card selects its group (the unknown card: its form opens)
    other = next(card for card in view.page.cards if card.group != view.selected)
    centre = view._polygon(other.corners).boundingRect().center().toPoint()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=centre)
    assert screen.model.group(screen.table.currentIndex().row()).id == other.group
    assert screen.side_tabs.currentIndex() == 0 and screen.form_box.isEnabled()

    screen.table.selectRow(rows[known.name])
    qtbot.keyClick(screen.table, Qt.Key.Key_Return)
    assert screen.context.wait_idle(30)
    assert _owned(screen, known.name) == before + 2
    assert screen.model.rowCount() == 1
    stack = screen.undo_stack()
    assert stack.undoText().startswith("Accept the scanned")
    stack.undo()
    assert screen.context.wait_idle(30)
    assert _owned(screen, known.name) == before

    screen.refresh()
    assert screen.context.wait_idle(30)
    unknown_row = next(r for r in range(screen.model.rowCount())
                       if not screen.model.group(r).match_name)
    screen.table.selectRow(unknown_row)
    assert screen.form_box.isEnabled() and screen.name.text() == UNKNOWN.name
    assert screen.fields["resistance"].text() == "6"
    screen.fields["dominions"].setText("2")
    screen.accept_selected()
    assert screen.context.wait_idle(30)
    card = screen.context.db.catalogue().get(UNKNOWN.name)
    assert card is not None and card.dominions == (2,)
    assert "dominions" not in card.estimated and "resistance" in card.estimated
    assert _owned(screen, UNKNOWN.name) == 1


def test_cancel_keeps_what_was_read(screen, qtbot, tmp_path):
    known = list(screen.context.db.catalogue())[:3]
    pages = [scan_images.flatbed_page(known, tmp_path / f"p{i}.png", i).path for i in range(3)]
    screen.read_images(pages)
    assert not screen.add_files.isEnabled() and not screen.add_folder.isEnabled()
    screen.cancel.click()
    qtbot.waitUntil(lambda: not screen._reading, timeout=60_000)
    assert screen.context.wait_idle(30)
    assert "cancelled: what was read is kept" in screen.status.text()
    assert screen.add_files.isEnabled() and not screen.progress.isVisible()
    # at most the page being read when Cancel was pressed was stored, and is in review
    assert screen.model.rowCount() <= 3


def test_without_the_scan_extra_the_screen_says_how_to_add_it(window, monkeypatch):
    """A build without the scan extra (the standalone build) shows the install command."""
    from deckbuilder.gui.scan import screen as module

    monkeypatch.setattr(module, "missing_libraries", lambda: ["rapidocr"])
    screen = module.ScanScreen(window.context)
    assert "pip install -e '.[scan]'" in screen.status.text()
    assert not screen.add_files.isEnabled() and not screen.add_folder.isEnabled()
    screen.deleteLater()


def test_doubtful_values_are_marked_and_explained_and_a_known_card_needs_no_form(screen):
    """A value read with little confidence is highlighted in the form with its
    confidence in the tooltip and a note saying what the colour means; a catalogue card
    shows what Accept does instead of an empty form."""
    from deckbuilder.services.scan_review import PendingGroup

    unknown = PendingGroup(901, 1, "", "Near Mint", 1, "Quillward Spire", 0.95, "", 0.0,
                           {"type": ("Site", 0.99), "resistance": ("8", 0.42)},
                           Path("missing.jpg"))
    known = PendingGroup(902, 1, "", "Near Mint", 2, "Gentle", 0.9, "Gentle", 0.97, {},
                         Path("missing.jpg"))
    screen._show_groups([])
    assert "Nothing to review" in screen.known_note.text()
    assert not screen.form_scroll.isVisibleTo(screen) and not screen.accept_known.isEnabled()
    screen._show_groups([unknown, known])
    assert screen.accept_known.isEnabled()
    screen.table.selectRow(0)
    resistance = screen.fields["resistance"]
    assert resistance.styleSheet() and "42%" in resistance.toolTip()
    assert not screen.fields["type"].styleSheet()
    assert screen.doubt_note.isVisibleTo(screen) and screen.form_scroll.isVisibleTo(screen)
    screen.table.selectRow(1)
    assert not screen.form_scroll.isVisibleTo(screen)
    assert screen.known_note.isVisibleTo(screen)
    assert "Gentle" in screen.known_note.text() and "2 copies" in screen.known_note.text()
