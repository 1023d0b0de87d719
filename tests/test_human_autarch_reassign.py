"""A person may reassign any Holder or active Ally in the Autarch Phase (rulebook,
"Phase 2: Autarch Phase", "Reassign Allies": "Reassign Allies by moving any Allies,
pivoted or not: 1) from Site to Site in your state, OR 2) from the active area to a
Site in the state, OR 3) from the state to the reserve"; a Site whose remaining
Holders cannot secure it "immediately becomes uncontrolled"). Each single move is
offered, played through the engine, and saved and loaded with the game; so is a
reassignment of several Allies, built one move at a time ("Reassign several Allies")
and played as the turn's one Dictate."""

from __future__ import annotations

import json

import pytest

from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.controllers.person import (
    SEVERAL,
    SEVERAL_LABEL,
    PersonController,
    legal_options,
    reassignment_options,
)
from deckbuilder.engine.game import AUTARCH_PHASE
from deckbuilder.engine.game.actions import Reassign
from deckbuilder.engine.game.flow import turn
from deckbuilder.engine.records.play_record import HUMAN, decode_value, dumps, encode_value, loads
from deckbuilder.engine.records.replay import RecordedGame, replay_steps
from deckbuilder.engine.table.zones import check_conservation
from tests.test_engine_rules import HOLLAND, HUZZAH, SLEW, THOMAS, TOWER, TYRWITH, ids_of, table


def autarch_phase_game():
    """Slew held by Holland and Tyrwith, Roxborough Tower by Thomas Roxborough alone,
    Huzzah Aping in the active area."""
    game = table({"state_sites": [(SLEW, [HOLLAND, TYRWITH]), (TOWER, [THOMAS])],
                  "active": [HUZZAH]})
    game.table.phase = AUTARCH_PHASE
    game.begin_turn(AUTARCH_PHASE, 0)
    return game


def reassignments(game):
    return {o.label: o.value for o in legal_options(game, 0)
            if o.value.kind == "reassign" and o.value is not SEVERAL}


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
    for _ in turn(game, [PersonController(ask)] * len(game.table.autarchs)):
        pass
    realm = game.autarch(0).realm
    assert realm.secured(slew) is None and slew in game.table.circle  # 3 < Resistance 6
    assert tyrwith in realm.secured(ids_of(game, "Roxborough Tower")[0]).holders
    assert game.log[-2].endswith("reassigns Horace Tyrwith to Roxborough Tower.")
    check_conservation(game.table)
    assert reassignments(game) == {}  # the turn's Dictate is used


def test_a_reassignment_is_saved_and_loaded_as_the_same_move():
    game = autarch_phase_game()
    for move in reassignments(game).values():
        data = encode_value("move", move)
        assert decode_value("move", data) == move
    to_reserve = Reassign(((ids_of(game, "Henry Holland")[0], None),))
    assert to_reserve in reassignments(game).values()


# --- several Allies in one reassignment ----------------------------------------------

def builder(script):
    """A person who opens "Reassign several Allies", then answers the reassignment's
    decisions with the labels of ``script`` in order (``None``: Done); passes after."""
    asked = []

    def ask(decision):
        asked.append(decision)
        labels = [o.label for o in decision.options]
        if decision.kind == "move":
            return labels.index(SEVERAL_LABEL) if SEVERAL_LABEL in labels and script else None
        label = script.pop(0) if script else None
        return None if label is None else labels.index(label)

    return ask, asked


@pytest.mark.parametrize("done", [None, "Done: reassign them now"])
def test_several_allies_are_reassigned_as_one_dictate(done):
    """Huzzah Aping from the active area to Slew and Henry Holland from Slew to
    Roxborough Tower, in one reassignment: both Sites stay held. "Done" or the option
    that does the same plays it."""
    game = autarch_phase_game()
    assert reassignments(game)  # singles are still offered, and "several" with them
    labels = [o.label for o in legal_options(game, 0)]
    assert labels.index(SEVERAL_LABEL) > labels.index("Reassign Henry Holland to the Reserve")
    ask, asked = builder(["Reassign Huzzah Aping to Slew",
                          "Reassign Henry Holland to Roxborough Tower", done])
    human = PersonController(ask)
    for _ in turn(game, [human] * len(game.table.autarchs)):
        pass
    (slew,), (tower,) = ids_of(game, "Slew"), ids_of(game, "Roxborough Tower")
    realm = game.autarch(0).realm
    assert sorted(game.name(c) for c in realm.secured(slew).holders) == [
        "Horace Tyrwith", "Huzzah Aping"]
    assert sorted(game.name(c) for c in realm.secured(tower).holders) == [
        "Henry Holland", "Thomas Roxborough"]
    (move,) = [m for _, m in human.moves]
    assert move.kind == "reassign" and len(move.moves) == 2
    assert game.log[-2].endswith("reassigns Huzzah Aping to Slew.")
    assert game.log[-1].endswith("reassigns Henry Holland to Roxborough Tower.")
    assert [d.kind for d in asked] == ["move", "reassign", "reassign", "reassign"]
    assert asked[3].prompt.startswith("Reassign Allies (this turn's Dictate). Planned: "
                                      "Huzzah Aping to Slew, Henry Holland to Roxborough")
    assert reassignments(game) == {}  # the turn's one Dictate is used
    check_conservation(game.table)
    assert decode_value("move", json.loads(json.dumps(encode_value("move", move)))) == move


