"""The Play table as a game table (issue 25): the browser's card faces scaled to the
room, the whole table of four Autarchs in view without scrolling, names whole at every
size, pivoted cards turned, the card under the pointer shown full size with its powers,
and a hint on the empty table before a game starts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics

from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.gui.play.board import MIN_CARD_W, TableBoard
from deckbuilder.gui.play.cards import BREAK, breakable, fitted_font
from deckbuilder.gui.play.session import Rival
from tests.test_gui_play_table import capture, single_seizure

SCREEN_KEYS = ("play",)


def _page_fits(board) -> bool:
    page = board.widget()
    return (page.height() <= board.viewport().height()
            and page.width() <= board.viewport().width())


# the room of the table in a 1280 x 720 window, and in a 2560 x 1440 one
@pytest.mark.parametrize(("size", "narrowest"), [((900, 600), MIN_CARD_W), ((2200, 1250), 110)])
def test_four_autarchs_fit_the_board_without_scrolling(qtbot, size, narrowest):
    found = capture(single_seizure, rivals=3)
    board = TableBoard()
    qtbot.addWidget(board)
    board.resize(*size)
    board.show()
    board.show_table(found.snap)
    width = board.fit_cards()
    qtbot.wait(50)
    assert width >= narrowest
    assert _page_fits(board), (board.widget().size(), board.viewport().size())
    assert all(view.card_width() == width for view in board.views.values())
    for card, view in board.views.items():
        assert (view.width() > view.height()) == (card in found.game.table.pivoted)


def test_a_larger_board_gets_larger_cards(qtbot):
    found = capture(single_seizure, rivals=1)
    board = TableBoard()
    qtbot.addWidget(board)
    board.resize(800, 500)
    board.show()
    board.show_table(found.snap)
    small = board.fit_cards()
    board.resize(1800, 1100)
    assert board.fit_cards() > small


@pytest.mark.parametrize("width", [30, 44, 60, 120])
def test_a_long_name_is_never_clipped(width):
    name = "Candle-Bearer of the Pale Citadel Waystationmaster"
    box = QRect(0, 0, width, width)
    font = fitted_font(QFont(), name, box, 10.0)
    text = breakable(font, name, box)
    needed = QFontMetrics(font).boundingRect(QRect(0, 0, width, 10_000),
                                             int(Qt.TextFlag.TextWordWrap), text)
    assert needed.width() <= width  # the band grows in height when needed, never wider
    # only a word too long for the card is broken
    for word, shown in zip(name.split(" "), text.split(" "), strict=True):
        fits = QFontMetrics(font).horizontalAdvance(word) <= width
        assert (BREAK not in shown) == fits


def test_the_table_shows_faces_and_the_card_under_the_pointer(window, qtbot):
    screen = window.show_screen("play")
    board = screen.board
    assert board.widget().objectName() == "tablePlaceholder"
    assert "press Start" in board.widget().text()
    screen.speed.setCurrentText("Instant")
    screen.start_game(generated_deck(1), [Rival(generated_deck(2), "quick")], 5)
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=20_000)
    view = next(iter(board.views.values()))
    qtbot.waitUntil(lambda: board.face_pixmap(view.face.name) is not None, timeout=20_000)
    board.hover(view, True)
    qtbot.waitUntil(lambda: board.hover_card.isVisible(), timeout=5_000)
    text = board.hover_card.text.text()
    record = screen.faces.record(view.face.name)
    assert record is not None and record.name in text
    if record.powers:
        assert "Powers" in text
    assert board.hover_card.face.pixmap() is not None
    assert not board.hover_card.face.pixmap().isNull()
    assert view.toolTip() == ""  # the hover view explains the card instead
    board.hover(view, False)
    assert not board.hover_card.isVisible()
    screen.stop_game()


def test_hover_card_stays_on_screen(window, qtbot):
    screen = window.show_screen("play")
    board = screen.board
    assert board.hover_card is not None
    board.hover_card.show_card(None, "Anything", None, "", QRect(10_000, 10_000, 60, 80))
    room = board.hover_card.screen().availableGeometry()
    assert room.contains(board.hover_card.frameGeometry().topLeft())
    board.hover_card.hide()
    assert Qt.WindowType.ToolTip & board.hover_card.windowFlags()


def test_zone_marks_fit_their_names_on_the_smallest_cards(qtbot):
    from deckbuilder.gui.play.board import ZoneMark

    mark = ZoneMark("Active area", MIN_CARD_W)
    qtbot.addWidget(mark)
    mark.show()
    from PySide6.QtGui import QFontMetrics

    width = QFontMetrics(mark.title_font()).horizontalAdvance(mark.title)
    assert width <= mark.height() - 4
    assert not mark.grab().toImage().isNull()
