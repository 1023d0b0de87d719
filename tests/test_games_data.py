"""Every fact of the game data files is checked against the rulebook text it cites.

Each fact names a section heading (``source``) and a short verbatim phrase of that
section (``evidence``); the tests find the section in ``../shared/rulebook/<rulebook>``,
check that the phrase is in it and that the number or name the fact gives is in the
phrase (or, for names, the section). Group totals are checked against the sums of
their components, and contradictions against both texts. Then the loader's schema
errors and the TOML round trip.
"""

from __future__ import annotations

import re

import pytest

from card_db.errors import UserError
from card_db.games import (
    GameDefinition,
    GameFileError,
    Source,
    bundled_game_files,
    bundled_games,
    dump_game,
    load_game,
    normalise_text,
    parse_game,
    rulebook_sections,
    write_game,
)
from tests.shared_files import read_rulebook

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
ANY_NUMBER = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS.values()) + r")\b", re.IGNORECASE)

GAMES = bundled_games()


def _rulebook(game: GameDefinition) -> str:
    """The game's rulebook, beside the Imajica one (skipped when absent:
    tests/shared_files.py)."""
    return read_rulebook(game.rulebook)


def _section(game: GameDefinition, source: Source) -> str:
    """The cited section that holds the evidence (a heading can occur more than once)."""
    sections = rulebook_sections(_rulebook(game), source.section)
    assert sections, f"{game.name}: no section {source.section!r} in {game.rulebook}"
    holding = [s for s in sections if source.evidence in s]
    assert holding, (f"{game.name}: {source.evidence!r} is not in the section "
                     f"{source.section!r}")
    return holding[0]


def _states_number(evidence: str, number: int) -> bool:
    words = [str(number)] + ([NUMBER_WORDS[number]] if number in NUMBER_WORDS else [])
    return any(re.search(rf"\b{w}\b", evidence, re.IGNORECASE) for w in words)


def _name_parts(name: str) -> list[str]:
    return [p for p in re.split(r" \(|\)|, ", name) if p]


def _facts(game: GameDefinition):
    """``(what, source)`` of every sourced fact of ``game``."""
    for key in ("publisher", "year", "expansion_of"):
        if getattr(game, key) is not None:
            yield key, getattr(game, key).source
    yield "players", game.players.source
    for group in game.groups:
        yield f"group {group.path}", group.source
    for component in game.components:
        yield f"component {component.name}", component.source
    for requirement in game.requires:
        yield f"requirement {requirement.target}", requirement.rule
    for contradiction in game.contradictions:
        for statement in contradiction.statements:
            yield f"contradiction {contradiction.subject!r}", statement.source


