"""What a person may name in a manual adjustment now, and whether the engine takes it.

A card played this round whose power the engine did not apply may have its effect
applied by hand by the Autarch whose turn it is (:mod:`deckbuilder.engine.game.manual`).
:func:`adjust_choices` lists what the Play screen's "Adjust by hand" dialog offers: the
cards it may be made for (with their text not played), the characters in play, the
person's own hand (a chosen discard) and the Autarchs (who draws or discards at
random). :func:`adjustment_error` tries an adjustment on a copy of the game, so that a
refused one is said to the person instead of ending the turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import NOBODY, ManualAdjustment, shown_name
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.powers.modelled import not_modelled
from deckbuilder.engine.rules.cards import is_character
from deckbuilder.engine.rules.errors import RuleError

#: ``(id, label)`` pairs, in the order offered.
Labelled = tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class AdjustChoices:
    """What a manual adjustment may name now: ``causes`` (the played cards whose power
    was not applied, labelled with their type, who played them and the text not
    played), ``characters`` (characters in play, labelled with their controller),
    ``hand`` (the person's own hand) and ``autarchs`` (the Autarchs still in the game,
    ``seat`` first)."""

    seat: int
    causes: Labelled
    characters: Labelled
    hand: Labelled
    autarchs: Labelled


def _cause(game: Game, card: int) -> str:
    rec = game.record(card)
    owner = game.autarch(game.table.owners[card]).name
    return (f"{rec.name} ({rec.card_type.value}, {owner}): "
            f"\u201c{' '.join(not_modelled(rec))}\u201d")


def _character(game: Game, card: int) -> str:
    seat = game.controller_of(card)
    whose = "" if seat is None else f" ({game.autarch(seat).name})"
    return f"{shown_name(game, card)}{whose}"


def adjust_choices(game: Game, seat: int) -> AdjustChoices | None:
    """The choices of a manual adjustment ``seat`` may make now; ``None`` when it may
    make none (no card played this round with its power not applied, or not its turn)."""
    causes = game.adjustable(seat)
    if not causes:
        return None
    s = game.table
    characters = sorted(c for c in game.targetable() if is_character(game.record(c)))
    seats = [seat, *(a.seat for a in s.autarchs if a.seat != seat and not a.eliminated)]
    return AdjustChoices(
        seat,
        tuple((c, _cause(game, c)) for c in causes),
        tuple((c, _character(game, c)) for c in characters),
        tuple((c, game.name(c)) for c in sorted(game.autarch(seat).hand)),
        tuple((k, game.autarch(k).name) for k in seats))


def adjustment_error(game: Game, seat: int, action: ManualAdjustment) -> str | None:
    """Why the engine would refuse ``action`` for ``seat`` now (tried on a copy), or
    ``None`` if it takes it."""
    trial = clone(game)
    for a in trial.table.autarchs:  # a trial draw must not take the real game's draws
        a.destiny._random = trial.rng.random
    try:
        action.play(trial, seat, NOBODY)
    except RuleError as exc:
        return str(exc)
    return None


__all__ = ["AdjustChoices", "Labelled", "adjust_choices", "adjustment_error"]
