"""The search language's parser: structure, precedence, aliases and syntax errors.

Issue "The card database", section 5: a syntax error names the position and what was
expected. Card types are the rulebook's ("Types of Cards"); Dominion 0 is the
rulebook's "O" for Oviates ("Types of Cards", "Affiliations: Oviate").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.search import SearchSyntaxError, explain, parse
from card_db.search.nodes import (
    AffiliationIs,
    And,
    CardTypeIs,
    DominionIs,
    Flag,
    FreeText,
    GenderIs,
    Not,
    NumberCompare,
    Or,
    TextMatch,
)
from card_db.search.parser import MAX_DEPTH, MAX_TERMS


def root(query: str):
    return parse(query).root


def word(text: str) -> FreeText:
    return FreeText(text, phrase=False)


def test_empty_and_blank_queries_have_no_condition():
    assert root("") is None
    assert root("  \t\n ") is None


def test_implicit_and_binds_tighter_than_or():
    assert root("a b or c") == Or((And((word("a"), word("b"))), word("c")))
    assert root("a or b c") == Or((word("a"), And((word("b"), word("c")))))


def test_parentheses_override_precedence():
    assert root("a (b or c)") == And((word("a"), Or((word("b"), word("c")))))
    assert root("((a))") == word("a")


def test_or_and_and_are_case_insensitive_keywords():
    assert root("a OR b") == Or((word("a"), word("b")))
    assert root("a Or b") == Or((word("a"), word("b")))
    assert root("a AND b and c") == And((word("a"), word("b"), word("c")))


def test_minus_negates_terms_and_groups():
    assert root("-t:site") == Not(CardTypeIs(("Site",)))
    assert root("-(a or b)") == Not(Or((word("a"), word("b"))))
    assert root("--a") == Not(Not(word("a")))


def test_hyphens_inside_words_are_part_of_the_word():
    assert root("Gek-A-Gek") == word("Gek-A-Gek")
    assert root("a -b") == And((word("a"), Not(word("b"))))


def test_quoted_phrases():
    assert root('"roxborough tower"') == FreeText("roxborough tower", phrase=True)
    assert root('gentle "may hold"') == And((word("gentle"), FreeText("may hold", phrase=True)))


@pytest.mark.parametrize(
    ("value", "types"),
    [
        ("character", ("Character",)),
        ("CHARACTER", ("Character",)),
        ("char", ("Character",)),
        ("characters", ("Character",)),
        ("site", ("Site",)),
        ("sites", ("Site",)),
        ("path", ("Path",)),
        ("dictate", ("Dictate",)),
        ("ally", ("Ally Action",)),
        ("action", ("Ally Action",)),
        ("aa", ("Ally Action",)),
        ('"ally action"', ("Ally Action",)),
        ("allyaction", ("Ally Action",)),
        ("combat", ("Combat Maneuver",)),
        ("cm", ("Combat Maneuver",)),
        ("influence", ("Influence Maneuver",)),
        ("im", ("Influence Maneuver",)),
        ("maneuver", ("Combat Maneuver", "Influence Maneuver")),
        ("flash", ("Flash",)),
        ("flashes", ("Flash",)),
        ("c", ("Character", "Combat Maneuver")),
    ],
)
def test_card_type_names_prefixes_and_aliases(value, types):
    assert root(f"t:{value}") == CardTypeIs(types)
    assert root(f"type={value}") == CardTypeIs(types)


def test_unknown_card_type_names_the_valid_types():
    with pytest.raises(SearchSyntaxError) as caught:
        parse("prime<3 t:wizard")
    error = caught.value
    assert error.position == 10
    for name in ("Character", "Site", "Path", "Dictate", "Ally Action", "Combat Maneuver"):
        assert name in str(error)
    assert "Influence Maneuver" in error.expected and "Flash" in error.expected


@pytest.mark.parametrize(
    ("query", "node"),
    [
        ("d:2", DominionIs(2)),
        ("dom=5", DominionIs(5)),
        ("dominion:1", DominionIs(1)),
        ("d:0", DominionIs(None)),
        ("d:none", DominionIs(None)),
        ("d:O", DominionIs(None)),
        ("prime<=3", NumberCompare("prime", "<=", 3)),
        ("magic>=4", NumberCompare("magic", ">=", 4)),
        ("mag:4", NumberCompare("magic", "=", 4)),
        ("str>6", NumberCompare("strength", ">", 6)),
        ("strength!=6", NumberCompare("strength", "!=", 6)),
        ("res<=8", NumberCompare("resistance", "<=", 8)),
        ("resistance<8", NumberCompare("resistance", "<", 8)),
        ("limit=2", NumberCompare("deck_limit", "=", 2)),
        ("owned>0", NumberCompare("owned", ">", 0)),
        ("PRIME=11", NumberCompare("prime", "=", 11)),
        ("aff:maestro", AffiliationIs("maestro")),
        ('aff:"tabula rasa"', AffiliationIs("tabula rasa")),
        ("is:unique", Flag("unique")),
        ("is:perm", Flag("permanent")),
        ("is:instant", Flag("instant")),
        ("is:border", Flag("border")),
        ("is:estimated", Flag("estimated")),
        ("gender:female", GenderIs("female")),
        ("g:f", GenderIs("female")),
        ("gender:none", GenderIs(None)),
        ("r:rare", TextMatch("rarity", "rare", "prefix")),
        ("set:demo", TextMatch("set_name", "demo", "contains")),
        ('set:"demo set"', TextMatch("set_name", "demo set", "contains")),
        ("source:rulebook", TextMatch("source", "rulebook", "contains")),
        ("name:tower", TextMatch("name", "tower", "contains")),
        ("t!=site", Not(CardTypeIs(("Site",)))),
    ],
)
def test_keys(query, node):
    assert root(query) == node


def test_spans_point_into_the_query():
    query = "gen -t:site (d:2 or d:3)"
    tree = root(query)
    assert isinstance(tree, And)
    gen, not_site, group = tree.items
    assert query[gen.start : gen.end] == "gen"
    assert query[not_site.start : not_site.end] == "-t:site"
    assert query[group.start : group.end] == "(d:2 or d:3)"


@pytest.mark.parametrize(
    ("query", "position", "expected_words"),
    [
        ("prime<=x", 7, "a number after 'prime<='"),
        ("prime<=", 7, "a number after 'prime<='"),
        ("str>six", 4, "a number after 'str>'"),
        ("prime<=99999999999999999999", 7, "a number from"),
        ("t<site", 1, "':' after 't'"),
        ("set:", 4, "a value after 'set:'"),
        ("d:6", 2, "a Dominion 1-5"),
        ("is:shiny", 3, "one of unique, permanent"),
        ("gender:x", 7, "one of male, female"),
        ("foo:bar", 0, "a search key"),
        ("(a", 2, "')' to close the '(' at position 0"),
        ("a (b (c)", 8, "')' to close the '(' at position 2"),
        ("a)", 1, "a term or the end of the query"),
        ("()", 1, "a term inside '()'"),
        ("-", 1, "a term after '-'"),
        ("a -", 3, "a term after '-'"),
        ("x or", 4, "a term after 'or'"),
        ("x or or y", 5, "a term after 'or'"),
        ("or x", 0, "a word"),
        ("x and", 5, "a term after 'and'"),
        ('a "roxborough', 13, "a closing '\"' for the phrase opened at position 2"),
        ("prime <= 3", 6, "letters or digits"),
        ('""', 0, "letters or digits"),
    ],
)
def test_syntax_errors_name_position_and_expectation(query, position, expected_words):
    with pytest.raises(SearchSyntaxError) as caught:
        parse(query)
    error = caught.value
    assert error.position == position
    assert expected_words in error.expected
    assert str(error).startswith(f"position {position}: ")


def test_error_message_reads_as_specified():
    with pytest.raises(SearchSyntaxError) as caught:
        parse("prime<=x")
    assert str(caught.value) == "position 7: expected a number after 'prime<='"


def test_nesting_and_term_limits_are_syntax_errors_not_crashes():
    with pytest.raises(SearchSyntaxError, match="nested too deeply"):
        parse("(" * (MAX_DEPTH + 5) + "a" + ")" * (MAX_DEPTH + 5))
    with pytest.raises(SearchSyntaxError, match="nested too deeply"):
        parse("-" * (MAX_DEPTH + 5) + "a")
    with pytest.raises(SearchSyntaxError, match="too many terms"):
        parse(" ".join(["a"] * (MAX_TERMS + 1)))
    assert len(root(" ".join(["a"] * MAX_TERMS)).items) == MAX_TERMS


def test_explain_describes_the_parsed_query():
    assert explain("") == "every card"
    text = explain("t:character prime<=3 (d:2 or -is:unique)")
    assert text == (
        "cards where type is Character and Prime is at most 3 and "
        "(Home Dominion 2 (Border Sites count for both Dominions) or not (is unique))"
    )


QUERY_ALPHABET = st.sampled_from(
    list('()-" :<>=!') + ["t:", "d:", "prime", "str", "is:", "or", "and", "a", "1", "x", "\t"]
)


def _check_parse_outcome(query: str) -> None:
    try:
        parsed = parse(query)
    except SearchSyntaxError as error:
        assert 0 <= error.position <= len(query)
        assert error.expected
        assert str(error).startswith(f"position {error.position}: ")
    else:
        assert parsed.text == query
        explain(parsed)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_parser_never_crashes_on_any_text(query):
    _check_parse_outcome(query)


@settings(max_examples=300, deadline=None)
@given(st.lists(QUERY_ALPHABET, max_size=25).map("".join))
def test_parser_never_crashes_on_query_like_text(query):
    _check_parse_outcome(query)


@pytest.mark.parametrize("bad", ["\ud800", "\x00", "\x07"])
def test_lone_surrogates_and_control_characters_are_syntax_errors(bad):
    with pytest.raises(SearchSyntaxError) as caught:
        parse(f"gen {bad}")
    assert caught.value.position == 4
