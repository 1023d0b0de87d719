"""Issue 12, section 2: the printed effects of played cards and Paths, as data the engine
executes (engine/card_effects.py, engine/played_effects.py, engine/path_effects.py).
Card texts are the bundled data's; each test names its rulebook section."""

from __future__ import annotations

from dataclasses import replace

import pytest

from card_db.abilities import parse_abilities
from card_db.checklist.bundled import load_bundled_records
from card_db.records import CardType
from deckbuilder.engine.controllers.person import describe_move, flash_options, legal_moves
from deckbuilder.engine.controllers.quick_policy import reconciliation_move
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION, Game
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.powers.card_effects import (
    NO_CHALLENGE,
    STAT,
    CardEffect,
    card_effects,
    sentence_effect,
)
from deckbuilder.engine.powers.modelled import modelled_powers
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.simulation.sample_decks import make_card, make_character, make_site
from deckbuilder.engine.table.zones import check_conservation
from tests.test_engine_rule_gaps import IRISH, OVIATE, SARTORI, SLEW, YZORDDERREX, one, table

CARDS = {r.name: r for r in load_bundled_records()}
HOLLAND = make_character("Henry Holland", prime=3, magic=3, strength=5, dominion=5)
FRAIL = make_character("Frail Helper", prime=2, magic=2, strength=3, dominion=5)
BRUTE = make_character("Low Brute", prime=3, magic=1, strength=6, dominion=5)
LIMNER = make_character("Glass-Eyed Limner", prime=2, magic=2, strength=2, dominion=5,
                        affiliations=("Artist",))


def card(name: str):
    return CARDS[name]


def paths_from(game: Game, seat: int, site: int, *names: str) -> None:
    """Lay ``seat``'s Paths from hand face down on ``site`` ("Play Paths")."""
    hand = game.autarch(seat).hand
    for name in names:
        path = next(c for c in hand if game.name(c) == name)
        hand.remove(path)
        game.table.paths.setdefault(site, []).append(path)


def test_every_sentence_form_reads_into_a_structured_effect():
    assert sentence_effect("Draw two cards.") == CardEffect("draw", 2)
    assert sentence_effect("Target Maestro is magic +2 until end of round.") == CardEffect(
        STAT, 2, "magic", "Maestro", True)
    assert card_effects(card("Emotion: Dread")) == (CardEffect(NO_CHALLENGE),)
    assert sentence_effect("Acting Ally is magic +3.") is None  # engine.maneuvers' form


# ----------------------------------------------- Card Powers, Traits, and Special Rules
def test_a_dictate_that_draws_affects_the_controlling_autarch():
    """"Effects are either targeted to any character, or affect the controlling
    Autarch": Summons to the Conclave draws two cards for its Autarch."""
    game = table({"hand": [card("Summons to the Conclave")]}, phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Summons to the Conclave"))
    assert len(game.autarch(0).hand) == 2
    assert "draws 2 card(s)" in game.log[-1]
    check_conservation(game.table)


def test_a_flash_or_dictate_that_names_a_target_is_not_played_without_one():
    """"Target Characters and Acting Allies": Hollow Omen's effect is on its target
    character; a Flash has no acting Ally to receive it, so it is refused with no target
    (nothing leaves the hand), and a person is offered it only on a target."""
    game = table({"hand": [card("Hollow Omen")], "active": [HOLLAND]}, phase=ALLY_PHASE)
    omen = one(game, "Hollow Omen")
    with pytest.raises(RuleError, match="Target Characters and Acting Allies"):
        game.play_flash(0, omen)
    assert omen in game.autarch(0).hand
    labels = [o.label for o in flash_options(game, 0)]
    assert labels and all(" on " in label for label in labels)


def test_a_flash_that_only_counters_is_not_played_on_its_own():
    """"Timing and Countering": a counter is played after the card or action it
    counters. Sudden Clarity ("Counters any Flash") played on its own is refused and
    stays in hand, and a person is not offered it at a last call."""
    game = table({"hand": [card("Sudden Clarity")], "active": [HOLLAND]}, phase=ALLY_PHASE)
    clarity = one(game, "Sudden Clarity")
    with pytest.raises(RuleError, match="Timing and Countering"):
        game.play_flash(0, clarity)
    assert clarity in game.autarch(0).hand
    assert flash_options(game, 0) == []


def test_an_instant_versus_sites_maneuver_adjusts_the_seizure_it_is_played_in():
    """"Some Special Powers: +N versus Y Sites": influence toward the named Site is
    adjusted by N. An instant maneuver with it (no such card is bundled) counts in the
    seizure it is played in: Holland (Magic 3) secures Slew (Resistance 4) with it."""
    quick = replace(make_card("Quick Tongue", CardType.INFLUENCE_MANEUVER,
                              powers="+2 versus Sites."),
                    abilities=parse_abilities("+2 versus Sites."))
    game = table({"active": [HOLLAND], "hand": [quick], "circle": [SLEW]}, phase=ALLY_PHASE)
    holland, tongue, slew = one(game, "Henry Holland"), one(game, "Quick Tongue"), one(
        game, "Slew")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [holland], maneuvers={holland: [tongue]})
    assert result.secured
    assert any(line.endswith("Henry Holland plays Quick Tongue (+2).") for line in game.log)
    assert tongue in game.autarch(0).in_ovo


