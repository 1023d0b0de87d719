"""Decisions and the one protocol every controller answers them through.

A :class:`Decision` is asked of one seat: its ``kind`` (:data:`KINDS`), what it is
about (``context``: the Dominion of a setup placement, the seizure contested, the
challenge defended, the card that may be countered, the characters playing maneuvers,
the damage to assign, the :class:`~.last_call.LastCall`), and the legal
:class:`~.actions.Action` values (:attr:`Decision.legal`, worked out when first read,
so a controller that does not look pays nothing). A controller answers every decision
with :meth:`Controller.choose`; nothing else of it is called, except
:meth:`Controller.refused` when the engine refuses the action it chose.

:class:`~.answers.TableAnswers` turns a table of controllers into the engine's callbacks
(:meth:`~.game.Game.seize` asks contests, maneuvers, counters and the last call;
:meth:`~.game.Game.challenge` defenders, maneuvers, counters, damage and the last
call; Flashes, Dictates and Ally Actions counters), each a :class:`Decision`.

Legal lists: setup placements, reshuffles and counters are listed in full; contests
and defences offer no one and every group of eligible characters (for more than
:data:`MAX_GROUP_CHOICE` eligible characters: all together and each alone); maneuvers
offer none, each maneuver in hand from each character it may be played from, and all
of them together; damage offers the engine's default and all of it to each losing
character; a last call offers each Flash on each target the engine accepts, and
:class:`~.actions.Pass`. A controller may answer any action the engine accepts, listed
or not (a computer's own damage plan, say); the engine checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from card_db.names import fold_name
from card_db.records import CardType
from deckbuilder.engine.game.actions import (
    Action,
    AssignDamage,
    Counter,
    PlaceSite,
    PlayManeuvers,
    plan_of,
)
from deckbuilder.engine.powers.card_effects import COUNTER, effects_of
from deckbuilder.engine.powers.countering import counters, names_card
from deckbuilder.engine.powers.maneuvers import may_receive
from deckbuilder.engine.rules.errors import RuleError

if TYPE_CHECKING:
    from deckbuilder.engine.game import Game

PLACE_SITE = "place_site"
RESHUFFLE = "reshuffle"
MOVE = "move"
CONTEST = "contest"
DEFEND = "defend"
COUNTER_KIND = "counter"
CONTEST_MANEUVERS = "contest_maneuvers"
DEFEND_MANEUVERS = "defend_maneuvers"
ASSIGN_DAMAGE = "assign_damage"
LAST_CALL = "last_call"
#: Every kind of decision, in rulebook order of play.
KINDS = (PLACE_SITE, RESHUFFLE, MOVE, CONTEST, DEFEND, COUNTER_KIND, CONTEST_MANEUVERS,
         DEFEND_MANEUVERS, ASSIGN_DAMAGE, LAST_CALL)
#: Above this many eligible characters a contest or defence offers only all together
#: and each alone (every group would be 2**n - 1 of them).
MAX_GROUP_CHOICE = 6


@dataclass(frozen=True, slots=True)
class Placement:
    """A setup placement: a Site of ``dominion``."""

    dominion: int


@dataclass(frozen=True, slots=True)
class Turn:
    """A move in ``phase``: ``only_pass`` when the game is over or the turn's moves are
    used up (:data:`~.flow.MAX_MOVES_PER_TURN`)."""

    phase: str
    only_pass: bool = False


@dataclass(frozen=True, slots=True)
class Seizure:
    """A seizure the seat may contest: ``seizing_seat`` seizes ``site`` with ``allies``."""

    seizing_seat: int
    site: int
    allies: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Challenged:
    """A challenge of the seat's ``target`` by ``challengers``."""

    target: int
    challengers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Countering:
    """``card`` (a Flash, Dictate, Ally Action, Path or maneuver) played on ``target``;
    ``depth`` > 0 when ``card`` is itself a counter (ruling ``counter-chains``)."""

    card: int
    target: int | None
    depth: int = 0


@dataclass(frozen=True, slots=True)
class Maneuvering:
    """The seat's ``involved`` characters (contesting or defending) against
    ``opposing``; ``card_type``: the kind of maneuver played."""

    involved: tuple[int, ...]
    opposing: tuple[int, ...]
    card_type: CardType


@dataclass(frozen=True, slots=True)
class Damage:
    """The victor assigns ``damage`` among ``losers``."""

    damage: int
    losers: tuple[int, ...]


class Decision:
    """A decision asked of ``seat`` (module doc). ``legal``: the legal actions, first
    read lazily; ``default``: what a controller that passes answers."""

    __slots__ = ("seat", "kind", "context", "default", "_list", "_legal")

    def __init__(self, seat: int, kind: str, context: Any, default: Action,
                 legal: Callable[[], Sequence[Action]]):
        self.seat = seat
        self.kind = kind
        self.context = context
        self.default = default
        self._list = legal
        self._legal: tuple[Action, ...] | None = None

    @property
    def legal(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = tuple(self._list())
        return self._legal

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, context={self.context!r})"


