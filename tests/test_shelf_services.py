"""The shelf in the database: bundled games synced, copies, counts saved as they go,
completeness, undo, and game files imported and exported (issue 14, sections 1 and 2)."""

from __future__ import annotations

import sqlite3

import pytest

from card_db.checklist import bundled, bundled_data_hash
from card_db.games import GameFileError, bundled_games, dump_game
from card_db.sync import sync_bundled_cards
from card_db.userdb import ensure_database
from deckbuilder.formats.collection_csv import ConditionError
from deckbuilder.services.shelf import (
    ShelfError,
    add_copy,
    clear_counts,
    edit_copy,
    export_game,
    export_report,
    game_definition,
    game_names,
    import_game,
    pick_copy,
    remove_copy,
    set_counts,
    shelf_game,
    shelf_games,
)
from deckbuilder.shelf.inventory import complete_counts


def test_bundled_games_are_on_the_shelf(userdb):
    assert game_names(userdb) == sorted(g.name for g in bundled_games())
    mystic = game_definition(userdb, "mystic war")
    assert mystic == next(g for g in bundled_games() if g.name == "Mystic War")
    assert all(g.origin == "bundled" and not g.copies for g in shelf_games(userdb))


def test_unknown_game_suggests_the_closest_names(userdb):
    with pytest.raises(ShelfError) as caught:
        game_definition(userdb, "Mistic Wars")
    assert caught.value.suggestions[0] == "Mystic War"
    assert "did you mean 'Mystic War'" in str(caught.value)


def test_add_copy_records_where_and_condition_and_undo_removes_it(userdb):
    outcome = add_copy(userdb, "Imperial Twing", location="Shelf 2", box_condition="LP",
                       components_condition="nm", notes="bought used")
    copy = pick_copy(userdb, "Imperial Twing").copy
    assert (copy.id, copy.location, copy.box_condition, copy.components_condition,
            copy.notes) == (outcome.value, "Shelf 2", "Lightly Played", "Near Mint",
                            "bought used")
    assert outcome.changes.shelf and outcome.changes.label == "Add a copy of Imperial Twing"
    redo = outcome.changes.undo.run(userdb)
    assert shelf_game(userdb, "Imperial Twing").copies == ()
    redo.undo.run(userdb)
    assert pick_copy(userdb, "Imperial Twing").copy.location == "Shelf 2"


def test_counts_are_saved_as_they_go_and_resume(userdb):
    copy_id = add_copy(userdb, "Mystic War").value
    set_counts(userdb, "Mystic War", copy_id, {"Realm mat": 8})
    set_counts(userdb, "Mystic War", copy_id, {"dragon": 10}, {"Dragon": 1})
    status = pick_copy(userdb, "Mystic War", copy_id)
    assert status.copy.found == {"Realm mat": 8, "Dragon": 10}
    assert status.copy.damaged == {"Dragon": 1}
    assert status.counted == 2
    assert "Realm mat" not in status.report.uncounted
    assert [c.name for c in status.report.damaged] == ["Dragon"]


def test_set_counts_undo_restores_the_previous_counts(userdb):
    copy_id = add_copy(userdb, "Mystic War").value
    set_counts(userdb, "Mystic War", copy_id, {"Realm mat": 8})
    changes = set_counts(userdb, "Mystic War", copy_id, {"Realm mat": 7, "Dragon": 9})
    assert changes.label == "Count 2 components of Mystic War"
    redo = changes.undo.run(userdb)
    assert pick_copy(userdb, "Mystic War").copy.found == {"Realm mat": 8}
    redo.undo.run(userdb)
    assert pick_copy(userdb, "Mystic War").copy.found == {"Realm mat": 7, "Dragon": 9}


def test_bad_counts_write_nothing(userdb):
    copy_id = add_copy(userdb, "Mystic War").value
    with pytest.raises(ShelfError) as caught:
        set_counts(userdb, "Mystic War", copy_id, {"Realm mat": 8, "Judgement": 1})
    assert "Judgment" in caught.value.suggestions
    with pytest.raises(ShelfError, match="damaged"):
        set_counts(userdb, "Mystic War", copy_id, {"Realm mat": 2}, {"Realm mat": 3})
    with pytest.raises(ShelfError, match="whole number"):
        set_counts(userdb, "Mystic War", copy_id, {"Realm mat": -1})
    assert pick_copy(userdb, "Mystic War").copy.found == {}


def test_clear_counts_makes_a_component_uncounted_again(userdb):
    copy_id = add_copy(userdb, "Mystic War").value
    set_counts(userdb, "Mystic War", copy_id, {"Realm mat": 8})
    clear_counts(userdb, copy_id, ["Realm mat"])
    assert pick_copy(userdb, "Mystic War").copy.found == {}


def _count_all_but(userdb, game: str, less: dict[str, int]) -> int:
    copy_id = add_copy(userdb, game).value
    counts = complete_counts(game_definition(userdb, game))
    for name, missing in less.items():
        counts[name] -= missing
    set_counts(userdb, game, copy_id, counts)
    return copy_id


