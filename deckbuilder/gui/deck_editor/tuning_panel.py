""""Suggest Swaps": single-card swaps measured by paired goldfish runs
(:func:`deckbuilder.services.tuning.tune_deck`), off the GUI thread with progress and
Cancel; a cancelled search shows the swaps measured so far, marked partial. Applying a
swap is one undoable deck edit (:func:`deckbuilder.deck.edits.swap`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.deck import edits
from deckbuilder.gui.cancellable_run import CancellableRun
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.gui.number_field import NumberField
from deckbuilder.gui.row_model import RowTableModel

if TYPE_CHECKING:
    from deckbuilder.engine.simulation.tuning import Suggestion, TuneResult

HEADERS = ("Out", "In", "ΔP(victory)", "95% CI", "Δ mean round")
#: (shown text, pool) as :func:`deckbuilder.services.tuning.swap_pool` names the pools.
POOL_CHOICES = (("Any card in the catalogue", "catalogue"), ("Copies I own", "collection"))


def _signed(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{value:+.{digits}f}"


class SuggestionModel(RowTableModel):
    """Rows of :class:`~deckbuilder.engine.simulation.tuning.Suggestion`."""

    HEADERS = HEADERS

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        s: Suggestion = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (s.out, s.card_in, _signed(s.p_win_delta),
                    f"[{_signed(s.ci95[0])}, {_signed(s.ci95[1])}]",
                    _signed(s.mean_win_round_delta, 2))[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() >= 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class TuningPanel(CancellableRun, QWidget):
    """The swap search of one document."""

    def __init__(self, context, document: DeckDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.document = document
        self.result: TuneResult | None = None
        self._init_run("Suggest Swaps", "Tune")
        self.pool = QComboBox()
        self.pool.setObjectName("tunePool")
        for text, value in POOL_CHOICES:
            self.pool.addItem(text, value)
        self.rounds = NumberField(what="rounds")
        self.rounds.setObjectName("tuneRounds")
        self.rounds.setRange(1, 100)
        self.rounds.setValue(10)
        self.rounds.setToolTip("R of P(victory by round R)")
        self.games = NumberField(what="games")
        self.games.setObjectName("tuneGames")
        self.games.setRange(20, 1_000_000)
        self.games.setSingleStep(500)
        self.games.setValue(1000)
        self.games.setGroupSeparatorShown(True)
        self.games.setToolTip("Games per deck measured; every deck meets the same shuffles")
        self.summary = QLabel("Try one card out and one in, keeping the deck legal, and "
                              "list the swaps that win sooner in goldfish games.")
        self.summary.setObjectName("tuneSummary")
        self.summary.setWordWrap(True)
        self.model = SuggestionModel(self)
        self.table = QTableView()
        self.table.setObjectName("tuneTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        for column in range(2, len(HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.apply_button = QPushButton("Apply Swap")
        self.apply_button.setObjectName("applySwap")
        self.apply_button.setToolTip("Make the selected swap in the deck (undoable)")
        self.apply_button.setEnabled(False)
        controls = QHBoxLayout()
        for label, widget in (("Cards from:", self.pool), ("Rounds:", self.rounds),
                              ("Games:", self.games)):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget)
        controls.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.apply_button, 0, Qt.AlignmentFlag.AlignRight)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.apply_button.clicked.connect(self.apply_selected)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_apply())
        document.changed.connect(self._update_apply)

    def run(self) -> int | None:
        """Start the search on the deck as it is now; returns the task id."""
        if self.running:
            return None
        self._cancel.clear()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText("Measuring the deck and the swaps…")
        # lazy: the goldfish engine loads with the first search (start-up time)
        from deckbuilder.services.tuning import tune_deck

        self._running = self.context.run(
            tune_deck, self.context.db, self.document.snapshot(), self.pool.currentData(),
            self.document.catalogue, rounds=self.rounds.value(), games=self.games.value(),
            cancelled=self._cancel.is_set, on_progress=self._progressed,
            on_done=self._done, on_error=self._failed,
        )
        return self._running

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(min(done, total))

    def _done(self, result: TuneResult) -> None:
        self._idle()
        self.progress.setValue(self.progress.maximum())
        self.show_result(result)

    def _failed(self, exc: BaseException, _details: str) -> None:
        # lazy: loaded by the search that failed, if not before (start-up time)
        from deckbuilder.engine.simulation.tuning import DeckNotTunableError, TuneCancelled

        self._idle()
        if isinstance(exc, TuneCancelled):
            self.show_result(exc.partial)
        elif isinstance(exc, DeckNotTunableError):
            self.summary.setText(str(exc))
        else:
            self.summary.setText("The search failed.")
            self.context.report_error("The swap search failed", exc)

    def show_result(self, result: TuneResult) -> None:
        """Show ``result``'s baseline and suggestions (marked partial if cancelled)."""
        self.result = result
        self.model.replace_rows(result.suggestions)
        base = result.baseline
        p = base.p_win_by_round[-1] if base.p_win_by_round else 0.0
        mean = "no victory" if base.mean_win_round is None else \
            f"mean victory round {base.mean_win_round:.2f}"
        text = (f"Now: P(victory by round {result.rounds}) {p:.1%}, {mean} "
                f"({result.games_per_candidate:,} games per deck). "
                f"{result.candidates} swaps measured.")
        if result.partial:
            text = f"<b>Partial result</b> (cancelled). {text}"
        if not result.suggestions:
            text += " No swap to suggest."
        self.summary.setText(text)
        self._update_apply()

    def selected(self) -> Suggestion | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.rows[rows[0].row()] if rows else None

    def _update_apply(self) -> None:
        chosen = self.selected()
        self.apply_button.setEnabled(
            chosen is not None and self.document.count_of(chosen.out) > 0)

    def apply_selected(self) -> bool:
        """Make the selected swap as one undoable edit; returns whether it was made."""
        chosen = self.selected()
        if chosen is None:
            return False
        made = self.document.push(edits.swap(self.document.deck, chosen.out, chosen.card_in))
        if made:
            self.context.status.emit(f"Swapped {chosen.out} for {chosen.card_in}; "
                                     "run again to measure the new deck")
        return made