def test_target_maestro_until_end_of_round_counts_then_lapses():
    """"Target Characters and Acting Allies": Proclamation of Reconciliation only on a
    Maestro; its Magic +2 lasts until the end of the round ("Phase 4")."""
    game = table({"hand": [card("Proclamation of Reconciliation")], "active": [SARTORI, IRISH]},
                 phase=AUTARCH_PHASE)
    sartori, irish, proc = one(game, "Sartori"), one(game, "Irish"), one(
        game, "Proclamation of Reconciliation")
    game.begin_turn(AUTARCH_PHASE, 0)
    with pytest.raises(RuleError, match="Target Characters and Acting Allies"):
        game.play_dictate(0, proc, target=irish)
    assert proc in game.autarch(0).hand and not game.turn.dictate_used
    game.play_dictate(0, proc, target=sartori)
    assert game.magic_mod(sartori) == 2
    game.end_turn()
    game.reconcile()
    assert game.magic_mod(sartori) == 0


def test_strength_until_end_of_round_lowers_what_damage_must_exceed():
    """"Damage Outside of Challenges": Hollow Omen (Strength -2 until end of round) on a
    Strength 3 character, then Tremor in the In Ovo (2 damage) discards it."""
    game = table({"hand": [card("Hollow Omen"), card("Tremor in the In Ovo")]},
                 {"active": [FRAIL]}, phase=AUTARCH_PHASE)
    frail = one(game, "Frail Helper")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Hollow Omen"), target=frail)
    assert game.strength_mod(frail) == -2
    game.play_flash(0, one(game, "Tremor in the In Ovo"), target=frail)
    assert frail in game.autarch(1).in_ovo
    check_conservation(game.table)


