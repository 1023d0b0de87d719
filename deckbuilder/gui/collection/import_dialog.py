"""Importing a collection CSV: a preview of the parsed rows and every problem first,
then the import with a progress bar and Cancel.

The import is one transaction (:func:`deckbuilder.services.collection.add_rows`, run
by ``context.operations`` with progress and Cancel): if it fails or is cancelled,
nothing is imported. It can be undone from the collection's history.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QTableView,
    QVBoxLayout,
)

from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.operations import Operation, OperationCancelled
from deckbuilder.gui.style import error_color
from deckbuilder.presentation import count_text
from deckbuilder.services.collection import CollectionPreview, add_rows, preview_collection_csv

CANCELLED = "The import was cancelled: nothing was imported."
PREVIEW_HEADERS = ("Line", "Card", "Quantity", "Condition", "Location", "Notes", "For trade")


class CollectionImportDialog(QDialog):
    """Preview and import one collection CSV file."""

    def __init__(self, context, file: Path, parent=None):
        super().__init__(parent)
        self._context = context
        self.file = Path(file)
        self.preview: CollectionPreview | None = None
        self.imported: int | None = None
        self._operation: Operation | None = None
        self.setWindowTitle("Import collection CSV")
        self.setObjectName("collectionImport")
        self.resize(760, 520)
        self.summary = QLabel(f"Reading {self.file.name}…")
        self.summary.setWordWrap(True)
        self.rows_model = QStandardItemModel(0, len(PREVIEW_HEADERS), self)
        self.rows_model.setHorizontalHeaderLabels(PREVIEW_HEADERS)
        self.rows_view = QTableView()
        self.rows_view.setObjectName("previewRows")
        self.rows_view.setModel(self.rows_model)
        self.rows_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rows_view.verticalHeader().hide()
        self.rows_view.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch
        )
        self.problems = QPlainTextEdit()
        self.problems.setObjectName("previewProblems")
        self.problems.setReadOnly(True)
        self.problems.setMaximumHeight(110)
        self.problems.hide()
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
        layout.addWidget(self.rows_view, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self.progress)
        layout.addWidget(self.buttons)

        context.run(
            preview_collection_csv,
            context.db,
            self.file,
            on_done=self.show_preview,
            on_error=lambda exc, _d: self._fail(
                f"The file could not be read: {describe_error(exc)}"
            ),
        )

    # -- preview ----------------------------------------------------------------------------

    def show_preview(self, preview: CollectionPreview) -> None:
        self.preview = preview
        bad_lines = {p.line: p.message for p in preview.problems}
        colour = error_color(self)
        for line, row in enumerate(preview.rows, start=2):
            cells = [line, row.name, row.quantity, row.condition.value, row.location,
                     row.notes, row.for_trade]
            items = [QStandardItem(str(c)) for c in cells]
            if line in bad_lines:
                for item in items:
                    item.setForeground(colour)
                    item.setToolTip(bad_lines[line])
            self.rows_model.appendRow(items)
        copies = sum(r.quantity for r in preview.rows)
        if preview.problems:
            self.problems.setPlainText(
                "\n".join(f"line {p.line}, column {p.column}: {p.message}"
                          for p in preview.problems)
            )
            self.problems.show()
            self.summary.setText(
                f"{count_text(len(preview.problems), 'problem')} found: "
                "fix the file and open it again. "
                "Nothing will be imported until every row is right."
            )
        elif not preview.rows:
            self.summary.setText("The file has no rows to import.")
        else:
            self.summary.setText(
                f"{len(preview.rows)} row(s), {copies:,} copies, ready to import. They are "
                "added to your collection (rows of the same card, condition and location "
                "add up)."
            )
        self.import_button.setEnabled(preview.ok)

    # -- import -------------------------------------------------------------------------------

    def start_import(self) -> None:
        """Import the previewed rows (the Import button; needs a preview without problems)."""
        if self.preview is None or not self.preview.rows or self._operation is not None:
            return

        self.import_button.setEnabled(False)
        self.progress.setRange(0, len(self.preview.rows))
        self.progress.setValue(0)
        self.progress.show()
        self.summary.setText("Importing…")
        self._operation = self._context.operations.run(
            add_rows,
            list(self.preview.rows),
            str(self.file),
            label=f"Importing {self.file.name}",
            progress=lambda done, _total: self.progress.setValue(done),
            cancellable=True,
            initiator=self,
            on_done=lambda outcome: self._imported(outcome.value),
            on_error=self._import_failed,
            error_title="Import failed",
        )

    def _imported(self, copies: int) -> None:
        self._operation = None
        self.imported = copies
        self._context.status.emit(f"Imported {copies:,} copies from {self.file.name}")
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
