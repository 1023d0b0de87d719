"""The rulebook's worked examples, set up as table positions and played through the
moves a person is offered (:mod:`deckbuilder.engine.controllers.person`)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from deckbuilder.cli.main import cli
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.person import PersonController, legal_moves
from deckbuilder.engine.controllers.quick_tactics import assign_damage
from deckbuilder.engine.controllers.scenarios import (
    SCENARIOS,
    Scenario,
    SeatSetup,
    build,
    play_turn,
    scenario,
    scripted,
)
from deckbuilder.engine.game.actions import Seize
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.rules.challenge import Combatant, default_assignment
from deckbuilder.engine.table.zones import check_conservation


@pytest.fixture(scope="module")
def resolve():
    return Catalogue(load_bundled_records()).resolve


def play_as_the_rulebook(key, resolve):
    sc = scenario(key)
    game = build(sc, resolve)
    ask, missing = scripted(sc.script)
    controllers = seat_table([PersonController(ask) for _ in sc.seats])
    for _ in play_turn(game, controllers):
        check_conservation(game.table)
    assert missing == []
    for line in sc.expect:
        assert any(logged.endswith(line) for logged in game.log), (line, game.log)
    return game


def ids(game, seat, name):
    s = game.table
    return [c for c in range(len(s.cards)) if s.owners[c] == seat and s.cards[c].name == name]


def test_two_gek_a_geks_kill_gentle_when_nobody_defends(resolve):
    game = play_as_the_rulebook("gek-a-gek", resolve)
    cheryl = game.table.autarchs[1]
    assert [game.name(c) for c in cheryl.in_ovo] == ["Gentle"]
    assert [game.name(c) for c in cheryl.realm.active] == ["Irish"]
    assert set(ids(game, 0, "Gek-A-Gek")) <= game.table.pivoted


def test_irish_defends_and_nobody_dies(resolve):
    game = play_as_the_rulebook("gek-a-gek-irish", resolve)
    s = game.table
    (gentle,), (irish,) = ids(game, 1, "Gentle"), ids(game, 1, "Irish")
    assert s.autarchs[1].realm.active == [gentle, irish] and s.autarchs[1].in_ovo == []
    assert set(ids(game, 0, "Gek-A-Gek")) | {gentle} <= s.pivoted
    assert irish not in s.pivoted


def test_brian_contests_slew_and_the_seizure_fails(resolve):
    game = play_as_the_rulebook("slew", resolve)
    s = game.table
    (slew,) = ids(game, 0, "Slew")
    assert s.circle == [slew] and s.autarchs[0].realm.state == []
    everyone = s.autarchs[0].realm.active + s.autarchs[1].realm.active
    assert len(everyone) == 4 and set(everyone) <= s.pivoted


def test_pneuma_makes_sartori_13(resolve):
    game = play_as_the_rulebook("sartori-pneuma", resolve)
    s = game.table
    assert [game.name(c) for c in s.autarchs[0].in_ovo] == ["Pneuma"]
    assert [game.name(c) for c in s.autarchs[1].in_ovo] == ["Irish"]


def test_without_pneuma_sartori_kills_nobody(resolve):
    game = build(scenario("sartori-pneuma"), resolve)
    ask, missing = scripted([("move", "Challenge Irish with Sartori")])
    for _ in play_turn(game, seat_table([PersonController(ask) for _ in range(2)])):
        pass
    assert missing == []
    assert any(line.endswith("Combat strength 7 against 6: 1 damage, nobody dies.")
               for line in game.log)


def test_every_scenario_offers_the_rulebook_move_and_no_illegal_one(resolve):
    for sc in SCENARIOS.values():
        game = build(sc, resolve)
        labels = [m for m in legal_moves(game, sc.acting)]
        assert labels, sc.key
        check_conservation(game.table)


def test_a_quick_computer_defends_gentle_with_irish(resolve):
    """The quick level defends as Cheryl does: with Irish nobody dies."""
    game = build(scenario("gek-a-gek-irish"), resolve)
    ask, missing = scripted([scenario("gek-a-gek-irish").script[0]])
    controllers = seat_table([PersonController(ask), ComputerController()])
    for _ in play_turn(game, controllers):
        pass
    assert missing == [] and controllers[1].illegal == []
    assert any(line.endswith("defenders: Irish.") for line in game.log)
    assert game.table.autarchs[1].in_ovo == []


def test_a_quick_computer_as_victor_kills_what_is_worth_most(resolve):
    """Damage assignment: 9 damage against Irish (the target, Strength 6) and Gentle
    (Strength 7) kills one of them; the computer kills Gentle, a Maestro, worth more,
    where the engine's default would kill the target."""
    game = build(scenario("gek-a-gek"), resolve)
    (gentle,), (irish,) = ids(game, 1, "Gentle"), ids(game, 1, "Irish")
    view = PublicView(game, 0)
    assert assign_damage(view, 9, [irish, gentle]) == {gentle: 8}
    assert assign_damage(view, 7, [irish, gentle]) == {irish: 7}
    assert assign_damage(view, 6, [irish, gentle]) == {}
    losers = [Combatant(c, game.record(c)) for c in (irish, gentle)]
    assert default_assignment(9, losers, irish) == {irish: 7}


