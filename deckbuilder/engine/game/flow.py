"""The sequence of play as a state the game carries, and the action interface on it.

Rulebook "Game Setup", "Order of Play" (each phase, every Autarch acts once, in turn
order from the leading Autarch, proceeding clockwise), "Summary of Play".

:func:`start` begins a game (setup) with a number of rounds to play; from then on the
game itself knows whose decision is due (:func:`pending`): a setup placement, a
reshuffle, or a move of the turn under way. :func:`take` applies a chosen action and
carries the game on through what needs no decision (the Coming of Order, the next
turn, the Reconciliation) to the next pending decision. A game can therefore be
copied (:func:`~.clone.clone`) at any pending decision and both copies go on alike.

The interface in short (OpenSpiel's): :func:`legal_actions` (``game``, ``seat``),
:func:`apply` (``game``, ``action``), :func:`~.clone.clone` (``game``), and each
action's :meth:`~.actions.Action.describe` in the rulebook's words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION, Game
from deckbuilder.engine.game.actions import Action, Pass, PlaceSite, Reshuffle
from deckbuilder.engine.game.answers import TableAnswers
from deckbuilder.engine.game.decisions import (
    MOVE,
    PLACE_SITE,
    RESHUFFLE,
    Controller,
    Decision,
    Placement,
    Turn,
    placements,
)
from deckbuilder.engine.game.legal import turn_actions
from deckbuilder.engine.rules.errors import EngineError, RuleError

#: The phases in which Autarchs take turns, in order.
TURN_PHASES = (AUTARCH_PHASE, ALLY_PHASE, RECONCILIATION)
#: Moves one Autarch may make in one turn before only passing is left (a safety net).
MAX_MOVES_PER_TURN = 200

PLACING, RESHUFFLING, TURNS, DONE = "placing", "reshuffling", "turns", "done"


@dataclass(slots=True)
class Flow:
    """Where the sequence of play stands: ``stage`` (placing setup Sites, offering
    reshuffles, turns, done), the seat asked to reshuffle, the rounds still to play,
    the phase and the order of its turns, and the moves made in the current turn."""

    rounds_left: int
    stage: str = PLACING
    reshuffle_seat: int = 0
    phase: int = 0
    order: list[int] = field(default_factory=list)
    index: int = 0
    moves: int = 0


def start(game: Game, first: int = 0, rounds: int = 30) -> None:
    """Begin ``game``'s setup ("Game Setup"), to play up to ``rounds`` rounds."""
    game.flow = Flow(rounds)
    game.begin_setup(first)


def _flow(game: Game) -> Flow | None:
    return getattr(game, "flow", None)


def pending(game: Game) -> Decision | None:
    """The decision due now, or ``None`` when the game (or the rounds asked) is over.
    A game begun mid-turn without :func:`start` (a worked example) has its turn's move
    pending."""
    f = _flow(game)
    t = game.turn
    if t is not None and (f is None or f.stage == TURNS):
        only = game.table.over or (f is not None and f.moves >= MAX_MOVES_PER_TURN)
        return Decision(t.seat, MOVE, Turn(t.phase, only), Pass(),
                        (lambda: [Pass()]) if only else (
                            lambda: [*turn_actions(game, t.seat), Pass()]))
    if f is None:
        return None
    if f.stage == PLACING:
        nxt = game.next_placement()
        if nxt is not None:
            seat, dominion = nxt
            return Decision(seat, PLACE_SITE, Placement(dominion), Pass(),
                            lambda: placements(game, seat, dominion))
    if f.stage == RESHUFFLING:
        seat = f.reshuffle_seat
        return Decision(seat, RESHUFFLE, None, Reshuffle(False),
                        lambda: [Reshuffle(False), Reshuffle(True)])
    return None


def legal_actions(game: Game, seat: int) -> list[Action]:
    """The legal actions of ``seat`` at the pending decision (empty if none is due from
    ``seat``). A turn's list ends with :class:`~.actions.Pass`."""
    d = pending(game)
    return list(d.legal) if d is not None and d.seat == seat else []