def test_tremor_alone_does_not_kill_a_stronger_character():
    game = table({"hand": [card("Tremor in the In Ovo")]}, {"active": [FRAIL]},
                 phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Tremor in the In Ovo"), target=one(game, "Frail Helper"))
    assert one(game, "Frail Helper") in game.autarch(1).realm.active


def test_unpivot_target_ally_and_pivot_target_site():
    """"Pivoted Cards": Borrowed Time unpivots an Ally; Shifting Sands pivots a secured
    Site, which then does not count for victory this round."""
    game = table({"hand": [card("Borrowed Time"), card("Shifting Sands")], "active": [IRISH]},
                 {"state_sites": [(YZORDDERREX, [HOLLAND])]}, phase=AUTARCH_PHASE)
    irish, yz = one(game, "Irish"), one(game, "Yzordderrex")
    game.table.pivoted.add(irish)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Borrowed Time"), target=irish)
    game.play_flash(0, one(game, "Shifting Sands"), target=yz)
    assert irish not in game.table.pivoted and yz in game.table.pivoted
    assert game.unpivoted_site_masks(1) == []


def test_return_an_oviate_from_the_in_ovo_to_the_hand():
    """Call the Brood: the Oviate put into the In Ovo most recently returns to the hand
    (ruling ``played-effects``); the acting Ally pivots ("Ally Action")."""
    game = table({"hand": [card("Call the Brood")], "active": [OVIATE, IRISH]},
                 phase=ALLY_PHASE)
    brood, irish = one(game, "Brood Oviate"), one(game, "Irish")
    game.discard(brood)
    game.begin_turn(ALLY_PHASE, 0)
    game.ally_action(0, irish, one(game, "Call the Brood"))
    assert brood in game.autarch(0).hand and irish in game.table.pivoted
    check_conservation(game.table)


def test_discard_target_permanent_ally_action_ends_its_bonus():
    """"Permanents and Instants": a permanent stays "until removed by another card";
    Burn the Sketches discards Sketch the Threshold and its Magic +1 with it."""
    game = table({"hand": [card("Sketch the Threshold")], "active": [IRISH, HOLLAND]},
                 {"hand": [card("Burn the Sketches")], "active": [BRUTE]}, phase=ALLY_PHASE)
    irish, sketch = one(game, "Irish"), one(game, "Sketch the Threshold")
    game.begin_turn(ALLY_PHASE, 0)
    game.ally_action(0, irish, sketch)
    assert game.magic_mod(irish) == 1
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 1)
    with pytest.raises(RuleError):
        game.ally_action(1, one(game, "Low Brute"), one(game, "Burn the Sketches"), target=irish)
    game.ally_action(1, one(game, "Low Brute"), one(game, "Burn the Sketches"), target=sketch)
    assert sketch in game.autarch(0).in_ovo and game.magic_mod(irish) == 0
    check_conservation(game.table)


def test_a_character_that_cannot_challenge():
    """Emotion: Dread, "Target character cannot challenge", while it stays in play."""
    game = table({"hand": [card("Emotion: Dread")]}, {"active": [SARTORI]},
                 {"active": [HOLLAND]}, phase=AUTARCH_PHASE)
    sartori = one(game, "Sartori")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Emotion: Dread"), target=sartori)
    assert game.restricted(sartori, NO_CHALLENGE)
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 1)
    with pytest.raises(RuleError, match="cannot challenge"):
        game.challenge(1, [sartori], one(game, "Henry Holland"))
    assert sartori not in game.table.pivoted


def test_a_flash_from_hand_counters_a_flash():
    """"Counter P" ("P is a power, specific or in general"): Sudden Clarity, "Counters
    any Flash", played from hand negates Hollow Omen; both go to the In Ovo."""
    game = table({"hand": [card("Hollow Omen")], "active": [IRISH]},
                 {"hand": [card("Sudden Clarity")]}, phase=AUTARCH_PHASE)
    irish, clarity = one(game, "Irish"), one(game, "Sudden Clarity")
    game.begin_turn(AUTARCH_PHASE, 0)
    resolved = game.play_flash(0, one(game, "Hollow Omen"), target=irish,
                               counter_provider=lambda g, c, t: (1, clarity) if c != clarity
                               else None)  # no one counters the counter
    assert not resolved and game.strength_mod(irish) == 0
    assert clarity in game.autarch(1).in_ovo and one(game, "Hollow Omen") in game.autarch(0).in_ovo
    check_conservation(game.table)


def test_a_flash_cannot_counter_what_it_does_not_name():
    game = table({"hand": [card("Summons to the Conclave")]},
                 {"hand": [card("Sudden Clarity")]}, phase=AUTARCH_PHASE)
    clarity = one(game, "Sudden Clarity")
    game.begin_turn(AUTARCH_PHASE, 0)
    with pytest.raises(RuleError, match="Counter P"):
        game.play_dictate(0, one(game, "Summons to the Conclave"),
                          counter_provider=lambda g, c, t: (1, clarity))


