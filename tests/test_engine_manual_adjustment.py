"""Manual adjustments (issue 22 section 2): a played card whose power the engine does not
play is logged as not applied, and the Autarch whose turn it is may apply its effect by
hand that round (a Magic/Strength change until end of round, a draw, a discard);
rulebook "Permanents and Instants", "Phase 4: The Reconciliation", "Discarding", ruling
``manual-adjustment``. Computer controllers never make one."""

from __future__ import annotations

import pytest

from card_db.records import CardType
from deckbuilder.engine.controllers.adjusting import adjust_choices, adjustment_error
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE
from deckbuilder.engine.game.actions import ManualAdjustment, from_data, to_data
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.game.flow import legal_actions, pending
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.simulation.sample_decks import make_card
from tests.test_engine_rule_gaps import HOLLAND, IRISH, SUMMONS, one, table

VISION = make_card("Vision of the Fifth", CardType.DICTATE,
                   powers="Look at the top three cards of your Destiny and put them back "
                          "in any order.")
OMEN = make_card("Omen of Rain", CardType.FLASH, powers="Your rival reveals their hand.")


def _played_vision():
    game = table({"hand": [VISION, SUMMONS], "active": [HOLLAND]}, {"active": [IRISH]},
                 phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    vision = one(game, "Vision of the Fifth")
    game.play_dictate(0, vision)
    return game, vision


def test_a_card_whose_power_is_not_played_is_logged_as_not_applied_and_may_be_adjusted():
    game, vision = _played_vision()
    assert game.log[-1] == (
        "Round 1, Autarch Phase: Vision of the Fifth: its power was not applied: \u201cLook "
        "at the top three cards of your Destiny and put them back in any order.\u201d It may "
        "be applied by hand this round (a manual adjustment).")
    assert game.adjustable(0) == [vision]
    assert game.adjustable(1) == []  # not its turn


def test_a_card_whose_power_is_played_opens_no_adjustment():
    game = table({"hand": [SUMMONS], "active": [HOLLAND]}, {"active": [IRISH]},
                 phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 0)
    game.play_dictate(0, one(game, "Summons to the Conclave"))
    assert game.adjustable(0) == [] and "not applied" not in "\n".join(game.log)


def test_magic_and_strength_adjustments_last_until_the_end_of_the_round():
    game, vision = _played_vision()
    holland, irish = one(game, "Henry Holland"), one(game, "Irish")
    before = game.magic_mod(holland)
    ManualAdjustment(vision, "magic", 2, holland).play(game, 0, None)
    ManualAdjustment(vision, "strength", -3, irish).play(game, 0, None)
    assert game.magic_mod(holland) == before + 2 and game.strength_mod(irish) == -3
    assert game.log[-1] == ("Round 1, Autarch Phase: Manual adjustment by Autarch 1 for "
                            "Vision of the Fifth (its power applied by hand): Irish is "
                            "Strength -3 until end of round.")
    game.end_turn()
    game.reconcile()  # "until end of round" changes end with the Reconciliation
    assert game.magic_mod(holland) == before and game.strength_mod(irish) == 0
    assert game.table.unapplied == []


def test_draw_and_discard_adjustments_move_cards_as_the_rules_do():
    game, vision = _played_vision()
    me = game.autarch(0)
    hand, destiny = len(me.hand), len(me.destiny.cards)
    ManualAdjustment(vision, "draw", 2).play(game, 0, None)
    assert len(me.hand) == hand + 2 and len(me.destiny.cards) == destiny - 2
    card = me.hand[0]
    ManualAdjustment(vision, "discard", 0, card).play(game, 0, None)
    assert card in me.in_ovo and card not in me.hand
    rival = game.autarch(1)
    rival.hand.extend(rival.destiny.cards[:2])
    del rival.destiny.cards[:2]
    ManualAdjustment(vision, "discard", 1, None, 1).play(game, 0, None)
    assert len(rival.hand) == 1 and len(rival.in_ovo) == 1
    assert "at random to the In Ovo" in game.log[-1]


@pytest.mark.parametrize("action, section", [
    (lambda v, h, i, c: ManualAdjustment(v, "magic", 0, h), "Card Powers"),
    (lambda v, h, i, c: ManualAdjustment(v, "magic", 10, h), "Card Powers"),
    (lambda v, h, i, c: ManualAdjustment(v, "strength", 2, None), "Target Characters"),
    (lambda v, h, i, c: ManualAdjustment(v, "draw", 6), "Card Powers"),
    (lambda v, h, i, c: ManualAdjustment(v, "discard", 0, c, 1), "Discarding"),
    (lambda v, h, i, c: ManualAdjustment(v, "resistance", 1, h), "Card Powers"),
    (lambda v, h, i, c: ManualAdjustment(h, "magic", 1, h), "Order of Play"),
])
def test_an_adjustment_the_rules_do_not_have_is_refused_naming_the_section(action, section):
    game, vision = _played_vision()
    holland, irish = one(game, "Henry Holland"), one(game, "Irish")
    wrong = action(vision, holland, irish, game.autarch(0).hand[0])
    log = list(game.log)
    with pytest.raises(RuleError, match=section):
        wrong.play(clone(game), 0, None)
    assert adjustment_error(game, 0, wrong) is not None and game.log == log


def test_adjustments_end_with_the_round_and_are_made_only_in_ones_own_turn():
    game, vision = _played_vision()
    holland = one(game, "Henry Holland")
    game.end_turn()
    game.begin_turn(AUTARCH_PHASE, 1)
    with pytest.raises(RuleError, match="Order of Play"):
        ManualAdjustment(vision, "magic", 1, holland).play(clone(game), 0, None)
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 0)  # later in the same round: still open
    assert game.adjustable(0) == [vision]


