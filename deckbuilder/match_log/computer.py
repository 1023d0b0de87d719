"""Computer games as match-log entries: the games of ``deckbuilder match --log`` and a
game finished on the Play screen, each seen from your deck's side (deck A; seat 0).

How a game ended, from the engine's words (:data:`deckbuilder.engine.simulation.match.ENDINGS`,
rulebook "Phase 4: The Reconciliation", "Exhausted Destiny"): ``victory`` and
``exhausted_destiny`` keep their names; ``round_limit`` (no result after the last
round) is ``time``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from card_db.records import CardRecord
from deckbuilder.engine.simulation.match import GameRecord
from deckbuilder.match_log.entry import GameEntry, main_affiliation

_ENDED = {"victory": "victory", "exhausted_destiny": "exhausted-destiny", "round_limit": "time"}


def computer_opponent(level: str) -> str:
    """How a computer Autarch is named as an opponent: ``"Computer (quick)"``."""
    return f"Computer ({level})"


def match_entries(games: Sequence[GameRecord], deck: str, version: int | None,
                  opponent_deck: str, opponent_cards: Sequence[CardRecord], level: str,
                  played_on: date | None = None) -> list[GameEntry]:
    """One computer-game entry per game of a match of ``deck`` (deck A) against
    ``opponent_deck`` (deck B, ``opponent_cards`` its cards) at ``level``."""
    affiliation = main_affiliation(opponent_cards)
    day = played_on or date.today()
    return [GameEntry(
        played_on=day, deck=deck, version=version, opponent=computer_opponent(level),
        opponent_deck=opponent_deck, opponent_affiliation=affiliation,
        went="first" if g.a_first else "second",
        result="draw" if g.winner is None else ("win" if g.winner == "a" else "loss"),
        ended=_ENDED[g.ending], rounds=g.rounds, kind="computer", level=level,
        notes=f"deckbuilder match, game {g.index}") for g in games]


def play_entry(deck: str, version: int | None, rivals: Sequence[tuple[str, str,
               Sequence[CardRecord]]], winner: int | None, eliminated: Sequence[bool],
               over: bool, rounds: int, went_first: bool | None,
               played_on: date | None = None) -> GameEntry:
    """The entry of a game finished on the Play screen by the person (seat 0) with
    ``deck`` against ``rivals`` (``(deck name, level, cards)`` each, seats 1, 2...).
    ``winner``: the winning seat or ``None``; ``eliminated``: per seat, removed by an
    Exhausted Destiny; ``over``: the game ended (else it stopped at the round limit)."""
    if winner is None:
        result, ended = "draw", "exhausted-destiny" if over else "time"
    else:
        result = "win" if winner == 0 else "loss"
        ended = "exhausted-destiny" if any(eliminated) else "victory"
    levels = sorted({level for _, level, _ in rivals})
    names = ", ".join(name for name, _, _ in rivals)
    cards = [c for _, _, deck_cards in rivals for c in deck_cards]
    opponent = (computer_opponent(levels[0]) if len(rivals) == 1
                else f"{len(rivals)} computers ({', '.join(levels)})")
    return GameEntry(
        played_on=played_on or date.today(), deck=deck, version=version, opponent=opponent,
        opponent_deck=names, opponent_affiliation=main_affiliation(cards) if len(rivals) == 1
        else "", went="" if went_first is None else ("first" if went_first else "second"),
        result=result, ended=ended, rounds=rounds, kind="computer", level=", ".join(levels),
        notes="Play screen")
