"""The search language on real SQLite databases: every key, free text, negation, ``or``,
parentheses, ordering, injection attempts, and generated catalogues whose results must
equal a Python predicate over the rows (issue "The card database", sections 5 and 8).
The result tests run on both engines: SQLite and a real PostgreSQL server (issue 15).

The hand-built catalogue below uses rulebook names for readability; its values are test
fixtures, not card data. The Border Site rule is "Border Sites and Adjacency": a Border
Site is a Site of both of its Dominions.
"""

from __future__ import annotations

import operator
import re
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field

import pytest
from alembic import command
from alembic.config import Config
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_db import postgres
from card_db.database import (
    MIGRATIONS_DIR,
    current_revision,
    head_revision,
    make_engine,
    upgrade_schema,
)
from card_db.reader import load_records
from card_db.search import SearchSyntaxError, parse, search_card_ids
from card_db.search.compiler import build_select
from card_db.userdb import ensure_database


@dataclass
class Row:
    """One card row plus its affiliations and collection quantities."""

    name: str
    card_type: str
    permanent: bool = True
    dominion: int | None = None
    border_dominion: int | None = None
    is_unique: bool = False
    gender: str | None = None
    magic: int | None = None
    strength: int | None = None
    prime: int | None = None
    resistance: int | None = None
    deck_limit: int | None = None
    traits: str = ""
    powers: str = ""
    flavor_text: str = ""
    set_name: str = "Imajica (1997)"
    rarity: str = "common"
    source: str = "test fixture"
    estimated: str = "[]"
    affiliations: tuple[str, ...] = ()
    owned: tuple[int, ...] = field(default=())


COLUMNS = (
    "name card_type permanent dominion border_dominion is_unique gender magic strength prime "
    "resistance deck_limit traits powers flavor_text set_name rarity source estimated"
).split()


@pytest.fixture(scope="module")
def schema_template(tmp_path_factory):
    """A database file at the head migration, copied into memory for each catalogue."""
    path = tmp_path_factory.mktemp("search") / "template.sqlite3"
    upgrade_schema(path)
    return path


ENGINES = ("sqlite", "postgresql")

#: Every table a catalogue writes, emptied before a PostgreSQL catalogue is written.
_CATALOGUE_TABLES = "card_fts, collection_entry, card_affiliation, affiliation, card"


@pytest.fixture(scope="module")
def pg_schema(postgres_server) -> str:
    """The name of a PostgreSQL database at the head migration, without cards."""
    upgrade_schema(postgres_server.create_database("search_schema"))
    return "search_schema"


@pytest.fixture(scope="module")
def engine_template(schema_template, postgres_server, pg_schema):
    """``engine`` -> where a catalogue on it is written: the SQLite template file, or the
    URL of a PostgreSQL database of its own (copied from :func:`pg_schema`)."""
    made = {
        "sqlite": schema_template,
        "postgresql": postgres_server.create_database("search_generated", pg_schema),
    }
    return made.__getitem__


def open_catalogue(template, rows: list[Row]):
    """A connection on a catalogue of ``rows``: a SQLite copy of ``template`` in memory,
    or (``template`` a URL) the PostgreSQL database there, emptied and refilled."""
    if postgres.is_url(template):
        conn = postgres.PostgresReader(template, writable=True)
        conn.execute(f"TRUNCATE {_CATALOGUE_TABLES} CASCADE")
    else:
        conn = sqlite3.connect(":memory:")
        with sqlite3.connect(template) as source:
            source.backup(conn)
    affiliation_ids: dict[str, int] = {}
    for index, row in enumerate(rows, start=1):
        values = [getattr(row, c) for c in COLUMNS]
        conn.execute(
            f"INSERT INTO card (id, key, {', '.join(COLUMNS)}, abilities, collector_number, "
            f"artist, origin) VALUES (?, ?, {', '.join('?' * len(COLUMNS))}, '[]', '', '', "
            "'bundled')",
            [index, f"key-{index}", *values],
        )
        for name in row.affiliations:
            if name not in affiliation_ids:
                affiliation_ids[name] = len(affiliation_ids) + 1
                conn.execute(
                    "INSERT INTO affiliation (id, name, description) VALUES (?, ?, '')",
                    (affiliation_ids[name], name),
                )
            conn.execute(
                "INSERT INTO card_affiliation (card_id, affiliation_id) VALUES (?, ?)",
                (index, affiliation_ids[name]),
            )
        for quantity in row.owned:
            conn.execute(
                "INSERT INTO collection_entry (card_id, quantity, condition, location, notes, "
                "for_trade, date_added) VALUES (?, ?, 'Near Mint', '', '', 0, "
                "'2026-01-01 00:00:00')",
                (index, quantity),
            )
    conn.commit()
    return conn


