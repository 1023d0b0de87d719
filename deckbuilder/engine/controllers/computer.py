"""A computer Autarch: a :class:`~.decisions.Controller` that decides every choice.

It plays any seat of a game of 2 to 4 Autarchs (one works too). Each decision
(:class:`~.decisions.Decision`) is answered from a :class:`~.public_view.PublicView`
built for it, by the functions of :mod:`.quick_policy` (read the level's rules there),
as an :class:`~.actions.Action` that the engine checks and plays the same way as a
person's, so the rules are enforced the same way. The stronger level, which looks
ahead, is :class:`~.lookahead.StrongController`.

Inside a rival's action it is asked whether it contests, defends or counters, which
maneuvers it plays when contesting or defending, how it assigns damage as a
challenge's victor, and whether it plays a Flash at the last call before a challenge
or contest (:mod:`.last_call`; one Flash at most, :mod:`.quick_tactics`). A move the
engine refuses (:class:`~.errors.RuleError`) is recorded in
:attr:`ComputerController.illegal` and ends the turn; tests assert it stays empty.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from deckbuilder.engine.controllers.quick_policy import (
    DEFAULT_STYLE,
    Style,
    ally_move,
    autarch_move,
    choose_setup_site,
    contest_choice,
    contest_maneuvers,
    counter_choice,
    defend_choice,
    defend_maneuvers,
    reconciliation_move,
    wants_reshuffle,
)
from deckbuilder.engine.controllers.quick_tactics import (
    assign_damage,
    leads_in_dominions,
    reaction_flash,
)
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.game.actions import (
    Action,
    AssignDamage,
    Contest,
    Counter,
    Defend,
    Pass,
    PlaceSite,
    PlayFlash,
    PlayManeuvers,
    Reshuffle,
    plan_of,
)
from deckbuilder.engine.game.answers import TableAnswers
from deckbuilder.engine.game.decisions import (
    ASSIGN_DAMAGE,
    CONTEST,
    CONTEST_MANEUVERS,
    COUNTER_KIND,
    DEFEND,
    DEFEND_MANEUVERS,
    LAST_CALL,
    MOVE,
    PLACE_SITE,
    RESHUFFLE,
    Controller,
    Decision,
)
from deckbuilder.engine.game.flow import MAX_MOVES_PER_TURN
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.powers.maneuvers import MAGIC, STRENGTH
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.last_call import CONTEST as SEIZURE_CONTESTED
from deckbuilder.engine.rules.last_call import LastCall

__all__ = ["MAX_MOVES_PER_TURN", "ComputerController", "seat_table"]


class ComputerController(Controller):
    """The "quick" level: the rule-based decisions of :mod:`.quick_policy`.

    ``style``: how boldly its Ally phase is played (the strong level changes it turn
    by turn). ``view_class``: what decisions see (tests pass a recording subclass).
    ``moves``: the ``(seat, action)`` of every turn's move it chose and the engine
    played; ``illegal``: the moves the engine refused (empty in a correct game).
    """

    level = "quick"

    def __init__(self, style: Style = DEFAULT_STYLE, view_class: type[PublicView] = PublicView):
        self.style = style
        self.view_class = view_class
        self.controllers: list[Controller] = []
        self.illegal: list[str] = []
        self.moves: list[tuple[int, Action]] = []
        #: Wall-clock seconds of each decision of its own turns (the match JSON's
        #: ``decision_seconds``).
        self.decision_times: list[float] = []
        self._contesting: int | None = None
        self._answered_call: LastCall | None = None
        self._answers = {
            PLACE_SITE: self._place_site, RESHUFFLE: self._reshuffle, MOVE: self._move,
            CONTEST: self._contest, DEFEND: self._defend, COUNTER_KIND: self._counter,
            CONTEST_MANEUVERS: self._contest_maneuvers,
            DEFEND_MANEUVERS: self._defend_maneuvers, ASSIGN_DAMAGE: self._assign_damage,
            LAST_CALL: self._last_call,
        }

    def join(self, controllers: Sequence[Controller]) -> None:
        """Tell this controller every seat's controller (itself included), in seat order."""
        self.controllers = list(controllers)

    def view(self, game: Game, seat: int) -> PublicView:
        return self.view_class(game, seat)

    # -- the Controller protocol ---------------------------------------------------------
    def choose(self, game: Game, decision: Decision) -> Action:
        if decision.kind != MOVE:
            return self._answers[decision.kind](game, decision)
        start = time.perf_counter()
        action = self._move(game, decision)
        self.decision_times.append(time.perf_counter() - start)
        return action

    def refused(self, game: Game, seat: int, action: Action, error: RuleError) -> None:
        self.illegal.append(f"{action!r}: {error}")

    def play_move(self, game: Game, seat: int, action: Action) -> bool:
        """Play ``action`` for ``seat`` now, asking the joined table the decisions inside
        it; False (and recorded in :attr:`illegal`) if the engine refuses it."""
        try:
            action.play(game, seat, TableAnswers(self.controllers))
        except RuleError as exc:
            self.refused(game, seat, action, exc)
            return False
        self.moves.append((seat, action))
        return True

    # -- a turn's moves ----------------------------------------------------------------
    def _move(self, game: Game, decision: Decision) -> Action:
        if decision.context.only_pass:
            return Pass()
        action = self.next_move(game, decision.seat, decision.context.phase)
        if action is None:
            return Pass()
        self.moves.append((decision.seat, action))
        return action

    def next_move(self, game: Game, seat: int, phase: str) -> Action | None:
        """The next move of ``seat``'s turn in ``phase``; ``None``: the turn is over."""
        view = self.view(game, seat)
        if phase == AUTARCH_PHASE:
            return autarch_move(view)
        if phase == ALLY_PHASE:
            return ally_move(view, self.style_for(game, seat))
        return reconciliation_move(view)

    def style_for(self, game: Game, seat: int) -> Style:
        """The style of this Ally turn (the quick level keeps its own)."""
        return self.style

    # -- setup -----------------------------------------------------------------------------
    def _place_site(self, game: Game, decision: Decision) -> Action:
        return PlaceSite(choose_setup_site(self.view(game, decision.seat),
                                           decision.context.dominion))

    def _reshuffle(self, game: Game, decision: Decision) -> Action:
        return Reshuffle(wants_reshuffle(self.view(game, decision.seat)))

    # -- inside a rival's action -------------------------------------------------------------
    def _contest(self, game: Game, decision: Decision) -> Action:
        c = decision.context
        chosen = contest_choice(self.view(game, decision.seat), c.seizing_seat, c.site, c.allies)
        self.note_contest(c.site)
        return Contest(tuple(chosen))

    def note_contest(self, site: int) -> None:
        """Remember the Site of the seizure this Autarch is asked to contest (its
        maneuvers there are asked next); a replayed contest notes it too."""
        self._contesting = site

    def _defend(self, game: Game, decision: Decision) -> Action:
        c = decision.context
        return Defend(tuple(defend_choice(self.view(game, decision.seat), c.target,
                                          c.challengers)))

    def _last_call(self, game: Game, decision: Decision) -> Action:
        """The last call for Flashes (:mod:`.last_call`): one Flash with a Magic or
        Strength penalty on the strongest character opposing it (:mod:`.quick_tactics`)
        when a rival's action involves it (contesting, or its character challenged);
        when not involved, on the strongest acting character only if the acting Autarch
        leads the table in Dominions controlled. At its own action it keeps its Flashes."""
        call, seat = decision.context, decision.seat
        if call is self._answered_call:
            return Pass()
        self._answered_call = call
        view = self.view(game, seat)
        if seat == call.acting_seat or not (
                call.involved(seat) or leads_in_dominions(view, call.acting_seat)):
            return Pass()
        live = [c for c in call.opposing(seat) if view.visible(c) and not view.pivoted(c)]
        stat = MAGIC if call.action == SEIZURE_CONTESTED else STRENGTH
        flash = reaction_flash(view, live, stat)
        if flash is None:
            return Pass()
        action = PlayFlash(*flash)
        self.moves.append((seat, action))
        return action

    def _counter(self, game: Game, decision: Decision) -> Action:
        card = decision.context.card
        return Counter(counter_choice(self.view(game, decision.seat).revealing(card), card))

    def _contest_maneuvers(self, game: Game, decision: Decision) -> Action:
        # The engine asks right after this seat's contest, which noted the Site.
        if self._contesting is None:
            return PlayManeuvers(())
        c = decision.context
        return PlayManeuvers(plan_of(contest_maneuvers(
            self.view(game, decision.seat), self._contesting, c.involved, c.opposing)))

    def _defend_maneuvers(self, game: Game, decision: Decision) -> Action:
        c = decision.context
        return PlayManeuvers(plan_of(defend_maneuvers(self.view(game, decision.seat),
                                                      c.involved, c.opposing)))

    def _assign_damage(self, game: Game, decision: Decision) -> Action:
        c = decision.context
        plan = assign_damage(self.view(game, decision.seat), c.damage, c.losers)
        return AssignDamage(None if plan is None else tuple(plan.items()))


def seat_table(controllers: Sequence[ComputerController]) -> list[ComputerController]:
    """Join every controller to the others; returns them as a list."""
    table = list(controllers)
    for c in table:
        c.join(table)
    return table
