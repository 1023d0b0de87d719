"""The goldfish autopilot plays influence maneuvers when they help a seizure (issue 12,
section 3 "An autopilot a good player respects", policy 7 of deckbuilder.engine.simulation.policy).

Rulebook: "Influence maneuvers" (an involved, acting Ally may use as many as its Autarch
plays from hand; they do not pivot it), "Seizing Sites and Contests" (influence is the
Magic of the involved Allies with their maneuvers), "Target Characters and Acting Allies"
(a card for an "Acting Maestro" is played from a Maestro only).
"""

from __future__ import annotations

import dataclasses

from card_db.abilities import parse_abilities
from card_db.records import CardType
from deckbuilder.engine.powers.seizure_maneuvers import goldfish_bonus, versus_sites_maneuver
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.policy import plan_seizures
from deckbuilder.engine.simulation.sample_decks import (
    generated_deck,
    make_card,
    make_character,
    make_site,
)
from deckbuilder.engine.table.rng import game_seeds
from tests.test_engine_fastcore import same_games
from tests.test_engine_trace import compare


def influence(name: str, text: str, permanent: bool = False):
    return make_card(name, CardType.INFLUENCE_MANEUVER, permanent, powers=text)


def small_deck(characters, cards, resistance: int, spare_sites: int = 0) -> EngineDeck:
    """``characters`` and ``cards`` with a Site of each Dominion of ``resistance`` (and
    ``spare_sites`` more of Resistance one less) and one Path per Dominion."""
    records = list(characters) + [make_site(f"Keep {d}", (d,), resistance)
                                  for d in range(1, 6)]
    records += [make_site(f"Spare {d}", (d,), resistance - 1) for d in range(1, spare_sites + 1)]
    records += [make_card(f"Path {d}", CardType.PATH, dominions=(d,)) for d in range(1, 6)]
    return EngineDeck.from_records(records + list(cards))


def attached_holdings(deck: EngineDeck, seeds, rounds: int):
    """``(game, secured Site, cards attached to its Holders)`` for every Site secured in
    the full engine's games of ``seeds`` whose Holders carry a permanent card."""
    found = []
    for seed in seeds:
        game = GoldfishGame(deck, seed, rounds)
        game.run()
        g = game.game
        for entry in g.autarch(0).realm.state:
            cards = [p for h in entry.holders for p in g.table.attached.get(h, ())]
            if cards:
                found.append((g, entry, cards))
    return found


def logged(deck: EngineDeck, seeds, rounds: int, *texts: str) -> list[str]:
    """The full engine's log lines holding one of ``texts``, over the games of ``seeds``."""
    found = []
    for seed in seeds:
        game = GoldfishGame(deck, seed, rounds)
        game.run()
        found += [line for line in game.log if any(t in line for t in texts)]
    return found


def test_a_maneuver_secures_a_site_the_allies_alone_cannot():
    # "Influence maneuvers": Magic 2 + 3 from the maneuver meets Resistance 5.
    deck = EngineDeck.from_records([
        make_character("Helper", 2, 2), make_site("Keep", (1,), 5),
        influence("Word", "Acting Ally is magic +3."),
    ])
    assert plan_seizures(deck, [0], [1], []) == []  # held: nothing to play
    assert plan_seizures(deck, [0], [1], [], held=[2]) == [(1, (0,), ((2, 0),), ())]


def test_a_maneuver_is_played_only_to_tie_up_less_magic_or_to_seize_at_all():
    deck = EngineDeck.from_records([
        make_character("Small", 2, 1), make_character("Big", 3, 4),
        make_site("Keep", (1,), 4), influence("Word", "Acting Ally is magic +3."),
    ])
    # Big alone ties up 4 Magic; Small with the maneuver ties up 1.
    assert plan_seizures(deck, [0, 1], [2], [], held=[3]) == [(2, (0,), ((3, 0),), ())]
    cheap = EngineDeck.from_records([
        make_character("Small", 2, 1), make_character("Three", 3, 3),
        make_site("Keep", (1,), 3), influence("Word", "Acting Ally is magic +3."),
    ])
    # Three alone ties up 3 Magic; Small with the card (1 + 3 >= 3) ties up 1.
    assert plan_seizures(cheap, [0, 1], [2], [], held=[3])[0].maneuvers == ((3, 0),)
    # When the Allies alone tie up no more than with the card, the card stays in hand.
    even = EngineDeck.from_records([
        make_character("One", 2, 1), make_site("Keep", (1,), 1),
        influence("Word", "Acting Ally is magic +3."),
    ])
    assert plan_seizures(even, [0], [1], [], held=[2]) == [(1, (0,), (), ())]