CATALOGUE = [
    Row(
        "Gentle",
        "Character",
        dominion=5,
        is_unique=True,
        gender="male",
        magic=6,
        strength=7,
        prime=11,
        powers="Allies for -1 if any females are controlled.",
        rarity="rare",
        source="rulebook: Challenge Rival's Ally",
        affiliations=("Maestro",),
        owned=(1, 2),
    ),
    Row(
        "Celestine",
        "Character",
        dominion=1,
        is_unique=True,
        gender="female",
        magic=8,
        strength=5,
        prime=9,
        powers="+4 versus Dowd.",
        rarity="rare",
        estimated='["magic"]',
        affiliations=("Maestro", "Adorer"),
        owned=(1,),
    ),
    Row(
        "Gek-A-Gek",
        "Character",
        dominion=2,
        gender="male",
        magic=1,
        strength=8,
        prime=4,
        affiliations=("Vassal",),
        owned=(0,),
    ),
    Row(
        "Thomas Roxborough",
        "Character",
        dominion=5,
        is_unique=True,
        gender="male",
        magic=0,
        strength=3,
        prime=3,
        traits="May hold Roxborough Tower alone.",
        affiliations=("Tabula Rasa",),
    ),
    Row("Oviate Hatchling", "Character", magic=2, strength=6, prime=2, affiliations=("Oviate",)),
    Row(
        "Roxborough Tower",
        "Site",
        dominion=5,
        is_unique=True,
        resistance=6,
        flavor_text="A tower of the Fifth Dominion.",
    ),
    Row("The Erasure", "Site", dominion=1, border_dominion=2, is_unique=True, resistance=9),
    Row("Yzordderrex Gate", "Site", dominion=2, resistance=8, set_name="Demo Set (invented)"),
    Row("Path of Dreams", "Path", dominion=3, deck_limit=1, set_name="Demo Set (invented)"),
    Row("Pneuma", "Combat Maneuver", permanent=False, powers="+6 Strength in a challenge."),
    Row("Ritual", "Ally Action", permanent=False, dominion=4, deck_limit=2, rarity="uncommon"),
    Row("Amnesia", "Flash", powers="Permanent Flash.", rarity="uncommon"),
    Row("Little Ease", "Flash", permanent=False, powers="Counters Amnesia.", deck_limit=3),
    Row("Agenda of the Tower", "Dictate", traits="Seize a Site.", source="demo"),
    Row("Dowd's Bargain", "Influence Maneuver", permanent=True, powers="+2 versus Sites."),
]
ALL = {r.name for r in CATALOGUE}


@pytest.fixture(scope="module", params=ENGINES)
def catalogue(request, schema_template):
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
        template = server.create_database("search_catalogue",
                                          request.getfixturevalue("pg_schema"))
    else:
        template = schema_template
    conn = open_catalogue(template, CATALOGUE)
    yield conn
    conn.close()


def names(conn: sqlite3.Connection, query: str, **options) -> set[str]:
    ids = search_card_ids(conn, query, **options)
    assert len(ids) == len(set(ids))
    rows = dict(conn.execute("SELECT id, name FROM card").fetchall())
    return {rows[i] for i in ids}


