"""Deck tuning (issue 12, section 6): paired swaps, legality, the pool, the CLI."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.legality import validate
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.goldfish import run_games
from deckbuilder.engine.simulation.tuning import (
    DeckNotTunableError,
    TuneCancelled,
    _suggestion,
    paired_delta,
    tune,
    win_rounds,
)
from deckbuilder.formats import read_file

DECKS = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"
OVIATE = DECKS / "oviate-swarm.txt"
MAESTRO = "Maestro Aurel Vantrey"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue(load_bundled_records())


def oviate() -> DeckList:
    return read_file(OVIATE).merged()


def test_paired_delta_of_a_deck_with_itself_is_exactly_zero(catalogue):
    records = tuple(oviate().expand(catalogue))
    base = win_rounds(records, Variant(), 10, 7, 300)
    again = win_rounds(records, Variant(), 10, 7, 300)
    assert base == again and any(base)
    suggestion = _suggestion("a", "b", base, again)
    assert suggestion.p_win_delta == 0.0 and suggestion.ci95 == (0.0, 0.0)
    assert suggestion.mean_win_round_delta == 0.0


def test_paired_delta_interval_is_the_normal_one():
    delta, (lo, hi) = paired_delta([0, 0, 1, 1], [1, 0, 1, 0])  # diffs 1, 0, 0, -1
    assert delta == 0.0
    assert hi == pytest.approx(1.96 * (2 / 3) ** 0.5 / 2) and lo == -hi
    with pytest.raises(EngineError):
        paired_delta([1], [1, 0])


def test_baseline_uses_the_goldfish_seeds(catalogue):
    deck = oviate()
    result = tune(deck, catalogue, games=120, rounds=10, seed=5, pool={}, top=5)
    stats = run_games(deck.expand(catalogue), 120, 10, 5)
    assert result.baseline.p_win_by_round == stats.p_win_by_round
    assert result.baseline.mean_win_round == stats.mean_win_round
    assert result.suggestions == () and result.candidates == 0  # an empty pool


def test_every_swap_keeps_the_deck_legal_and_the_json_has_the_issue_shape(catalogue):
    deck = oviate()
    result = tune(deck, catalogue, games=40, seed=1, max_candidates=12, top=100)
    assert result.candidates == len(result.suggestions) > 0
    for s in result.suggestions:
        swapped = deck.merged()
        assert swapped.remove(s.out) == 1
        swapped.add(s.card_in)
        assert validate(swapped, catalogue).legal, (s.out, s.card_in)
        assert s.ci95[0] <= s.p_win_delta <= s.ci95[1]
    deltas = [s.p_win_delta for s in result.suggestions]
    assert deltas == sorted(deltas, reverse=True)
    data = json.loads(json.dumps(result.to_json()))
    assert list(data) == ["deck", "rounds", "games_per_candidate", "baseline", "suggestions"]
    assert list(data["baseline"]) == ["p_win_by_round", "mean_win_round"]
    assert list(data["baseline"]["p_win_by_round"]) == [str(r) for r in range(1, 11)]
    assert list(data["suggestions"][0]) == ["out", "in", "p_win_delta", "ci95",
                                            "mean_win_round_delta"]
    assert (data["deck"], data["games_per_candidate"]) == ("Oviate Swarm", 40)


def test_collection_pool_brings_in_only_copies_owned_beyond_the_deck(catalogue):
    deck = oviate()
    # Two Ovo Lurker owned, four in the deck: none free. One Maestro owned: free.
    pool = {"Ovo Lurker": 2, MAESTRO: 1, "Hatchling Swarm": 5, "Drifting Maw": 3}
    result = tune(deck, catalogue, games=40, pool=pool, top=100)
    ins = {s.card_in for s in result.suggestions}
    assert ins and ins <= {MAESTRO, "Hatchling Swarm"}


def test_a_clearly_better_card_ranks_first(catalogue):
    deck = oviate()  # its maneuvers sit in hand in a goldfish game; a Maestro seizes alone
    pool = {MAESTRO: 1, "Thrashing Larva": 3, "Ovo Shrike": 3}
    result = tune(deck, catalogue, games=400, seed=2, pool=pool, top=100)
    best = result.suggestions[0]
    assert best.card_in == MAESTRO
    assert best.ci95[0] > 0 and best.mean_win_round_delta < 0


def test_an_illegal_deck_is_refused(catalogue):
    deck = oviate()
    deck.remove("Ovo Lurker")
    with pytest.raises(DeckNotTunableError, match="not legal"):
        tune(deck, catalogue, games=10)


def test_cancel_keeps_the_swaps_measured(catalogue):
    calls = []
    screen = 1 + len(oviate().counts()) + 2  # the deck, one less of each, one more of each

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > screen + 3  # after the screen and three swaps

    with pytest.raises(TuneCancelled) as caught:
        tune(oviate(), catalogue, games=20, pool={MAESTRO: 1, "Ovo Shrike": 3},
             max_candidates=12, cancelled=cancelled)
    partial = caught.value.partial
    assert partial.partial and partial.to_json()["partial"] is True
    assert partial.candidates == 3 and partial.baseline.p_win_by_round


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_json_and_exit_codes(tmp_path):
    result = run("tune", "oviate-swarm", "--games", "20", "--max-candidates", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games_per_candidate"] == 20 and len(data["suggestions"]) == 3
    text = run("tune", str(OVIATE), "--games", "20", "--max-candidates", "2")
    assert text.exit_code == 0 and "95% CI" in text.stdout
    assert run("tune", "no-such-deck").exit_code == 2
    short = tmp_path / "short.txt"
    short.write_text("3 Ovo Lurker\n", encoding="utf-8")
    refused = run("tune", str(short))
    assert refused.exit_code == 2 and "not legal" in refused.output


def test_cli_collection_pool_with_nothing_owned_suggests_nothing():
    result = run("tune", "oviate-swarm", "--games", "20", "--pool", "collection", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["suggestions"] == []


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_prints_partial_results_and_exits_130(tmp_path):
    # stderr on a terminal, as a person's Ctrl+C comes from one: the progress bar shows
    # there once the tune has begun, and the signal is sent then, not after a fixed sleep
    # that a loaded machine may not have reached.
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "deckbuilder.cli.main", "--db", str(tmp_path / "u.sqlite3"),
         "tune", "oviate-swarm", "--games", "30000", "--json"],
        stdout=subprocess.PIPE, stderr=follower, env=env)
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 120
    while b"tune" not in seen:
        assert time.monotonic() < deadline, seen
        ready, _, _ = select.select([leader], [], [], 1.0)
        if ready:
            seen += os.read(leader, 4096)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=120)
    os.close(leader)
    assert child.returncode == 130, seen
    assert json.loads(out)["partial"] is True


def test_the_swap_edit_replaces_one_copy_and_reverts():
    from deckbuilder.deck.edits import swap

    deck = oviate()
    assert swap(deck, "Not In The Deck", MAESTRO) is None
    edit = swap(deck, "Ovo Lurker", MAESTRO)
    after = edit.apply(deck)
    assert after.count_of("Ovo Lurker") == 3 and after.count_of(MAESTRO) == 1
    assert edit.label == f"Swap Ovo Lurker for {MAESTRO}"
    assert edit.revert(after).counts() == deck.counts()


def test_the_result_does_not_depend_on_the_number_of_workers(catalogue):
    pool = {MAESTRO: 1, "Ovo Shrike": 3}
    one = tune(oviate(), catalogue, games=30, pool=pool, max_candidates=4)
    two = tune(oviate(), catalogue, games=30, pool=pool, max_candidates=4, workers=2)
    assert one == two and one.candidates == 4


def test_the_swap_panel_offers_the_pools_the_service_knows():
    from deckbuilder.gui.deck_editor.tuning_panel import POOL_CHOICES
    from deckbuilder.services.tuning import CATALOGUE, COLLECTION

    assert [pool for _text, pool in POOL_CHOICES] == [CATALOGUE, COLLECTION]
