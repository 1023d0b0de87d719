"""The rulebook's worked examples and rules, each test named after its section."""

from __future__ import annotations

import pytest

from card_db.abilities import Ability, parse_abilities
from card_db.records import CardType, Gender
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION, Game
from deckbuilder.engine.rules.alliances import AllowanceTracker, check_and_spend, effective_prime
from deckbuilder.engine.rules.challenge import Combatant, combat_strength, resolve_challenge
from deckbuilder.engine.rules.contest import Involved
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.influence import meets_resistance
from deckbuilder.engine.rules.paths import reveal_paths
from deckbuilder.engine.rules.seizure import resolve_seizure
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.rules.victory import decide_winner, dominion_count, has_victory
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.policy import choose_alliances
from deckbuilder.engine.simulation.sample_decks import make_card, make_character, make_site
from deckbuilder.engine.table.zones import SecuredSite, check_conservation

FEMALE = Gender.FEMALE

GEK = make_character("Gek-A-Gek", prime=3, magic=1, strength=8, dominion=2)
GENTLE = make_character(
    "Gentle", prime=11, magic=6, strength=7, dominion=5, unique=True,
    affiliations=("Maestro",),
    abilities=parse_abilities("Allies for -1 if any females are controlled"),
)
IRISH = make_character("Irish", prime=3, magic=2, strength=6, dominion=5)
SARTORI = make_character("Sartori", prime=9, magic=6, strength=7, dominion=5, unique=True,
                         affiliations=("Maestro",))
PNEUMA = make_card("Pneuma", CardType.COMBAT_MANEUVER, powers="Acting Ally gets +6 Strength.")
HOLLAND = make_character("Henry Holland", prime=3, magic=3, dominion=5)
TYRWITH = make_character("Horace Tyrwith", prime=4, magic=4, dominion=5)
JOSHUA = make_character("Joshua Godolphin", prime=3, magic=3, dominion=5)
HUZZAH = make_character("Huzzah Aping", prime=5, magic=6, dominion=5, gender=FEMALE)
SLEW = make_site("Slew", (5,), 6)
JUDITH = make_character("Judith", prime=7, magic=5, dominion=5, gender=FEMALE, unique=True)
GEOFFREY = make_character("Geoffrey Light", prime=3, magic=2, dominion=5)
GIDEON = make_character("Gideon", prime=4, magic=3, dominion=5)
TOWER = make_site("Roxborough Tower", (5,), 6)
THOMAS = make_character(
    "Thomas Roxborough", prime=4, magic=0, dominion=5,
    abilities=parse_abilities("May hold Roxborough Tower alone", site_names=["Roxborough Tower"]),
)
CHARLOTTE = make_character(
    "Charlotte Feaver", prime=3, magic=2, dominion=5, gender=FEMALE,
    abilities=parse_abilities("+4 versus Roxborough Tower", site_names=["Roxborough Tower"]),
)
CELESTINE = make_character(
    "Celestine", prime=6, magic=4, strength=5, dominion=5, gender=FEMALE,
    abilities=parse_abilities("+4 versus Dowd"),
)
DOWD = make_character("Dowd", prime=6, magic=3, strength=6, dominion=5)
ROSENGARTEN = make_character(
    "General Rosengarten", prime=5, magic=1, dominion=2,
    powers="Target Site is Resistance -3 until end of round.",
)
LITTLE_EASE = make_character(
    "Little Ease", prime=2, magic=1, strength=2, dominion=2,
    abilities=parse_abilities("Counters Amnesia"),
)
AMNESIA = make_card("Amnesia", CardType.FLASH, permanent=True)
ERASURE = make_site("Erasure", (1, 2), 7)
FILLER = make_card("Filler Dictate", CardType.DICTATE)
ZONES = ("hand", "active", "reserve", "circle")


