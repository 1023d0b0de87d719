"""Computer Autarchs: legal moves, conserved cards, and no hidden information read.

Seeded computer-against-computer games with 2, 3 and 4 Autarchs: every move a computer
Autarch makes goes through the engine's rule checks and none is refused; card
conservation holds after every step; decisions are made from a PublicView, which
raises on any hidden card, and they do not change when a rival's hidden cards are
shuffled among its hand, Destiny and face-down Paths.

The property test plays 30 games by default; set IMAJICA_PROPERTY_GAMES to play more
(e.g. 2000 for a thorough run outside CI).
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.records import CardType
from deckbuilder.engine.computer_autarch import ComputerAutarch, seat_table
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.lookahead import StrongAutarch, clone_game
from deckbuilder.engine.order_of_play import play
from deckbuilder.engine.paths import path_fits_site
from deckbuilder.engine.public_view import HiddenInformationError, PublicView
from deckbuilder.engine.quick_policy import ally_move, autarch_move
from deckbuilder.engine.sample_decks import generated_deck
from deckbuilder.engine.table import check_conservation


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


PROPERTY_GAMES = int(os.environ.get("IMAJICA_PROPERTY_GAMES", "30"))


@settings(max_examples=PROPERTY_GAMES, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    deck_seeds=st.lists(st.integers(0, 1000), min_size=4, max_size=4),
)
def test_quick_games_are_legal_conserve_cards_and_read_no_hidden_card(seed, players, deck_seeds):
    game = Game(table_decks(deck_seeds, players), seed=seed)
    controllers = seat_table([ComputerAutarch(view_class=CountingView) for _ in range(players)])
    before = CountingView.built
    for _ in play(game, controllers, rounds=12, first=seed % players):
        check_conservation(game.state)
    assert [c.illegal for c in controllers] == [[]] * players
    assert sum(len(c.moves) for c in controllers) > 10  # they really played
    assert CountingView.built - before > 10  # every decision went through a view
    assert len(game.state.cards) == 60 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strong_games_are_legal_and_conserve_cards(players):
    game = Game(table_decks([11, 12, 13, 14], players), seed=players)
    controllers = seat_table([StrongAutarch(seed=k, samples=2, horizon=1) for k in range(players)])
    for _ in play(game, controllers, rounds=6, first=0):
        check_conservation(game.state)
    assert [c.illegal for c in controllers] == [[]] * players
    assert sum(len(c.think_times) for c in controllers) > 0


def _started_game(players=3, seed=5, rounds=2):
    """A game played by quick Autarchs up to the Autarch phase of round ``rounds``."""
    game = Game(table_decks([1, 2, 3, 4], players), seed=seed)
    controllers = seat_table([ComputerAutarch() for _ in range(players)])
    steps = play(game, controllers, rounds=rounds + 1)
    for _ in steps:
        if game.state.round == rounds and game.state.phase == AUTARCH_PHASE:
            break
    return game


def test_the_view_refuses_hidden_cards_and_shows_public_ones():
    game = _started_game()
    s = game.state
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
    s = game.state
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
    s = g.state
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
    seat = game.state.leader
    lay_rival_path(game, (seat + 1) % 3)
    game.begin_turn(AUTARCH_PHASE, seat)
    decisions = []
    for _ in range(5):
        other = shuffle_hidden(game, seat, rnd)
        other.begin_turn(AUTARCH_PHASE, seat)
        rival = (seat + 1) % 3
        assert other.state.autarchs[rival].hand != game.state.autarchs[rival].hand
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
            return StrongAutarch(seed=seed, samples=2, horizon=1).choose_ally_move(g, seat)

        assert strong(other) == strong(game)
