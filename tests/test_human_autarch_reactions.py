"""A person is asked which maneuvers to play when contesting a rival's seizure
(rulebook "Seizing Sites and Contests": the contesting Autarch may play influence
maneuvers) or defending in a rival's challenge ("Challenge Summary": the involved
Autarchs play combat maneuvers), and, as a challenge's victor, how to assign the
damage ("Challenge Summary": the victor assigns the damage among the losing side).
Only options the engine accepts are offered; the chosen one is played; a person's
answers are saved with the game and replayed."""

from __future__ import annotations

import zlib

import pytest

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.person import Decision, PersonController, maneuver_options
from deckbuilder.engine.controllers.scenarios import Scenario, SeatSetup, build, play_turn, scripted
from deckbuilder.engine.records.play_record import HUMAN, dumps, loads
from deckbuilder.engine.records.replay import RecordedGame
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.table.zones import check_conservation
from tests.test_engine_replay import Abandon
from tests.test_engine_replay_decisions import finish, table


@pytest.fixture(scope="module")
def resolve():
    return Catalogue(load_bundled_records()).resolve


def play_people(sc, resolve, leader=None):
    """Play ``sc`` with a person at every seat answering as its script says; returns
    the game and every decision asked."""
    game = build(sc, resolve)
    if leader is not None:
        game.table.leader = leader
    answer, missing = scripted(sc.script)
    asked: list[Decision] = []

    def ask(decision):
        asked.append(decision)
        return answer(decision)

    for _ in play_turn(game, seat_table([PersonController(ask) for _ in sc.seats])):
        check_conservation(game.table)
    assert missing == []
    return game, asked


def logged(game, line):
    return any(entry.endswith(line) for entry in game.log)


def offered(asked, kind):
    (decision,) = [d for d in asked if d.kind == kind]
    return decision


def names(game, cards):
    return [game.name(c) for c in cards]


def test_a_person_defends_with_a_combat_maneuver(resolve):
    """Gentle alone against two Gek-A-Geks would take 9 damage; Cheryl plays Pneuma
    from her: 16 against 13, 3 damage, she lives."""
    sc = Scenario("t", "t", "t", (SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek")),
                                  SeatSetup("Cheryl", active=("Gentle",), hand=("Pneuma",))),
                  (("move", "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2)"),
                   ("defend_maneuvers", "Play Pneuma from Gentle")), ())
    game, asked = play_people(sc, resolve)
    decision = offered(asked, "defend_maneuvers")
    assert decision.seat == 1 and decision.can_pass
    assert [o.label for o in decision.options] == ["Play Pneuma from Gentle"]
    for option in decision.options:  # the engine's own check accepts every one
        game_copy = build(sc, resolve)
        plan = dict(option.value.plan)
        assert all(game_copy.record(c).card_type is CardType.COMBAT_MANEUVER
                   for cs in plan.values() for c in cs)
    assert logged(game, "Gentle plays Pneuma (+6).")
    assert logged(game, "Combat strength 16 against 13: 3 damage, nobody dies.")
    assert names(game, game.table.autarchs[1].in_ovo) == ["Pneuma"]


def test_a_person_who_passes_plays_no_maneuver(resolve):
    sc = Scenario("t", "t", "t", (SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek")),
                                  SeatSetup("Cheryl", active=("Gentle",), hand=("Pneuma",))),
                  (("move", "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2)"),), ())
    game, asked = play_people(sc, resolve)
    assert offered(asked, "defend_maneuvers").options
    assert logged(game, "Combat strength 16 against 7: 9 damage, Gentle killed.")
    assert names(game, game.table.autarchs[1].hand) == ["Pneuma"]


def test_a_person_contests_with_an_influence_maneuver(resolve):
    """Huzzah Aping (Magic 6) alone cannot stop Eric's 7 on Slew; with Whispered Word
    of Power (+3) she can: 7 against 9, the seizure fails."""
    sc = Scenario("t", "t", "t",
                  (SeatSetup("Brian", active=("Huzzah Aping",),
                             hand=("Whispered Word of Power", "Pneuma")),
                   SeatSetup("Eric", active=("Henry Holland", "Horace Thyrtwit"))),
                  (("move", "Seize Slew with Henry Holland, Horace Thyrtwit"),
                   ("contest", "Contest with Huzzah Aping"),
                   ("contest_maneuvers", "Play Whispered Word of Power from Huzzah Aping")),
                  (), circle=("Slew",), acting=1)
    game, asked = play_people(sc, resolve, leader=0)
    decision = offered(asked, "contest_maneuvers")
    # the combat maneuver Pneuma is not offered in a contest
    assert [o.label for o in decision.options] == [
        "Play Whispered Word of Power from Huzzah Aping"]
    assert logged(game, "Huzzah Aping plays Whispered Word of Power (+3).")
    assert logged(game, "Contest: influence 7 against 9; the seizure fails.")


