"""The Scan screen (issue 21): add images or a folder (buttons or drag and drop), read
them off the GUI thread with progress and a Cancel that keeps what was read, then
review one row per group: Enter accepts the selected known cards in one undoable step;
an unknown card opens its fields beside its crop, prefilled as read."""

from __future__ import annotations

import html
import threading
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QImage, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from card_db.records import Condition
from deckbuilder.gui.scan.page_view import CropView, PageView, load_page
from deckbuilder.gui.scan.review_model import DOUBT_COLOUR, DOUBTFUL, ReviewModel, thumbnail
from deckbuilder.gui.scan.sharing import Sharing
from deckbuilder.gui.screens import Screen
from deckbuilder.scan import INSTALL_HINT, missing_libraries
from deckbuilder.services.scan_pages import ScannedPage, page_of_group
from deckbuilder.services.scan_review import (
    Audit,
    Decision,
    PendingGroup,
    accept_groups,
    audit_batch,
    import_batch,
    pending_groups,
    reject_group,
)

#: The fields of the form for an unknown card (checklist columns), in order.
FORM_FIELDS = ("type", "permanent", "dominions", "unique", "gender", "magic", "strength",
               "prime", "resistance", "affiliations", "deck_limit", "traits", "powers")
CROP_SIZE = QSize(150, 210)  # the smallest the crop is shown
CROP_SHOWN = QSize(450, 630)  # decoded at this size, shown scaled to its room
#: What to type in each field of the form (the checklist's formats, card_db.checklist).
HINTS = {"type": "e.g. Character, Site, Ally Action", "permanent": "yes or no",
         "dominions": "e.g. 3; 1|2 for a Border Site", "unique": "yes or no",
         "gender": "male, female, both or neither", "magic": "a number",
         "strength": "a number", "prime": "a number", "resistance": "a number",
         "affiliations": "e.g. Maestro|Vassal", "deck_limit": "copies allowed per deck",
         "traits": "", "powers": "the text box"}
KNOWN_TITLE = "A catalogue card"
KNOWN_HELP = "Accept adds its copies to your collection. Correct its values in the Card editor."
UNKNOWN_TITLE = "A new card, as read"
UNKNOWN_HELP = "Correct what was misread, fill in the rest, then Accept: it joins the catalogue."