def where(predicate) -> set[str]:
    return {r.name for r in CATALOGUE if predicate(r)}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ALL),
        ("t:character", where(lambda r: r.card_type == "Character")),
        ("t:site", {"Roxborough Tower", "The Erasure", "Yzordderrex Gate"}),
        ("t:ally", {"Ritual"}),
        ("t:combat", {"Pneuma"}),
        ("t:influence", {"Dowd's Bargain"}),
        ("t:maneuver", {"Pneuma", "Dowd's Bargain"}),
        ("t:flash", {"Amnesia", "Little Ease"}),
        ("t:dictate", {"Agenda of the Tower"}),
        ("t:path", {"Path of Dreams"}),
        ("d:1", {"Celestine", "The Erasure"}),
        ("d:2", {"Gek-A-Gek", "The Erasure", "Yzordderrex Gate"}),
        ("d:3", {"Path of Dreams"}),
        ("d:5", {"Gentle", "Thomas Roxborough", "Roxborough Tower"}),
        ("d:0", where(lambda r: r.dominion is None and r.border_dominion is None)),
        ("d:none", where(lambda r: r.dominion is None and r.border_dominion is None)),
        ("is:border", {"The Erasure"}),
        ("prime<=3", {"Thomas Roxborough", "Oviate Hatchling"}),
        ("prime=11", {"Gentle"}),
        ("prime!=11", {"Celestine", "Gek-A-Gek", "Thomas Roxborough", "Oviate Hatchling"}),
        ("magic>=4", {"Gentle", "Celestine"}),
        ("magic=0", {"Thomas Roxborough"}),
        ("str>6", {"Gentle", "Gek-A-Gek"}),
        ("strength<5", {"Thomas Roxborough"}),
        ("res<=8", {"Roxborough Tower", "Yzordderrex Gate"}),
        ("resistance>8", {"The Erasure"}),
        ("limit<=2", {"Path of Dreams", "Ritual"}),
        ("limit>=1", {"Path of Dreams", "Ritual", "Little Ease"}),
        ("owned>0", {"Gentle", "Celestine"}),
        ("owned>=3", {"Gentle"}),
        ("owned=1", {"Celestine"}),
        ("owned=0", ALL - {"Gentle", "Celestine"}),
        ("owned<1", ALL - {"Gentle", "Celestine"}),
        ("owned!=3", ALL - {"Gentle"}),
        ("aff:maestro", {"Gentle", "Celestine"}),
        ("aff:MAESTRO", {"Gentle", "Celestine"}),
        ("aff:tabula", {"Thomas Roxborough"}),
        ('aff:"tabula rasa"', {"Thomas Roxborough"}),
        ("aff:oviate", {"Oviate Hatchling"}),
        ("aff:a", {"Celestine"}),
        ("aff:dearthier", set()),
        (
            "is:unique",
            {"Gentle", "Celestine", "Thomas Roxborough", "Roxborough Tower", "The Erasure"},
        ),
        ("is:permanent", where(lambda r: r.permanent)),
        ("is:instant", {"Pneuma", "Ritual", "Little Ease"}),
        ("is:estimated", {"Celestine"}),
        ("gender:female", {"Celestine"}),
        ("gender:male", {"Gentle", "Gek-A-Gek", "Thomas Roxborough"}),
        ("gender:none t:character", {"Oviate Hatchling"}),
        ("r:rare", {"Gentle", "Celestine"}),
        ("r:unc", {"Ritual", "Amnesia"}),
        ("r:c", where(lambda r: r.rarity == "common")),
        ("set:demo", {"Yzordderrex Gate", "Path of Dreams"}),
        ("set:DEMO", {"Yzordderrex Gate", "Path of Dreams"}),
        ("source:rulebook", {"Gentle"}),
        ("name:tower", {"Roxborough Tower", "Agenda of the Tower"}),
    ],
)
def test_each_key_selects_exactly_the_matching_cards(catalogue, query, expected):
    assert names(catalogue, query) == expected


