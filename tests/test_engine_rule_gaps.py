"""Issue 12, section 1: the rules the engine had wrong or missing, each test naming its
rulebook section. Card texts are the demo set's (card_db/data/demo_cards.csv)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from card_db.abilities import parse_abilities
from card_db.records import CardType
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION, Game
from deckbuilder.engine.powers.countering import counters
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.simulation.sample_decks import make_card, make_character, make_site
from deckbuilder.engine.table.zones import SecuredSite, check_conservation

AFFILIATIONS = ("Maestro", "Oviate", "Oethac", "Artist", "Vassal", "Adorer", "Tabula Rasa")
FILLER = make_card("Filler Dictate", CardType.DICTATE)
ZONES = ("hand", "active", "reserve", "circle")

HOLLAND = make_character("Henry Holland", prime=3, magic=3, strength=5, dominion=5)
IRISH = make_character("Irish", prime=3, magic=2, strength=6, dominion=5)
GEK = make_character("Gek-A-Gek", prime=3, magic=1, strength=8, dominion=2)
SARTORI = make_character("Sartori", prime=9, magic=6, strength=7, dominion=5,
                         affiliations=("Maestro",))
OVIATE = make_character("Brood Oviate", prime=2, magic=1, strength=3, dominion=None,
                        gender=None, affiliations=("Oviate",))
OETHAC = make_character("Oethac Brute", prime=3, magic=1, strength=5, dominion=2,
                        affiliations=("Oethac",))
SLEW = make_site("Slew", (5,), 4)
YZORDDERREX = make_site("Yzordderrex", (2,), 9)
PATH = make_card("Fog Lane", CardType.PATH, permanent=True, dominions=(5,),
                 powers="The Site is Resistance +1.")
SUMMONS = make_card("Summons to the Conclave", CardType.DICTATE, powers="Draw two cards.")
AMNESIA = make_card("Amnesia", CardType.FLASH, permanent=True)
DREAD = make_card("Emotion: Dread", CardType.FLASH, permanent=True,
                  powers="Target character cannot challenge.")
BINDING_GLYPH = make_card("Binding Glyph", CardType.INFLUENCE_MANEUVER, permanent=True,
                          powers="Acting Ally is magic +1.")
WHISPERED = make_card("Whispered Word of Power", CardType.INFLUENCE_MANEUVER,
                      powers="Acting Ally is magic +3.")
BONE_SHIELD = make_card("Bone Shield", CardType.COMBAT_MANEUVER, permanent=True,
                        powers="Acting Ally is strength +1.")
HOOKED_CHAIN = make_card("Hooked Chain", CardType.COMBAT_MANEUVER,
                         powers="Acting Ally is strength +3.")
RITE = make_card("Rite of the Five", CardType.INFLUENCE_MANEUVER,
                 powers="Acting Maestro is magic +4.")
BROOD_HUNGER = make_card("Brood Hunger", CardType.INFLUENCE_MANEUVER,
                         powers="Acting Ally is magic +1 for each involved Oviate you control.")
SKULL_CRACK = make_card("Skull-Crack", CardType.COMBAT_MANEUVER,
                        powers="Acting Ally is strength +2, or +4 if it is an Oethac.")
SWARMING_BITE = make_card(
    "Swarming Bite", CardType.COMBAT_MANEUVER,
    powers="Acting Ally is strength +1 for each involved Oviate you control.")


def counterer(name: str, text: str):
    return make_character(name, prime=2, magic=1, abilities=parse_abilities(text))


def table(*sides: dict, phase: str = ALLY_PHASE) -> Game:
    """A game positioned by hand: one dict per Autarch mapping "hand", "active",
    "reserve", "circle" to card records and "state_sites" to (Site, [Holders])."""
    decks = []
    for zones in sides:
        cards = [r for zone in ZONES for r in zones.get(zone, [])]
        for site, holders in zones.get("state_sites", []):
            cards += [site, *holders]
        decks.append(cards + [FILLER] * 10)
    game = Game(decks, seed=1)
    first = 0
    for seat, zones in enumerate(sides):
        a = game.autarch(seat)
        take = iter(range(first, first + len(decks[seat])))
        for zone in ZONES:
            for _ in zones.get(zone, []):
                card = next(take)
                a.destiny.cards.remove(card)
                where = game.table.circle if zone == "circle" else (
                    a.hand if zone == "hand" else getattr(a.realm, zone))
                where.append(card)
        for _site, holders in zones.get("state_sites", []):
            ids = [next(take) for _ in range(1 + len(holders))]
            for c in ids:
                a.destiny.cards.remove(c)
            a.realm.state.append(SecuredSite(ids[0], ids[1:]))
        first += len(decks[seat])
    game.table.round = 1
    game.table.phase = phase
    check_conservation(game.table)
    return game


def ids(game: Game, name: str) -> list[int]:
    return [i for i, r in enumerate(game.table.cards) if r.name == name]


def one(game: Game, name: str) -> int:
    (card,) = ids(game, name)
    return card


# ---------------------------------------------------------------- Phase 2: Autarch Phase
def test_autarch_phase_turn_is_over_after_a_dictate():
    """"After the Autarch makes a Dictate ... the turn is over. The opportunity to place
    Sites and Paths ... is lost until the next round." Flashes may still be played."""
    game = table({"hand": [SLEW, PATH, SUMMONS, AMNESIA], "circle": [make_site("Fen", (5,), 3)]},
                 phase=AUTARCH_PHASE)
    fen = one(game, "Fen")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Summons to the Conclave"))
    with pytest.raises(RuleError, match="Phase 2: Autarch Phase"):
        game.reveal_site(0, one(game, "Slew"))
    with pytest.raises(RuleError, match="Phase 2: Autarch Phase"):
        game.play_path(0, one(game, "Fog Lane"), fen)
    assert one(game, "Slew") in game.autarch(0).hand
    assert game.play_flash(0, one(game, "Amnesia"))
    check_conservation(game.table)