def test_mystic_war_lacking_a_judgment_and_two_disks(userdb):
    """Issue 14, "Done when": exactly those are missing. A Judgment of the shuffled deck
    leaves the game playable; the white-backed one is needed by "3.0 Set Up"."""
    first = _count_all_but(userdb, "Mystic War", {"Judgment": 1, "Resource disk (red)": 2})
    report = pick_copy(userdb, "Mystic War", first).report
    assert report.as_dict(first) == {
        "game": "Mystic War", "copy": first, "complete": False, "playable": True,
        "missing": [
            {"name": "Resource disk (red)", "group": ["Resource disks"], "expected": 16,
             "found": 14},
            {"name": "Judgment", "group": ["Action cards", "EVENT", "Judgment"],
             "expected": 2, "found": 1},
        ]}
    second = _count_all_but(userdb, "Mystic War",
                            {"Judgment (white-backed)": 1, "Resource disk (red)": 2})
    report = pick_copy(userdb, "Mystic War", second).report
    assert not report.playable
    assert [c.rule for c in report.broken_rules] == ["3.0 Set Up"]
    assert [(c.name, c.missing) for c in report.missing] == [
        ("Resource disk (red)", 2), ("Judgment (white-backed)", 1)]


def test_imperial_twing_without_orn_dice_is_not_playable(userdb):
    copy_id = _count_all_but(userdb, "Imperial Twing", {"Orn Dice": 3})
    report = pick_copy(userdb, "Imperial Twing", copy_id).report
    assert [(c.name, c.missing) for c in report.missing] == [("Orn Dice", 3)]
    assert not report.playable and report.broken_rules[0].rule == "Game Material"


def test_chimera_missing_tokens_is_still_playable(userdb):
    copy_id = _count_all_but(userdb, "Imaginarium: Chimera", {"Nightmare": 2})
    report = pick_copy(userdb, "Imaginarium: Chimera", copy_id).report
    assert [(c.name, c.missing) for c in report.missing] == [("Nightmare", 2)]
    assert report.playable and not report.complete


def test_pick_copy_needs_an_id_when_several(userdb):
    with pytest.raises(ShelfError, match="no copy of Mystic War"):
        pick_copy(userdb, "Mystic War")
    a = add_copy(userdb, "Mystic War").value
    b = add_copy(userdb, "Mystic War").value
    with pytest.raises(ShelfError, match=f"--copy {a}, {b}"):
        pick_copy(userdb, "Mystic War")
    with pytest.raises(ShelfError, match="has no copy 999"):
        pick_copy(userdb, "Mystic War", 999)
    assert pick_copy(userdb, "Mystic War", b).copy.id == b


def test_remove_copy_undo_brings_back_its_counts(userdb):
    copy_id = add_copy(userdb, "Mystic War", location="attic").value
    set_counts(userdb, "Mystic War", copy_id, {"Dragon": 9}, {"Dragon": 2})
    changes = remove_copy(userdb, copy_id)
    assert shelf_game(userdb, "Mystic War").copies == ()
    with sqlite3.connect(userdb.path) as conn:
        assert conn.execute("SELECT count(*) FROM shelf_count").fetchone()[0] == 0
    changes.undo.run(userdb)
    copy = pick_copy(userdb, "Mystic War", copy_id).copy
    assert (copy.location, copy.found, copy.damaged) == ("attic", {"Dragon": 9}, {"Dragon": 2})


def test_resync_keeps_copies_and_counts(userdb):
    copy_id = add_copy(userdb, "Mystic War").value
    set_counts(userdb, "Mystic War", copy_id, {"Dragon": 9})
    sync_bundled_cards(userdb.path)
    assert pick_copy(userdb, "Mystic War").copy.found == {"Dragon": 9}
    assert len(game_names(userdb)) == len(bundled_games())


