"""File > Publish for Other Tools: the catalogue as a Cockatrice, OCTGN or LackeyCCG
package (:func:`deckbuilder.services.publish.publish`), with progress and Cancel.

Publishing reads the database and writes only files; it runs through
``context.operations.run`` for its progress dialog and Cancel (the result's empty
``Changes`` emits no signal and leaves the undo histories alone). The folder the user
names is the package itself, as the FOLDER of ``deckbuilder publish TOOL FOLDER``
(new, empty, or a package written before); "Imajica for <Tool>" in the last folder used
is offered.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from deckbuilder.gui.context import AppContext
from deckbuilder.gui.operations.runner import Operation

if TYPE_CHECKING:
    from deckbuilder.services.publish import PublishResult

#: tool -> (menu text, name in the package folder's name).
TOOL_TITLES = {"cockatrice": "Cockatrice", "octgn": "OCTGN", "lackey": "LackeyCCG"}


def package_folder(parent: Path, tool: str) -> Path:
    """The package folder made inside ``parent`` for ``tool``."""
    return parent / f"Imajica for {TOOL_TITLES[tool]}"


def publish_menu(context: AppContext, parent: QWidget) -> QMenu:
    """The File menu's "Publish for Other Tools" submenu, one action per tool."""
    menu = QMenu("&Publish for Other Tools", parent)
    menu.setObjectName("publishMenu")
    for tool, title in TOOL_TITLES.items():
        action = menu.addAction(f"{title}…")
        action.setObjectName(f"publish-{tool}")
        action.setStatusTip(f"Write every card as a package {title} can load")
        action.triggered.connect(
            lambda _checked=False, tool=tool: ask_and_publish(context, tool, parent))
    return menu


def ask_and_publish(context: AppContext, tool: str, parent: QWidget) -> Operation | None:
    """Ask for the package folder (offering :func:`package_folder` in the home folder),
    then :func:`start_publish` into it (``None`` if the user cancels)."""
    chosen, _ = QFileDialog.getSaveFileName(
        parent, f"Publish for {TOOL_TITLES[tool]}: name the package folder (new, empty, "
        "or a package written before)", str(package_folder(Path.home(), tool)), "", "",
        QFileDialog.Option.ShowDirsOnly | QFileDialog.Option.DontConfirmOverwrite)
    if not chosen:
        return None
    return start_publish(context, tool, Path(chosen))


def start_publish(context: AppContext, tool: str, folder: Path) -> Operation:
    """Publish for ``tool`` into ``folder`` with a progress dialog and Cancel; when done,
    a message says where the package is and how to install it."""
    # lazy: the package builders load only when publishing (start-up time)
    from deckbuilder.services.publish import publish

    title = TOOL_TITLES[tool]
    return context.operations.run(
        publish, tool, folder,
        label=f"Publishing the cards for {title}",
        error_title=f"The package for {title} was not written",
        progress=True, cancellable=True, undoable=False,
        on_done=lambda result: _published(context, result, title),
    )


def _published(context: AppContext, result: PublishResult, title: str) -> None:
    # lazy: the package builders load only when publishing (start-up time)
    from deckbuilder.formats.publish.staging import MARKER

    context.status.emit(f"Published {result.cards} cards for {title} into {result.folder}")
    box = QMessageBox(QMessageBox.Icon.Information, f"Published for {title}",
                      f"{result.cards} cards ({result.scans} from your scans) are in\n"
                      f"{result.folder}", parent=context.dialog_parent)
    box.setObjectName("publishDone")
    instructions = result.folder / MARKER
    box.setInformativeText(instructions.read_text(encoding="utf-8"))
    box.open()