def test_autarch_phase_reassignment_is_the_dictate_and_ends_the_turn():
    game = table({"hand": [SLEW], "active": [IRISH], "state_sites": [(YZORDDERREX, [SARTORI])]},
                 phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.reassign(0, [(one(game, "Irish"), one(game, "Yzordderrex"))])
    with pytest.raises(RuleError, match="the turn is over"):
        game.reveal_site(0, one(game, "Slew"))


def test_autarch_phase_sites_and_paths_before_the_dictate_are_legal():
    game = table({"hand": [SLEW, PATH, SUMMONS]}, phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    slew = one(game, "Slew")
    game.reveal_site(0, slew)
    game.play_path(0, one(game, "Fog Lane"), slew)
    game.play_dictate(0, one(game, "Summons to the Conclave"))
    assert game.table.paths == {slew: [one(game, "Fog Lane")]}


# ---------------------------------------------------------------- Counter P
def test_counter_p_in_general_counters_a_kind_of_card():
    """"P is a power, specific or in general": "Counters any Flash" counters every
    Flash, "Counters any Emotion" the Emotion family, "Counters any Path" no Flash."""
    any_flash = counterer("Copper-Veiled Oracle", "Counters any Flash.")
    assert counters(any_flash, AMNESIA) and counters(any_flash, DREAD)
    assert not counters(any_flash, PATH)
    assert counters(counterer("Mute Reliquarist", "Counters any Path."), PATH)
    assert not counters(counterer("Mute Reliquarist", "Counters any Path."), AMNESIA)
    assert counters(counterer("Calm Soul", "Counters any Emotion."), DREAD)
    assert not counters(counterer("Calm Soul", "Counters any Emotion."), AMNESIA)
    glyph = make_card("Counter-Glyph", CardType.INFLUENCE_MANEUVER,
                      powers="Counters any Influence Maneuver.")
    glyph = counterer("Glyph Bearer", glyph.powers)
    assert counters(glyph, BINDING_GLYPH) and not counters(glyph, BONE_SHIELD)
    # Specific names still match exactly, and only themselves.
    assert counters(counterer("Little Ease", "Counters Amnesia"), AMNESIA)
    assert not counters(counterer("Little Ease", "Counters Amnesia"), DREAD)


def test_counter_p_any_flash_counters_a_flash_in_play():
    oracle = counterer("Copper-Veiled Oracle", "Counters any Flash.")
    game = table({"hand": [DREAD]}, {"active": [HOLLAND, oracle]}, phase=AUTARCH_PHASE)
    dread, oracle_id = one(game, "Emotion: Dread"), one(game, "Copper-Veiled Oracle")
    resolved = game.play_flash(0, dread, one(game, "Henry Holland"),
                               counter_provider=lambda g, f, t: (1, oracle_id))
    assert not resolved
    assert dread in game.autarch(0).in_ovo and oracle_id in game.table.pivoted
    check_conservation(game.table)


# ---------------------------------------------------------------- Permanents and Instants
def test_permanents_and_instants_permanent_influence_maneuver_keeps_its_effect():
    """A permanent card "will remain in play until removed": Binding Glyph (Magic +1)
    stays on Holland, so as a Holder his influence is still 3 + 1 = 4 >= 4."""
    game = table({"active": [HOLLAND], "hand": [BINDING_GLYPH], "circle": [SLEW]})
    holland, slew = one(game, "Henry Holland"), one(game, "Slew")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [holland], maneuvers={holland: [one(game, "Binding Glyph")]})
    assert result.secured and result.influence == 4
    assert game.table.attached == {holland: [one(game, "Binding Glyph")]}
    entry = game.autarch(0).realm.secured(slew)
    assert game.holding_influence(entry) == 4 and game.is_held(entry)
    check_conservation(game.table)


def test_permanents_and_instants_instant_maneuver_ends_with_the_action():
    game = table({"active": [HOLLAND], "hand": [WHISPERED], "circle": [SLEW]})
    holland, slew = one(game, "Henry Holland"), one(game, "Slew")
    game.begin_turn(ALLY_PHASE, 0)
    assert game.seize(0, slew, [holland],
                      maneuvers={holland: [one(game, "Whispered Word of Power")]}).influence == 6
    assert game.holding_influence(game.autarch(0).realm.secured(slew)) == 3
    assert one(game, "Whispered Word of Power") in game.autarch(0).in_ovo


def test_permanents_and_instants_permanent_combat_maneuver_lasts_into_later_challenges():
    """Bone Shield (permanent, Strength +1) played from Gek-A-Gek in one challenge still
    counts in the next; the instant Hooked Chain (+3) does not."""
    game = table({"active": [GEK], "hand": [BONE_SHIELD, HOOKED_CHAIN]},
                 {"active": [IRISH, HOLLAND]})
    gek = one(game, "Gek-A-Gek")
    game.begin_turn(ALLY_PHASE, 0)
    first = game.challenge(0, [gek], one(game, "Irish"), maneuvers={
        gek: [one(game, "Bone Shield"), one(game, "Hooked Chain")]})
    assert first.challenger_strength == 8 + 1 + 3
    game.end_turn()
    game.table.pivoted.clear()  # a new round: "Coming of Order" unpivots all cards
    game.begin_turn(ALLY_PHASE, 0)
    second = game.challenge(0, [gek], one(game, "Henry Holland"))
    assert second.challenger_strength == 8 + 1
    assert game.strength_mod(gek) == 1
    check_conservation(game.table)


# ---------------------------------------------------- Target Characters and Acting Allies
def test_acting_maestro_maneuver_only_from_a_maestro():
    """"Acting Maestro is magic +4" names its target: only a Maestro may play it."""
    game = table({"active": [HOLLAND, SARTORI], "hand": [RITE], "circle": [YZORDDERREX]})
    holland, sartori = one(game, "Henry Holland"), one(game, "Sartori")
    rite, site = one(game, "Rite of the Five"), one(game, "Yzordderrex")
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="Target Characters and Acting Allies"):
        game.seize(0, site, [holland], maneuvers={holland: [rite]})
    assert rite in game.autarch(0).hand and holland not in game.table.pivoted
    result = game.seize(0, site, [sartori, holland], maneuvers={sartori: [rite]})
    assert result.influence == 6 + 4 + 3


