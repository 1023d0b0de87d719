"""The matchup panel: your deck against each chosen rival, computer against computer,
in the background with a progress bar and Cancel (partial results are kept), then a
table of win rate with its 95% interval, wins by who acted first, mean rounds and how
the games ended (:func:`deckbuilder.services.matchups.play_matchups`), and how many of
each deck's cards have powers the engine does not play (as ``deckbuilder match`` says)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.engine.controllers.levels import DESCRIPTIONS, LEVELS
from deckbuilder.gui.cancellable_run import CancellableRun
from deckbuilder.gui.number_field import NumberField
from deckbuilder.presentation import unplayed_json, unplayed_text

if TYPE_CHECKING:
    from deckbuilder.engine.simulation.match import MatchStats
    from deckbuilder.services.matchups import Opponent

DEFAULT_GAMES = 100
MAX_GAMES = 100_000
#: The figures of a match: the first names the rival (the column's heading), the others
#: are the table's rows.
COLUMNS = ("Rival", "Level", "Games", "Your wins", "Rival's wins", "Draws",
           "Your win rate (95% CI)", "You acted first: W–L–D",
           "Rival acted first: W–L–D", "Mean rounds", "Victory", "Exhausted Destiny",
           "Round limit")


def _pct(p: float | None) -> str:
    return "—" if p is None else f"{100 * p:.0f}%"


def row_values(stats: MatchStats) -> list[str]:
    """A match's figures (deck A: yours) as text, in :data:`COLUMNS` order."""
    data = stats.to_json()
    lo, hi = data["ci95"]
    rate = (f"{_pct(data['p_a_wins'])} ({_pct(lo)}–{_pct(hi)})"
            if data["p_a_wins"] is not None else "— (no decided game)")
    first = data["by_first_player"]

    def wld(part: dict) -> str:
        return f"{part['wins']['a']}–{part['wins']['b']}–{part['draws']}"

    mean = data["mean_rounds"]
    levels = data["levels"]
    level = (levels["b"] if levels["a"] == levels["b"]
             else f"{levels['b']} (yours: {levels['a']})")
    return [stats.decks[1], level, str(data["games"]), str(data["wins"]["a"]),
            str(data["wins"]["b"]), str(data["draws"]), rate, wld(first["a"]),
            wld(first["b"]), "—" if mean is None else f"{mean:.1f}",
            *(str(data["endings"][e]) for e in ("victory", "exhausted_destiny",
                                                "round_limit"))]


class MatchupPanel(CancellableRun, QWidget):
    """Run matchups and show their statistics. Signal ``decks_needed``: Run was pressed
    (the screen reads the chosen decks, then calls :meth:`run_with`)."""

    decks_needed = Signal()

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.results: list[MatchStats] = []
        self.partial = False
        #: ``(whose deck, unplayed_json)`` for your deck and each rival's, of the last run.
        self.unplayed: list[tuple[str, dict]] = []
        self._init_run("Run matchup", "Matchup")
        self.games = NumberField(what="games")
        self.games.setObjectName("matchupGames")
        self.games.setRange(1, MAX_GAMES)
        self.games.setValue(DEFAULT_GAMES)
        self.games.setToolTip("Games against each rival")
        self.seed = NumberField(grouped=False)
        self.seed.setObjectName("matchupSeed")
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setToolTip("Master seed: the same seed plays the same games again "
                             "(as `deckbuilder match --seed`).")
        self.level = QComboBox()
        self.level.setObjectName("matchupLevel")
        self.level.addItems(["as the rival", *LEVELS])
        self.level.setToolTip("The computer level playing your deck:\n"
                              + "\n".join(DESCRIPTIONS[level] for level in LEVELS))
        self.progress.setFormat("No games played yet")
        self.summary = QLabel(
            "Your deck against each chosen rival, computer against computer at each "
            "rival's level (yours: the level chosen here); who acts first alternates, and "
            "the decks swap seats.")
        self.summary.setObjectName("matchupSummary")
        self.summary.setWordWrap(True)
        # one column per rival, one row per figure (COLUMNS after "Rival")
        self.table = QTableWidget(len(COLUMNS) - 1, 0)
        self.table.setObjectName("matchupTable")
        self.table.setVerticalHeaderLabels(list(COLUMNS[1:]))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        # two rows of controls, so that the Play tab fits a 1024-wide window beside the setup
        controls = QGridLayout()
        for row, widgets in enumerate(((QLabel("Games per rival:"), self.games,
                                        QLabel("Seed:"), self.seed),
                                       (QLabel("Your level:"), self.level, self.run_button,
                                        self.cancel_button))):
            for column, widget in enumerate(widgets):
                controls.addWidget(widget, row, column)
        controls.setColumnStretch(4, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.progress)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self.run_button.clicked.connect(self.decks_needed)
        self.cancel_button.clicked.connect(self.cancel)

    def run_with(self, name: str, records, opponents: list[Opponent]) -> int | None:
        """Start the games of ``name`` (``records``) against ``opponents`` in the
        background; returns the task id (``None`` if a run is going on)."""
        # lazy: the engine loads with the first matchup (start-up time)
        from deckbuilder.services.matchups import play_matchups

        if self.running:
            return None
        self._cancel.clear()
        self.unplayed = [("Your deck", unplayed_json(records)),
                         *((o.name, unplayed_json(o.records)) for o in opponents)]
        total = self.games.value() * len(opponents)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m games")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(f"Playing {total:,} games of {name}…")
        self._running = self.context.run(
            play_matchups, name, tuple(records), opponents, self.games.value(),
            self.seed.value(), cancelled=self._cancel.is_set,
            level=self.level.currentText() if self.level.currentIndex() > 0 else None,
            on_progress=lambda done, _total: self.progress.setValue(done),
            on_done=self._done, on_error=self._failed)
        return self._running

    def _done(self, results: list[MatchStats]) -> None:
        self._idle()
        self.show_results(results)

    def _failed(self, exc: BaseException, _details: str) -> None:
        # lazy: loaded by run_with already; kept out of the start-up imports
        from deckbuilder.services.matchups import MatchupsCancelled

        self._idle()
        if isinstance(exc, MatchupsCancelled):
            self.show_results(exc.partial, asked=self.progress.maximum())
            return
        self.summary.setText("The matchup could not be played.")
        self.context.report_error("The matchup failed", exc)

    def figure(self, name: str, rival: int) -> str:
        """The figure ``name`` (one of :data:`COLUMNS` after "Rival") against the
        ``rival``-th rival, as shown."""
        return self.table.item(COLUMNS.index(name) - 1, rival).text()

    def show_results(self, results: list[MatchStats], asked: int | None = None) -> None:
        """Fill the table, one column per rival; ``asked``: the games asked for when
        the run was cancelled."""
        self.results = list(results)
        self.partial = asked is not None
        self.table.setColumnCount(len(results))
        self.table.setHorizontalHeaderLabels([f"Against {s.decks[1]}" for s in results])
        for col, stats in enumerate(results):
            for row, text in enumerate(row_values(stats)[1:]):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
        played = sum(len(s.games) for s in results)
        if asked is not None:
            text = f"<b>Partial result.</b> Cancelled after {played:,} of {asked:,} games."
        else:
            text = (f"{played:,} games played. Win rate: your share of the decided games "
                    "(draws left out), with a 95% Wilson interval.")
        # no power is silently dropped: each deck's cards the engine does not fully play
        self.summary.setText(text + "".join(
            "<br>" + html.escape(unplayed_text(u, f"{whose}: ")) + "."
            for whose, u in self.unplayed))

    def stop(self) -> None:
        self._cancel.set()