def table(*hands_and_zones: dict, variant: Variant | None = None) -> Game:
    """A game positioned by hand: one dict per Autarch mapping a zone name ("hand",
    "active", "reserve", "circle", "state") to card records; every other card is
    filler in the Destiny."""
    decks = []
    for zones in hands_and_zones:
        cards = [r for zone in ZONES for r in zones.get(zone, [])]
        for site, holders in zones.get("state_sites", []):
            cards += [site, *holders]
        decks.append(cards + [FILLER] * 10)
    game = Game(decks, seed=1, variant=variant)
    ids = 0
    for seat, zones in enumerate(hands_and_zones):
        a = game.autarch(seat)
        take = iter(range(ids, ids + len(decks[seat])))
        for zone in ZONES:
            for _ in zones.get(zone, []):
                card = next(take)
                a.destiny.cards.remove(card)
                target = game.table.circle if zone == "circle" else (
                    a.hand if zone == "hand" else getattr(a.realm, zone))
                target.append(card)
        for _site, holders in zones.get("state_sites", []):
            site = next(take)
            held = [next(take) for _ in holders]
            for c in [site, *held]:
                a.destiny.cards.remove(c)
            a.realm.state.append(SecuredSite(site, held))
        ids += len(decks[seat])
    game.table.round = 1
    game.table.phase = ALLY_PHASE
    check_conservation(game.table)
    return game


def ids_of(game: Game, name: str) -> list[int]:
    return [i for i, r in enumerate(game.table.cards) if r.name == name]


# ---------------------------------------------------------------- Challenge Rival's Ally
def test_challenge_rivals_ally_example_without_defenders():
    """Two gek-a-geks (Strength 8 each) challenge Gentle (Strength 7): 16 against 7,
    9 damage, more than Gentle's Strength, so Gentle is discarded."""
    game = table({"active": [GEK, GEK]}, {"active": [GENTLE, IRISH]})
    g1, g2 = ids_of(game, "Gek-A-Gek")
    (gentle,) = ids_of(game, "Gentle")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(0, [g1, g2], gentle)
    assert (result.challenger_strength, result.defending_strength) == (16, 7)
    assert result.damage == 9 and result.killed == (gentle,)
    assert gentle in game.autarch(1).in_ovo
    assert {g1, g2} <= game.table.pivoted
    check_conservation(game.table)


def test_challenge_rivals_ally_example_with_irish_defending():
    """Irish (Strength 6) defends: 16 against 13, 3 damage kills nobody; both gek-a-geks
    and Gentle are pivoted, Irish is not."""
    game = table({"active": [GEK, GEK]}, {"active": [GENTLE, IRISH]})
    g1, g2 = ids_of(game, "Gek-A-Gek")
    (gentle,), (irish,) = ids_of(game, "Gentle"), ids_of(game, "Irish")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(0, [g1, g2], gentle, defend_provider=lambda *a: [irish])
    assert (result.challenger_strength, result.defending_strength) == (16, 13)
    assert result.damage == 3 and result.killed == ()
    assert game.table.pivoted == {g1, g2, gentle}
    assert gentle in game.autarch(1).realm.active and irish in game.autarch(1).realm.active


def test_challenge_summary_pivoted_target_still_counts_but_pivoted_defender_does_not():
    gek = Combatant(1, GEK)
    target = Combatant(2, GENTLE, pivoted=True)
    defender = Combatant(3, IRISH, pivoted=True)
    result = resolve_challenge([gek], target, [defender])
    assert result.defending_strength == 7  # pivoted target counts, pivoted Irish does not
    aphro = make_character("Aphrodyte Friend", 3, 1, strength=6, affiliations=("Aphrodyte",))
    result = resolve_challenge([gek], target, [Combatant(4, aphro, pivoted=True)])
    assert result.defending_strength == 13  # "Pivoted Aphrodytes can defend"


def test_combat_maneuvers_sartori_and_pneuma_make_13():
    """Sartori's Strength 7 plus Pneuma's 6 gives a combat strength of 13."""
    assert combat_strength([Combatant(1, SARTORI, maneuver_bonus=6)], []) == 13
    game = table({"active": [SARTORI], "hand": [PNEUMA]}, {"active": [DOWD]})
    (sartori,), (pneuma,), (dowd,) = (ids_of(game, n) for n in ("Sartori", "Pneuma", "Dowd"))
    game.begin_turn(ALLY_PHASE, 0)
    result = game.challenge(0, [sartori], dowd, maneuvers={sartori: [pneuma]})
    assert result.challenger_strength == 13
    assert pneuma in game.autarch(0).in_ovo  # an instant maneuver is discarded
    check_conservation(game.table)