def test_a_border_site_matches_both_of_its_dominions_only(catalogue):
    """ "Border Sites and Adjacency": the Erasure is a Site of the First and Second Dominions."""
    assert "The Erasure" in names(catalogue, "t:site d:1")
    assert "The Erasure" in names(catalogue, "t:site d:2")
    for other in (3, 4, 5):
        assert "The Erasure" not in names(catalogue, f"t:site d:{other}")
    assert "The Erasure" not in names(catalogue, "-d:1")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("gen", {"Gentle"}),
        ("GEN", {"Gentle"}),
        ("gentle", {"Gentle"}),
        ("tower", {"Roxborough Tower", "Thomas Roxborough", "Agenda of the Tower"}),
        ("roxb", {"Roxborough Tower", "Thomas Roxborough"}),
        ("dowd", {"Celestine", "Dowd's Bargain"}),
        ("gek", {"Gek-A-Gek"}),
        ("gek-a-gek", {"Gek-A-Gek"}),
        ('"roxborough tower"', {"Roxborough Tower", "Thomas Roxborough"}),
        ('"tower alone"', {"Thomas Roxborough"}),
        ('"tower roxborough"', set()),
        ('"rox tower"', set()),
        ('"fifth dominion"', {"Roxborough Tower"}),
        ("counters amnesia", {"Little Ease"}),
        ("amnesia", {"Amnesia", "Little Ease"}),
        ("amnesia -counters", {"Amnesia"}),
        ("nothing-like-this", set()),
    ],
)
def test_free_words_and_quoted_phrases(catalogue, query, expected):
    """Words match names, traits, powers and flavour text; a bare word is a prefix."""
    assert names(catalogue, query) == expected


def test_gen_does_not_match_inside_a_word(catalogue):
    assert "Agenda of the Tower" not in names(catalogue, "gen")


def test_negation_is_the_complement_even_for_missing_characteristics(catalogue):
    for query in ("t:character", "prime<=3", "d:2", "gender:male", "aff:maestro", "gen"):
        assert names(catalogue, f"-{query}") == ALL - names(catalogue, query)
    assert "Roxborough Tower" in names(catalogue, "-prime<=3")
    assert "Roxborough Tower" not in names(catalogue, "prime>3")


def test_many_negated_words_exclude_every_match(catalogue):
    """More top-level ``-word`` terms than the compiler anti-joins still all apply."""
    from card_db.search.compiler import MAX_ANTI_JOINS

    words = ["gen", "tower", "dowd", "amnesia", "seize", "ritual", "pneuma", "oviate"] * 2
    words += ["celestine", "gek", "erasure", "path", "little", "dowd"]
    assert len(words) > MAX_ANTI_JOINS
    excluded = set().union(*(names(catalogue, w) for w in words))
    assert names(catalogue, " ".join(f"-{w}" for w in words)) == ALL - excluded
    assert names(catalogue, "t:site " + " ".join(f"-{w}" for w in words)) == (
        names(catalogue, "t:site") - excluded
    )


def test_or_and_parentheses_precedence(catalogue):
    loose = names(catalogue, "t:site or t:path d:3")
    grouped = names(catalogue, "(t:site or t:path) d:3")
    assert loose == {"Roxborough Tower", "The Erasure", "Yzordderrex Gate", "Path of Dreams"}
    assert grouped == {"Path of Dreams"}
    assert names(catalogue, "t:character -(d:5 or d:1)") == {"Gek-A-Gek", "Oviate Hatchling"}
    assert names(catalogue, "gentle OR celestine") == {"Gentle", "Celestine"}
    assert names(catalogue, "t:character and str>6 or t:site and res>8") == {
        "Gentle",
        "Gek-A-Gek",
        "The Erasure",
    }


def test_order_and_limit(catalogue):
    by_name = search_card_ids(catalogue, "t:character")
    rows = dict(catalogue.execute("SELECT id, name FROM card").fetchall())
    assert [rows[i] for i in by_name] == sorted(rows[i] for i in by_name)
    by_prime = [rows[i] for i in search_card_ids(catalogue, "", order_by="-prime")]
    assert by_prime[:3] == ["Gentle", "Celestine", "Gek-A-Gek"]
    no_prime = sorted(r.name for r in CATALOGUE if r.prime is None)
    assert by_prime[-len(no_prime) :] == no_prime  # no Prime: last, by name
    assert search_card_ids(catalogue, "t:character", limit=2) == by_name[:2]
    assert search_card_ids(catalogue, "", limit=0) == []
    with pytest.raises(ValueError):
        search_card_ids(catalogue, "", order_by="colour")
    with pytest.raises(ValueError):
        search_card_ids(catalogue, "", limit=-1)


