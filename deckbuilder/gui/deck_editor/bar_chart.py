"""A Qt Charts bar chart shared by the deck editor and the goldfish board.

:class:`BarChartView` is a bar chart whose values are replaced in place on every
update (no series rebuilt unless the categories change), so it can follow every edit.
Colours follow the application palette, light or dark.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QHorizontalBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QEvent, QMargins, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QWidget


def is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


def style_chart(chart: QChart, widget: QWidget) -> None:
    """Theme ``chart`` after ``widget``'s palette: no animation, compact margins."""
    chart.setTheme(
        QChart.ChartTheme.ChartThemeDark if is_dark(widget) else QChart.ChartTheme.ChartThemeLight
    )
    palette = widget.palette()
    chart.setBackgroundBrush(palette.color(QPalette.ColorRole.Base))
    chart.setTitleBrush(palette.color(QPalette.ColorRole.WindowText))
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.layout().setContentsMargins(0, 0, 0, 0)
    chart.setBackgroundRoundness(4)
    chart.legend().hide()


def accent(widget: QWidget) -> QColor:
    """The palette's highlight colour, used for the bars."""
    return widget.palette().color(QPalette.ColorRole.Highlight)


def nice_axis(highest: float, most_ticks: int = 6) -> tuple[float, int]:
    """A round top for a value axis reaching ``highest`` and its tick count (at most
    ``most_ticks``): steps of 1, 2 or 5 times a power of ten."""
    if highest <= 0:
        return 1.0, 2
    scale = 1.0
    while True:
        for step in (1, 2, 5):
            size = step * scale
            intervals = math.ceil(highest / size)
            if intervals + 1 <= most_ticks:
                return size * intervals, intervals + 1
        scale *= 10


class BarChartView(QChartView):
    """A titled bar chart of one series; :meth:`set_data` replaces the bars.

    ``horizontal`` draws the bars sideways (for long category names);
    ``value_format`` is the printf format of the value axis (``"%d"`` for counts).
    """

    def __init__(self, title: str, horizontal: bool = False, value_format: str = "%d",
                 parent: QWidget | None = None):
        chart = QChart()
        super().__init__(chart, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        style_chart(chart, self)
        chart.setTitle(title)
        self.horizontal = horizontal
        self.bars = QBarSet(title)
        self.series = QHorizontalBarSeries() if horizontal else QBarSeries()
        self.series.append(self.bars)
        self.series.setLabelsVisible(True)
        self.series.setLabelsPosition(QBarSeries.LabelsPosition.LabelsOutsideEnd)
        # whole counts in full: a precision of 3 printed 12,345 games as 1.23e+04
        self.series.setLabelsPrecision(12)
        self.series.setBarWidth(0.7)
        chart.addSeries(self.series)
        self.categories = QBarCategoryAxis()
        self.categories.setTruncateLabels(False)
        self.values = QValueAxis()
        self.values.setLabelFormat(value_format)
        category_side = Qt.AlignmentFlag.AlignLeft if horizontal else Qt.AlignmentFlag.AlignBottom
        value_side = Qt.AlignmentFlag.AlignBottom if horizontal else Qt.AlignmentFlag.AlignLeft
        chart.addAxis(self.categories, category_side)
        chart.addAxis(self.values, value_side)
        self.series.attachAxis(self.categories)
        self.series.attachAxis(self.values)
        self._shown_categories: list[str] = []
        self.setMinimumHeight(150)
        self.apply_palette()

    def apply_palette(self) -> None:
        """Colours from the palette (again when the system switches light and dark)."""
        title = self.chart().title()
        style_chart(self.chart(), self)
        self.chart().setTitle(title)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        self.bars.setColor(accent(self))
        self.bars.setBorderColor(accent(self))
        self.bars.setLabelColor(text)
        for axis in (self.categories, self.values):
            axis.setLabelsColor(text)
            axis.setTitleBrush(text)
        self.values.setGridLineColor(self.palette().color(QPalette.ColorRole.Midlight))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_palette()

    def set_data(self, categories: Sequence[str], values: Sequence[float],
                 maximum: float | None = None) -> None:
        """Show ``values`` (one per category); ``maximum`` fixes the value axis' top."""
        categories = list(categories)
        if categories != self._shown_categories:
            self.bars.remove(0, self.bars.count())
            self.bars.append([float(v) for v in values])
            self.categories.clear()
            self.categories.append(categories)
            self._shown_categories = categories
            self._keep_room_for_labels()
        else:
            for i, value in enumerate(values):
                if self.bars.at(i) != value:
                    self.bars.replace(i, float(value))
        if maximum is not None:
            self.values.setRange(0, maximum)
            return
        top, ticks = nice_axis(max([0.0, *values]) * 1.2)
        self.values.setRange(0, top)
        self.values.setTickCount(ticks)

    def _keep_room_for_labels(self) -> None:
        """Qt Charts leaves out a category label that would overlap its neighbour: keep
        a chart of sideways bars (named categories) tall enough for every name. (Upright
        bars are numbered rounds or values, where every other number may go.)"""
        if not self.horizontal:
            return
        metrics = self.fontMetrics()
        chrome = 3 * metrics.lineSpacing() + 30  # title, value axis, margins
        self.setMinimumHeight(max(150, chrome + len(self._shown_categories)
                                  * (metrics.lineSpacing() + 4)))

    def shown(self) -> dict[str, float]:
        """Category -> value as drawn (tests read it)."""
        return {c: self.bars.at(i) for i, c in enumerate(self._shown_categories)}
