"""The statistics run: N goldfish games off the GUI thread with a progress bar and
Cancel, then the victory-round histogram and P(victory by round) as Qt Charts."""

from __future__ import annotations

import html

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QScatterSeries, QValueAxis
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.engine.simulation.goldfish import GoldfishStats, RunCancelled, run_games
from deckbuilder.gui.cancellable_run import CancellableRun
from deckbuilder.gui.deck_editor.bar_chart import BarChartView, accent, style_chart
from deckbuilder.gui.number_field import NumberField
from deckbuilder.presentation import STALL_TEXT, unplayed_json, unplayed_text

DEFAULT_GAMES = 2000
#: Top of the P(victory) axis, in percent: room for the labels of points at 100%.
Y_TOP = 118
MAX_GAMES = 1_000_000


def _play(records, games, rounds, seed, variant, *, cancelled, progress):
    """:func:`run_games` on one worker, reporting ``progress(done, games)`` per chunk."""
    done = 0

    def advanced(count: int) -> None:
        nonlocal done
        done += count
        progress(done, games)

    return run_games(
        records, games, rounds, seed, variant=variant, progress=advanced, cancelled=cancelled
    )


class LineChartView(QChartView):
    """P(victory by the end of round r), in percent, as a line with points."""

    def __init__(self, title: str, parent: QWidget | None = None):
        chart = QChart()
        super().__init__(chart, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        style_chart(chart, self)
        chart.setTitle(title)
        self.line = QLineSeries()
        self.points = QScatterSeries()
        self.points.setMarkerSize(7)
        self.points.setPointLabelsVisible(True)
        self.points.setPointLabelsFormat("@yPoint%")
        self.points.setPointLabelsClipping(False)
        chart.addSeries(self.line)
        chart.addSeries(self.points)
        self.x_axis = QValueAxis()
        self.x_axis.setLabelFormat("%d")
        # no axis title: the chart's title names the rounds, and a title under the axis
        # was the first thing cut off when the panel is short
        self.y_axis = QValueAxis()
        # headroom above 100% for the points' labels, under the chart's title
        self.y_axis.setRange(0, Y_TOP)
        self.y_axis.setLabelFormat("%d%%")
        self.y_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self.y_axis.setTickAnchor(0)
        self.y_axis.setTickInterval(20)
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        for series in (self.line, self.points):
            series.attachAxis(self.x_axis)
            series.attachAxis(self.y_axis)
        self.setMinimumHeight(150)
        self.apply_palette()

    def apply_palette(self) -> None:
        """Colours from the palette (again when the system switches light and dark)."""
        title = self.chart().title()
        style_chart(self.chart(), self)
        self.chart().setTitle(title)
        colour = accent(self)
        self.line.setPen(QPen(colour, 2))
        self.points.setColor(colour)
        self.points.setBorderColor(colour)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        self.points.setPointLabelsColor(text)
        for axis in (self.x_axis, self.y_axis):
            axis.setLabelsColor(text)
            axis.setTitleBrush(text)
            axis.setGridLineColor(self.palette().color(QPalette.ColorRole.Midlight))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_palette()

    def set_values(self, percents: list[float]) -> None:
        points = [(r, shown_percent(p)) for r, p in enumerate(percents, start=1)]
        self.line.clear()
        self.points.clear()
        for x, y in points:
            self.line.append(x, y)
            self.points.append(x, y)
        rounds = max(1, len(percents))
        self.x_axis.setRange(0, rounds + 1)
        if rounds <= 14:
            self.x_axis.setTickCount(rounds + 2)
        else:
            self.x_axis.setTickType(QValueAxis.TickType.TicksDynamic)
            self.x_axis.setTickAnchor(0)
            self.x_axis.setTickInterval(5)

    def shown(self) -> list[tuple[float, float]]:
        return [(p.x(), p.y()) for p in self.line.points()]


def shown_percent(percent: float) -> float:
    """``percent`` to one decimal, never shown as 100 unless it is exactly 100."""
    if percent >= 100:
        return 100.0
    return min(round(percent, 1), 99.9)


def summary_text(stats: GoldfishStats) -> str:
    """The run's figures in a few lines."""
    won = stats.games - stats.no_win
    lines = [
        f"{stats.games:,} games of {stats.rounds} rounds ({stats.variant} rules, "
        f"seed {stats.seed}): victory in {shown_percent(100 * won / stats.games)}% of them"
        + (
            f", in round {stats.mean_win_round:.2f} on average."
            if stats.mean_win_round is not None
            else "."
        )
    ]
    lines.append(f"Opening hands reshuffled: {stats.reshuffle_rate:.1%}.")
    stall = stats.most_common_stall
    if stall is not None:
        lines.append(
            f"Most common reason for no victory ({stats.stall_reasons[stall]:,} "
            f"games): {STALL_TEXT.get(stall, stall)}."
        )
    if stats.destiny_exhausted:
        lines.append(f"Destiny exhausted in {stats.destiny_exhausted:,} games.")
    return "<br>".join(lines)


class GoldfishStatsPanel(CancellableRun, QWidget):
    """Runs statistics for the deck the screen gives it.

    ``deck_needed()`` asks the screen for :meth:`run_with` (it reads the chosen deck);
    ``finished(object)`` gives the :class:`GoldfishStats` of a completed run.
    """

    deck_needed = Signal()
    finished = Signal(object)

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.stats: GoldfishStats | None = None
        self.partial = False
        #: The deck's cards with powers the engine does not play (``unplayed_json``).
        self.unplayed: dict | None = None
        self._init_run("Run", "Stats")
        self.games = NumberField(what="games")
        self.games.setObjectName("games")
        self.games.setRange(10, MAX_GAMES)
        self.games.setSingleStep(1000)
        self.games.setValue(DEFAULT_GAMES)
        self.games.setGroupSeparatorShown(True)
        self.seed = NumberField(grouped=False)
        self.seed.setObjectName("statsSeed")
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setToolTip(
            "Master seed: game i of a run always uses the same shuffle, so "
            "a run can be repeated exactly."
        )
        self.run_button.setToolTip("Play the games in the background")
        self.progress.setFormat("No games played yet")
        self.progress.setTextVisible(True)
        self.summary = QLabel("Play many games to see how fast the deck wins.")
        self.summary.setObjectName("statsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.histogram = BarChartView("Victories by round")
        self.histogram.setObjectName("victoryHistogram")
        self.cumulative = LineChartView("P(victory by the end of round r)")
        self.cumulative.setObjectName("victoryByRound")
        controls = QHBoxLayout()
        controls.addWidget(QLabel("Games:"))
        controls.addWidget(self.games)
        controls.addWidget(QLabel("Seed:"))
        controls.addWidget(self.seed)
        controls.addWidget(self.run_button)
        controls.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addWidget(self.progress)
        layout.addWidget(self.summary)
        layout.addWidget(self.histogram, 1)
        layout.addWidget(self.cumulative, 1)
        layout.addStretch(0)
        for chart in (self.histogram, self.cumulative):
            chart.hide()  # shown with the first result: an empty chart says nothing
        self.run_button.clicked.connect(self.deck_needed)
        self.cancel_button.clicked.connect(self.cancel)

    def run_with(self, records, rounds: int, variant) -> int | None:
        """Start a run over ``records`` (one per copy); returns the task id."""
        if self.running:
            return None
        self._cancel.clear()
        games = self.games.value()
        self.progress.setRange(0, games)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m games")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(f"Playing {games:,} games…")
        self.unplayed = unplayed_json(records)  # powers the engine does not play
        self._running = self.context.run(
            _play,
            tuple(records),
            games,
            rounds,
            self.seed.value(),
            variant,
            cancelled=self._cancel.is_set,
            on_progress=lambda done, total: self.progress.setValue(done),
            on_done=self._done,
            on_error=self._failed,
        )
        return self._running

    def _done(self, stats: GoldfishStats) -> None:
        self._idle()
        self.show_stats(stats)
        self.finished.emit(stats)

    def _failed(self, exc: BaseException, _details: str) -> None:
        self._idle()
        if isinstance(exc, RunCancelled):
            if exc.partial is None:
                self.summary.setText("Cancelled before the first games finished; "
                                     "nothing to show.")
                self.progress.setValue(0)
                return
            self.show_stats(exc.partial, partial_of=self.progress.maximum())
            return
        self.summary.setText("The run failed.")
        self.context.report_error("The statistics run failed", exc)

    def show_stats(self, stats: GoldfishStats, partial_of: int | None = None) -> None:
        """Show a run's figures and charts; ``partial_of``: the games asked for, when
        the run was cancelled after ``stats.games`` of them (marked partial)."""
        self.stats = stats
        self.partial = partial_of is not None
        text = summary_text(stats)
        if self.unplayed is not None:
            text += "<br>" + html.escape(unplayed_text(self.unplayed)) + "."
        if partial_of is not None:
            text = (f"<b>Partial result.</b> Cancelled after {stats.games:,} of "
                    f"{partial_of:,} games.<br>{text}")
        self.summary.setText(text)
        for chart in (self.histogram, self.cumulative):
            chart.show()
        rounds = range(1, stats.rounds + 1)
        self.histogram.set_data(
            [str(r) for r in rounds], [stats.win_round_histogram.get(r, 0) for r in rounds]
        )
        self.cumulative.set_values([p * 100 for p in stats.p_win_by_round])
