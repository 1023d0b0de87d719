"""The goldfish autopilot plays "Acting Ally is magic +N" Ally Actions from idle Allies
(issue 12, section 3; policy 9 of deckbuilder.engine.simulation.policy), and never needs "Return an
Oviate from your In Ovo to your hand".

Rulebook: "Ally Actions" and "Actions" (an Ally Action is an active Ally's action and
pivots it), "Phase 1: Coming of Order" (every card in play unpivots), "Target Characters
and Acting Allies" (with no "target", the acting Ally receives the effect),
"Permanents and Instants" (a permanent stays attached and keeps its effect, in every
seizure and when holding a Site).
"""

from __future__ import annotations

import dataclasses

from card_db.records import CardType
from deckbuilder.engine.powers.magic_ally_actions import lasting_magic
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import CHARACTER, EngineDeck
from deckbuilder.engine.simulation.fastcore import fits_compiled_core
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.policy import choose_ally_actions, plan_seizures
from deckbuilder.engine.simulation.sample_decks import (
    generated_deck,
    make_card,
    make_character,
    make_site,
)
from deckbuilder.engine.table.rng import game_seeds
from tests.test_engine_fastcore import demo_decks, same_games
from tests.test_engine_seizure_maneuvers import attached_holdings, logged, small_deck
from tests.test_engine_trace import compare


def action(name: str, text: str, permanent: bool = True):
    return make_card(name, CardType.ALLY_ACTION, permanent, powers=text)


SKETCH = action("Sketch the Threshold", "Acting Ally is magic +1.")


def test_which_ally_actions_the_autopilot_plays():
    assert lasting_magic(SKETCH) == 1
    assert lasting_magic(action("Vigil", "Acting Ally is magic +2.")) == 2
    assert lasting_magic(action("Flicker", "Acting Ally is magic +1.", False)) == 0
    assert lasting_magic(action("Gift", "Target Ally is magic +1.")) == 0
    assert lasting_magic(action("Rite", "Acting Maestro is magic +2.")) == 0
    assert lasting_magic(dataclasses.replace(SKETCH, unique=True)) == 0
    assert lasting_magic(action("Call the Brood", "Return an Oviate from your In Ovo to"
                                                  " your hand.", False)) == 0
    assert lasting_magic(make_card("Glyph", CardType.INFLUENCE_MANEUVER, True,
                                   powers="Acting Ally is magic +1.")) == 0


def test_idle_allies_get_the_cards_adding_most_least_magic_first():
    deck = EngineDeck.from_records([
        make_character("Two", 1, 2), make_character("One", 1, 1),
        make_character("Maestro", 5, 4, affiliations=("Maestro",)),
        SKETCH, action("Vigil", "Acting Ally is magic +2."),
    ])
    magic = list(deck.magic)
    # Vigil (+2) first, from One (Magic 1); Sketch from Two; never from the Maestro.
    assert choose_ally_actions(deck, [3, 4], [0, 1, 2], magic) == [(4, 1), (3, 0)]
    assert choose_ally_actions(deck, [3, 4], [2, 0], magic) == [(4, 0)]
    assert choose_ally_actions(deck, [], [0, 1], magic) == []
    magic[1] = 3  # One already carries a +2: Two now has the least Magic
    assert choose_ally_actions(deck, [3], [0, 1], magic) == [(3, 0)]


def test_the_seizure_plan_reads_the_magic_an_ally_has_now():
    deck = EngineDeck.from_records([make_character("Helper", 1, 2), make_site("Keep", (1,), 3)])
    assert plan_seizures(deck, [0], [1], []) == []
    assert plan_seizures(deck, [0], [1], [], magic=[3, 0]) == [(1, (0,), (), ())]


def test_the_full_engine_plays_it_from_idle_allies_and_the_holders_keep_it():
    # Helpers of Magic 2 against Resistance 5: two Helpers fall short (4); with one
    # Sketch attached they secure the Site (2 + 2 + 1).
    deck = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(24)],
                      [SKETCH] * 12, 5)
    assert deck.ally_action_magic.count(1) == 12
    seeds = list(game_seeds(5, 0, 40))
    assert len(logged(deck, seeds, 12, "performs Sketch the Threshold")) > 40
    holdings = attached_holdings(deck, seeds[:10], 12)
    assert len(holdings) > 5
    for game, entry, sketches in holdings:
        assert game.holding_influence(entry) == 2 * len(entry.holders) + len(sketches)
        assert game.is_held(entry)
        assert not [line for line in game.log if "lack the influence" in line]
    compare(deck, seeds, 12)
    same_games(deck, seeds, 12)


def test_decks_with_ally_actions_play_the_same_games_on_every_core():
    for deck_seed in range(4):
        records = generated_deck(deck_seed, 15 + deck_seed, 10, deck_seed % 2 == 1,
                                 playable=True)
        others = [i for i, r in enumerate(records) if r.card_type in (
            CardType.ALLY_ACTION, CardType.FLASH, CardType.COMBAT_MANEUVER)]
        for n, i in enumerate(others[::2]):
            records[i] = SKETCH if n % 3 else action("Vigil", "Acting Ally is magic +2.")
        deck = EngineDeck.from_records(records)
        assert sum(deck.ally_action_magic) >= 4
        for variant in (Variant(), Variant.shorter_games()):
            same_games(deck, game_seeds(deck_seed, 0, 300), 15, variant)
            compare(deck, game_seeds(deck_seed, 0, 40), 15, variant)


def test_no_oviate_ever_waits_in_the_in_ovo_of_a_goldfish_game():
    # Call the Brood ("Return an Oviate from your In Ovo to your hand") is held: no
    # challenge, no damage, no Path and no lost Site, so no Character is discarded.
    deck = demo_decks()["oviate-swarm"]
    brood = [i for i, r in enumerate(deck.records) if r.name == "Call the Brood"]
    assert brood and not any(deck.ally_action_magic[i] for i in brood)
    for seed in game_seeds(6, 0, 20):
        game = GoldfishGame(deck, seed, 10)
        game.run()
        in_ovo = game.game.autarch(0).in_ovo
        assert not [c for c in in_ovo if deck.ctype[c] == CHARACTER], seed


def test_the_compiled_core_leaves_room_for_every_magic_bonus():
    # Subset sums in one 64-bit word: Resistance + Magic, with every bonus an Ally might
    # carry, stays within 62; other decks play on the pure-Python core.
    records = [make_character("Giant", 1, 30), make_site("Keep", (1,), 30)]
    assert fits_compiled_core(EngineDeck.from_records(records + [SKETCH] * 2), Variant())
    assert not fits_compiled_core(EngineDeck.from_records(records + [SKETCH] * 3), Variant())
