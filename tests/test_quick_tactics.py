"""The quick level's tactics on real cards: whom a Flash helps, where maneuvers are
played from, the targets of Dictates and Flashes, Paths where a rival may seize."""

from __future__ import annotations

import pytest

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from card_db.records import CardType
from deckbuilder.engine.controllers.quick_policy import autarch_move
from deckbuilder.engine.controllers.quick_tactics import (
    HELPS,
    HOLD,
    HURTS,
    UNTARGETED,
    flash_kind,
    maneuver_plan,
)
from deckbuilder.engine.controllers.scenarios import Scenario, SeatSetup, build
from deckbuilder.engine.game import AUTARCH_PHASE
from deckbuilder.engine.game.actions import PlayFlash
from deckbuilder.engine.game.public_view import PublicView


@pytest.fixture(scope="module")
def catalogue():
    return Catalogue(load_bundled_records())


@pytest.mark.parametrize(("name", "kind"), [
    ("Veil of Fortune", HELPS), ("Borrowed Time", HELPS), ("Patashoquan Highway", HELPS),
    ("Hollow Omen", HURTS), ("Tremor in the In Ovo", HURTS), ("Emotion: Dread", HURTS),
    ("Shifting Sands", HURTS), ("Sudden Clarity", HOLD), ("Amnesia", UNTARGETED),
])
def test_whom_a_flash_helps(catalogue, name, kind):
    assert flash_kind(catalogue.resolve(name)) == kind


def autarch_phase(catalogue, mine: SeatSetup, rival: SeatSetup, circle=()):
    sc = Scenario("t", "t", "t", (mine, rival), (), (), circle=circle)
    game = build(sc, catalogue.resolve)
    game.end_turn()
    game.begin_turn(AUTARCH_PHASE, 0)
    return game


def test_a_maestro_only_maneuver_is_played_from_the_maestro(catalogue):
    game = autarch_phase(catalogue, SeatSetup("Judith", active=("Irish", "Sartori"),
                                              hand=("Rite of the Five",)),
                         SeatSetup("Cheryl"))
    view = PublicView(game, 0)
    irish, sartori = game.table.autarchs[0].realm.active
    rite = game.table.autarchs[0].hand[0]
    assert maneuver_plan(view, [irish, sartori], CardType.INFLUENCE_MANEUVER, 4) == {
        sartori: (rite,)}
    assert maneuver_plan(view, [irish], CardType.INFLUENCE_MANEUVER, 1) is None
    assert maneuver_plan(view, [irish, sartori], CardType.INFLUENCE_MANEUVER, 5) is None


def test_a_helping_flash_goes_on_its_own_best_ally(catalogue):
    game = autarch_phase(catalogue, SeatSetup("Judith", active=("Irish", "Sartori"),
                                              hand=("Veil of Fortune",)),
                         SeatSetup("Cheryl", active=("Gentle",)))
    irish, sartori = game.table.autarchs[0].realm.active
    veil = game.table.autarchs[0].hand[0]
    assert autarch_move(PublicView(game, 0)) == PlayFlash(veil, sartori)


def test_a_penalty_flash_is_kept_for_a_rivals_turn(catalogue):
    game = autarch_phase(catalogue, SeatSetup("Judith", active=("Irish",),
                                              hand=("Hollow Omen",)),
                         SeatSetup("Cheryl", active=("Gentle",)))
    assert autarch_move(PublicView(game, 0)) is None


def test_a_dictate_for_a_maestro_goes_on_its_maestro(catalogue):
    game = autarch_phase(catalogue, SeatSetup("Judith", active=("Irish", "Sartori"),
                                              hand=("Proclamation of Reconciliation",)),
                         SeatSetup("Cheryl", active=("Gentle",)))
    irish, sartori = game.table.autarchs[0].realm.active
    move = autarch_move(PublicView(game, 0))
    assert move.kind == "play_dictate" and move.target == sartori


def test_a_dictate_without_its_target_in_play_is_kept(catalogue):
    game = autarch_phase(catalogue, SeatSetup("Judith", active=("Irish",),
                                              hand=("Edict of Reassignment",)),
                         SeatSetup("Cheryl", active=("Gentle",)))
    assert autarch_move(PublicView(game, 0)) is None


def test_a_path_goes_where_a_rival_can_seize_for_a_dominion(catalogue):
    """Cheryl's Gentle (Magic 6) can secure Slew (Resistance 6), a Dominion for her;
    Judith's Irish (Magic 2) cannot: Judith's Path goes on Slew."""
    game = autarch_phase(catalogue, SeatSetup("Judith", active=("Irish",),
                                              hand=("Sandglass Trail",)),
                         SeatSetup("Cheryl", active=("Gentle",)), circle=("Slew",))
    move = autarch_move(PublicView(game, 0))
    assert move.kind == "play_path" and game.name(move.site) == "Slew"
