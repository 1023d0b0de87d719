"""The user guide in a window of its own: Help > User Guide and F1 where the built
guide cannot be opened in the web browser (:mod:`deckbuilder.gui.guide_open`).

The contents (the guide's ``nav``) on the left, the page on the right, rendered from
the same Markdown the web guide is built from (:mod:`deckbuilder.guide`) by Qt's own
Markdown reader, so the app needs neither MkDocs nor a web browser. Links to other pages
open them here; links to the web open in the web browser. Pictures are shown at most
as wide as the page (half as wide inside a table).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QImageReader, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QLabel,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder import guide

#: Widest a picture is drawn (px), on its own and inside a table.
IMAGE_WIDTH = 720
TABLE_IMAGE_WIDTH = 380


class GuideWindow(QWidget):
    """The guide's pages: ``show_page(page)`` opens one (a file name like ``play.md``).

    Raises :class:`deckbuilder.guide.GuideMissing` when built without the pages.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("userGuide")
        self.setWindowTitle("Imajica Deck Builder — User Guide")
        self.folder = guide.docs_folder()
        self.page: str | None = None
        self.contents = QTreeWidget()
        self.contents.setObjectName("guideContents")
        self.contents.setHeaderHidden(True)
        self.items: dict[str, QTreeWidgetItem] = {}
        self._fill_contents()
        self.contents.currentItemChanged.connect(self._item_chosen)
        self.text = QTextBrowser()
        self.text.setObjectName("guidePage")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self._link)
        splitter = QSplitter()
        splitter.addWidget(self.contents)
        splitter.addWidget(self.text)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 780])
        self.note = QLabel()
        self.note.setObjectName("guideNote")
        self.note.setWordWrap(True)
        self.note.setContentsMargins(8, 4, 8, 4)
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(splitter, 1)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self, self.close)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Back), self, self.text.backward)

    def sizeHint(self) -> QSize:
        return QSize(1000, 680)

    def set_note(self, text: str) -> None:
        """A line above the pages saying why they are shown here (hidden when empty)."""
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def _fill_contents(self) -> None:
        parents: list[QTreeWidgetItem] = []
        for entry in guide.contents(self.folder.parent / "mkdocs.yml"):
            del parents[entry.depth:]
            item = QTreeWidgetItem([entry.title])
            item.setData(0, Qt.ItemDataRole.UserRole, entry.page)
            if parents:
                parents[-1].addChild(item)
            else:
                self.contents.addTopLevelItem(item)
            if entry.page is None:
                parents.append(item)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            else:
                self.items[entry.page] = item
        self.contents.expandAll()

    def show_page(self, page: str, anchor: str = "") -> None:
        """Show ``page`` (unknown pages show the guide's first page)."""
        if not (self.folder / page).is_file():
            page = guide.HOME
        self.page = page
        self.text.document().setBaseUrl(QUrl.fromLocalFile(str(self.folder) + "/"))
        self.text.setMarkdown(guide.page_text(page, self.folder))
        self._fit_images()
        if anchor:
            self.text.scrollToAnchor(anchor)
        item = self.items.get(page)
        if item is not None and self.contents.currentItem() is not item:
            self.contents.blockSignals(True)
            self.contents.setCurrentItem(item)
            self.contents.blockSignals(False)
        title = item.text(0) if item is not None else page
        self.setWindowTitle(f"{title} — Imajica Deck Builder User Guide")

    def _fit_images(self) -> None:
        """Scale every picture down to the page (the screenshots are 1280 px wide)."""
        document = self.text.document()
        block = document.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                if fmt.isImageFormat():
                    image = fmt.toImageFormat()
                    cursor = QTextCursor(document)
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(fragment.position() + fragment.length(),
                                       QTextCursor.MoveMode.KeepAnchor)
                    widest = TABLE_IMAGE_WIDTH if cursor.currentTable() else IMAGE_WIDTH
                    size = _image_size(self.folder / image.name())
                    if size is not None and size.width() > widest:
                        image.setWidth(widest)
                        image.setHeight(size.height() * widest / size.width())
                        cursor.setCharFormat(image)
                it += 1
            block = block.next()

    def _item_chosen(self, item: QTreeWidgetItem | None, _previous=None) -> None:
        page = None if item is None else item.data(0, Qt.ItemDataRole.UserRole)
        if page:
            self.show_page(page)

    def _link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        target = url.path() or self.page or guide.HOME
        self.show_page(Path(target).name, url.fragment())


def _image_size(path: Path) -> QSize | None:
    reader = QImageReader(str(path))
    size = reader.size()
    return size if size.isValid() else None


_window: GuideWindow | None = None


def open_guide(page: str = guide.HOME, parent: QWidget | None = None) -> GuideWindow:
    """Show the guide window (one per app, reused) at ``page`` and raise it."""
    global _window
    if _window is None:
        _window = GuideWindow(parent)
        _window.destroyed.connect(_forget)
        _window.resize(_window.sizeHint())
    _window.show_page(page)
    _window.show()
    _window.raise_()
    _window.activateWindow()
    return _window


def _forget() -> None:
    global _window
    _window = None
