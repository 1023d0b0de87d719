"""A card imported with a power typed in the power language is played by the engine
(issue 22 "Done when"): imported from a checklist, read by the registry, encoded for the
goldfish cores, played by the full engine's goldfish game; the fast path and the compiled
core agree."""

from __future__ import annotations

import json

from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder.cli.main import cli
from deckbuilder.engine.simulation.sample_decks import make_character
from deckbuilder.engine.table.rng import game_seeds
from deckbuilder.services.catalogue import load_catalogue
from tests.test_engine_fastcore import same_games
from tests.test_engine_seizure_maneuvers import logged, small_deck
from tests.test_engine_trace import compare

HEADER = ("key,name,type,permanent,dominions,unique,gender,magic,strength,prime,resistance,"
          "affiliations,deck_limit,traits,powers,activation_icon,set,collector_number,rarity,"
          "artist,flavor_text,source,estimated\n")
LAMP = ("lamp-of-the-threshold,Lamp of the Threshold,Ally Action,yes,,no,,,,,,,,,"
        "Acting Ally is magic +2.,,My cards,,,,,user: typed in the power language,\n")


def test_a_power_typed_in_the_grammar_is_read_and_played(db, tmp_path):
    checklist = tmp_path / "lamp.csv"
    checklist.write_text(HEADER + LAMP, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["cards", "import", str(checklist)]).exit_code == 0
    shown = json.loads(runner.invoke(cli, ["cards", "show", "Lamp of the Threshold",
                                           "--json"]).stdout)
    (status,) = shown["power_status"]
    assert status["family"] == "acting_magic" and status["goldfish"]
    assert status["reads_as"].startswith("Magic +2 to the acting Ally")
    lamp = load_catalogue(UserDatabase(db)).resolve("Lamp of the Threshold")
    # Helpers of Magic 2 against Resistance 6: two fall short (4); a Lamp makes it 6.
    deck = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(24)], [lamp] * 12, 6)
    assert deck.powers["ally_action_magic"].count(2) == 12
    seeds = list(game_seeds(7, 0, 20))
    assert len(logged(deck, seeds, 12, "performs Lamp of the Threshold")) > 10
    compare(deck, seeds, 12)  # the fast path plays the same games
    same_games(deck, seeds, 12)  # and so does the compiled core
