"""The last call for Flashes before a challenge or a contest formally begins.

Rulebook, "Challenge Rival's Ally" and "Challenge Summary" (step 3: every Autarch in
the game may play Flashes one last time once the defenders are named) and "Seizing
Sites and Contests" (after the contesting characters are named and the Paths resolved,
every Autarch, involved or not, has one last chance to play Flashes). Every Autarch
holding a Flash is asked, in turn order, involved or not; a person is offered each
Flash on each legal target; a computer plays by its Flash tactics; the answers are
recorded and replayed (format 3), and games saved by format 2 still replay as then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.controllers.scenarios import Scenario, SeatSetup, build, play_turn, scripted
from deckbuilder.engine.game.decisions import LAST_CALL
from deckbuilder.engine.records.play_record import FORMAT_VERSION, HUMAN, dumps, loads
from deckbuilder.engine.records.replay import RecordedGame, replay_steps
from deckbuilder.engine.rules.last_call import AFTER_DAMAGE, CHALLENGE, CONTEST, LastCall
from deckbuilder.engine.table.zones import SecuredSite, check_conservation
from tests.test_engine_replay import person
from tests.test_engine_replay_decisions import against_computers, finish, reactions, table

GEKS = "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2)"
GAMES = Path(__file__).parent / "fixtures" / "games"


@pytest.fixture(scope="module")
def resolve():
    return Catalogue(load_bundled_records()).resolve


class Noting(PersonController):
    """A person who notes every last call it is asked (seat, action) on ``calls``."""

    def __init__(self, ask, calls):
        super().__init__(ask)
        self.calls = calls

    def choose(self, game, decision):
        if decision.kind == LAST_CALL and (not self.calls or self.calls[-1][1] is not
                                           decision.context or self.calls[-1][0] != decision.seat):
            self.calls.append((decision.seat, decision.context))
        return super().choose(game, decision)


def play_people(sc, resolve, leader=None):
    game = build(sc, resolve)
    if leader is not None:
        game.table.leader = leader
    answer, missing = scripted(sc.script)
    asked, calls = [], []

    def ask(decision):
        asked.append(decision)
        return answer(decision)

    for _ in play_turn(game, seat_table([Noting(ask, calls) for _ in sc.seats])):
        check_conservation(game.table)
    assert missing == []
    return game, asked, calls


def logged(game, line):
    return any(entry.endswith(line) for entry in game.log)


def index_of(game, line):
    return next(i for i, entry in enumerate(game.log) if entry.endswith(line))


def gek_challenge(mike_hand=("Hollow Omen",), stephen_hand=(), cheryl_hand=(),
                  script=()):
    return Scenario("t", "t", "t", (
        SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek"), hand=stephen_hand),
        SeatSetup("Cheryl", active=("Gentle",), hand=cheryl_hand),
        SeatSetup("Mike", hand=mike_hand)), (("move", GEKS), *script), ())


def test_an_autarch_not_involved_plays_a_flash_at_the_last_call_of_a_challenge(resolve):
    """Mike, neither challenging nor defending, plays Hollow Omen (Strength -2) on a
    Gek-A-Gek once the defenders are named: 14 against 7 leaves Gentle alive."""
    sc = gek_challenge(script=(("last_call", "Play the Flash Hollow Omen on Gek-A-Gek (1)"),))
    game, asked, calls = play_people(sc, resolve)
    (decision,) = [d for d in asked if d.kind == "last_call"]
    assert decision.seat == 2 and decision.can_pass
    assert "Play the Flash Hollow Omen on Gek-A-Gek (1)" in [o.label for o in decision.options]
    assert "Last call for Flashes" in decision.prompt
    challenge = index_of(game, "defenders: nothing.")
    assert challenge < index_of(game, "Mike plays the Flash Hollow Omen on Gek-A-Gek.") \
        < index_of(game, "Combat strength 14 against 7: 7 damage, nobody dies.")
    assert [seat for seat, _ in calls] == [2]  # only Mike holds a Flash


def test_passing_at_the_last_call_plays_nothing(resolve):
    game, asked, _ = play_people(gek_challenge(), resolve)
    before = [d for d in asked if d.kind == "last_call" and "after the damage" not in d.prompt]
    assert [d.seat for d in before] == [2]
    assert logged(game, "Combat strength 16 against 7: 9 damage, Gentle killed.")
    assert [game.name(c) for c in game.table.autarchs[2].hand] == ["Hollow Omen"]


@pytest.mark.parametrize("leader", [0, 1, 2])
def test_every_autarch_holding_a_flash_is_asked_once_in_turn_order(resolve, leader):
    """The acting Autarch, the defender and the uninvolved Autarch, from the leader."""
    sc = gek_challenge(stephen_hand=("Hollow Omen",), cheryl_hand=("Hollow Omen",))
    _, _, calls = play_people(sc, resolve, leader=leader)
    calls = [(seat, c) for seat, c in calls if c.action != AFTER_DAMAGE]
    assert [seat for seat, _ in calls] == [(leader + k) % 3 for k in range(3)]
    call = calls[0][1]
    assert call.action == CHALLENGE and (call.acting_seat, call.rival_seat) == (0, 1)
    assert call.involved(0) and call.involved(1) and not call.involved(2)


def test_the_last_call_of_a_contest_comes_after_the_contest_is_named(resolve):
    """The Slew contest ("Seizing Sites and Contests") with a third Autarch holding
    Hollow Omen: it is asked once the contesters are named, before influence is
    totalled; the call names both sides."""
    sc = Scenario("t", "t", "t",
                  (SeatSetup("Brian", active=("Joshua Godolphin", "Huzzah Aping")),
                   SeatSetup("Eric", active=("Henry Holland", "Horace Thyrtwit")),
                   SeatSetup("Mike", hand=("Hollow Omen",))),
                  (("move", "Seize Slew with Henry Holland, Horace Thyrtwit"),
                   ("contest", "Contest with Joshua Godolphin, Huzzah Aping")),
                  (), circle=("Slew",), acting=1)
    game, asked, calls = play_people(sc, resolve, leader=0)
    ((seat, call),) = calls
    assert seat == 2 and call == LastCall(CONTEST, 1, call.acting, 0, call.rival, call.about)
    assert game.name(call.about) == "Slew"
    assert sorted(game.name(c) for c in call.rival) == ["Huzzah Aping", "Joshua Godolphin"]
    assert index_of(game, "contests with Joshua Godolphin, Huzzah Aping.") < len(game.log)
    assert logged(game, "Contest: influence 7 against 9; the seizure fails.")


def test_a_computer_defender_plays_its_flash_at_the_last_call(resolve):
    """The quick level keeps a Strength penalty for a rival's challenge: as the
    defender, it puts Hollow Omen on the strongest challenger after the defenders are
    named; the uninvolved computer keeps its Flash."""
    sc = gek_challenge(cheryl_hand=("Hollow Omen",))
    game = build(sc, resolve)
    answer, _ = scripted(sc.script)
    seats = seat_table([PersonController(answer), ComputerController(), ComputerController()])
    for _ in play_turn(game, seats):
        pass
    assert index_of(game, "defenders: nothing.") < index_of(
        game, "Cheryl plays the Flash Hollow Omen on Gek-A-Gek.")
    assert logged(game, "Combat strength 14 against 7: 7 damage, nobody dies.")
    assert [game.name(c) for c in game.table.autarchs[2].hand] == ["Hollow Omen"]


@pytest.mark.parametrize(("stephen_sites", "mike_plays"), [
    (("Pale Citadel Steps", "Saltmarsh Hermitage"), True),   # Stephen leads: 2 Dominions
    (("Pale Citadel Steps",), False),                        # tied with Mike at 1
])
def test_an_uninvolved_computer_hurts_the_autarch_leading_in_dominions(
        resolve, stephen_sites, mike_plays):
    """"Challenge Summary" (step 3): every Autarch, involved or not, may play Flashes at
    the last call. The quick level not involved spends its Hollow Omen on the strongest
    challenger only when the challenging Autarch controls more Dominions than anyone
    ("Victory"); otherwise it keeps it. Mike controls Glasswind Mesa (Dominion 3)."""
    sc = Scenario("t", "t", "t", (
        SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek")),
        SeatSetup("Cheryl", active=("Gentle",)),
        SeatSetup("Mike", hand=("Hollow Omen",))), (("move", GEKS),), (),
        circle=(*stephen_sites, "Glasswind Mesa"))
    game = build(sc, resolve)
    circle = game.table.circle
    for site in circle[:-1]:
        game.autarch(0).realm.state.append(SecuredSite(site, []))
    game.autarch(2).realm.state.append(SecuredSite(circle[-1], []))
    circle.clear()
    answer, _ = scripted(sc.script)
    seats = seat_table([PersonController(answer), ComputerController(), ComputerController()])
    for _ in play_turn(game, seats):
        check_conservation(game.table)
    assert logged(game, "Mike plays the Flash Hollow Omen on Gek-A-Gek.") is mike_plays
    assert (game.autarch(2).hand == []) is mike_plays


# --- recorded and replayed ------------------------------------------------------------

@pytest.mark.parametrize(("n", "seed"), [(3, 1), (3, 9), (4, 2)])
def test_computer_games_record_the_last_calls_and_replay_them(n, seed):
    game = finish(RecordedGame(table(n, seed), [ComputerController() for _ in range(n)]))
    kinds = [c.kind for c in game.tape.log]
    assert "last_call" in kinds
    record = loads(dumps(game.record()))
    steps = replay_steps(record)
    assert [line for s in steps for line in s.lines] == game.game.log


def _first_last_call(n, seed):
    """The index of the person's first last-call decision in the whole game."""
    asked = []
    ask = person()

    def noting(decision):
        asked.append(decision.kind)
        return ask(decision)

    players = [HUMAN] + ["quick"] * (n - 1)
    finish(RecordedGame(table(n, seed, players),
                        [PersonController(noting), *(ComputerController() for _ in range(n - 1))]))
    return asked.index("last_call")


