"""The deck editor's History tab (issue 23, section 1): the kept versions of the saved
deck, what changed in the selected one, and two versions side by side: their card
changes, their statistics and exact odds, and, on demand, goldfish P(victory by round
r) of both on the same shuffles (common random numbers, as "Suggest Swaps" measures).

Selecting a version compares it with the one before it; the two "Compare" boxes pick
any pair. "Revert to This Version" puts the selected version's cards in the deck as
one undoable edit (Ctrl+Z in the deck brings the cards back) and saves the deck, which
stores them as a new version: no version is ever overwritten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from card_db.errors import UserError
from deckbuilder.deck import edits
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.edits import DeckEdit
from deckbuilder.deck.versions import card_changes
from deckbuilder.gui.cancellable_run import CancellableRun
from deckbuilder.gui.deck_editor.bar_chart import style_chart
from deckbuilder.gui.deck_editor.document import DeckDocument
from deckbuilder.services.deck_versions import kept_versions, race_versions

if TYPE_CHECKING:
    from deckbuilder.engine.simulation.version_race import VersionRace
    from deckbuilder.services.deck_versions import DeckVersionInfo

VERSION_HEADERS = ("Version", "Saved", "By", "Cards", "Changes")
CARD_PARTS = ("main", "side")
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def _number(value: float | int | None, digits: int = 2) -> str:
    if value is None:
        return "–"
    return str(value) if isinstance(value, int) else f"{value:.{digits}f}"


def statistic_rows(deck_a: DeckList, deck_b: DeckList, catalogue) -> list[tuple[str, str, str]]:
    """``(figure, deck A, deck B)`` rows: card counts by type, the Prime curve, the means
    (:mod:`deckbuilder.deck.stats`) and the exact odds of drawing Characters
    (:func:`deckbuilder.engine.simulation.odds.odds_report`, "Game Setup", "Phase 1: Coming of
    Order"). A deck the figures cannot be read for shows "–"."""
    # lazy: the deck statistics and the odds load with the first comparison (start-up time)
    from deckbuilder.deck.stats import deck_stats
    from deckbuilder.engine.simulation.odds import odds_report

    def figures(deck: DeckList) -> dict[str, str]:
        out: dict[str, str] = {}
        try:
            stats = deck_stats(deck, catalogue)
        except UserError:  # unknown cards, a Destiny too small for the odds
            return out
        out["Cards"] = str(stats.card_count)
        for kind, count in stats.by_type.items():
            out[f"{kind}s"] = str(count)
        for prime in sorted(stats.prime_curve):
            out[f"Prime {prime} Characters"] = str(stats.prime_curve[prime])
        out["Mean Magic"] = _number(stats.magic_average)
        out["Mean Strength"] = _number(stats.strength_average)
        out["Mean Site Resistance"] = _number(stats.mean_resistance)
        out["Characters to secure a Site"] = _number(stats.characters_to_secure)
        try:
            odds = odds_report(deck.expand(catalogue))
        except UserError:  # unknown cards, a Destiny too small for the odds
            return out
        out["P(Character in opening hand)"] = _pct(odds["p_character_opening"])
        out["… with the reshuffle"] = _pct(odds["p_character_opening_with_reshuffle"])
        for key, label in (("p_at_least_2_characters_by_round", "P(2+ Characters by round 3)"),
                           ("p_maestro_by_round", "P(a Maestro by round 3)")):
            out[label] = _pct(odds[key].get("3"))
        return out

    a, b = figures(deck_a), figures(deck_b)
    labels = list(dict.fromkeys([*a, *b]))
    primes = sorted((k for k in labels if k.startswith("Prime ")),
                    key=lambda k: int(k.split()[1]))
    ordered = [k for k in labels if not k.startswith("Prime ")]
    at = ordered.index("Mean Magic") if "Mean Magic" in ordered else len(ordered)
    ordered[at:at] = primes
    return [(k, a.get(k, "–"), b.get(k, "–")) for k in ordered]


class HistoryPanel(CancellableRun, QWidget):
    """The History tab of one :class:`DeckDocument`. ``save_requested()`` after a
    revert put the old cards in the deck (the screen saves it)."""

    save_requested = Signal()

    def __init__(self, context, document: DeckDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.document = document
        self.versions: list[tuple[DeckVersionInfo, DeckList]] = []
        self.race: VersionRace | None = None
        self._stale = True
        self._generation = 0  # a read's result is shown only if no later read began
        self._init_run("Run Goldfish", "Race")
        self._build()
        context.decks_changed.connect(lambda _initiator: self.refresh())
        document.dirty_changed.connect(lambda dirty: None if dirty else self.refresh())

    # -- layout ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.message = QLabel()
        self.message.setObjectName("historyMessage")
        self.message.setWordWrap(True)
        self.table = QTableWidget(0, len(VERSION_HEADERS))
        self.table.setObjectName("versionTable")
        self.table.setHorizontalHeaderLabels(VERSION_HEADERS)
        self.table.verticalHeader().hide()
        row_height = self.fontMetrics().height() + 6
        self.table.verticalHeader().setDefaultSectionSize(row_height)
        self.table.setMinimumHeight(row_height * 4)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        for column in range(len(VERSION_HEADERS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(VERSION_HEADERS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selected)

        self.older = QComboBox()
        self.older.setObjectName("compareOlder")
        self.newer = QComboBox()
        self.newer.setObjectName("compareNewer")
        for box in (self.older, self.newer):
            box.setToolTip("The two versions compared below")
            box.currentIndexChanged.connect(lambda _i: self._compare())
        self.revert_button = QPushButton("Revert to This Version")
        self.revert_button.setObjectName("revertVersion")
        self.revert_button.setToolTip("Put the selected version's cards in the deck and save "
                                      "them as a new version (Undo in the deck takes it back)")
        self.revert_button.clicked.connect(self.revert_selected)
        compare = QHBoxLayout()
        compare.addWidget(QLabel("Compare"))
        compare.addWidget(self.older)
        compare.addWidget(QLabel("with"))
        compare.addWidget(self.newer)
        compare.addStretch(1)
        compare.addWidget(self.revert_button)

        self.changes = QTableWidget(0, 3)
        self.changes.setObjectName("versionChanges")
        self.changes.setHorizontalHeaderLabels(("Card", "Before", "After"))
        self.changes.verticalHeader().hide()
        self.changes.verticalHeader().setDefaultSectionSize(row_height)
        self.changes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.changes.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.stats = QTableWidget(0, 3)
        self.stats.setObjectName("versionStats")
        self.stats.verticalHeader().hide()
        self.stats.verticalHeader().setDefaultSectionSize(row_height)
        self.stats.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.stats.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.compare_tabs = QTabWidget()
        self.compare_tabs.setObjectName("compareTabs")
        self.compare_tabs.addTab(self.changes, "Changes")
        self.compare_tabs.addTab(self.stats, "Statistics")
        self.compare_tabs.addTab(self._goldfish_page(), "Goldfish")

        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addLayout(compare)
        lower_layout.addWidget(self.compare_tabs, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("historySplitter")
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(lower)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.message)
        layout.addWidget(self.splitter, 1)
        self._update_buttons()

    def _goldfish_page(self) -> QWidget:
        self.rounds = QSpinBox()
        self.rounds.setObjectName("raceRounds")
        self.rounds.setRange(1, 60)
        self.rounds.setValue(10)
        self.rounds.setToolTip("R of P(victory by round R)")
        self.games = QSpinBox()
        self.games.setObjectName("raceGames")
        self.games.setRange(100, 1_000_000)
        self.games.setSingleStep(500)
        self.games.setValue(2000)
        self.games.setGroupSeparatorShown(True)
        self.games.setToolTip("Games per version; both versions meet the same shuffles")
        self.summary = QLabel("Goldfish both versions on the same shuffles to see which "
                              "wins sooner.")
        self.summary.setObjectName("raceSummary")
        self.summary.setWordWrap(True)
        self.chart = QChart()
        self.chart_view = QChartView(self.chart)
        self.chart_view.setObjectName("raceChart")
        self.chart_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.chart_view.setMinimumHeight(150)
        self.chart_view.setToolTip("P(victory by round r) of each version, r = 1 to Rounds")
        style_chart(self.chart, self)
        self.chart.legend().show()
        self.chart.legend().setAlignment(Qt.AlignmentFlag.AlignRight)
        controls = QHBoxLayout()
        for label, widget in (("Rounds:", self.rounds), ("Games:", self.games)):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget)
        controls.addWidget(self.run_button)
        controls.addWidget(self.cancel_button)
        controls.addWidget(self.progress, 1)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addWidget(self.summary)
        layout.addWidget(self.chart_view, 1)
        return page

    # -- loading ---------------------------------------------------------------------------

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def refresh(self) -> None:
        """Read the kept versions again (at once if shown, else when next shown)."""
        self._stale = True
        if not self.isVisible():
            return
        self._stale = False
        self._generation += 1
        generation = self._generation
        name = self.document.saved_name
        if name is None:
            self._show_versions([], "Save the deck in your decks to keep its versions: every "
                                "save then keeps the version it replaces.")
            return
        self.message.setText(f"Reading the versions of “{name}”…")

        def loaded(versions) -> None:
            if isValid(self) and generation == self._generation:
                self._show_versions(versions, "")

        def failed(exc: BaseException, _details: str) -> None:
            if isValid(self) and generation == self._generation:
                self._show_versions([], f"The versions could not be read: {exc}")

        self.context.run(kept_versions, self.context.db, name, on_done=loaded, on_error=failed)

    def _show_versions(self, versions, message: str) -> None:
        keep = self.selected_version()
        self.versions = list(versions)
        newest = self.versions[-1][0].version if self.versions else None
        if not message and self.versions:
            message = (f"{len(self.versions)} kept version"
                       f"{'s' if len(self.versions) != 1 else ''}; the newest is "
                       f"v{newest}. Select one to see what it changed.")
        self.message.setText(message)
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.versions))
        for row, (info, _deck) in enumerate(reversed(self.versions)):
            when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
            changes = "; ".join(c.describe() for c in info.changes[:4])
            if len(info.changes) > 4:
                changes += f"; and {len(info.changes) - 4} more"
            for column, text in enumerate((f"v{info.version}", when, info.author,
                                           str(info.cards), changes or "no change")):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, info.version)
                if column == 4:
                    item.setToolTip("\n".join(c.describe() for c in info.changes))
                self.table.setItem(row, column, item)
        self.table.blockSignals(False)
        for box in (self.older, self.newer):
            box.blockSignals(True)
            box.clear()
            for info, _deck in self.versions:
                box.addItem(f"v{info.version}", info.version)
            box.blockSignals(False)
        numbers = [info.version for info, _ in self.versions]
        self.select_version(keep if keep in numbers else newest)
        self._update_buttons()

    # -- selection and comparison -------------------------------------------------------------

    def selected_version(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return None if not rows else self.table.item(rows[0].row(), 0).data(
            Qt.ItemDataRole.UserRole)

    def select_version(self, version: int | None) -> None:
        """Select ``version`` in the list (compared with the one before it)."""
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) == version:
                self.table.selectRow(row)
                return
        self._compare()

    def _selected(self) -> None:
        version = self.selected_version()
        numbers = [info.version for info, _ in self.versions]
        if version in numbers:
            at = numbers.index(version)
            self.compare_versions(numbers[max(0, at - 1)], version)
        self._update_buttons()

    def compare_versions(self, older: int, newer: int) -> None:
        """Compare version ``older`` with version ``newer`` below the list."""
        for box, version in ((self.older, older), (self.newer, newer)):
            box.blockSignals(True)
            box.setCurrentIndex(box.findData(version))
            box.blockSignals(False)
        self._compare()

    def _deck(self, version) -> DeckList | None:
        return next((deck for info, deck in self.versions if info.version == version), None)

    def compared(self) -> tuple[DeckList, DeckList] | None:
        a, b = self._deck(self.older.currentData()), self._deck(self.newer.currentData())
        return None if a is None or b is None else (a, b)

    def _compare(self) -> None:
        pair = self.compared()
        self.race = None
        self._show_race(None)
        if pair is None:
            self.changes.setRowCount(0)
            self.stats.setRowCount(0)
            return
        a, b = pair
        older, newer = self.older.currentText(), self.newer.currentText()
        changes = card_changes(a, b)
        self.changes.setRowCount(len(changes))
        for row, change in enumerate(changes):
            name = change.name + (" (sideboard)" if change.zone == "side" else "")
            for column, text in enumerate((name, str(change.before), str(change.after))):
                self.changes.setItem(row, column, QTableWidgetItem(text))
        self.changes.setHorizontalHeaderLabels(("Card", older, newer))
        rows = statistic_rows(a, b, self.document.catalogue)
        self.stats.setRowCount(len(rows))
        self.stats.setHorizontalHeaderLabels(("Figure", older, newer))
        for row, values in enumerate(rows):
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(RIGHT)
                    if values[1] != values[2]:
                        font = item.font()
                        font.setBold(True)
                        item.setFont(font)
                self.stats.setItem(row, column, item)
        self.summary.setText(f"Goldfish {older} and {newer} on the same shuffles to see "
                             "which wins sooner.")

    # -- goldfish ------------------------------------------------------------------------------

    def run(self) -> int | None:
        """Goldfish the two compared versions on the same shuffles; returns the task id."""
        pair = self.compared()
        if self.running or pair is None:
            return None
        self._cancel.clear()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText("Playing goldfish games…")
        labels = (self.older.currentText(), self.newer.currentText())
        self._running = self.context.run(
            race_versions, self.document.catalogue, *pair, rounds=self.rounds.value(),
            games=self.games.value(), cancelled=self._cancel.is_set,
            on_progress=self._progressed,
            on_done=lambda result: self._raced(result, labels),
            on_error=self._race_failed)
        return self._running

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(min(done, total))

    def _raced(self, result: VersionRace, labels: tuple[str, str]) -> None:
        self._idle()
        self.progress.setValue(self.progress.maximum())
        self.race = result
        self._show_race(result, labels)

    def _race_failed(self, exc: BaseException, _details: str) -> None:
        # lazy: loaded by the run that failed, if not before (start-up time)
        from deckbuilder.engine.simulation.policy import SetupError
        from deckbuilder.engine.simulation.version_race import RaceCancelled

        self._idle()
        if isinstance(exc, RaceCancelled):
            self.summary.setText("Cancelled.")
        elif isinstance(exc, SetupError | LookupError | ValueError):
            self.summary.setText(f"These versions cannot be goldfished: {exc}")
        else:
            self.summary.setText("The goldfish games failed.")
            self.context.report_error("The goldfish comparison failed", exc)

    def _show_race(self, result: VersionRace | None, labels: tuple[str, str] = ("", "")) -> None:
        self.chart.removeAllSeries()
        for axis in self.chart.axes():
            self.chart.removeAxis(axis)
        if result is None:
            return
        x_axis, y_axis = QValueAxis(), QValueAxis()
        x_axis.setRange(1, result.rounds)
        x_axis.setLabelFormat("%d")
        x_axis.setTickCount(min(result.rounds, 10))
        y_axis.setRange(0, 100)
        y_axis.setLabelFormat("%d%%")
        self.chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for label, curve in zip(labels, (result.curve_a, result.curve_b), strict=True):
            series = QLineSeries()
            series.setName(label)
            for r, p in enumerate(curve, start=1):
                series.append(r, 100 * p)
            self.chart.addSeries(series)
            series.attachAxis(x_axis)
            series.attachAxis(y_axis)
        lo, hi = result.ci95
        self.summary.setText(
            f"P(victory by round {result.rounds}): {labels[0]} {result.curve_a[-1]:.1%}, "
            f"{labels[1]} {result.curve_b[-1]:.1%}; difference {result.delta:+.1%} "
            f"(95% interval {lo:+.1%} to {hi:+.1%}), {result.games:,} games each on the "
            "same shuffles.")

    # -- revert --------------------------------------------------------------------------------

    def _update_buttons(self) -> None:
        version = self.selected_version()
        newest = self.versions[-1][0].version if self.versions else None
        self.revert_button.setEnabled(version is not None and version != newest)
        self.run_button.setEnabled(not self.running and len(self.versions) > 0)

    def revert_selected(self) -> bool:
        """Put the selected version's cards in the deck (one undoable edit) and ask for
        the deck to be saved; returns whether anything changed."""
        version = self.selected_version()
        deck = self._deck(version)
        if deck is None:
            return False
        current = {part: edits.part_of(self.document.deck, part) for part in CARD_PARTS}
        wanted = {part: edits.part_of(deck.merged(), part) for part in CARD_PARTS}
        if current == wanted:
            self.context.status.emit(f"The deck already holds the cards of v{version}")
            return False
        self.document.push(DeckEdit(current, wanted, f"Revert to version {version}"))
        self.context.status.emit(f"Reverted to v{version}; saving it as a new version")
        self.save_requested.emit()
        return True
