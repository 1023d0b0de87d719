"""A power the engine does not play is never silently dropped (issue 22 section 2): the
goldfish and match results say how many of the deck's cards have such powers."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deckbuilder.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
DECK = str(ROOT / "card_db/data/decks/vassal-oethac-strength.txt")
UNREAD = "Shuffle your In Ovo into your Destiny."


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def unread_hooked_chain():
    """Hooked Chain (3 copies in the deck) corrected to a text the engine does not read."""
    assert run("cards", "correct", "Hooked Chain", "powers", UNREAD).exit_code == 0


def test_goldfish_counts_the_cards_whose_powers_are_not_played(db):
    data = json.loads(run("goldfish", DECK, "--games", "20", "--json").stdout)
    assert data["not_modelled"] == {"cards": 0, "names": []}
    assert "Cards with powers the engine does not play: none" in run(
        "goldfish", DECK, "--games", "20").stdout
    unread_hooked_chain()
    data = json.loads(run("goldfish", DECK, "--games", "20", "--json").stdout)
    assert data["not_modelled"] == {"cards": 3, "names": ["Hooked Chain"]}
    out = run("goldfish", DECK, "--games", "20").stdout
    assert "Cards with powers the engine does not play: 3 (Hooked Chain)" in out


def test_match_counts_them_for_each_deck(db):
    unread_hooked_chain()
    other = str(ROOT / "card_db/data/decks/oviate-swarm.txt")
    data = json.loads(run("match", DECK, other, "--games", "2", "--json").stdout)
    assert data["not_modelled"] == {"a": {"cards": 3, "names": ["Hooked Chain"]},
                                    "b": {"cards": 0, "names": []}}
    out = run("match", DECK, other, "--games", "2").stdout
    assert "A: Cards with powers the engine does not play: 3 (Hooked Chain)" in out
    assert "B: Cards with powers the engine does not play: none" in out
