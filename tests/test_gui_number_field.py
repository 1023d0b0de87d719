"""Number fields say their limits (issue 25): typing past the maximum no longer drops a
digit silently (5,000,000 games became 500,000, 99 rounds became 9)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deckbuilder.gui.number_field import NumberField

SCREEN_KEYS = ("goldfish",)


def _type(field: NumberField, text: str) -> None:
    field.setFocus()
    field.lineEdit().selectAll()
    QTest.keyClicks(field, text)


def test_typing_past_the_maximum_says_the_range(qtbot):
    field = NumberField(what="rounds")
    qtbot.addWidget(field)
    field.setRange(1, 30)
    field.show()
    said = []
    field.limit_said.connect(said.append)
    _type(field, "99")
    assert field.value() == 9
    assert said == ["99 is out of range: 1 to 30 rounds."]
    assert "From 1 to 30 rounds." in field.toolTip()


def test_a_number_in_range_says_nothing(qtbot):
    field = NumberField(what="rounds")
    qtbot.addWidget(field)
    field.setRange(1, 30)
    field.show()
    _type(field, "25")
    QTest.keyClick(field, Qt.Key.Key_Enter)
    assert field.value() == 25 and field.limit_message == ""


def test_the_goldfish_games_field_says_its_maximum(window, qtbot):
    games = window.screen("goldfish").findChild(NumberField, "goldfishGames") or next(
        f for f in window.screen("goldfish").findChildren(NumberField) if f.what == "games")
    _type(games, "5000000")
    maximum = games.maximum()
    assert games.value() <= maximum
    assert games.limit_message == (f"5,000,000 is out of range: {games.minimum():,} to "
                                   f"{maximum:,} games.")
    assert games.text().replace(",", "").isdigit() and "," in f"{maximum:,}"


def test_progress_counts_have_thousands_separators(qtbot):
    from deckbuilder.gui.number_field import CountingBar

    bar = CountingBar()
    qtbot.addWidget(bar)
    bar.setRange(0, 500_000)
    bar.setValue(12_000)
    bar.setFormat("%v / %m games")
    assert bar.text() == "12,000 / 500,000 games"
    bar.setFormat("No games played yet")
    assert bar.text() == "No games played yet"


def test_a_field_whose_lowest_value_means_none_says_so(qtbot):
    field = NumberField()
    qtbot.addWidget(field)
    field.setSpecialValueText("–")
    field.setRange(-1, 99)
    field.show()
    _type(field, "100")
    assert field.limit_message == "100 is out of range: 0 to 99, or –."
