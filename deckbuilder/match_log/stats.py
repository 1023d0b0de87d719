"""Win rates of logged games, grouped by deck, version, opponent, affiliation, who went
first or kind of game.

``win_rate`` is the wins over the decided games (draws are left out), and ``ci95`` its
95% Wilson score interval (:func:`deckbuilder.engine.simulation.match.wilson_interval`, as the
matchup statistics use): ``(0, 1)`` with no decided game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from deckbuilder.engine.simulation.match import wilson_interval
from deckbuilder.match_log.entry import GameEntry

#: What ``log stats --by`` may group by (``deck`` when not given).
GROUPS = ("deck", "version", "opponent", "affiliation", "went", "kind")


@dataclass(frozen=True)
class StatsRow:
    """The games of one group: ``key`` (the deck's name, the version number, the
    opponent...; ``None`` when unknown), counts, ``win_rate`` (``None`` with no decided
    game) and ``ci95`` ``(lo, hi)``."""

    key: str | int | None
    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float | None
    ci95: tuple[float, float]

    def to_json(self) -> dict:
        """``{"key", "games", "wins", "losses", "draws", "win_rate", "ci95": [lo, hi]}``,
        the rates rounded to 6 decimals."""
        return {"key": self.key, "games": self.games, "wins": self.wins,
                "losses": self.losses, "draws": self.draws,
                "win_rate": None if self.win_rate is None else round(self.win_rate, 6),
                "ci95": [round(self.ci95[0], 6), round(self.ci95[1], 6)]}


def group_key(entry: GameEntry, by: str) -> str | int | None:
    """The group of ``entry`` for ``by`` (one of :data:`GROUPS`); ``ValueError`` else."""
    if by not in GROUPS:
        raise ValueError(f"cannot group by {by!r}: choose one of {', '.join(GROUPS)}")
    value = {"deck": entry.deck, "version": entry.version, "opponent": entry.opponent,
             "affiliation": entry.opponent_affiliation, "went": entry.went,
             "kind": entry.kind}[by]
    return value if value != "" else None


def row_of(key: str | int | None, entries: list[GameEntry]) -> StatsRow:
    wins = sum(1 for e in entries if e.result == "win")
    losses = sum(1 for e in entries if e.result == "loss")
    decided = wins + losses
    return StatsRow(key, len(entries), wins, losses, len(entries) - decided,
                    wins / decided if decided else None, wilson_interval(wins, decided))


def group_stats(entries: Iterable[GameEntry], by: str = "deck") -> list[StatsRow]:
    """One :class:`StatsRow` per group of ``entries``, in key order (numbers by value,
    text ignoring case; the unknown key last)."""
    groups: dict[str | int | None, list[GameEntry]] = {}
    for entry in entries:
        groups.setdefault(group_key(entry, by), []).append(entry)

    def order(key):
        return (key is None, key if isinstance(key, int) else str(key or "").casefold())

    return [row_of(key, groups[key]) for key in sorted(groups, key=order)]