def test_unknown_scenario_names_the_known_ones():
    with pytest.raises(KeyError, match="gek-a-gek"):
        scenario("no such example")


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_lists_and_plays_scenarios():
    listed = run("scenario")
    assert listed.exit_code == 0 and "slew" in listed.stdout
    played = run("scenario", "slew", "--json")
    assert played.exit_code == 0, played.output
    data = json.loads(played.stdout)
    assert data["scenario"] == "slew" and data["matches_rulebook"] is True
    assert any("influence 7 against 9" in line for line in data["log"])
    assert run("scenario", "nothing").exit_code == 2


def play_against_computer(sc, resolve, computer_seat, leader=None):
    """Play ``sc``: the scripted person acts, a quick computer sits at ``computer_seat``."""
    game = build(sc, resolve)
    if leader is not None:
        game.table.leader = leader
    ask, missing = scripted(sc.script)
    controllers = seat_table([ComputerController() if k == computer_seat else PersonController(ask)
                              for k in range(len(sc.seats))])
    for _ in play_turn(game, controllers):
        check_conservation(game.table)
    assert missing == [] and controllers[computer_seat].illegal == []
    return game


def logged(game, line):
    return any(entry.endswith(line) for entry in game.log)


def test_a_computer_defends_with_a_combat_maneuver_on_a_rivals_turn(resolve):
    """Gentle alone against two Gek-A-Geks would take 9 damage; the computer plays
    Pneuma from her (16 against 13, 3 damage) and she lives."""
    sc = Scenario("t", "t", "t", (SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek")),
                                  SeatSetup("Cheryl", active=("Gentle",), hand=("Pneuma",))),
                  (("move", "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2)"),), ())
    game = play_against_computer(sc, resolve, 1)
    assert logged(game, "Gentle plays Pneuma (+6).")
    assert logged(game, "Combat strength 16 against 13: 3 damage, nobody dies.")
    assert [game.name(c) for c in game.table.autarchs[1].in_ovo] == ["Pneuma"]


def test_a_computer_plays_a_flash_at_a_rivals_challenge(resolve):
    """The last call for Flashes: a Strength penalty on the strongest challenger."""
    sc = Scenario("t", "t", "t", (SeatSetup("Stephen", active=("Gek-A-Gek", "Irish")),
                                  SeatSetup("Cheryl", active=("Gentle",),
                                            hand=("Hollow Omen",))),
                  (("move", "Challenge Gentle with Gek-A-Gek, Irish"),), ())
    game = play_against_computer(sc, resolve, 1)
    assert logged(game, "Cheryl plays the Flash Hollow Omen on Gek-A-Gek.")
    assert [game.name(c) for c in game.table.autarchs[1].in_ovo] == ["Hollow Omen"]


def test_a_computer_contests_with_an_influence_maneuver(resolve):
    """Huzzah Aping (Magic 6) alone cannot stop Eric's 7 on Slew; with Whispered Word
    of Power (+3) she can: 7 against 9, the seizure fails."""
    sc = Scenario("t", "t", "t",
                  (SeatSetup("Brian", active=("Huzzah Aping",),
                             hand=("Whispered Word of Power",)),
                   SeatSetup("Eric", active=("Henry Holland", "Horace Thyrtwit"))),
                  (("move", "Seize Slew with Henry Holland, Horace Thyrtwit"),), (),
                  circle=("Slew",), acting=1)
    # Brian leads the round, so his Ally turn is over: contesting costs him nothing.
    game = play_against_computer(sc, resolve, 0, leader=0)
    assert logged(game, "Brian contests with Huzzah Aping.")
    assert logged(game, "Huzzah Aping plays Whispered Word of Power (+3).")
    assert logged(game, "Contest: influence 7 against 9; the seizure fails.")


def test_a_maneuver_named_for_an_ally_a_path_pivots_stays_in_hand(resolve):
    """Sandglass Trail pivots involved characters of Prime 2 or less: Nathaniel
    Godolphin leaves the seizure, so the Whispered Word of Power named for him is not
    played (it stays in hand) and the seizure goes on without him."""
    sc = Scenario("t", "t", "t",
                  (SeatSetup("Eric", active=("Henry Holland", "Nathaniel Godolphin"),
                             hand=("Whispered Word of Power",)),
                   SeatSetup("Brian", hand=("Sandglass Trail",))),
                  (), (), circle=("Slew",))
    game = build(sc, resolve)
    s = game.table
    (trail,) = s.autarchs[1].hand
    (slew,) = s.circle
    s.autarchs[1].hand.remove(trail)
    s.paths[slew] = [trail]
    (henry,), (nathaniel,) = ids(game, 0, "Henry Holland"), ids(game, 0, "Nathaniel Godolphin")
    (word,) = s.autarchs[0].hand
    eric = seat_table([ComputerController(), ComputerController()])[0]
    assert eric.play_move(game, 0, Seize(slew, (henry, nathaniel), ((nathaniel, (word,)),)))
    assert eric.illegal == [] and s.autarchs[0].hand == [word]
    assert logged(game, "Nathaniel Godolphin is pivoted by Sandglass Trail and leaves the seizure.")
    assert logged(game, "Slew is not secured (influence 3 against Resistance 6); it stays in the"
                        " Circle.")
    check_conservation(s)
