"""Which printed powers the engine executes (issue 12, section 2 "Printed effects as
data"): derived from the engine's own parsers, shown by the CLI, counted in the user
guide (docs/rules-engine.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.checklist.bundled import load_bundled_records
from card_db.records import CardType
from deckbuilder.cli.main import cli
from deckbuilder.engine.powers.maneuvers import effect_note
from deckbuilder.engine.powers.modelled import modelled_powers, not_modelled, summary
from deckbuilder.engine.simulation.sample_decks import make_card

ROOT = Path(__file__).resolve().parents[1]
RECORDS = {r.name: r for r in load_bundled_records()}


def status(name: str, index: int = 0):
    return modelled_powers(RECORDS[name])[index]


# One card per parser the engine uses: if a parser stops recognising its form, the card
# turns "not modelled" and this fails.
@pytest.mark.parametrize(("name", "by"), [
    ("Hierarch Sefwen Ilu", "engine.alliances"),
    ("Gentle", "engine.alliances"),
    ("Candle-Bearer of the Pale Citadel", "engine.influence"),
    ("Blind Cartographer", "engine.influence"),
    ("Sister Ivarre Dusk", "engine.influence"),
    ("Warden of the Unspoken", "engine.challenge"),
    ("Mute Reliquarist", "engine.countering"),
    ("General Rosengarten", "engine.powers"),
    ("Pneuma", "engine.maneuvers"),
    ("Skull-Crack", "engine.maneuvers"),
    ("Swarming Bite", "engine.maneuvers"),
    ("Rite of the Five", "engine.maneuvers"),
    ("Veil of Fortune", "engine.maneuvers"),
    ("Duelist's Cloak", "engine.challenge"),
    ("Silver Tongue", "engine.influence"),
    ("Ember Quarry", "engine.site_traits"),
    ("Lantern Bazaar", "engine.site_traits"),
    ("Drowned Library", "engine.site_traits"),
    ("Pale Citadel Steps", "engine.site_traits"),
    ("Reed Maze", "engine.path_effects"),
    ("Key-Cutter's Lane", "engine.path_effects"),
    ("Sandglass Trail", "engine.path_effects"),
    ("Quarry Rockfall", "engine.path_effects"),
    ("Census of the Dominions", "engine.turn_effects"),
    ("Road of White Dust", "engine.path_effects"),       # Strength until end of round
    ("Bone Stair", "engine.path_effects"),               # a choice by the Path's owner
    ("Market Thieves' Alley", "engine.path_effects"),    # discards at random
    ("Night Omnibus Route", "engine.path_effects"),      # the owner's Ally joins
    ("Summons to the Conclave", "engine.played_effects"),  # a Dictate's draw
    ("Hollow Omen", "engine.played_effects"),            # an instant's "until end of round"
    ("Sudden Clarity", "engine.played_effects"),         # countering with a Flash from hand
    ("Tithe of Blood", "engine.played_effects"),         # "Your Vassals are strength +1"
    ("Pact of the Seal", "engine.played_effects"),       # Resistance from a maneuver
    ("Ritual", "engine.played_effects"),                 # gaining an affiliation
])
def test_each_parser_the_engine_uses_marks_its_form_modelled(name, by):
    s = status(name)
    assert s.modelled, s
    assert s.by.startswith(by)


# Every sentence of the bundled data is modelled now, so the unmodelled forms are
# invented: a form no parser reads, and forms read only on other card types.
UNREAD = "Shuffle your In Ovo into your Destiny."
UNMODELLED = [
    make_card("Unread Omen", CardType.FLASH, powers=UNREAD),
    make_card("Glyph of Delay", CardType.DICTATE, powers="Counters any Flash."),  # a Flash's
    make_card("Pact Misplaced", CardType.DICTATE,
              powers="Target involved Site is Resistance -2 until end of round."),  # a maneuver's
    make_card("Oath Unkept", CardType.DICTATE, permanent=True,
              powers="Acting Ally gains Vassal affiliation."),  # a Dictate has no acting Ally
    make_card("Ward Unheld", CardType.FLASH, powers="Target character cannot challenge."),
    make_card("Travellers Astray", CardType.PATH, powers="Travellers lose their way."),
]


@pytest.mark.parametrize("record", UNMODELLED, ids=lambda r: r.name)
def test_text_no_engine_parser_executes_is_not_modelled(record):
    s = modelled_powers(record)[0]
    assert not s.modelled and s.by


@pytest.mark.parametrize("name", [
    "Feint and Riposte", "Counter-Glyph", "Retreat into Shadow", "Borrowed Time",
    "Call the Brood", "Burn the Sketches", "Emotion: Dread", "Shifting Sands",
    "Tremor in the In Ovo", "Proclamation of Reconciliation", "Take the Oath",
    "Bellringer's Climb", "Aqueduct Undercroft",
])
def test_the_demo_decks_played_cards_are_modelled(name):
    assert all(p.modelled for p in modelled_powers(RECORDS[name])), RECORDS[name].powers


def test_every_bundled_power_is_modelled():
    counts = summary(RECORDS.values())
    assert counts["not_modelled"] == 0 and counts["modelled"] == counts["powers"]


def test_each_sentence_is_judged_on_its_own():
    mixed = make_card("Feint Unread", CardType.COMBAT_MANEUVER,
                      powers=f"Acting Ally is strength +2. {UNREAD}")
    first, second = modelled_powers(mixed)
    assert first.modelled and first.text == "Acting Ally is strength +2."
    assert not second.modelled and second.text == UNREAD
    assert not_modelled(mixed) == [UNREAD]
    assert modelled_powers(RECORDS["Gentle"])[0].kind == "trait"


def test_the_guide_gives_the_counts_on_the_bundled_data():
    counts = summary(RECORDS.values())
    page = (ROOT / "docs" / "rules-engine.md").read_text(encoding="utf-8")
    m = re.search(r"(\d+) powers and traits on (\d+)\s+cards: (\d+) modelled by the engine, "
                  r"(\d+) not modelled", page)
    assert m, "docs/rules-engine.md lost its count of modelled powers"
    assert [int(g) for g in m.groups()] == [counts["powers"], counts["cards"],
                                           counts["modelled"], counts["not_modelled"]]
    assert counts["modelled"] + counts["not_modelled"] == counts["powers"] > 0


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def unread_feint(db):
    """Feint and Riposte corrected, in the test's database, to a text with one sentence
    the engine does not read."""
    run("cards", "correct", "Feint and Riposte", "powers", f"Acting Ally is strength +2. {UNREAD}")


def test_cards_show_json_says_which_powers_are_modelled(db):
    data = json.loads(run("cards", "show", "Feint and Riposte", "--json").stdout)
    assert [p["modelled"] for p in data["power_status"]] == [True, True]
    assert set(data["power_status"][0]) == {"text", "kind", "modelled", "by", "family",
                                            "reads_as", "goldfish"}
    assert all(p["reads_as"] for p in data["power_status"])  # the engine's reading in words
    assert isinstance(data["powers"], str)  # the printed text, as in `cards search --json`
    unread_feint(db)
    data = json.loads(run("cards", "show", "Feint and Riposte", "--json").stdout)
    assert [p["modelled"] for p in data["power_status"]] == [True, False]
    assert data["power_status"][1]["reads_as"] is None  # not played: no reading


def test_cards_show_says_not_modelled_by_the_engine(db):
    unread_feint(db)
    out = run("cards", "show", "Feint and Riposte").stdout
    assert f"not modelled by the engine: {UNREAD}" in out
    assert "not modelled" not in run("cards", "show", "Pneuma").stdout


def test_cards_powers_summary_matches_the_engine_count():
    out = run("cards", "powers", "--summary", "--json").stdout
    assert json.loads(out) == summary(RECORDS.values())
    listing = run("cards", "powers").stdout
    assert "modelled      Bone Stair:" in listing and "modelled      Pneuma:" in listing
    assert "NOT modelled" not in listing


def test_the_game_log_agrees_with_the_modelled_status():
    census = RECORDS["Census of the Dominions"]
    assert modelled_powers(census)[0].modelled
    assert effect_note(census, False).startswith("its turn-effect draws while it stays")
    unread = UNMODELLED[0]
    assert not modelled_powers(unread)[0].modelled
    assert effect_note(unread, False) == "effect not modelled by the engine"
    veil = RECORDS["Veil of Fortune"]
    assert modelled_powers(veil)[0].modelled
    assert effect_note(veil, True).startswith("Strength +1, Magic +1 while it stays in play")
