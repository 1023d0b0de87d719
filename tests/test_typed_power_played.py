"""A card imported with a power typed in the power language is played by the engine
(issue 22 "Done when"): imported from a checklist, read by the registry, encoded for the
goldfish cores, played by the full engine's goldfish game; the fast path and the compiled
core agree; and in a game of the Play screen (a person against a computer), the person
is offered it and the engine applies its power."""

from __future__ import annotations

import json

from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder.cli.main import cli
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.order_of_play import play
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


def _import_lamp(tmp_path) -> CliRunner:
    checklist = tmp_path / "lamp.csv"
    checklist.write_text(HEADER + LAMP, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["cards", "import", str(checklist)]).exit_code == 0
    return runner


def test_a_power_typed_in_the_grammar_is_read_and_played(db, tmp_path):
    runner = _import_lamp(tmp_path)
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


def test_in_a_play_game_the_person_plays_the_typed_power_and_the_engine_applies_it(
        db, tmp_path):
    """The Play screen's game: a person (seat 1) against the quick computer (whose deck
    holds no Lamp). Offered
    "Lamp of the Threshold" among its Ally Actions, the person plays it; the engine
    applies "Acting Ally is magic +2" (the log says so; nothing is "not modelled")."""
    _import_lamp(tmp_path)
    lamp = load_catalogue(UserDatabase(db)).resolve("Lamp of the Threshold")
    mine = small_deck([make_character(f"Helper {i}", 1, 2) for i in range(24)],
                      [lamp] * 12, 6).records
    offered = []

    def ask(decision):  # the person: the Lamp whenever it is offered, else the first
        labels = [o.label for o in decision.options]
        lamps = [i for i, label in enumerate(labels) if "Lamp of the Threshold" in label]
        offered.extend(labels[i] for i in lamps)
        return lamps[0] if lamps else (0 if decision.options else None)

    theirs = small_deck([make_character(f"Rival {i}", 1, 2) for i in range(36)], [], 6).records
    game = Game([list(mine), list(theirs)], seed=5, names=["You", "Computer"])
    controllers = seat_table([PersonController(ask), ComputerController()])
    for _ in play(game, controllers, rounds=8):
        pass
    assert offered
    played = [i for i, line in enumerate(game.log) if "performs Lamp of the Threshold" in line]
    assert played
    assert all("Lamp of the Threshold: Magic +2" in game.log[i + 1] for i in played)
    assert not [line for line in game.log if "Lamp" in line and "not modelled" in line]