def test_per_involved_oviate_bonus_counts_each_involved_oviate():
    """"+1 for each involved Oviate you control": two involved Oviates give +2, none
    gives nothing."""
    game = table({"active": [OVIATE, OVIATE, HOLLAND], "hand": [BROOD_HUNGER, BROOD_HUNGER],
                  "circle": [SLEW, YZORDDERREX]})
    o1, o2 = ids(game, "Brood Oviate")
    h1, h2 = ids(game, "Brood Hunger")
    holland = one(game, "Henry Holland")
    game.begin_turn(ALLY_PHASE, 0)
    assert game.seize(0, one(game, "Yzordderrex"), [o1, o2],
                      maneuvers={o1: [h1]}).influence == 1 + 1 + 2
    assert game.seize(0, one(game, "Slew"), [holland],
                      maneuvers={holland: [h2]}).influence == 3


def test_per_involved_oviate_combat_bonus():
    game = table({"active": [OVIATE, OVIATE], "hand": [SWARMING_BITE]}, {"active": [GEK]})
    o1, o2 = ids(game, "Brood Oviate")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(0, [o1, o2], one(game, "Gek-A-Gek"),
                            maneuvers={o2: [one(game, "Swarming Bite")]})
    assert result.challenger_strength == 3 + 3 + 2


@pytest.mark.parametrize(("actor", "expected"), [(OETHAC, 5 + 4), (IRISH, 6 + 2)])
def test_or_more_if_oethac_gives_the_larger_bonus_only_to_an_oethac(actor, expected):
    """"+2, or +4 if it is an Oethac"."""
    game = table({"active": [actor], "hand": [SKULL_CRACK]}, {"active": [HOLLAND]})
    me = one(game, actor.name)
    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(0, [me], one(game, "Henry Holland"),
                            maneuvers={me: [one(game, "Skull-Crack")]})
    assert result.challenger_strength == expected


# ---------------------------------------------------------------- rulings
def test_every_ruling_quotes_the_rulebook_word_for_word():
    """Each decision in engine/rulings.py quotes its sections exactly (short quotes)."""
    from deckbuilder.engine.rules.rulings import RULINGS, ruling
    from tests.shared_files import read_rulebook

    book = " ".join(read_rulebook().replace("*", "").split()).casefold()
    for r in RULINGS:
        assert r.quotes and r.decision
        for q in r.quotes:
            assert " ".join(q.strip('"').split()).casefold() in book, (r.key, q)
    assert len({r.key for r in RULINGS}) == len(RULINGS)
    assert ruling("secure-on-equal").sections[0] == "Securing the Site"


# ------------------------------------------- Card Powers, Traits, and Special Rules: Sites
def site_with(name: str, resistance: int, traits: str = "", powers: str = "",
              icon: str | None = None):
    return replace(make_site(name, (4,), resistance), traits=traits, powers=powers,
                   activation_icon=icon)


QUARRY = site_with("Ember Quarry", 5, traits="Oethacs seizing this Site are magic +1.")
DOUBLE = site_with("Twice-Marked Hall", 6, traits=(
    "Oethacs seizing this Site are magic +1. Allies seizing this Site are magic +1."))
BAZAAR = site_with("Lantern Bazaar", 6, powers="Draw a card.", icon="Dictate")
STEPS = site_with("Pale Citadel Steps", 10,
                  powers="Target Ally in your reserve may move to your active area.",
                  icon="Dictate")
BRUTE2 = make_character("Oethac Thug", prime=3, magic=2, strength=5, dominion=4,
                        affiliations=("Oethac",))


