"""``deckbuilder shelf`` through click's runner (issue 14, sections 1 to 3 and "Done when")."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from card_db.games import bundled_games
from deckbuilder.cli.main import cli
from deckbuilder.shelf.inventory import complete_counts


@pytest.fixture
def run(db):
    def invoke(*args: str):
        return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)

    return invoke


def _game(name: str):
    return next(g for g in bundled_games() if g.name == name)


def _count_all_but(run, game: str, less: dict[str, int]) -> int:
    added = run("shelf", "add-copy", game, "--location", "attic", "--condition", "LP")
    assert added.exit_code == 0, added.output
    copy_id = int(added.output.rsplit("copy ", 1)[1])
    counts = complete_counts(_game(game))
    for name, missing in less.items():
        counts[name] -= missing
    result = run("shelf", "count", game, "--copy", str(copy_id),
                 *(f"{name}={n}" for name, n in counts.items()))
    assert result.exit_code == 0, result.output
    return copy_id


def _missing(run, game: str, copy_id: int) -> dict:
    result = run("shelf", "missing", game, "--copy", str(copy_id), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_done_when_mystic_war_lacks_one_judgment_and_two_disks(run):
    copy_id = _count_all_but(run, "Mystic War", {"Judgment": 1, "Resource disk (red)": 2})
    report = _missing(run, "Mystic War", copy_id)
    assert (report["game"], report["copy"], report["complete"], report["playable"]) == (
        "Mystic War", copy_id, False, True)
    assert [(m["name"], m["expected"], m["found"]) for m in report["missing"]] == [
        ("Resource disk (red)", 16, 14), ("Judgment", 2, 1)]
    white = _count_all_but(run, "Mystic War",
                           {"Judgment (white-backed)": 1, "Resource disk (red)": 2})
    report = _missing(run, "Mystic War", white)
    assert not report["playable"]
    assert [m["name"] for m in report["missing"]] == ["Resource disk (red)",
                                                      "Judgment (white-backed)"]
    text = run("shelf", "missing", "Mystic War", "--copy", str(white)).output
    assert "not complete, not playable" in text
    assert "not playable: 3.0 Set Up: needs 1 Judgment (white-backed), found 0" in text


def test_done_when_imperial_twing_and_chimera(run):
    twing = _count_all_but(run, "Imperial Twing", {"Orn Dice": 1, "Ornicle token": 2})
    report = _missing(run, "Imperial Twing", twing)
    assert [(m["name"], m["found"]) for m in report["missing"]] == [("Orn Dice", 3),
                                                                     ("Ornicle token", 28)]
    assert report["playable"] and not report["complete"]
    chimera = _count_all_but(run, "Imaginarium: Chimera", {"Starteur": 4, "Nightmare": 2})
    report = _missing(run, "Imaginarium: Chimera", chimera)
    assert [(m["name"], m["found"]) for m in report["missing"]] == [("Starteur", 1),
                                                                     ("Nightmare", 6)]
    assert not report["playable"]
    assert "GAME SETUP: needs 2 Starteur, found 1" in run(
        "shelf", "missing", "Imaginarium: Chimera").output


def test_list_shows_copies_and_completeness(run):
    copy_id = _count_all_but(run, "Mystic War", {})
    data = json.loads(run("shelf", "list", "--json").stdout)
    assert [g["game"] for g in data] == sorted(g.name for g in bundled_games())
    mystic = next(g for g in data if g["game"] == "Mystic War")
    assert mystic["total_components"] == _game("Mystic War").total_components
    assert mystic["copies"] == [{
        "copy": copy_id, "edition": None, "location": "attic", "box_condition": "Lightly Played",
        "components_condition": "", "notes": "", "counted": 49, "components": 49,
        "complete": True, "playable": True, "missing_pieces": 0}]
    text = run("shelf", "list").output
    assert f"copy {copy_id} (attic): complete, playable" in text


def test_show_json_has_the_issues_shape(run):
    data = json.loads(run("shelf", "show", "mystic war", "--json").stdout)
    assert list(data) == ["game", "publisher", "year", "players", "source", "components",
                          "total_components", "notes", "contradictions", "edition",
                          "editions"]
    assert list(data["components"][0]) == ["name", "group", "kind", "count", "source",
                                           "estimated"]
    assert data == _game("Mystic War").as_dict()
    disks = next(c for c in data["components"] if c["name"] == "Resource disk (red)")
    assert disks["estimated"] == ["count"]
    assert "(estimated)" in run("shelf", "show", "Mystic War").output


def test_counts_resume_and_damaged_are_reported(run):
    run("shelf", "add-copy", "Mystic War")
    assert run("shelf", "count", "Mystic War", "Realm mat=8").exit_code == 0
    result = run("shelf", "count", "Mystic War", "Dragon=10", "--damaged", "Realm mat=1")
    assert result.exit_code == 0, result.output
    assert "2 of 49 components counted" in result.output
    text = run("shelf", "missing", "Mystic War").output
    assert "damaged: 1 x Realm mat" in text
    assert "not counted yet (taken as none found): 47 components" in text
    assert "(s)" not in text  # issue 10: wording such as "problem(s)"


def test_unknown_names_exit_2_with_the_closest_names(run):
    result = run("shelf", "show", "Mistic War")
    assert result.exit_code == 2 and "did you mean 'Mystic War'" in result.output
    run("shelf", "add-copy", "Mystic War")
    result = run("shelf", "count", "Mystic War", "Judgement=1")
    assert result.exit_code == 2 and "did you mean 'Judgment'" in result.output
    result = run("shelf", "count", "Mystic War", "Judgment")
    assert result.exit_code == 2 and "expected COMPONENT=N" in result.output
    result = run("shelf", "add-copy", "Mystic War", "--condition", "shiny")
    assert result.exit_code == 2


def test_import_export_round_trip_and_errors(run, tmp_path):
    out = tmp_path / "twing.toml"
    assert run("shelf", "export", "Imperial Twing", str(out)).exit_code == 0
    mine = tmp_path / "mine.toml"
    mine.write_text(out.read_text(encoding="utf-8").replace(
        'name = "Imperial Twing"', 'name = "My Twing"', 1), encoding="utf-8")
    result = run("shelf", "import", str(mine))
    assert result.exit_code == 0 and "imported My Twing" in result.output
    assert "My Twing [your file]" in run("shelf", "list").output
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nschema = = 1\n', encoding="utf-8")
    result = run("shelf", "import", str(bad))
    assert result.exit_code == 2 and f"{bad}:2:10:" in result.output


def test_deal_mystic_war_is_reproducible(run):
    first = json.loads(run("shelf", "deal", "Mystic War", "--players", "4", "--seed", "7",
                           "--json").stdout)
    again = json.loads(run("shelf", "deal", "Mystic War", "--players", "4", "--seed", "7",
                           "--json").stdout)
    assert first == again and first["seed"] == 7
    assert len(first["players"]) == 4
    assert all(len(p["hand"]) == 2 for p in first["players"])
    assert first["deck"][-1] == "Judgment (white-backed)"
    assert len(first["deck"]) == 82 - 8
    result = run("shelf", "deal", "Mystic War", "--players", "9")
    assert result.exit_code == 2 and "3 to 8" in result.output
    result = run("shelf", "deal", "Imperial Twing", "--players", "3")
    assert result.exit_code == 2 and "only Mystic War" in result.output


def test_odds_are_exact(run):
    data = json.loads(run("shelf", "odds", "Mystic War", "--group", "Dragon", "--cards",
                          "2", "--judgment-within", "81", "--json").stdout)
    # 10 Dragons among the 81 shuffled cards: 1 - C(71,2)/C(81,2) = 1 - 2485/3240.
    assert data[0]["fraction"] == "151/648"
    assert data[1]["fraction"] == "1"
    result = run("shelf", "odds", "Mystic War", "--group", "Dragonz")
    assert result.exit_code == 2


def test_edit_copy_changes_place_condition_and_notes(run):
    run("shelf", "add-copy", "Mystic War", "--location", "attic", "--condition", "LP")
    result = run("shelf", "edit-copy", "Mystic War", "--location", "cellar",
                 "--components-condition", "NM", "--notes", "sleeved")
    assert result.exit_code == 0, result.output
    assert "Edit copy 1" in result.output
    assert ("kept in: cellar; box: Lightly Played; components: Near Mint; notes: sleeved"
            in result.output)
    listed = json.loads(run("shelf", "list", "--json").stdout)
    copy = next(g for g in listed if g["game"] == "Mystic War")["copies"][0]
    assert (copy["location"], copy["box_condition"], copy["notes"]) == (
        "cellar", "Lightly Played", "sleeved")
    assert run("shelf", "edit-copy", "Mystic War").exit_code == 2
    bad = run("shelf", "edit-copy", "Mystic War", "--condition", "shiny")
    assert bad.exit_code == 2


def test_damaged_without_a_found_count_is_refused(run):
    run("shelf", "add-copy", "Mystic War")
    result = run("shelf", "count", "Mystic War", "--damaged", "Realm mat=1")
    assert result.exit_code == 2
    assert "count the pieces of 'Realm mat' found before marking damaged ones" in result.output
    result = run("shelf", "count", "Mystic War", "Realm mat=1", "--damaged", "Realm mat=2")
    assert result.exit_code == 2 and "2 damaged 'Realm mat' but only 1 found" in result.output
    assert next(g for g in json.loads(run("shelf", "list", "--json").stdout)
               if g["game"] == "Mystic War")["copies"][0]["counted"] == 0


def test_missing_writes_the_report_as_csv_and_pdf(run, tmp_path):
    copy_id = _count_all_but(run, "Mystic War", {"Judgment": 1, "Resource disk (red)": 2})
    run("shelf", "edit-copy", "Mystic War", "--notes", "=HYPERLINK(\"x\")")
    run("shelf", "count", "Mystic War", "--damaged", "Dragon=1")
    out_csv, out_pdf = tmp_path / "mw.csv", tmp_path / "mw.pdf"
    result = run("shelf", "missing", "Mystic War", "--copy", str(copy_id),
                 "--csv", str(out_csv), "--pdf", str(out_pdf))
    assert result.exit_code == 0, result.output
    assert f"wrote {out_csv}" in result.output and f"wrote {out_pdf}" in result.output
    rows = list(csv.reader(io.StringIO(out_csv.read_text(encoding="utf-8-sig"))))
    assert rows[0] == ["Game", "Mystic War"]
    assert ["Notes", "'=HYPERLINK(\"x\")"] in rows
    assert ["Complete", "no"] in rows and ["Playable", "yes"] in rows
    header = rows.index(["Group", "Component", "Expected", "Found", "Missing", "Damaged",
                         "Note"])
    table = {r[1]: r for r in rows[header + 1:] if len(r) == 7}
    assert table["Judgment"][2:6] == ["2", "1", "1", ""]
    assert table["Resource disk (red)"][4] == "2"
    assert table["Resource disk (red)"][6] == "estimated count"
    assert table["Dragon"][5] == "1"
    assert ["Action cards > EVENT", "12", "11", "1"] in rows
    assert out_pdf.read_bytes().startswith(b"%PDF")
    json_run = run("shelf", "missing", "Mystic War", "--json", "--csv", str(out_csv))
    assert json.loads(json_run.stdout)["copy"] == copy_id


def test_report_to_an_unwritable_place_names_the_file(run, tmp_path):
    run("shelf", "add-copy", "Mystic War")
    result = run("shelf", "missing", "Mystic War", "--csv", str(tmp_path / "no" / "x.csv"))
    assert result.exit_code == 2 and "x.csv" in result.output


def test_show_records_the_rulebooks_contradictions(run):
    """Chimera's parts list says 48 dream fragment tokens and lists 56 (issue 25, s4)."""
    data = json.loads(run("shelf", "show", "Imaginarium: Chimera", "--json").stdout)
    (tokens,) = [c for c in data["contradictions"] if c["group"] == ["Dream fragment tokens"]]
    assert [s["value"] for s in tokens["statements"]] == [48, 56] and tokens["used"] == 1
    text = run("shelf", "show", "Imaginarium: Chimera").output
    assert "contradiction: The number of dream fragment tokens" in text
    assert '"48 dream fragment tokens" = 48 (not used)' in text
    assert "= 56 (used)" in text


