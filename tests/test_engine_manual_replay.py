"""Saved games with manual adjustments (format version 5, issue 22 section 2): a
person's adjustment for a card whose power the engine does not play is recorded as a
``move`` and replayed; the stored version-5 game (tests/fixtures/games) still loads
and replays to its stored log."""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from pathlib import Path

from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.game.actions import ManualAdjustment
from deckbuilder.engine.records.play_record import FORMAT_VERSION, HUMAN, dumps, loads, new_record
from deckbuilder.engine.records.replay import RecordedGame, replay_steps
from deckbuilder.engine.simulation.sample_decks import generated_deck

GAMES = Path(__file__).parent / "fixtures" / "games"
#: Printed text no parser of the engine reads (so it is "not modelled").
UNPLAYED = "Look at the top three cards of your Destiny and put them back in any order."


class Abandon(Exception):
    """The person stops answering (the game is saved here)."""


def decks():
    """Our generated decks 1 and 2, each Dictate and Flash of deck 1 with
    :data:`UNPLAYED` as its power."""
    mine = [replace(r, powers=UNPLAYED)
            if r.card_type in (CardType.DICTATE, CardType.FLASH) else r
            for r in generated_deck(1)]
    return [mine, generated_deck(2)]


def person(stop_after: int | None = None):
    """A scripted person whose answer depends only on the decision asked (so a resumed
    game is answered as the uninterrupted one): when a manual adjustment may be made,
    one time in three it makes one for the last card offered (a discard of the first
    card in hand, or a draw of 1 with an empty hand: both change the hand, so the
    next decision reads differently); otherwise as ``test_engine_replay.person``.
    Raises Abandon at decision ``stop_after``."""
    asked = []

    def ask(decision):
        if stop_after is not None and len(asked) == stop_after:
            raise Abandon
        asked.append(decision)
        text = decision.prompt + "|" + "|".join(o.label for o in decision.options)
        adjust = decision.adjust
        if adjust is not None:
            text += "|" + "|".join(name for _, name in adjust.hand)
            if zlib.crc32(f"{text}|adjust".encode()) % 3 == 0:
                card = adjust.causes[-1][0]
                if adjust.hand:
                    return ManualAdjustment(card, "discard", 0, adjust.hand[0][0])
                return ManualAdjustment(card, "draw", 1)
        pick = zlib.crc32(text.encode()) % (len(decision.options) + 1)
        return None if pick == len(decision.options) else pick

    return ask


def fresh(max_rounds: int = 30):
    return new_record(decks(), ["You", "Computer"], [HUMAN, "quick"], seed=7,
                      max_rounds=max_rounds)


def run(record, ask):
    game = RecordedGame(record, [PersonController(ask), ComputerController()])
    try:
        for _ in game.play():
            pass
    except Abandon:
        pass
    return game


def test_a_game_with_manual_adjustments_saves_resumes_and_replays_alike():
    whole = run(fresh(), person())
    adjustments = [c for c in whole.tape.log if isinstance(c.value, ManualAdjustment)]
    assert adjustments and all(c.seat == 0 and c.kind == "move" for c in adjustments)
    assert any("Manual adjustment by You for Generated" in line for line in whole.game.log)
    assert any("its power was not applied" in line for line in whole.game.log)
    first = whole.tape.log.index(adjustments[0])
    halfway = run(fresh(), person(stop_after=sum(
        1 for c in whole.tape.log[:first + 1] if c.seat == 0) + 3))
    saved = halfway.record()
    assert any(isinstance(c.value, ManualAdjustment) for c in saved.choices)
    text = dumps(saved)
    assert json.loads(text)["version"] == FORMAT_VERSION == 5
    resumed = run(loads(text), person())
    assert resumed.game.log == whole.game.log
    steps = replay_steps(loads(dumps(whole.record())))
    assert [line for s in steps for line in s.lines] == whole.game.log


def test_the_stored_version_5_game_still_loads_and_replays_to_the_same_log():
    """A game saved in format version 5 with manual adjustments: a change that would
    break users' saved games fails here (never regenerate the fixture to pass)."""
    text = (GAMES / "saved_game_v5.json").read_text(encoding="utf-8").strip()
    expected = json.loads((GAMES / "saved_game_v5.expected.json").read_text(encoding="utf-8"))
    record = loads(text)
    assert json.loads(text)["version"] == 5 and record.rules == 1
    assert sum(isinstance(c.value, ManualAdjustment) for c in record.choices) >= 1
    steps = replay_steps(record)
    assert [line for s in steps for line in s.lines] == expected["log"]
    assert len(record.choices) == expected["choices"]
    assert dumps(record) == text