def test_syntax_errors_reach_the_caller(catalogue):
    with pytest.raises(SearchSyntaxError) as caught:
        search_card_ids(catalogue, "t:character prime<=x")
    assert caught.value.position == 19


INJECTIONS = [
    "'; DROP TABLE card; --",
    '"; DROP TABLE card; --"',
    "name:\"x' OR '1'='1\"",
    'set:"\') OR 1=1 --"',
    'aff:"x\') UNION SELECT id FROM card --"',
    "gen* OR tower",
    "NEAR(gentle celestine)",
    "card_fts",
    "^gentle",
    "name:%",
    "set:_",
    "r:%",
    "source:/",
    "aff:%",
    "\\",
    "gentle\x00tower",
    'name:"Robert\'); DELETE FROM collection_entry; --"',
]


def _fingerprint(conn) -> tuple:
    if getattr(conn, "dialect", "sqlite") == "postgresql":
        return (
            conn.execute("SELECT count(*), string_agg(name, ',' ORDER BY id) FROM card")
            .fetchone(),
            conn.execute("SELECT count(*) FROM collection_entry").fetchone(),
            conn.execute("SELECT table_name, column_name, data_type FROM "
                         "information_schema.columns WHERE table_schema = 'public' "
                         "ORDER BY 1, 2").fetchall(),
        )
    return (
        conn.execute("SELECT count(*), group_concat(name) FROM card").fetchone(),
        conn.execute("SELECT count(*) FROM collection_entry").fetchone(),
        conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall(),
    )


@pytest.mark.parametrize("query", INJECTIONS)
def test_sql_and_fts_injection_attempts_are_plain_text(catalogue, query):
    before = _fingerprint(catalogue)
    try:
        found = names(catalogue, query)
    except SearchSyntaxError:
        found = set()
    assert _fingerprint(catalogue) == before
    if query.split(":")[0] in ("name", "set", "r", "aff", "source"):
        assert found == set(), "LIKE wildcards and quotes must match only themselves"


@pytest.mark.parametrize("engine", ENGINES)
def test_like_wildcards_match_only_themselves(engine_template, engine):
    conn = open_catalogue(
        engine_template(engine),
        [Row("A", "Flash", set_name="100% Set"), Row("B", "Flash", set_name="1000 Set")],
    )
    assert names(conn, "set:%") == {"A"}
    assert names(conn, "set:0_") == set()
    assert names(conn, "set:1") == {"A", "B"}
    conn.close()


# --- generated catalogues and queries, checked against Python predicates -------------

VOCABULARY = ("gentle", "gen", "tower", "rox", "roxborough", "dowd", "amnesia", "seize", "site")
AFFILIATIONS = ("Maestro", "Vassal", "Adorer", "Tabula Rasa", "Oviate", "Oethac")
TYPES = (
    "Character",
    "Site",
    "Path",
    "Dictate",
    "Ally Action",
    "Combat Maneuver",
    "Influence Maneuver",
    "Flash",
)
TYPE_WORDS = {
    "character": {"Character"},
    "site": {"Site"},
    "path": {"Path"},
    "dictate": {"Dictate"},
    "ally": {"Ally Action"},
    "combat": {"Combat Maneuver"},
    "influence": {"Influence Maneuver"},
    "maneuver": {"Combat Maneuver", "Influence Maneuver"},
    "flash": {"Flash"},
    "c": {"Character", "Combat Maneuver"},
}
NUMERIC_KEYS = {
    "prime": "prime",
    "magic": "magic",
    "str": "strength",
    "res": "resistance",
    "limit": "deck_limit",
}
OPS = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def tokens(text: str) -> list[str]:
    """Words as the FTS5 unicode61 tokenizer sees ASCII text."""
    return re.findall(r"[a-z0-9]+", text.lower())


def texts(row: Row) -> tuple[str, ...]:
    return (row.name, row.traits, row.powers, row.flavor_text)


def has_prefix_word(row: Row, word: str) -> bool:
    return any(t.startswith(word) for text in texts(row) for t in tokens(text))


def has_phrase(row: Row, phrase: list[str]) -> bool:
    for text in texts(row):
        words = tokens(text)
        for i in range(len(words) - len(phrase) + 1):
            if words[i : i + len(phrase)] == phrase:
                return True
    return False