@pytest.mark.parametrize(("n", "seed"), [(3, 25), (4, 36)])
@pytest.mark.parametrize("after", [0, 1])
def test_a_game_saved_at_a_persons_last_call_resumes_to_the_same_end(n, seed, after):
    """Saved while the person is asked at a last call (after = 1: at the next
    decision): saved before that last call, asked again the same way on resuming."""
    players = [HUMAN] + ["quick"] * (n - 1)
    run = against_computers
    stop = _first_last_call(n, seed) + after
    whole = run(table(n, seed, players), person())
    halfway = run(table(n, seed, players), person(stop_after=stop))
    saved = loads(dumps(halfway.record()))
    assert not saved.over
    resumed = run(saved, person())
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())


def test_the_stored_version_3_game_still_loads_and_replays_to_the_same_table():
    """A game saved in format version 3 (tests/fixtures/games) with last calls, the
    person's Flashes among them: a change that would break users' saved games fails
    here."""
    text = (GAMES / "saved_game_v3.json").read_text(encoding="utf-8").strip()
    expected = json.loads((GAMES / "saved_game_v3.expected.json").read_text(encoding="utf-8"))
    record = loads(text)
    assert json.loads(text)["version"] == 3 and record.v2_choices == 0
    choices = record.choices
    assert reactions(choices) > 0  # Flashes played at last calls
    assert any(c.kind == "last_call" and c.seat == 0 for c in choices)
    assert any(c.kind == "move" and c.seat == 0 and c.value.kind == "play_flash"
               for c in choices)
    steps = replay_steps(record)
    assert [line for s in steps for line in s.lines] == expected["log"]
    assert len(choices) == expected["choices"]
    dumped, stored = json.loads(dumps(record)), json.loads(text)
    assert [c[:2] for c in dumped.pop("choices")] == [c[:2] for c in stored.pop("choices")]
    assert dumped == {**stored, "version": FORMAT_VERSION, "v3_choices": len(choices),
                      "rules": 0}


def test_a_version_2_game_resumes_plays_on_and_replays():
    """The stored format-2 game replays as recorded, then a person and quick computers
    play it on to its end by the engine of format 3."""
    record = loads((GAMES / "saved_game_v2.json").read_text(encoding="utf-8"))
    game = against_computers(record, person())
    assert game.tape.log[:len(record.choices)] == list(record.choices)
    assert game.game.table.over and len(game.tape.log) > len(record.choices)
    again = loads(dumps(game.record()))
    assert again.v2_choices == len(record.choices)
    steps = replay_steps(again)
    assert [line for s in steps for line in s.lines] == game.game.log
