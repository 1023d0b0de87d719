"""Paths on a Site: revealed in the order played when the Site is seized.

Source: rulebook "Paths" and "Types of Cards: Paths" (played face down on Sites of
the same Dominion; a second Path is laid atop the first; when revealed, all are picked
up and turned over as a group so that the first Path played is encountered first, one
at a time; an instant Path has its effect and is discarded; a permanent Path goes back
face down in its same position and keeps its effect until the Site is secured; if all
characters are removed while Paths remain unrevealed, the unread Paths go back face
down; once the Site is secured, all permanent Paths on it are discarded).

A Path's own effect is card text the engine does not model: by default a revealed
Path removes no character. A caller that models one passes ``resolve``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from card_db.records import CardRecord, CardType
from deckbuilder.engine.rules.cards import dominion_mask


@dataclass(frozen=True, slots=True)
class PathReveal:
    """Outcome of revealing a Site's Paths.

    ``encountered``: Paths read, in order. ``discarded``: instant Paths read (to their
    owners' In Ovo). ``remaining``: the Site's stack afterwards, first played first
    (permanent Paths read, and any unread ones).
    """

    encountered: tuple[int, ...]
    discarded: tuple[int, ...]
    remaining: tuple[int, ...]


def path_fits_site(path: CardRecord, site: CardRecord) -> bool:
    """True if ``path`` may be played on ``site``: the Site's Dominion matches the Path's
    ("Play Paths"); a Border Site is affected as either of its Dominions."""
    return path.card_type is CardType.PATH and bool(dominion_mask(path) & dominion_mask(site))


def reveal_paths(
    stack: Sequence[int],
    is_permanent: Callable[[int], bool],
    resolve: Callable[[int], bool] | None = None,
) -> PathReveal:
    """Reveal the Paths in ``stack`` (first played first).

    ``is_permanent(path)`` tells permanent from instant Paths. ``resolve(path)`` applies
    a Path's effect and returns True while some involved character remains; the
    default models no effect.
    """
    encountered: list[int] = []
    discarded: list[int] = []
    remaining: list[int] = []
    for index, path in enumerate(stack):
        encountered.append(path)
        if is_permanent(path):
            remaining.append(path)
        else:
            discarded.append(path)
        if resolve is not None and not resolve(path):
            remaining.extend(stack[index + 1 :])
            break
    return PathReveal(tuple(encountered), tuple(discarded), tuple(remaining))
