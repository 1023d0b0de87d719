"""Computer Autarchs: legal moves, conserved cards, and no hidden information read.

Seeded computer-against-computer games with 2, 3 and 4 Autarchs: every move a computer
Autarch makes goes through the engine's rule checks and none is refused; card
conservation holds after every step; decisions are made from a PublicView, which
raises on any hidden card, and they do not change when a rival's hidden cards are
shuffled among its hand, Destiny and face-down Paths.

The property test plays 100 games per number of Autarchs (2, 3 and 4) by default, with
generated decks and decks of random bundled cards (real maneuvers, Flashes, Dictates,
Site powers), every seat a quick computer Autarch of a random style; a second test
seats a person choosing at random among the legal moves (:func:`legal_moves`) beside
computers, 4 games per number of Autarchs. Set FUZZ_EXAMPLES (or the older
IMAJICA_PROPERTY_GAMES) to play that many computer games per number of Autarchs (and a
twentieth as many with a random person), e.g. ``FUZZ_EXAMPLES=2000`` for the thorough
run outside CI.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.checklist import load_bundled_records
from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.lookahead import StrongController
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.controllers.quick_policy import STYLES, ally_move, autarch_move
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.game.clone import clone as clone_game
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.game.public_view import HiddenInformationError, PublicView
from deckbuilder.engine.rules.paths import path_fits_site
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.table.zones import check_conservation


def table_decks(deck_seeds, players, abilities=True):
    # Per-player Site names, as in test_engine_properties: each setup finds a Site of
    # every Dominion; Characters keep shared names so unique duplicates are exercised.
    return [
        [replace(r, name=f"P{i} {r.name}") if r.card_type is CardType.SITE else r
         for r in generated_deck(s, abilities=abilities)]
        for i, s in enumerate(deck_seeds[:players])
    ]


class CountingView(PublicView):
    """A PublicView that counts the views built (every decision builds one)."""

    built = 0

    def __init__(self, game, seat):
        super().__init__(game, seat)
        CountingView.built += 1


_FUZZ = os.environ.get("FUZZ_EXAMPLES") or os.environ.get("IMAJICA_PROPERTY_GAMES")
PROPERTY_GAMES = int(_FUZZ or "100")
#: A random person asks for every legal move at each step, which costs ~20x a computer.
RANDOM_PERSON_GAMES = max(4, int(_FUZZ or "0") // 20)

RECORDS = load_bundled_records()
_SITES = {d: [r for r in RECORDS if r.card_type is CardType.SITE and d in r.dominions]
          for d in range(1, 6)}
_CHARACTERS = [r for r in RECORDS if r.card_type is CardType.CHARACTER]
_OTHERS = [r for r in RECORDS if r.card_type not in (CardType.SITE, CardType.CHARACTER)]


def catalogue_deck(seed: int, seat: int) -> list:
    """60 random bundled cards: four Sites of each Dominion (named per seat, so every
    seat can place its own), 22 Characters and 18 other cards."""
    rnd = random.Random(seed)
    deck = [rnd.choice(_SITES[d]) for d in range(1, 6) for _ in range(4)]
    deck += [rnd.choice(_CHARACTERS) for _ in range(22)] + [rnd.choice(_OTHERS) for _ in range(18)]
    return [replace(r, name=f"P{seat} {r.name}") if r.card_type is CardType.SITE else r
            for r in deck]


def mixed_decks(deck_seeds, real, players):
    generated = table_decks(deck_seeds, players)
    return [catalogue_deck(deck_seeds[k], k) if real[k] else generated[k]
            for k in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=PROPERTY_GAMES, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    deck_seeds=st.lists(st.integers(0, 1000), min_size=4, max_size=4),
    real=st.lists(st.booleans(), min_size=4, max_size=4),
    styles=st.lists(st.sampled_from(STYLES), min_size=4, max_size=4),
)
def test_quick_games_are_legal_conserve_cards_and_read_no_hidden_card(
    players, seed, deck_seeds, real, styles
):
    game = Game(mixed_decks(deck_seeds, real, players), seed=seed)
    controllers = seat_table([ComputerController(style=styles[k], view_class=CountingView)
                              for k in range(players)])
    before = CountingView.built
    for _ in play(game, controllers, rounds=12, first=seed % players):
        check_conservation(game.table)
    assert [c.illegal for c in controllers] == [[]] * players
    assert sum(len(c.moves) for c in controllers) > 10  # they really played
    assert CountingView.built - before > 10  # every decision went through a view
    assert len(game.table.cards) == 60 * players


def random_person(seed: int) -> PersonController:
    """A person who picks at random among the options offered (passing now and then)."""
    rnd = random.Random(seed)

    def ask(decision):
        if decision.can_pass and rnd.random() < 0.15:
            return None
        return rnd.randrange(len(decision.options))

    return PersonController(ask)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computers_answer_a_random_person_legally(players):
    """A person playing random legal moves (challenges a computer would not make,
    seizures it could contest) beside computer Autarchs: every move of both kinds is
    accepted by the engine and cards are conserved."""
    for game_no in range(RANDOM_PERSON_GAMES):
        seed = 1000 * players + game_no
        game = Game([catalogue_deck(seed + k, k) for k in range(players)], seed=seed)
        person = game_no % players
        controllers = seat_table([
            random_person(seed) if k == person else
            ComputerController(style=STYLES[(seed + k) % len(STYLES)], view_class=CountingView)
            for k in range(players)])
        for _ in play(game, controllers, rounds=10, first=seed % players):
            check_conservation(game.table)
        assert [c.illegal for c in controllers] == [[]] * players
        assert len(controllers[person].moves) > 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strong_games_are_legal_and_conserve_cards(players):
    game = Game(table_decks([11, 12, 13, 14], players), seed=players)
    controllers = seat_table([StrongController(seed=k, samples=2, horizon=1)
                              for k in range(players)])
    for _ in play(game, controllers, rounds=6, first=0):
        check_conservation(game.table)
    assert [c.illegal for c in controllers] == [[]] * players
    assert sum(len(c.think_times) for c in controllers) > 0


def _strong_game(budget: int, players: int = 3, rounds: int = 4):
    game = Game(table_decks([11, 12, 13, 14], players), seed=players)
    controllers = seat_table([StrongController(seed=k, samples=3, horizon=1, budget=budget)
                              for k in range(players)])
    for _ in play(game, controllers, rounds=rounds, first=0):
        pass
    assert [c.illegal for c in controllers] == [[]] * players
    return game, controllers


def test_the_strong_levels_work_budget_cuts_its_samples_reproducibly():
    """The look-ahead is bounded by a budget of imagined play (lines its imagined games
    log), not by the clock: the same seeds give the same game; a sample is not begun
    when, at the pace of those before it, it would go past the budget; at least one
    sample is always imagined."""
    game, controllers = _strong_game(400)
    again, _ = _strong_game(400)
    assert game.log == again.log
    runs = [(n, lines, c.budget) for c in controllers
            for n, lines in zip(c.think_samples, c.think_lines, strict=True)]
    assert runs and any(n < 3 for n, _, _ in runs) and min(n for n, _, _ in runs) >= 1
    for n, lines, budget in runs:
        assert n == 3 or lines + lines / n > budget
    _, starved = _strong_game(0)
    assert {n for c in starved for n in c.think_samples} == {1}
    _, unbounded = _strong_game(10**9)
    assert {n for c in unbounded for n in c.think_samples} == {3}


def _started_game(players=3, seed=5, rounds=2):
    """A game played by quick Autarchs up to the Autarch phase of round ``rounds``."""
    game = Game(table_decks([1, 2, 3, 4], players), seed=seed)
    controllers = seat_table([ComputerController() for _ in range(players)])
    steps = play(game, controllers, rounds=rounds + 1)
    for _ in steps:
        if game.table.round == rounds and game.table.phase == AUTARCH_PHASE:
            break
    return game


def test_the_view_refuses_hidden_cards_and_shows_public_ones():
    game = _started_game()
    s = game.table
    view = PublicView(game, 0)
    rival = s.autarchs[1]
    for card in rival.hand[:2] + rival.destiny.cards[:2]:
        with pytest.raises(HiddenInformationError):
            view.record(card)
        with pytest.raises(HiddenInformationError):
            view.pivoted(card)
    assert view.hand_size(1) == len(rival.hand)
    assert view.destiny_size(1) == len(rival.destiny)
    for card in s.autarchs[0].hand + list(s.circle):
        assert view.record(card) is s.cards[card]
    # A rival's face-down Path: its owner and count are public, its identity is not.
    site, path = lay_rival_path(game, 1)
    view = PublicView(game, 0)
    assert view.path_owners(site)[-1] == 1
    with pytest.raises(HiddenInformationError):
        view.record(path)
    assert PublicView(game, 1).record(path) is s.cards[path]


def lay_rival_path(game: Game, seat: int) -> tuple[int, int]:
    """Put one of ``seat``'s Paths (from hand or Destiny) face down on a Site it fits."""
    s = game.table
    a = s.autarchs[seat]
    for zone in (a.hand, a.destiny.cards):
        for p in zone:
            if s.cards[p].card_type is CardType.PATH:
                site = next((x for x in s.circle if path_fits_site(s.cards[p], s.cards[x])),
                            None)
                if site is not None:
                    zone.remove(p)
                    s.paths.setdefault(site, []).append(p)
                    return site, p
    raise AssertionError("no Path fits a Site in the Circle")


