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
    """A card face up (in play, or in the viewer's hand); ``pivoted``: drawn turned
    ("Pivoted Cards"); ``card``: its id in the game (-1: unknown), the id a
    :class:`~.person.Option` names in ``cards``; ``attached``: permanents placed
    under or next to it ("Game Layout"); ``kind``: its card type's value (e.g.
    "Site", "Ally"); ``changes``: its Magic and Strength changes lasting until end of
    round (played effects, manual adjustments), e.g. ``(("Magic", 2),)``."""

    name: str
    pivoted: bool = False
    card: int = -1
    attached: tuple[CardFace, ...] = ()
    kind: str = ""
    changes: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class StateSite:
    """A Site in a State with the Holders under it."""

    site: CardFace
    holders: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class AutarchSnapshot:
    """One Autarch's side. ``hand``: names (only for the viewing Autarch, else empty);
    ``hand_size``, ``destiny_size``, ``in_ovo_size``: counts; ``hand_cards``: the
    viewer's hand as faces with ids (else empty); ``set_aside``: the viewer's Sites
    separated at "Game Setup" and not yet placed (else empty); ``in_ovo_top``: the In Ovo's top card
    (face up, "Game Layout"); ``effects``: permanents affecting the Autarch (in the
    Reserve area)."""

    name: str
    hand: tuple[str, ...]
    hand_size: int
    destiny_size: int
    in_ovo_size: int
    state: tuple[StateSite, ...]
    active: tuple[CardFace, ...]
    reserve: tuple[CardFace, ...]
    eliminated: bool
    hand_cards: tuple[CardFace, ...] = ()
    set_aside: tuple[CardFace, ...] = ()
    in_ovo_top: CardFace | None = None
    effects: tuple[CardFace, ...] = ()


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The table: ``circle`` as ``(Site, Paths lying on it)``, every Autarch in seat
    order, the round and phase, and the result when ``over`` (``winner``: a seat or
    ``None``); ``acting``: the seat whose turn it is (``None`` between turns);
    ``seat``: the viewer's seat."""

    round: int
    phase: str
    circle: tuple[tuple[CardFace, int], ...]
    autarchs: tuple[AutarchSnapshot, ...]
    over: bool
    winner: int | None
    acting: int | None = None
    seat: int = 0


def snapshot(game: Game, seat: int) -> TableSnapshot:
    """The table as the Autarch in ``seat`` sees it now."""
    s = game.table

    def face(card: int) -> CardFace:
        attached = tuple(face(p) for p in s.attached.get(card, ()))
        rec = game.record(card)
        changes = tuple((stat, n) for stat, mods in (("Magic", s.magic_mods),
                                                     ("Strength", s.strength_mods))
                        if (n := mods.get(card, 0)))
        return CardFace(rec.name, card in s.pivoted, card, attached, rec.card_type.value,
                        changes)

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
            hand_cards=tuple(face(c) for c in a.hand) if a.seat == seat else (),
            set_aside=tuple(face(c) for c in a.set_aside) if a.seat == seat else (),
            in_ovo_top=face(a.in_ovo[-1]) if a.in_ovo else None,
            effects=tuple(face(c) for c in a.effects),
        ))
    circle = tuple((face(c), len(s.paths.get(c, ()))) for c in s.circle)
    acting = game.turn.seat if game.turn is not None else None
    return TableSnapshot(s.round, s.phase, circle, tuple(sides), s.over, s.winner,
                         acting, seat)


__all__ = ["AutarchSnapshot", "CardFace", "StateSite", "TableSnapshot", "snapshot"]
