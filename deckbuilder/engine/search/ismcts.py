"""Information-set search over the Autarch's own moves of its turn.

Two ways to compare the moves of :func:`~.candidates.candidates` (the quick rules'
choice first), both over fair determinizations (:class:`~.determinize.Dealer`: imagined
tables consistent with what the Autarch can see, never a rival's deck list or Destiny
order), both finishing each imagined table by the quick rules and scoring it
(:func:`~.playout.playout`):

* **paired** (:data:`PAIRED`, the expert's way since it measured no worse and its
  choice is steadier): each iteration of the budget plays one move on one imagined
  table; every move is played on the *same* tables, each from a copy sharing the
  table's random generator state (common random numbers), so a move's gain over the
  quick rules' choice is measured table by table. The quick rules' choice is kept
  unless another move's mean gain on it exceeds :data:`MARGIN_Z` standard errors of
  that gain: the rules are the prior, the search overrides them only when the imagined
  games clearly say so (a move the score cannot tell apart, such as moving a reserve
  forward at the end of the round, stays the rules' choice instead of a coin toss).
  The rest of the turn after the move compared is the quick rules' in the playout;
  the search is asked again at the next move.
* **tree**: single-observer information-set Monte Carlo tree search (SO-ISMCTS, after
  Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
  Transactions on Computational Intelligence and AI in Games 4(2), 2012): one tree for
  the searching Autarch, whose nodes are its *information sets* (the moves it has made
  from the decision). Each iteration deals a fresh imagined table, selects down the
  tree while it is still the Autarch's turn among the moves available there by UCB1
  with availability counts (``mean + C * sqrt(ln(available) / visits)``), expands one
  untried move, plays out and backs the score up. The move played is the root's most
  visited (ties: the better mean, then the quick rules' order).

Moves are played on the imagined tables through the engine's action interface
(:func:`~deckbuilder.engine.game.flow.pending`,
:func:`~deckbuilder.engine.game.flow.take`; ``docs/engine-actions.md``). Rivals' moves
and every decision asked inside an action (contests, defenders, counters, maneuvers,
damage, last calls) are the quick rules' there: the search holds the Autarch's own
moves of the turn only, since a game cannot be copied in the middle of an action.
Budget: ``iterations`` (playouts; reproducible: the same seed and count give the same
move) or else ``think`` seconds of wall clock.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from card_db.records import CardRecord
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import Action
from deckbuilder.engine.game.decisions import MOVE
from deckbuilder.engine.game.flow import pending, resolve
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.search.candidates import PASS, candidates
from deckbuilder.engine.search.clone import clone
from deckbuilder.engine.search.determinize import Dealer
from deckbuilder.engine.search.playout import playout, quick_table

#: UCB1 exploration constant for scores in [-1, 1].
EXPLORATION = 0.7
#: Own moves a single iteration may select before its playout (a turn's sequence).
MAX_DEPTH = 6


@dataclass(slots=True)
class Node:
    """The information set reached by a sequence of the Autarch's own moves."""

    children: dict = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0
    available: int = 0
    refused: bool = False

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A decision: the ``move`` chosen, the ``iterations`` run, the root's moves with
    their visits and mean scores, and the wall-clock ``seconds`` spent."""

    move: Action
    iterations: int
    stats: tuple[tuple[Action, int, float], ...]
    seconds: float


def move_key(move: Action):
    """A hashable key for ``move`` (the action itself: actions are frozen values)."""
    try:
        hash(move)
    except TypeError:
        return repr(move)
    return move


def _ucb(child: Node) -> float:
    return child.mean + EXPLORATION * math.sqrt(math.log(max(child.available, 1)) / child.visits)


def _my_turn(world: Game, seat: int, phase: str):
    """The pending decision if it is still ``seat``'s move in ``phase``, else None."""
    d = pending(world)
    if d is None or d.kind != MOVE or d.seat != seat or d.context.phase != phase \
            or d.context.only_pass:
        return None
    return d