def test_gaining_vassal_and_your_vassals_are_strength_plus_one():
    """"Affiliations: Vassal" (not challenged by Primes below 5): Take the Oath makes
    its acting Ally a Vassal while attached; Tithe of Blood then gives it Strength +1."""
    game = table({"hand": [card("Take the Oath"), card("Tithe of Blood")], "active": [IRISH]},
                 {"active": [BRUTE]}, phase=ALLY_PHASE)
    irish, brute = one(game, "Irish"), one(game, "Low Brute")
    game.begin_turn(ALLY_PHASE, 0)
    game.ally_action(0, irish, one(game, "Take the Oath"))
    assert game.record(irish).has_affiliation("Vassal")
    assert not game.table.cards[irish].has_affiliation("Vassal")  # the printed card
    game.end_turn()
    game.table.pivoted.clear()
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Tithe of Blood"))
    assert game.strength_mod(irish) == 1 and game.strength_mod(brute) == 0
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 1)
    with pytest.raises(RuleError, match="Vassal"):
        game.challenge(1, [brute], irish)
    game.end_turn()
    game.discard(irish)  # the Oath goes with its bearer
    assert one(game, "Take the Oath") in game.autarch(0).in_ovo and not game.table.altered


def test_gained_affiliation_until_end_of_round_lapses():
    game = table({"hand": [card("Ash Offering")], "active": [IRISH]}, phase=ALLY_PHASE)
    irish = one(game, "Irish")
    game.begin_turn(ALLY_PHASE, 0)
    game.ally_action(0, irish, one(game, "Ash Offering"))
    assert game.record(irish).has_affiliation("Adorer")
    game.end_turn()
    game.reconcile()
    assert not game.record(irish).has_affiliation("Adorer")


def test_your_allies_are_stronger_only_while_defending():
    """Rally the Household: "Your Allies are strength +1 while defending" ("Challenge
    Summary": damage must exceed the defender's Strength)."""
    game = table({"hand": [card("Rally the Household")], "active": [IRISH, HOLLAND]},
                 phase=ALLY_PHASE)
    irish = one(game, "Irish")
    game.begin_turn(ALLY_PHASE, 0)
    game.ally_action(0, irish, one(game, "Rally the Household"))
    holland = one(game, "Henry Holland")
    assert game.strength_mod(holland) == 0
    assert game.strength_mod(holland, defending=True) == 1


def test_a_maneuver_lowers_the_resistance_of_the_site_seized():
    """"Influence maneuvers": Pact of the Seal, "Target involved Site is Resistance -2
    until end of round", lets Holland (Magic 3) secure Slew (Resistance 4)."""
    game = table({"hand": [card("Pact of the Seal")], "active": [HOLLAND], "circle": [SLEW]},
                 phase=ALLY_PHASE)
    slew, holland = one(game, "Slew"), one(game, "Henry Holland")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [holland], maneuvers={holland: [one(game, "Pact of the Seal")]})
    assert result.secured and result.resistance == 2
    assert "Resistance -2 until end of round" in "\n".join(game.log)
    check_conservation(game.table)


# ---------------------------------------------------------------- Paths
def test_path_strength_until_end_of_round_on_every_involved_character():
    """"Paths": "ALL characters involved in the seizure are targeted by a Path": Road of
    White Dust makes each Strength -2 until end of round."""
    game = table({"active": [HOLLAND, IRISH], "circle": [SLEW]},
                 {"hand": [card("Road of White Dust")]}, phase=ALLY_PHASE)
    slew, holland, irish = one(game, "Slew"), one(game, "Henry Holland"), one(game, "Irish")
    paths_from(game, 1, slew, "Road of White Dust")
    game.begin_turn(ALLY_PHASE, 0)
    game.seize(0, slew, [holland, irish])
    assert game.strength_mod(holland) == game.strength_mod(irish) == -2
    game.end_turn()
    game.reconcile()
    assert game.strength_mod(holland) == 0


