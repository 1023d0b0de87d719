"""The card editor screen: pick a card, correct its fields, attach a scan, or add a card."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSortFilterProxyModel, QStringListModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from card_db.records import CardRecord, CardType
from card_db.userdb import UserDatabase
from deckbuilder.gui.browser.detail import FACE_WIDTH
from deckbuilder.gui.card_editor.fields import FIELDS_BY_NAME
from deckbuilder.gui.card_editor.form import CORRECT, NEW, CardForm
from deckbuilder.gui.card_editor.scan_drop import ScanDropArea
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.fit import scrolling
from deckbuilder.gui.screens import Screen
from deckbuilder.gui.settings import restore_splitter
from deckbuilder.messages import is_user_error
from deckbuilder.services.cards import add_card, correct_card_fields, parse_card_fields
from deckbuilder.services.changes import Outcome

#: Checklist column -> form field, to point at the field a checklist error names.
COLUMN_FIELDS = {spec.column: spec.name for spec in FIELDS_BY_NAME.values()}


def load_cards(db: UserDatabase) -> dict[str, CardRecord]:
    """Every card by name (worker thread)."""
    return {record.name: record for record in db.catalogue()}


def add_new_card(db: UserDatabase, fields: dict[str, str]) -> Outcome[CardRecord]:
    """Check ``fields`` as a checklist row and insert the card (write thread)."""
    return add_card(db, parse_card_fields(db, fields))


class CardEditorScreen(Screen):
    """Correct cards from the physical card, add cards, attach scans."""

    key = "card-editor"
    title = "Card editor"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.cards: dict[str, CardRecord] = {}
        self._wanted: str | None = None
        self._build()
        self._connect()

    def _build(self) -> None:
        self.filter = QLineEdit()
        self.filter.setObjectName("cardEditorFilter")
        self.filter.setPlaceholderText("Filter cards by name")
        self.filter.setClearButtonEnabled(True)
        self.names = QStringListModel(self)
        self.names_proxy = QSortFilterProxyModel(self)
        self.names_proxy.setSourceModel(self.names)
        self.names_proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.list = QListView()
        self.list.setObjectName("cardEditorList")
        self.list.setModel(self.names_proxy)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setUniformItemSizes(True)
        self.new_button = QPushButton("New card…")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.filter)
        left_layout.addWidget(self.list, 1)
        left_layout.addWidget(self.new_button)

        self.heading = QLabel()
        self.heading.setObjectName("cardEditorHeading")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.heading.setFont(font)
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.form = CardForm()
        self.scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        self.note = QLineEdit()
        self.note.setPlaceholderText("Note kept with the correction (e.g. 'from my 1997 card')")
        self.save_button = QPushButton("Save corrections")
        self.save_button.setDefault(True)
        self.revert_button = QPushButton("Revert")
        buttons = QHBoxLayout()
        buttons.addWidget(self.note, 1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.save_button)
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        middle_layout.addWidget(self.heading)
        middle_layout.addWidget(self.explain)
        middle_layout.addWidget(scroll, 1)
        # the form's message sits by the buttons, in view however the form is scrolled
        middle_layout.addWidget(self.form.error)
        middle_layout.addLayout(buttons)

        self.scan = ScanDropArea()
        self.attach_button = QPushButton("Attach scan…")
        self.remove_scan_button = QPushButton("Remove scan")
        self.remove_scan_button.setObjectName("removeScan")
        self.remove_scan_button.setToolTip("Show the proxy face again (Edit > Undo brings "
                                           "the scan back)")
        self.remove_scan_button.setEnabled(False)
        self.scan_status = QLabel()
        self.scan_status.setWordWrap(True)
        self.scan_status.setObjectName("scanStatus")
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.scan, 1)
        scan_buttons = QHBoxLayout()
        scan_buttons.addWidget(self.attach_button)
        scan_buttons.addWidget(self.remove_scan_button)
        right_layout.addLayout(scan_buttons)
        right_layout.addWidget(self.scan_status)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("cardEditorSplitter")
        for widget in (left, middle, scrolling(right, steady=True)):
            self.splitter.addWidget(widget)
        # every pane gives way in a small window, the form least
        for index, stretch in enumerate((1, 3, 2)):
            self.splitter.setStretchFactor(index, stretch)
        self.splitter.setSizes([220, 640, 340])
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter)
        self._update_buttons()

    def _connect(self) -> None:
        self.filter.textChanged.connect(self.names_proxy.setFilterFixedString)
        self.list.selectionModel().currentChanged.connect(self._chosen)
        self.new_button.clicked.connect(self.start_new_card)
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self.revert)
        self.form.edited.connect(self._update_buttons)
        self.attach_button.clicked.connect(lambda: self.choose_scan())
        self.remove_scan_button.clicked.connect(self.remove_scan)
        self.context.images_changed.connect(self._images_changed)
        self.scan.file_dropped.connect(self.attach_scan)
        self.context.images.ready.connect(self._image_ready)
        self.context.catalogue_changed.connect(self._catalogue_changed)

    # -- loading ------------------------------------------------------------------------------

    def start(self) -> None:
        self.reload()

    def reload(self, select: str | None = None) -> None:
        if select is not None:
            self._wanted = select
        self.context.run(
            load_cards, self.context.db, on_done=self._loaded,
            on_error=self.context.error_handler("The cards could not be read"),
        )

    def _loaded(self, cards: dict[str, CardRecord]) -> None:
        self.cards = cards
        sites = (n for n, r in cards.items() if r.card_type is CardType.SITE)
        self.form.site_names = frozenset(sites)
        self.form.known_affiliations = frozenset(a for r in cards.values() for a in r.affiliations)
        current = self._wanted or (self.form.record.name if self.form.record else None)
        self._wanted = None
        self.names.setStringList(sorted(cards, key=str.casefold))
        if self.form.mode == NEW and current is None:
            return
        self.select_card(current or next(iter(sorted(cards, key=str.casefold)), ""))

    def _catalogue_changed(self, _names, initiator: object) -> None:
        if initiator is not self:  # a save here shows its result itself
            self.reload()

    def select_card(self, name: str) -> bool:
        """Show the card called ``name`` (clears the filter if it hides it)."""
        rows = [i for i, n in enumerate(self.names.stringList()) if n == name]
        if not rows:
            return False
        index = self.names_proxy.mapFromSource(self.names.index(rows[0]))
        if not index.isValid():
            self.filter.clear()
            index = self.names_proxy.mapFromSource(self.names.index(rows[0]))
        self.list.setCurrentIndex(index)
        self.list.scrollTo(index)
        self.show_card(self.cards[name])
        return True

    def _chosen(self, current, _previous=None) -> None:
        name = current.data() if current.isValid() else None
        if name in self.cards and (self.form.record is None or self.form.record.name != name
                                   or self.form.mode == NEW):
            self.show_card(self.cards[name])

    def show_card(self, record: CardRecord) -> None:
        self.form.show_record(record)
        self.heading.setText(record.name)
        self.explain.setText(
            "Correct any value from your own card; saving records it as your correction and "
            "removes the estimated mark. Estimated values are marked * (tick \"matches my "
            "card\" to confirm one unchanged)."
            if record.estimated else
            "Correct any value from your own card; saving records it as your correction."
        )
        self.save_button.setText("Save corrections")
        self.scan_status.clear()
        self._show_face()
        self._update_buttons()

    def _show_face(self) -> None:
        record = self.form.record
        self._check_scan()
        if record is None:
            self.scan.face.set_face(None, "No card")
            return
        self.scan.face.set_face(self.context.images.pixmap(record, FACE_WIDTH), "Drawing…")

    def _check_scan(self) -> None:
        """Enable Remove scan if the current card has one (read off the GUI thread)."""
        self.remove_scan_button.setEnabled(False)
        record = self.form.record
        if record is None or self.form.mode != CORRECT:
            return

        # lazy: Pillow loads when the first card face is drawn, after the window shows
        from deckbuilder.services.images import scan_path

        def found(path) -> None:
            current = self.form.record
            if current is not None and current.name == record.name and self.form.mode == CORRECT:
                self.remove_scan_button.setEnabled(path is not None)

        self.context.run(scan_path, self.context.db, record.name, on_done=found,
                         on_error=lambda *_: None)

    def _images_changed(self, name: str) -> None:
        if self.form.record is not None and name == self.form.record.name:
            self._show_face()

    def _image_ready(self, name: str, width: int) -> None:
        if self.form.record is not None and name == self.form.record.name and width == FACE_WIDTH:
            self._show_face()

    def _update_buttons(self) -> None:
        pending = self.form.mode == NEW or bool(self.form.corrections())
        self.save_button.setEnabled(pending)
        self.revert_button.setEnabled(pending)
        self.attach_button.setEnabled(self.form.mode == CORRECT and self.form.record is not None)
        self.scan.setAcceptDrops(self.form.mode == CORRECT and self.form.record is not None)
        if self.form.mode != CORRECT:
            self.remove_scan_button.setEnabled(False)
        self.document_actions_changed.emit()

    # -- commands -------------------------------------------------------------------------------

    def start_new_card(self) -> None:
        """Empty the form to add a new card (Save adds it)."""
        self.list.clearSelection()
        self.form.start_new()
        self.heading.setText("New card")
        self.explain.setText(
            "Enter the card as printed. It is checked like a checklist row and added to your "
            "catalogue as your own card, which app data updates never overwrite."
        )
        self.save_button.setText("Add card")
        self.scan.face.set_face(None, "Attach a scan after adding the card")
        self._update_buttons()

    def revert(self) -> None:
        if self.form.mode == NEW:
            self.start_new_card()
        elif self.form.record is not None:
            self.show_card(self.form.record)

    def save(self) -> None:
        """Save the corrections, or add the new card (through the writer thread)."""
        if self.form.mode == NEW:
            self.context.operations.run(
                add_new_card, self.form.checklist_fields(), initiator=self,
                on_done=lambda outcome: self._card_added(outcome.value),
                on_error=self._save_failed, error_title="The card was not added",
            )
            return
        changes = self.form.corrections()
        if not changes or self.form.record is None:
            return

        self.context.operations.run(
            correct_card_fields, self.form.record.name, changes, self.note.text().strip(),
            initiator=self, on_done=lambda outcome: self._corrected(outcome.value),
            on_error=self._save_failed, error_title="The corrections were not saved",
        )

    def _corrected(self, record: CardRecord) -> None:
        self.cards[record.name] = record
        self.note.clear()
        self.show_card(record)
        self.context.status.emit(f"Saved your corrections of {record.name}")

    def _card_added(self, record: CardRecord) -> None:
        self.cards[record.name] = record
        self.form.show_record(record)
        self.context.status.emit(f"Added {record.name} to the catalogue")
        self.reload(select=record.name)

    def _save_failed(self, exc: BaseException) -> bool:
        """Show a mistake in the form (True: no dialog); a bug goes to the bug dialog."""
        if not is_user_error(exc):
            return False
        message = getattr(exc, "message", None) or describe_error(exc)
        column = message.split(":", 1)[0].strip() if ":" in message else None
        field = COLUMN_FIELDS.get(column, column)
        self.form.show_error(f"Not saved: {message}", field)
        if field in self.form.editors:
            self.scroll.ensureWidgetVisible(self.form.editors[field].widget)
        return True

    def choose_scan(self) -> None:
        if self.form.record is None:
            return
        file, _ = QFileDialog.getOpenFileName(
            self, f"Attach a scan of {self.form.record.name}", "",
            "Images (*.jpg *.jpeg *.png *.webp *.tif *.tiff *.bmp *.gif);;All files (*)",
        )
        if file:
            self.attach_scan(Path(file))

    def attach_scan(self, file: Path) -> None:
        """Import ``file`` as the current card's scan (the images layer normalises it)."""
        record = self.form.record
        if record is None or self.form.mode != CORRECT:
            return
        # lazy: Pillow loads when the first card face is drawn, after the window shows
        from deckbuilder.services.images import attach_scan

        self.scan_status.setText(f"Importing {Path(file).name}…")
        self.context.operations.run(
            attach_scan, record.name, Path(file), initiator=self,
            on_done=lambda outcome: self._scan_attached(record.name, outcome.value),
            on_error=self._scan_failed, error_title="The scan was not attached",
        )

    def _scan_attached(self, name: str, path: Path) -> None:
        self.scan_status.setText(f"Scan attached ({path.name}).")
        self.context.status.emit(f"Attached a scan of {name}")
        self._show_face()  # after images_changed dropped the old face

    def remove_scan(self) -> None:
        """Remove the current card's scans (undoable from Edit > Undo)."""
        record = self.form.record
        if record is None or self.form.mode != CORRECT:
            return
        # lazy: Pillow loads when the first card face is drawn, after the window shows
        from deckbuilder.services.images import remove_scans

        self.context.operations.run(
            remove_scans, record.name, initiator=self,
            on_done=lambda _changes: self._scan_removed(record.name),
            error_title="The scan was not removed",
        )

    def _scan_removed(self, name: str) -> None:
        self.scan_status.setText("Scan removed: the proxy face is shown.")
        self.context.status.emit(f"Removed the scan of {name}")

    def _scan_failed(self, exc: BaseException) -> None:
        self.scan_status.setText(f"Not attached: {describe_error(exc)}")

    # -- Screen hooks -----------------------------------------------------------------------------

    def can(self, action: str) -> bool:
        return action == "save" and self.save_button.isEnabled()

    def save_document(self) -> None:
        self.save()

    def undo_stack(self):
        """The cards' history: corrections and added cards."""
        return self.context.operations.history("cards")

    def focus_search(self) -> bool:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()
        return True

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "card-editor")

    def prepare_screenshot(self) -> None:
        self.context.wait_idle()
        self.select_card("Gentle")