def test_site_trait_oethacs_seizing_this_site_are_magic_plus_1():
    """"Oethacs seizing this Site are magic +1": two Oethacs of Magic 2 reach 6 >= 5
    only with the trait; a non-Oethac gets nothing; the Holders keep the trait."""
    game = table({"active": [BRUTE2, BRUTE2], "circle": [QUARRY]})
    b1, b2 = ids(game, "Oethac Thug")
    quarry = one(game, "Ember Quarry")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, quarry, [b1, b2])
    assert result.secured and result.influence == 2 + 1 + 2 + 1
    entry = game.autarch(0).realm.secured(quarry)
    assert game.holding_influence(entry) == 6 and game.is_held(entry)
    game = table({"active": [HOLLAND], "circle": [QUARRY]})
    game.begin_turn(ALLY_PHASE, 0)
    assert game.seize(0, one(game, "Ember Quarry"), [one(game, "Henry Holland")]).influence == 3


def test_traits_on_sites_are_cumulative():
    game = table({"active": [BRUTE2, HOLLAND], "circle": [DOUBLE]})
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, one(game, "Twice-Marked Hall"),
                        [one(game, "Oethac Thug"), one(game, "Henry Holland")])
    assert result.influence == (2 + 1 + 1) + (3 + 1)


def test_secured_site_power_is_used_by_its_holder_as_the_dictate():
    """"For Site powers, the card must be secured"; the Dictate icon makes it usable
    when a Dictate would be; the Site pivots after."""
    game = table({"state_sites": [(BAZAAR, [HOLLAND])], "circle": [QUARRY], "hand": [SUMMONS]},
                 phase=AUTARCH_PHASE)
    bazaar = one(game, "Lantern Bazaar")
    game.begin_turn(AUTARCH_PHASE, 0)
    hand = len(game.autarch(0).hand)
    game.use_site_power(0, bazaar)
    assert len(game.autarch(0).hand) == hand + 1 and bazaar in game.table.pivoted
    with pytest.raises(RuleError, match="one Dictate"):
        game.play_dictate(0, one(game, "Summons to the Conclave"))
    game.end_turn()
    game.table.pivoted.clear()
    game.begin_turn(AUTARCH_PHASE, 0)
    with pytest.raises(RuleError, match="not secured"):
        game.use_site_power(0, one(game, "Ember Quarry"))
    check_conservation(game.table)


def test_site_power_moves_a_reserve_ally_forward():
    game = table({"state_sites": [(STEPS, [SARTORI])], "reserve": [IRISH]}, phase=AUTARCH_PHASE)
    irish = one(game, "Irish")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.use_site_power(0, one(game, "Pale Citadel Steps"), irish)
    assert irish in game.autarch(0).realm.active
    check_conservation(game.table)


# ---------------------------------------------- at the beginning / end of a turn
CENSUS = make_card("Census of the Dominions", CardType.DICTATE, permanent=True,
                   powers="At the beginning of a turn, draw a card.")
VIGIL = make_card("Evening Vigil", CardType.DICTATE, permanent=True,
                  powers="At the end of a turn, draw two cards.")


