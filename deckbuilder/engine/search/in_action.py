"""Search for the decisions asked in the middle of an action, by checkpoint and replay.

Inside a seizure, a challenge or a counterable play the engine asks contests,
defenders, counters, maneuvers, damage and Flashes at the last call
(:data:`SEARCHED`; rulebook "Seizing a Site", "Contesting", "Challenging",
"Timing and Countering", "Flashes"). The game cannot be copied there, so
:func:`decide` works from the :class:`~.checkpoint.Checkpoint` of the move being
resolved. Each sample:

1. deals a fair imagined table of the checkpoint (:func:`~.checkpoint.pinned_world`:
   the rivals' hidden cards dealt again, never from their deck lists; what the move
   has shown since put back);
2. plays the same move on it, every decision inside it answered by the answers
   already given (in the same order; a decision asked that differs in seat, kind or
   context means the imagined table took another path: the sample *diverged*), the
   option tried at this decision, and the quick rules afterwards;
3. plays out the round by the quick rules and scores it (:func:`~.playout.playout`).

The options (:func:`options`, at most :data:`MAX_OPTIONS`) are the quick rules' answer
first, the default (no contest, no Flash, ...) and the decision's legal actions in
the engine's order. They are compared by flat Monte Carlo with UCB1 (untried options
first, in order); the most visited is chosen (or, with :data:`MARGIN_Z` set, only
one clearly better than the quick rules' answer). A sample that diverges before reaching
the decision counts for no option; an option the engine refuses, or whose sample
diverges after it, is dropped.
When fewer than :func:`enough` samples succeed, the quick rules' answer stands.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from card_db.records import CardRecord
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import Action, Pass, PlayFlash, PlayManeuvers
from deckbuilder.engine.game.decisions import (
    ASSIGN_DAMAGE,
    CONTEST,
    CONTEST_MANEUVERS,
    COUNTER_KIND,
    DEFEND,
    DEFEND_MANEUVERS,
    LAST_CALL,
    MOVE,
    Controller,
    Decision,
)
from deckbuilder.engine.game.flow import pending, resolve
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.last_call import LastCall
from deckbuilder.engine.search.checkpoint import Answer, Checkpoint, pinned_world, pins
from deckbuilder.engine.search.determinize import Dealer
from deckbuilder.engine.search.playout import playout, quick_table

#: The kinds of decision searched inside an action.
SEARCHED = frozenset({CONTEST, DEFEND, COUNTER_KIND, CONTEST_MANEUVERS, DEFEND_MANEUVERS,
                      ASSIGN_DAMAGE, LAST_CALL})
#: Most options compared at one decision.
MAX_OPTIONS = 6
#: UCB1 exploration constant for scores in [-1, 1] (as the turn search's).
EXPLORATION = 0.7
#: When set, the quick rules' answer is kept unless another option's mean score beats it
#: by this many standard errors of the difference. None (the default): the most visited
#: option is played. Measured (``docs/computer-opponents.md``): with 2.0 the expert did
#: no better against strong than without the in-action search, without a margin better.
MARGIN_Z: float | None = None


class Diverged(Exception):
    """An imagined replay of the move left the path the live game took."""


def _same_context(a: object, b: object) -> bool:
    if isinstance(a, LastCall) or isinstance(b, LastCall):
        return type(a) is type(b) and a.action == b.action and a.acting_seat == b.acting_seat
    return a == b


def _noted(quick: ComputerController, decision: Decision, action: Action) -> None:
    """What a quick controller remembers of its own answer, for the answers it did not
    give itself: the Site it contests (its maneuvers are asked next), the last call it
    has answered (it plays one Flash at most)."""
    if decision.kind == CONTEST:
        quick.note_contest(decision.context.site)
    elif decision.kind == LAST_CALL:
        quick._answered_call = decision.context


def public_answers(answers: Sequence[Answer], seat: int,
                   view: PublicView | None = None) -> list[Answer]:
    """The answers a replay follows for ``seat``: all but a rival's passing at a last
    call. The engine asks a last call only of an Autarch holding a Flash (rulebook
    "Flashes"; ``responses.py``), so that a rival was asked and passed is not public,
    and an imagined rival may hold no Flash; a Flash played is public. With ``view``
    (the Autarch's view now), a rival's maneuvers still hidden from it are left out
    of its answers (:func:`public_action`)."""
    out = []
    for a in answers:
        if a.kind == LAST_CALL and a.seat != seat and not isinstance(a.action, PlayFlash):
            continue
        if view is not None and a.seat != seat and isinstance(a.action, PlayManeuvers):
            a = replace(a, action=public_action(a.action, view, "plan"))
        out.append(a)
    return out


def public_action(action: Action, view: PublicView, field: str = "maneuvers") -> Action:
    """``action`` without the maneuvers in it (its ``field``, a plan) still hidden from
    ``view``'s Autarch (a rival's seizure or challenge names maneuvers from its hand
    that are shown only when they are played: "Influence Maneuver", "Combat
    Maneuver")."""
    plan = getattr(action, field, None)
    if not plan:
        return action
    kept = tuple((c, tuple(m for m in cards if view.visible(m))) for c, cards in plan)
    kept = tuple((c, cards) for c, cards in kept if cards)
    return action if kept == plan else replace(action, **{field: kept})


class _Script:
    """The answers of one imagined replay: ``answers`` first, then ``option`` at the
    decision searched, then ``quick``'s."""

    def __init__(self, answers: Sequence[Answer], target: Decision, option: Action,
                 quick: Sequence[ComputerController]):
        self.answers = answers
        self.target = target
        self.option = option
        self.quick = quick
        self.pos = 0
        self.reached = False


class _ReplaySeat(Controller):
    """One seat's controller in an imagined replay (:class:`_Script`)."""

    def __init__(self, script: _Script):
        self.script = script

    def choose(self, game: Game, decision: Decision) -> Action:
        sc = self.script
        i = sc.pos
        sc.pos += 1
        if decision.kind == LAST_CALL and decision.seat != sc.target.seat and (
                i >= len(sc.answers) or sc.answers[i].seat != decision.seat
                or sc.answers[i].kind != LAST_CALL
                or not _same_context(sc.answers[i].context, decision.context)):
            sc.pos -= 1  # a rival's last call not in the script: it passed (or no Flash)
            _noted(sc.quick[decision.seat], decision, Pass())
            return Pass() if i <= len(sc.answers) else \
                sc.quick[decision.seat].choose(game, decision)
        if i < len(sc.answers):
            given = sc.answers[i]
            if (given.seat, given.kind) != (decision.seat, decision.kind) or not \
                    _same_context(given.context, decision.context):
                raise Diverged
            _noted(sc.quick[decision.seat], decision, given.action)
            return given.action
        if i == len(sc.answers):
            t = sc.target
            if (t.seat, t.kind) != (decision.seat, decision.kind) or not _same_context(
                    t.context, decision.context):
                raise Diverged
            sc.reached = True
            _noted(sc.quick[decision.seat], decision, sc.option)
            return sc.option
        return sc.quick[decision.seat].choose(game, decision)

    def refused(self, game: Game, seat: int, action: Action, error: RuleError) -> None:
        raise Diverged


def sample(checkpoint: Checkpoint, world: Game, decision: Decision, option: Action,
           rounds: int, move: Action | None = None,
           answers: Sequence[Answer] | None = None) -> tuple[bool, float | None]:
    """Replay the checkpoint's move (or ``move``, its public form) on ``world`` with
    ``answers`` (default: the checkpoint's) and ``option`` at ``decision``, and play
    out the round (module doc). Returns (reached the decision, score for the deciding
    seat or ``None`` when the sample failed)."""
    n = len(world.table.autarchs)
    quick = quick_table(n)
    answers = checkpoint.answers if answers is None else answers
    script = _Script(answers, decision, option, quick)
    seats = [_ReplaySeat(script) for _ in range(n)]
    d = pending(world)
    if d is None or d.kind != MOVE or d.seat != checkpoint.seat:
        return False, None
    try:
        resolve(world, d, checkpoint.action if move is None else move, seats)
    except (Diverged, RuleError):
        return script.reached, None
    if not script.reached:
        return False, None
    return True, playout(world, decision.seat, rounds, quick)


def options(decision: Decision, quick_answer: Action) -> list[Action]:
    """The options compared (module doc): the quick answer, the default, then the
    legal actions, without repeats, at most :data:`MAX_OPTIONS`."""
    out: list[Action] = []
    for a in (quick_answer, decision.default, *decision.legal):
        if a not in out:
            out.append(a)
        if len(out) >= MAX_OPTIONS:
            break
    return out


def _clearly_better(visits: list[int], totals: list[float], squares: list[float],
                    i: int, j: int) -> bool:
    """Whether option ``i``'s mean beats option ``j``'s by :data:`MARGIN_Z` (set)
    standard errors of the difference (sample variances)."""
    if visits[i] < 2 or visits[j] < 2:
        return False

    def mean(k: int) -> float:
        return totals[k] / visits[k]

    def var_of_mean(k: int) -> float:
        return max(squares[k] / visits[k] - mean(k) ** 2, 0.0) / (visits[k] - 1)

    return mean(i) - mean(j) > MARGIN_Z * math.sqrt(var_of_mean(i) + var_of_mean(j))


def enough(n_options: int, attempts: int) -> int:
    """Successful samples needed to trust the comparison: two per option and a third
    of the attempts."""
    return max(2 * n_options, attempts // 3)


@dataclass(frozen=True, slots=True)
class InActionResult:
    """One searched decision: its ``kind``, the ``action`` chosen, the ``attempts``
    (imagined tables dealt), those that ``diverged`` before the decision, each option's
    (action, samples, mean score), whether the quick answer stood for lack of
    successful samples (``fallback``), and the wall-clock ``seconds``."""

    kind: str
    action: Action
    attempts: int
    diverged: int
    stats: tuple[tuple[Action, int, float], ...]
    fallback: bool
    seconds: float


def decide(checkpoint: Checkpoint, now: Game, decision: Decision, quick_answer: Action,
           rng: random.Random, *, iterations: int | None = None, think: float = 1.0,
           rounds: int = 0, catalogue: Sequence[CardRecord] | None = None
           ) -> InActionResult | None:
    """Search ``decision`` (asked of the deciding seat in the live game ``now``, in the
    middle of the checkpoint's move) by flat Monte Carlo over :func:`options` (module
    doc). Budget: ``iterations`` imagined tables (reproducible) or else ``think``
    seconds. ``None`` when there is nothing to compare (one option)."""
    start = time.perf_counter()
    opts = options(decision, quick_answer)
    if len(opts) < 2:
        return None
    seat = decision.seat
    dealer = Dealer(checkpoint.table, seat, catalogue)
    pinned = pins(checkpoint.table, now, seat)
    view = PublicView(now, seat)
    move = public_action(checkpoint.action, view)
    answers = public_answers(checkpoint.answers, seat, view)
    visits = [0] * len(opts)
    totals = [0.0] * len(opts)
    squares = [0.0] * len(opts)
    dropped = [False] * len(opts)
    attempts = diverged = 0
    while True:
        if iterations is not None:
            if attempts >= iterations:
                break
        elif attempts >= 2 * len(opts) and time.perf_counter() - start >= think:
            break
        usable = [i for i in range(len(opts)) if not dropped[i]]
        if not usable:
            break
        attempts += 1
        untried = [i for i in usable if visits[i] == 0]
        if untried:
            pick = untried[0]
        else:
            n = sum(visits)
            pick = max(usable, key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(
                math.log(n) / visits[i]))
        world = pinned_world(dealer, pinned, rng)
        reached, score = sample(checkpoint, world, decision, opts[pick], rounds, move,
                                answers)
        if score is None:
            if reached:
                dropped[pick] = True
            else:
                diverged += 1
            continue
        visits[pick] += 1
        totals[pick] += score
        squares[pick] += score * score
    stats = tuple((o, visits[i], round(totals[i] / visits[i], 6) if visits[i] else 0.0)
                  for i, o in enumerate(opts))
    ok = sum(visits)
    best = max((i for i in range(len(opts)) if visits[i] and not dropped[i]),
               key=lambda i: (visits[i], totals[i] / visits[i], -i), default=0)
    fallback = ok < enough(len(opts), attempts)
    if MARGIN_Z is not None and best and visits[0] and not dropped[0] and not _clearly_better(
            visits, totals, squares, best, 0):
        best = 0
    action = quick_answer if fallback else opts[best]
    return InActionResult(decision.kind, action, attempts, diverged, stats, fallback,
                          time.perf_counter() - start)


__all__ = ["SEARCHED", "Diverged", "InActionResult", "MAX_OPTIONS", "decide", "enough",
           "options", "sample"]
