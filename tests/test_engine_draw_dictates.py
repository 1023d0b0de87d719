"""The goldfish autopilot plays a Dictate that only draws cards as the turn's Dictate
(issue 12, section 3; policy 4 of deckbuilder.engine.simulation.policy).

Rulebook: "Phase 2: Autarch Phase" (one Dictate per turn; after it the turn is over, so a
Site it draws waits for the next turn), "Dictates" (Autarch phase only), "Exhausted
Destiny" (the policy never draws the Destiny's last card with a Dictate).
"""

from __future__ import annotations

from pathlib import Path

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from card_db.records import CardType
from deckbuilder.engine.powers.draw_dictates import cards_drawn, turn_draws
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.policy import CENSUS_DESTINY, choose_dictate
from deckbuilder.engine.simulation.sample_decks import generated_deck, make_card, make_character
from deckbuilder.engine.table.rng import game_seeds
from deckbuilder.formats import read_file
from tests.test_engine_fastcore import same_games
from tests.test_engine_seizure_maneuvers import logged, small_deck
from tests.test_engine_trace import compare

DECKS_DIR = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"


def dictate(name: str, text: str, permanent: bool = False):
    return make_card(name, CardType.DICTATE, permanent, powers=text)


def test_which_dictates_the_autopilot_plays():
    assert cards_drawn(dictate("Summons", "Draw two cards.")) == 2
    assert cards_drawn(dictate("Note", "Draw a card.")) == 1
    # A Maestro secures alone: "Target Maestro is magic +2" never helps; held.
    assert cards_drawn(dictate("Proclamation", "Target Maestro is magic +2 until end of"
                                               " round.")) == 0
    assert cards_drawn(dictate("Tithe", "Draw two cards.", permanent=True)) == 0
    assert cards_drawn(make_card("Flash", CardType.FLASH, powers="Draw two cards.")) == 0


def test_the_dictate_drawing_most_is_played_unless_the_destiny_would_run_out():
    deck = EngineDeck.from_records([
        dictate("Note", "Draw a card."), dictate("Summons", "Draw two cards."),
        dictate("Summons", "Draw two cards.")])
    assert choose_dictate(deck, [0, 2, 1], 30) == 1
    assert choose_dictate(deck, [0], 30) == 0
    assert choose_dictate(deck, [], 30) is None
    assert choose_dictate(deck, [1, 0], 2) is None  # would draw the Destiny's last card
    assert choose_dictate(deck, [1, 0], 3) == 1


def test_the_full_engine_plays_the_draw_dictate_and_every_core_agrees():
    deck = small_deck([make_character(f"Helper {i}", 2, 3) for i in range(25)],
                      [dictate("Summons", "Draw two cards.")] * 20, 5, spare_sites=5)
    seeds = list(game_seeds(4, 0, 60))
    for seed in seeds:
        game = GoldfishGame(deck, seed, 12)
        result = game.run()
        log = game.log
        assert all("draws 2 card(s)" in log[i + 1]
                   for i, line in enumerate(log) if "plays the Dictate Summons" in line)
        # never the Destiny's last card
        assert len(game.game.autarch(0).destiny) >= 1 or result.win_round is not None
    assert len(logged(deck, seeds, 12, "plays the Dictate Summons")) > 60
    compare(deck, seeds, 12)
    same_games(deck, seeds, 12)


def test_the_maestro_demo_deck_plays_summons_to_the_conclave():
    catalogue = Catalogue(load_bundled_records())
    deck = EngineDeck.from_records([catalogue.resolve(n) for n, c in read_file(
        DECKS_DIR / "maestro-reconciliation.txt").main for _ in range(c)])
    lines = []
    for seed in range(20):
        game = GoldfishGame(deck, seed, 10)
        game.run()
        lines += game.log
    assert any("plays the Dictate Summons to the Conclave" in line for line in lines)
    assert not any("Proclamation of Reconciliation" in line and "plays" in line
                   for line in lines)


CENSUS_TEXT = "At the beginning of a turn, draw a card."


def test_which_every_turn_dictates_the_autopilot_plays():
    census = Catalogue(load_bundled_records()).resolve("Census of the Dominions")
    assert turn_draws(census) == 1
    assert cards_drawn(census) == 0
    assert turn_draws(dictate("Levy", "At the beginning of a turn, draw two cards.", True)) == 2
    assert turn_draws(dictate("Census", CENSUS_TEXT)) == 0  # an instant: no later turn
    assert turn_draws(dictate("Dusk", "At the end of a turn, draw a card.", True)) == 0
    assert turn_draws(dictate("Summons", "Draw two cards.", True)) == 0
    assert turn_draws(make_card("Omen", CardType.FLASH, True, powers=CENSUS_TEXT)) == 0


def test_census_first_while_the_destiny_is_long_then_draws_now():
    deck = EngineDeck.from_records([
        dictate("Summons", "Draw two cards."), dictate("Census", CENSUS_TEXT, True),
        dictate("Census", CENSUS_TEXT, True)])
    assert choose_dictate(deck, [0, 2, 1], CENSUS_DESTINY) == 1
    assert choose_dictate(deck, [2, 0], CENSUS_DESTINY - 1) == 0
    assert choose_dictate(deck, [2], CENSUS_DESTINY - 1) is None
    assert choose_dictate(deck, [2], 40) == 2


def test_the_full_engine_draws_for_census_each_turn_and_every_core_agrees():
    deck = small_deck([make_character(f"Helper {i}", 2, 3) for i in range(25)],
                      [dictate("Census", CENSUS_TEXT, True)] * 10
                      + [dictate("Summons", "Draw two cards.")] * 10, 5, spare_sites=5)
    assert deck.turn_draws.count(1) == 10
    seeds = list(game_seeds(4, 0, 60))
    played = logged(deck, seeds, 12, "plays the Dictate Census")
    drawn = logged(deck, seeds, 12, "Census: at the beginning of a turn")
    assert len(played) > 30 and len(drawn) > len(played)
    for seed in seeds[:10]:
        game = GoldfishGame(deck, seed, 12)
        game.run()
        in_play = len(game.game.autarch(0).effects)
        assert in_play == sum(1 for line in game.log if "plays the Dictate Census" in line)
    compare(deck, seeds, 12)
    same_games(deck, seeds, 12)


def test_generated_decks_with_census_play_the_same_games_on_every_core():
    for deck_seed in range(3):
        deck = EngineDeck.from_records(generated_deck(deck_seed, 16, 10, True, playable=True))
        assert sum(deck.turn_draws) >= 3
        assert logged(deck, game_seeds(deck_seed, 0, 30), 15, "at the beginning of a turn")
        for variant in (Variant(), Variant.shorter_games()):
            same_games(deck, game_seeds(deck_seed, 0, 300), 15, variant)
            compare(deck, game_seeds(deck_seed, 0, 40), 15, variant)