def test_at_the_beginning_of_a_turn_effect_draws_in_the_coming_of_order():
    """"Phase 1: Coming of Order": "All cards in play that have an effect 'at the
    beginning of a turn' take effect during this phase" (issue 22; ruling
    ``turn-effects``): before the cards unpivot and the two draws, not at the Autarch
    Phase turn."""
    game = table({"hand": [CENSUS]}, phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Census of the Dominions"))
    game.end_turn()
    assert game.autarch(0).hand == []
    game.coming_of_order()
    assert len(game.autarch(0).hand) == 3  # the Census's card, then the round's two
    census = next(i for i, line in enumerate(game.log) if "at the beginning of a turn" in line)
    assert game.log[census].startswith(f"Round {game.table.round}, Coming of Order:")
    assert "draws" in game.log[census + 1] and census + 2 == len(game.log)
    game.begin_turn(AUTARCH_PHASE, 0)  # nothing more at the Autarch Phase turn
    assert len(game.autarch(0).hand) == 3


def test_at_the_end_of_a_turn_effect_takes_effect_on_the_reconciliation_turn():
    """"Phase 4": "at the end of a turn" effects take effect on the Autarch's turn."""
    game = table({"hand": [VIGIL]}, phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Evening Vigil"))
    game.end_turn()
    game.begin_turn(RECONCILIATION, 0)
    assert game.autarch(0).hand == []
    game.end_turn()
    assert len(game.autarch(0).hand) == 2
    check_conservation(game.table)


# ---------------------------------------------------------------- Affiliations
HAPEX = make_card("Hapexamendios: Judgement", CardType.ALLY_ACTION, permanent=True,
                  powers="Target character is magic -2.")
ADORER = make_character("Moth-Priest", prime=3, magic=3, dominion=4, affiliations=("Adorer",))
TABULA = make_character("Society Secretary", prime=2, magic=2, dominion=5,
                        affiliations=("Tabula Rasa",))
VEIL = make_card("Veil of Fortune", CardType.FLASH, permanent=True,
                 powers="Target Ally is strength +1 and magic +1.")


def test_oviate_is_immune_to_emotion_effects():
    """"Oviate: Immune to all emotion effects": Emotion: Dread played on an Oviate is
    used without effect (to the In Ovo, not attached)."""
    game = table({"hand": [DREAD, DREAD]}, {"active": [OVIATE, HOLLAND]}, phase=AUTARCH_PHASE)
    d1, d2 = ids(game, "Emotion: Dread")
    game.play_flash(0, d1, one(game, "Brood Oviate"))
    assert d1 in game.autarch(0).in_ovo and game.table.attached == {}
    assert "immune" in game.log[-1]
    game.play_flash(0, d2, one(game, "Henry Holland"))
    assert game.table.attached == {one(game, "Henry Holland"): [d2]}
    check_conservation(game.table)


def test_adorer_is_immune_to_hapexamendios_action_cards():
    game = table({"active": [HOLLAND], "hand": [HAPEX]}, {"active": [ADORER]})
    adorer = one(game, "Moth-Priest")
    game.begin_turn(ALLY_PHASE, 0)
    game.ally_action(0, one(game, "Henry Holland"), one(game, "Hapexamendios: Judgement"),
                     adorer)
    assert game.table.attached == {} and game.magic_mod(adorer) == 0
    assert one(game, "Hapexamendios: Judgement") in game.autarch(0).in_ovo
    assert one(game, "Henry Holland") in game.table.pivoted  # the card is used


def test_tabula_rasa_takes_itself_back_to_discard_a_permanent_flash():
    """"Take back any Tabula Rasa Ally into your hand as an Ally action to send any
    permanent Ally Action card or permanent Flash card to its owner's In Ovo"."""
    game = table({"active": [TABULA]}, {"active": [HOLLAND], "hand": [VEIL]})
    holland, veil, sec = one(game, "Henry Holland"), one(game, "Veil of Fortune"), one(
        game, "Society Secretary")
    game.table.phase = AUTARCH_PHASE
    game.play_flash(1, veil, holland)
    assert game.magic_mod(holland) == 1 and game.strength_mod(holland) == 1
    game.begin_turn(ALLY_PHASE, 0)
    game.take_back_tabula_rasa(0, sec, veil)
    assert veil in game.autarch(1).in_ovo and game.table.attached == {}
    assert sec in game.autarch(0).hand and sec not in game.autarch(0).realm.active
    assert game.magic_mod(holland) == 0
    with pytest.raises(RuleError, match="Tabula Rasa"):
        game.take_back_tabula_rasa(0, holland, veil)
    check_conservation(game.table)


# ---------------------------------------------- Securing the Site: effects that lapse
def test_holders_lose_the_site_when_until_end_of_round_effects_lapse():
    """A Site secured thanks to Resistance -3 "until end of round" is lost at the end
    of the Reconciliation if its Holders cannot hold it without ("Losing Controlled
    Sites")."""
    rosengarten = make_character("General Rosengarten", prime=5, magic=1, dominion=2,
                                 powers="Target Site is Resistance -3 until end of round.")
    game = table({"active": [rosengarten, HOLLAND], "circle": [make_site("Fen", (5,), 6)]})
    fen, holland = one(game, "Fen"), one(game, "Henry Holland")
    game.begin_turn(ALLY_PHASE, 0)
    game.use_power(0, one(game, "General Rosengarten"), fen)
    assert game.seize(0, fen, [holland]).secured  # 3 >= 6 - 3
    game.end_turn()
    game.reconcile()
    assert fen in game.table.circle and holland in game.autarch(0).realm.reserve
    check_conservation(game.table)


# ---------------------------------------------------------------- Paths (printed effects)
REED_MAZE = make_card("Reed Maze", CardType.PATH, permanent=True, dominions=(5,),
                      powers="The Site is Resistance +2.")
SANDGLASS = make_card("Sandglass Trail", CardType.PATH, dominions=(5,),
                      powers="Involved characters with Prime 2 or less are pivoted.")
BLINDFOLD = make_card("Pilgrim's Blindfold Path", CardType.PATH, permanent=True,
                      dominions=(5,), powers="Involved characters are magic -1.")
ROCKFALL = make_card("Quarry Rockfall", CardType.PATH, dominions=(5,),
                     powers="Each involved character takes 1 damage.")
RELIQUARIST = counterer("Mute Reliquarist", "Counters any Path.")
SMALL = make_character("Small Helper", prime=2, magic=2, strength=1, dominion=5)


def paths_on(game: Game, site: int, *names: str) -> None:
    """Move Paths from seat 1's hand onto ``site`` in the order named ("Play Paths")."""
    for name in names:
        for card in ids(game, name):
            if card in game.autarch(1).hand:
                game.autarch(1).hand.remove(card)
                game.table.paths.setdefault(site, []).append(card)
                break


def test_paths_permanent_resistance_path_keeps_its_effect_until_secured():
    """"If the Path has a permanent icon, it remains on the Site and continues to have
    the effect until the Site is secured": Reed Maze makes Slew (4) Resistance 6."""
    game = table({"active": [HOLLAND, IRISH], "circle": [SLEW]}, {"hand": [REED_MAZE]})
    slew = one(game, "Slew")
    paths_on(game, slew, "Reed Maze")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Henry Holland")])
    assert not result.secured and result.resistance == 6
    assert game.table.paths == {slew: [one(game, "Reed Maze")]}
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Irish")])
    assert result.resistance == 6 and not result.secured  # still there, still +2
    check_conservation(game.table)


def test_paths_target_every_involved_character_and_pivot_removes_them():
    """"ALL characters involved in the seizure are targeted by a Path, including the
    contesting characters"; a character pivoted during the action adds no influence."""
    game = table({"active": [HOLLAND, SMALL], "circle": [SLEW]},
                 {"active": [IRISH], "hand": [SANDGLASS, BLINDFOLD]})
    slew, small = one(game, "Slew"), one(game, "Small Helper")
    paths_on(game, slew, "Sandglass Trail", "Pilgrim's Blindfold Path")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Henry Holland"), small],
                        contest_provider=lambda g, seat, *a: [one(g, "Irish")])
    (contest,) = result.contests
    # Small Helper (Prime 2) is pivoted away; Blindfold: Holland 3-1, Irish 2-1.
    assert (contest.seizing_influence, contest.contesting_influence) == (2, 1)
    assert result.influence == 2 and not result.secured
    assert small in game.table.pivoted
    assert game.table.paths == {slew: [one(game, "Pilgrim's Blindfold Path")]}
    assert one(game, "Sandglass Trail") in game.autarch(1).in_ovo
    check_conservation(game.table)


def test_paths_damage_each_involved_character():
    """"Each involved character takes 1 damage", applied as "Damage Outside of
    Challenges": only a character with Strength below 1 dies, and it leaves the seizure."""
    frail = make_character("Frail Helper", prime=2, magic=2, strength=0, dominion=5)
    game = table({"active": [HOLLAND, frail], "circle": [SLEW]}, {"hand": [ROCKFALL]})
    slew, helper = one(game, "Slew"), one(game, "Frail Helper")
    paths_on(game, slew, "Quarry Rockfall")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Henry Holland"), helper])
    assert helper in game.autarch(0).in_ovo and helper not in game.table.pivoted
    assert result.influence == 3 and not result.secured  # 3 < 4 without the helper
    assert one(game, "Henry Holland") in game.table.pivoted
    check_conservation(game.table)


def test_counter_p_counters_a_path_when_it_is_revealed():
    """Countering beyond Flashes: "Counters any Path" negates a revealed Path; the
    countering Ally pivots and the Path is discarded."""
    game = table({"active": [HOLLAND, SMALL, RELIQUARIST], "circle": [SLEW]},
                 {"hand": [REED_MAZE]})
    slew, maze = one(game, "Slew"), one(game, "Reed Maze")
    rel = one(game, "Mute Reliquarist")
    paths_on(game, slew, "Reed Maze")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Henry Holland"), one(game, "Small Helper")],
                        counter_provider=lambda g, card, target: (0, rel))
    assert result.secured and result.resistance == 4  # 5 >= 4; with Reed Maze 5 < 6
    assert rel in game.table.pivoted and maze in game.autarch(1).in_ovo
    check_conservation(game.table)