def test_path_each_involved_autarch_discards_at_random():
    game = table({"active": [HOLLAND], "hand": [card("Summons to the Conclave")],
                  "circle": [SLEW]},
                 {"active": [IRISH], "hand": [card("Market Thieves' Alley"),
                                              card("Hollow Omen")]},
                 {"hand": [card("Borrowed Time")]}, phase=ALLY_PHASE)
    slew = one(game, "Slew")
    paths_from(game, 1, slew, "Market Thieves' Alley")
    game.begin_turn(ALLY_PHASE, 0)
    game.seize(0, slew, [one(game, "Henry Holland")],
               contest_provider=lambda g, seat, *a: [one(g, "Irish")] if seat == 1 else [])
    assert game.autarch(0).hand == [] and game.autarch(1).hand == []
    assert len(game.autarch(2).hand) == 1  # not involved
    check_conservation(game.table)


def test_a_maneuver_a_path_discarded_is_not_played_and_the_seizure_goes_on():
    """"Seizing Sites and Contests": influence maneuvers are played once the contest
    formally begins, after the Paths resolve. Market Thieves' Alley makes the seizing
    Autarch discard its only card, the Binding Glyph named for Holland: the seizure goes
    on without it (found by the property test at 4 Autarchs, which raised a RuleError
    mid-seizure, after the Path had been revealed)."""
    game = table({"active": [HOLLAND], "hand": [card("Binding Glyph")], "circle": [SLEW]},
                 {"active": [IRISH], "hand": [card("Market Thieves' Alley")]},
                 phase=ALLY_PHASE)
    slew, holland, glyph = one(game, "Slew"), one(game, "Henry Holland"), one(
        game, "Binding Glyph")
    paths_from(game, 1, slew, "Market Thieves' Alley")
    game.begin_turn(ALLY_PHASE, 0)
    game.seize(0, slew, [holland], maneuvers={holland: [glyph]},
               contest_provider=lambda g, seat, *a: [one(g, "Irish")] if seat == 1 else [])
    assert glyph in game.autarch(0).in_ovo
    assert not any("Binding Glyph" in line and "plays" in line for line in game.log)
    assert holland in game.table.pivoted  # the seizure was made, success or not
    check_conservation(game.table)


@pytest.mark.parametrize(("path", "check"), [
    ("Bone Stair", lambda g, c: c in g.autarch(0).in_ovo),           # 2 damage > Strength 1
    ("Bellringer's Climb", lambda g, c: c in g.table.pivoted),
    ("Aqueduct Undercroft", lambda g, c: c in g.autarch(0).realm.reserve
     and c not in g.table.pivoted),
])
def test_path_owner_chooses_one_involved_character(path, check):
    """"Paths": the Path's owner chooses the character (ruling ``path-choices``); it
    leaves the seizure, so Holland alone (3) no longer secures Slew (4)."""
    weak = make_character("Weak Helper", prime=2, magic=2, strength=1, dominion=5)
    game = table({"active": [HOLLAND, weak], "circle": [SLEW]}, {"hand": [card(path)]},
                 phase=ALLY_PHASE)
    slew, helper = one(game, "Slew"), one(game, "Weak Helper")
    paths_from(game, 1, slew, path)
    asked = []

    def chooser(g, p, what, options):
        asked.append((what, sorted(options)))
        return helper

    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Henry Holland"), helper], path_chooser=chooser)
    assert check(game, helper) and not result.secured and result.influence == 3
    assert asked and sorted(asked[0][1]) == sorted([one(game, "Henry Holland"), helper])
    check_conservation(game.table)


def test_path_default_choice_is_the_rivals_strongest_magic():
    game = table({"active": [HOLLAND, FRAIL], "circle": [SLEW]},
                 {"hand": [card("Bellringer's Climb")]}, phase=ALLY_PHASE)
    slew, holland = one(game, "Slew"), one(game, "Henry Holland")
    paths_from(game, 1, slew, "Bellringer's Climb")
    game.begin_turn(ALLY_PHASE, 0)
    game.seize(0, slew, [holland, one(game, "Frail Helper")])
    assert holland in game.table.pivoted and "chosen by Autarch 2" in "\n".join(game.log)