def _iterate(root: Node, root_moves: list[Action], world: Game, seat: int,
             rng: random.Random, rounds: int) -> None:
    table = quick_table(len(world.table.autarchs))
    phase = world.turn.phase
    node, path = root, []
    for depth in range(MAX_DEPTH):
        d = _my_turn(world, seat, phase)
        if d is None:
            break
        # the root's moves read only what the Autarch sees: the same in every world
        moves = root_moves if depth == 0 else candidates(PublicView(world, seat))
        if not moves:
            break
        children = node.children
        keys = [move_key(m) for m in moves]
        for k in keys:
            child = children.get(k)
            if child is None:
                child = children[k] = Node()
            child.available += 1
        usable = [i for i, k in enumerate(keys) if not children[k].refused]
        if not usable:
            break
        untried = [i for i in usable if children[keys[i]].visits == 0]
        pick = rng.choice(untried) if untried else max(
            usable, key=lambda i: _ucb(children[keys[i]]))
        move = moves[pick]
        child = children[keys[pick]]
        refused = len(table[seat].illegal)
        resolve(world, d, move, table)
        if len(table[seat].illegal) > refused:
            child.refused = True
            break
        path.append(child)
        node = child
        if untried or move == PASS:
            break
    reward = playout(world, seat, rounds, table)
    root.visits += 1
    for n in path:
        n.visits += 1
        n.total += reward


#: Compare the root's moves on the same imagined tables (paired); False: the tree.
PAIRED = True
#: Paired: another move replaces the quick rules' choice only when its mean gain over
#: it, table by table, exceeds this many standard errors of that gain.
MARGIN_Z = 0.0


def _paired(game: Game, seat: int, real: list[Action], dealer: Dealer, rng: random.Random,
            iterations: int | None, think: float, rounds: int, start: float) -> SearchResult:
    """Every move of ``real`` played on each imagined table (common random numbers: the
    copies share the table's generator state), then played out; the quick rules' move
    (``real[0]``) is kept unless another gains on it significantly (:data:`MARGIN_Z`)."""
    k = len(real)
    scores: list[list[float | None]] = [[] for _ in real]
    refused = [False] * k
    done = 0
    phase = game.turn.phase
    while not all(refused):
        if iterations is not None:
            if done >= iterations:
                break
        elif done >= k and time.perf_counter() - start >= think:
            break
        world = dealer.world(rng)
        for i, move in enumerate(real):
            if refused[i] or (iterations is not None and done >= iterations):
                scores[i].append(None)
                continue
            w = clone(world)
            table = quick_table(len(w.table.autarchs))
            resolve(w, _my_turn(w, seat, phase), move, table)
            done += 1
            if table[seat].illegal:
                refused[i] = True
                scores[i].append(None)
                continue
            scores[i].append(playout(w, seat, rounds, table))
    means = [statistics.fmean(x) if (x := [v for v in got if v is not None]) else 0.0
             for got in scores]
    stats = tuple((m, sum(v is not None for v in scores[i]), round(means[i], 6))
                  for i, m in enumerate(real))
    usable = [i for i in range(k) if not refused[i] and stats[i][1]]
    if not usable:
        return SearchResult(real[0], done, stats, time.perf_counter() - start)
    best = max(usable, key=lambda i: (means[i], -i))
    if best != 0 and 0 in usable:
        gains = [a - b for a, b in zip(scores[best], scores[0], strict=True)
                 if a is not None and b is not None]
        se = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
        if statistics.fmean(gains) <= MARGIN_Z * se:
            best = 0
    return SearchResult(real[best], done, stats, time.perf_counter() - start)


def search(game: Game, seat: int, rng: random.Random, *, iterations: int | None = None,
           think: float = 1.0, rounds: int = 0,
           catalogue: Sequence[CardRecord] | None = None) -> SearchResult:
    """Choose ``seat``'s next move of its turn in ``game``, whose pending decision
    (:func:`~deckbuilder.engine.game.flow.pending`) is that move (module doc). ``iterations``:
    a fixed count (reproducible); else iterate for ``think`` seconds (at least once per
    move compared). ``rounds``: whole rounds each playout adds after the current one.
    ``catalogue``: the cards a player could own (default: the bundled catalogue)."""
    start = time.perf_counter()
    real = candidates(PublicView(game, seat))
    if len(real) <= 1:
        return SearchResult(real[0] if real else None, 0, (), time.perf_counter() - start)
    dealer = Dealer(game, seat, catalogue)
    if PAIRED:
        return _paired(game, seat, real, dealer, rng, iterations, think, rounds, start)
    root = Node()
    done = 0
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done >= len(real) and time.perf_counter() - start >= think:
            break
        _iterate(root, real, dealer.world(rng), seat, rng, rounds)
        done += 1
    kids = root.children
    stats = tuple((m, kids[move_key(m)].visits, round(kids[move_key(m)].mean, 6))
                  for m in real if move_key(m) in kids)
    best, best_key = real[0], None
    for i, m in enumerate(real):
        child = kids.get(move_key(m))
        if child is None or child.refused or not child.visits:
            continue
        key = (child.visits, child.mean, -i)
        if best_key is None or key > best_key:
            best, best_key = m, key
    return SearchResult(best, done, stats, time.perf_counter() - start)
