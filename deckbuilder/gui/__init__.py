"""The Qt (PySide6) desktop app: views only.

Widgets show data and forward the user's actions to :mod:`deckbuilder.services`
(database), :mod:`card_db.search` (the search language) and
:mod:`deckbuilder.presentation` (how values are written, estimated ones marked).
Nothing here holds game, deck or data rules. Entry point: :func:`deckbuilder.gui.app.run`.

Modules: :mod:`~deckbuilder.gui.app` (start-up, screenshot mode),
:mod:`~deckbuilder.gui.main_window`, :mod:`~deckbuilder.gui.screens` (the screen
registry), :mod:`~deckbuilder.gui.context` (shared state, background work),
:mod:`~deckbuilder.gui.images` (card faces as Qt images), and one package per screen.
"""

from deckbuilder.gui import qt_compat as _qt_compat

_qt_compat.install()