def test_path_owner_moves_an_active_ally_into_the_seizure():
    """Night Omnibus Route, on the seizing Autarch's own Site: its owner's Ally joins
    the seizure, and Holland (3) with Limner (2) secure Slew (4)."""
    game = table({"active": [HOLLAND, LIMNER], "circle": [SLEW],
                  "hand": [card("Night Omnibus Route")]}, phase=ALLY_PHASE)
    slew, holland, limner = one(game, "Slew"), one(game, "Henry Holland"), one(
        game, "Glass-Eyed Limner")
    paths_from(game, 0, slew, "Night Omnibus Route")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [holland])
    assert result.secured and sorted(result.holders) == sorted([holland, limner])
    check_conservation(game.table)


def test_path_owner_not_involved_moves_nobody():
    game = table({"active": [HOLLAND], "circle": [SLEW]},
                 {"active": [LIMNER], "hand": [card("Night Omnibus Route")]}, phase=ALLY_PHASE)
    slew = one(game, "Slew")
    paths_from(game, 1, slew, "Night Omnibus Route")
    game.begin_turn(ALLY_PHASE, 0)
    result = game.seize(0, slew, [one(game, "Henry Holland")])
    assert not result.secured and one(game, "Glass-Eyed Limner") in game.autarch(1).realm.active


# ------------------------------------------------------ Timing and Countering (example)
def test_guilt_keeps_a_character_in_reserve_before_patashoquan_highway():
    """"Timing and Countering": "Sartori has the permanent Flash Emotion: Guilt played
    on it ... Its owner cannot later play Patashoquan Highway on Sartori"."""
    game = table({"reserve": [SARTORI], "hand": [card("Patashoquan Highway")]},
                 {"hand": [card("Emotion: Guilt")]}, phase=AUTARCH_PHASE)
    sartori, highway = one(game, "Sartori"), one(game, "Patashoquan Highway")
    game.begin_turn(AUTARCH_PHASE, 1)
    game.play_flash(1, one(game, "Emotion: Guilt"), target=sartori)
    game.end_turn()
    game.begin_turn(AUTARCH_PHASE, 0)
    with pytest.raises(RuleError, match="remain in the Reserve"):
        game.play_flash(0, highway, target=sartori)
    assert highway in game.autarch(0).hand
    game.end_turn()
    game.begin_turn(RECONCILIATION, 0)
    with pytest.raises(RuleError, match="remain in"):
        game.move_forward(0, sartori)
    assert reconciliation_move(PublicView(game, 0)) is None


def test_patashoquan_highway_and_edict_move_a_reserve_forward():
    game = table({"reserve": [SARTORI, IRISH], "hand": [card("Patashoquan Highway"),
                                                        card("Edict of Reassignment")]},
                 {"reserve": [HOLLAND]}, phase=AUTARCH_PHASE)
    sartori, irish = one(game, "Sartori"), one(game, "Irish")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Patashoquan Highway"), target=sartori)
    with pytest.raises(RuleError):  # "from your reserve": not a rival's
        game.play_dictate(0, one(game, "Edict of Reassignment"), target=one(game, "Henry Holland"))
    game.play_dictate(0, one(game, "Edict of Reassignment"), target=irish)
    assert game.autarch(0).realm.active == [sartori, irish]


def test_closed_roads_resistance_in_the_circle_and_scouting_paths():
    """Decree of Closed Roads ("Play Paths" refused on its Site), Night of Shut Gates
    (a Site in the Circle only), Scout the Roads (the Paths are looked at)."""
    fen = make_site("Fen", (5,), 3)
    game = table({"hand": [card("Decree of Closed Roads"), card("Night of Shut Gates")],
                  "circle": [SLEW, fen], "active": [IRISH]},
                 {"hand": [card("Fog Lane"), card("Scout the Roads")],
                  "active": [HOLLAND], "state_sites": [(YZORDDERREX, [BRUTE])]},
                 phase=AUTARCH_PHASE)
    slew, fen_id = one(game, "Slew"), one(game, "Fen")
    game.begin_turn(AUTARCH_PHASE, 0)
    with pytest.raises(RuleError, match="Target Characters"):
        game.play_dictate(0, one(game, "Night of Shut Gates"), target=one(game, "Yzordderrex"))
    game.play_dictate(0, one(game, "Night of Shut Gates"), target=fen_id)
    assert game.current_resistance(fen_id) == 5
    game.end_turn()
    game.table.round += 1
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Decree of Closed Roads"), target=slew)
    game.end_turn()
    game.begin_turn(AUTARCH_PHASE, 1)
    with pytest.raises(RuleError, match="Paths cannot be played"):
        game.play_path(1, one(game, "Fog Lane"), slew)
    game.play_path(1, one(game, "Fog Lane"), fen_id)
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 1)
    game.ally_action(1, one(game, "Henry Holland"), one(game, "Scout the Roads"), target=fen_id)
    assert "the Paths on Fen are looked at: Fog Lane" in game.log[-1]
    check_conservation(game.table)


