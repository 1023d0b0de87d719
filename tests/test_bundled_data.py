"""The bundled data: every file loads whole, the demo set covers what decks need, and the
three demo decks are legal under "Deck Construction" and "Border Sites and Adjacency".

The deck checks here use a small matching of Sites to Dominions of their own; the deck
logic in ``deckbuilder/deck/`` has the real legality checker and its own tests.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from pathlib import Path

import pytest

from card_db.checklist import (
    DATA_DIR,
    DECKS_DIR,
    bundled_card_files,
    load_affiliations,
    load_bundled_records,
    load_bundled_rows,
    read_checklist_rows,
    record_key,
)
from card_db.records import CardType, dominions_adjacent
from tests.shared_files import read_rulebook

DEMO_SET = "Demo Set (invented cards, not the 1997 set)"
ELEVEN = [
    "Maestro", "Vassal", "Adorer", "Aphrodyte", "Artist", "Tabula Rasa", "Oviate",
    "Dearthier", "Eurhetemec", "Kuyrmid", "Oethac",
]
BOTH_FORMS = [
    CardType.DICTATE, CardType.ALLY_ACTION, CardType.COMBAT_MANEUVER,
    CardType.INFLUENCE_MANEUVER, CardType.FLASH, CardType.PATH,
]
DECK_FILES = ["maestro-reconciliation.txt", "oviate-swarm.txt", "vassal-oethac-strength.txt"]


@pytest.fixture(scope="module")
def bundled():
    return load_bundled_records()


@pytest.fixture(scope="module")
def demo(bundled):
    return [r for r in bundled if r.source == "demo"]


# ------------------------------------------------------------------ the data files


def test_the_bundled_files_are_the_rulebook_and_demo_checklists():
    assert [p.name for p in bundled_card_files()] == ["demo_cards.csv", "rulebook_cards.csv"]
    assert all(p.parent == DATA_DIR for p in bundled_card_files())


@pytest.mark.parametrize("path", bundled_card_files(), ids=lambda p: p.name)
def test_every_row_of_every_data_file_loads(path):
    text = path.read_text("utf-8")
    records_in_file = sum(1 for cells in csv.reader(io.StringIO(text)) if any(cells)) - 1
    rows = read_checklist_rows(path, known_sites=[r.name for r in load_bundled_records()])
    assert len(rows) == records_in_file > 0
    # Bundled keys are the slugs of the names, so the database can find them again.
    assert all(row.key == record_key(row.record) for row in rows)
    assert text.splitlines()[0].startswith("key,name,type,permanent,dominions")


def test_the_catalogue_is_every_file_with_unique_names_and_keys(bundled):
    rows = load_bundled_rows()
    assert [row.record for row in rows] == bundled
    assert len({r.name.casefold() for r in bundled}) == len(bundled)
    assert len({row.key for row in rows}) == len(rows)
    sources = Counter("demo" if r.source == "demo" else r.source.split(":")[0] for r in bundled)
    assert sources == {"demo": 140, "rulebook": 44}


def test_the_eleven_affiliations_with_the_rulebook_descriptions():
    rules = " ".join(read_rulebook().replace("*", "").split())
    affiliations = load_affiliations()
    assert [name for name, _ in affiliations] == ELEVEN
    for name, description in affiliations:
        for sentence in re.split(r"(?<=\.) ", description):
            assert sentence in rules, f"{name}: {sentence!r} is not the rulebook's text"
    assert "Dearthier: An affiliation which grants no special power." in rules


def test_every_affiliation_a_card_names_is_known(bundled):
    used = {a for r in bundled for a in r.affiliations}
    assert used <= set(ELEVEN)


# ------------------------------------------------------------------ the demo set


def test_the_demo_set_says_it_is_invented(demo):
    assert 120 <= len(demo) <= 160
    for record in demo:
        assert record.set_name == DEMO_SET and record.source == "demo"
        assert record.estimated == frozenset()  # the whole card is invented, and says so


def test_demo_names_do_not_collide_with_rulebook_names(bundled, demo):
    rulebook = {r.name.casefold() for r in bundled if r.source != "demo"}
    assert rulebook and not rulebook & {r.name.casefold() for r in demo}


def test_at_least_three_sites_in_each_dominion(demo):
    single = Counter(
        r.dominions[0] for r in demo if r.card_type is CardType.SITE and len(r.dominions) == 1
    )
    assert all(single[d] >= 3 for d in range(1, 6)), single


def test_a_border_site_for_each_adjacent_pair(demo):
    pairs = {r.dominions for r in demo if r.is_border_site}
    assert {(1, 2), (2, 3), (3, 4), (4, 5), (1, 5)} <= pairs
    assert all(dominions_adjacent(*pair) for pair in pairs)


def test_at_least_two_paths_in_each_dominion(demo):
    paths = Counter(r.dominions[0] for r in demo if r.card_type is CardType.PATH)
    assert all(paths[d] >= 2 for d in range(1, 6)), paths


def test_characters_from_every_dominion_and_oviates(demo):
    characters = [r for r in demo if r.card_type is CardType.CHARACTER]
    assert {d for r in characters for d in r.dominions} == {1, 2, 3, 4, 5}
    oviates = [r for r in characters if r.is_oviate]
    assert len(oviates) >= 5
    assert all(r.dominions == () and r.gender is None for r in oviates)


def test_every_affiliation_and_every_card_type(demo):
    assert {a for r in demo for a in r.affiliations} == set(ELEVEN)
    assert {r.card_type for r in demo} == set(CardType)


@pytest.mark.parametrize("card_type", BOTH_FORMS, ids=lambda t: t.value)
def test_permanent_and_instant_forms(demo, card_type):
    forms = {r.permanent for r in demo if r.card_type is card_type}
    assert forms == {True, False}


def test_per_deck_limits_and_a_non_unique_site(demo):
    limited = [r for r in demo if r.deck_limit is not None]
    assert len(limited) >= 3 and {r.deck_limit for r in limited} >= {1, 2}
    non_unique_sites = [r for r in demo if r.card_type is CardType.SITE and not r.unique]
    # "NON-unique Sites are marked in the description area of the card" ("Unique Cards").
    assert non_unique_sites and all("Non-unique" in r.traits for r in non_unique_sites)


def test_keyword_abilities_of_every_form(demo):
    forms = {(a.kind, a.target_kind) for r in demo for a in r.abilities}
    assert forms >= {
        ("versus_sites", "site"), ("versus_sites", "dominion"), ("versus_sites", "border"),
        ("versus_sites", "sites"), ("versus", "affiliation"), ("versus", "card"),
        ("may_hold_alone", "site"), ("allies_for", "gender"), ("allies_for", "affiliation"),
        ("allies_for", "card"), ("counters", "power"),
    }


def test_named_ability_targets_exist(bundled):
    by_name = {r.name: r for r in bundled}
    for record in bundled:
        for a in record.abilities:
            if a.target_kind == "site":
                assert by_name[a.target].card_type is CardType.SITE, (record.name, a)
            elif a.kind == "versus" and a.target_kind == "card":
                assert by_name[a.target].card_type is CardType.CHARACTER, (record.name, a)
            elif a.target_kind == "card" or (a.kind == "counters" and not
                                             a.target.startswith("any ")):
                assert a.target in by_name, (record.name, a)


def test_a_playable_spread_of_numbers(demo):
    characters = [r for r in demo if r.card_type is CardType.CHARACTER]
    sites = [r for r in demo if r.card_type is CardType.SITE]
    assert sum(1 <= r.prime <= 4 for r in characters) >= 0.6 * len(characters)
    assert all(0 <= r.magic <= 6 for r in characters)
    assert all(3 <= r.resistance <= 12 for r in sites)
    assert {r.resistance for r in sites} >= set(range(3, 12))
    # There are Characters with Prime above the allowance of 7 ("Establishing alliances").
    assert any(r.prime > 7 for r in characters)


# ------------------------------------------------------------------ demo decks


def read_deck(path: Path) -> tuple[dict[str, str], list[tuple[int, str]]]:
    header: dict[str, str] = {}
    entries = []
    for line in path.read_text("utf-8").splitlines():
        line = line.strip()
        if m := re.fullmatch(r"#\s*(name|author):\s*(.+)", line):
            header[m.group(1)] = m.group(2)
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"(\d+)x?\s+(.+)", line)
        assert m, f"{path.name}: bad line {line!r}"
        entries.append((int(m.group(1)), m.group(2)))
    return header, entries


def dominions_covered(sites: list[tuple[int, ...]]) -> bool:
    """True if each of the Five Dominions gets its own Site, a Border Site counting for
    only one of its two Dominions ("Border Sites and Adjacency"): a bipartite matching."""
    owner: dict[int, int] = {}

    def assign(dominion: int, seen: set[int]) -> bool:
        for i, doms in enumerate(sites):
            if dominion in doms and i not in seen:
                seen.add(i)
                taken = [d for d, s in owner.items() if s == i]
                if not taken or assign(taken[0], seen):
                    for d in taken:
                        del owner[d]
                    owner[dominion] = i
                    return True
        return False

    return all(assign(d, set()) for d in range(1, 6))


def test_the_matching_counts_a_border_site_once():
    assert not dominions_covered([(1, 2), (3,), (4,), (5,)])
    assert dominions_covered([(1, 2), (3,), (4,), (5,), (1,)])
    assert dominions_covered([(1, 2), (2, 3), (3, 4), (4, 5), (1, 5)])
    assert dominions_covered([(1, 2), (1, 2), (3,), (4,), (4, 5)])
    assert not dominions_covered([(1, 2), (1, 2), (1, 2), (3,), (4, 5)])


def test_there_are_three_demo_decks():
    assert sorted(p.name for p in DECKS_DIR.glob("*.txt")) == DECK_FILES


@pytest.mark.parametrize("deck_file", DECK_FILES)
def test_each_demo_deck_is_legal(bundled, deck_file):
    by_name = {r.name: r for r in bundled}
    header, entries = read_deck(DECKS_DIR / deck_file)
    assert header["author"] == "demo" and header["name"]
    cards = [(count, by_name[name]) for count, name in entries]  # every name resolves
    assert all(r.source == "demo" or r.source.startswith("rulebook") for _, r in cards)
    names = [name for _, name in entries]
    assert len(names) == len(set(names))
    assert sum(count for count, _ in cards) == 60  # "Deck Construction" rule 1
    assert all(count == 1 for count, r in cards if r.card_type is CardType.PATH)  # rule 2
    sites = [r.dominions for count, r in cards if r.card_type is CardType.SITE
             for _ in range(count)]
    assert dominions_covered(sites)  # rule 3, a Border Site counting once
    assert all(count <= r.deck_limit for count, r in cards if r.deck_limit)  # rule 4
    characters = sum(count for count, r in cards if r.card_type is CardType.CHARACTER)
    assert characters >= 15  # the writers' suggestion
    assert any(r.prime <= 7 for _, r in cards if r.card_type is CardType.CHARACTER)


def _affiliation_share(deck_file: str, bundled) -> Counter:
    by_name = {r.name: r for r in bundled}
    share: Counter = Counter()
    for count, name in read_deck(DECKS_DIR / deck_file)[1]:
        for a in by_name[name].affiliations:
            share[a] += count
    return share


def test_the_decks_have_different_themes(bundled):
    maestro = _affiliation_share("maestro-reconciliation.txt", bundled)
    vassal = _affiliation_share("vassal-oethac-strength.txt", bundled)
    oviate = _affiliation_share("oviate-swarm.txt", bundled)
    assert maestro["Maestro"] == 5 and maestro["Artist"] >= 10
    assert vassal["Vassal"] >= 7 and vassal["Oethac"] >= 10 and vassal["Maestro"] == 0
    assert oviate["Oviate"] >= 20 and oviate["Maestro"] == oviate["Vassal"] == 0
