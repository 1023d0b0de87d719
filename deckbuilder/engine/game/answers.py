"""The engine's callbacks answered by a table of controllers (:class:`TableAnswers`).

Each callback of :meth:`~.game.Game.seize`, :meth:`~.game.Game.challenge` and the
counterable plays becomes a :class:`~.decisions.Decision` asked of the controller of
the seat concerned (:meth:`~.decisions.Controller.choose`), with its legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from card_db.records import CardType
from deckbuilder.engine.game.actions import (
    Action,
    Answers,
    AssignDamage,
    Contest,
    Counter,
    Defend,
    Pass,
    PlayFlash,
    PlayManeuvers,
)
from deckbuilder.engine.game.decisions import (
    ASSIGN_DAMAGE,
    CONTEST,
    CONTEST_MANEUVERS,
    COUNTER_KIND,
    DEFEND,
    DEFEND_MANEUVERS,
    LAST_CALL,
    Challenged,
    Controller,
    Countering,
    Damage,
    Decision,
    Maneuvering,
    Seizure,
    counters_of,
    damage_plans,
    defenders,
    free_characters,
    groups,
    maneuver_plans,
)
from deckbuilder.engine.game.legal import flash_actions, is_legal
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.last_call import LastCall

if TYPE_CHECKING:
    from deckbuilder.engine.game import Game


def last_call_flashes(game: Game, seat: int) -> list[Action]:
    """Each Flash in ``seat``'s hand on each target the engine accepts, then Pass."""
    found = [a for a in flash_actions(game, seat) if is_legal(game, seat, a)]
    return [*dict.fromkeys(found), Pass()]


# --- the engine's callbacks from a table of controllers -----------------------------------


def _plan(action: Action) -> dict[int, tuple[int, ...]]:
    return dict(action.plan) if isinstance(action, PlayManeuvers) else {}


class TableAnswers(Answers):
    """The engine's callbacks, each asking the controller of the seat concerned a
    :class:`Decision`. ``controllers``: one per seat, in seat order; empty: nobody is
    asked (no contest, no defender, no counter, the default damage, no Flash)."""

    MAX_FLASHES = 50

    def __init__(self, controllers: Sequence[Controller] = ()):
        self.controllers = list(controllers)
        on = bool(self.controllers)
        self.contest = self._contest if on else None
        self.defend = self._defend if on else None
        self.counter = self._counter if on else None
        self.contest_maneuvers = self._contest_maneuvers if on else None
        self.defend_maneuvers = self._defend_maneuvers if on else None
        self.assign_damage = self._assign_damage if on else None
        self.last_call = self._last_call if on else None

    def ask(self, game: Game, decision: Decision) -> Action:
        """The answer of the seat's controller; every controller is told it
        (:meth:`~.decisions.Controller.answered`)."""
        action = self.controllers[decision.seat].choose(game, decision)
        for c in self.controllers:
            c.answered(game, decision, action)
        return action

    def _contest(self, game: Game, seat: int, seizing: int, site: int,
                 allies: Sequence[int]) -> tuple[int, ...]:
        d = Decision(seat, CONTEST, Seizure(seizing, site, tuple(allies)), Contest(()),
                     lambda: [Contest(()), *(Contest(g) for g in groups(
                         free_characters(game, seat)))])
        action = self.ask(game, d)
        return action.characters if isinstance(action, Contest) else ()

    def _defend(self, game: Game, seat: int, target: int,
                challengers: Sequence[int]) -> tuple[int, ...]:
        d = Decision(seat, DEFEND, Challenged(target, tuple(challengers)), Defend(()),
                     lambda: [Defend(()), *(Defend(g) for g in groups(
                         defenders(game, seat, target)))])
        action = self.ask(game, d)
        return action.characters if isinstance(action, Defend) else ()

    def _maneuvers(self, game: Game, seat: int, kind: str, card_type: CardType,
                   involved: Sequence[int], opposing: Sequence[int]) -> dict:
        d = Decision(seat, kind, Maneuvering(tuple(involved), tuple(opposing), card_type),
                     PlayManeuvers(()),
                     lambda: maneuver_plans(game, seat, involved, card_type))
        return _plan(self.ask(game, d))

    def _contest_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                           opposing: Sequence[int]) -> dict:
        return self._maneuvers(game, seat, CONTEST_MANEUVERS, CardType.INFLUENCE_MANEUVER,
                               involved, opposing)

    def _defend_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                          opposing: Sequence[int]) -> dict:
        return self._maneuvers(game, seat, DEFEND_MANEUVERS, CardType.COMBAT_MANEUVER,
                               involved, opposing)

    def _assign_damage(self, game: Game, seat: int, damage: int,
                       losers: Sequence[int]) -> Mapping[int, int] | None:
        d = Decision(seat, ASSIGN_DAMAGE, Damage(damage, tuple(losers)), AssignDamage(None),
                     lambda: damage_plans(damage, losers))
        action = self.ask(game, d)
        if not isinstance(action, AssignDamage) or action.damage is None:
            return None
        return dict(action.damage)

    def _counter(self, game: Game, card: int, target: int | None) -> tuple[int, int] | None:
        """Every Autarch in turn order from the leader, until one counters."""
        s = game.table
        for seat in s.seats_from(s.leader):
            d = Decision(seat, COUNTER_KIND, Countering(card, target, game.countering_depth),
                         Counter(None),
                         lambda seat=seat: counters_of(game, seat, card))
            action = self.ask(game, d)
            if isinstance(action, Counter) and action.card is not None:
                return seat, action.card
        return None

    def _last_call(self, game: Game, seat: int, call: LastCall) -> None:
        """The seat plays Flashes, one decision each, until it passes; a refused Flash
        ends its answer."""
        for _ in range(self.MAX_FLASHES):
            if game.table.over:
                return
            d = Decision(seat, LAST_CALL, call, Pass(), lambda: last_call_flashes(game, seat))
            action = self.ask(game, d)
            if not isinstance(action, PlayFlash):
                return
            try:
                action.play(game, seat, self)
            except RuleError as exc:
                self.controllers[seat].refused(game, seat, action, exc)
                return



__all__ = ["TableAnswers", "last_call_flashes"]
