"""The "strong" computer Autarch: the quick rules, with a look ahead at each Ally action.

In plain words: before each action of its Ally phase (after the alliances, which it
chooses as the quick level does), the strong Autarch lists a few moves worth comparing
(:func:`~.quick_policy.ally_candidates`: the quick level's choice; what a bolder, a
more peaceful or a passive style would do; a seizure of each Site that adds a
Dominion; idling). For each move it imagines the rest of the round and the next
:data:`HORIZON` round(s) in :data:`SAMPLES` imagined games, in which every Autarch
plays by the quick rules after that move. It plays the move with the best average
outcome (a win, or else its Dominions, Sites and Allies' Magic against its strongest
rival's); a tie keeps the quick level's choice. So that a person never waits long,
the imagining is bounded by a budget of work (:data:`BUDGET`, counted in lines of
imagined play, not in seconds, so the same seed gives the same decisions on any
machine): the imagined games are played one sample of every move at a time, and no
sample is begun that would go past the budget; the moves are then compared on the
samples played (at least one). Every other decision (setup,
Autarch phase, contests, defenders, counters, maneuvers and Flashes on rivals' turns,
damage, Reconciliation) is the quick level's (:mod:`.quick_policy`,
:mod:`.quick_tactics`), and the imagined Autarchs make those the same way.

What it imagines never uses hidden information. Each imagined game starts from a
*determinization* of the table: the cards a rival has not shown (its hand, its
Destiny and its face-down Paths) are dealt again at random from the pool of those
cards, keeping each zone's size and putting Paths only where a Path of the pool fits;
every Destiny, its own included, is drawn in a fresh random order. The pool is the
rival's deck list minus what it has shown: this assumes deck lists are known to the
table (as when players share them), never which of those cards are in hand, in the
Destiny or face down. The random numbers come from the Autarch's own seed and its
count of decisions, never from the game's generator. All moves are compared on the
same imagined games (common random numbers). A test checks that its decisions do
not change when a rival's hidden cards are shuffled among those zones.
"""

from __future__ import annotations

import random
import statistics
import time

from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.quick_policy import ally_candidates
from deckbuilder.engine.game import ALLY_PHASE, Game
from deckbuilder.engine.game.actions import Action
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.game.flow import TURN_PHASES, TURNS, Flow, pending, resolve
from deckbuilder.engine.rules.cards import dominion_mask, magic
from deckbuilder.engine.rules.paths import path_fits_site
from deckbuilder.engine.rules.victory import dominion_count
from deckbuilder.engine.table.rng import splitmix64

