"""``deckbuilder deck``: exit codes, JSON shape, conversion, statistics and the buy list,
against a real user database built through ``deckbuilder.services.catalogue.load_catalogue``
from the bundled card data, and the three demo decks ("Deck Construction")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList

ROOT = Path(__file__).resolve().parent.parent
DEMO_DECKS = sorted((ROOT / "card_db" / "data" / "decks").glob("*.txt"))


@pytest.fixture(scope="module")
def shared_db(tmp_path_factory):
    return tmp_path_factory.mktemp("db") / "user.sqlite3"


@pytest.fixture
def db(shared_db, monkeypatch):
    """One database for the read-only tests of this module (built once)."""
    monkeypatch.setenv("DECKBUILDER_DB", str(shared_db))
    return shared_db


@pytest.fixture
def catalogue(db):
    with UserDatabase.open() as handle:
        return handle.catalogue()


def run(*args: str):
    result = CliRunner().invoke(cli, ["deck", *args])
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result


def _demo(index: int = 0) -> DeckList:
    return formats.read_file(DEMO_DECKS[index])


def test_there_are_three_demo_decks():
    assert len(DEMO_DECKS) == 3


@pytest.mark.parametrize("index", range(3))
def test_demo_decks_are_legal(db, index):
    result = run("validate", str(DEMO_DECKS[index]), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["legal"] is True and report["card_count"] == 60
    assert report["violations"] == []


def test_validate_text_output(db):
    result = run("validate", str(DEMO_DECKS[0]))
    assert result.exit_code == 0
    assert "legal (60 cards)" in result.output


def test_illegal_deck_exits_1_with_the_exact_json_shape(db, tmp_path):
    deck = _demo()
    name, count = deck.main[-1]
    deck.remove(name, 1)  # 59 cards
    path = tmp_path / "short.txt"
    formats.write_file(deck, path)
    result = run("validate", str(path), "--json")
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert list(report) == ["legal", "card_count", "violations", "warnings"]
    assert report["legal"] is False and report["card_count"] == 59
    assert [v["rule"] for v in report["violations"]] == ["deck-size"]
    for finding in report["violations"] + report["warnings"]:
        assert list(finding) == ["rule", "message", "cards"]
        assert isinstance(finding["message"], str) and isinstance(finding["cards"], list)

    text = run("validate", str(path))
    assert text.exit_code == 1
    assert "ILLEGAL (59 cards)" in text.output and "[deck-size]" in text.output


def test_missing_dominion_names_the_dominion(db, catalogue, tmp_path):
    deck = _demo()
    sites = [n for n, _ in deck.main if catalogue.resolve(n).card_type.value == "Site"]
    for name in sites:
        deck.remove(name, 99)
    path = tmp_path / "no-sites.txt"
    formats.write_file(deck, path)
    report = json.loads(run("validate", str(path), "--json").output)
    missing = [v for v in report["violations"] if v["rule"] == "dominion-missing"]
    assert len(missing) == 5


def test_starter_mode_removes_a_duplicate_path(db, catalogue, tmp_path):
    deck = _demo()
    path_card = next(n for n, _ in deck.main if catalogue.resolve(n).card_type.value == "Path")
    filler = next(
        n for n, c in deck.main if c > 1 and catalogue.resolve(n).card_type.value == "Character"
    )
    deck.add(path_card)
    deck.remove(filler)
    path = tmp_path / "starter.txt"
    formats.write_file(deck, path)

    plain = run("validate", str(path), "--json")
    assert plain.exit_code == 1
    assert [v["rule"] for v in json.loads(plain.output)["violations"]] == ["path-duplicate"]

    starter = run("validate", str(path), "--json", "--starter")
    assert starter.exit_code == 0, starter.output
    report = json.loads(starter.output)
    assert report["card_count"] == 59
    removed = [w for w in report["warnings"] if w["rule"] == "path-duplicate-removed"]
    assert removed and removed[0]["cards"] == [path_card]


@pytest.mark.parametrize("as_json", [False, True])
def test_unknown_card_exits_2_with_line_and_suggestion(db, tmp_path, as_json):
    path = tmp_path / "typo.txt"
    path.write_text("# Name: typo\n3 Gek-A-Gek\n\n2 Gek-A-Geek\n", encoding="utf-8")
    result = run("validate", str(path), *(["--json"] if as_json else []))
    assert result.exit_code == 2
    assert f"{path}:4: unknown card 'Gek-A-Geek'; did you mean 'Gek-A-Gek'" in result.output


@pytest.mark.parametrize(
    "content, message",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00binary", "binary data"),
        (b"3 \x81mile\n", "neither UTF-8 nor Windows-1252"),
        (b"", "empty file"),
        (b"1000000000 Gek-A-Gek\n", "too large"),
        (b"-2 Gek-A-Gek\n", "at least 1"),
    ],
)
def test_unreadable_file_exits_2(db, tmp_path, content, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    result = run("validate", str(path))
    assert result.exit_code == 2
    assert message in result.output and str(path) in result.output


@pytest.mark.parametrize("command", ["validate", "stats", "needs"])
def test_missing_file_and_unknown_extension_exit_2(db, tmp_path, command):
    assert run(command, str(tmp_path / "missing.txt")).exit_code == 2
    odd = tmp_path / "deck.xyz"
    odd.write_text("1 Gek-A-Gek\n", encoding="utf-8")
    result = run(command, str(odd))
    assert result.exit_code == 2 and "extension" in result.output


def test_xml_bomb_exits_2(db, tmp_path):
    path = tmp_path / "bomb.cod"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaa">]>\n<cockatrice_deck>&a;'
        "</cockatrice_deck>",
        encoding="utf-8",
    )
    result = run("validate", str(path))
    assert result.exit_code == 2 and "not allowed" in result.output


@pytest.mark.parametrize("extension", [".cod", ".dek", ".o8d", ".json", ".csv", ".txt"])
def test_convert_by_extension_then_validate(db, tmp_path, extension):
    target = tmp_path / f"deck{extension}"
    result = run("convert", str(DEMO_DECKS[1]), str(target))
    assert result.exit_code == 0, result.output
    assert str(target) in result.output
    assert formats.read_file(target).counts() == _demo(1).counts()
    assert run("validate", str(target)).exit_code == 0


def test_convert_with_to_overrides_the_extension(db, tmp_path):
    target = tmp_path / "deck.xml"
    assert run("convert", str(DEMO_DECKS[0]), str(target), "--to", "octgn").exit_code == 0
    assert formats.get("octgn").read(target.read_bytes()).counts() == _demo(0).counts()
    assert run("convert", str(DEMO_DECKS[0]), str(target), "--to", "mtgo").exit_code == 2
    assert run("convert", str(DEMO_DECKS[0]), str(tmp_path / "deck.xyz")).exit_code == 2


def test_convert_writes_canonical_names(db, tmp_path):
    source = tmp_path / "lower.txt"
    source.write_text("3 gek-a-gek\n1 the  erasure\n", encoding="utf-8")
    target = tmp_path / "out.csv"
    assert run("convert", str(source), str(target)).exit_code == 0
    assert target.read_text(encoding="utf-8").splitlines()[1:] == [
        "3,Gek-A-Gek,main", "1,The Erasure,main",
    ]


def test_convert_unknown_card_exits_2_and_writes_nothing(db, tmp_path):
    source = tmp_path / "typo.txt"
    source.write_text("2 Gek-A-Geek\n", encoding="utf-8")
    target = tmp_path / "out.cod"
    result = run("convert", str(source), str(target))
    assert result.exit_code == 2 and "did you mean" in result.output
    assert not target.exists()


@pytest.mark.parametrize("extension, magic", [(".pdf", b"%PDF-"), (".png", b"\x89PNG")])
def test_convert_to_export_formats(db, tmp_path, extension, magic):
    target = tmp_path / f"sheet{extension}"
    extra = ["--player", "Jude"] if extension == ".pdf" else []
    result = run("convert", str(DEMO_DECKS[2]), str(target), *extra)
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(magic)


def test_stats_json_and_text(db, catalogue):
    result = run("stats", str(DEMO_DECKS[0]), "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["card_count"] == 60
    assert sum(data["by_type"].values()) == 60
    deck = formats.resolve_deck(_demo(0), catalogue)
    sites = sum(c for n, c in deck.main if catalogue.resolve(n).card_type.value == "Site")
    assert data["by_type"]["Site"] == sites
    assert {"prime_curve", "magic_average", "characters_to_secure", "permanent", "instant",
            "by_dominion", "sites", "estimated"} <= set(data)
    text = run("stats", str(DEMO_DECKS[0]))
    assert text.exit_code == 0
    assert "60 cards" in text.output and "Prime curve" in text.output


def test_needs_lists_what_to_acquire(tmp_path, monkeypatch):
    db_path = tmp_path / "own.sqlite3"
    monkeypatch.setenv("DECKBUILDER_DB", str(db_path))
    from deckbuilder.services.collection import CollectionRow, add_rows
    from deckbuilder.services.decks import save_deck

    deck = formats.read_file(DEMO_DECKS[0])
    (first, first_count), (second, _) = deck.main[0], deck.main[1]
    owned = [CollectionRow(n, c) for n, c in deck.main[2:]] + [CollectionRow(first, 1)]
    user_db = UserDatabase.open(db_path)
    add_rows(user_db, owned)

    result = run("needs", str(DEMO_DECKS[0]), "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    expected = [[first, first_count - 1]] if first_count > 1 else []
    assert [[r["name"], r["to_acquire"]] for r in rows] == expected + [[second, deck.main[1].count]]

    text = run("needs", str(DEMO_DECKS[0]))
    assert f"{deck.main[1].count} {second}" in text.output and "Total to acquire" in text.output

    # A saved deck using copies of a third card makes them unavailable with --other-decks.
    third, third_count = deck.main[2]
    save_deck(user_db, DeckList(name="Other", main=[(third, third_count)]))
    plain = json.loads(run("needs", str(DEMO_DECKS[0]), "--json").output)
    assert third not in [r["name"] for r in plain]
    busy = json.loads(run("needs", str(DEMO_DECKS[0]), "--json", "--other-decks").output)
    row = next(r for r in busy if r["name"] == third)
    assert row["to_acquire"] == third_count and row["used_elsewhere"] == third_count


def test_needs_when_everything_is_owned(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKBUILDER_DB", str(tmp_path / "all.sqlite3"))
    from deckbuilder.services.collection import CollectionRow, add_rows

    deck = formats.read_file(DEMO_DECKS[1])
    cards = deck.merged().main + deck.merged().sideboard
    add_rows(UserDatabase.open(), [CollectionRow(n, c) for n, c in cards])
    result = run("needs", str(DEMO_DECKS[1]))
    assert result.exit_code == 0
    assert "You have every card this deck needs." in result.output


def test_convert_into_a_missing_folder_exits_2(db, tmp_path):
    result = run("convert", str(DEMO_DECKS[0]), str(tmp_path / "no" / "such" / "deck.cod"))
    assert result.exit_code == 2
    assert "deck.cod" in result.output


def test_help_lists_the_commands():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("validate", "convert", "stats", "needs"):
        assert command in result.output
