"""Defects a new user found in the command line (issue 10, section 2): each test fails
on the code before its fix."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder.cli import cards as cards_cli
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList
from deckbuilder.formats import read_file
from deckbuilder.presentation import ESTIMATED_MARK, NO_DOMINION, count_text, dominion_text
from deckbuilder.services.collection import CollectionRow, add_rows
from deckbuilder.services.decks import save_deck

ROOT = Path(__file__).resolve().parents[1]
#: The README and every page of the user guide: the examples users copy.
GUIDE = "\n".join(p.read_text(encoding="utf-8")
                  for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))])
SEARCH_PAGE = (ROOT / "docs" / "search-language.md").read_text(encoding="utf-8")
DEMO = ROOT / "card_db" / "data" / "decks" / "maestro-reconciliation.txt"


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_type_column_of_search_marks_an_estimated_type():
    rows = json.loads(run("cards", "search", "is:estimated", "--json").stdout)
    estimated_type = [r["name"] for r in rows if "card_type" in r["estimated"]]
    assert estimated_type, "the bundled data has cards whose type is estimated"
    lines = run("cards", "search", "is:estimated").stdout.splitlines()
    line = next(ln for ln in lines if ln.startswith(estimated_type[0] + " "))
    assert line[33:51].rstrip().endswith(ESTIMATED_MARK), line


def test_deck_stats_marks_the_type_counts_when_a_type_is_estimated(tmp_path):
    rows = json.loads(run("cards", "search", "is:estimated", "--json").stdout)
    name = next(r["name"] for r in rows if "card_type" in r["estimated"])
    deck = tmp_path / "one.txt"
    deck.write_text(f"1 {name}\n")
    out = run("deck", "stats", str(deck)).stdout
    by_type = next(ln for ln in out.splitlines() if ln.startswith("By type"))
    assert by_type.endswith(ESTIMATED_MARK)
    characters = next(ln for ln in out.splitlines() if ln.startswith("Characters"))
    assert characters.split(":")[0].endswith(ESTIMATED_MARK)


def test_a_query_starting_with_a_minus_is_a_query():
    result = run("cards", "search", "-t:character", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows and all(r["type"] != "Character" for r in rows)
    assert run("cards", "search", "-is:unique", "--limit", "3").exit_code == 0


def readme_search_examples() -> list[str]:
    """Every search query the README and the guide show: the command examples, the
    search language page's table of keys (examples column) and the example after it."""
    section = SEARCH_PAGE
    queries = re.findall(r'deckbuilder cards search "([^"]+)"', GUIDE)
    for row in section.splitlines():
        if row.startswith("| `"):
            queries += re.findall(r"`([^`]+)`", row.rsplit("|", 2)[1])
    queries += re.findall(r"^`([^`]+)` finds", section, re.MULTILINE)
    return queries


def test_the_readme_shows_many_search_examples():
    queries = readme_search_examples()
    assert len(queries) > 20
    assert "t:site d:3" in queries and "owned>0" in queries
    assert any(" or " in q and q.startswith("(") for q in queries)


@pytest.mark.parametrize("query", readme_search_examples())
def test_each_readme_search_example_returns_cards(query, db):
    add_rows(UserDatabase(db), [CollectionRow("Gentle", 1)])  # for owned>0
    result = run("cards", "search", query, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout), f"the guide's example {query!r} returns no card"


@pytest.mark.parametrize("field", ["type", "Dominion", "card_type", "dominions", "str"])
def test_correct_accepts_the_json_and_search_names(field, db):
    value = {"type": "Character", "card_type": "Character", "str": "5"}.get(field, "2")
    result = run("cards", "correct", "Gentle", field, value)
    assert result.exit_code == 0, result.output
    record = UserDatabase(db).catalogue().resolve("Gentle")
    expected = cards_cli.field_name(field)
    assert not record.is_estimated(expected)


def test_correct_lists_its_fields_in_the_help():
    text = run("cards", "correct", "--help").stdout
    for field in ("card_type", "dominions", "resistance", "type (card_type)",
                  "dominion (dominions)"):
        assert field in " ".join(text.split()), field


