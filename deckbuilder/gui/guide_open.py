"""Help > User Guide and F1: the built guide (the MkDocs site) in the web browser where
there is one, else the guide's pages in the app's own window.

Where no site is bundled but MkDocs is installed, the site is built once into the user's
cache in the background (a few seconds, the status bar says so) and then opened. The
app's window (:mod:`deckbuilder.gui.guide_window`) is the fallback, with a line saying
why: no built guide and no MkDocs, a failed build, or no web browser;
``DECKBUILDER_GUIDE=app`` always chooses it. Built guides live in :mod:`deckbuilder.guide`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMainWindow, QWidget

from deckbuilder import guide

NO_SITE = ("The built user guide is not installed and MkDocs is not here to build it "
           "(pip install 'imajica-deckbuilder[docs]'): its pages are shown here, without "
           "the command line reference.")
NO_BROWSER = "No web browser opened the built user guide: its pages are shown here."
BUILD_FAILED = "The user guide could not be built ({error}): its pages are shown here."


class GuideOpener(QObject):
    """Opens the guide for ``window`` (a main window with ``context`` and a status bar).

    ``last_url`` is the page last handed to the web browser; ``building`` says whether
    a first-use build is running (the page asked for meanwhile opens when it ends).
    """

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.window = window
        self.last_url: QUrl | None = None
        self.building = False
        self._page = guide.HOME

    def open(self, page: str = guide.HOME) -> QWidget | None:
        """Open ``page`` (``play.md``): returns the app's guide window when it is the
        one shown, ``None`` when the web browser opened the page or a build is under
        way. Raises :class:`deckbuilder.guide.GuideMissing` without the pages."""
        if guide.wants_app_window():
            return self._in_app(page, "")
        site = guide.built_site()
        if site is not None:
            return self._browse(site, page)
        guide.guide_root()  # GuideMissing before anything else
        if not guide.can_build():
            return self._in_app(page, NO_SITE)
        self._page = page
        if not self.building:
            self.building = True
            self._status("Building the user guide (first use: a few seconds)…")
            self.window.context.run(guide.build_site, on_done=self._built,
                                    on_error=self._failed)
        return None

    def _built(self, site) -> None:
        self.building = False
        self._browse(site, self._page)

    def _failed(self, exc: BaseException, _details: str = "") -> None:
        self.building = False
        self._in_app(self._page, BUILD_FAILED.format(error=str(exc).splitlines()[0]))

    def _browse(self, site, page: str) -> QWidget | None:
        url = QUrl.fromLocalFile(str(guide.page_file(site, page)))
        self.last_url = url
        if QDesktopServices.openUrl(url):
            self._status("Opened the user guide in your web browser.")
            return None
        return self._in_app(page, NO_BROWSER)

    def _in_app(self, page: str, note: str) -> QWidget:
        # lazy: the guide's window loads when first asked for (start-up time)
        from deckbuilder.gui.guide_window import open_guide

        shown = open_guide(page, self.window)
        shown.set_note(note)
        return shown

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)