def _my_game(tmp_path, name="Twing of my own"):
    twing = next(g for g in bundled_games() if g.name == "Imperial Twing")
    text = dump_game(twing).replace('name = "Imperial Twing"', f'name = "{name}"', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_import_and_export_a_user_game(userdb, tmp_path):
    path = _my_game(tmp_path)
    outcome = import_game(userdb, path)
    assert outcome.value == "Twing of my own"
    assert shelf_game(userdb, "twing of my own").origin == "user"
    out = export_game(userdb, "Twing of my own", tmp_path / "out.toml")
    assert out.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    sync_bundled_cards(userdb.path)
    assert "Twing of my own" in game_names(userdb)
    outcome.changes.undo.run(userdb)
    assert "Twing of my own" not in game_names(userdb)


def test_import_is_all_or_nothing_with_the_place_of_the_error(userdb, tmp_path):
    path = _my_game(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("count = 4", "count = -4"),
                    encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        import_game(userdb, path)
    assert caught.value.file == str(path) and caught.value.line is not None
    assert "count" in str(caught.value)
    path.write_text('name = "x"\nschema = = 1\n', encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        import_game(userdb, path)
    assert (caught.value.line, caught.value.column) == (2, 10)
    assert game_names(userdb) == sorted(g.name for g in bundled_games())


def test_import_cannot_take_a_bundled_games_name(userdb, tmp_path):
    with pytest.raises(ShelfError, match="already has a game called 'Imperial Twing'"):
        import_game(userdb, _my_game(tmp_path, "Imperial Twing"))
    assert shelf_game(userdb, "Imperial Twing").origin == "bundled"


def test_bundled_hash_covers_the_game_files(tmp_path, monkeypatch):
    before = bundled_data_hash()
    for file in bundled.GAMES_DIR.glob("*.toml"):
        (tmp_path / file.name).write_bytes(file.read_bytes())
    monkeypatch.setattr(bundled, "GAMES_DIR", tmp_path)
    assert bundled_data_hash() == before
    mystic = tmp_path / "mystic-war.toml"
    mystic.write_text(mystic.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert bundled_data_hash() != before


def test_upgraded_database_gets_the_games_and_keeps_copies_on_resync(userdb):
    with sqlite3.connect(userdb.path) as conn:
        conn.execute("UPDATE meta SET value = 'stale' WHERE key = 'bundled_hash'")
        conn.execute("UPDATE shelf_game SET definition = 'stale' WHERE name = 'Mystic War'")
    copy_id = add_copy(userdb, "Imperial Twing").value
    ensure_database(userdb.path)
    assert game_definition(userdb, "Mystic War").total_components > 0
    assert pick_copy(userdb, "Imperial Twing").copy.id == copy_id


def test_edit_copy_changes_only_the_given_fields_and_undoes(userdb):
    copy_id = add_copy(userdb, "Mystic War", "attic", "LP", "NM", "from a fair").value
    changes = edit_copy(userdb, copy_id, location=" cellar ", box_condition="HP")
    assert changes.shelf and changes.label == f"Edit copy {copy_id}"
    copy = pick_copy(userdb, "Mystic War").copy
    assert (copy.location, copy.box_condition, copy.components_condition, copy.notes) == (
        "cellar", "Heavily Played", "Near Mint", "from a fair")
    redo = changes.undo.run(userdb)
    copy = pick_copy(userdb, "Mystic War").copy
    assert (copy.location, copy.box_condition) == ("attic", "Lightly Played")
    redo.undo.run(userdb)
    assert pick_copy(userdb, "Mystic War").copy.location == "cellar"
    edit_copy(userdb, copy_id, notes="", components_condition="")
    copy = pick_copy(userdb, "Mystic War").copy
    assert (copy.notes, copy.components_condition) == ("", "")
    assert not edit_copy(userdb, copy_id, location="cellar").changed


def test_edit_copy_refuses_unknown_copies_and_conditions(userdb):
    copy_id = add_copy(userdb, "Mystic War", "attic").value
    with pytest.raises(ShelfError, match="no copy 99"):
        edit_copy(userdb, 99, location="x")
    with pytest.raises(ConditionError):
        edit_copy(userdb, copy_id, location="cellar", box_condition="shiny")
    assert pick_copy(userdb, "Mystic War").copy.location == "attic"


def test_damaged_needs_a_found_count(userdb):
    copy_id = add_copy(userdb, "Mystic War").value
    with pytest.raises(ShelfError, match="count the pieces of 'Realm mat' found before"):
        set_counts(userdb, "Mystic War", copy_id, {}, {"Realm mat": 0})
    with pytest.raises(ShelfError, match="2 damaged 'Dragon' but only 1 found"):
        set_counts(userdb, "Mystic War", copy_id, {"Dragon": 1}, {"Dragon": 2})
    assert pick_copy(userdb, "Mystic War").copy.found == {}
    set_counts(userdb, "Mystic War", copy_id, {"Dragon": 4}, {"Dragon": 1})
    set_counts(userdb, "Mystic War", copy_id, {}, {"Dragon": 3})
    with pytest.raises(ShelfError, match="5 damaged 'Dragon' but only 4 found"):
        set_counts(userdb, "Mystic War", copy_id, {}, {"Dragon": 5})
    assert pick_copy(userdb, "Mystic War").copy.damaged == {"Dragon": 3}


def test_export_report_by_extension_atomically(userdb, tmp_path):
    copy_id = _count_all_but(userdb, "Imperial Twing", {"Orn Dice": 4})
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    written = export_report(userdb, "Imperial Twing", copy_id, tmp_path / "t.CSV")
    text = written.read_text(encoding="utf-8-sig")
    assert "Not playable,\"Game Material: needs 2 Orn dice, found 0\"" in text
    pdf = export_report(userdb, "Imperial Twing", None, tmp_path / "t.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.CSV", "t.pdf"]
    with pytest.raises(ShelfError, match="written as .csv or .pdf, not 'txt'"):
        export_report(userdb, "Imperial Twing", copy_id, tmp_path / "t.txt")
    assert not (tmp_path / "t.txt").exists()
