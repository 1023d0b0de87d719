"""A picture of the table as one Autarch sees it, as plain immutable data.

Built in the thread that runs the game and handed to a view (the GUI's Play screen),
so the view never reads the live :class:`~.game.Game` while the engine changes it.
What ``seat`` cannot see stays hidden ("Game Layout"): rivals' hands are counts, every
Destiny a count, Paths on the Circle a count each.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckbuilder.engine.game import Game


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card face up in play; ``pivoted``: drawn turned ("Pivoted Cards")."""

    name: str
    pivoted: bool = False


@dataclass(frozen=True, slots=True)
class StateSite:
    """A Site in a State with the Holders under it."""

    site: CardFace
    holders: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class AutarchSnapshot:
    """One Autarch's side. ``hand``: names (only for the viewing Autarch, else empty);
    ``hand_size``, ``destiny_size``, ``in_ovo_size``: counts."""

    name: str
    hand: tuple[str, ...]
    hand_size: int
    destiny_size: int
    in_ovo_size: int
    state: tuple[StateSite, ...]
    active: tuple[CardFace, ...]
    reserve: tuple[CardFace, ...]
    eliminated: bool


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The table: ``circle`` as ``(Site, Paths lying on it)``, every Autarch in seat
    order, the round and phase, and the result when ``over`` (``winner``: a seat or
    ``None``)."""

    round: int
    phase: str
    circle: tuple[tuple[CardFace, int], ...]
    autarchs: tuple[AutarchSnapshot, ...]
    over: bool
    winner: int | None


def snapshot(game: Game, seat: int) -> TableSnapshot:
    """The table as the Autarch in ``seat`` sees it now."""
    s = game.state

    def face(card: int) -> CardFace:
        return CardFace(game.name(card), card in s.pivoted)

    sides = []
    for a in s.autarchs:
        r = a.realm
        sides.append(AutarchSnapshot(
            name=a.name,
            hand=tuple(game.name(c) for c in a.hand) if a.seat == seat else (),
            hand_size=len(a.hand),
            destiny_size=len(a.destiny.cards),
            in_ovo_size=len(a.in_ovo),
            state=tuple(StateSite(face(e.site), tuple(face(h) for h in e.holders))
                        for e in r.state),
            active=tuple(face(c) for c in r.active),
            reserve=tuple(face(c) for c in r.reserve),
            eliminated=a.eliminated,
        ))
    circle = tuple((face(c), len(s.paths.get(c, ()))) for c in s.circle)
    return TableSnapshot(s.round, s.phase, circle, tuple(sides), s.over, s.winner)


__all__ = ["AutarchSnapshot", "CardFace", "StateSite", "TableSnapshot", "snapshot"]