sentences = st.lists(st.sampled_from(VOCABULARY), max_size=5).map(" ".join)
small = st.none() | st.integers(0, 6)


@st.composite
def rows(draw, index: int) -> Row:
    card_type = draw(st.sampled_from(TYPES))
    dominion = draw(st.none() | st.integers(1, 5))
    border = None
    if dominion is not None and draw(st.booleans()):
        border = dominion % 5 + 1
    name = f"{draw(st.sampled_from(VOCABULARY)).title()} {draw(sentences)} {index}".strip()
    return Row(
        name=name,
        card_type=card_type,
        permanent=draw(st.booleans()),
        dominion=dominion,
        border_dominion=border,
        is_unique=draw(st.booleans()),
        gender=draw(st.none() | st.sampled_from(["male", "female", "both", "neither"])),
        magic=draw(small),
        strength=draw(small),
        prime=draw(small),
        resistance=draw(small),
        deck_limit=draw(st.none() | st.integers(1, 3)),
        traits=draw(sentences),
        powers=draw(sentences),
        flavor_text=draw(sentences),
        set_name=draw(st.sampled_from(["Imajica (1997)", "Demo Set", "My Set"])),
        rarity=draw(st.sampled_from(["common", "uncommon", "rare", ""])),
        source=draw(st.sampled_from(["demo", "rulebook: Unique Cards", "user"])),
        estimated=draw(st.sampled_from(["[]", '["magic"]'])),
        affiliations=tuple(draw(st.sets(st.sampled_from(AFFILIATIONS), max_size=2))),
        owned=tuple(draw(st.lists(st.integers(0, 3), max_size=2))),
    )


@st.composite
def catalogues(draw) -> list[Row]:
    count = draw(st.integers(0, 10))
    return [draw(rows(i)) for i in range(count)]


def leaf_terms():
    """(query text, predicate on Row) pairs for every key and free text."""

    def numeric(key, op, value):
        column = NUMERIC_KEYS[key]

        def test(r):
            found = getattr(r, column)
            return found is not None and OPS[op](found, value)

        return (f"{key}{op}{value}", test)

    def dominion(d):
        if d == 0:
            return ("d:0", lambda r: r.dominion is None and r.border_dominion is None)
        return (f"d:{d}", lambda r: d in (r.dominion, r.border_dominion))

    def owned(op, value):
        return (f"owned{op}{value}", lambda r: OPS[op](sum(r.owned), value))

    flags = {
        "unique": lambda r: r.is_unique,
        "permanent": lambda r: r.permanent,
        "instant": lambda r: not r.permanent,
        "border": lambda r: r.card_type == "Site" and r.border_dominion is not None,
        "estimated": lambda r: r.estimated != "[]",
    }
    return st.one_of(
        st.sampled_from(sorted(TYPE_WORDS)).map(
            lambda w: (f"t:{w}", lambda r: r.card_type in TYPE_WORDS[w])
        ),
        st.integers(0, 5).map(dominion),
        st.builds(
            numeric,
            st.sampled_from(sorted(NUMERIC_KEYS)),
            st.sampled_from(sorted(OPS)),
            st.integers(0, 6),
        ),
        st.builds(owned, st.sampled_from(sorted(OPS)), st.integers(0, 4)),
        st.sampled_from(sorted(flags)).map(lambda f: (f"is:{f}", flags[f])),
        st.sampled_from(["male", "female", "both", "neither"]).map(
            lambda g: (f"gender:{g}", lambda r: r.gender == g)
        ),
        st.sampled_from(["rare", "Unc", "c", "r"]).map(
            lambda v: (f"r:{v}", lambda r: r.rarity.startswith(v.lower()))
        ),
        st.sampled_from(["demo", "SET", "1997", "my s"]).map(
            lambda v: (f'set:"{v}"', lambda r: v.lower() in r.set_name.lower())
        ),
        st.sampled_from(["rulebook", "demo", "US"]).map(
            lambda v: (f"source:{v}", lambda r: v.lower() in r.source.lower())
        ),
        st.sampled_from(["maestro", "Tab", "o", "vassal", "x"]).map(
            lambda v: (
                f"aff:{v}",
                lambda r: any(a.lower().startswith(v.lower()) for a in r.affiliations),
            )
        ),
        st.sampled_from(["tower", "Gen", "3"]).map(
            lambda v: (f"name:{v}", lambda r: v.lower() in r.name.lower())
        ),
        st.sampled_from(VOCABULARY + ("ro", "g", "GENT")).map(
            lambda w: (w, lambda r: has_prefix_word(r, w.lower()))
        ),
        st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=2).map(
            lambda ws: (f'"{" ".join(ws)}"', lambda r: has_phrase(r, ws))
        ),
    )