class ScanScreen(Screen):
    key = "scan"
    title = "Scan"

    def __init__(self, context, parent=None):
        super().__init__(context, parent)
        self.setAcceptDrops(True)
        self._stop = threading.Event()
        self._reading = False
        self._read_fields: dict[str, str] = {}
        self._page_requests = 0  # the latest page asked for (older answers are dropped)
        self.model = ReviewModel(self)
        self.sharing = Sharing(self, context)
        self.export_action = QAction("Export My Checklist…", self)
        self.export_action.setObjectName("exportMyChecklist")
        self.export_action.setToolTip("Write the cards you transcribed, with their sources, "
                                      "as a checklist to share with other collectors")
        self.export_action.triggered.connect(lambda: self.sharing.export())
        self.merge_action = QAction("Merge a Collector's Checklist…", self)
        self.merge_action.setObjectName("mergeChecklist")
        self.merge_action.setToolTip("Add another collector's new cards; where a value "
                                     "differs, see both and choose")
        self.merge_action.triggered.connect(lambda: self.sharing.merge())
        self._build()
        missing = missing_libraries()
        if missing:
            self.status.setText(f"Scanning needs {', '.join(missing)}: install the scan "
                                f"extra with  {INSTALL_HINT}")
            for button in (self.add_files, self.add_folder):
                button.setEnabled(False)

    # -- layout ---------------------------------------------------------------------
    def _build(self) -> None:
        self.add_files = QPushButton("Add images…")
        self.add_folder = QPushButton("Add a folder…")
        self.location = QLineEdit()
        self.location.setPlaceholderText("Location of this batch, e.g. Binder 2, page 3")
        self.condition = QComboBox()
        self.condition.addItems([c.value for c in Condition])
        self.condition.setCurrentText(Condition.NEAR_MINT.value)
        self.cancel = QPushButton("Cancel")
        self.cancel.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()  # shown while reading
        self.status = QLabel("Drop photos or scans of your cards here, or a folder of them.")
        self.status.setWordWrap(True)
        top = QHBoxLayout()
        for widget in (self.add_files, self.add_folder, QLabel("Location:"), self.location,
                       QLabel("Condition:"), self.condition, self.progress, self.cancel):
            top.addWidget(widget)
        top.setStretch(3, 2)
        top.setStretch(6, 1)

        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setIconSize(QSize(72, 100))
        self.table.verticalHeader().setDefaultSectionSize(108)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((84, 170, 170, 56, 110)):
            self.table.setColumnWidth(column, width)
        self.table.setWordWrap(True)
        self.table.selectionModel().selectionChanged.connect(self._selected)
        self.table.doubleClicked.connect(lambda _index: self.accept_selected())

        self.crop = CropView(CROP_SIZE)
        self.name = QLineEdit()
        self.fields = {key: QLineEdit() for key in FORM_FIELDS}
        for edit in (self.name, *self.fields.values()):
            edit.setMinimumWidth(60)  # the form fits a narrow side panel, never clipped
        for key, edit in self.fields.items():
            edit.setPlaceholderText(HINTS.get(key, ""))
        self.doubt_note = QLabel("Highlighted: read with less than 80% confidence; "
                                 "check it against the card.")
        self.doubt_note.setWordWrap(True)
        self.doubt_note.setStyleSheet(f"background: {DOUBT_COLOUR.name()}; padding: 2px")
        self.doubt_note.hide()
        form = QFormLayout()
        form.addRow("Name", self.name)
        for key, edit in self.fields.items():
            form.addRow(key.replace("_", " ").capitalize(), edit)
        form.addRow(self.doubt_note)
        self.form_help = QLabel(UNKNOWN_HELP)
        self.form_help.setWordWrap(True)
        form.insertRow(0, self.form_help)
        self.form_box = QGroupBox(UNKNOWN_TITLE)
        self.form_box.setLayout(form)
        self.accept = QPushButton("Accept")
        self.accept.setToolTip("Accept the selected groups (Enter): one undoable step")
        self.reject = QPushButton("Reject")
        self.reject.setToolTip("Set the selected group aside (Delete)")
        self.accept_known = QPushButton("Accept all known")
        self.accept_known.setToolTip("Accept every group matched to a catalogue card "
                                     "(Ctrl+Shift+A): one undoable step")
        buttons = QHBoxLayout()
        for button in (self.accept, self.reject, self.accept_known):
            buttons.addWidget(button)
        card = QWidget()
        card_layout = self._card_layout = QVBoxLayout(card)
        card_layout.setContentsMargins(0, 4, 0, 0)
        card_layout.addWidget(self.crop, 2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.form_box)
        self.form_scroll = scroll
        card_layout.addWidget(scroll, 3)
        self.known_note = QLabel()
        self.known_note.setObjectName("scanKnownNote")
        self.known_note.setWordWrap(True)
        self.known_note.setAlignment(Qt.AlignmentFlag.AlignTop)
        card_layout.addWidget(self.known_note)
        self.page_view = PageView()
        self.page_view.setToolTip("Every card found on this image: the copies of one card "
                                  "share a colour; the selected group is drawn thick. "
                                  "Click a card to select its group.")
        self.page_view.group_clicked.connect(self.select_group)
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("scanSideTabs")
        self.side_tabs.addTab(card, "Card")
        self.page_caption = QLabel("")
        self.page_caption.setObjectName("scanPageCaption")
        self.page_caption.setWordWrap(True)
        page = QWidget()
        page_layout = QVBoxLayout(page)
        page_layout.setContentsMargins(0, 4, 0, 0)
        page_layout.addWidget(self.page_view, 1)
        page_layout.addWidget(self.page_caption)
        self.side_tabs.addTab(page, "Page")
        self.side_tabs.setTabToolTip(1, "The scanned image with the cards found, grouped")
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.side_tabs, 1)
        side_layout.addLayout(buttons)

        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([600, 400])  # the page and the form get room on a large screen
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(splitter, 1)

        self.add_files.clicked.connect(self._choose_files)
        self.add_folder.clicked.connect(self._choose_folder)
        self.cancel.clicked.connect(self._stop.set)
        self.accept.clicked.connect(self.accept_selected)
        self.reject.clicked.connect(self.reject_selected)
        self.accept_known.clicked.connect(self.accept_all_known)
        for keys, slot in ((Qt.Key.Key_Return, self.accept_selected),
                           (Qt.Key.Key_Enter, self.accept_selected),
                           (Qt.Key.Key_Delete, self.reject_selected)):
            QShortcut(QKeySequence(keys), self.table, activated=slot)
        QShortcut(QKeySequence("Ctrl+Shift+A"), self, activated=self.accept_all_known)
        self._selected()

    # -- screen hooks -----------------------------------------------------------------
    def start(self) -> None:
        self.refresh()

    def undo_stack(self):
        return self.context.operations.history("cards")

    def file_actions(self) -> list[QAction]:
        return [self.export_action, self.merge_action]

    def restore_state(self, settings) -> None:
        self.location.setText(str(settings.value("scan/location", "") or ""))
        self.condition.setCurrentText(str(settings.value("scan/condition",
                                                         Condition.NEAR_MINT.value)))
        self.location.textChanged.connect(lambda t: settings.setValue("scan/location", t))
        self.condition.currentTextChanged.connect(
            lambda t: settings.setValue("scan/condition", t))

    def prepare_screenshot(self) -> None:
        from deckbuilder.gui.scan.demo import demo_page  # lazy: only the screenshot mode

        if missing_libraries():
            return
        folder = Path(self.context.db.path).parent if getattr(self.context.db, "path", None) \
            else Path.cwd()
        self.location.setText("Binder 2, page 3")
        self.side_tabs.setCurrentIndex(1)  # the page: its cards found and grouped
        self.read_images([demo_page(self.context.db.catalogue(), folder / "scan-page.png")])

    # -- reading ------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and not self._reading:
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            self.read_images(paths)

    def _choose_files(self) -> None:
        files, _ = QFileDialog.getOpenFileNames(
            self, "Add images of cards", "", "Images (*.jpg *.jpeg *.png *.webp *.tif *.tiff "
            "*.bmp);;All files (*)")
        if files:
            self.read_images([Path(f) for f in files])

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add a folder of images of cards")
        if folder:
            self.read_images([Path(folder)])

    def read_images(self, paths: list[Path]) -> None:
        """Read and store ``paths`` as one batch, off the GUI thread."""
        if self._reading:
            return
        self._reading = True
        self._stop.clear()
        self.cancel.setEnabled(True)
        self.progress.setRange(0, 0)
        self.progress.setFormat("starting…")
        self.progress.show()
        self._set_adding(False)  # one batch at a time: more images wait for this one
        self._selected()
        self.status.setText(f"Reading {len(paths)} item(s)…")
        stop = self._stop

        def job(db, progress):
            return import_batch(db, paths, location=self.location.text(),
                                condition=self.condition.currentText(),
                                progress=lambda done, total, _file: progress(done, total),
                                should_stop=stop.is_set)

        # Cancel sets ``stop`` (the batch keeps what was read), so the operation's own
        # Cancel, which would roll the whole batch back, is not offered.
        self.context.operations.run(job, label="Read scanned cards", undoable=False,
                                    error_title="The images were not read",
                                    progress=self._progressed, on_done=self._read_done,
                                    on_error=self._read_failed)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.progress.setFormat(f"{done} / {total} images")

    def _finish_reading(self) -> None:
        self._reading = False
        self.cancel.setEnabled(False)
        self.progress.hide()
        self._set_adding(True)

    def _set_adding(self, enabled: bool) -> None:
        tip = "" if enabled else "Wait for the images being read, or Cancel them"
        for button in (self.add_files, self.add_folder):
            button.setEnabled(enabled and not missing_libraries())
            button.setToolTip(tip)

    def _read_done(self, result) -> None:
        self._finish_reading()
        stopped = " (cancelled: what was read is kept)" if result.cancelled else ""
        errors = f"; {len(result.errors)} could not be read" if result.errors else ""
        self.status.setText(
            f"Batch {result.batch_id}: {result.images_read} image(s) read, "
            f"{result.cards_found} card(s) found in {len(result.group_ids)} group(s)"
            f"{errors}{stopped}. Select a row and press Enter to accept it.")
        self.refresh()
        if self.location.text().strip():
            self.context.tasks.run(audit_batch, self.context.db, result.batch_id,
                                   on_done=self._show_audit, on_error=lambda *_: None)

    def _show_audit(self, audit: Audit) -> None:
        """The audit walk: what is new, missing or moved since the last scan here."""
        if audit.previous is None:
            return
        parts = [f"new {c} x {n}" + (f" (from {audit.moved[n]})" if n in audit.moved else "")
                 for n, c in sorted(audit.new.items())]
        parts += [f"missing {c} x {n}" for n, c in sorted(audit.missing.items())]
        self.status.setText(f"{self.status.text()}\nSince the last scan of {audit.location}: "
                            + ("; ".join(parts) or "nothing new or missing") + ".")

    def _read_failed(self, exc: BaseException) -> None:
        self._finish_reading()
        self.status.setText(str(exc))

    # -- review -------------------------------------------------------------------------
    def refresh(self) -> None:
        self.context.tasks.run(pending_groups, self.context.db, on_done=self._show_groups)

    def _show_groups(self, groups: list[PendingGroup]) -> None:
        rows = [index.row() for index in self.table.selectionModel().selectedRows()]
        self.model.replace_rows(groups)
        # one location for every row (the usual case): said once, not on every row
        self.table.setColumnHidden(4, len({g.location for g in groups}) <= 1)
        if groups:  # the row that took the place of the one decided, or the first
            self.table.selectRow(min(min(rows, default=0), len(groups) - 1))
        self._selected()

    def _selected_groups(self) -> list[PendingGroup]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.model.group(row) for row in rows]

    def _selected(self, *_args) -> None:
        groups = self._selected_groups()
        one = groups[0] if len(groups) == 1 else None
        self.crop.set_image(thumbnail(one.best_crop, CROP_SHOWN).toImage() if one else QImage())
        self.form_box.setEnabled(one is not None and not one.match_name)
        known = one is not None and bool(one.match_name)
        self.form_box.setTitle(KNOWN_TITLE if known else UNKNOWN_TITLE)
        self.form_help.setText(UNKNOWN_HELP)
        # a catalogue card has nothing to fill in, nor has no selection: a note instead
        # of an empty form
        unknown = one is not None and not known
        self.form_scroll.setVisible(unknown)
        self.known_note.setVisible(not unknown)
        if known:
            copies = "1 copy" if one.copies == 1 else f"{one.copies} copies"
            self.known_note.setText(
                f"<b>{KNOWN_TITLE}: {html.escape(one.match_name)}</b> "
                f"(matched {one.match_score:.0%}, {copies}).<br>{KNOWN_HELP}")
        elif one is None:
            self.known_note.setText(
                f"{len(groups)} groups selected: Accept accepts them all." if groups else
                "Select a group in the queue to see its crop and what was read."
                if self.model.rowCount() else
                "Reading: the groups found appear in the queue when it is done."
                if self._reading else
                "Nothing to review. Drop scans or photos of your cards here, or use Add "
                "images… or Add a folder…")
        self.crop.setVisible(one is not None)  # without a crop the note takes its place
        self._card_layout.setStretchFactor(self.known_note, 0 if one is not None else 1)
        self.name.setText(one.match_name or one.name_read if one else "")
        self._read_fields = {}
        for key, edit in self.fields.items():
            value, confidence = (one.fields.get(key, ("", 1.0)) if one else ("", 1.0))
            edit.setText(value)
            self._read_fields[key] = value
            doubtful = bool(value) and confidence < DOUBTFUL
            edit.setStyleSheet(f"background: {DOUBT_COLOUR.name()}" if doubtful else "")
            edit.setToolTip(f"Read with {confidence:.0%} confidence: check it against the card"
                            if doubtful else (f"As read ({confidence:.0%})" if value else ""))
        self.doubt_note.setVisible(any(e.styleSheet() for e in self.fields.values()))
        self.accept.setEnabled(bool(groups))
        self.reject.setEnabled(one is not None)
        self.accept_known.setEnabled(any(g.match_name for g in self.model.rows))
        if one is not None and not one.match_name:
            self.side_tabs.setCurrentIndex(0)  # an unknown card: its form, beside its crop
        self._show_page(one.id if one else None)

    # -- the page view ------------------------------------------------------------------
    def select_group(self, group_id: int) -> None:
        """Select the queue's row of ``group_id`` (a card clicked on the page); a group
        already decided is not in the queue, and the status line says so."""
        row = next((r for r, g in enumerate(self.model.rows) if g.id == group_id), None)
        if row is None:
            self.context.status.emit("That card's group was already accepted or rejected.")
            return
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))

    def _show_page(self, group_id: int | None) -> None:
        """Show the image holding ``group_id`` with every card found on it."""
        self._page_requests += 1
        request = self._page_requests
        self.page_view.select(group_id)
        if group_id is None:
            return
        self.context.tasks.run(page_of_group, self.context.db, group_id,
                               on_done=lambda page: self._page_found(page, request),
                               on_error=lambda *_: None)

    def _page_found(self, page: ScannedPage | None, request: int) -> None:
        if request != self._page_requests:
            return  # another group was selected meanwhile
        shown = self.page_view.page
        if page is None or (shown is not None and shown.file == page.file):
            self._put_page(page, self.page_view.image, self.page_view.factor)
            return
        self.context.tasks.run(load_page, page.file,
                               on_done=lambda loaded: self._page_loaded(page, loaded, request),
                               on_error=lambda *_: None)

    def _page_loaded(self, page: ScannedPage, loaded, request: int) -> None:
        if request == self._page_requests:
            self._put_page(page, *loaded)

    def _put_page(self, page: ScannedPage | None, image, factor: float) -> None:
        self.page_view.show_page(page, image, factor)
        if page is None:
            self.page_caption.setText("")
            return
        groups = len({card.group for card in page.cards})
        self.page_caption.setText(
            f"{page.file.name}: {len(page.cards)} card(s) found in {groups} group(s). "
            "Copies of one card share a colour; the selected group is filled; accepted "
            "and rejected ones are grey.")

    def decisions(self) -> list[Decision]:
        """The selected groups as decisions: a known card as matched; an unknown one with
        the name in the form and the fields the user changed there (stated facts)."""
        result = []
        for group in self._selected_groups():
            if group.match_name:
                result.append(Decision(group.id))
                continue
            stated = {key: edit.text().strip() for key, edit in self.fields.items()
                      if edit.text().strip() != self._read_fields.get(key, "")}
            result.append(Decision(group.id, self.name.text().strip() or None, stated))
        return result

    def accept_selected(self) -> None:
        decisions = self.decisions()
        if decisions:
            self._accept(decisions)

    def accept_all_known(self) -> None:
        decisions = [Decision(g.id) for g in self.model.rows if g.match_name]
        if decisions:
            self._accept(decisions)

    def _accept(self, decisions: list[Decision]) -> None:
        self.context.operations.run(accept_groups, decisions, label="Accept scanned cards",
                                    error_title="The scanned cards were not accepted",
                                    on_done=self._accepted)

    def _accepted(self, outcome) -> None:
        names = outcome.value
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        self.status.setText(f"Accepted {shown}: in the catalogue and your collection "
                            f"(Edit > Undo takes it back).")
        self.refresh()

    def reject_selected(self) -> None:
        groups = self._selected_groups()
        if len(groups) == 1:
            self.context.operations.run(reject_group, groups[0].id,
                                        error_title="The group was not rejected",
                                        on_done=lambda _result: self.refresh())