def test_versus_allies_trait_celestine_plus_4_versus_dowd():
    """Celestine "+4 versus Dowd": she adds four to her Strength against Dowd only."""
    assert combat_strength([Combatant(1, CELESTINE)], [Combatant(2, DOWD)]) == 5 + 4
    assert combat_strength([Combatant(1, CELESTINE)], [Combatant(2, IRISH)]) == 5
    # Dowd in opposition as a defender counts too.
    result = resolve_challenge([Combatant(1, CELESTINE)], Combatant(2, IRISH), [Combatant(3, DOWD)])
    assert result.challenger_strength == 9


def test_affiliations_vassal_cannot_be_challenged_by_low_prime_except_oviates():
    vassal = make_character("Lord", 6, 2, strength=3, affiliations=("Vassal",))
    oviate = make_character("Oviate Thing", 2, 0, strength=9, dominion=None,
                            gender=None, affiliations=("Oviate",))
    game = table({"active": [GEK, oviate]}, {"active": [vassal]})
    (gek,), (ov,), (lord,) = ids_of(game, "Gek-A-Gek"), ids_of(game, "Oviate Thing"), ids_of(
        game, "Lord")
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="Vassal"):
        game.challenge(0, [gek], lord)
    assert game.challenge(0, [ov], lord).killed == (lord,)


# ---------------------------------------------------------------- Contesting the Seizure
def test_contesting_the_seizure_example_slew_7_against_9():
    """Henry Holland (3) and Horace Tyrwith (4) seize Slew; Joshua Godolphin (3) and
    Huzzah Aping (6) contest: 7 against 9, the seizure fails, all four are pivoted and
    stay in the active area, and Slew stays in the Circle."""
    game = table({"active": [HOLLAND, TYRWITH], "circle": [SLEW]}, {"active": [JOSHUA, HUZZAH]})
    seizers = ids_of(game, "Henry Holland") + ids_of(game, "Horace Tyrwith")
    contesters = ids_of(game, "Joshua Godolphin") + ids_of(game, "Huzzah Aping")
    (slew,) = ids_of(game, "Slew")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, seizers, contest_provider=lambda *a: contesters)
    (contest,) = result.contests
    assert (contest.seizing_influence, contest.contesting_influence) == (7, 9)
    assert not contest.seizers_win and not result.secured
    assert game.table.pivoted == set(seizers + contesters)
    assert set(seizers) <= set(game.autarch(0).realm.active)
    assert slew in game.table.circle
    check_conservation(game.table)


def test_contest_tie_goes_to_the_contesters_and_contesters_always_pivot():
    seizing = [Involved(1, HOLLAND)]
    contesting = [Involved(2, JOSHUA)]
    result = resolve_seizure(seizing, [contesting], SLEW, 3)
    assert not result.secured and set(result.pivot) == {1, 2}
    result = resolve_seizure([Involved(1, TYRWITH)], [contesting], SLEW, 3)
    assert result.secured and set(result.pivot) == {1, 2}


def test_contests_chain_one_autarch_at_a_time_for_any_number_of_autarchs():
    seizing = [Involved(1, HUZZAH)]  # influence 6
    first = [Involved(2, HOLLAND)]  # 3: seizers win, go on
    second = [Involved(3, JOSHUA), Involved(4, TYRWITH)]  # 7: contesters win
    result = resolve_seizure(seizing, [first, second], SLEW, 6)
    assert [c.seizers_win for c in result.contests] == [True, False]
    assert not result.secured and set(result.pivot) == {1, 2, 3, 4}


# ---------------------------------------------------------------- Securing the Site
def test_securing_the_site_equal_influence_secures():
    """Main text: influence "equal to or greater than" the Resistance secures (the
    summary box's "exceeds" is not followed; see deckbuilder.engine.rules.influence)."""
    result = resolve_seizure([Involved(1, HOLLAND), Involved(2, GEOFFREY)], [], SLEW, 5)
    assert result.secured and result.influence == 5
    result = resolve_seizure([Involved(1, HOLLAND), Involved(2, GEOFFREY)], [], SLEW, 6)
    assert not result.secured


def test_securing_the_site_moves_it_to_the_state_with_holders_under_it():
    game = table({"active": [HOLLAND, TYRWITH], "circle": [SLEW]})
    seizers = ids_of(game, "Henry Holland") + ids_of(game, "Horace Tyrwith")
    (slew,) = ids_of(game, "Slew")
    game.begin_turn(ALLY_PHASE, 0)
    assert game.seize(0, slew, seizers).secured
    realm = game.autarch(0).realm
    assert realm.state == [SecuredSite(slew, seizers)] and realm.active == []
    assert slew not in game.table.circle and set(seizers) <= game.table.pivoted
    check_conservation(game.table)


