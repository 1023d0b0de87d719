"""A saved game replays under the rules it was played under (rules revisions).

Issue 22 (section 3) changed five rules in play; games saved before it (formats 1 to
3) were played under the older readings, so they replay under rules revision 0
(:mod:`deckbuilder.engine.rules.revision`). The fixtures ``rules0_*.json`` were saved
by the app before issue 22 (format 3, quick computers in every seat; see
``tests/fixtures/games/README.md``); in each, one of the five changes matters. Each
must replay to the log that app wrote while playing it, and under the current reading
of its rule the same decisions must not (so these tests can fail).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.records.play_record import (
    PlayRecordError,
    dumps,
    loads,
    new_record,
)
from deckbuilder.engine.records.replay import (
    EndOfRecord,
    RecordedGame,
    ReplayError,
    replay_steps,
)
from deckbuilder.engine.rules.revision import BEFORE_ISSUE_22, CURRENT, RulesRevision
from tests.test_engine_rule_gaps import (
    BRUTE,
    CLARITY,
    FRAIL_ONE,
    HOLLAND,
    IRON_SKIN,
    SARTORI,
    YZORDDERREX,
    one,
    table,
)

GAMES = Path(__file__).parent / "fixtures" / "games"
#: fixture -> the flag of :class:`RulesRevision` whose change it shows
FIXTURES = {
    "rules0_turn_effects": "beginning_effects_in_coming_of_order",
    "rules0_maestro_alone": "maestro_with_companions",
    "rules0_one_action": "one_action_per_ally",
    "rules0_versus_strength": "versus_raises_strength",
    "rules0_last_autarch": "last_autarch_wins",
}
#: Flags of decisions first recorded by format 4: an older game's replay does not ask
#: them (``v3_choices``), whatever the flag; tested on tables positioned by hand.
NEW_QUESTIONS = {"flashes_after_damage", "counters_countered"}


def stored(name: str):
    text = (GAMES / f"{name}.json").read_text(encoding="utf-8")
    expected = json.loads((GAMES / f"{name}.expected.json").read_text(encoding="utf-8"))
    return text, expected


def replayed(record, rules: RulesRevision | None = None) -> list[str] | None:
    """The log ``record`` replays to (under ``rules`` if given), or ``None`` if it
    does not replay (a recorded move refused, another decision asked)."""
    recorded = RecordedGame(record)
    if rules is not None:
        recorded.game.rules = rules
    lines: list[str] = []
    try:
        for step in recorded.play():
            lines += step.lines
    except EndOfRecord:
        pass
    except ReplayError:
        return None
    return lines


def test_every_flag_has_its_fixture():
    flags = {f for f in RulesRevision.__slots__ if f != "number"}
    assert flags == set(FIXTURES.values()) | NEW_QUESTIONS
    assert all(getattr(CURRENT, f) for f in flags) and not any(
        getattr(BEFORE_ISSUE_22, f) for f in flags)


@pytest.mark.parametrize("name", FIXTURES)
def test_a_game_saved_before_issue_22_replays_to_the_log_it_was_played_with(name):
    text, expected = stored(name)
    assert json.loads(text)["version"] == 3 and "rules" not in json.loads(text)
    record = loads(text)
    assert record.rules == BEFORE_ISSUE_22.number
    assert len(record.choices) == expected["choices"]
    assert [line for s in replay_steps(record) for line in s.lines] == expected["log"]


@pytest.mark.parametrize(("name", "flag"), FIXTURES.items())
def test_under_the_current_reading_of_its_rule_the_same_decisions_diverge(name, flag):
    text, expected = stored(name)
    record = loads(text)
    assert replayed(record, BEFORE_ISSUE_22) == expected["log"]
    assert replayed(record, replace(BEFORE_ISSUE_22, **{flag: True})) != expected["log"]
    assert replayed(replace(record, rules=CURRENT.number)) != expected["log"]


def test_a_resumed_old_game_keeps_its_rules_and_saves_them():
    """Resumed half-way with computers, a revision-0 game goes on under revision 0; its
    new save (format 4) says so and replays to the resumed game's log."""
    text, _ = stored("rules0_one_action")
    record = loads(text)
    n = len(record.choices) // 2  # as if the old app had saved it there
    half = replace(record, choices=record.choices[:n], over=False, v3_choices=n)
    resumed = RecordedGame(half, [ComputerController() for _ in record.seats])
    for _ in resumed.play():
        pass
    assert resumed.game.rules is BEFORE_ISSUE_22
    saved = resumed.record()
    data = json.loads(dumps(saved))
    assert data["rules"] == 0 and len(saved.choices) > len(half.choices)
    again = loads(dumps(saved))
    assert again.rules == 0
    assert replayed(again) == resumed.game.log


def test_new_games_are_played_under_the_current_rules():
    text, _ = stored("rules0_turn_effects")
    old = loads(text)
    record = new_record(old.decks, old.names, ["quick"] * len(old.seats), seed=3)
    assert record.rules == CURRENT.number and json.loads(dumps(record))["rules"] == 1
    assert RecordedGame(record).game.rules is CURRENT
    assert Game(old.decks, seed=3).rules is CURRENT