def test_a_flash_played_by_a_rival_may_be_adjusted_for_in_ones_turn():
    game = table({"active": [HOLLAND]}, {"hand": [OMEN], "active": [IRISH]},
                 phase=AUTARCH_PHASE)
    game.begin_turn(AUTARCH_PHASE, 1)
    omen = one(game, "Omen of Rain")
    game.play_flash(1, omen)
    assert "Omen of Rain: its power was not applied" in game.log[-1]
    game.end_turn()
    game.begin_turn(ALLY_PHASE, 0)
    choices = adjust_choices(game, 0)
    assert choices is not None
    assert [label for _, label in choices.causes] == [
        "Omen of Rain (Flash, Autarch 2): \u201cYour rival reveals their hand.\u201d"]
    assert [seat for seat, _ in choices.autarchs] == [0, 1]
    assert {c for c, _ in choices.characters} == {one(game, "Henry Holland"), one(game, "Irish")}


def test_the_action_reads_in_words_round_trips_as_data_and_is_never_listed():
    game, vision = _played_vision()
    holland = one(game, "Henry Holland")
    action = ManualAdjustment(vision, "strength", 2, holland)
    assert action.describe(game) == ("Adjust by hand for Vision of the Fifth: Henry "
                                     "Holland is Strength +2")
    assert to_data(action) == ["manual_adjustment", vision, "strength", 2, holland, None]
    assert from_data(to_data(action)) == action and action.cards() == (vision, holland)
    assert ManualAdjustment(vision, "draw", 1).describe(game).endswith("draw 1 card(s)")
    # a computer controller chooses from the legal lists, which never hold one
    assert not any(isinstance(a, ManualAdjustment) for a in legal_actions(game, 0))


def test_the_person_is_offered_the_adjustment_and_a_refused_one_does_not_end_the_turn():
    game, vision = _played_vision()
    holland = one(game, "Henry Holland")
    asked = []
    answers = iter([ManualAdjustment(vision, "magic", 0, holland),  # refused: 0
                    ManualAdjustment(vision, "magic", 3, holland)])

    def ask(decision):
        asked.append(decision)
        return next(answers)

    person = PersonController(ask)
    d = pending(game)
    chosen = person.choose(game, d)
    assert chosen == ManualAdjustment(vision, "magic", 3, holland)
    assert asked[0].adjust is not None and asked[0].adjust.causes[0][0] == vision
    assert asked[1].prompt.startswith("Not adjusted: ")


def test_trying_an_adjustment_first_leaves_the_games_draws_alone():
    """The person's adjustment is tried on a copy before it is answered: the copy's
    draws and random discards must not take the real game's (a replay would differ)."""
    tried, vision = _played_vision()
    straight, _ = _played_vision()
    rival = one(tried, "Irish")
    for game in (tried, straight):
        game.autarch(1).hand.extend(game.autarch(1).destiny.cards[:3])
        del game.autarch(1).destiny.cards[:3]
    draw = ManualAdjustment(vision, "draw", 2)
    discard = ManualAdjustment(vision, "discard", 2, None, 1)
    answers = iter([draw, discard])
    person = PersonController(lambda _decision: next(answers))
    for action in (draw, discard):
        assert person.choose(tried, pending(tried)) == action  # tried on a copy first
        action.play(tried, 0, None)
        action.play(straight, 0, None)
    assert tried.autarch(0).hand == straight.autarch(0).hand
    assert tried.autarch(1).in_ovo == straight.autarch(1).in_ovo
    assert len(tried.autarch(1).in_ovo) == 2 and rival not in tried.autarch(1).in_ovo
    assert tried.rng.getstate() == straight.rng.getstate()
