"""The win rate of each version of a deck (or of its games against each opponent, each
affiliation...) as a Qt Charts plot: a point per group at its win rate (wins over
decided games), a vertical bar over its 95% Wilson interval, and the number of games
behind the point under it (:mod:`deckbuilder.match_log.stats`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import (
    QCategoryAxis,
    QChart,
    QChartView,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPen

from deckbuilder.gui.deck_editor.bar_chart import accent, style_chart
from deckbuilder.match_log.stats import StatsRow


def axis_label(row: StatsRow, by: str = "version") -> str:
    """``"v3 · 12 games"`` grouped by version (``"no version"`` when not known),
    ``"Ann · 4 games"`` by opponent, and so on (``"unknown"`` when not known)."""
    if by == "version":
        name = "no version" if row.key is None else f"v{row.key}"
    else:
        name = "unknown" if row.key is None else str(row.key)
    return f"{name} · {row.games} game{'s' if row.games != 1 else ''}"


class WinRateChart(QChartView):
    """:meth:`show_rows` plots one :class:`StatsRow` per group (version, opponent...)."""

    def __init__(self, parent=None):
        self._chart = QChart()
        super().__init__(self._chart, parent)
        self.setObjectName("winRateChart")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(160)
        style_chart(self._chart, self)
        self.rows: list[StatsRow] = []

    def show_rows(self, rows: Sequence[StatsRow], title: str, by: str = "version") -> None:
        """Plot ``rows`` (the groups of one deck's games, ``by`` as in
        :data:`~deckbuilder.match_log.stats.GROUPS`) under ``title``."""
        chart = self._chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        chart.setTitle(title)
        self.rows = [r for r in rows if r.win_rate is not None]
        if not self.rows:
            return
        x_axis = QCategoryAxis()
        x_axis.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        x_axis.setRange(-0.5, len(self.rows) - 0.5)
        y_axis = QValueAxis()
        y_axis.setRange(0, 100)
        y_axis.setLabelFormat("%d%%")
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        colour = accent(self)
        pen = QPen(colour)
        pen.setWidth(2)
        points = QScatterSeries()
        points.setName("win rate")
        points.setMarkerSize(10)
        points.setColor(colour)
        points.setPointLabelsVisible(True)
        points.setPointLabelsFormat("@yPoint%")
        points.setPointLabelsClipping(False)
        for x, row in enumerate(self.rows):
            x_axis.append(axis_label(row, by), x)
            bar = QLineSeries()
            bar.setPen(pen)
            lo, hi = row.ci95
            bar.append(x, 100 * lo)
            bar.append(x, 100 * hi)
            for cap in (lo, hi):  # the whiskers' ends
                end = QLineSeries()
                end.setPen(pen)
                end.append(x - 0.08, 100 * cap)
                end.append(x + 0.08, 100 * cap)
                chart.addSeries(end)
                end.attachAxis(x_axis)
                end.attachAxis(y_axis)
            chart.addSeries(bar)
            bar.attachAxis(x_axis)
            bar.attachAxis(y_axis)
            points.append(x, round(100 * row.win_rate, 1))
        chart.addSeries(points)
        points.attachAxis(x_axis)
        points.attachAxis(y_axis)