def test_printed_conditions_are_respected():
    # "Target Characters and Acting Allies": "Acting Maestro" only from a Maestro; the
    # "or +4 if it is an Artist" amount only from an Artist.
    deck = EngineDeck.from_records([
        make_character("Painter", 2, 2, affiliations=("Artist",)),
        make_character("Clerk", 2, 2),
        make_site("Keep", (1,), 6), make_site("Hall", (2,), 5),
        influence("Rite", "Acting Maestro is magic +4."),
        influence("Gift", "Acting Ally is magic +2, or +4 if it is an Artist."),
    ])
    assert plan_seizures(deck, [1], [2], [], held=[4]) == []  # no Maestro: Rite is held
    assert plan_seizures(deck, [1], [3], [], held=[5]) == []  # Clerk 2 + 2 < 5
    plan = plan_seizures(deck, [0], [2], [], held=[4, 5])
    assert plan == [(2, (0,), ((5, 0),), ())]  # Painter 2 + 4 = 6; Rite stays in hand


def test_for_each_involved_counts_the_group():
    # "Acting Ally is magic +1 for each involved Oviate you control": three Oviates of
    # Magic 0 with two such cards make 6.
    oviates = [make_character(f"Larva {i}", 1, 0, affiliations=("Oviate",)) for i in range(3)]
    deck = EngineDeck.from_records([
        *oviates, make_site("Keep", (1,), 6),
        influence("Hunger", "Acting Ally is magic +1 for each involved Oviate you control."),
        influence("Hunger", "Acting Ally is magic +1 for each involved Oviate you control."),
    ])
    plan = plan_seizures(deck, [0, 1, 2], [3], [], held=[4, 5])
    assert [(s, len(g), len(p)) for s, g, p, _ in plan] == [(3, 3, 2)]
    assert plan_seizures(deck, [0, 1], [3], [], held=[4, 5]) == []  # 2 x 2 = 4 < 6


def test_which_cards_the_autopilot_may_play():
    assert goldfish_bonus(influence("Word", "Acting Ally is magic +3.")) is not None
    assert goldfish_bonus(influence("Glyph", "Acting Ally is magic +1.", True)) is not None
    # another effect (the engine would carry it out), a keyword ability, another type:
    assert goldfish_bonus(influence("Pact", "Target involved Site is Resistance -2 until"
                                    " end of round.")) is None
    assert goldfish_bonus(make_card("Swing", CardType.COMBAT_MANEUVER,
                                    powers="Acting Ally is strength +3.")) is None
    assert goldfish_bonus(make_card("Bless", CardType.DICTATE,
                                    powers="Acting Ally is magic +3.")) is None


def test_the_full_engine_plays_the_maneuver_and_logs_it():
    deck = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(30)],
                      [influence("Word", "Acting Ally is magic +3.")] * 20, 4)
    seeds = list(game_seeds(1, 0, 40))
    assert len(logged(deck, seeds, 10, " plays Word (+3).")) > 40
    compare(deck, seeds)
    same_games(deck, seeds)


def test_decks_with_maneuvers_play_the_same_games_on_every_core():
    for deck_seed in range(6):
        deck = EngineDeck.from_records(generated_deck(deck_seed, 15 + deck_seed, 10,
                                                      deck_seed % 2 == 1, playable=True))
        assert any(deck.seizure_maneuver)
        for variant in (Variant(), Variant.shorter_games()):
            same_games(deck, game_seeds(deck_seed, 0, 300), 15, variant)
            compare(deck, game_seeds(deck_seed, 0, 40), 15, variant)


def test_until_end_of_round_help_is_used_only_when_it_wins_this_round():
    # "Affiliations: Artist" (pivot: another Ally is Magic +3 until end of round) and
    # "Target involved Site is Resistance -2 until end of round": when the round's
    # effects end, the engine takes back a Site its Holders cannot secure ("Securing the
    # Site"), so policy 8 uses them only for the seizures that win ("Phase 4: The
    # Reconciliation" checks victory first).
    deck = EngineDeck.from_records([
        make_character("Limner", 2, 2, affiliations=("Artist",)),
        make_character("Limner", 2, 2, affiliations=("Artist",)),
        make_site("Keep", (1,), 5),
        influence("Pact", "Target involved Site is Resistance -2 until end of round."),
        make_character("Clerk", 2, 3),
    ])
    assert deck.artist_power == (True, True, False, False, False)
    last = 0b11110  # Dominions 2-5 controlled: Keep wins
    assert plan_seizures(deck, [0, 1], [2], [last]) == [(2, (0,), (), ((1, 0),))]
    assert plan_seizures(deck, [0, 1], [2], [0b11100]) == []  # not the winning Site
    # The Pact from the Clerk: 3 against Resistance 5 - 2.
    assert plan_seizures(deck, [4], [2], [last], held=[3]) == [(2, (4,), ((3, 4),), ())]
    assert plan_seizures(deck, [4], [2], [0b11100], held=[3]) == []


def test_the_full_engine_uses_the_artist_power_and_the_resistance_cut_to_win():
    for extra in ([make_character(f"Limner {i}", 1, 2, affiliations=("Artist",))
                   for i in range(20)],
                  [make_character(f"Clerk {i}", 1, 3) for i in range(20)]
                  + [influence("Pact", "Target involved Site is Resistance -2 until end"
                                       " of round.")] * 8):
        deck = small_deck(extra, (), 5)
        seeds = list(game_seeds(2, 0, 40))
        assert len(logged(deck, seeds, 12, "(Artist) gives",
                          "Resistance -2 until end of round")) > 10
        compare(deck, seeds, 12)
        same_games(deck, seeds, 12)