def take(game: Game, decision: Decision, action: Action,
         controllers: Sequence[Controller] = ()) -> Iterator[int | None]:
    """Apply ``action`` chosen for ``decision`` (the pending one), asking ``controllers``
    the decisions inside it (none: nobody contests, defends or counters), then carry
    the game on to the next pending decision. Yields the seat after each action that
    changed the table and ``None`` after each step taken without a decision (the
    setup's end, a Coming of Order, a Reconciliation): the points at which
    :func:`~.order_of_play.play` reports a step. A turn's move the engine refuses is
    reported to the seat's controller (:meth:`~.decisions.Controller.refused`) and ends
    the turn; without controllers the :class:`~.errors.RuleError` is raised."""
    f = _flow(game)
    seat = decision.seat
    if decision.kind == PLACE_SITE:
        if not isinstance(action, PlaceSite):
            raise EngineError(f"a setup placement needs a PlaceSite, not {action!r}")
        game.place_setup_site(seat, action.site)
        yield seat
        if game.next_placement() is None:
            game.finish_placements()
            yield None
            assert f is not None
            f.stage = RESHUFFLING
            yield from _next_reshuffle(game, f, 0)
        return
    if decision.kind == RESHUFFLE:
        assert f is not None
        if isinstance(action, Reshuffle) and action.yes:
            game.reshuffle_hand(seat)
            yield seat
        yield from _next_reshuffle(game, f, seat + 1)
        return
    if decision.kind != MOVE:
        raise EngineError(f"{decision.kind} is not decided between actions")
    if not isinstance(action, Pass):
        for c in controllers:
            c.action_begins(game, seat, action)
        try:
            action.play(game, seat, TableAnswers(controllers))
        except RuleError as exc:
            if not controllers:
                raise
            controllers[seat].refused(game, seat, action, exc)
        else:
            if f is not None:
                f.moves += 1
            yield seat
            return
    yield from _end_turn(game, f)


def _next_reshuffle(game: Game, f: Flow, seat: int) -> Iterator[int | None]:
    n = len(game.table.autarchs)
    while seat < n and not game.may_reshuffle(seat):
        seat += 1
    if seat < n:
        f.reshuffle_seat = seat
        return
    game.finish_setup()
    f.stage = TURNS
    yield from _next_round(game, f)


def _next_round(game: Game, f: Flow) -> Iterator[int | None]:
    if f.rounds_left <= 0 or game.table.over:
        f.stage = DONE
        return
    f.rounds_left -= 1
    game.coming_of_order()
    yield None
    f.phase = 0
    yield from _begin_phase(game, f)


def _begin_phase(game: Game, f: Flow) -> Iterator[int | None]:
    s = game.table
    while f.phase < len(TURN_PHASES):
        f.order = s.seats_from(s.leader)
        f.index = 0
        if f.order:
            f.moves = 0
            game.begin_turn(TURN_PHASES[f.phase], f.order[0])
            return
        f.phase += 1
    game.reconcile()
    yield None
    yield from _next_round(game, f)


def _end_turn(game: Game, f: Flow | None) -> Iterator[int | None]:
    game.end_turn()
    if f is None:
        return
    f.index += 1
    if f.index < len(f.order):
        f.moves = 0
        game.begin_turn(TURN_PHASES[f.phase], f.order[f.index])
        return
    f.phase += 1
    yield from _begin_phase(game, f)


def resolve(game: Game, decision: Decision, action: Action,
            controllers: Sequence[Controller] = ()) -> None:
    """Answer ``decision`` with ``action`` and play it out (:func:`take`, its steps
    unreported): what a search or a playout does at each decision it imagines."""
    for _ in take(game, decision, action, controllers):
        pass


def apply(game: Game, action: Action, controllers: Sequence[Controller] = ()) -> None:
    """Apply ``action`` at the pending decision (:func:`resolve`).
    :class:`~.errors.EngineError` if no decision is pending."""
    d = pending(game)
    if d is None:
        raise EngineError("no decision is pending: the game is over")
    resolve(game, d, action, controllers)


def turn(game: Game, controllers: Sequence[Controller]) -> Iterator[int]:
    """Play the turn under way (begun without :func:`start`, e.g. a worked example) to
    its end, asking its seat's controller each move; yields the seat after each move."""
    while (d := pending(game)) is not None and d.kind == MOVE:
        action = controllers[d.seat].choose(game, d)
        before = game.turn
        for seat in take(game, d, action, controllers):
            if seat is not None:
                yield seat
        if game.turn is not before:
            return


__all__ = ["DONE", "Flow", "MAX_MOVES_PER_TURN", "TURN_PHASES", "apply", "legal_actions",
           "pending", "start", "take", "turn"]
