"""The Games screen (issue 23, section 2): the match log as a sortable table, filtered
by deck and by real or computer games, an entry form to log or edit a game, and a chart
of the win rate of each version of a deck with its 95% Wilson interval and the games
behind it. Games played on the Play screen and by ``deckbuilder match --log`` appear
here as computer games.

Every add, edit and removal goes through ``context.operations`` (off the GUI thread)
and is undoable with Edit > Undo (the "match_log" history). File > Import Games (CSV)
checks every row first and shows them in a preview before anything is logged (all or
nothing); File > Export Games writes the games shown as CSV.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from card_db.userdb import UserDatabase
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.match_log.chart import WinRateChart
from deckbuilder.gui.match_log.form import GameForm
from deckbuilder.gui.row_model import RowTableModel
from deckbuilder.gui.screens import Screen
from deckbuilder.gui.settings import DECK_FOLDER, restore_header, restore_splitter
from deckbuilder.match_log.entry import ENDING_LABELS, GameEntry, LogEntryError, parse_entry
from deckbuilder.match_log.stats import StatsRow, group_stats
from deckbuilder.services.deck_versions import saved_deck_names
from deckbuilder.services.match_log import (
    add_game,
    affiliation_names,
    export_log,
    import_entries,
    logged_deck_names,
    logged_games,
    read_log_csv,
    remove_game,
    update_game,
)

HEADERS = ("Date", "Deck", "Version", "Opponent", "Their deck", "Affiliation", "Went",
           "Result", "Ended by", "Rounds", "Kind", "Notes")
SORT = Qt.ItemDataRole.UserRole
KINDS = (("Real and computer games", None), ("Real games", "real"),
         ("Computer games", "computer"))
ALL_DECKS = "All decks"
CHART_BY = (("per version", "version"), ("per opponent", "opponent"),
            ("per affiliation", "affiliation"), ("first or second", "went"),
            ("real or computer", "kind"))


def _cells(e: GameEntry) -> tuple:
    """(shown text, sort key) per column."""
    kind = f"computer ({e.level})" if e.kind == "computer" else "real"
    return (
        (e.played_on.isoformat(), (e.played_on, e.id or 0)), (e.deck, e.deck.casefold()),
        ("" if e.version is None else f"v{e.version}", e.version or 0),
        (e.opponent, e.opponent.casefold()), (e.opponent_deck, e.opponent_deck.casefold()),
        (e.opponent_affiliation, e.opponent_affiliation), (e.went, e.went),
        (e.result, e.result), (ENDING_LABELS.get(e.ended, e.ended), e.ended),
        ("" if e.rounds is None else str(e.rounds), e.rounds or 0), (kind, kind),
        (e.notes, e.notes.casefold()))


class GamesModel(RowTableModel):
    """Rows of :class:`GameEntry`; ``SORT`` role: a key that sorts as the column means."""

    HEADERS = HEADERS

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        entry: GameEntry = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cells(entry)[index.column()][0]
        if role == SORT:
            return _cells(entry)[index.column()][1]
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == len(HEADERS) - 1:
            return entry.notes or None
        return None


class _SortProxy(QSortFilterProxyModel):
    def lessThan(self, left: QModelIndex, right: QModelIndex) -> bool:
        return left.data(SORT) < right.data(SORT)


@dataclass(frozen=True)
class LogView:
    """What the screen shows: the ``games`` of the filter, the ``versions`` rows (grouped
    ``by`` version, opponent...) of the charted deck (``charted``), and the names offered
    in the filter and the form."""

    games: list[GameEntry]
    charted: str | None
    versions: list[StatsRow]
    by: str
    decks: list[str]
    saved: list[str]
    affiliations: list[str]


def read_view(db: UserDatabase, deck: str | None, kind: str | None,
              by: str = "version") -> LogView:
    """The games of ``deck`` (all if ``None``) and ``kind``, and the win rate per version
    (or ``by`` another group) of ``deck`` (else of the deck with the most games shown).
    Runs in a worker."""
    games = logged_games(db, deck, kind)
    charted = deck
    if charted is None and games:
        counts: dict[str, int] = {}
        for game in games:
            counts[game.deck] = counts.get(game.deck, 0) + 1
        charted = max(sorted(counts), key=lambda name: counts[name])
    versions = group_stats([g for g in games if g.deck == charted], by)
    saved = saved_deck_names(db)
    return LogView(games, charted, versions, by, sorted(set(saved) | set(logged_deck_names(db))),
                   saved, affiliation_names(db))


class ImportPreview(QDialog):
    """The games of a CSV file, checked, shown before they are logged."""

    def __init__(self, games: list[GameEntry], path: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("importGamesPreview")
        self.setWindowTitle("Import Games")
        fit_title(self)
        model = GamesModel(self)
        model.replace_rows(games)
        table = QTableView()
        table.setModel(model)
        table.verticalHeader().hide()
        table.horizontalHeader().setStretchLastSection(True)
        label = QLabel(f"{len(games)} game{'s' if len(games) != 1 else ''} in {path.name}, "
                       "every row checked. Log them all?")
        label.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.addButton(f"Import {len(games)} Games",
                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(table, 1)
        layout.addWidget(self.buttons)
        self.resize(900, 420)


class GamesScreen(Screen):
    """The match log."""

    key = "games"
    title = "Games"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.view: LogView | None = None
        self.preview: ImportPreview | None = None
        self._loading = False
        self._again = False
        self._header_restored = False
        self._build()
        context.match_log_changed.connect(lambda _initiator: self.reload())
        context.decks_changed.connect(lambda _initiator: self.reload())

    # -- layout -------------------------------------------------------------------------------

    def _build(self) -> None:
        self.deck_filter = QComboBox()
        self.deck_filter.setObjectName("gamesDeckFilter")
        self.deck_filter.addItem(ALL_DECKS)
        self.deck_filter.setMinimumContentsLength(18)
        self.kind_filter = QComboBox()
        self.kind_filter.setObjectName("gamesKindFilter")
        for text, kind in KINDS:
            self.kind_filter.addItem(text, kind)
        self.chart_by = QComboBox()
        self.chart_by.setObjectName("gamesChartBy")
        self.chart_by.setToolTip("What the chart compares: the deck's versions, or its games "
                                 "against each opponent, affiliation...")
        for text, by in CHART_BY:
            self.chart_by.addItem(text, by)
        for box in (self.deck_filter, self.kind_filter, self.chart_by):
            box.currentIndexChanged.connect(lambda _i: self.reload())
        self.remove_action = QAction("Remove Game", self)
        self.remove_action.setObjectName("removeGame")
        self.remove_action.setShortcut(QKeySequence.StandardKey.Delete)
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.remove_action.triggered.connect(self.remove_selected)
        remove_button = QPushButton("Remove")
        remove_button.setObjectName("removeGameButton")
        remove_button.setToolTip("Remove the selected game (Delete; Edit > Undo brings it back)")
        remove_button.clicked.connect(self.remove_selected)
        self.import_action = QAction("Import Games (CSV)…", self)
        self.import_action.setObjectName("importGames")
        self.import_action.triggered.connect(lambda: self.import_csv())
        self.export_action = QAction("Export Games (CSV)…", self)
        self.export_action.setObjectName("exportGames")
        self.export_action.triggered.connect(lambda: self.export_csv())
        self.summary = QLabel()
        self.summary.setObjectName("gamesSummary")
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Deck:"))
        bar.addWidget(self.deck_filter)
        bar.addWidget(self.kind_filter)
        bar.addWidget(QLabel("Chart:"))
        bar.addWidget(self.chart_by)
        bar.addWidget(self.summary, 1)
        bar.addWidget(remove_button)

        self.model = GamesModel(self)
        self.proxy = _SortProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setObjectName("gamesTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.addAction(self.remove_action)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(40)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._row_selected())
        self.chart = WinRateChart()
        self.left = left = QSplitter(Qt.Orientation.Vertical)
        left.setObjectName("gamesLeft")
        left.addWidget(self.table)
        left.addWidget(self.chart)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 1)
        left.setSizes([500, 300])
        self.form = GameForm()
        self.form.add_requested.connect(self.add_from_form)
        self.form.save_requested.connect(self.save_from_form)
        self.form.cleared.connect(self.table.clearSelection)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("gamesSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.form)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)

    # -- reading ------------------------------------------------------------------------------

    def start(self) -> None:
        self.reload()

    def reload(self) -> None:
        """Read the games of the filter again (in the background)."""
        if self._loading:
            self._again = True
            return
        self._loading = True
        deck = self.deck_filter.currentText()
        deck = None if deck == ALL_DECKS or not deck else deck

        def done(view: LogView) -> None:
            if isValid(self):
                self._loading = False
                self.show_view(view)
                if self._again:
                    self._again = False
                    self.reload()

        def failed(exc: BaseException, details: str) -> None:
            if isValid(self):
                self._loading = self._again = False
                self.context.report_error("The match log could not be read", exc, details)

        self.context.run(read_view, self.context.db, deck, self.kind_filter.currentData(),
                         self.chart_by.currentData(), on_done=done, on_error=failed)

    def show_view(self, view: LogView) -> None:
        self.view = view
        chosen = self.deck_filter.currentText()
        self.deck_filter.blockSignals(True)
        self.deck_filter.clear()
        self.deck_filter.addItems([ALL_DECKS, *view.decks])
        self.deck_filter.setCurrentIndex(max(0, self.deck_filter.findText(chosen)))
        self.deck_filter.blockSignals(False)
        self.form.set_choices(view.saved, view.affiliations)
        if not self.form.deck.currentText() and view.saved:
            self.form.deck.setEditText(view.charted if view.charted in view.saved
                                       else view.saved[0])
        self.model.replace_rows(view.games)
        if not self._header_restored and view.games:  # then the user's widths are kept
            self.table.resizeColumnsToContents()
            self._header_restored = True
        wins = sum(1 for g in view.games if g.result == "win")
        decided = sum(1 for g in view.games if g.result in ("win", "loss"))
        rate = f", won {wins} of {decided} decided" if decided else ""
        self.summary.setText(f"{len(view.games)} game{'s' if len(view.games) != 1 else ''}"
                             f"{rate}")
        per = {"version": "version", "opponent": "opponent", "affiliation": "affiliation",
               "went": "who went first", "kind": "kind of game"}[view.by]
        title = (f"Win rate of {view.charted} per {per} (bars: 95% interval)" if view.charted
                 else "No games logged yet")
        self.chart.show_rows(view.versions, title, view.by)

    # -- the form -----------------------------------------------------------------------------

    def selected(self) -> GameEntry | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.rows[self.proxy.mapToSource(rows[0]).row()]

    def _row_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.form.edit(entry)

    def _entry_from_form(self) -> GameEntry | None:
        try:
            return parse_entry(self.form.fields())
        except LogEntryError as exc:
            self.context.report_error("The game was not logged", exc)
            return None

    def add_from_form(self) -> None:
        """Log the form's game as a new one (undoable)."""
        entry = self._entry_from_form()
        if entry is None:
            return
        self.context.operations.run(
            add_game, entry, initiator=self, error_title="The game was not logged",
            on_done=lambda outcome: self.context.status.emit(
                f"Logged a {entry.result} of {entry.deck} (Edit > Undo takes it back)"))

    def save_from_form(self) -> None:
        """Replace the game being edited with the form's (undoable)."""
        editing = self.form.editing
        entry = self._entry_from_form()
        if entry is None or editing is None:
            return
        self.context.operations.run(update_game, replace(entry, id=editing.id), initiator=self,
                                    error_title="The game was not changed")

    def remove_selected(self) -> None:
        """Remove the selected game (undoable)."""
        entry = self.selected()
        if entry is None:
            return
        self.form.clear()
        self.context.operations.run(
            remove_game, entry.id, initiator=self, error_title="The game was not removed",
            on_done=lambda _changes: self.context.status.emit(
                "Removed the game (Edit > Undo brings it back)"))

    # -- CSV ----------------------------------------------------------------------------------

    def import_csv(self, path: str | Path | None = None) -> None:
        """Read a CSV file, check every row, show the preview; logged only on OK."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Import Games", self._folder(),
                                                  "CSV files (*.csv);;All files (*)")
            if not path:
                return
        path = Path(path)
        DECK_FOLDER.write(self.context.settings, str(path.parent))

        def read(games: list[GameEntry]) -> None:
            if not isValid(self):
                return
            self.preview = ImportPreview(games, path, self)
            self.preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.preview.accepted.connect(lambda: self._import(games, path))
            self.preview.finished.connect(lambda _r: setattr(self, "preview", None))
            self.preview.open()

        self.context.run(read_log_csv, self.context.db, path, on_done=read,
                         on_error=self.context.error_handler("The games were not imported"))

    def _import(self, games: list[GameEntry], path: Path) -> None:
        self.context.operations.run(
            import_entries, games, path.name, initiator=self,
            error_title="The games were not imported",
            on_done=lambda outcome: self.context.status.emit(
                f"Imported {len(outcome.value)} games from {path.name}"))

    def export_csv(self, path: str | Path | None = None) -> None:
        """Write the games of the deck filter as CSV."""
        deck = self.deck_filter.currentText()
        deck = None if deck == ALL_DECKS else deck
        if path is None:
            suggested = str(Path(self._folder()) / f"{deck or 'games'}.csv")
            path, _ = QFileDialog.getSaveFileName(self, "Export Games", suggested,
                                                  "CSV files (*.csv)")
            if not path:
                return
        self.context.run(
            export_log, self.context.db, path, deck,
            on_done=lambda count: self.context.status.emit(f"Wrote {count} games to {path}"),
            on_error=self.context.error_handler("The games were not exported"))

    def _folder(self) -> str:
        return DECK_FOLDER.read(self.context.settings) or str(Path.home())

    # -- Screen hooks -------------------------------------------------------------------------

    def undo_stack(self):
        return self.context.operations.history("match_log")

    def file_actions(self) -> list[QAction]:
        return [self.import_action, self.export_action]

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "games")
        restore_splitter(settings, self.left, "games-left")
        self._header_restored = restore_header(settings, self.table.horizontalHeader(),
                                               "games")

    def prepare_screenshot(self) -> None:
        seed_demo_log(self.context.db)
        self.reload()


def seed_demo_log(db: UserDatabase) -> None:
    """Three versions of a demo deck and a few real and computer games with each (for
    the screenshot mode's throw-away database only)."""
    # lazy: the deck readers and the demo decks only for screenshots
    from datetime import date, timedelta

    from deckbuilder.services.deck_sources import demo_deck_files, read_deck
    from deckbuilder.services.decks import save_deck
    from deckbuilder.services.match_log import log_computer_games

    deck = read_deck(demo_deck_files()[0], db.catalogue()).deck
    deck.name = "Maestro Reconciliation"
    results = {1: "LLWLWDL", 2: "WLWWLWLW", 3: "WWLWWWDWW"}
    swaps = {2: ("Townhouse Medium", "Reed-Boat Ferrywoman"),
             3: ("Bell-Tower Sexton", "Crossroads Fortune-Teller")}
    opponents = ("Ann", "Bob", "Cleo")
    affiliations = ("Oviate", "Vassal", "Maestro")
    their_decks = ("Oviate Swarm", "", "Vassal Oethac")
    day = date(2026, 10, 1)
    entries = []
    for version, outcomes in results.items():
        if version in swaps:
            out, card_in = swaps[version]
            deck.remove(out)
            deck.add(card_in)
        save_deck(db, deck)
        for k, letter in enumerate(outcomes):
            day += timedelta(days=2)
            entries.append(GameEntry(
                played_on=day, deck=deck.name, version=version, opponent=opponents[k % 3],
                opponent_deck=their_decks[k % 3], opponent_affiliation=affiliations[k % 3],
                went=("first", "second")[k % 2],
                result={"W": "win", "L": "loss", "D": "draw"}[letter],
                ended="victory" if letter != "D" else "time", rounds=6 + k % 5,
                kind="computer" if k % 4 == 3 else "real", level="quick" if k % 4 == 3 else ""))
    log_computer_games(db, entries, "Demo games")