# --------------------------------- Challenge Summary / Seizing Sites and Contests: maneuvers
def test_challenge_both_sides_play_maneuvers_after_defenders_are_named():
    """"Challenge formally begins: only combat maneuvers may be played, and only from
    the Autarchs involved": the defending Autarch plays Hooked Chain from its target."""
    game = table({"active": [GEK], "hand": [SKULL_CRACK]}, {"active": [IRISH, HOLLAND],
                                                           "hand": [HOOKED_CHAIN]})
    gek, irish, holland = one(game, "Gek-A-Gek"), one(game, "Irish"), one(game, "Henry Holland")
    seen = []

    def defend(g, seat, target, challengers):
        seen.append(list(g.autarch(0).hand))  # the challenger's card is not played yet
        return [holland]

    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(
        0, [gek], irish, defend_provider=defend,
        maneuvers={gek: [one(game, "Skull-Crack")]},
        defending_maneuvers=lambda g, seat, mine, theirs: {irish: [one(g, "Hooked Chain")]})
    assert seen == [[one(game, "Skull-Crack")]]
    assert (result.challenger_strength, result.defending_strength) == (8 + 2, 6 + 3 + 5)
    assert result.victor == "defenders"
    check_conservation(game.table)


def test_contesting_autarch_plays_influence_maneuvers():
    game = table({"active": [HOLLAND], "hand": [WHISPERED], "circle": [SLEW]},
                 {"active": [IRISH], "hand": [WHISPERED]})
    holland, irish = one(game, "Henry Holland"), one(game, "Irish")
    w0, w1 = ids(game, "Whispered Word of Power")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, one(game, "Slew"), [holland], maneuvers={holland: [w0]},
                        contest_provider=lambda *a: [irish],
                        contest_maneuvers=lambda g, seat, mine, theirs: {irish: [w1]})
    (contest,) = result.contests
    assert (contest.seizing_influence, contest.contesting_influence) == (6, 5)
    assert result.secured
    check_conservation(game.table)


# ------------------------------------- influence and Strength from attached permanents
def test_attached_permanent_versus_powers_count_for_their_bearer():
    """A permanent "+2 versus Sites" (Silver Tongue) counts toward every Site its bearer
    seizes or holds; "+2 versus Vassals" (Duelist's Cloak) in challenges against one."""
    tongue = replace(make_card("Silver Tongue", CardType.INFLUENCE_MANEUVER, permanent=True,
                               powers="+2 versus Sites."),
                     abilities=parse_abilities("+2 versus Sites."))
    cloak = replace(make_card("Duelist's Cloak", CardType.COMBAT_MANEUVER, permanent=True,
                              powers="+2 versus Vassals."),
                    abilities=parse_abilities("+2 versus Vassals.", affiliations=AFFILIATIONS))
    lord = make_character("Lord", prime=6, magic=2, strength=9, affiliations=("Vassal",))
    game = table({"active": [HOLLAND, SARTORI], "hand": [tongue, cloak], "circle": [SLEW]},
                 {"active": [lord, IRISH]})
    holland, sartori, slew = one(game, "Henry Holland"), one(game, "Sartori"), one(game, "Slew")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [holland], maneuvers={holland: [one(game, "Silver Tongue")]})
    assert result.influence == 5 and result.secured
    assert game.holding_influence(game.autarch(0).realm.secured(slew)) == 5
    first = game.challenge(0, [sartori], one(game, "Lord"),
                           maneuvers={sartori: [one(game, "Duelist's Cloak")]})
    assert first.challenger_strength == 7 + 2
    assert game.attached_versus(sartori, [one(game, "Irish")]) == 0
    check_conservation(game.table)


