"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
Transactions on Computational Intelligence and AI in Games 4(2), 2012): one tree for
the searching Autarch, whose nodes are its *information sets* (the moves it has made
from the decision), not tables. Each iteration:

1. **determinize**: deal a fresh imagined table consistent with what the Autarch can
   see (:class:`~.determinize.Dealer`; never a rival's deck list or Destiny order);
2. **select** down the tree while it is still the Autarch's turn, among the moves
   available *in this determinization* (:func:`~.candidates.candidates`), by UCB1 with
   availability counts: ``mean + C * sqrt(ln(available) / visits)``, where
   ``available`` counts the iterations in which the move could be chosen;
3. **expand** one untried move, and play it on the imagined table;
4. **play out**: finish the round by the quick rules and score it
   (:func:`~.playout.playout`);
5. **back up** the score along the path.

The move played is the root's most visited (ties: the better mean, then the quick
rules' order). Moves are played on the imagined tables through the engine's action
interface (:func:`~deckbuilder.engine.game.flow.pending`,
:func:`~deckbuilder.engine.game.flow.take`; ``docs/engine-actions.md``). Rivals' moves
and every decision asked inside an action (contests, defenders, counters, maneuvers,
damage, last calls) are the quick rules' there: the tree holds the Autarch's own moves
of the turn only, since a game cannot be copied in the middle of an action. Budget:
``iterations`` (reproducible: the same seed and count give the same move) or else
``think`` seconds of wall clock.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from card_db.records import CardRecord
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import Action
from deckbuilder.engine.game.decisions import MOVE
from deckbuilder.engine.game.flow import pending, take
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.search.candidates import PASS, candidates
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
        for _ in take(world, d, move, table):
            pass
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
