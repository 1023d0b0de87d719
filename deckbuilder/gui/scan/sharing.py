"""Sharing transcribed cards with other collectors from the app (issue 21, "Honest
data"): File > Export My Checklist… writes the user's own cards with their sources;
File > Merge a Checklist… reads another collector's checklist off the GUI thread and
shows :class:`MergeDialog`: the new cards it adds and every differing value with both
values and both sources, the user's kept unless they tick "Take theirs" for that value.
The merge is one undoable step on the cards' history (Edit > Undo)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.presentation import count_text
from deckbuilder.services.checklist_merge import (
    Merge,
    MergePlan,
    apply_merge,
    export_transcribed,
    plan_merge,
)

CHECKLISTS = "Checklists (*.csv *.json);;All files (*)"
HEADERS = ("Card", "Value", "Yours", "Your source", "Theirs", "Their source", "Take theirs")
TAKE = len(HEADERS) - 1


def _shown(value: object) -> str:
    """A record value as a person reads it (enums by value, tuples joined)."""
    if value is None or value == "" or value == ():
        return "(none)"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(getattr(value, "value", value))


class MergeDialog(QDialog):
    """The plan of a merge: its new cards, and one row per differing value (both values,
    both sources, a "Take theirs" box, unticked: the user's value is kept)."""

    def __init__(self, plan: MergePlan, parent: QWidget | None = None):
        super().__init__(parent)
        self.plan = plan
        self.setWindowTitle(f"Merge the checklist {plan.file.name}")
        self.setObjectName("mergeChecklistDialog")
        new = [record.name for _key, record in plan.new]
        summary = QLabel(
            f"{plan.file.name}: {count_text(len(new), 'new card')} to add"
            + (f" ({', '.join(new[:8])}{', …' if len(new) > 8 else ''})" if new else "")
            + f"; {count_text(plan.unchanged, 'card')} the same as yours; "
            + f"{count_text(len(plan.conflicts), 'value')} differing"
            + (". Your values are kept unless you tick Take theirs: nothing is "
               "overwritten silently." if plan.conflicts else "."))
        summary.setWordWrap(True)
        self.summary = summary
        self.table = QTableWidget(len(plan.conflicts), len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        for row, conflict in enumerate(plan.conflicts):
            texts = (conflict.name, conflict.field.replace("_", " "), _shown(conflict.mine),
                     conflict.my_source, _shown(conflict.theirs), conflict.their_source)
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
            box = QTableWidgetItem("Take theirs")
            box.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            box.setCheckState(Qt.CheckState.Unchecked)
            self.table.setItem(row, TAKE, box)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate((140, 90, 120, 150, 120, 150)):
            self.table.setColumnWidth(column, width)
        header.setStretchLastSection(True)
        self.table.resizeRowsToContents()
        self.table.setVisible(bool(plan.conflicts))

        keep_all = QPushButton("Keep all mine")
        take_all = QPushButton("Take all theirs")
        keep_all.clicked.connect(lambda: self._tick_all(False))
        take_all.clicked.connect(lambda: self._tick_all(True))
        choices = QHBoxLayout()
        choices.addWidget(keep_all)
        choices.addWidget(take_all)
        choices.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.merge_button = buttons.addButton("Merge", QDialogButtonBox.ButtonRole.AcceptRole)
        self.merge_button.setDefault(True)
        self.merge_button.setEnabled(bool(plan.new or plan.conflicts))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.table, 1)
        if plan.conflicts:
            layout.addLayout(choices)
        layout.addWidget(buttons)
        self.resize(960 if plan.conflicts else 520, 520 if plan.conflicts else 160)

    def _tick_all(self, take: bool) -> None:
        state = Qt.CheckState.Checked if take else Qt.CheckState.Unchecked
        for row in range(self.table.rowCount()):
            self.table.item(row, TAKE).setCheckState(state)

    def take(self, row: int, theirs: bool = True) -> None:
        """Tick (or untick) "Take theirs" on ``row``."""
        self.table.item(row, TAKE).setCheckState(
            Qt.CheckState.Checked if theirs else Qt.CheckState.Unchecked)

    def chosen(self) -> list[tuple[str, str]]:
        """The (card name, field) pairs whose value the user takes from the checklist."""
        return [(c.name, c.field) for row, c in enumerate(self.plan.conflicts)
                if self.table.item(row, TAKE).checkState() == Qt.CheckState.Checked]


class Sharing:
    """The two File-menu commands, run for a screen (``owner``) of the window."""

    def __init__(self, owner: QWidget, context):
        self.owner = owner
        self.context = context
        self.dialog: MergeDialog | None = None

    def export(self, file: str | None = None) -> None:
        """Write the user's own cards to ``file`` (asks if ``None``)."""
        if file is None:
            file, _ = QFileDialog.getSaveFileName(self.owner, "Export my checklist",
                                                  "my-cards.csv", CHECKLISTS)
            if not file:
                return
        self.context.run(
            export_transcribed, self.context.db, Path(file),
            on_done=lambda count: self.context.status.emit(
                f"Wrote {count_text(count, 'card')} of your own to {file}" if count else
                f"Wrote {file} without cards: you have none of your own yet (typed in, "
                "imported or accepted from a scan)"),
            on_error=self.context.error_handler("The checklist was not written"))

    def merge(self, file: str | None = None) -> None:
        """Read the checklist ``file`` (asks if ``None``) and show what merging it does."""
        if file is None:
            file, _ = QFileDialog.getOpenFileName(self.owner, "Merge a collector's checklist",
                                                  "", CHECKLISTS)
            if not file:
                return
        self.context.run(plan_merge, self.context.db, Path(file), on_done=self._ask,
                         on_error=self.context.error_handler("The checklist was not read"))

    def _ask(self, plan: MergePlan) -> None:
        dialog = self.dialog = MergeDialog(plan, self.owner)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._write(plan, dialog.chosen()))
        dialog.open()

    def _write(self, plan: MergePlan, chosen: list[tuple[str, str]]) -> None:
        self.context.operations.run(apply_merge, plan, chosen,
                                    label=f"Merge the checklist {plan.file.name}",
                                    error_title="The checklist was not merged",
                                    on_done=self._merged)

    def _merged(self, merge: Merge) -> None:
        taken = (f"; values taken from the checklist for {', '.join(merge.taken)}"
                 if merge.taken else "")
        kept = "; your values kept where they differ" if merge.conflicts else ""
        self.context.status.emit(
            f"Merged the checklist: {count_text(len(merge.added), 'card')} added"
            f"{taken}{kept} (Edit > Undo takes it back)")