def test_a_character_that_loses_all_powers():
    """Eclipse of Names: while attached, the Oracle's power "Counters any Flash" is gone
    ("Counter P"); its traits stay ("Card Powers, Traits, and Special Rules")."""
    oracle = card("Copper-Veiled Oracle")
    game = table({"hand": [card("Eclipse of Names"), card("Hollow Omen")]},
                 {"active": [oracle]}, phase=AUTARCH_PHASE)
    o = one(game, "Copper-Veiled Oracle")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Eclipse of Names"), target=o)
    assert game.record(o).powers == "" and game.record(o).affiliations == oracle.affiliations
    with pytest.raises(RuleError, match="Counter P"):
        game.play_flash(0, one(game, "Hollow Omen"), target=o,
                        counter_provider=lambda g, c, t: (1, o))


# ------------------------------------ Phase 4: at the beginning / end of a turn, not draws
BROODING = make_card("Brooding Vigil", CardType.DICTATE, permanent=True,
                     powers="At the end of a turn, return an Oviate from your In Ovo to your"
                            " hand.")
WARD = make_card("Watchful Ward", CardType.FLASH, permanent=True,
                 powers="At the beginning of a turn, target character is magic +1 until end"
                        " of round.")


def test_end_of_turn_effect_other_than_a_draw():
    """"Phase 4: The Reconciliation": "Any existing cards that have effect 'at the end of
    a turn' take effect on the Autarch's turn" (ruling ``turn-effects``)."""
    assert modelled_powers(BROODING)[0].modelled
    game = table({"hand": [BROODING], "active": [OVIATE]}, phase=AUTARCH_PHASE)
    brood = one(game, "Brood Oviate")
    game.discard(brood)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Brooding Vigil"))
    game.end_turn()
    assert brood in game.autarch(0).in_ovo
    game.begin_turn(RECONCILIATION, 0)
    game.end_turn()
    assert brood in game.autarch(0).hand
    assert "returns from the In Ovo" in game.log[-1]


def test_beginning_of_turn_effect_acts_on_the_character_it_is_attached_to():
    game = table({"hand": [WARD], "active": [IRISH]}, phase=AUTARCH_PHASE)
    irish = one(game, "Irish")
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_flash(0, one(game, "Watchful Ward"), target=irish)
    assert game.magic_mod(irish) == 0
    game.end_turn()
    game.reconcile()
    game.coming_of_order()  # "Phase 1: Coming of Order" (ruling ``turn-effects``)
    assert game.magic_mod(irish) == 1
    check_conservation(game.table)


# ---------------------------------------- Challenge Summary / Timing and Countering
def test_an_involved_autarch_counters_an_influence_maneuver_with_one():
    """"Seizing Sites and Contests" (only the involved Autarchs play influence
    maneuvers) and "Counter P": the contester's Counter-Glyph negates Whispered Word of
    Power; an Autarch not involved may not play it."""
    word = card("Whispered Word of Power")
    glyph = card("Counter-Glyph")
    game = table({"active": [HOLLAND], "hand": [word], "circle": [SLEW]},
                 {"active": [FRAIL], "hand": [glyph]}, phase=ALLY_PHASE)
    slew, holland = one(game, "Slew"), one(game, "Henry Holland")
    g = one(game, "Counter-Glyph")
    game.begin_turn(ALLY_PHASE, 0)
    word_id = one(game, "Whispered Word of Power")
    result = game.seize(0, slew, [holland], maneuvers={holland: [word_id]},
                        contest_provider=lambda gm, seat, *a: [one(gm, "Frail Helper")],
                        counter_provider=lambda gm, c, t: (1, g) if c != g else None)
    # Without the Word: Holland 3 against Frail 2 wins the contest, but 3 < Resistance 4.
    assert not result.secured and result.influence == 3
    assert g in game.autarch(1).in_ovo and word_id in game.autarch(0).in_ovo
    check_conservation(game.table)