def test_a_copy_says_which_edition_it_is(run):
    text = run("shelf", "show", "Imperial Twing").output
    assert "edition: prototype (Prototype edition" in text
    assert "edition: retail (Retail first edition" in text and "160 x Card" in text
    added = run("shelf", "add-copy", "Imperial Twing", "--edition", "retail")
    assert added.exit_code == 0, added.output
    copy_id = int(added.output.rsplit("copy ", 1)[1])
    counted = run("shelf", "count", "Imperial Twing", "--copy", str(copy_id), "Card=160",
                  "Blank magical object card=2", "Orn Dice=4", "Ornicle token=30",
                  "Cloth bag=1")
    assert counted.exit_code == 0, counted.output
    assert "[retail edition]: complete, playable" in counted.output
    wrong = run("shelf", "count", "Imperial Twing", "--copy", str(copy_id), "Playing card=138")
    assert wrong.exit_code == 2  # the prototype's playing cards are not in the retail box
    listed = json.loads(run("shelf", "list", "--json").stdout)
    twing = next(g for g in listed if g["game"] == "Imperial Twing")
    assert twing["copies"][0]["edition"] == "retail" and twing["copies"][0]["complete"]
    edited = run("shelf", "edit-copy", "Imperial Twing", "--edition", "prototype")
    assert edited.exit_code == 0, edited.output
    line = next(x for x in run("shelf", "list").output.splitlines() if f"copy {copy_id}" in x)
    assert "edition]" not in line  # the prototype: the game file's own parts list
    assert f"2 of {len(_game('Imperial Twing').components)} components counted" in line
    bad = run("shelf", "add-copy", "Imperial Twing", "--edition", "deluxe")
    assert bad.exit_code == 2 and "no edition 'deluxe'" in bad.output and "'retail'" in bad.output
    single = run("shelf", "add-copy", "Mystic War", "--edition", "retail")
    assert single.exit_code == 2 and "single edition" in single.output