def test_each_step_offers_only_allies_not_moved_and_sites_still_held():
    """Thomas Roxborough alone holds Roxborough Tower: once he is planned for the
    Reserve, the Tower is lost, so no later move goes there; Thomas is offered no
    second move."""
    game = autarch_phase_game()
    (thomas,) = ids_of(game, "Thomas Roxborough")
    first = {o.label for o in reassignment_options(game, 0, [])}
    assert "Reassign Huzzah Aping to Roxborough Tower" in first
    assert "Cancel this reassignment" in first
    assert not any(label.startswith("Take back") for label in first)
    later = {o.label for o in reassignment_options(game, 0, [(thomas, None)])}
    assert not any("to Roxborough Tower" in label or "Thomas" in label.split(" to ")[0]
                   for label in later if label.startswith("Reassign"))
    assert "Reassign Huzzah Aping to Slew" in later
    assert "Take back the last move (Reassign Thomas Roxborough to the Reserve)" in later
    for option in reassignment_options(game, 0, [(thomas, None)]):
        if option.value not in ("finish", "undo", "cancel"):  # every move offered is one the
            (step,) = option.value.moves  # engine accepts after the plan
            trial = autarch_phase_game()
            trial.reassign(0, [(thomas, None), step])


@pytest.mark.parametrize("finish", ["Cancel this reassignment", None])
def test_cancelled_or_empty_reassignment_leaves_the_dictate_unused(finish):
    """Cancel (after a move and taking it back) or Done with nothing chosen: nothing
    is played and the turn's move is asked again, reassignments still offered."""
    game = autarch_phase_game()
    script = ["Reassign Huzzah Aping to Slew",
              "Take back the last move (Reassign Huzzah Aping to Slew)", finish]
    asked = []

    def ask(decision):
        asked.append(decision)
        if decision.kind == "move":
            moves = [d for d in asked if d.kind == "move"]
            return [o.label for o in decision.options].index(SEVERAL_LABEL) if len(
                moves) == 1 else None
        label = script.pop(0)
        return None if label is None else [o.label for o in decision.options].index(label)

    human = PersonController(ask)
    for _ in turn(game, [human] * len(game.table.autarchs)):
        pass
    assert human.moves == [] and script == []
    second_turn_move = [d for d in asked if d.kind == "move"][1]
    assert any(o.value.kind == "reassign" for o in second_turn_move.options)
    assert SEVERAL_LABEL not in [o.label for o in second_turn_move.options]  # given up
    assert not any("reassigns" in line for line in game.log)


def test_a_game_with_a_reassignment_of_several_allies_is_saved_and_replayed():
    """A person against the quick level (demo decks) who reassigns every time two or
    more Allies can move: each such reassignment is one recorded move, the game
    replays to the same log, and saved after it resumes to the same end."""
    from tests.test_engine_replay_decisions import finish as play_out
    from tests.test_engine_replay_decisions import table as demo_table

    chosen = [0]  # moves chosen in the reassignment being built

    def ask(decision):
        labels = [o.label for o in decision.options]
        if decision.kind == "move":
            chosen[0] = 0
            return labels.index(SEVERAL_LABEL) if SEVERAL_LABEL in labels else (
                0 if labels else None)
        if decision.kind == "reassign":
            moves = [i for i, label in enumerate(labels) if label.startswith("Reassign")]
            if chosen[0] < 2 and moves:
                chosen[0] += 1
                return moves[-1]
        return None

    record = demo_table(2, 3, [HUMAN, "quick"], max_rounds=12)
    whole = play_out(RecordedGame(record, [PersonController(ask), ComputerController()]))
    several = [i for i, c in enumerate(whole.tape.log) if c.kind == "move" and c.seat == 0
               and c.value.kind == "reassign" and len(c.value.moves) > 1]
    assert several
    saved = loads(dumps(whole.record()))
    steps = replay_steps(saved)
    assert [line for s in steps for line in s.lines] == whole.game.log
    halfway = whole.record().with_progress(whole.tape.log[:several[0] + 1], [0, 0], False)
    resumed = play_out(RecordedGame(loads(dumps(halfway)),
                                    [PersonController(ask), ComputerController()]))
    assert resumed.game.log == whole.game.log