def test_affiliations_maestro_secures_alone_whatever_the_resistance():
    big = make_site("Fortress", (5,), 30)
    assert resolve_seizure([Involved(1, SARTORI)], [], big, 30).secured
    # With a companion too: "alone" is "by itself" (ruling maestro-alone, issue 22).
    assert resolve_seizure([Involved(1, SARTORI), Involved(2, IRISH)], [], big, 30).secured
    # Contested, the Maestro must still have the greater influence.
    result = resolve_seizure([Involved(1, SARTORI)], [[Involved(2, HUZZAH)]], big, 30)
    assert not result.secured
    result = resolve_seizure([Involved(1, SARTORI)], [[Involved(2, JOSHUA)]], big, 30)
    assert result.secured


def test_may_hold_alone_thomas_roxborough_holds_roxborough_tower():
    """Thomas Roxborough has Magic 0 but "May hold Roxborough Tower alone"."""
    assert meets_resistance([THOMAS], TOWER, 0, 6)
    plain = make_character("Nobody", 1, 0)
    assert not meets_resistance([plain], TOWER, 0, 6)
    assert not meets_resistance([THOMAS], SLEW, 0, 6)
    # Reassigned alone in the State, he keeps the Tower; a Magic-0 Holder would not.
    game = table({"state_sites": [(TOWER, [THOMAS, HUZZAH])]})
    (tower,), (huzzah,) = ids_of(game, "Roxborough Tower"), ids_of(game, "Huzzah Aping")
    game.table.phase = AUTARCH_PHASE
    game.begin_turn(AUTARCH_PHASE, 0)
    assert game.reassign(0, [(huzzah, None)]) == []
    assert game.autarch(0).realm.secured(tower).holders == ids_of(game, "Thomas Roxborough")


def test_reassign_allies_site_becomes_uncontrolled_when_influence_is_too_low():
    game = table({"state_sites": [(SLEW, [HOLLAND, TYRWITH])]})
    (slew,), (tyrwith,) = ids_of(game, "Slew"), ids_of(game, "Horace Tyrwith")
    game.begin_turn(AUTARCH_PHASE, 0)
    assert game.reassign(0, [(tyrwith, None)]) == [slew]  # 3 < Resistance 6
    realm = game.autarch(0).realm
    assert realm.state == [] and slew in game.table.circle
    assert sorted(realm.reserve) == sorted(ids_of(game, "Henry Holland") + [tyrwith])
    with pytest.raises(RuleError, match="one Dictate"):
        game.reassign(0, [])
    check_conservation(game.table)


def test_versus_sites_charlotte_feaver_plus_4_versus_roxborough_tower():
    """Charlotte Feaver's influence is +4 whenever she seizes or contests the Tower."""
    assert resolve_seizure([Involved(1, CHARLOTTE)], [], TOWER, 6).influence == 6
    assert resolve_seizure([Involved(1, CHARLOTTE)], [], SLEW, 6).influence == 2
    # Also during a contest: 6 against Joshua's 3.
    result = resolve_seizure([Involved(2, JOSHUA)], [[Involved(1, CHARLOTTE)]], TOWER, 1)
    assert result.contests[0].contesting_influence == 6 and not result.secured


def test_activation_power_general_rosengarten_resistance_minus_3():
    """General Rosengarten pivots in place of an Ally action: "Target Site is
    Resistance -3 until end of round"."""
    game = table({"active": [ROSENGARTEN, HOLLAND, GEOFFREY], "circle": [SLEW]})
    (rosen,), (slew,) = ids_of(game, "General Rosengarten"), ids_of(game, "Slew")
    seizers = ids_of(game, "Henry Holland")
    game.begin_turn(ALLY_PHASE, 0)
    game.use_power(0, rosen, slew)
    assert game.current_resistance(slew) == 3 and rosen in game.table.pivoted
    assert game.seize(0, slew, seizers).secured  # Magic 3 against Resistance 6 - 3
    game.end_turn()
    game.reconcile()
    assert game.current_resistance(slew) == 6  # until end of round only


