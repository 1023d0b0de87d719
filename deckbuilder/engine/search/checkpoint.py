"""A checkpoint of the move being resolved, and fair imagined tables dealt from it.

A decision asked in the middle of an action (a contest, defence, counter, maneuvers,
damage, a last call for Flashes: :mod:`deckbuilder.engine.game.decisions`) lives on the
engine's call stack, so the game cannot be copied there (``docs/engine-actions.md``,
"Where clone works"). A :class:`Checkpoint` is the next best thing: a copy of the table
taken at the pending decision just before the move began
(:meth:`~deckbuilder.engine.game.decisions.Controller.action_begins`), the move's
:class:`~deckbuilder.engine.game.actions.Action`, and every answer given inside it so
far (:meth:`~deckbuilder.engine.game.decisions.Controller.answered`), each public
("Challenging", "Contesting", "Timing and Countering": contests, defenders, counters,
maneuvers and Flashes are played face up, damage is announced).

:func:`pins` and :func:`pinned_world` deal an imagined table of the checkpoint for one
Autarch as :class:`~.determinize.Dealer` does (never a rival's deck list, hand or
Destiny order), then put back what the move has shown since: each rival card hidden at
the checkpoint and visible now (the Flash or maneuver played from hand, an Ally brought
into play) gets its real record and the zone it was played from. Both are public now;
nothing else of the real arrangement is used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from card_db.records import CardRecord
from deckbuilder.engine.game import Game, Turn
from deckbuilder.engine.game.actions import Action
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.powers.turn_effects import timed_effects
from deckbuilder.engine.search.clone import clone
from deckbuilder.engine.search.determinize import Dealer

#: A zone of hidden cards: ("hand" | "destiny" | "set_aside", seat) or ("path", site).
Zone = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer given inside the move: ``seat`` answered a ``kind`` decision asked in
    ``context`` with ``action``."""

    seat: int
    kind: str
    context: Any
    action: Action


def _moves(game: Game) -> int:
    f = getattr(game, "flow", None)
    return -1 if f is None else f.moves


@dataclass(slots=True)
class Checkpoint:
    """The table before the move being resolved (``table``, a copy), the Autarch
    making it (``seat``), the move (``action``) and the answers given inside it so far.
    ``source``, ``turn`` and ``moves`` tell whether it still belongs to the live game's
    move (:meth:`current`)."""

    table: Game
    seat: int
    action: Action
    source: Game
    turn: Turn | None
    moves: int
    answers: list[Answer] = field(default_factory=list)

    @classmethod
    def before(cls, game: Game, seat: int, action: Action) -> Checkpoint:
        """The checkpoint of ``seat``'s move ``action``, taken at the pending decision
        of ``game`` just before the engine plays it."""
        return cls(clone(game), seat, action, game, game.turn, _moves(game))

    def current(self, game: Game) -> bool:
        """Whether ``game``'s move in progress is still this checkpoint's."""
        return game is self.source and game.turn is self.turn and _moves(game) == self.moves


def _zone(game: Game, zone: Zone) -> list[int]:
    name, key = zone
    s = game.table
    if name == "path":
        return s.paths[key]
    a = s.autarchs[key]
    return a.destiny.cards if name == "destiny" else getattr(a, name)


def _where(game: Game, card: int, owner: int) -> tuple[Zone, int] | None:
    s = game.table
    for zone in (("hand", owner), ("destiny", owner), ("set_aside", owner)):
        cards = _zone(game, zone)
        if card in cards:
            return zone, cards.index(card)
    for site, stack in s.paths.items():
        if card in stack:
            return ("path", site), stack.index(card)
    return None


@dataclass(frozen=True, slots=True)
class Pin:
    """A rival's card hidden at the checkpoint and shown since: its record and the
    zone and place it lay in at the checkpoint."""

    card: int
    record: CardRecord
    zone: Zone
    index: int


def pins(checkpoint: Game, now: Game, seat: int) -> list[Pin]:
    """The rival cards hidden from ``seat`` in ``checkpoint`` and visible in ``now``
    (the live game, mid-move), with their records and checkpoint places."""
    before, after = PublicView(checkpoint, seat), PublicView(now, seat)
    s = checkpoint.table
    out = []
    for card in range(len(s.cards)):
        owner = s.owners[card]
        if owner == seat or before.visible(card) or not after.visible(card):
            continue
        where = _where(checkpoint, card, owner)
        if where is not None:
            out.append(Pin(card, s.cards[card], *where))
    return out


def pinned_world(dealer: Dealer, pinned: list[Pin], rng: random.Random) -> Game:
    """One imagined table of the dealer's game (:meth:`.Dealer.world`) with each of
    ``pinned`` back in its checkpoint place and record; the card that lay there takes
    the pinned card's imagined place and record."""
    w = dealer.world(rng)
    if not pinned:
        return w
    s = w.table
    cards = list(s.cards)
    for pin in pinned:
        owner = s.owners[pin.card]
        found = _where(w, pin.card, owner)
        if found is None:
            continue
        zone, index = found
        here, there = _zone(w, zone), _zone(w, pin.zone)
        if pin.index >= len(there):
            continue
        other = there[pin.index]
        here[index], there[pin.index] = other, pin.card
        cards[other] = cards[pin.card]
        cards[pin.card] = pin.record
    s.cards = tuple(cards)
    w._any_timed = any(timed_effects(r) for r in cards)
    return w


__all__ = ["Answer", "Checkpoint", "Pin", "pinned_world", "pins"]
