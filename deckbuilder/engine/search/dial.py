"""The "novice" and "casual" levels: the moves a person would consider, chosen with
human-like mistakes.

At each decision of its turns with more than one move worth comparing
(:mod:`.candidates`, the same lists the expert searches), the Autarch looks one move
ahead on one fair imagined table (:mod:`.determinize`): it plays each move there and
scores the table right after it (:func:`~.playout.evaluate`, no playout), the quick
rules' own choice counting :data:`NATURAL` more (the move a player sees first). It
then chooses by a softmax over those values at its level's temperature
(:data:`TEMPERATURES`): the probability of a move is proportional to
``exp((value - best) / T)``, so a move that looks nearly as good as the best is often
chosen and a clearly worse one seldom; never a uniformly random move. ``mistakes``
counts the decisions where it chose a move that looked worse than the best (the rate
``docs/computer-opponents.md`` states is measured with ``benchmarks/bench_levels.py``).
Nested decisions and setup follow the quick rules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from card_db.records import CardRecord
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import Action
from deckbuilder.engine.game.flow import pending, resolve
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.search.candidates import PASS, candidates
from deckbuilder.engine.search.clone import clone
from deckbuilder.engine.search.determinize import Dealer, bundled_catalogue
from deckbuilder.engine.search.playout import evaluate, quick_table
from deckbuilder.engine.table.rng import splitmix64

#: Softmax temperature per level, in units of :func:`~.playout.evaluate` (a Dominion
#: gained moves it by about 0.4).
TEMPERATURES = {"novice": 0.25, "casual": 0.08}
#: The bonus of the quick rules' choice (the first candidate) in the same units.
NATURAL = 0.1


def softmax_pick(values: Sequence[float], temperature: float, rng: random.Random) -> int:
    """The index chosen with probability proportional to ``exp((v - max) / T)``."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    return rng.choices(range(len(values)), weights=weights)[0]


class MistakeController(ComputerController):
    """A level that makes human-like mistakes (module doc). ``level``: "novice" or
    "casual"; ``seed``: its own random numbers; ``catalogue``: the cards a player could
    own (default: the bundled catalogue)."""

    def __init__(self, level: str = "casual", seed: int = 0,
                 catalogue: Sequence[CardRecord] | None = None, **kw):
        super().__init__(**kw)
        if level not in TEMPERATURES:
            raise EngineError(f"unknown level {level!r}: choose one of {', '.join(TEMPERATURES)}")
        self.level = level
        self.temperature = TEMPERATURES[level]
        self.seed = seed
        # read the bundled catalogue now, not during the first decision (about 0.3 s)
        self.catalogue = bundled_catalogue() if catalogue is None else catalogue
        self.decisions = 0
        self.compared = 0
        self.mistakes = 0

    def value(self, world: Game, seat: int, move: Action) -> float:
        """How the table looks to ``seat`` right after ``move`` on a copy of ``world``
        (``-inf`` if the engine refuses it there)."""
        g = clone(world)
        table = quick_table(len(g.table.autarchs))
        resolve(g, pending(g), move, table)
        if table[seat].illegal:
            return -math.inf
        return evaluate(g, seat)

    def next_move(self, game: Game, seat: int, phase: str) -> Action | None:
        """The next move of ``seat``'s turn (``None``: the turn is over)."""
        moves = candidates(PublicView(game, seat))
        if len(moves) <= 1:
            return moves[0] if moves and moves[0] != PASS else None
        self.decisions += 1
        rng = random.Random(splitmix64(self.seed * 1_000_003 + self.decisions))
        world = Dealer(game, seat, self.catalogue).world(rng)
        values = [self.value(world, seat, m) + (NATURAL if i == 0 else 0.0)
                  for i, m in enumerate(moves)]
        legal = [i for i, v in enumerate(values) if v > -math.inf]
        if not legal:
            return moves[0]
        pick = legal[softmax_pick([values[i] for i in legal], self.temperature, rng)]
        self.compared += 1
        if values[pick] < max(values):
            self.mistakes += 1
        return None if moves[pick] == PASS else moves[pick]
