"""The "expert" computer Autarch: information-set search at every decision of its turns.

At each move of its Autarch phase, Ally phase and Reconciliation with more than one
move worth comparing (:mod:`.candidates`), it runs :func:`~.ismcts.search` on fair
determinizations of the table (:mod:`.determinize`: never a rival's deck list, hand
or Destiny order) and plays the move chosen, an :class:`~deckbuilder.engine.game.actions.Action`
of the engine's action interface. Its Ally-phase moves are compared instead by a fair
version of the strong level's look-ahead (:mod:`.ally_lookahead`, while
:data:`ALLY_LOOKAHEAD`). Setup (placing Sites, reshuffling) and the decisions
follow the quick rules. The decisions asked in the middle of an action (contest,
defend, counter, maneuvers, damage, the last call for Flashes) are searched too when
``in_action`` is on (:mod:`.in_action`): the engine cannot copy a game in the middle of
an action (``docs/engine-actions.md``, "Where clone works"), so the expert keeps a
:class:`~.checkpoint.Checkpoint` of the move being resolved (the table before it, the
move, the answers given in it) and replays the move on fair imagined tables of it.

Budget per decision: ``iterations`` (the same ``seed`` and count give the same game) or
else ``think`` seconds (default 1 s) of wall clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_db.records import CardRecord
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.controllers.quick_policy import ally_candidates
from deckbuilder.engine.game import ALLY_PHASE, Game
from deckbuilder.engine.game.actions import Action, PlayFlash
from deckbuilder.engine.game.decisions import LAST_CALL, Decision
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.search.ally_lookahead import fair_lookahead
from deckbuilder.engine.search.candidates import PASS
from deckbuilder.engine.search.checkpoint import Answer, Checkpoint
from deckbuilder.engine.search.determinize import bundled_catalogue
from deckbuilder.engine.search.in_action import SEARCHED, InActionResult, decide
from deckbuilder.engine.search.ismcts import SearchResult, search
from deckbuilder.engine.table.rng import splitmix64

#: Default thinking time per decision, seconds of wall clock.
DEFAULT_THINK = 1.0
#: Whole rounds a playout plays after the current one, unless given
#: (``benchmarks/bench_levels.py --rounds`` sets it to compare horizons). None: with one
#: more round the playouts were 8.9 times quicker than full games, not the 20 asked,
#: and the expert did no better against strong (16-23-1 over 40 games at 100 iterations,
#: against 17-23 with none at 200 iterations: ``docs/computer-opponents.md``).
PLAYOUT_ROUNDS = 0
# Also measured (docs/computer-opponents.md, 40 games each against strong): comparing
# the moves on the same imagined tables (:data:`~.ismcts.PAIRED`) instead of the tree,
# with or without a margin over the quick rules' choice, and two more rounds per playout
# at 64 iterations: 13 to 16 wins of 40 in every case, within the noise of each other.
#: Whether the decisions asked inside an action are searched unless told: on, as the
#: expert did better against strong with it (58-62 against 45-75 over the same 120
#: seeded games, intervals overlapping: ``docs/computer-opponents.md``, "Measured").
IN_ACTION = True
#: Whether the expert's Ally-phase moves are chosen by the fair version of the strong
#: level's look-ahead (:mod:`.ally_lookahead`: strong's style candidates, horizon and
#: budget, on the expert's fair imagined tables) instead of the paired search; the
#: other phases keep the paired search. Against strong on the same 40 seeded games
#: (seed 24, 200 iterations) the expert won 22-18 with it, 17-22-1 without; seed 25:
#: 21-19 and 18-21-1 (``docs/computer-opponents.md``, "Why the expert loses to strong").
ALLY_LOOKAHEAD = True


class ExpertController(ComputerController):
    """The "expert" level (module doc). ``seed``: its own random numbers (the game's
    generator is never used); ``think``: seconds per decision; ``iterations``: a fixed
    count per decision instead (reproducible); ``rounds``: whole rounds a playout adds
    after the current one; ``catalogue``: the cards a player could own (default: the
    bundled catalogue). ``in_action``: search the decisions asked inside an action
    too (:mod:`.in_action`; default :data:`IN_ACTION`). ``ally_lookahead``: choose the
    Ally-phase moves by :mod:`.ally_lookahead` (default :data:`ALLY_LOOKAHEAD`). ``searches``: the
    :class:`~.ismcts.SearchResult` of each decision that compared moves;
    ``in_action_searches``: the :class:`~.in_action.InActionResult` of each
    in-action decision searched."""

    level = "expert"

    def __init__(self, seed: int = 0, think: float = DEFAULT_THINK,
                 iterations: int | None = None, rounds: int | None = None,
                 catalogue: Sequence[CardRecord] | None = None,
                 in_action: bool | None = None, ally_lookahead: bool | None = None,
                 **kw):
        super().__init__(**kw)
        if think <= 0 or (iterations is not None and iterations < 1):
            raise EngineError("think must be positive and iterations at least 1")
        self.seed = seed
        self.think = think
        self.iterations = iterations
        self.rounds = PLAYOUT_ROUNDS if rounds is None else rounds
        # read the bundled catalogue now, not during the first decision (about 0.3 s)
        self.catalogue = bundled_catalogue() if catalogue is None else catalogue
        self.decisions = 0
        self.searches: list[SearchResult] = []
        self.in_action = IN_ACTION if in_action is None else in_action
        self.ally_lookahead = ALLY_LOOKAHEAD if ally_lookahead is None else ally_lookahead
        self.in_action_searches: list[InActionResult] = []
        self._checkpoint: Checkpoint | None = None

    def next_move(self, game: Game, seat: int, phase: str) -> Action | None:
        """The next move of ``seat``'s turn in ``game`` (``None``: the turn is over)."""
        self.decisions += 1
        rng = random.Random(splitmix64(self.seed * 1_000_003 + self.decisions))
        if self.ally_lookahead and phase == ALLY_PHASE:
            moves = ally_candidates(self.view(game, seat))
            if len(moves) <= 1:
                return moves[0] if moves else None
            result = fair_lookahead(game, seat, moves, rng, iterations=self.iterations,
                                    catalogue=self.catalogue)
            self.searches.append(result)
            return result.move
        result = search(game, seat, rng, iterations=self.iterations, think=self.think,
                        rounds=self.rounds, catalogue=self.catalogue)
        if result.iterations:
            self.searches.append(result)
        return None if result.move is None or result.move == PASS else result.move

    # -- inside an action: checkpoint and replay (:mod:`.in_action`) ---------------------
    def action_begins(self, game: Game, seat: int, action: Action) -> None:
        if self.in_action:
            self._checkpoint = Checkpoint.before(game, seat, action)

    def answered(self, game: Game, decision: Decision, action: Action) -> None:
        if self._checkpoint is not None:
            self._checkpoint.answers.append(
                Answer(decision.seat, decision.kind, decision.context, action))

    def choose(self, game: Game, decision: Decision) -> Action:
        quick = super().choose(game, decision)
        cp = self._checkpoint
        if not self.in_action or decision.kind not in SEARCHED or cp is None \
                or not cp.current(game):
            return quick
        rng = random.Random(splitmix64((self.seed * 1_000_003 + self.decisions + 1)
                                       ^ 0x1A5E))
        result = decide(cp, game, decision, quick, rng, iterations=self.iterations,
                        think=self.think, rounds=self.rounds, catalogue=self.catalogue)
        if result is None:
            return quick
        self.decisions += 1
        self.in_action_searches.append(result)
        self.decision_times.append(result.seconds)
        if decision.kind == LAST_CALL and result.action != quick:
            if isinstance(quick, PlayFlash):  # the quick rules noted the Flash as played
                self.moves.remove((decision.seat, quick))
            if isinstance(result.action, PlayFlash):
                self.moves.append((decision.seat, result.action))
        return result.action