def test_damage_outside_challenges_must_exceed_the_raised_strength():
    """Ruling maneuver-strength: a permanent Strength +1 raises the Strength that damage
    outside a challenge must exceed ("Damage Outside of Challenges")."""
    game = table({"active": [SMALL], "hand": [BONE_SHIELD]}, {"active": [GEK]})
    small = one(game, "Small Helper")
    game.begin_turn(ALLY_PHASE, 0)
    game.challenge(0, [small], one(game, "Gek-A-Gek"),
                   maneuvers={small: [one(game, "Bone Shield")]}, assignment={})
    assert not game.apply_damage(small, 2)  # Strength 1 + 1: 2 is not more
    assert game.apply_damage(small, 3)


# ------------------------------------------ Target Characters and Acting Allies: Ally Actions
SKETCH = make_card("Sketch the Threshold", CardType.ALLY_ACTION, permanent=True,
                   powers="Acting Ally is magic +1.")


def test_ally_action_without_target_character_affects_only_the_acting_ally():
    """"If the card does not specify a 'target character,' only the acting Ally may
    receive the card's effect"; the permanent bonus then lasts on the acting Ally."""
    game = table({"active": [HOLLAND, IRISH], "hand": [SKETCH]})
    holland, irish, sketch = one(game, "Henry Holland"), one(game, "Irish"), one(
        game, "Sketch the Threshold")
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="Target Characters and Acting Allies"):
        game.ally_action(0, holland, sketch, irish)
    assert game.ally_action(0, holland, sketch)
    assert game.magic_mod(holland) == 1 and holland in game.table.pivoted
    assert "Magic +1 while it stays in play" in game.log[-1]


def test_counter_p_counters_dictates_and_ally_actions_but_not_the_pivot():
    """"Countering always negates the card or action"; "a counter prevents the effect
    of the card, but does not prevent the pivot"; a countered Dictate still was the
    turn's Dictate."""
    anti_dictate = counterer("Censor", "Counters any Dictate.")
    anti_action = counterer("Warden", "Counters any Ally Action.")
    game = table({"active": [HOLLAND], "hand": [SKETCH, CENSUS, SUMMONS]},
                 {"active": [anti_dictate, anti_action]}, phase=AUTARCH_PHASE)
    censor, warden = one(game, "Censor"), one(game, "Warden")
    holland = one(game, "Henry Holland")
    game.begin_turn(AUTARCH_PHASE, 0)
    assert not game.play_dictate(0, one(game, "Census of the Dominions"),
                                 counter_provider=lambda g, c, t: (1, censor))
    assert game.autarch(0).effects == [] and censor in game.table.pivoted
    with pytest.raises(RuleError, match="one Dictate"):
        game.play_dictate(0, one(game, "Summons to the Conclave"))
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 0)
    assert not game.ally_action(0, holland, one(game, "Sketch the Threshold"),
                                counter_provider=lambda g, c, t: (1, warden))
    assert holland in game.table.pivoted and game.magic_mod(holland) == 0
    assert one(game, "Sketch the Threshold") in game.autarch(0).in_ovo
    check_conservation(game.table)


# ------------------------------------------------ Affiliations: Maestro (ruling maestro-alone)
def test_maestro_waiver_with_or_without_companions_ruling():
    """Ruling maestro-alone (issue 22): "alone" means "by itself" for a Maestro as for
    "May hold Y alone" ("regardless of the actual influence of the Holders"): Sartori
    secures Big Keep (Resistance 10) with Holland beside him, 6 + 3 < 10, and alone
    Yzordderrex (Resistance 9)."""
    def seize(names):
        game = table({"active": [SARTORI, HOLLAND], "circle": [YZORDDERREX, make_site(
            "Big Keep", (2,), 10)]})
        game.begin_turn(ALLY_PHASE, 0)
        site = one(game, "Big Keep" if len(names) != 1 or names[0] != "Sartori"
                   else "Yzordderrex")
        return game.seize(0, site, [one(game, n) for n in names]).secured

    assert seize(["Sartori", "Henry Holland"])
    assert seize(["Sartori"])
    assert not seize(["Henry Holland"])