def shuffle_hidden(game: Game, seat: int, rnd: random.Random) -> Game:
    """A copy of ``game`` in which every rival of ``seat`` has its hidden cards dealt
    again among its hand, Destiny and face-down Paths (sizes kept; Paths fit)."""
    g = clone_game(game)
    s = g.table
    for a in s.autarchs:
        if a.seat == seat:
            continue
        pool = a.hand + a.destiny.cards
        rnd.shuffle(pool)
        for site, stack in s.paths.items():
            for i, p in enumerate(stack):
                if s.owners[p] != a.seat:
                    continue
                swap = next((c for c in pool if s.cards[c].card_type is CardType.PATH
                             and path_fits_site(s.cards[c], s.cards[site])), None)
                if swap is not None:
                    pool[pool.index(swap)] = p
                    stack[i] = swap
        k = len(a.hand)
        a.hand[:], a.destiny.cards[:] = pool[:k], pool[k:]
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_decisions_do_not_change_when_rivals_hidden_cards_are_shuffled(seed):
    game = _started_game(players=3, seed=seed)
    rnd = random.Random(seed)
    seat = game.table.leader
    lay_rival_path(game, (seat + 1) % 3)
    game.begin_turn(AUTARCH_PHASE, seat)
    decisions = []
    for _ in range(5):
        other = shuffle_hidden(game, seat, rnd)
        other.begin_turn(AUTARCH_PHASE, seat)
        rival = (seat + 1) % 3
        assert other.table.autarchs[rival].hand != game.table.autarchs[rival].hand
        here = autarch_move(PublicView(game, seat))
        assert autarch_move(PublicView(other, seat)) == here
        decisions.append(here)
    assert any(d is not None for d in decisions)
    game.end_turn()
    game.begin_turn(ALLY_PHASE, seat)
    for _ in range(3):
        other = shuffle_hidden(game, seat, rnd)
        assert ally_move(PublicView(other, seat)) == ally_move(PublicView(game, seat))
        def strong(g):
            return StrongController(seed=seed, samples=2, horizon=1).choose_ally_move(g, seat)

        assert strong(other) == strong(game)