class Controller:
    """Makes one Autarch's decisions. This base answers every decision with its
    default: the first legal setup Site, keep the hand, pass the turn, never contest,
    defend, counter or play maneuvers, the default damage, no Flash at a last call."""

    def choose(self, game: Game, decision: Decision) -> Action:
        """The action chosen for ``decision`` (one of ``decision.legal``, or any other
        the engine accepts)."""
        if decision.kind == PLACE_SITE:
            return decision.legal[0]
        return decision.default

    def refused(self, game: Game, seat: int, action: Action, error: RuleError) -> None:
        """The engine refused ``action`` (the turn ends); re-raised by default."""
        raise error

    def join(self, controllers: Sequence[Controller]) -> None:
        """Told every seat's controller (itself included), in seat order."""

    def action_begins(self, game: Game, seat: int, action: Action) -> None:
        """Told, before the engine plays it, that ``seat`` makes the turn's move
        ``action`` from the pending decision of ``game`` (every seat's controller is
        told; a searcher may copy the table here to replay the move). Nothing by
        default."""

    def answered(self, game: Game, decision: Decision, action: Action) -> None:
        """Told the answer ``action`` given to ``decision`` inside the move being
        played (every seat's controller is told, in the order asked; the answers are
        public: contests, defenders, counters, maneuvers, damage, Flashes). Nothing by
        default."""


# --- legal actions of the decisions asked -----------------------------------------------


def placements(game: Game, seat: int, dominion: int) -> list[Action]:
    """"Game Setup": each separated Site of ``dominion`` that may be placed."""
    in_play = game.unique_names_in_play()
    out: list[Action] = []
    for c in game.autarch(seat).set_aside:
        rec = game.record(c)
        if dominion in rec.dominions and not (rec.unique and fold_name(rec.name) in in_play):
            out.append(PlaceSite(c))
    return out


def groups(cards: Sequence[int]) -> list[tuple[int, ...]]:
    """Every non-empty group of ``cards`` (only all and each alone above
    :data:`MAX_GROUP_CHOICE`), the largest first."""
    cards = tuple(cards)
    if len(cards) > MAX_GROUP_CHOICE:
        return [cards, *((c,) for c in cards if len(cards) > 1)]
    return [g for n in range(len(cards), 0, -1) for g in combinations(cards, n)]


def free_characters(game: Game, seat: int) -> list[int]:
    s = game.table
    return [c for c in s.autarchs[seat].realm.active if c not in s.pivoted]


def defenders(game: Game, seat: int, target: int) -> list[int]:
    """Characters of ``seat`` that may defend ``target`` ("Challenge Rival's Ally";
    a pivoted Aphrodyte may)."""
    s = game.table
    return [c for c in s.autarchs[seat].realm.active if c != target and (
        c not in s.pivoted or game.record(c).has_affiliation("Aphrodyte"))]


def counters_of(game: Game, seat: int, card: int) -> list[Action]:
    """Each way ``seat`` may counter ``card``: an unpivoted active Ally whose "Counters
    P" names it, or a Flash from hand that counters it ("Timing and Countering")."""
    rec = game.record(card)
    out: list[Action] = [Counter(None)]
    for c in free_characters(game, seat):
        if counters(game.record(c), rec):
            out.append(Counter(c))
    if game.table.phase in ("Autarch Phase", "Ally Phase"):
        for c in sorted(game.autarch(seat).hand):
            frec = game.record(c)
            if frec.card_type is CardType.FLASH and any(
                    names_card(e.subject or "", rec) for e in effects_of(frec, COUNTER)):
                out.append(Counter(c))
    return out


def maneuver_plans(game: Game, seat: int, involved: Sequence[int],
                   kind: CardType) -> list[Action]:
    """No maneuver, each ``kind`` maneuver in hand from each involved character it may
    be played from, and all of them together (each from the first it may be played
    from), keeping those the engine's check accepts."""
    cards = [c for c in sorted(game.autarch(seat).hand) if game.record(c).card_type is kind]
    plans: list[dict[int, tuple[int, ...]]] = []
    together: dict[int, tuple[int, ...]] = {}
    for card in cards:
        givers = [a for a in involved if may_receive(game.record(card), game.record(a))]
        plans += [{a: (card,)} for a in givers]
        if givers:
            together[givers[0]] = together.get(givers[0], ()) + (card,)
    if sum(len(cs) for cs in together.values()) > 1:
        plans.append(together)
    out: list[Action] = [PlayManeuvers(())]
    for plan in plans:
        try:
            game.check_maneuvers(seat, involved, plan, kind)
        except RuleError:
            continue
        action = PlayManeuvers(plan_of(plan))
        if action not in out:
            out.append(action)
    return out


def damage_plans(damage: int, losers: Sequence[int]) -> list[Action]:
    """The default assignment, then all of ``damage`` to each losing character."""
    return [AssignDamage(None), *(AssignDamage(((c, damage),)) for c in dict.fromkeys(losers))]


__all__ = ["ASSIGN_DAMAGE", "CONTEST", "CONTEST_MANEUVERS", "COUNTER_KIND",
           "Challenged", "Controller", "Countering", "DEFEND", "DEFEND_MANEUVERS", "Damage",
           "Decision", "KINDS", "LAST_CALL", "MOVE", "Maneuvering", "PLACE_SITE", "Placement",
           "RESHUFFLE", "Seizure", "Turn", "counters_of", "damage_plans", "defenders",
           "free_characters", "groups", "maneuver_plans", "placements"]
