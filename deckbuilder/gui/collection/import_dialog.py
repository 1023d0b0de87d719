"""Importing a collection CSV: a preview of the parsed rows, what each entry will hold
and every problem first, then the import with a progress bar and Cancel.

By default the import sets the quantities the file lists (importing your own export
changes nothing); "Add to the copies I own" adds them instead. The import is one
transaction (:func:`deckbuilder.services.collection.import_rows`, run by
``context.operations`` with progress and Cancel): if it fails or is cancelled,
nothing is imported. It can be undone from the collection's history.

The columns' mapping is shown above the preview: the preset detected from the header
(Deckbox, Moxfield, TCGplayer, ManaBox, ...) can be changed, and each column has a
drop-down of the field it is read into ("ignored" for columns we cannot store);
any change reads the file again with the new mapping.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from deckbuilder.formats.collection_csv import ColumnChoice
from deckbuilder.formats.collection_presets import FIELDS, IGNORE, PRESETS, ColumnMapping
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.operations import Operation, OperationCancelled
from deckbuilder.gui.style import error_color
from deckbuilder.presentation import count_text
from deckbuilder.services.collection import (
    CollectionImport,
    CollectionPreview,
    import_rows,
    preview_collection_csv,
)

CANCELLED = "The import was cancelled: nothing was imported."
PREVIEW_HEADERS = ("Line", "Card", "Quantity", "Condition", "Location", "Notes", "For trade",
                   "Owned now", "After import")
NOW, AFTER = 7, 8
#: The preset chooser's entries: (shown text, preset name; ``None`` detects it).
PRESET_CHOICES = (("Detect from the header", None), ("Ours", "ours"),
                  *((p.title, p.name) for p in PRESETS.values()))
IGNORED = "ignored"
#: Most rows the preview table shows (the summary counts them all).
PREVIEW_ROWS = 2000


class CollectionImportDialog(QDialog):
    """Preview and import one collection CSV file."""

    def __init__(self, context, file: Path, parent=None):
        super().__init__(parent)
        self._context = context
        self.file = Path(file)
        self.preview: CollectionPreview | None = None
        self.imported: int | None = None
        self.result: CollectionImport | None = None
        self._operation: Operation | None = None
        self.setWindowTitle("Import collection CSV")
        self.setObjectName("collectionImport")
        self.resize(900, 620)
        self.choice = ColumnChoice()
        self.preset_box = QComboBox()
        self.preset_box.setObjectName("presetChooser")
        for text, name in PRESET_CHOICES:
            self.preset_box.addItem(text, name)
        self.preset_box.activated.connect(self._preset_chosen)
        self.mapping_view = QTableWidget(0, 2)
        self.mapping_view.setObjectName("columnMapping")
        self.mapping_view.setHorizontalHeaderLabels(("Column in the file", "Read into"))
        self.mapping_view.verticalHeader().hide()
        self.mapping_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.mapping_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Stretch)
        # the mapping and the preview share the height (a splitter): the mapping shows
        # every column of the file unless the person gives the preview more room
        self.mapping_view.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.summary = QLabel(f"Reading {self.file.name}…")
        self.summary.setWordWrap(True)
        self.rows_model = QStandardItemModel(0, len(PREVIEW_HEADERS), self)
        self.rows_model.setHorizontalHeaderLabels(PREVIEW_HEADERS)
        self.rows_view = QTableView()
        self.rows_view.setObjectName("previewRows")
        self.rows_view.setModel(self.rows_model)
        self.rows_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rows_view.verticalHeader().hide()
        header = self.rows_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.problems = QPlainTextEdit()
        self.problems.setObjectName("previewProblems")
        self.problems.setReadOnly(True)
        self.problems.setMaximumHeight(110)
        self.problems.hide()
        self.add_mode = QCheckBox("Add to the copies I own (instead of setting the quantities "
                                  "the file lists)")
        self.add_mode.setObjectName("addMode")
        self.add_mode.toggled.connect(self._show_plan)
        self.progress = QProgressBar()
        self.progress.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(
            "Import", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.import_button.setEnabled(False)
        self.buttons.accepted.connect(self.start_import)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{self.file}</b>"))
        layout.addWidget(self.summary)
        presets = QHBoxLayout()
        presets.addWidget(QLabel("Columns as written by:"))
        presets.addWidget(self.preset_box, 1)
        layout.addLayout(presets)
        self.tables = QSplitter(Qt.Orientation.Vertical)
        self.tables.setObjectName("importTables")
        self.tables.addWidget(self.mapping_view)
        self.tables.addWidget(self.rows_view)
        self.tables.setChildrenCollapsible(False)
        layout.addWidget(self.tables, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self.add_mode)
        layout.addWidget(self.progress)
        layout.addWidget(self.buttons)
        self._read()

    def _read(self) -> None:
        """Read (again) the file with the current column choice."""
        self.import_button.setEnabled(False)
        self.preview = None
        self.rows_model.removeRows(0, self.rows_model.rowCount())
        self.problems.hide()
        self._context.run(
            preview_collection_csv,
            self._context.db,
            self.file,
            choice=self.choice,
            on_done=self.show_preview,
            on_progress=self._reading,
            on_error=lambda exc, _d: self._fail(
                f"The file could not be read: {describe_error(exc)}"
            ),
        )

    # -- column mapping ---------------------------------------------------------------------

    def _preset_chosen(self, index: int) -> None:
        self.choice = ColumnChoice(self.preset_box.itemData(index))
        self._read()

    def _show_mapping(self, mapping: ColumnMapping | None) -> None:
        """One row per column of the file, with a drop-down of the field it goes to."""
        self.mapping_view.setRowCount(0)
        if mapping is None:
            return
        title = PRESETS[mapping.preset].title if mapping.preset in PRESETS else "ours"
        self.preset_box.setItemText(0, f"{PRESET_CHOICES[0][0]} ({title})")
        self.preset_box.setCurrentIndex(
            next(i for i, (_t, n) in enumerate(PRESET_CHOICES) if n == mapping.preset)
            if self.choice.preset else 0)
        for row, (column, target) in enumerate(zip(mapping.header, mapping.fields,
                                                   strict=True)):
            self.mapping_view.insertRow(row)
            self.mapping_view.setItem(row, 0, QTableWidgetItem(column))
            box = QComboBox()
            box.addItems((IGNORED, *FIELDS))
            box.setCurrentText(target or IGNORED)
            box.currentTextChanged.connect(partial(self._remap, column))
            self.mapping_view.setCellWidget(row, 1, box)
        self._share_height()

    def _share_height(self) -> None:
        """Give the mapping the height of all its rows (at most two thirds)."""
        view = self.mapping_view
        view.resizeRowsToContents()
        wanted = (view.horizontalHeader().height() + 2 * view.frameWidth()
                  + sum(view.rowHeight(r) for r in range(view.rowCount())))
        total = max(sum(self.tables.sizes()), 1)
        mapping = min(wanted, total * 2 // 3) if sum(self.tables.sizes()) else wanted
        self.tables.setSizes([mapping, max(total - mapping, 1)])

    def _remap(self, column: str, target: str) -> None:
        field = IGNORE if target == IGNORED else target
        overrides = dict(self.choice.overrides)
        overrides[column] = field
        self.choice = ColumnChoice(self.choice.preset, tuple(overrides.items()))
        self._read()

    # -- preview ----------------------------------------------------------------------------

    def _reading(self, done: int, total: int) -> None:
        """Progress of reading the file (bytes, in KiB so that the bar's int fits)."""
        self.progress.setRange(0, max(total // 1024, 1))
        self.progress.setValue(done // 1024)
        self.progress.show()

    def show_preview(self, preview: CollectionPreview) -> None:
        self.preview = preview
        self.progress.hide()
        self._show_mapping(preview.mapping)
        bad_lines = {p.line: p.message for p in preview.problems}
        colour = error_color(self)
        for row in preview.rows[:PREVIEW_ROWS]:
            cells = [row.line, row.name, row.quantity, row.condition.value, row.location,
                     row.notes, row.for_trade, "", ""]
            items = [QStandardItem(str(c)) for c in cells]
            if row.line in bad_lines:
                for item in items:
                    item.setForeground(colour)
                    item.setToolTip(bad_lines[row.line])
            self.rows_model.appendRow(items)
        if preview.problems:
            more = f"\nand {preview.more:,} more" if preview.more else ""
            self.problems.setPlainText(
                "\n".join(f"{_where(p)}: {p.message}" for p in preview.problems) + more
            )
            self.problems.show()
            total = len(preview.problems) + preview.more
            self.summary.setText(
                f"{count_text(total, 'problem')} found: "
                "fix the file and open it again. "
                "Nothing will be imported until every row is right."
            )
        elif not preview.rows:
            self.summary.setText("The file has no rows to import.")
        else:
            self._show_plan()
        self.import_button.setEnabled(preview.ok)

    def _show_plan(self) -> None:
        """Fill the Owned now / After import columns and say what the import changes."""
        if self.preview is None or not self.preview.ok:
            return
        plan = self.preview.plan(adds=self.add_mode.isChecked())
        after = {(c.name, c.condition, c.location): c.new for c in plan.changes}
        for index, row in enumerate(self.preview.resolved[:PREVIEW_ROWS]):
            now = self.preview.stored_quantity(row)
            new = after.get((row.name, row.condition, row.location), now)
            self.rows_model.setItem(index, NOW, QStandardItem(str(now)))
            self.rows_model.setItem(index, AFTER, QStandardItem(str(new)))
        shown = len(self.preview.rows)
        cut = f" (the first {PREVIEW_ROWS:,} are shown)" if shown > PREVIEW_ROWS else ""
        how = ("Their copies are added to those you own." if plan.adds else
               "Each entry listed gets the quantity the file gives; entries it does not list "
               "are kept.")
        self.summary.setText(
            f"{count_text(shown, 'row')}{cut} ready to import. {how} "
            f"Changes: {plan.summary()}."
        )

    # -- import -------------------------------------------------------------------------------

    def start_import(self) -> None:
        """Import the previewed rows (the Import button; needs a preview without problems)."""
        if self.preview is None or not self.preview.ok or self._operation is not None:
            return

        self.import_button.setEnabled(False)
        self.progress.setRange(0, len(self.preview.rows))
        self.progress.setValue(0)
        self.progress.show()
        self.summary.setText("Importing…")
        write = partial(import_rows, adds=self.add_mode.isChecked(),
                        columns=self.preview.columns, label=str(self.file))
        self._operation = self._context.operations.run(
            write,
            list(self.preview.rows),
            label=f"Importing {self.file.name}",
            progress=lambda done, _total: self.progress.setValue(done),
            cancellable=True,
            initiator=self,
            on_done=lambda outcome: self._imported(outcome.value),
            on_error=self._import_failed,
            error_title="Import failed",
        )

    def _imported(self, result: CollectionImport) -> None:
        self._operation = None
        self.result = result
        self.imported = result.copies_after - result.copies_before
        self._context.status.emit(f"Imported {self.file.name}: {result.summary()}")
        self.accept()

    def _import_failed(self, exc: BaseException) -> None:
        """Show why in the dialog (the operations show the error dialog too)."""
        self._operation = None
        self.progress.hide()
        self.import_button.setEnabled(bool(self.preview and self.preview.ok))
        if isinstance(exc, OperationCancelled):
            self.summary.setText(CANCELLED)
            return
        self._fail(f"The import failed and nothing was imported: {describe_error(exc)}")

    def _fail(self, message: str) -> None:
        self.summary.setText(message)
        palette = self.summary.palette()
        palette.setColor(self.summary.foregroundRole(), error_color(self))
        self.summary.setPalette(palette)

    def reject(self) -> None:
        """Cancel: stops an import in progress (rolled back), else closes."""
        if self._operation is not None:
            self._operation.cancel()
            self.summary.setText("Cancelling…")
            return
        super().reject()


def _where(problem) -> str:
    """``"line 3, column 2"``, ``"line 3"`` or ``"the file"``."""
    parts = [f"{what} {n}" for what, n in (("line", problem.line), ("column", problem.column))
             if n is not None]
    return ", ".join(parts) or "the file"
