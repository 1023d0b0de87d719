"""Card faces as Qt pixmaps, rendered off the GUI thread and kept in a small cache.

Faces come from :func:`deckbuilder.services.images.face_for` (the user's scan if
one is attached, else a proxy face drawn by :mod:`card_db.images.proxy`). A request
for a face not yet rendered returns ``None`` and starts the rendering; ``ready``
is emitted when it can be asked again.
"""

from __future__ import annotations

from collections import OrderedDict

from PIL import Image
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QIcon, QImage, QPixmap

from card_db.images.proxy import MIN_WIDTH_PX
from card_db.records import CardRecord
from card_db.userdb import UserDatabase
from deckbuilder.gui.errors import describe_error

#: Faces kept in memory (about 60 MB at the detail width, much less for thumbnails).
CACHE_SIZE = 400
#: Renders waiting at most; older ones are dropped when the user scrolls on.
MAX_QUEUED = 48


def pil_to_qimage(image: Image.Image) -> QImage:
    """A deep copy of a Pillow image as an RGB888 :class:`QImage` (safe in any thread)."""
    rgb = image.convert("RGB")
    data = rgb.tobytes()
    return QImage(data, rgb.width, rgb.height, 3 * rgb.width, QImage.Format.Format_RGB888).copy()


def pil_to_qimage_rgba(image: Image.Image) -> QImage:
    """Like :func:`pil_to_qimage`, keeping transparency (RGBA8888)."""
    rgba = image.convert("RGBA")
    data = rgba.tobytes()
    return QImage(
        data, rgba.width, rgba.height, 4 * rgba.width, QImage.Format.Format_RGBA8888
    ).copy()


def app_icon() -> QIcon:
    """The app icon (:func:`card_db.images.art.app_icon`) at the usual icon sizes."""
    # lazy: Pillow loads when the first card face is drawn, after the window shows
    from card_db.images.art import app_icon as draw_icon

    icon = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256):
        icon.addPixmap(QPixmap.fromImage(pil_to_qimage_rgba(draw_icon(size))))
    return icon


def render_face(db: UserDatabase, record: CardRecord, width: int) -> QImage:
    """The card's face ``width`` px wide as a QImage (runs in a worker thread)."""
    # lazy: Pillow loads when the first card face is drawn, after the window shows
    from deckbuilder.services.images import face_for

    return pil_to_qimage(face_for(db, record, max(width, MIN_WIDTH_PX)))


class CardImages(QObject):
    """Cache of card faces keyed by (card name, width in px).

    ``ready(name, width)`` is emitted on the GUI thread when a requested face is in
    the cache. ``failed(name, message)`` when it could not be drawn.
    """

    ready = Signal(str, int)
    failed = Signal(str, str)

    def __init__(self, context, capacity: int = CACHE_SIZE):
        super().__init__(context)
        self._context = context
        self._capacity = capacity
        self._cache: OrderedDict[tuple[str, int], QPixmap] = OrderedDict()
        self._queued: OrderedDict[tuple[str, int], int] = OrderedDict()
        self._epochs: dict[str, int] = {}
        self._global_epoch = 0

    def _epoch(self, name: str) -> tuple[int, int]:
        return self._global_epoch, self._epochs.get(name, 0)

    def cached(self, name: str, width: int) -> QPixmap | None:
        key = (name, width)
        pixmap = self._cache.get(key)
        if pixmap is not None:
            self._cache.move_to_end(key)
        return pixmap

    def pixmap(self, record: CardRecord, width: int) -> QPixmap | None:
        """The face of ``record`` at ``width`` px, or ``None`` while it is being drawn."""
        key = (record.name, width)
        pixmap = self.cached(*key)
        if pixmap is not None:
            return pixmap
        if key in self._queued:
            self._queued.move_to_end(key)
            return None
        epoch = self._epoch(record.name)
        task = self._context.run(
            render_face,
            self._context.db,
            record,
            width,
            pool="images",
            on_done=lambda image, key=key, epoch=epoch: self._store(key, image, epoch),
            on_error=lambda exc, _details, key=key: self._fail(key, exc),
        )
        self._queued[key] = task
        while len(self._queued) > MAX_QUEUED:
            old_key, old_task = next(iter(self._queued.items()))
            if not self._context.tasks.cancel(old_task):
                break  # already running: it will finish on its own
            del self._queued[old_key]
        return None

    def _store(self, key: tuple[str, int], image: QImage, epoch: tuple[int, int]) -> None:
        if epoch != self._epoch(key[0]):
            return  # invalidated while it was being drawn
        self._queued.pop(key, None)
        self._cache[key] = QPixmap.fromImage(image)
        while len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
        self.ready.emit(*key)

    def _fail(self, key: tuple[str, int], exc: BaseException) -> None:
        self._queued.pop(key, None)

        self.failed.emit(key[0], describe_error(exc))

    def invalidate(self, name: str | None = None) -> None:
        """Forget the faces of card ``name`` (every card if ``None``)."""
        if name is None:
            self._global_epoch += 1
        else:
            self._epochs[name] = self._epochs.get(name, 0) + 1
        for key in [k for k in self._cache if name is None or k[0] == name]:
            del self._cache[key]
        for key in [k for k in self._queued if name is None or k[0] == name]:
            del self._queued[key]

    def on_catalogue_changed(self, names) -> None:
        if names is None:
            self.invalidate()
        else:
            for name in names:
                self.invalidate(name)
