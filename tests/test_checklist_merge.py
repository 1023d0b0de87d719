"""Sharing transcribed cards (issue 21, "Honest data"): ``cards export-checklist``
writes the user's own cards with their sources; ``cards merge-checklist`` adds another
collector's new cards and shows where a card differs, keeping the user's values unless
they choose the other's."""

from __future__ import annotations

import csv
import json

from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder.cli.main import cli
from deckbuilder.services.cards import add_card, parse_card_fields


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _add(db, **fields):
    with UserDatabase(db) as handle:
        add_card(handle, parse_card_fields(handle, fields))


def test_export_then_merge_with_conflicts(db, tmp_path):
    _add(db, name="Quillward Spire", type="Site", dominions="2", resistance="6",
         source="your scan of 2026-11-29")
    mine = tmp_path / "mine.csv"
    result = run("cards", "export-checklist", str(mine))
    assert result.exit_code == 0 and "wrote 1 card" in result.output
    with mine.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["name"] for r in rows] == ["Quillward Spire"]
    assert rows[0]["source"] == "your scan of 2026-11-29"

    theirs = tmp_path / "theirs.csv"
    rows[0]["resistance"] = "7"
    rows[0]["source"] = "Anna's binder"
    rows.append({**rows[0], "key": "", "name": "Bellmoor Tower", "resistance": "5"})
    with theirs.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)

    result = run("cards", "merge-checklist", str(theirs))
    assert result.exit_code == 0, result.output
    assert "added 1 card" in result.output
    assert ("Quillward Spire: resistance: yours '6' (your scan of 2026-11-29), theirs '7' "
            "(Anna's binder) -> yours kept") in result.output
    shown = {c["name"]: c for c in json.loads(run("cards", "search", "Tower or Spire",
                                                 "--json").stdout)}
    assert shown["Quillward Spire"]["resistance"] == 6
    assert shown["Bellmoor Tower"]["source"] == "Anna's binder"

    result = run("cards", "merge-checklist", str(theirs), "--take-theirs", "quillward spire")
    assert "1 taken from the file" in result.output and "-> theirs" in result.output
    card = json.loads(run("cards", "search", "Quillward", "--json").stdout)[0]
    assert card["resistance"] == 7 and card["source"] == "Anna's binder"


def test_take_theirs_needs_a_conflict(db, tmp_path):
    _add(db, name="Quillward Spire", type="Site", dominions="2", resistance="6", source="x")
    mine = tmp_path / "mine.json"
    run("cards", "export-checklist", str(mine))
    result = run("cards", "merge-checklist", str(mine), "--take-theirs", "Gentle")
    assert result.exit_code == 2 and "no conflict to settle for: gentle" in result.output
    dry = run("cards", "merge-checklist", str(mine), "--dry-run")
    assert "would add 0 cards, 1 the same" in dry.output


def _theirs_file(tmp_path, rows, name="theirs.csv"):
    path = tmp_path / name
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_one_value_taken_keeps_the_others_and_both_sources_then_undo(db, tmp_path):
    """The app's per-value choice: one value taken from the other checklist, the other
    differing value kept; the card's source names both; a correction of the taken value
    gives way; undo puts the card, its correction and the catalogue back."""
    from deckbuilder.services.cards import correct_card_fields
    from deckbuilder.services.checklist_merge import apply_merge, plan_merge

    _add(db, name="Quillward Spire", type="Site", dominions="2", resistance="6",
         powers="Allies seizing this Site are magic +1.", source="my scan")
    mine = tmp_path / "mine.csv"
    run("cards", "export-checklist", str(mine))
    with mine.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    rows[0].update(resistance="7", powers="Allies seizing this Site are magic +2.",
                   source="Anna's binder")
    rows.append({**rows[0], "key": "", "name": "Bellmoor Tower"})
    theirs = _theirs_file(tmp_path, rows)
    with UserDatabase(db) as handle:
        correct_card_fields(handle, "Quillward Spire", {"resistance": "6"}, note="my card")
        plan = plan_merge(handle, theirs)
        assert [r.name for _k, r in plan.new] == ["Bellmoor Tower"]
        assert {(c.field, c.mine, c.theirs) for c in plan.conflicts} == {
            ("resistance", 6, 7),
            ("powers", "Allies seizing this Site are magic +1.",
             "Allies seizing this Site are magic +2.")}
        assert handle.catalogue().get("Bellmoor Tower") is None  # planning writes nothing

        merge = apply_merge(handle, plan, [("quillward spire", "resistance")])
        card = handle.catalogue().get("Quillward Spire")
        assert card.resistance == 7 and card.powers.endswith("+1.")
        assert card.source == "my scan; resistance from Anna's binder"
        assert handle.catalogue().get("Bellmoor Tower") is not None
        assert merge.taken == ["Quillward Spire"]

        again = merge.changes.undo.run(handle)
        card = handle.catalogue().get("Quillward Spire")
        assert card.resistance == 6 and card.source == "my scan"
        assert "resistance" not in card.estimated  # the correction is back
        with handle.read() as conn:
            assert conn.execute("SELECT count(*) FROM card_correction").fetchone()[0] == 1
        assert handle.catalogue().get("Bellmoor Tower") is None

        again.undo.run(handle)  # redo
        assert handle.catalogue().get("Quillward Spire").resistance == 7
        assert handle.catalogue().get("Bellmoor Tower") is not None


def test_a_pair_that_is_not_a_conflict_is_refused(db, tmp_path):
    from deckbuilder.services.checklist_merge import NoConflictError, apply_merge, plan_merge

    _add(db, name="Quillward Spire", type="Site", dominions="2", resistance="6", source="x")
    mine = tmp_path / "mine.csv"
    run("cards", "export-checklist", str(mine))
    with UserDatabase(db) as handle:
        plan = plan_merge(handle, mine)
        try:
            apply_merge(handle, plan, [("Quillward Spire", "magic")])
        except NoConflictError as exc:
            assert "Quillward Spire magic" in str(exc)
        else:
            raise AssertionError("a value that does not differ was taken")
        assert apply_merge(handle, plan).changes.changed is False