def versus_card(name: str, text: str, permanent: bool = True):
    """An influence maneuver whose text is a "+N versus Y Sites" keyword ability."""
    return dataclasses.replace(influence(name, text, permanent),
                               abilities=parse_abilities(text))


def test_which_versus_sites_maneuvers_the_autopilot_plays():
    # "Card Powers, Traits, and Special Rules" ("+N versus Y Sites"), "Permanents and
    # Instants": the engine counts the bonus from the card attached to its Ally.
    assert versus_sites_maneuver(versus_card("Silver Tongue", "+2 versus Sites."))
    assert versus_sites_maneuver(versus_card("Tongue", "+3 versus Third Dominion Sites."))
    assert not versus_sites_maneuver(versus_card("Tongue", "+2 versus Sites.", False))
    unique = dataclasses.replace(versus_card("Tongue", "+2 versus Sites."), unique=True)
    assert not versus_sites_maneuver(unique)
    assert not versus_sites_maneuver(influence("Glyph", "Acting Ally is magic +1.", True))
    assert goldfish_bonus(versus_card("Silver Tongue", "+2 versus Sites.")) is None


def test_a_versus_sites_maneuver_counts_toward_the_sites_it_names():
    # Magic 2 + "+2 versus Sites" meets Resistance 4; "+3 versus Third Dominion Sites"
    # adds nothing toward a Site of Dominion 1.
    deck = EngineDeck.from_records([
        make_character("Helper", 2, 2), make_character("Helper", 2, 2),
        make_site("Keep", (1,), 4), make_site("Tower", (3,), 5),
        versus_card("Silver Tongue", "+2 versus Sites."),
        versus_card("Third Tongue", "+3 versus Third Dominion Sites."),
    ])
    # kinds: Helper 0, Keep 1, Tower 2, Silver Tongue 3, Third Tongue 4
    assert deck.maneuvers.versus == {(3, 1): 2, (3, 2): 2, (4, 2): 3}
    assert plan_seizures(deck, [0, 1], [2], [], held=[4]) == [(2, (0,), ((4, 0),), ())]
    # Two Helpers (4 Magic tied up) rather than the wrong Tongue.
    assert plan_seizures(deck, [0, 1], [2], [], held=[5]) == [(2, (0, 1), (), ())]
    # Tower, Resistance 5: one Helper with the Third Tongue (2 + 3).
    assert plan_seizures(deck, [0, 1], [3], [], held=[4, 5]) == [(3, (0,), ((5, 0),), ())]
    # Both cards when one is not enough: 2 + 3 + 2 >= 7.
    far = EngineDeck.from_records([
        make_character("Helper", 2, 2), make_site("Tower", (3,), 7),
        versus_card("Silver Tongue", "+2 versus Sites."),
        versus_card("Third Tongue", "+3 versus Third Dominion Sites."),
    ])
    assert plan_seizures(far, [0], [1], [], held=[2, 3]) == [(1, (0,), ((3, 0), (2, 0)), ())]


def test_the_holders_keep_the_versus_sites_bonus_and_every_core_agrees():
    # The card stays attached to its Ally, now a Holder: the Holders' influence toward
    # the Site keeps the bonus ("Securing the Site", "Permanents and Instants").
    deck = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(30)],
                      [versus_card("Silver Tongue", "+2 versus Sites.")] * 15, 4)
    seeds = list(game_seeds(3, 0, 40))
    assert len(logged(deck, seeds, 10, "plays Silver Tongue (+2 versus Keep")) > 20
    holdings = attached_holdings(deck, seeds[:10], 10)
    assert len(holdings) > 5
    for game, entry, tongues in holdings:
        # Helpers of Magic 2 with Resistance 4: influence 2 per Holder and Tongue.
        assert game.holding_influence(entry) == 2 * (len(entry.holders) + len(tongues))
        assert game.is_held(entry)
    compare(deck, seeds)
    same_games(deck, seeds)


VERSUS_TEXTS = ("+2 versus Sites.", "+3 versus Border Sites.", "+2 versus Second Dominion Sites.")


def test_decks_with_versus_sites_maneuvers_play_the_same_games_on_every_core():
    for deck_seed in range(4):
        records = generated_deck(deck_seed, 15 + deck_seed, 10, deck_seed % 2 == 1,
                                 playable=True)
        maneuvers = [i for i, r in enumerate(records)
                     if r.card_type is CardType.INFLUENCE_MANEUVER]
        for n, i in enumerate(maneuvers[::2]):
            text = VERSUS_TEXTS[(n + deck_seed) % len(VERSUS_TEXTS)]
            records[i] = versus_card(f"Tongue {(n + deck_seed) % len(VERSUS_TEXTS)}", text)
        deck = EngineDeck.from_records(records)
        assert deck.maneuvers.versus
        for variant in (Variant(), Variant.shorter_games()):
            same_games(deck, game_seeds(deck_seed, 0, 300), 15, variant)
            compare(deck, game_seeds(deck_seed, 0, 40), 15, variant)