def test_a_maneuver_cannot_counter_outside_its_action():
    game = table({"active": [HOLLAND], "hand": [card("Whispered Word of Power")], "circle": [SLEW]},
                 {"hand": [card("Counter-Glyph")]}, phase=ALLY_PHASE)
    holland, g = one(game, "Henry Holland"), one(game, "Counter-Glyph")
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="cannot be played now"):
        game.seize(0, one(game, "Slew"), [holland],
                   maneuvers={holland: [one(game, "Whispered Word of Power")]},
                   counter_provider=lambda gm, c, t: (1, g))


def test_retreat_into_shadow_leaves_the_challenge_unpivoted():
    """"Challenge Summary": Retreat into Shadow removes its acting Ally from the
    challenge, not pivoted; with no challenger left the challenge ends without combat."""
    game = table({"active": [BRUTE]}, {"active": [HOLLAND], "hand": [card("Retreat into Shadow")]},
                 phase=ALLY_PHASE)
    brute, holland = one(game, "Low Brute"), one(game, "Henry Holland")
    game.begin_turn(ALLY_PHASE, 1)
    result = game.challenge(1, [holland], brute,
                            maneuvers={holland: [one(game, "Retreat into Shadow")]})
    assert result.victor is None and result.killed == ()
    assert holland not in game.table.pivoted and brute not in game.table.pivoted
    assert "leaves the challenge, not pivoted" in "\n".join(game.log)


def test_feint_and_riposte_damages_the_target_it_names():
    """Feint and Riposte: "Acting Ally is strength +2. Deal 1 damage to target involved
    character" ("Damage Outside of Challenges": 1 damage discards a Strength 0
    defender, who leaves the challenge; ruling ``played-effects``)."""
    page = make_character("Paper Page", prime=1, magic=1, strength=0, dominion=5)
    game = table({"active": [BRUTE], "hand": [card("Feint and Riposte")]},
                 {"active": [IRISH, page]}, phase=ALLY_PHASE)
    brute, irish, pg = one(game, "Low Brute"), one(game, "Irish"), one(game, "Paper Page")
    feint = one(game, "Feint and Riposte")
    game.begin_turn(ALLY_PHASE, 0)
    with pytest.raises(RuleError, match="involved"):  # the Page is not defending here
        game.challenge(0, [brute], irish, maneuvers={brute: [feint]},
                       maneuver_targets={feint: pg})
    assert feint in game.autarch(0).hand
    result = game.challenge(0, [brute], irish, defend_provider=lambda g, *a: [pg],
                            maneuvers={brute: [feint]}, maneuver_targets={feint: pg})
    assert pg in game.autarch(1).in_ovo
    # Brute 6 + 2 against Irish 6 alone: 2 damage, not more than Irish's Strength 6.
    assert (result.challenger_strength, result.defending_strength) == (8, 6)
    assert irish in game.autarch(1).realm.active
    check_conservation(game.table)


def test_a_person_is_offered_the_targets_a_card_may_be_played_on():
    """"These cards can only be played on targets specified on the card": the Play
    screen offers Proclamation of Reconciliation on Sartori (a Maestro), not on Irish."""
    game = table({"hand": [card("Proclamation of Reconciliation")], "active": [SARTORI, IRISH]},
                 phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    labels = [describe_move(game, m) for m in legal_moves(game, 0)]
    assert "Play the Dictate Proclamation of Reconciliation on Sartori" in labels
    assert not any(label.endswith("on Irish") for label in labels)
