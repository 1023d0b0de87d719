"""The Qt (PySide6) desktop app: views only.

Widgets show data and forward the user's actions to :mod:`deckbuilder.services`
(database), :mod:`card_db.search` (the search language) and
:mod:`deckbuilder.presentation` (how values are written, estimated ones marked).
Nothing here holds game, deck or data rules. Entry point: :func:`deckbuilder.gui.app.run`.

Modules: :mod:`~deckbuilder.gui.app` (start-up), :mod:`~deckbuilder.gui.application`
(the ``QApplication`` and main window), :mod:`~deckbuilder.gui.screenshots`,
:mod:`~deckbuilder.gui.settings` (the settings registry),
:mod:`~deckbuilder.gui.main_window`, :mod:`~deckbuilder.gui.screens` (the screen
registry), :mod:`~deckbuilder.gui.context` (shared state, background work),
:mod:`~deckbuilder.gui.images` (card faces as Qt images), and one package per screen.

PySide6 6.12.0 is excluded in ``pyproject.toml``: it drops a reference to ``True``
on every signal emit and to ``None`` on every void call, and aborts long sessions
(``tests/test_gui_main_window.py`` checks the installed release).
"""