def test_a_maneuver_the_engine_refuses_is_not_offered(resolve):
    """Every offered plan passes the engine's check of played maneuvers; a maneuver
    that may not be played from any involved character is left out."""
    sc = Scenario("t", "t", "t", (SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek")),
                                  SeatSetup("Cheryl", active=("Gentle", "Irish"),
                                            hand=("Pneuma",))),
                  (("move", "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2)"),
                   ("defend", "Defend with Irish")), ())
    game = build(sc, resolve)
    (gentle,), (irish,) = ([c for c in game.autarch(1).realm.active if game.name(c) == n]
                           for n in ("Gentle", "Irish"))
    options = maneuver_options(game, 1, [gentle, irish], CardType.COMBAT_MANEUVER)
    assert options
    for option in options:
        game.check_maneuvers(1, [gentle, irish], dict(option.value.plan),
                            CardType.COMBAT_MANEUVER)
    (pneuma,) = game.autarch(1).hand
    with pytest.raises(RuleError):  # the engine's rule the options follow
        game.check_maneuvers(1, [gentle], {gentle: (pneuma, pneuma)},
                              CardType.COMBAT_MANEUVER)
    assert maneuver_options(game, 1, [gentle, irish], CardType.INFLUENCE_MANEUVER) == []


def test_the_victor_assigns_the_damage_to_a_defender(resolve):
    """Three Gek-A-Geks (24) against Gentle and Irish (13): 11 damage. The default kills
    the target Gentle; Stephen deals it all to Irish instead, and Gentle lives."""
    sc = Scenario("t", "t", "t",
                  (SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek", "Gek-A-Gek")),
                   SeatSetup("Cheryl", active=("Gentle", "Irish"))),
                  (("move", "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2), "
                    "Gek-A-Gek (3)"),
                   ("defend", "Defend with Irish")), ())
    game, asked = play_people(sc, resolve)
    decision = offered(asked, "assign_damage")
    assert decision.seat == 0
    damage = int(decision.prompt.split("assign ")[1].split()[0])
    values = [o.value.damage for o in decision.options]
    assert values[0] is None  # the engine's default
    for value in map(dict, values[1:]):  # each legal: at most the damage, to losers
        assert sum(value.values()) <= damage
        assert {game.name(c) for c in value} <= {"Gentle", "Irish"}
    labels = [o.label for o in decision.options]
    assert f"Deal {damage} damage to Irish" in labels and f"Deal {damage} damage to Gentle" \
        in labels
    assert logged(game, "Gentle killed.")  # passed: the engine's default

    sc2 = Scenario("t", "t", "t", sc.seats,
                   (*sc.script, ("assign_damage", f"Deal {damage} damage to Irish")), ())
    game, _ = play_people(sc2, resolve)
    assert logged(game, "Irish killed.")
    assert names(game, game.table.autarchs[1].in_ovo) == ["Irish"]
    assert names(game, game.table.autarchs[1].realm.active) == ["Gentle"]


def maneuvering_person(stop_after: int | None = None):
    """A person who plays the first maneuver offered when contesting or defending and
    otherwise answers as :func:`tests.test_engine_replay.person` does; raises Abandon
    at decision ``stop_after``. ``played`` counts the maneuvers chosen."""
    asked: list[Decision] = []
    played: list[int] = []

    def ask(decision):
        if stop_after is not None and len(asked) == stop_after:
            raise Abandon
        asked.append(decision)
        if decision.kind in ("contest_maneuvers", "defend_maneuvers"):
            played.append(len(asked))
            return 0
        text = decision.prompt + "|" + "|".join(o.label for o in decision.options)
        pick = zlib.crc32(text.encode()) % (len(decision.options) + 1)
        return None if pick == len(decision.options) else pick

    return ask, played


def run(record, ask):
    game = RecordedGame(record, [PersonController(ask), ComputerController()])
    try:
        finish(game)
    except Abandon:
        pass
    return game


# Seeds in which the person (seat 0) is asked to play a maneuver when defending.
@pytest.mark.parametrize("seed", [1, 4])
def test_a_persons_maneuvers_are_saved_and_replayed(seed):
    """A person against a quick computer plays a combat maneuver when defending; the
    game saved just after that answer and resumed ends as the uninterrupted one."""
    ask, played = maneuvering_person()
    whole = run(table(2, seed, [HUMAN, "quick"]), ask)
    assert played
    answers = [c for c in whole.tape.log if c.seat == 0 and c.kind == "defend_maneuvers"]
    assert any(c.value.plan for c in answers)  # a maneuver was played and recorded
    ask, _ = maneuvering_person(stop_after=played[0])  # saved just after the first
    halfway = run(table(2, seed, [HUMAN, "quick"]), ask)
    saved = halfway.record()
    assert not saved.over
    assert any(c.seat == 0 and c.kind == "defend_maneuvers" and c.value.plan
               for c in saved.choices)
    ask, _ = maneuvering_person()
    resumed = run(loads(dumps(saved)), ask)
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())
