"""Control and bidi-override characters in card names (issue 10, section 3, "Hostile
text"): refused at import (``cards import``, the card editor) naming the row and the
code point; a name that already holds one is shown escaped by the CLI."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from card_db.checklist import ChecklistError, parse_checklist_text
from card_db.text_safety import (
    describe_character,
    escape_unsafe,
    is_unsafe,
    unsafe_character,
)
from deckbuilder.cli.main import cli
from deckbuilder.services.cards import parse_card_fields

HEADER = "name,type,dominions,gender,magic,strength,prime\n"
GOOD = "Plain Name,Character,1,male,1,2,3\n"


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200e", "\u200f",
                                  "\u061c", "\u2028", "\x85", "\x9b", "\x07", "\x1b", "\x7f",
                                  "\t", "\ud800"])
def test_controls_and_bidi_marks_are_unsafe(char):
    assert is_unsafe(char)
    assert unsafe_character(f"Gek{char}A") == char
    assert char not in escape_unsafe(f"Gek{char}A")
    assert escape_unsafe(f"Gek{char}A") == f"Gek\\u{ord(char):04x}A"


@pytest.mark.parametrize("char", ["é", "ß", "\u2019", "-", " ", "\u05d0", "\u0663", "\u00a0"])
def test_ordinary_letters_are_safe(char):
    assert not is_unsafe(char)
    assert escape_unsafe(f"Gek{char}A") == f"Gek{char}A"


def test_descriptions_name_the_code_point():
    assert describe_character("\u202e") == "U+202E RIGHT-TO-LEFT OVERRIDE"
    assert describe_character("\u2066") == "U+2066 LEFT-TO-RIGHT ISOLATE"
    assert describe_character("\x85") == "U+0085 control character"
    assert describe_character("\ud800") == "U+D800 lone surrogate"


def test_allowed_characters_are_kept_and_json_escapes_read_back():
    assert escape_unsafe("a\nb\tc", allow="\n\t") == "a\nb\tc"
    text = json.dumps({"name": "Gek\u202eA\x85"}, ensure_ascii=False)
    assert json.loads(escape_unsafe(text)) == {"name": "Gek\u202eA\x85"}


@pytest.mark.parametrize("char", ["\u202e", "\u2067", "\u200f", "\x85", "\x9f"])
def test_checklist_csv_row_with_a_hidden_character_is_refused(char):
    text = HEADER + GOOD + f"Gek{char}A,Character,1,male,1,2,3\n"
    with pytest.raises(ChecklistError) as caught:
        parse_checklist_text(text, "csv", "cards.csv")
    assert caught.value.line == 3
    assert describe_character(char) in str(caught.value)
    assert char not in str(caught.value)


def test_checklist_json_escape_is_refused_too():
    text = json.dumps([{"name": "Gek\u202eA", "type": "Dictate", "permanent": True}])
    with pytest.raises(ChecklistError, match="U\\+202E RIGHT-TO-LEFT OVERRIDE"):
        parse_checklist_text(text, "json", "cards.json")


def test_cards_import_refuses_the_file_and_changes_nothing(db, tmp_path):
    file = tmp_path / "cards.csv"
    file.write_text(HEADER + GOOD + "Evil\u202eName,Character,1,male,1,2,3\n", encoding="utf-8")
    result = run("cards", "import", str(file))
    assert result.exit_code == 2
    assert "cards.csv:3" in result.stderr
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in result.stderr
    assert "\u202e" not in result.output
    assert "Plain Name" not in run("cards", "search", "plain").stdout


def test_the_card_editor_refuses_a_hidden_character(userdb):
    fields = {"name": "Gek\u2066A", "type": "Dictate", "permanent": "yes"}
    with pytest.raises(ChecklistError, match="U\\+2066 LEFT-TO-RIGHT ISOLATE"):
        parse_card_fields(userdb, fields)


def test_a_stored_name_with_a_hidden_character_is_shown_escaped(db):
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE card SET name = 'Gentle\u202e\x1b[2J' WHERE name = 'Gentle'")
    listing = run("cards", "search", "")
    assert "Gentle\\u202e\\u001b[2J" in listing.stdout
    as_json = run("cards", "search", "", "--json")
    assert "\u202e" not in as_json.stdout and "\x1b" not in as_json.stdout
    assert "Gentle\u202e\x1b[2J" in {row["name"] for row in json.loads(as_json.stdout)}
    shown = run("cards", "show", "Gentle\u202e\x1b[2J")
    assert shown.exit_code == 0 and "Gentle\\u202e\\u001b[2J" in shown.stdout
    assert "\u202e" not in shown.stdout
    missing = run("collection", "missing")
    assert "Gentle\\u202e" in missing.stdout and "\u202e" not in missing.stdout
    unknown = run("cards", "show", "Nobody\u202e")
    assert unknown.exit_code == 2 and "\u202e" not in unknown.stderr


def test_a_search_syntax_error_keeps_its_caret_under_the_fault_when_escaped(db):
    result = run("cards", "search", "gen\u202e prime<=")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    query_line = next(line for line in lines if "prime<=" in line and "syntax" not in line)
    caret_line = lines[lines.index(query_line) + 1]
    assert "\\u202e" in query_line
    assert len(caret_line) - 1 == len(query_line)  # the caret is just after "prime<="
