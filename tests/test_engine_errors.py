"""Issue 22, section 4: a programming error in the engine (or in the code driving it) is
an internal error, never a ``ValueError`` or ``UserError`` a screen would show as the
user's mistake; an illegal move stays a ``RuleError`` naming its rulebook section."""

from __future__ import annotations

import pytest

from card_db.errors import UserError
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import RevealSite
from deckbuilder.engine.game.flow import apply, pending, start
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.rules.challenge import Combatant, resolve_challenge
from deckbuilder.engine.rules.errors import EngineError, RuleError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.search.dial import MistakeController
from deckbuilder.engine.simulation.goldfish import run_games
from deckbuilder.engine.simulation.match import computer_controller
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.simulation.tuning import paired_delta


def _is_internal(exc: BaseException) -> bool:
    return isinstance(exc, EngineError) and not isinstance(exc, UserError | ValueError)


@pytest.mark.parametrize("bug", [
    lambda: Game([]),
    lambda: Game([generated_deck(1)]).begin_setup(first=3),
    lambda: Game([generated_deck(1)]).begin_turn("Tea Time", 0),
    lambda: list(play(Game([generated_deck(1), generated_deck(2)]), [], rounds=1)),
    # Arguments the CLI and the screens check before calling (levels offered, counts
    # in range): reaching the engine wrong is the caller's bug.
    lambda: Variant(prime_allowance=-1),
    lambda: computer_controller("grandmaster", 1),
    lambda: MistakeController("grandmaster"),
    lambda: run_games(generated_deck(1), games=-1),
    lambda: paired_delta([1], [1, 0]),
])
def test_programming_errors_are_internal_errors(bug):
    with pytest.raises(EngineError) as info:
        bug()
    assert _is_internal(info.value)


def test_an_impossible_damage_assignment_is_a_bug_not_the_users_mistake():
    deck = generated_deck(1)
    chars = sorted((r for r in deck if r.strength), key=lambda r: r.strength)
    strong, weak = chars[-1], chars[0]
    sides = ([Combatant(0, strong), Combatant(2, strong)], Combatant(1, weak), [])
    assert resolve_challenge(*sides).victor == "challengers"
    with pytest.raises(EngineError):
        resolve_challenge(*sides, {1: 10_000})
    with pytest.raises(EngineError):
        resolve_challenge(*sides, {7: 0})


def test_an_illegal_move_is_still_the_users_rule_error():
    game = Game([generated_deck(1), generated_deck(2)])
    start(game, rounds=1)
    while game.turn is None:
        d = pending(game)
        apply(game, d.legal[0])
    with pytest.raises(RuleError, match="Reveal Sites") as info:
        apply(game, RevealSite(-1 % len(game.table.cards)))
    assert isinstance(info.value, UserError)


def test_the_screens_report_an_engine_error_as_a_bug():
    """``deckbuilder.messages`` tells the user's mistakes from bugs: an EngineError is
    a bug (reported as one), a RuleError the user's mistake."""
    from deckbuilder import messages

    assert not messages.is_user_error(EngineError("no seat 3"))
    assert messages.is_user_error(RuleError("Reveal Sites", "not in hand"))
