"""A chart of named categories keeps room for every name (issue 25: Qt Charts left out
"Characters" and "Sites" in the deck editor's "By type" chart when short of room)."""

from __future__ import annotations

from deckbuilder.gui.deck_editor.bar_chart import BarChartView

TYPES = ["Characters", "Sites", "Paths", "Dictates", "Ally Actions", "Flashes",
         "Influence Maneuvers", "Combat Maneuvers", "Other"]


def test_sideways_bars_keep_a_line_for_every_category(qtbot):
    chart = BarChartView("By type", horizontal=True)
    qtbot.addWidget(chart)
    chart.set_data(TYPES, list(range(1, len(TYPES) + 1)))
    line = chart.fontMetrics().lineSpacing()
    assert chart.minimumHeight() >= len(TYPES) * line + 3 * line
    chart.resize(400, chart.minimumHeight())
    chart.show()
    plot = chart.chart().plotArea()
    assert plot.height() / len(TYPES) >= line  # each name has its line: none is left out


def test_fewer_categories_need_less_room(qtbot):
    chart = BarChartView("By type", horizontal=True)
    qtbot.addWidget(chart)
    chart.set_data(TYPES, [1] * len(TYPES))
    tall = chart.minimumHeight()
    chart.set_data(TYPES[:2], [1, 2])
    assert chart.minimumHeight() < tall