def _and(pair):
    (a, pa), (b, pb) = pair
    return (f"{a} {b}", lambda r: pa(r) and pb(r))


def _or(pair):
    (a, pa), (b, pb) = pair
    return (f"({a} or {b})", lambda r: pa(r) or pb(r))


def _not(term):
    text, predicate = term
    return (f"-({text})", lambda r: not predicate(r))


queries = st.recursive(
    leaf_terms(),
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(_and),
        st.tuples(inner, inner).map(_or),
        inner.map(_not),
    ),
    max_leaves=6,
)


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows_=catalogues(), terms=st.lists(queries, min_size=1, max_size=4))
def test_results_equal_their_predicates_on_generated_catalogues(
    engine_template, engine, rows_, terms
):
    conn = open_catalogue(engine_template(engine), rows_)
    try:
        for text, predicate in terms:
            assert names(conn, text) == {r.name for r in rows_ if predicate(r)}, text
    finally:
        conn.close()


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows_=catalogues(),
    term=queries,
    limit=st.integers(0, 6),
    order=st.sampled_from(["name", "-name", "prime", "-magic", "type", "-set", "id"]),
)
def test_a_first_screen_is_the_start_of_every_result(
    engine_template, engine, rows_, term, limit, order
):
    """``limit`` (another query plan: the first screen) gives the first ids of the full list."""
    conn = open_catalogue(engine_template(engine), rows_)
    dialect = getattr(conn, "dialect", "sqlite")
    try:
        every = search_card_ids(conn, term[0], order_by=order)
        assert search_card_ids(conn, term[0], limit=limit, order_by=order) == every[:limit]
        for walk in (True, False):  # both plans, whatever the free text's match count
            sql = build_select(parse(term[0]), limit, order, walk, dialect)
            assert [row[0] for row in conn.execute(sql.text, sql.params)] == every[:limit]
    finally:
        conn.close()


