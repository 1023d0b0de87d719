"""From a write's :class:`~deckbuilder.services.changes.Changes` to the AppContext's
"changed" signals: the only place those signals are emitted."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from deckbuilder.services.changes import Changes


class ChangeSignals(Protocol):
    """The "changed" signals of :class:`deckbuilder.gui.context.AppContext` (named here,
    not imported: the context holds the operations)."""

    catalogue_changed: SignalInstance
    collection_changed: SignalInstance
    decks_changed: SignalInstance
    images_changed: SignalInstance
    shelf_changed: SignalInstance
    games_changed: SignalInstance
    match_log_changed: SignalInstance


def changes_of(result: object) -> Changes:
    """The Changes a write returned: ``result`` itself, or its ``changes`` (e.g. an
    :class:`~deckbuilder.services.changes.Outcome`). ``TypeError`` (a bug) otherwise."""
    if isinstance(result, Changes):
        return result
    changes = getattr(result, "changes", None)
    if isinstance(changes, Changes):
        return changes
    raise TypeError(f"a write must return Changes or a result with .changes, not {result!r}")


def emit_changes(context: ChangeSignals, changes: Changes, initiator: object = None) -> None:
    """Emit each signal ``changes`` calls for, once: ``catalogue_changed(names,
    initiator)`` (names a tuple, ``None`` for any card), ``decks_changed(initiator)``,
    ``collection_changed(initiator)`` (owned copies or the wishlist) and
    ``images_changed(name)`` per card with a new scan and ``shelf_changed(initiator)``
    (shelf games, copies or counts), ``games_changed(initiator)`` (saved games of the
    Play screen), ``match_log_changed(initiator)`` (the match log). ``initiator`` is the object that
    asked for the write (a receiver skips what it already shows), ``None`` for an undo."""
    if changes.cards_changed:
        names = None if changes.catalogue is None else tuple(sorted(changes.catalogue))
        context.catalogue_changed.emit(names, initiator)
    if changes.decks:
        context.decks_changed.emit(initiator)
    if changes.collection or changes.wishlist:
        context.collection_changed.emit(initiator)
    for name in sorted(changes.images):
        context.images_changed.emit(name)
    if changes.shelf:
        context.shelf_changed.emit(initiator)
    if changes.games:
        context.games_changed.emit(initiator)
    if changes.match_log:
        context.match_log_changed.emit(initiator)
