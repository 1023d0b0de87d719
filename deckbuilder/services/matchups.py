"""One deck against several rivals, computer against computer, game by game, so that a
view can show progress after every game and stop between any two (issue 13, section 3:
the GUI's matchup panel).

Each rival is a separate match of :func:`~deckbuilder.engine.simulation.match.play_match_game`
games (deck A = your deck, deck B = the rival), with the same seating, seeds and
statistics as ``deckbuilder match`` run with that seed and level: the figures equal
those of :func:`~deckbuilder.engine.simulation.match.run_match` for the same arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from card_db.errors import Cancelled
from card_db.records import CardRecord
from deckbuilder.engine.controllers.levels import LEVELS
from deckbuilder.engine.simulation.match import (
    DEFAULT_MAX_ROUNDS,
    GameRecord,
    MatchStats,
    check_playable,
    play_match_game,
)


@dataclass(frozen=True)
class Opponent:
    """A rival deck for :func:`play_matchups`: its name, records (one per copy) and the
    level of the computer Autarchs in its match (both sides play at that level)."""

    name: str
    records: tuple[CardRecord, ...]
    level: str = "quick"


class MatchupsCancelled(Cancelled):
    """Stopped by the ``cancelled`` check; ``partial``: one :class:`MatchStats` per
    rival begun (the last one with the games finished before the stop)."""

    def __init__(self, partial: list[MatchStats]):
        super().__init__(f"cancelled after {sum(len(m.games) for m in partial)} games")
        self.partial = partial


def play_matchups(
    name: str,
    records: Sequence[CardRecord],
    opponents: Sequence[Opponent],
    games: int,
    seed: int = 0,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    level: str | None = None,
) -> list[MatchStats]:
    """Play ``games`` games of the deck ``name`` against each of ``opponents``, in order.

    Returns one :class:`MatchStats` per opponent (deck A: ``name``). ``progress(done,
    total)`` after every game (total: ``games`` x opponents). ``cancelled()`` is asked
    before every game; when true, :class:`MatchupsCancelled` is raised with the games
    finished. ``level``: the level playing your deck (default: each rival's, so both
    sides play at it). ``ValueError`` for no opponent, ``games`` < 1 or an unknown level;
    :class:`~deckbuilder.engine.simulation.policy.SetupError` (a UserError) for a deck that cannot
    be set up.
    """
    if not opponents or games < 1:
        raise ValueError("a matchup needs at least one rival and one game")
    for wanted in [level or "quick", *(opp.level for opp in opponents)]:
        if wanted not in LEVELS:
            raise ValueError(f"unknown level {wanted!r}: choose one of {', '.join(LEVELS)}")
    mine = tuple(records)
    check_playable(mine)
    for opp in opponents:
        check_playable(opp.records)
    total = games * len(opponents)
    results: list[MatchStats] = []
    for opp in opponents:
        done: list[GameRecord] = []

        def stats(opp: Opponent = opp, done: list[GameRecord] = done) -> MatchStats:
            return MatchStats((name, opp.name), seed, level or opp.level, max_rounds,
                              tuple(done), opp.level)

        for index in range(games):
            if cancelled is not None and cancelled():
                raise MatchupsCancelled([*results, stats()] if done else results)
            done.append(play_match_game(mine, opp.records, seed, index, level or opp.level,
                                        max_rounds, opp.level))
            if progress is not None:
                progress(len(results) * games + index + 1, total)
        results.append(stats())
    return results