# ---------------------------------------------------------------- Paths
def test_paths_are_revealed_first_played_first():
    """Instant Paths are discarded, permanent ones go back face down in place."""
    permanent = {10: False, 11: True, 12: False, 13: True}
    out = reveal_paths([10, 11, 12, 13], permanent.__getitem__)
    assert out.encountered == (10, 11, 12, 13)
    assert out.discarded == (10, 12) and out.remaining == (11, 13)
    # All characters removed by the first Path: unread Paths go back face down.
    out = reveal_paths([10, 11, 12], permanent.__getitem__, resolve=lambda p: False)
    assert out.encountered == (10,) and out.remaining == (11, 12)


def test_paths_on_a_secured_site_are_discarded():
    p_inst = make_card("Quick Path", CardType.PATH, False, (5,))
    p_perm = make_card("Lasting Path", CardType.PATH, True, (5,))
    p_wrong = make_card("Wrong Path", CardType.PATH, True, (3,))
    game = table({"hand": [p_inst, p_perm, p_wrong], "active": [HUZZAH], "circle": [SLEW]})
    (slew,), (inst,), (perm,), (wrong,) = (
        ids_of(game, n) for n in ("Slew", "Quick Path", "Lasting Path", "Wrong Path"))
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_path(0, inst, slew)
    game.play_path(0, perm, slew)
    with pytest.raises(RuleError, match="Dominion"):
        game.play_path(0, wrong, slew)
    assert game.table.paths[slew] == [inst, perm]
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 0)
    assert game.seize(0, slew, ids_of(game, "Huzzah Aping")).secured
    assert slew not in game.table.paths
    assert game.autarch(0).in_ovo == [inst, perm]
    check_conservation(game.table)


# ---------------------------------------------------------------- Establishing alliances
def test_establishing_allies_example_craig():
    """Judith (Prime 7), Geoffrey Light (3), Gideon (4): Geoffrey and Gideon together,
    or Judith alone, within the allowance of 7 -- not all three."""
    t = AllowanceTracker(7)
    assert check_and_spend(GEOFFREY, [], t, 0, set(), False) == 3
    assert check_and_spend(GIDEON, [], t, 0, set(), False) == 4
    with pytest.raises(RuleError, match="allowance"):
        check_and_spend(JUDITH, [], t, 0, set(), False)
    t = AllowanceTracker(7)
    assert check_and_spend(JUDITH, [], t, 0, set(), False) == 7
    with pytest.raises(RuleError, match="allowance"):
        check_and_spend(GEOFFREY, [], t, 0, set(), False)


def test_establishing_allies_policy_spends_the_allowance_fully():
    deck = EngineDeck.from_records([JUDITH, GEOFFREY, GIDEON, IRISH])
    chosen, exception = choose_alliances(deck, [0, 1, 2], 7, 0, 0, set())
    assert sum(deck.prime[c] for c in chosen) == 7 and not exception
    # A larger agreed allowance ("Shorter Games") of 10 is spent in full.
    chosen, _ = choose_alliances(deck, [0, 1, 2, 3], 10, 0, 0, set())
    assert sum(deck.prime[c] for c in chosen) == 10


def test_allies_for_minus_n_gentle_enters_for_prime_10_when_a_female_is_controlled():
    """Gentle (Prime 11), "Allies for -1 if any females are controlled"."""
    assert effective_prime(GENTLE, []) == 11
    assert effective_prime(GENTLE, [IRISH]) == 11
    assert effective_prime(GENTLE, [JUDITH]) == 10
    custom = Variant(prime_allowance=10)
    game = table({"hand": [GENTLE], "reserve": [JUDITH]}, variant=custom)
    (gentle,) = ids_of(game, "Gentle")
    game.begin_turn(ALLY_PHASE, 0)
    assert game.establish(0, gentle) == 10
    game2 = table({"hand": [GENTLE], "reserve": [IRISH]}, variant=custom)
    game2.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="allowance"):
        game2.establish(0, ids_of(game2, "Gentle")[0])


def test_establishing_alliances_one_ally_from_a_controlled_sites_dominion():
    game = table({"hand": [SARTORI, GEOFFREY], "state_sites": [(SLEW, [HUZZAH])]})
    (sartori,), (geoffrey,) = ids_of(game, "Sartori"), ids_of(game, "Geoffrey Light")
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="allowance"):
        game.establish(0, sartori)  # Prime 9 > 7
    game.establish(0, sartori, use_exception=True)  # Slew is a Fifth Dominion Site
    with pytest.raises(RuleError, match="no other alliance"):
        game.establish(0, geoffrey)
    assert sartori in game.autarch(0).realm.reserve


