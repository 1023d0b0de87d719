"""The detail pane: the card's face at full size with its footer written out whole
under it (the drawn footer shortens a long source), every characteristic with estimated
values marked, traits and powers, and the copies owned.

Values and their marks come from :func:`deckbuilder.presentation.card_details`; an
estimated value is drawn in the estimated colour with :data:`ESTIMATED_NOTE` as its
tooltip, and the note is repeated under the list.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from card_db.images.aspect import card_height
from card_db.records import CardRecord
from deckbuilder.gui.style import ESTIMATED_NOTE, estimated_html
from deckbuilder.presentation import card_details, not_modelled_row

#: Width the face is rendered at (the proxy's full size, 10 px per mm).
FACE_WIDTH = 630
#: Widest the face is shown, in px.
MAX_SHOWN_WIDTH = 340

#: card_details label -> the record field it shows (for the estimated mark).
LABEL_FIELDS = {
    "Type": "card_type",
    "Permanent": "permanent",
    "Dominion": "dominions",
    "Unique": "unique",
    "Gender": "gender",
    "Magic": "magic",
    "Strength": "strength",
    "Prime": "prime",
    "Resistance": "resistance",
    "Affiliations": "affiliations",
    "Deck limit": "deck_limit",
    "Traits": "traits",
    "Powers": "powers",
    "Rarity": "rarity",
    "Artist": "artist",
}


class CardFace(QLabel):
    """A card face scaled to the label's width, keeping the card's aspect."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)
        self._source: QPixmap | None = None
        self._shown_width = 0

    def set_face(self, pixmap: QPixmap | None, waiting_text: str = "") -> None:
        self._source = pixmap
        if pixmap is None:
            self.setPixmap(QPixmap())
            self.setText(waiting_text)
        self._rescale(force=True)

    def has_face(self) -> bool:
        return self._source is not None

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._rescale()

    def _rescale(self, force: bool = False) -> None:
        width = max(min(self.width(), MAX_SHOWN_WIDTH), 160)
        self.setFixedHeight(card_height(width))
        if self._source is None or (width == self._shown_width and not force):
            return
        self._shown_width = width
        ratio = self.devicePixelRatioF()
        scaled = self._source.scaledToWidth(
            int(width * ratio), Qt.TransformationMode.SmoothTransformation
        )
        scaled.setDevicePixelRatio(ratio)
        self.setPixmap(scaled)


def footer_text(record: CardRecord) -> str:
    """What the face's footer says, whole: set, collector number, rarity, source and
    artist (the drawn footer shortens a long set name or source with "…")."""
    parts = [record.set_name or "", f"#{record.collector_number}"
             if record.collector_number else "", record.rarity or ""]
    source = record.source.strip()
    parts.append("Demo card" if source.casefold() == "demo"
                 else f"Source: {source or 'unknown'}")
    if record.artist:
        parts.append(f"Illus. {record.artist}")
    return " · ".join(p for p in parts if p)


class CardDetailPane(QScrollArea):
    """Shows one card; :meth:`show_card` with ``None`` shows a hint instead."""

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self._context = context
        self._record: CardRecord | None = None
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setObjectName("cardDetail")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.face = CardFace()
        self.footer = QLabel()
        self.footer.setObjectName("cardFooter")
        self.footer.setWordWrap(True)
        self.footer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.footer.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.title = QLabel()
        self.title.setObjectName("cardTitle")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.owned_label = QLabel()
        self.owned_label.setObjectName("ownedCount")
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        self.note = QLabel(estimated_html(html.escape(ESTIMATED_NOTE)))
        self.note.setWordWrap(True)
        self.note.setObjectName("estimatedNote")
        layout.addWidget(self.face)
        layout.addWidget(self.footer)
        layout.addWidget(self.title)
        layout.addWidget(self.owned_label)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addStretch(1)
        self.setWidget(body)
        self.value_labels: dict[str, QLabel] = {}
        context.images.ready.connect(self._image_ready)
        self.show_card(None)

    @property
    def record(self) -> CardRecord | None:
        return self._record

    def show_card(self, record: CardRecord | None, owned: int = 0) -> None:
        """Show ``record`` (and ``owned`` copies), or a hint when ``None``."""
        self._record = record
        while self.form.rowCount():
            self.form.removeRow(0)
        self.value_labels = {}
        if record is None:
            self.face.set_face(None, "")
            self.face.setToolTip("")
            self.footer.hide()
            self.title.setText("No card selected")
            self.owned_label.setText("Select a card to see its details.")
            self.note.hide()
            return
        self.title.setText(record.name)
        self.footer.setText(footer_text(record))
        self.footer.show()
        self.face.setToolTip(footer_text(record))
        self.owned_label.setText(
            f"Owned: {owned} {'copy' if owned == 1 else 'copies'} in your collection"
        )
        any_estimated = False
        rows = card_details(record)[1:]  # the name is the title
        if row := not_modelled_row(record):
            rows.append(row)
        for label, value in rows:
            field = LABEL_FIELDS.get(label)
            estimated = field is not None and record.is_estimated(field)
            any_estimated |= estimated
            text = html.escape(value)
            shown = QLabel(estimated_html(text) if estimated else text)
            shown.setTextFormat(Qt.TextFormat.RichText)
            shown.setWordWrap(True)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            if estimated:
                shown.setToolTip(ESTIMATED_NOTE)
            shown.setProperty("estimated", estimated)
            self.form.addRow(f"{label}:", shown)
            self.value_labels[label] = shown
        self.note.setVisible(any_estimated)
        self._show_face()

    def _show_face(self) -> None:
        pixmap = self._context.images.pixmap(self._record, FACE_WIDTH)
        self.face.set_face(pixmap, "Drawing the card…")

    def _image_ready(self, name: str, width: int) -> None:
        if self._record is not None and name == self._record.name and width == FACE_WIDTH:
            self._show_face()
