"""The completeness report of a copy, against the games' data files (pure Python)."""

from __future__ import annotations

import pytest

from card_db.errors import UserError
from card_db.games import bundled_games
from deckbuilder.shelf.inventory import InventoryError, check_copy, complete_counts

GAMES = {g.name: g for g in bundled_games()}
MYSTIC_WAR = GAMES["Mystic War"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_complete_copy_is_complete_and_playable(name):
    game = GAMES[name]
    report = check_copy(game, complete_counts(game))
    assert report.complete and report.playable and not report.missing
    assert report.uncounted == () and report.broken_rules == ()
    assert report.players_supported == game.players.max
    assert all(g.missing == 0 for g in report.groups)


def test_mystic_war_without_the_white_judgment_and_two_disks():
    counts = complete_counts(MYSTIC_WAR)
    counts["Judgment (white-backed)"] = 0
    counts["Resource disk (yellow)"] -= 2
    report = check_copy(MYSTIC_WAR, counts)
    assert not report.complete and not report.playable
    assert [(c.name, c.expected, c.found) for c in report.missing] == [
        ("Resource disk (yellow)", 24, 22), ("Judgment (white-backed)", 1, 0)]
    assert report.as_dict(copy=1) == {
        "game": "Mystic War", "copy": 1, "complete": False, "playable": False,
        "missing": [
            {"name": "Resource disk (yellow)", "group": ["Resource disks"], "expected": 24,
             "found": 22},
            {"name": "Judgment (white-backed)", "group": ["Action cards", "EVENT", "Judgment"],
             "expected": 1, "found": 0},
        ]}
    (broken,) = report.broken_rules
    assert broken.rule == "3.0 Set Up"
    assert broken.describe() == "3.0 Set Up: needs 1 Judgment (white-backed), found 0"
    groups = {g.path: (g.expected, g.found) for g in report.groups}
    assert groups[("Resource disks",)] == (56, 54)
    assert groups[("Action cards",)] == (82, 81)
    assert groups[("Action cards", "EVENT", "Judgment")] == (3, 2)


def test_two_missing_disks_still_seat_seven_players():
    counts = complete_counts(MYSTIC_WAR)
    counts["Resource disk (yellow)"] = 22  # 3 yellow a player: 7 full sets
    report = check_copy(MYSTIC_WAR, counts)
    assert report.playable and not report.complete
    assert report.players_supported == 7


def test_one_of_the_other_judgments_missing_is_incomplete_but_playable():
    counts = complete_counts(MYSTIC_WAR)
    counts["Judgment"] = 1
    report = check_copy(MYSTIC_WAR, counts)
    assert report.playable and [c.name for c in report.missing] == ["Judgment"]


def test_too_few_realm_mats_for_three_players_breaks_the_set_up_rule():
    counts = complete_counts(MYSTIC_WAR)
    counts["Realm mat"] = 2
    report = check_copy(MYSTIC_WAR, counts)
    (broken,) = report.broken_rules
    assert (broken.rule, broken.needed, broken.found) == ("3.0 Set Up", 3, 2)
    assert report.players_supported == 0 and not report.playable


def test_imperial_twing_without_a_character_seats_three():
    game = GAMES["Imperial Twing"]
    counts = complete_counts(game)
    counts["Witch"] = 0
    report = check_copy(game, counts)
    assert report.playable and report.players_supported == 3
    assert [c.name for c in report.missing] == ["Witch"]


def test_chimera_expects_the_56_listed_fragments():
    game = GAMES["Imaginarium: Chimera"]
    counts = complete_counts(game)
    counts["Nightmare"] = 6
    counts["Dream track"] = 0
    report = check_copy(game, counts)
    groups = {g.path: (g.expected, g.found) for g in report.groups}
    assert groups[("Dream fragment tokens",)] == (56, 54)
    assert [c.rule for c in report.broken_rules] == ["GAME SETUP"]


def test_surplus_and_damage_are_reported_without_hiding_a_missing_piece():
    counts = complete_counts(MYSTIC_WAR)
    counts["Notoriety"] = 11
    counts["Sorcery"] = 9
    report = check_copy(MYSTIC_WAR, counts, damaged={"Dragon": 2, "City": 1})
    assert [c.name for c in report.missing] == ["Sorcery"]
    notoriety = next(c for c in report.components if c.name == "Notoriety")
    assert notoriety.surplus == 1
    assert {c.name: c.damaged for c in report.damaged} == {"Dragon": 2, "Kingdom": 1}
    groups = {g.path: g.found for g in report.groups}
    assert groups[("Action cards", "RESOURCE")] == 47


def test_uncounted_components_are_listed_and_count_as_missing():
    report = check_copy(MYSTIC_WAR, {"Realm mat": 8})
    assert len(report.uncounted) == len(MYSTIC_WAR.components) - 1
    assert not report.complete and "Realm mat" not in report.uncounted


@pytest.mark.parametrize(("found", "damaged", "message"), [
    ({"Realm mats": 8}, {}, "no component called 'Realm mats'"),
    ({"Realm mat": -1}, {}, "whole number >= 0"),
    ({"Realm mat": 2}, {"Realm mat": 3}, "3 damaged 'Realm mat' but only 2 found"),
    ({"Kingdom": 3, "City": 3}, {}, "counted twice"),
])
def test_impossible_counts_are_user_errors(found, damaged, message):
    with pytest.raises(InventoryError, match=message) as caught:
        check_copy(MYSTIC_WAR, found, damaged)
    assert isinstance(caught.value, UserError)


def test_an_unknown_name_suggests_the_closest():
    with pytest.raises(InventoryError) as caught:
        check_copy(MYSTIC_WAR, {"Realm mats": 8})
    assert caught.value.suggestions[0] == "Realm mat"
