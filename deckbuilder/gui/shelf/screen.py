"""The Shelf screen: every game with the user's copies and their completeness, the
game's parts list, and the count view of a copy (issue 14, section 2); a copy's place,
conditions and notes (Edit copy…), its photos (:mod:`.photos`), its report as CSV or
PDF (File menu), and Mystic War's deal (:mod:`.deal`).

Counts are saved as they are typed (one write each through ``context.operations``),
so an interrupted count resumes; Edit > Undo takes them back (the "shelf" history).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from card_db.records import Condition
from deckbuilder.gui.deck_editor.files import safe_file_name
from deckbuilder.gui.screens import Screen
from deckbuilder.gui.settings import restore_splitter
from deckbuilder.gui.shelf.deal import DealDialog
from deckbuilder.gui.shelf.editions import details_html, edition_choices, edition_title
from deckbuilder.gui.shelf.parts import PartsTable
from deckbuilder.gui.shelf.photos import PhotoStrip
from deckbuilder.services.changes import Changes
from deckbuilder.services.shelf import (
    CopyStatus,
    OwnedCopy,
    ShelfGame,
    add_copy,
    copy_definition,
    edit_copy,
    export_game,
    export_report,
    game_definition,
    import_game,
    remove_copy,
    set_counts,
    shelf_games,
)
from deckbuilder.services.shelf_photos import add_photo
from deckbuilder.shelf.inventory import complete_counts
from deckbuilder.shelf.mystic_war import GAME as MYSTIC_WAR

KEY = Qt.ItemDataRole.UserRole  # (game name, copy id or None) of a tree item


def copy_summary(status: CopyStatus) -> str:
    """One line: complete or the pieces missing, playable or not, counted so far."""
    report = status.report
    state = ("complete" if report.complete
             else f"{sum(c.missing for c in report.missing)} missing")
    playable = "playable" if report.playable else "not playable"
    counted = ("" if not report.uncounted
               else f" · {status.counted}/{len(report.components)} counted")
    return f"{state} · {playable}{counted}"


def copy_report(status: CopyStatus) -> str:
    """Several lines: what the copy misses by component and the rules it breaks."""
    report = status.report
    lines = [f"Copy {status.copy.id}"
             + (f" ({status.copy.location})" if status.copy.location else "")
             + f": {copy_summary(status)}"]
    lines += [f"Missing {c.missing} × {c.name}" for c in report.missing
              if c.name not in report.uncounted]
    lines += [f"Not playable: {check.describe()}" for check in report.broken_rules]
    return "\n".join(lines)


class AddCopyDialog(QDialog):
    """Where a copy is kept, its box's and components' condition, notes and, for a game
    printed in several editions (``editions``: :func:`.editions.edition_choices`),
    which edition it is: empty for a new copy of ``game``, or filled with those of
    ``copy`` to edit them."""

    def __init__(self, game: str, parent: QWidget | None = None,
                 copy: OwnedCopy | None = None,
                 editions: list[tuple[str, str]] | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Add a copy of {game}" if copy is None
                            else f"Copy {copy.id} of {game}")
        self.location = QLineEdit()
        self.box = QComboBox()
        self.components = QComboBox()
        for combo in (self.box, self.components):
            combo.addItems(["", *(c.value for c in Condition)])
        self.notes = QLineEdit()
        form = QFormLayout(self)
        form.addRow("Kept in", self.location)
        form.addRow("Box condition", self.box)
        form.addRow("Components condition", self.components)
        form.addRow("Notes", self.notes)
        self.edition = QComboBox()
        self.edition.setObjectName("shelfCopyEdition")
        for label, name in editions or []:
            self.edition.addItem(label, name)
        if editions:
            form.addRow("Edition", self.edition)
        if copy is not None and editions:
            index = self.edition.findData(copy.edition)
            self.edition.setCurrentIndex(max(index, 0))
        if copy is not None:
            self.location.setText(copy.location)
            self.box.setCurrentText(copy.box_condition)
            self.components.setCurrentText(copy.components_condition)
            self.notes.setText(copy.notes)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> tuple[str, str, str, str, str]:
        """``(location, box condition, components condition, notes, edition)``; the
        edition as stored (``""``: the game file's own, and for a single-edition game)."""
        edition = self.edition.currentData() if self.edition.count() else ""
        return (self.location.text(), self.box.currentText(),
                self.components.currentText(), self.notes.text(), edition or "")


class ShelfScreen(Screen):
    key = "shelf"
    title = "Shelf"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.games: dict[str, ShelfGame] = {}
        self._selected: tuple[str, int | None] | None = None
        self._build()
        self.context.shelf_changed.connect(lambda _initiator: self.reload())

    def _build(self) -> None:
        self.tree = QTreeWidget()
        self.tree.setObjectName("shelfGames")
        self.tree.setHeaderLabels(["Game", "Copies"])
        self.tree.currentItemChanged.connect(lambda item, _old: self._select(item))
        self.add_button = QPushButton("Add copy…")
        self.edit_button = QPushButton("Edit copy…")
        self.remove_button = QPushButton("Remove copy")
        self.add_button.clicked.connect(lambda: self.ask_add_copy())
        self.edit_button.clicked.connect(lambda: self.ask_edit_copy())
        self.remove_button.clicked.connect(self.remove_current_copy)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.edit_button)
        self.deal_button = QPushButton("Deal…")
        self.deal_button.setToolTip("Set up a game of Mystic War (3.0 Set Up)")
        self.deal_button.clicked.connect(lambda: self.ask_deal())
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.deal_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.tree)
        left_layout.addLayout(buttons)

        self.report = QLabel("Pick a game, or a copy to count it.")
        self.report.setObjectName("shelfReport")
        self.report.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report.setWordWrap(True)
        self.details = QTextBrowser()
        self.details.setObjectName("shelfGameDetails")
        self.details.setOpenExternalLinks(True)
        self.details.setMaximumHeight(150)
        self.details.hide()
        self.parts = PartsTable(self._count)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.report)
        right_layout.addWidget(self.details)
        right_layout.addWidget(self.parts, 1)
        self.photos = PhotoStrip(self.context)
        right_layout.addWidget(self.photos)

        self.splitter = QSplitter()
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([380, 900])
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter)
        self.import_action = QAction("Import game file…", self)
        self.export_action = QAction("Export game file…", self)
        self.import_action.triggered.connect(lambda: self.import_game_file())
        self.export_action.triggered.connect(lambda: self.export_game_file())
        self.report_csv_action = QAction("Export copy report as CSV…", self)
        self.report_pdf_action = QAction("Print copy report to PDF…", self)
        self.report_csv_action.triggered.connect(lambda: self.export_report("csv"))
        self.report_pdf_action.triggered.connect(lambda: self.export_report("pdf"))

    # -- loading ----------------------------------------------------------------------

    def start(self) -> None:
        self.reload()

    def reload(self) -> None:
        """Read the games and copies again in the background, keeping the selection."""
        self.context.run(shelf_games, self.context.db, on_done=self._show,
                         on_error=self.context.error_handler("The shelf could not be read"))

    def _show(self, games: list[ShelfGame]) -> None:
        self.games = {g.name: g for g in games}
        keep = self._selected
        self.tree.blockSignals(True)
        self.tree.clear()
        current = None
        for game in games:
            item = QTreeWidgetItem([game.name, str(len(game.copies))])
            item.setData(0, KEY, (game.name, None))
            self.tree.addTopLevelItem(item)
            current = item if keep == (game.name, None) else current
            for status in game.copies:
                where = f" ({status.copy.location})" if status.copy.location else ""
                if status.copy.edition:
                    where += f" [{status.copy.edition}]"
                child = QTreeWidgetItem([f"Copy {status.copy.id}{where}",
                                         copy_summary(status)])
                child.setData(0, KEY, (game.name, status.copy.id))
                for column in (0, 1):
                    child.setToolTip(column, child.text(column))
                item.addChild(child)
                current = child if keep == (game.name, status.copy.id) else current
            item.setExpanded(True)
        self.tree.resizeColumnToContents(0)
        self.tree.resizeColumnToContents(1)
        self.tree.blockSignals(False)
        if current is None and keep is None and self.tree.topLevelItemCount():
            current = self.tree.topLevelItem(0)
        if current is not None:
            self.tree.setCurrentItem(current)
            self._select(current, keep_cell=True)

    def _select(self, item: QTreeWidgetItem | None, keep_cell: bool = False) -> None:
        if item is None:
            return
        self._selected = item.data(0, KEY)
        name, copy_id = self._selected
        game = self.games[name]
        status = self.copy_status()
        row, column = self.parts.currentRow(), self.parts.currentColumn()
        shown = game.definition if status is None else copy_definition(game.definition,
                                                                        status.copy)
        self.parts.show_game(shown, status)
        if keep_cell and row >= 0:
            self.parts.setCurrentCell(row, column)
        self.remove_button.setEnabled(copy_id is not None)
        self.edit_button.setEnabled(copy_id is not None)
        self.photos.show_copy(copy_id)
        self.deal_button.setEnabled(name == MYSTIC_WAR)
        self.report_csv_action.setEnabled(copy_id is not None)
        self.report_pdf_action.setEnabled(copy_id is not None)
        details = details_html(game.definition) if status is None else ""
        self.details.setHtml(details)
        self.details.setVisible(bool(details))
        if status is None:
            self.report.setText(f"{name}: {game.definition.total_components} pieces, "
                                f"{len(game.copies)} cop{'y' if len(game.copies) == 1 else 'ies'}"
                                " (pick a copy to count it)")
        else:
            edition = ("" if not game.definition.editions else
                       f"\nEdition: {edition_title(game.definition, status.copy.edition)}")
            self.report.setText(copy_report(status) + edition)

    def copy_status(self) -> CopyStatus | None:
        """The selected copy, or ``None`` if a game (or nothing) is selected."""
        if self._selected is None or self._selected[1] is None:
            return None
        name, copy_id = self._selected
        return next((s for s in self.games[name].copies if s.copy.id == copy_id), None)

    def select(self, game: str, copy_id: int | None = None) -> None:
        """Select the game (or one of its copies) in the list."""
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            for candidate in (item, *(item.child(j) for j in range(item.childCount()))):
                if candidate.data(0, KEY) == (game, copy_id):
                    self.tree.setCurrentItem(candidate)
                    return
        raise KeyError((game, copy_id))

    # -- writes -----------------------------------------------------------------------

    def _count(self, component: str, what: str, value: int) -> None:
        status = self.copy_status()
        if status is None:
            return
        found, damaged = ({component: value}, {}) if what == "found" else ({}, {component: value})
        self.context.operations.run(set_counts, status.copy.game, status.copy.id, found,
                                    damaged, initiator=self,
                                    error_title="The count was not saved")

    def ask_add_copy(self) -> AddCopyDialog | None:
        """Ask where the new copy of the selected game is kept, then add it."""
        if self._selected is None:
            return None
        name = self._selected[0]
        dialog = AddCopyDialog(name, self, editions=edition_choices(self.games[name].definition))
        dialog.accepted.connect(lambda: self.add_copy(name, *dialog.values()))
        dialog.open()
        return dialog

    def add_copy(self, game: str, location: str = "", box: str = "", components: str = "",
                 notes: str = "", edition: str = "") -> None:
        """Record a copy of ``game`` and select it."""
        def select_new(outcome) -> None:
            self._selected = (game, outcome.value)

        self.context.operations.run(add_copy, game, location, box, components, notes,
                                    edition, initiator=self, on_done=select_new,
                                    error_title="The copy was not added")

    def ask_deal(self) -> DealDialog | None:
        """Open the Mystic War deal (dealt at once, for 4 players and a random seed)."""
        if self._selected is None or self._selected[0] != MYSTIC_WAR:
            return None
        dialog = DealDialog(self.games[MYSTIC_WAR].definition, self)
        dialog.deal_again()
        dialog.open()
        return dialog

    def ask_edit_copy(self) -> AddCopyDialog | None:
        """Show the selected copy's place, conditions and notes to edit them."""
        status = self.copy_status()
        if status is None:
            return None
        dialog = AddCopyDialog(status.copy.game, self, status.copy,
                               edition_choices(self.games[status.copy.game].definition))
        dialog.accepted.connect(lambda: self.edit_copy(status.copy.id, *dialog.values()))
        dialog.open()
        return dialog

    def edit_copy(self, copy_id: int, location: str, box: str, components: str,
                  notes: str, edition: str | None = None) -> None:
        """Save where copy ``copy_id`` is kept, its conditions, notes and edition
        (``None`` keeps it)."""
        self.context.operations.run(edit_copy, copy_id, location=location,
                                    box_condition=box, components_condition=components,
                                    notes=notes, edition=edition, initiator=self,
                                    error_title="The copy was not changed")

    def remove_current_copy(self) -> None:
        status = self.copy_status()
        if status is None:
            return
        self._selected = (status.copy.game, None)
        self.context.operations.run(remove_copy, status.copy.id, initiator=self,
                                    error_title="The copy was not removed")

    def import_game_file(self, file: str | None = None) -> None:
        """Add a game of the user's own from a game file (asks for it if ``None``)."""
        if file is None:
            file, _ = QFileDialog.getOpenFileName(self, "Import game file", "",
                                                  "Game file (*.toml);;All files (*)")
            if not file:
                return

        def select_new(outcome) -> None:
            self._selected = (outcome.value, None)

        self.context.operations.run(import_game, Path(file), initiator=self,
                                    on_done=select_new,
                                    error_title="The game file was not imported")

    def export_game_file(self, file: str | None = None) -> None:
        """Write the selected game's definition to ``file`` (asks for it if ``None``)."""
        if self._selected is None:
            return
        game = self._selected[0]
        if file is None:
            file, _ = QFileDialog.getSaveFileName(self, "Export game file",
                                                  f"{safe_file_name(game, 'game')}.toml",
                                                  "Game file (*.toml)")
            if not file:
                return
        self.context.run(
            export_game, self.context.db, game, Path(file),
            on_done=lambda path: self.context.status.emit(f"Wrote {path}"),
            on_error=self.context.error_handler("The game file was not exported"),
        )

    def export_report(self, kind: str, file: str | None = None) -> None:
        """Write the selected copy's completeness report as ``kind`` (``"csv"`` or
        ``"pdf"``) to ``file`` (asks for it if ``None``)."""
        status = self.copy_status()
        if status is None:
            return
        if file is None:
            file, _ = QFileDialog.getSaveFileName(
                self, "Export copy report",
                f"{status.copy.game} copy {status.copy.id}.{kind}",
                "CSV (*.csv)" if kind == "csv" else "PDF (*.pdf)")
            if not file:
                return
        self.context.run(
            export_report, self.context.db, status.copy.game, status.copy.id, Path(file),
            kind, on_done=lambda path: self.context.status.emit(f"Wrote {path}"),
            on_error=self.context.error_handler("The report was not written"),
        )

    # -- Screen hooks -----------------------------------------------------------------

    def undo_stack(self):
        """The shelf's history: copies, their details, counts and photos."""
        return self.context.operations.history("shelf")

    def file_actions(self) -> list[QAction]:
        return [self.import_action, self.export_action, self.report_csv_action,
                self.report_pdf_action]

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "shelf")

    def prepare_screenshot(self) -> None:
        self.context.operations.run(_demo_copy, initiator=self)
        self.context.wait_idle()
        self.reload()
        self.context.wait_idle()
        game = self.games["Mystic War"]
        self.select("Mystic War", game.copies[-1].copy.id)


