"""A person may reassign any Holder or active Ally in the Autarch Phase (rulebook,
"Phase 2: Autarch Phase", "Reassign Allies": "Reassign Allies by moving any Allies,
pivoted or not: 1) from Site to Site in your state, OR 2) from the active area to a
Site in the state, OR 3) from the state to the reserve"; a Site whose remaining
Holders cannot secure it "immediately becomes uncontrolled"). Each single move is
offered, played through the engine, and saved and loaded with the game."""

from __future__ import annotations

from deckbuilder.engine.game import AUTARCH_PHASE
from deckbuilder.engine.human_autarch import HumanAutarch, legal_options
from deckbuilder.engine.play_record import decode_value, encode_value
from deckbuilder.engine.quick_policy import Move
from deckbuilder.engine.table import check_conservation
from tests.test_engine_rules import HOLLAND, HUZZAH, SLEW, THOMAS, TOWER, TYRWITH, ids_of, table


def autarch_phase_game():
    """Slew held by Holland and Tyrwith, Roxborough Tower by Thomas Roxborough alone,
    Huzzah Aping in the active area."""
    game = table({"state_sites": [(SLEW, [HOLLAND, TYRWITH]), (TOWER, [THOMAS])],
                  "active": [HUZZAH]})
    game.state.phase = AUTARCH_PHASE
    game.begin_turn(AUTARCH_PHASE, 0)
    return game


def reassignments(game):
    return {o.label: o.value for o in legal_options(game, 0) if o.value.kind == "reassign"}


def test_every_single_reassignment_is_offered():
    labels = set(reassignments(autarch_phase_game()))
    for holder in ("Henry Holland", "Horace Tyrwith"):
        assert f"Reassign {holder} to Roxborough Tower" in labels  # Site to Site
        assert f"Reassign {holder} to the Reserve" in labels  # State to Reserve
    assert "Reassign Thomas Roxborough to Slew" in labels
    assert "Reassign Thomas Roxborough to the Reserve" in labels
    assert "Reassign Huzzah Aping to Slew" in labels  # active area to Site
    assert "Reassign Huzzah Aping to Roxborough Tower" in labels
    assert "Reassign Huzzah Aping to the Reserve" not in labels  # not from the active area


def test_a_chosen_reassignment_is_played_and_loses_an_unsecured_site():
    game = autarch_phase_game()
    (slew,), (tyrwith,) = ids_of(game, "Slew"), ids_of(game, "Horace Tyrwith")
    wanted = "Reassign Horace Tyrwith to Roxborough Tower"
    options = [o for o in legal_options(game, 0) if o.value.kind == "reassign"]
    pick = [o.label for o in options].index(wanted)

    def ask(decision):
        labels = [o.label for o in decision.options]
        return labels.index(wanted) if wanted in labels else None

    assert options[pick].cards == (tyrwith, ids_of(game, "Roxborough Tower")[0])
    for _ in HumanAutarch(ask).autarch_turn(game, 0):
        pass
    realm = game.autarch(0).realm
    assert realm.secured(slew) is None and slew in game.state.circle  # 3 < Resistance 6
    assert tyrwith in realm.secured(ids_of(game, "Roxborough Tower")[0]).holders
    assert game.log[-2].endswith("reassigns Horace Tyrwith to Roxborough Tower.")
    check_conservation(game.state)
    assert reassignments(game) == {}  # the turn's Dictate is used


def test_a_reassignment_is_saved_and_loaded_as_the_same_move():
    game = autarch_phase_game()
    for move in reassignments(game).values():
        data = encode_value("move", move)
        assert decode_value("move", data) == move
    to_reserve = Move("reassign", (((ids_of(game, "Henry Holland")[0], None),),))
    assert to_reserve in reassignments(game).values()