def test_a_format_4_game_without_rules_was_played_under_revision_1():
    data = json.loads((GAMES / "saved_game_v4.json").read_text(encoding="utf-8"))
    assert "rules" not in data and loads(json.dumps(data)).rules == 1
    assert loads(json.dumps({**data, "rules": 0})).rules == 0


@pytest.mark.parametrize("rules", [2, -1, "1", True, None])
def test_a_rules_revision_this_app_does_not_know_is_refused(rules):
    data = json.loads((GAMES / "saved_game_v4.json").read_text(encoding="utf-8"))
    with pytest.raises(PlayRecordError, match="rules revision"):
        loads(json.dumps({**data, "rules": rules}))


# -- each flag on a table positioned by hand -----------------------------------------------
def test_revision_0_maestro_waiver_only_by_itself():
    """"Affiliations: Maestro" read before issue 22: Sartori (Magic 6) and Holland
    (Magic 3) do not secure Big Keep (Resistance 10) together; revision 1 does."""
    from deckbuilder.engine.simulation.sample_decks import make_site

    def seize(rules):
        game = table({"active": [SARTORI, HOLLAND], "circle": [YZORDDERREX, make_site(
            "Big Keep", (2,), 10)]})
        game.rules = rules
        game.begin_turn(ALLY_PHASE, 0)
        allies = [one(game, "Sartori"), one(game, "Henry Holland")]
        return game.seize(0, one(game, "Big Keep"), allies).secured

    assert not seize(BEFORE_ISSUE_22)
    assert seize(CURRENT)


def test_revision_0_one_ally_may_act_again_once_unpivoted():
    """Before issue 22 an Ally unpivoted after its action could retreat in the same
    turn; revision 1 refuses it (ruling one-action-per-turn)."""
    from deckbuilder.engine.rules.errors import RuleError

    def retreat_twice(rules):
        game = table({"active": [HOLLAND, SARTORI]})
        game.rules = rules
        game.begin_turn(ALLY_PHASE, 0)
        holland = one(game, "Henry Holland")
        game.retreat(0, holland)
        realm = game.autarch(0).realm
        realm.reserve.remove(holland)
        realm.active.append(holland)
        game.table.pivoted.discard(holland)  # as "Unpivot target Ally" would
        game.retreat(0, holland)
        return holland in realm.reserve

    assert retreat_twice(BEFORE_ISSUE_22)
    with pytest.raises(RuleError, match="one action"):
        retreat_twice(CURRENT)


def test_revision_0_beginning_of_turn_effects_after_the_draws():
    """Before issue 22 "at the beginning of a turn" effects came at the Autarch's
    Autarch-phase turn, after the two draws; in revision 1 in the Coming of Order."""
    from card_db.records import CardType
    from deckbuilder.engine.simulation.sample_decks import make_card

    census = make_card("Census", CardType.DICTATE, permanent=True,
                       powers="At the beginning of a turn, draw 1 card.")

    def phases(rules):
        game = table({"hand": [census]}, phase=AUTARCH_PHASE)
        game.rules = rules
        a = game.autarch(0)
        a.hand.remove(one(game, "Census"))
        a.effects.append(one(game, "Census"))
        game.coming_of_order()
        game.begin_turn(AUTARCH_PHASE, 0)
        return [line.split(":")[0].split(",")[1].strip() for line in game.log
                if "at the beginning of a turn" in line]

    assert phases(BEFORE_ISSUE_22) == ["Autarch Phase"]
    assert phases(CURRENT) == ["Coming of Order"]


def test_revision_0_asks_no_flashes_after_the_damage():
    """Before issue 22 the dead were discarded with no Flashes after the damage: 9
    against 2 kills the Frail One, and no "after damage" last call is asked."""
    def challenge(rules):
        game = table({"active": [BRUTE]}, {"active": [FRAIL_ONE], "hand": [IRON_SKIN]})
        game.rules = rules
        calls = []
        game.begin_turn(ALLY_PHASE, 0)
        frail = one(game, "Frail One")
        game.challenge(0, [one(game, "Brute")], frail,
                       last_call=lambda g, seat, call: calls.append(call.action))
        return calls, frail in game.autarch(1).in_ovo

    assert challenge(BEFORE_ISSUE_22) == (["challenge"], True)
    assert challenge(CURRENT) == (["challenge", "after damage"], True)


def test_revision_0_offers_no_counter_to_a_counter():
    """Before issue 22 a Flash played to counter was not itself offered for
    countering: Sudden Clarity counters Iron Skin, and nobody is asked again."""
    def play(rules):
        game = table({"active": [HOLLAND], "hand": [IRON_SKIN, CLARITY]},
                     {"hand": [CLARITY]}, phase=AUTARCH_PHASE)
        game.rules = rules
        theirs = game.autarch(1).hand[0]
        asked = []

        def counter(g, card, target):
            asked.append(g.name(card))
            return (1, theirs) if len(asked) == 1 else None

        game.begin_turn(AUTARCH_PHASE, 0)
        resolved = game.play_flash(0, one(game, "Iron Skin"), one(game, "Henry Holland"),
                                   counter_provider=counter)
        return asked, resolved

    assert play(BEFORE_ISSUE_22) == (["Iron Skin"], False)
    assert play(CURRENT) == (["Iron Skin", "Sudden Clarity"], False)
