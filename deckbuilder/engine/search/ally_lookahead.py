"""A fair version of the strong level's look-ahead, for the expert's Ally-phase moves.

The strong level (:mod:`~deckbuilder.engine.controllers.lookahead`) compares a few
style candidates (:func:`~deckbuilder.engine.controllers.quick_policy.ally_candidates`)
over a few imagined games of the rest of the round and two more rounds, but deals its
rivals' hidden cards from their real deck lists. This module compares the same
candidates with the same playouts (:func:`~deckbuilder.engine.controllers.lookahead.rollout`,
scored by :func:`~deckbuilder.engine.controllers.lookahead.score`) and the same budget of
imagined lines of play, on the expert's fair imagined tables (:class:`~.determinize.Dealer`:
the catalogue and the cards seen, never a deck list), so its decisions do not change
when a rival's hidden cards are dealt from another deck. Issue 24 measures it against
the expert's paired search of the Ally phase (``docs/computer-opponents.md``, "Why the
expert loses to strong").
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from card_db.records import CardRecord
from deckbuilder.engine.controllers import lookahead
from deckbuilder.engine.controllers.lookahead import HORIZON, rollout
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import Action
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.search.determinize import Dealer
from deckbuilder.engine.search.ismcts import SearchResult

#: Imagined tables per candidate, and the budget of imagined lines of play per decision:
#: the strong level's (:data:`~deckbuilder.engine.controllers.lookahead.SAMPLES`,
#: :data:`~deckbuilder.engine.controllers.lookahead.BUDGET`) unless changed here.
SAMPLES = lookahead.SAMPLES
BUDGET = lookahead.BUDGET


def fair_lookahead(game: Game, seat: int, candidates: Sequence[Action], rng: random.Random,
                   *, iterations: int | None = None,
                   catalogue: Sequence[CardRecord] | None = None) -> SearchResult:
    """Choose among ``candidates`` (at least two; the quick rules' choice first) for
    ``seat``, whose Ally-phase move is pending in ``game``: each candidate played on the
    same :data:`SAMPLES` fair imagined tables (fewer when ``iterations``, the expert's
    count per decision, is smaller than one per candidate and sample, or when the
    :data:`BUDGET` of imagined lines runs out), played out ``HORIZON`` rounds past this
    one by the quick rules (the strong level's
    :data:`~deckbuilder.engine.controllers.lookahead.HORIZON`). The best mean score wins;
    a tie keeps the earlier candidate. ``stats`` holds each candidate's samples and mean."""
    start = time.perf_counter()
    samples = SAMPLES
    if iterations is not None:
        samples = max(1, min(SAMPLES, iterations // len(candidates)))
    dealer = Dealer(game, seat, catalogue)
    scores: list[list[float]] = [[] for _ in candidates]
    lines = 0
    for k in range(samples):
        if k and lines + lines / k > BUDGET:
            break  # the next sample would go past the budget
        world = dealer.world(rng)
        for move, got in zip(candidates, scores, strict=True):
            imagined = clone(world)
            got.append(rollout(imagined, seat, move, HORIZON))
            lines += len(imagined.log)
    means = [statistics.fmean(got) for got in scores]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    stats = tuple((m, len(scores[i]), round(means[i], 6)) for i, m in enumerate(candidates))
    return SearchResult(candidates[best], sum(map(len, scores)), stats,
                        time.perf_counter() - start)