def test_a_db_path_in_a_missing_folder_is_refused_unless_create(tmp_path):
    target = tmp_path / "typo" / "deep" / "my.sqlite3"
    result = CliRunner().invoke(cli, ["--db", str(target), "cards", "search", "t:site"])
    assert result.exit_code == 2
    assert "does not exist" in result.stderr and "--create" in result.stderr
    assert not (tmp_path / "typo").exists()
    created = CliRunner().invoke(
        cli, ["--db", str(target), "--create", "cards", "search", "t:site"]
    )
    assert created.exit_code == 0, created.output
    assert target.is_file()


def test_odds_refuses_a_deck_that_cannot_be_set_up(tmp_path):
    sites = json.loads(run("cards", "search", "t:site d:1", "--json").stdout)
    characters = json.loads(run("cards", "search", "t:character -is:unique", "--json").stdout)
    deck = tmp_path / "no-sites.txt"
    deck.write_text(f"3 {sites[0]['name']}\n" + "".join(
        f"3 {c['name']}\n" for c in characters[:10]
    ))
    for command in ("hand", "odds", "goldfish"):
        result = CliRunner().invoke(cli, [command, str(deck)])
        assert result.exit_code == 2, (command, result.output)
        assert "Game Setup" in result.stderr and "Traceback" not in result.output


def test_ctrl_c_exits_130_not_1(monkeypatch):
    def interrupt(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cards_cli, "_search_records", interrupt)
    result = CliRunner().invoke(cli, ["cards", "search", "t:site"])
    assert result.exit_code == 130
    assert "interrupted" in result.stderr and "Traceback" not in result.output


def test_counts_agree_with_their_noun(db):
    assert count_text(1, "different card") == "1 different card"
    assert count_text(2, "problem") == "2 problems"
    assert count_text(1000, "copy", "copies") == "1,000 copies"
    result = run("collection", "missing", "--set", "Imajica")
    assert "(s)" not in result.stderr and re.search(r"\d+ cards? missing", result.stderr)


def test_goldfish_names_stall_reasons_in_words():
    out = run("goldfish", str(DEMO), "--games", "20", "--rounds", "2").stdout
    assert "no_character" not in out and "prime_too_high" not in out
    assert "too_little_magic" not in out and "dominion_missing" not in out
    assert "without victory" in out


def test_an_oviate_has_one_word_for_its_dominion_everywhere():
    rows = json.loads(run("cards", "search", "aff:oviate t:character", "--json").stdout)
    oviate = next(r for r in rows if not r["dominions"])
    record = UserDatabase.open(None).catalogue().resolve(oviate["name"])
    assert dominion_text(record) == NO_DOMINION == "none"
    show = run("cards", "show", oviate["name"]).stdout
    assert re.search(r"^Dominion:\s+none\*?$", show, re.MULTILINE), show
    line = next(
        ln for ln in run("cards", "search", "aff:oviate t:character").stdout.splitlines()
        if ln.startswith(oviate["name"] + " ")
    )
    assert " none" in line and " D0 " not in line
    from deckbuilder.gui.deck_editor.stats_panel import DOMINION_LABELS

    assert DOMINION_LABELS[-1] == NO_DOMINION


def test_deck_needs_does_not_count_the_decks_own_saved_copy(tmp_path, db):
    unnamed = tmp_path / "my-maestros.txt"
    unnamed.write_text("\n".join(
        ln for ln in DEMO.read_text().splitlines() if not ln.startswith("# name:")
    ))
    shutil.copy(DEMO, tmp_path / "named.txt")
    handle = UserDatabase(db)
    deck = read_file(str(unnamed))
    for name in ("my maestros", "Maestro Reconciliation"):
        save_deck(handle, DeckList(name=name, main=list(deck.main)))
    for path in (unnamed, tmp_path / "named.txt"):
        result = run("deck", "needs", str(path), "--other-decks", "--json")
        assert result.exit_code == 0, result.output
        rows = json.loads(result.stdout)
        # only the other saved deck (the same cards under another name) is elsewhere
        first = deck.main[0]
        row = next(r for r in rows if r["name"] == first.name)
        assert row["used_elsewhere"] == first.count, (path.name, row)
