"""The card face in the editor, which also takes a dropped photo or scan of the card."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

from deckbuilder.gui.browser.detail import CardFace


def dropped_file(mime) -> Path | None:
    """The one local file a drop carries, or ``None``."""
    if not mime.hasUrls():
        return None
    files = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return files[0] if len(files) == 1 else None


class ScanDropArea(QFrame):
    """Shows a card face; dropping one image file on it emits ``file_dropped(Path)``."""

    file_dropped = Signal(Path)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("scanDrop")
        self.setAcceptDrops(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.face = CardFace()
        self.hint = QLabel("Drop a photo or scan of this card here")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.face)
        layout.addWidget(self.hint)
        layout.addStretch(1)

    def dragEnterEvent(self, event) -> None:
        if dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()
            self.setFrameShadow(QFrame.Shadow.Sunken)
        else:
            event.ignore()

    def dragLeaveEvent(self, event) -> None:
        self.setFrameShadow(QFrame.Shadow.Plain)
        super().dragLeaveEvent(event)

    def dropEvent(self, event) -> None:
        self.setFrameShadow(QFrame.Shadow.Plain)
        file = dropped_file(event.mimeData())
        if file is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.file_dropped.emit(file)
