"""The goldfish autopilot plays "Target Ally is magic +N" permanent Flashes (Veil of
Fortune) on its Allies before the turn's seizures (issue 12, section 3; policy 9 of
deckbuilder.engine.simulation.policy).

Rulebook: "Types of Cards: Flashes" (played in the Autarch or Ally phase, no action, no
pivot), "Target Characters and Acting Allies" (the target receives the effect),
"Permanents and Instants" (a permanent stays attached and keeps its effect, in every
seizure and when holding a Site).
"""

from __future__ import annotations

import dataclasses

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from card_db.records import CardType
from deckbuilder.engine.powers.magic_flashes import flash_magic
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastcore import fits_compiled_core
from deckbuilder.engine.simulation.policy import choose_flashes
from deckbuilder.engine.simulation.sample_decks import (
    generated_deck,
    make_card,
    make_character,
    make_site,
)
from deckbuilder.engine.table.rng import game_seeds
from tests.test_engine_fastcore import same_games
from tests.test_engine_seizure_maneuvers import attached_holdings, logged, small_deck
from tests.test_engine_trace import compare


def flash(name: str, text: str, permanent: bool = True):
    return make_card(name, CardType.FLASH, permanent, powers=text)


VEIL = flash("Veil of Fortune", "Target Ally is strength +1 and magic +1.")


def test_which_flashes_the_autopilot_plays():
    bundled = Catalogue(load_bundled_records()).resolve("Veil of Fortune")
    assert flash_magic(bundled) == 1
    assert flash_magic(VEIL) == 1
    assert flash_magic(flash("Boon", "Target Ally is magic +2.")) == 2
    assert flash_magic(flash("Blessing", "Target character is magic +1.")) == 1
    assert flash_magic(flash("Flicker", "Target Ally is magic +1.", False)) == 0
    assert flash_magic(flash("Until", "Target Ally is magic +1 until end of round.")) == 0
    assert flash_magic(flash("Crown", "Target Maestro is magic +2.")) == 0
    assert flash_magic(flash("Armour", "Target Ally is strength +2.")) == 0
    assert flash_magic(flash("Self", "Acting Ally is magic +1.")) == 0
    assert flash_magic(dataclasses.replace(VEIL, unique=True)) == 0
    assert flash_magic(make_card("Gift", CardType.ALLY_ACTION, True,
                                 powers="Target Ally is magic +1.")) == 0


def test_active_allies_get_the_flashes_adding_most_least_magic_first():
    deck = EngineDeck.from_records([
        make_character("Two", 1, 2), make_character("One", 1, 1),
        make_character("Maestro", 5, 4, affiliations=("Maestro",)),
        VEIL, flash("Boon", "Target Ally is magic +2."),
    ])
    magic = list(deck.magic)
    # Boon (+2) on One (Magic 1), Veil on Two; never on the Maestro.
    assert choose_flashes(deck, [3, 4], [0, 1, 2], magic) == [(4, 1), (3, 0)]
    assert choose_flashes(deck, [3, 4], [2, 0], magic) == [(4, 0)]
    assert choose_flashes(deck, [3], [2], magic) == []
    magic[1] = 3  # One already carries a +2: Two now has the least Magic
    assert choose_flashes(deck, [3], [0, 1], magic) == [(3, 0)]


def test_the_full_engine_counts_the_veil_in_the_seizure_and_when_holding():
    # Helpers of Magic 2 against Resistance 5: two Helpers fall short (4); with a Veil
    # played on one of them before the seizure they secure the Site (2 + 2 + 1).
    deck = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(24)],
                      [VEIL] * 12, 5)
    assert deck.flash_magic.count(1) == 12
    seeds = list(game_seeds(5, 0, 40))
    assert len(logged(deck, seeds, 12, "plays the Flash Veil of Fortune on")) > 40
    holdings = attached_holdings(deck, seeds[:10], 12)
    two_holders = [h for h in holdings if len(h[1].holders) == 2]
    assert len(two_holders) > 5
    for game, entry, veils in holdings:
        assert all(game.record(v).name == "Veil of Fortune" for v in veils)
        assert game.holding_influence(entry) == 2 * len(entry.holders) + len(veils)
        assert game.is_held(entry)
        assert not [line for line in game.log if "lack the influence" in line]
    compare(deck, seeds, 12)
    same_games(deck, seeds, 12)


def test_the_veil_is_played_before_the_seizures_of_its_turn():
    deck = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(24)],
                      [VEIL] * 12, 5)
    lines = logged(deck, game_seeds(5, 0, 10), 12, "plays the Flash Veil of Fortune on",
                   "seize")
    pairs = list(zip(lines, lines[1:], strict=False))
    assert any("Veil" in a and "seize" in b and "Veil" not in b for a, b in pairs)


def test_decks_with_magic_flashes_play_the_same_games_on_every_core():
    for deck_seed in range(4):
        deck = EngineDeck.from_records(generated_deck(
            deck_seed, 15 + deck_seed, 10, deck_seed % 2 == 1, playable=True))
        assert sum(deck.flash_magic) >= 3
        for variant in (Variant(), Variant.shorter_games()):
            same_games(deck, game_seeds(deck_seed, 0, 300), 15, variant)
            compare(deck, game_seeds(deck_seed, 0, 40), 15, variant)


def test_the_compiled_core_leaves_room_for_every_flash_bonus():
    records = [make_character("Giant", 1, 30), make_site("Keep", (1,), 30)]
    assert fits_compiled_core(EngineDeck.from_records(records + [VEIL] * 2), Variant())
    assert not fits_compiled_core(EngineDeck.from_records(records + [VEIL] * 3), Variant())
