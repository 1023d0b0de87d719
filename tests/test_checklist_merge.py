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
