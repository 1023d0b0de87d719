"""The photos of the selected copy on the Shelf screen: thumbnails in a row, with Add
photo… and Remove photo. Writes go through ``context.operations`` (undoable in the
"shelf" history); the strip is read again whenever the screen shows a copy."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.services.shelf_photos import CopyPhoto, add_photo, copy_photos, remove_photo

PHOTO_ID = Qt.ItemDataRole.UserRole
THUMB = QSize(120, 120)
IMAGE_FILTER = "Images (*.jpg *.jpeg *.png *.webp *.tif *.tiff *.bmp *.gif);;All files (*)"


class PhotoStrip(QWidget):
    """Thumbnails of one copy's photos (none shown while no copy is selected)."""

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.copy_id: int | None = None
        self.photos: list[CopyPhoto] = []
        self.list = QListWidget()
        self.list.setObjectName("shelfPhotos")
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setFlow(QListView.Flow.LeftToRight)
        self.list.setWrapping(False)
        self.list.setIconSize(THUMB)
        self.list.setFixedHeight(THUMB.height() + 44)
        self.list.setMovement(QListView.Movement.Static)
        self.list.currentItemChanged.connect(lambda *_: self._enable())
        self.title = QLabel("Photos")
        self.add_button = QPushButton("Add photo…")
        self.remove_button = QPushButton("Remove photo")
        self.add_button.clicked.connect(lambda: self.ask_add())
        self.remove_button.clicked.connect(lambda: self.remove_current())
        buttons = QHBoxLayout()
        buttons.addWidget(self.title)
        buttons.addStretch(1)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.list)
        self.show_copy(None)

    def show_copy(self, copy_id: int | None) -> None:
        """Show the photos of copy ``copy_id`` (read in the background); ``None`` hides
        the strip."""
        self.copy_id = copy_id
        self.setVisible(copy_id is not None)
        if copy_id is None:
            self._fill([])
            return
        self.context.run(copy_photos, self.context.db, copy_id,
                         on_done=lambda photos: self._loaded(copy_id, photos),
                         on_error=self.context.error_handler("The photos could not be read"))

    def _loaded(self, copy_id: int, photos: list[CopyPhoto]) -> None:
        if copy_id == self.copy_id:  # a newer selection has not replaced it meanwhile
            self._fill(photos)

    def _fill(self, photos: list[CopyPhoto]) -> None:
        self.photos = photos
        self.list.clear()
        for photo in photos:
            shown = photo.thumbnail if photo.thumbnail.is_file() else photo.path
            item = QListWidgetItem(QIcon(QPixmap(str(shown))), photo.original_name)
            item.setData(PHOTO_ID, photo.id)
            item.setToolTip(f"Photo {photo.id}: {photo.original_name} "
                            f"({photo.width} × {photo.height} px)\n{photo.path}")
            self.list.addItem(item)
        self.title.setText(f"Photos ({len(photos)})" if photos else "Photos: none yet")
        self._enable()

    def _enable(self) -> None:
        self.remove_button.setEnabled(self.list.currentItem() is not None)

    def ask_add(self) -> None:
        """Ask for image files, then import them."""
        files, _ = QFileDialog.getOpenFileNames(self, "Add photos of the copy", "",
                                                IMAGE_FILTER)
        for file in files:
            self.add(file)

    def add(self, file: str) -> None:
        """Import the photo ``file`` of the shown copy."""
        if self.copy_id is None:
            return
        self.context.operations.run(add_photo, self.copy_id, Path(file), initiator=self,
                                    error_title="The photo was not added")

    def remove_current(self) -> None:
        """Take the selected photo off the shown copy."""
        item = self.list.currentItem()
        if self.copy_id is None or item is None:
            return
        self.context.operations.run(remove_photo, self.copy_id, item.data(PHOTO_ID),
                                    initiator=self, error_title="The photo was not removed")