def test_the_bundled_games_are_the_four_rulebooks_games():
    assert [g.name for g in GAMES] == ["Imaginarium: Chimera", "Imajica", "Imperial Twing",
                                       "Mystic War"]
    assert [p.name for p in bundled_game_files()] == [
        "imaginarium-chimera.toml", "imajica.toml", "imperial-twing.toml", "mystic-war.toml"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_evidence_is_verbatim_in_its_section(game):
    assert game.name.casefold() in normalise_text(_rulebook(game)).casefold()
    facts = list(_facts(game))
    assert len(facts) > len(game.components)
    for _what, source in facts:
        _section(game, source)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_count_is_stated_or_worked_out_or_marked_estimated(game):
    totals = {g.path: g.total for g in game.groups}
    for c in game.components:
        if c.count_basis == "stated":
            assert _states_number(c.source.evidence, c.count), (c.name, c.source.evidence)
        elif c.count_basis == "single":
            numbers = ANY_NUMBER.findall(c.source.evidence)
            assert all(n.lower() in ("1", "one") for n in numbers), (c.name, numbers)
        elif c.count_basis == "rest-of-group":
            others = sum(o.count for o in game.components if o.group == c.group and o != c)
            assert c.count == totals[c.group] - others, c.name
        else:
            assert c.estimated == ("count",) and c.notes, f"{c.name}: say how it was estimated"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_name_and_back_is_in_the_rulebook(game):
    rules = normalise_text(_rulebook(game)).casefold()
    for c in game.components:
        section = _section(game, c.source).casefold()
        names = (c.name, *c.also_called)
        for name in names:
            assert all(p.casefold() in rules for p in _name_parts(name)), name
        assert any(all(p.casefold() in section for p in _name_parts(n)) for n in names), c.name
        if c.back:  # stated for the card or for its group
            totals = [g.source.evidence for g in game.groups if c.in_group(g.path)]
            assert any(c.back.casefold() in t.casefold() for t in [section, *totals]), c.name


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_stated_values_and_players_are_in_their_evidence(game):
    for key in ("publisher", "year", "expansion_of"):
        stated = getattr(game, key)
        if stated is not None:
            assert str(stated.value) in stated.source.evidence, key
    players = game.players
    for key in ("min", "max"):
        value = getattr(players, key)
        if value is not None and key not in players.estimated:
            assert _states_number(players.source.evidence, value), key


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_group_totals_match_their_components_or_a_recorded_contradiction(game):
    for group in game.groups:
        assert _states_number(group.source.evidence, group.total), group.path
        found = sum(c.count for c in game.in_group(group.path))
        if found == group.total:
            continue
        (contradiction,) = [c for c in game.contradictions if c.group == group.path]
        values = [s.value for s in contradiction.statements]
        assert group.total in values
        assert contradiction.statements[contradiction.used].value == found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_requirement_numbers_are_in_their_evidence(game):
    for r in game.requires:
        needed = r.at_least or r.per_player
        if needed > 1:
            assert _states_number(r.rule.evidence, needed), r.target


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_contradiction_values_are_what_each_text_says(game):
    for contradiction in game.contradictions:
        assert len({s.source for s in contradiction.statements}) == len(contradiction.statements)
        for statement in contradiction.statements:
            if statement.value is None:
                continue
            numbers = [int(n) for n in re.findall(r"\b\d+\b", statement.source.evidence)]
            assert statement.value in numbers or statement.value == sum(numbers)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_summaries_are_our_own_words(game):
    rules = normalise_text(_rulebook(game)).casefold()
    texts = [(c.name, c.summary) for c in game.components if c.summary]
    texts += [(r.target, r.why) for r in game.requires]
    texts += [(c.subject, c.why) for c in game.contradictions]
    assert texts
    for what, text in texts:
        # no run of six words copied from the rulebook
        words = text.casefold().split()
        for i in range(len(words) - 5):
            assert " ".join(words[i:i + 6]) not in rules, (what, words[i:i + 6])


# --- facts the issue names -------------------------------------------------------------


def _game(name: str) -> GameDefinition:
    return next(g for g in GAMES if g.name == name)


def test_mystic_war_action_deck_is_the_card_summary():
    game = _game("Mystic War")
    assert sum(c.count for c in game.in_group(["Action cards"])) == 82
    for group, total in (("RESOURCE", 48), ("SPELL", 13), ("DEITY", 9), ("EVENT", 12)):
        assert sum(c.count for c in game.in_group(["Action cards", group])) == total
    # every card the summary names in bold is in the data, and nothing else
    text = _rulebook(game)
    summary = text[text.index("## Card Summary"):text.index("## BLANK ACTION CARD")]
    named = {re.sub(r" \(\d+ [Cc]ards\)", "", m) for m in re.findall(r"\*\*([^*]+)\*\* –",
                                                                        summary)}
    in_data = {c.name.split(" (")[0] if c.name.startswith("Judgment") else c.name
               for c in game.in_group(["Action cards"])}
    in_data = {"Transmutation (Followers, Mystic Power, Gold)" if n.startswith(
        "Transmutation (") and "Destruction" not in n else n for n in in_data}
    assert named == in_data


def test_mystic_war_records_kingdom_against_city():
    game = _game("Mystic War")
    (contradiction,) = [c for c in game.contradictions if "Victory Condition" in c.subject]
    texts = [s.source.evidence for s in contradiction.statements]
    assert "Kingdom" in texts[0] and "City" in texts[1]
    assert contradiction.used == 0
    kingdom = game.component("City")
    assert kingdom.name == "Kingdom" and kingdom.count == 3


def test_chimera_records_48_against_the_56_listed():
    game = _game("Imaginarium: Chimera")
    fragments = game.in_group(["Dream fragment tokens"])
    assert [c.count for c in fragments] == [12, 12, 12, 12, 8]
    (contradiction,) = [c for c in game.contradictions if c.group]
    assert [s.value for s in contradiction.statements] == [48, 56]
    assert contradiction.statements[contradiction.used].value == 56
    assert game.publisher is None and game.year is None
    assert game.expansion_of.value == "Imaginarium"


def test_imperial_twing_leaves_the_playing_cards_unbroken():
    game = _game("Imperial Twing")
    (playing,) = game.in_group(["Playing cards"])
    assert playing.count == 138 and playing.back == "blue"
    assert game.players.max == 4 and game.players.estimated == ("min",)


# --- the loader -------------------------------------------------------------------------

MINIMAL = """\
schema = 1
name = "Tiny"
rulebook = "tiny.txt"

[players]
min = 2
max = 4
source = "Box"
evidence = "2 to 4 players"

[[components]]
name = "Die"
group = ["Dice"]
kind = "die"
count = 2
source = "Box"
evidence = "2 dice"
"""


def test_a_minimal_file_loads():
    game = parse_game(MINIMAL)
    assert game.name == "Tiny" and game.total_components == 2
    assert game.component("Die").path == ("Dice", "Die")


def test_invalid_toml_gives_file_line_and_column():
    with pytest.raises(GameFileError) as caught:
        parse_game(MINIMAL.replace('kind = "die"', 'kind = "die'), "tiny.toml")
    error = caught.value
    assert isinstance(error, UserError)
    assert (error.file, error.line) == ("tiny.toml", 14) and error.column is not None
    assert str(error).startswith("tiny.toml:14:") and "not valid TOML" in str(error)


@pytest.mark.parametrize(("old", "new", "field", "line", "words"), [
    ('kind = "die"', 'kind = "dice"', "components[0].kind", 14, "unknown kind 'dice'"),
    ("count = 2", "count = 0", "components[0].count", 15, "whole number >= 1"),
    ("count = 2", "count = 2\ncount_basis = \"single\"", "components[0].count", 15,
     "must be 1"),
    ("max = 4", "max = 1", "players.max", 7, "at least min"),
    ('group = ["Dice"]', "group = []", "components[0].group", 13, "must not be empty"),
    ('name = "Die"', 'name = "Die"\ncolour = "red"', "components[0].colour", 13,
     "unknown field"),
    ("schema = 1", "schema = 2", "schema", 1, "unsupported schema"),
])
def test_schema_errors_name_the_field_and_line(old, new, field, line, words):
    with pytest.raises(GameFileError) as caught:
        parse_game(MINIMAL.replace(old, new), "tiny.toml")
    assert caught.value.field == field
    assert caught.value.line == line
    assert words in str(caught.value) and str(caught.value).startswith(f"tiny.toml:{line}:")


def test_requirements_must_name_a_real_component():
    text = MINIMAL + ('\n[[requires]]\ncomponent = "Board"\nat_least = 1\nrule = "Box"\n'
                      'evidence = "x"\nwhy = "y"\n')
    with pytest.raises(GameFileError, match=r"requires\[0\]\.component: no component"):
        parse_game(text)
    both = text.replace('component = "Board"', 'component = "Die"\nper_player = 1')
    with pytest.raises(GameFileError, match=r"requires\[0\]: give exactly one of 'at_least'"):
        parse_game(both)


def test_errors_in_tables_and_entries_point_at_their_header():
    text = MINIMAL.replace("[players]", "[players]\nmood = 1")
    with pytest.raises(GameFileError) as caught:
        parse_game(text)
    assert (caught.value.field, caught.value.line) == ("players.mood", 6)
    text = MINIMAL + '\n[[requires]]\ncomponent = "Die"\nrule = "Box"\nevidence = "x"\nwhy = "y"\n'
    with pytest.raises(GameFileError) as caught:
        parse_game(text)
    assert (caught.value.field, caught.value.line) == ("requires[0]", 19)


def test_show_json_shape():
    data = parse_game(MINIMAL).as_dict()
    assert data == {"game": "Tiny", "publisher": None, "year": None,
                    "players": {"min": 2, "max": 4}, "source": "tiny.txt",
                    "components": [{"name": "Die", "group": ["Dice"], "kind": "die",
                                    "count": 2, "source": "Box", "estimated": []}],
                    "total_components": 2, "notes": [], "contradictions": [],
                    "edition": None, "editions": []}


def _twing():
    return next(g for g in bundled_games() if g.name == "Imperial Twing")


def test_imperial_twing_offers_the_retail_parts_list_as_a_second_edition():
    """The rulebook the app checks against is the prototype edition; the publisher's
    official rules page lists the retail box (issue 25, section 4)."""
    game = _twing()
    assert game.edition_names() == ("prototype", "retail")
    prototype, retail = game.all_editions()
    assert prototype.source == "imperial-twing-rules.txt" and "Prototype" in prototype.title
    assert retail.source.startswith("https://imperialtwing.com/")
    parts = {c.name: c.count for c in retail.components}
    assert parts == {"Card": 160, "Blank magical object card": 2, "Orn Dice": 4,
                     "Ornicle token": 30, "Cloth bag": 1}
    cards = sum(c.count for c in game.components if c.kind == "card")
    assert cards == 160  # the prototype's 4 + 138 + 9 + 9
    variant = game.for_edition("retail")
    assert variant.total_components == 197 and variant.rulebook == retail.source
    assert {r.target for r in variant.requires} == {"Orn dice", "Ornicle tokens"}
    assert game.for_edition("prototype") is game and game.for_edition(None) is game
    with pytest.raises(KeyError):
        game.for_edition("deluxe")
    assert parse_game(dump_game(game)) == game
    data = game.as_dict()
    assert data["edition"] == {"name": "prototype", "title": prototype.title}
    assert [e["name"] for e in data["editions"]] == ["retail"]
    assert data["editions"][0]["total_components"] == 197


def test_edition_errors_name_the_field():
    text = MINIMAL + ('\n[[editions]]\nname = "b"\ntitle = "B"\nsource = "x"\n')
    with pytest.raises(GameFileError) as caught:
        parse_game(text)
    assert caught.value.field == "edition"
    with_edition = MINIMAL.replace('name = "Tiny"', 'name = "Tiny"\nedition = "a"')
    with pytest.raises(GameFileError) as caught:
        parse_game(with_edition + '\n[[editions]]\nname = "b"\ntitle = "B"\nsource = "x"\n')
    assert "no components" in str(caught.value)
    part = ('\n[[edition_components]]\nedition = "c"\nname = "Die"\ngroup = ["Dice"]\n'
            'kind = "die"\ncount = 1\nsource = "Box"\nevidence = "x"\n')
    with pytest.raises(GameFileError) as caught:
        parse_game(with_edition + '\n[[editions]]\nname = "b"\ntitle = "B"\nsource = "x"\n'
                   + part)
    assert caught.value.field == "edition_components[0].edition"


def test_chimera_records_its_dream_fragment_contradiction():
    game = next(g for g in bundled_games() if g.name == "Imaginarium: Chimera")
    (tokens,) = [c for c in game.as_dict()["contradictions"]
                 if c["group"] == ["Dream fragment tokens"]]
    assert [s["value"] for s in tokens["statements"]] == [48, 56]
    assert tokens["used"] == 1 and tokens["why"]


def test_chimera_contradiction_quotes_its_rulebook():
    game = next(g for g in bundled_games() if g.name == "Imaginarium: Chimera")
    text = normalise_text(read_rulebook(game.rulebook))
    for contradiction in game.as_dict()["contradictions"]:
        for statement in contradiction["statements"]:
            assert normalise_text(statement["evidence"]) in text


def test_a_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(GameFileError, match="cannot read"):
        load_game(tmp_path / "none.toml")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_round_trip(game, tmp_path):
    text = dump_game(game)
    assert parse_game(text) == game
    path = tmp_path / "game.toml"
    write_game(game, path)
    assert load_game(path) == game
    assert dump_game(load_game(path)) == text


def test_round_trip_escapes_awkward_strings():
    game = parse_game(MINIMAL.replace('name = "Tiny"', 'name = "Ti\\"ny \\\\ \\u007f é\\n"'))
    assert game.name == 'Ti"ny \\ \x7f é\n'
    assert parse_game(dump_game(game)) == game
