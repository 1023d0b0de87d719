"""A game finished on the Play screen goes into the match log as a computer game
(issue 23, section 2): your deck (with its version when it is a saved deck), the
rivals' decks and levels, who acted first, the result, how it ended and its rounds.

Only games started from chosen decks are logged (a rulebook worked example or a
resumed saved game is not: its decks are not named). The write is undoable on the
"match_log" history, like any change of the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.services.deck_sources import SAVED, PlayDeck


@dataclass(frozen=True)
class PlayedDecks:
    """Your deck's name (``saved``: a saved deck) and each rival's ``(deck name,
    level, cards)``, in seat order."""

    deck: str
    saved: bool
    rivals: tuple[tuple[str, str, tuple[CardRecord, ...]], ...]


def played_decks(source, decks: Sequence[PlayDeck], levels: Sequence[str]) -> PlayedDecks:
    """What to log of a game of ``decks`` (yours first; ``source``: your chooser's
    :class:`~deckbuilder.gui.deck_editor.chooser.DeckSource`) at the rivals' ``levels``."""
    return PlayedDecks(decks[0].name, source is not None and source.kind == SAVED,
                       tuple((d.name, level, tuple(d.records))
                             for d, level in zip(decks[1:], levels, strict=True)))


def record_finished_game(context, session, snap) -> None:
    """Log the game ``session`` just finished (``snap``: its last table) if it was
    started from chosen decks."""
    # lazy: the engine's setup rules and the match log load with the first finished game
    from deckbuilder.engine.rules.setup import first_round_leader
    from deckbuilder.match_log.computer import play_entry
    from deckbuilder.services.match_log import log_play_game

    played: PlayedDecks | None = getattr(session, "played", None)
    if played is None:
        return
    table = session.game.table
    leader = first_round_leader(len(table.autarchs), table.setup_first)
    entry = play_entry(played.deck, None, played.rivals, snap.winner,
                       [a.eliminated for a in snap.autarchs], snap.over, snap.round,
                       leader == 0)
    context.operations.run(
        log_play_game, entry, played.saved, error_title="The game was not logged",
        on_done=lambda _outcome: context.status.emit(
            f"The game is in the match log ({entry.result}); see the Games tab"))