#: Imagined games per style, and rounds imagined after the current one.
SAMPLES = 4
HORIZON = 2
#: The work one decision may imagine, counted in lines of play the imagined games
#: write to their logs (each action, contest, challenge... writes one or more): after
#: each sample of every candidate move, no further sample is begun that would go past
#: it at the pace of those so far (at least one is always played). About 0.1 ms of
#: processor time per line at a table of 4 (``benchmarks/bench_match.py``).
BUDGET = 2500
WIN_SCORE = 1000.0


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot see is dealt again at
    random (see the module doc); the copy draws with a generator seeded from ``rng``."""
    g = clone(game)
    s = g.table
    for a in s.autarchs:
        if a.seat == seat:
            continue
        slots = [(site, i) for site, stack in s.paths.items()
                 for i, p in enumerate(stack) if s.owners[p] == a.seat]
        pool = sorted(a.hand + a.destiny.cards + [s.paths[site][i] for site, i in slots])
        rng.shuffle(pool)
        for site, i in slots:
            srec = s.cards[site]
            fits = [p for p in pool if s.cards[p].card_type is CardType.PATH]
            pick = next((p for p in fits if path_fits_site(s.cards[p], srec)), fits[0])
            pool.remove(pick)
            s.paths[site][i] = pick
        k = len(a.hand)
        a.hand[:] = pool[:k]
        a.destiny.cards[:] = pool[k:]
    fresh = random.Random(rng.getrandbits(64))
    g.rng = fresh
    for a in s.autarchs:
        a.destiny._random = fresh.random
    return g


def score(game: Game, seat: int) -> float:
    """How good the table is for ``seat``: a win or a loss, else its Dominions, Sites
    and Allies' Magic against the best rival's."""
    s = game.table
    if s.winner is not None:
        return WIN_SCORE if s.winner == seat else -WIN_SCORE
    if s.autarchs[seat].eliminated:
        return -WIN_SCORE

    def worth(k: int) -> float:
        realm = s.autarchs[k].realm
        masks = [dominion_mask(s.cards[e.site]) for e in realm.state]
        allies = sum(magic(s.cards[c]) for c in realm.allies())
        return 10 * dominion_count(masks, s.variant.border_counts_both) + 2 * len(masks) + (
            0.5 * allies)

    rivals = [worth(a.seat) for a in s.autarchs if a.seat != seat and not a.eliminated]
    return worth(seat) - (max(rivals) if rivals else 0.0)


def rollout(game: Game, seat: int, move: Action, horizon: int) -> float:
    """Play ``move`` for ``seat`` in its Ally turn (begun in ``game``), then every
    Autarch by the quick rules to the end of the round and ``horizon`` more rounds.
    Returns :func:`score` for ``seat``."""
    n = len(game.table.autarchs)
    controllers = seat_table([ComputerController() for _ in range(n)])
    order = game.table.seats_from(game.table.leader)
    game.flow = Flow(horizon, TURNS, phase=TURN_PHASES.index(ALLY_PHASE), order=order,
                     index=order.index(seat))
    resolve(game, pending(game), move, controllers)
    while (d := pending(game)) is not None:
        resolve(game, d, controllers[d.seat].choose(game, d), controllers)
    return score(game, seat)


class StrongController(ComputerController):
    """The "strong" level (module doc). ``seed`` drives its imagined games; the same
    seed and the same public table give the same decisions. ``think_times``: wall-clock
    seconds spent on each decision that compared moves; ``think_cpu``: the same in
    processor seconds of this process (what it costs on an idle machine)."""

    level = "strong"

    def __init__(self, seed: int = 0, samples: int = SAMPLES, horizon: int = HORIZON,
                 budget: int = BUDGET, **kw):
        super().__init__(**kw)
        self.seed = seed
        self.samples = samples
        self.horizon = horizon
        self.budget = budget
        self.decisions = 0
        self.think_times: list[float] = []
        self.think_cpu: list[float] = []
        #: Per decision that compared moves: the samples imagined (fewer than
        #: ``samples`` when the budget ran out) and the lines of play imagined.
        self.think_samples: list[int] = []
        self.think_lines: list[int] = []

    def next_move(self, game: Game, seat: int, phase: str) -> Action | None:
        if phase == ALLY_PHASE:
            return self.choose_ally_move(game, seat)
        return super().next_move(game, seat, phase)

    def choose_ally_move(self, game: Game, seat: int) -> Action | None:
        """The next Ally-phase move of ``seat`` (``None``: the turn is over)."""
        candidates = ally_candidates(self.view(game, seat))
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        start, cpu = time.perf_counter(), time.process_time()
        self.decisions += 1
        rng = random.Random(splitmix64(self.seed * 1_000_003 + self.decisions))
        worlds = [determinize(game, seat, rng) for _ in range(self.samples)]
        scores: list[list[float]] = [[] for _ in candidates]
        lines = 0
        for k, world in enumerate(worlds):
            if k and lines + lines / k > self.budget:
                break  # the next sample would go past the budget
            for move, got in zip(candidates, scores, strict=True):
                imagined = clone(world)
                got.append(rollout(imagined, seat, move, self.horizon))
                lines += len(imagined.log)
        best = None
        for move, got in zip(candidates, scores, strict=True):
            mean = statistics.fmean(got)
            if best is None or mean > best[0]:
                best = (mean, move)
        self.think_times.append(time.perf_counter() - start)
        self.think_cpu.append(time.process_time() - cpu)
        self.think_samples.append(len(scores[0]))
        self.think_lines.append(lines)
        return best[1]
