"""Issue 22, section 3: rules the audit found off, each with the rulebook section it
follows (and, where the rulebook leaves a choice, the ruling in ``rulings.py``)."""

from __future__ import annotations

from deckbuilder.engine.game import Game
from deckbuilder.engine.game.flow import apply, pending, start
from deckbuilder.engine.rules.rulings import ruling
from deckbuilder.engine.simulation.sample_decks import generated_deck


def _to_first_turn(game: Game) -> None:
    start(game, rounds=3)
    while game.turn is None:
        apply(game, pending(game).legal[0])


def test_the_last_autarch_left_in_a_game_of_three_wins_at_once():
    """"Exhausted Destiny": two of three Autarchs run out of Destiny in the same round;
    the one left wins at once (ruling ``last-autarch-wins``), as in a two-player game."""
    game = Game([generated_deck(s) for s in (1, 2, 3)], seed=5)
    _to_first_turn(game)
    for seat in (1, 2):
        game.table.autarchs[seat].destiny.exhausted = True
    game.reconcile()
    assert game.table.over and game.table.winner == 0
    assert [a.eliminated for a in game.table.autarchs] == [False, True, True]
    assert "wins automatically" in game.log[-1]
    assert "Exhausted Destiny" in ruling("last-autarch-wins").sections


def test_one_removal_of_three_leaves_the_game_going():
    game = Game([generated_deck(s) for s in (1, 2, 3)], seed=5)
    _to_first_turn(game)
    game.table.autarchs[2].destiny.exhausted = True
    game.reconcile()
    assert not game.table.over and game.table.winner is None
    assert game.table.autarchs[2].eliminated


def test_plus_n_versus_raises_the_strength_damage_must_exceed():
    """"Some Special Traits: +N Versus X": Celestine, "+4 versus Dowd", has her Strength
    adjusted by 4 against Dowd: the combat total counts it, and so does the Strength
    that damage must exceed (Strength 3 + 4: 6 damage no longer kills her)."""
    from dataclasses import replace

    from card_db.abilities import Ability
    from deckbuilder.engine.rules.challenge import Combatant, resolve_challenge

    base = next(r for r in generated_deck(1) if r.strength)
    celestine = replace(base, name="Celestine", strength=3, abilities=(
        Ability("versus", 4, "Dowd", "card", "+4 versus Dowd"),))
    dowd = replace(base, name="Dowd", strength=4)
    brute = replace(base, name="Brute", strength=9)
    # Dowd and a brute (13) challenge Celestine (3 + 4 = 7): 6 damage.
    result = resolve_challenge([Combatant(1, dowd), Combatant(2, brute)], Combatant(0, celestine))
    assert (result.challenger_strength, result.defending_strength) == (13, 7)
    assert result.damage == 6 and result.killed == ()
    # Without Dowd opposing her, 9 + 4 against 3: 10 damage kills her.
    result = resolve_challenge([Combatant(2, brute), Combatant(3, replace(brute, name="B2",
                                                                          strength=4))],
                               Combatant(0, celestine))
    assert result.killed == (0,)