def test_establishing_exception_requires_a_controlled_site_of_the_characters_dominion():
    rosen_site = make_site("Far Site", (3,), 4)
    game = table({"hand": [SARTORI], "state_sites": [(rosen_site, [HUZZAH])]})
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="Dominion"):
        game.establish(0, ids_of(game, "Sartori")[0], use_exception=True)


def test_unique_cards_no_duplicate_in_play():
    game = table({"hand": [JUDITH]}, {"active": [JUDITH]})
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="already in play"):
        game.establish(0, ids_of(game, "Judith")[0])


def test_unique_cards_a_duplicate_site_cannot_be_revealed():
    game = table({"hand": [SLEW], "circle": [SLEW]})
    game.begin_turn(AUTARCH_PHASE, 0)
    hand_slew = game.autarch(0).hand[0]
    assert not game.can_reveal(0, hand_slew)
    with pytest.raises(RuleError, match="already in play"):
        game.reveal_site(0, hand_slew)


def test_alliances_come_before_actions():
    game = table({"hand": [GEOFFREY], "active": [HOLLAND]})
    game.begin_turn(ALLY_PHASE, 0)
    game.idle(0, ids_of(game, "Henry Holland")[0])
    with pytest.raises(RuleError, match="before actions"):
        game.establish(0, ids_of(game, "Geoffrey Light")[0])


# ---------------------------------------------------------------- Actions and pivoting
def test_retreat_pivots_and_idle_does_not():
    game = table({"active": [HOLLAND, GEOFFREY]})
    (holland,), (geoffrey,) = ids_of(game, "Henry Holland"), ids_of(game, "Geoffrey Light")
    game.begin_turn(ALLY_PHASE, 0)
    game.retreat(0, holland)
    game.idle(0, geoffrey)
    assert game.table.pivoted == {holland}
    assert game.autarch(0).realm.reserve == [holland]
    with pytest.raises(RuleError, match="active area"):
        game.retreat(0, holland)
    with pytest.raises(RuleError, match="idled"):
        game.retreat(0, geoffrey)


def test_reconciliation_only_unpivoted_reserves_move_forward():
    game = table({"reserve": [HOLLAND, GEOFFREY]})
    (holland,), (geoffrey,) = ids_of(game, "Henry Holland"), ids_of(game, "Geoffrey Light")
    game.table.pivoted.add(holland)
    game.begin_turn(RECONCILIATION, 0)
    game.move_forward(0, geoffrey)
    with pytest.raises(RuleError, match="pivoted"):
        game.move_forward(0, holland)
    assert game.autarch(0).realm.active == [geoffrey]


def test_coming_of_order_unpivots_everything_and_draws_two():
    game = table({"active": [HOLLAND]}, {"active": [JOSHUA]})
    game.table.pivoted.update(ids_of(game, "Henry Holland"))
    game.table.round = 0
    game.table.leader = 1
    game.coming_of_order()
    assert game.table.pivoted == set() and game.table.round == 1
    assert [len(a.hand) for a in game.table.autarchs] == [2, 2]


# ---------------------------------------------------------------- Victory
def test_border_sites_the_erasure_counts_for_two_dominions():
    """With the Erasure (1 and 2), three more Sites win; in Shorter Games the Border
    Site counts once: the Erasure and one other Site do not make three."""
    erasure, d3, d4, d5 = 0b00011, 0b00100, 0b01000, 0b10000
    assert has_victory([erasure, d3, d4, d5])
    assert not has_victory([erasure, d3, d4])
    shorter = Variant.shorter_games()
    assert dominion_count([erasure, d3], border_counts_both=False) == 2
    assert not has_victory([erasure, d3], shorter)
    assert has_victory([erasure, d3, d4], shorter)
    assert has_victory([d3, d4, d5], shorter)


def test_reconciliation_victory_needs_unpivoted_sites_and_ties_break_on_site_count():
    sites = [make_site(f"V{d}", (d,), 1) for d in range(1, 6)]
    game = table({"state_sites": [(s, [HOLLAND]) for s in sites]})
    first_site = ids_of(game, "V1")[0]
    game.table.pivoted.add(first_site)
    assert game.reconcile() is None  # pivoted Sites do not count
    game.table.pivoted.clear()
    assert game.reconcile() == 0 and game.table.over
    assert decide_winner({0: 5, 1: 6}) == 1
    assert decide_winner({0: 5, 1: 5}) is None


