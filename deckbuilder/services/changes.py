"""What a write to the user's database changed, and how to take it back.

Every write service returns a :class:`Changes` value (or a small result holding
one): which saved decks, whether owned copies or the wishlist, which cards' data and
images changed, a ``label`` a user reads after "Undo " and, for undoable writes, an
``undo`` :class:`Reversal`. Running a reversal is itself a write: its ``Changes``
carries the redo in its own ``undo``. The GUI emits its "changed" signals from these
values; the CLI ignores them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from card_db.userdb import UserDatabase

T = TypeVar("T")


@dataclass(frozen=True)
class Reversal:
    """How to undo a write: ``run(db)`` writes the old values back and returns the
    :class:`Changes` of that write (whose ``undo`` redoes). ``label`` as in Changes."""

    label: str
    run: Callable[[UserDatabase], Changes] = field(compare=False)


@dataclass(frozen=True)
class Changes:
    """What one write changed in the user's database.

    ``decks``: names of saved decks written or deleted; ``collection``: owned copies;
    ``wishlist``: the wishlist; ``catalogue``: names of cards whose data changed
    (``None``: any card, e.g. an import); ``images``: names of cards with a new scan;
    ``shelf``: shelf counts; ``games``: saved games of the Play screen; ``match_log``: the
games of the match log; ``label``: what
    the write did, e.g. ``"Set quantity of Gentle to 3"``; ``undo``: how to take it
    back (``None``: cannot be undone).
    """

    label: str = ""
    decks: frozenset[str] = frozenset()
    collection: bool = False
    wishlist: bool = False
    catalogue: frozenset[str] | None = frozenset()
    images: frozenset[str] = frozenset()
    shelf: bool = False
    games: bool = False
    match_log: bool = False
    undo: Reversal | None = None

    @property
    def changed(self) -> bool:
        """Whether anything at all changed."""
        return bool(
            self.decks
            or self.collection
            or self.wishlist
            or self.catalogue is None
            or self.catalogue
            or self.images
            or self.shelf
            or self.games
            or self.match_log
        )

    @property
    def cards_changed(self) -> bool:
        """Whether some card's data changed (the catalogue must be reloaded)."""
        return self.catalogue is None or bool(self.catalogue)

    def merge(self, other: Changes, label: str | None = None) -> Changes:
        """This write then ``other`` as one (``label`` defaults to this one's, else
        ``other``'s).

        The merged undo takes back ``other`` then this one; it is ``None`` if either
        side changed something it cannot undo.
        """
        catalogue = (
            None
            if self.catalogue is None or other.catalogue is None
            else self.catalogue | other.catalogue
        )
        label = label if label is not None else (self.label or other.label)
        parts = [c for c in (self, other) if c.changed]
        undo = None
        if parts and all(c.undo is not None for c in parts):
            undo = chain(label, [c.undo for c in reversed(parts)])  # type: ignore[misc]
        return Changes(
            label=label,
            decks=self.decks | other.decks,
            collection=self.collection or other.collection,
            wishlist=self.wishlist or other.wishlist,
            catalogue=catalogue,
            images=self.images | other.images,
            shelf=self.shelf or other.shelf,
            games=self.games or other.games,
            match_log=self.match_log or other.match_log,
            undo=undo,
        )


#: Nothing changed.
NO_CHANGES = Changes()


def merge_all(changes: Sequence[Changes], label: str | None = None) -> Changes:
    """Several writes as one (:meth:`Changes.merge` in order); ``label`` defaults to the
    first changed one's."""
    result = NO_CHANGES
    for item in changes:
        result = result.merge(item, label)
    return result


def chain(label: str, reversals: Sequence[Reversal]) -> Reversal:
    """One reversal running ``reversals`` in order; its Changes merge theirs, and its
    redo runs their redos in the opposite order."""

    def run(db: UserDatabase) -> Changes:
        result = Changes(label=label)
        for reversal in reversals:
            result = result.merge(reversal.run(db), label)
        return result

    return Reversal(label, run)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A write's result ``value`` (e.g. the stored entry) and its :class:`Changes`."""

    value: T
    changes: Changes