def test_a_site_its_holders_no_longer_hold_after_a_reassignment_is_lost():
    """"Losing Controlled Sites": reassigning Sartori (the Maestro) away from Big Keep
    leaves Holland (Magic 3 against 10), who cannot hold it: the Site returns to the
    Circle and Holland to the Reserve; Sartori keeps holding Yzordderrex by himself."""
    game = table({"state_sites": [(make_site("Big Keep", (2,), 10), [SARTORI, HOLLAND]),
                                  (YZORDDERREX, [])]}, phase=AUTARCH_PHASE)
    keep, yzor = one(game, "Big Keep"), one(game, "Yzordderrex")
    sartori, holland = one(game, "Sartori"), one(game, "Henry Holland")
    assert game.is_held(game.autarch(0).realm.secured(keep))
    game.begin_turn(AUTARCH_PHASE, 0)
    assert game.reassign(0, [(sartori, yzor)]) == [keep]
    realm = game.autarch(0).realm
    assert keep in game.table.circle and holland in realm.reserve
    assert realm.secured(yzor).holders == [sartori] and game.is_held(realm.secured(yzor))
    check_conservation(game.table)


# ------------------------------------------- Phase 3: one action per Ally (issue 22)
SECOND_WIND = make_card("Second Wind", CardType.FLASH, powers="Unpivot target Ally")


def test_an_ally_a_flash_unpivots_does_not_act_twice_in_one_turn():
    """Ruling ``one-action-per-turn``: "every active Ally may perform one action";
    Holland retreats (and pivots), a Flash unpivots him: he may not act again this
    turn, though he is unpivoted."""
    game = table({"active": [HOLLAND], "hand": [SECOND_WIND], "circle": [SLEW]})
    holland = one(game, "Henry Holland")
    game.begin_turn(ALLY_PHASE, 0)
    game.retreat(0, holland)
    game.autarch(0).realm.reserve.remove(holland)  # back in the active area, pivoted
    game.autarch(0).realm.active.append(holland)
    assert game.play_flash(0, one(game, "Second Wind"), holland)
    assert holland not in game.table.pivoted
    with pytest.raises(RuleError, match="one action"):
        game.seize(0, one(game, "Slew"), [holland])
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 0)  # a new turn: a new action (3 against 4: not secured)
    game.seize(0, one(game, "Slew"), [holland])
    assert holland in game.table.pivoted


# --------------------------- Challenge Summary, step 6: Flashes after damage (issue 22)
IRON_SKIN = make_card("Iron Skin", CardType.FLASH,
                      powers="Target character is strength +6 until end of round.")
BRUTE = make_character("Brute", prime=3, magic=1, strength=9, dominion=5)
FRAIL_ONE = make_character("Frail One", prime=1, magic=1, strength=2, dominion=5)


def _after_damage_challenge(play_flash: bool):
    from deckbuilder.engine.rules.last_call import AFTER_DAMAGE

    game = table({"active": [BRUTE]}, {"active": [FRAIL_ONE], "hand": [IRON_SKIN]})
    brute, frail = one(game, "Brute"), one(game, "Frail One")
    calls = []

    def last_call(g, seat, call):
        calls.append(call.action)
        if play_flash and call.action == AFTER_DAMAGE and seat == 1:
            g.play_flash(1, one(g, "Iron Skin"), frail)

    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(0, [brute], frail, last_call=last_call)
    return game, frail, result, calls


def test_a_flash_after_the_damage_saves_a_life():
    """"Challenge Summary", step 6 and "Autarchs have the opportunity to play Flashes
    after damage is dealt, possibly saving a life": 9 against 2 deals 7 damage to the
    Frail One (Strength 2); Iron Skin (+6) played before the dead are discarded leaves
    her Strength 8, and she lives."""
    game, frail, result, calls = _after_damage_challenge(play_flash=True)
    assert calls[-1] == "after damage"
    assert result.killed == () and frail in game.autarch(1).realm.active
    assert game.log[-1].endswith("After the Flashes, nobody dies.")


def test_without_a_flash_after_the_damage_the_dead_are_discarded():
    game, frail, result, calls = _after_damage_challenge(play_flash=False)
    assert "after damage" in calls
    assert result.killed == (frail,) and frail in game.autarch(1).in_ovo


# ------------------------------------------ Timing and Countering: chains (issue 22)
CLARITY = make_card("Sudden Clarity", CardType.FLASH, powers="Counters any Flash.")


def test_a_counter_can_itself_be_countered():
    """"Timing and Countering": "All Autarchs must have the opportunity to respond to
    any action" (ruling ``counter-chains``): Cheryl counters Judith's Iron Skin with
    Sudden Clarity; Judith counters that Sudden Clarity with her own: Iron Skin resolves."""
    game = table({"active": [HOLLAND], "hand": [IRON_SKIN, CLARITY]},
                 {"hand": [CLARITY]}, phase=AUTARCH_PHASE)
    holland = one(game, "Henry Holland")
    mine = next(c for c in game.autarch(0).hand if game.name(c) == "Sudden Clarity")
    theirs = game.autarch(1).hand[0]
    asked = []

    def counter(g, card, target):
        asked.append((g.name(card), g.countering_depth))
        if len(asked) == 1:
            return 1, theirs
        if len(asked) == 2:
            return 0, mine
        return None

    game.begin_turn(AUTARCH_PHASE, 0)
    assert game.play_flash(0, one(game, "Iron Skin"), holland, counter_provider=counter)
    assert asked == [("Iron Skin", 0), ("Sudden Clarity", 1), ("Sudden Clarity", 2)]
    assert game.strength_mod(holland) == 6
    assert theirs in game.autarch(1).in_ovo and mine in game.autarch(0).in_ovo
    assert any("is countered: Iron Skin is not" in line for line in game.log)
    check_conservation(game.table)