def test_exhausted_destiny_removes_the_autarch_and_the_opponent_wins():
    game = table({"active": [HOLLAND]}, {"active": [JOSHUA]})
    a = game.autarch(0)
    while a.destiny.cards:
        a.destiny.draw()
    assert a.destiny.exhausted
    assert game.reconcile() == 1 and a.eliminated


def test_exhausted_destiny_on_both_sides_in_one_round_ends_with_no_winner():
    """"Exhausted Destiny" with ruling exhausted-together: both Destinies run out in the
    same round, both Autarchs are removed at once and neither seat wins."""
    for order in ((0, 1), (1, 0)):
        game = table({"active": [HOLLAND]}, {"active": [JOSHUA]})
        for seat in order:
            destiny = game.autarch(seat).destiny
            while destiny.cards:
                destiny.draw()
        assert game.reconcile() is None
        assert game.table.over
        assert all(a.eliminated for a in game.table.autarchs)


# ---------------------------------------------------------------- Damage, discarding, countering
def test_damage_outside_of_challenges_and_losing_controlled_sites():
    game = table({"state_sites": [(SLEW, [HOLLAND, TYRWITH])]})
    (slew,), (tyrwith,) = ids_of(game, "Slew"), ids_of(game, "Horace Tyrwith")
    assert not game.apply_damage(tyrwith, 5)  # Strength 5: not more than its Strength
    assert game.apply_damage(tyrwith, 6)
    realm = game.autarch(0).realm
    assert tyrwith in game.autarch(0).in_ovo
    assert realm.state == [] and slew in game.table.circle  # Holders' influence 3 < 6
    assert realm.reserve == ids_of(game, "Henry Holland")
    check_conservation(game.table)


def test_discarding_takes_attached_permanents_to_their_owners_in_ovo():
    game = table({"hand": [AMNESIA]}, {"active": [GENTLE]})
    (amnesia,), (gentle,) = ids_of(game, "Amnesia"), ids_of(game, "Gentle")
    game.table.phase = AUTARCH_PHASE
    assert game.play_flash(0, amnesia, gentle)
    assert game.table.attached == {gentle: [amnesia]}
    game.discard(gentle)
    assert game.autarch(0).in_ovo == [amnesia] and game.autarch(1).in_ovo == [gentle]
    check_conservation(game.table)


def test_timing_and_countering_little_ease_counters_amnesia():
    """Little Ease, unpivoted, counters the permanent Flash Amnesia played on Gentle:
    Little Ease pivots and Amnesia is discarded."""
    game = table({"hand": [AMNESIA]}, {"active": [GENTLE, LITTLE_EASE]})
    (amnesia,), (gentle,), (ease,) = (ids_of(game, n) for n in ("Amnesia", "Gentle",
                                                                 "Little Ease"))
    game.table.phase = AUTARCH_PHASE
    resolved = game.play_flash(0, amnesia, gentle, counter_provider=lambda g, f, t: (1, ease))
    assert not resolved
    assert ease in game.table.pivoted and amnesia in game.autarch(0).in_ovo
    assert game.table.attached == {}
    check_conservation(game.table)
    # A card without the power cannot counter.
    game = table({"hand": [AMNESIA]}, {"active": [GENTLE, IRISH]})
    game.table.phase = AUTARCH_PHASE
    irish = ids_of(game, "Irish")[0]
    with pytest.raises(RuleError, match="cannot counter"):
        game.play_flash(0, ids_of(game, "Amnesia")[0], ids_of(game, "Gentle")[0],
                        counter_provider=lambda g, f, t: (1, irish))


def test_artist_gives_another_ally_magic_plus_3_until_end_of_round():
    artist = make_character("Painter", 2, 1, affiliations=("Artist",))
    game = table({"active": [artist, HOLLAND], "circle": [SLEW]})
    (painter,), (holland,), (slew,) = (ids_of(game, n) for n in ("Painter", "Henry Holland",
                                                                 "Slew"))
    game.begin_turn(ALLY_PHASE, 0)
    game.use_power(0, painter, holland)
    assert game.seize(0, slew, [holland]).influence == 6
    assert Ability("counters", 0, "Amnesia", "power", "Counters Amnesia") in LITTLE_EASE.abilities