def _demo_copy(db) -> Changes:
    """The screenshot's copy of Mystic War, lacking a Judgment and two red disks, with
    a drawn photo of its box."""
    outcome = add_copy(db, "Mystic War", "Attic shelf", "Lightly Played", "Near Mint")
    counts = complete_counts(game_definition(db, "Mystic War"))
    counts["Judgment"] -= 1
    counts["Resource disk (red)"] -= 2
    changes = outcome.changes.merge(set_counts(db, "Mystic War", outcome.value, counts))
    with tempfile.TemporaryDirectory() as folder:
        photo = add_photo(db, outcome.value, _demo_photo(Path(folder) / "box-lid.png"))
    return changes.merge(photo.changes)


def _demo_photo(path: Path) -> Path:
    """A drawn stand-in for a photo of the box lid (the screenshots show no real photo)."""
    from PIL import Image, ImageDraw, ImageFont  # lazy: Pillow only for the screenshot

    image = Image.new("RGB", (480, 360), (24, 28, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((16, 16, 463, 343), outline=(212, 175, 55), width=8)
    draw.text((240, 150), "MYSTIC WAR", fill=(212, 175, 55), anchor="mm",
              font=ImageFont.load_default(56))
    draw.text((240, 230), "(demo photo)", fill=(200, 200, 220), anchor="mm",
              font=ImageFont.load_default(28))
    image.save(path)
    return path
