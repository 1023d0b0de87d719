"""The screens of the main window and the registry that lists them.

A screen is a :class:`Screen` widget made by the ``factory`` of a registered
:class:`ScreenSpec`. The main window shows the registered screens as tabs, in
``order``; the screenshot mode (``deckbuilder --screenshot DIR``) writes one PNG per
spec that names a ``screenshot`` file.

To add a screen, create a module that calls :func:`register_screen` at import time
and list it in :data:`SCREEN_MODULES` (modules listed there that do not exist yet
are skipped, so the list may name screens still being built)::

    register_screen(ScreenSpec("goldfish", "Goldfish", GoldfishScreen, order=50,
                               screenshot="goldfish.png"))

A screen that is not needed at start-up is registered ``lazy`` from its package's
``__init__``, with a factory that imports the screen's module when it is called: the
main window builds it (and so imports its widgets) when it is first shown or asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from deckbuilder.gui.context import AppContext

#: Modules that register screens, imported in this order by :func:`registered_screens`.
SCREEN_MODULES = (
    "deckbuilder.gui.browser.screen",
    "deckbuilder.gui.deck_editor.screen",
    "deckbuilder.gui.collection.screen",
    "deckbuilder.gui.sample_hand",
    "deckbuilder.gui.goldfish",
    "deckbuilder.gui.play",
    "deckbuilder.gui.match_log",
    "deckbuilder.gui.card_editor",
    "deckbuilder.gui.shelf",
    "deckbuilder.gui.scan",
)

#: File-menu commands a screen may handle (see :meth:`Screen.can`).
DOCUMENT_ACTIONS = ("open", "save", "save_as")


class ScreenHost(Protocol):
    """What a screen may ask of the window holding it (the main window is one)."""

    def screen(self, key: str) -> Screen | None:
        """The screen registered as ``key``, or ``None`` if the window has none."""
        ...

    def show_screen(self, key: str) -> Screen:
        """Make the screen ``key`` the visible tab and return it (``KeyError`` if absent)."""
        ...


class Screen(QWidget):
    """Base class of a main-window screen: hooks the main window calls.

    Subclasses set :attr:`key` and :attr:`title` and override the hooks they need.
    Signals: ``undo_stack_changed(object)`` when :meth:`undo_stack` returns another
    stack (or ``None``); ``document_actions_changed()`` when :meth:`can` changes.
    """

    undo_stack_changed = Signal(object)
    document_actions_changed = Signal()

    key = ""
    title = ""

    def __init__(self, context: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context

    def connect_screens(self, window: ScreenHost) -> None:
        """Called once, after the screen is built, to connect to the others
        (``window.screen(key)``, which builds a lazy screen not built yet)."""

    def start(self) -> None:
        """Called once after the window is shown: start the first background work here."""

    def can_close(self) -> bool:
        """Called before the window closes; return False to keep it open (e.g. unsaved work)."""
        return True

    def activated(self) -> None:
        """Called when the screen becomes the visible tab."""

    def undo_stack(self) -> QUndoStack | None:
        """The stack the Edit menu's Undo and Redo act on while this screen is shown; a
        screen that writes returns ``self.context.operations.history(key)``."""
        return None

    def can(self, action: str) -> bool:
        """Whether :data:`DOCUMENT_ACTIONS` ``action`` ("open", "save", "save_as") applies now."""
        return False

    def open_document(self) -> None:
        """File > Open (only called if ``can("open")``)."""

    def save_document(self) -> None:
        """File > Save (only called if ``can("save")``)."""

    def save_document_as(self) -> None:
        """File > Save As (only called if ``can("save_as")``)."""

    def focus_search(self) -> bool:
        """Edit > Find: put the keyboard focus in this screen's search box, if it has one."""
        return False

    def file_actions(self) -> list[QAction]:
        """Extra File-menu commands of this screen (e.g. import and export)."""
        return []

    def restore_state(self, settings: QSettings) -> None:
        """Restore splitters and column widths (see :mod:`deckbuilder.gui.settings`)."""

    def save_state(self, settings: QSettings) -> None:
        """Save anything :meth:`restore_state` reads that is not saved as it changes."""

    def prepare_screenshot(self) -> None:
        """Fill the screen with representative content before the screenshot is taken.

        The screenshot mode runs on a throw-away demo database, so this may add data.
        Background work started here is waited for before the picture is taken.
        """


@dataclass(frozen=True)
class ScreenSpec:
    """A registered screen: ``key`` (e.g. ``"browser"``), tab ``title``, the
    ``factory`` making the widget from the :class:`AppContext`, tab ``order`` (lower
    first), the ``screenshot`` file name written in screenshot mode (or ``None``),
    whether it is ``lazy``: built when first shown or asked for rather than with the
    window (start-up time; the window's first screen is always built at once), and
    whether a lazy screen has File-menu commands (:meth:`Screen.file_actions`; it is
    then built when the File menu first opens)."""

    key: str
    title: str
    factory: Callable[[AppContext], Screen]
    order: int = 100
    screenshot: str | None = None
    lazy: bool = False
    file_menu: bool = False


_REGISTRY: dict[str, ScreenSpec] = {}


def register_screen(spec: ScreenSpec) -> ScreenSpec:
    """Add (or replace) the screen ``spec.key``; returns ``spec``."""
    _REGISTRY[spec.key] = spec
    return spec


def registered_screens() -> list[ScreenSpec]:
    """Every registered screen, by ``order`` then key, after importing :data:`SCREEN_MODULES`.

    A listed module that does not exist is skipped; an error inside an existing
    module is raised.
    """
    for name in SCREEN_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            missing = exc.name or ""
            if not missing or not (name == missing or name.startswith(missing + ".")):
                raise
    return sorted(_REGISTRY.values(), key=lambda spec: (spec.order, spec.key))