def test_searching_loads_no_sqlalchemy(bundled_path):
    """The search path compiles its own SQL: no SQLAlchemy, SQLModel or Alembic import."""
    code = (
        "import sqlite3, sys\n"
        "from card_db.search import search_card_ids\n"
        f"conn = sqlite3.connect({str(bundled_path)!r})\n"
        "assert search_card_ids(conn, 't:site d:3 -zzz or aff:m owned=0', limit=5)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('sqlalchemy', 'sqlmodel', 'alembic')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_search_never_fails_except_with_a_syntax_error(catalogue, query):
    """Any string either gives ids or a SearchSyntaxError; the engine never sees bad syntax."""
    before = _fingerprint(catalogue)
    try:
        ids = search_card_ids(catalogue, query)
    except SearchSyntaxError as error:
        assert 0 <= error.position <= len(query)
    else:
        assert set(ids) <= set(range(1, len(CATALOGUE) + 1))
    assert _fingerprint(catalogue) == before


# --- the bundled catalogue, built by ensure_database ----------------------------------


@pytest.fixture(scope="module")
def bundled_path(tmp_path_factory):
    return ensure_database(tmp_path_factory.mktemp("bundled") / "bundled.sqlite3")


@pytest.fixture(scope="module", params=ENGINES)
def bundled(request, bundled_path):
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
        url = server.create_database("search_bundled",
                                     request.getfixturevalue("postgres_template"))
        conn = postgres.PostgresReader(url)
    else:
        conn = sqlite3.connect(f"file:{bundled_path}?mode=ro", uri=True)
    yield conn
    conn.close()


BUNDLED_CHECKS = {
    "t:site d:3": lambda c: c.card_type.value == "Site" and 3 in c.dominions,
    "t:character prime<=3": lambda c: (
        c.card_type.value == "Character" and c.prime is not None and c.prime <= 3
    ),
    "is:border": lambda c: c.is_border_site,
    "d:0 t:character": lambda c: not c.dominions and c.card_type.value == "Character",
    "aff:maestro or aff:vassal": lambda c: (
        c.has_affiliation("Maestro") or c.has_affiliation("Vassal")
    ),
    "-is:permanent": lambda c: not c.permanent,
    "gender:female str>=5": lambda c: (
        c.gender is not None
        and c.gender.value == "female"
        and c.strength is not None
        and c.strength >= 5
    ),
    "set:demo": lambda c: "demo" in c.set_name.lower(),
    "source:rulebook -is:estimated": lambda c: "rulebook" in c.source and not c.estimated,
}


@pytest.mark.parametrize("query", sorted(BUNDLED_CHECKS))
def test_bundled_catalogue_results_equal_their_predicates(bundled, query):
    records = load_records(bundled)
    expected = {r.name for r in records if BUNDLED_CHECKS[query](r)}
    found = [r.name for r in load_records(bundled, search_card_ids(bundled, query))]
    assert set(found) == expected
    assert found == sorted(found)


def test_bundled_catalogue_free_text_and_border_sites(bundled):
    def bundled_names(query):
        return {r.name for r in load_records(bundled, search_card_ids(bundled, query))}

    assert "Gentle" in bundled_names("gen")
    assert "Thomas Roxborough" in bundled_names('"roxborough tower"')
    assert {"The Erasure"} <= bundled_names("t:site d:1") & bundled_names("t:site d:2")
    assert len(bundled_names("t:site d:3")) >= 3


# --- the schema the search reads ---------------------------------------------------


def test_search_tables_mirror_the_migrated_schema(schema_template):
    """card_db.search.tables names only tables and columns the migrations create."""
    from card_db.search import tables

    conn = sqlite3.connect(schema_template)
    try:
        for table, columns in tables.TABLES.items():
            present = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            assert set(columns) <= present, table
        fts = {row[1] for row in conn.execute(f"PRAGMA table_xinfo({tables.FTS_TABLE})")}
        assert {"name", "traits", "powers", "flavor_text"} <= fts
    finally:
        conn.close()


def test_first_screen_index_covers_every_column_the_search_reads(schema_template):
    """A walk through ix_card_search goes in name order and never needs the table row."""
    from card_db.search import tables

    with sqlite3.connect(schema_template) as conn:
        columns = [row[2] for row in conn.execute(f"PRAGMA index_info({tables.SEARCH_INDEX})")]
        name_index = [row[2] for row in conn.execute(f"PRAGMA index_info({tables.NAME_INDEX})")]
    assert columns[0] == "name" and name_index == ["name"]
    assert set(columns) == set(tables.TABLES["card"]) - {"id"}


SEARCH_INDEXES = {
    "ix_card_magic",
    "ix_card_strength",
    "ix_card_prime",
    "ix_card_resistance",
    "ix_card_deck_limit",
    "ix_card_affiliation_affiliation_id",
}


def _schema_objects(path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}


def test_search_index_migration_upgrades_and_downgrades(tmp_path):
    """Revision 0002 adds the search indexes; downgrading removes them and keeps FTS5."""
    db = tmp_path / "indexes.sqlite3"
    upgrade_schema(db)
    assert current_revision(db) == head_revision()
    assert SEARCH_INDEXES <= _schema_objects(db)
    conn = open_catalogue(db, CATALOGUE)  # copies the upgraded file into memory
    assert names(conn, "prime<=3") == {"Thomas Roxborough", "Oviate Hatchling"}
    conn.close()

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    engine = make_engine(db)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0001")
    finally:
        engine.dispose()
    objects = _schema_objects(db)
    assert current_revision(db) == "0001"
    assert not SEARCH_INDEXES & objects
    assert {"card_fts", "card_fts_ai", "card_fts_ad", "card_fts_au", "ix_card_name"} <= objects
