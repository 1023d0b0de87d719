"""The computer Autarchs' search (issue 24): a faithful fast clone, fair determinizations,
the expert's reproducibility and legality at 2, 3 and 4 Autarchs, and the dial's
human-like mistakes.

Fairness (rulebook "Game Layout", "Paths": a rival's hand, Destiny and face-down Paths
are hidden): re-dealing a rival's hidden cards from a *different deck list* (and
reshuffling which of them lie in hand or Destiny, and the game's own generator) changes
neither the expert's decision nor any figure of its search with the same seed.

The legality property test plays ``SEARCH_EXAMPLES`` games per number of Autarchs
(default 3, bounded for CI; e.g. ``SEARCH_EXAMPLES=50`` for a thorough run) with an
expert, a casual, a novice and a quick Autarch seated at random, on generated decks or
decks of random bundled cards, and asserts the engine refused no move and the cards
were conserved after every step.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.quick_policy import ally_candidates
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.game.clone import clone as clone_game
from deckbuilder.engine.game.decisions import MOVE
from deckbuilder.engine.game.flow import pending, start, take
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.paths import path_fits_site
from deckbuilder.engine.search.ally_lookahead import fair_lookahead
from deckbuilder.engine.search.candidates import PASS, candidates
from deckbuilder.engine.search.clone import GAME_ATTRS, TABLE_FIELDS, clone, table_field_names
from deckbuilder.engine.search.determinize import Dealer, bundled_catalogue
from deckbuilder.engine.search.dial import MistakeController, softmax_pick
from deckbuilder.engine.search.expert import ExpertController
from deckbuilder.engine.search.ismcts import search
from deckbuilder.engine.search.playout import finish_round, quick_table
from deckbuilder.engine.simulation.match import computer_controller
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.table.zones import check_conservation, zones

EXAMPLES = int(os.environ.get("SEARCH_EXAMPLES", "3"))


def decks(seeds, players):
    """Generated 60-card decks, Sites named per seat so every seat places its own."""
    return [[replace(r, name=f"P{i} {r.name}") if r.card_type is CardType.SITE else r
             for r in generated_deck(s)] for i, s in enumerate(seeds[:players])]


_RECORDS = bundled_catalogue()


def catalogue_decks(seed: int, players: int) -> list[list]:
    """60 random bundled cards per seat (real maneuvers, Flashes, Dictates, Site
    powers): four Sites of each Dominion, named per seat, 22 Characters, 18 others."""
    rnd = random.Random(seed)
    sites = {d: [r for r in _RECORDS if r.card_type is CardType.SITE and d in r.dominions]
             for d in range(1, 6)}
    chars = [r for r in _RECORDS if r.card_type is CardType.CHARACTER]
    others = [r for r in _RECORDS if r.card_type not in (CardType.SITE, CardType.CHARACTER)]
    out = []
    for seat in range(players):
        deck = [rnd.choice(sites[d]) for d in range(1, 6) for _ in range(4)]
        deck += [rnd.choice(chars) for _ in range(22)] + [rnd.choice(others) for _ in range(18)]
        out.append([replace(r, name=f"P{seat} {r.name}") if r.card_type is CardType.SITE
                    else r for r in deck])
    return out


def snapshot(game: Game) -> tuple:
    """Every zone and counter of the table, comparable with ==."""
    s = game.table
    return (zones(s), sorted(s.pivoted), s.round, s.phase, s.leader, s.winner, s.over,
            {k: list(v) for k, v in s.paths.items()}, dict(s.attached), dict(s.magic_mods),
            dict(s.strength_mods), dict(s.resistance_mods), dict(s.gained),
            [(a.hand, a.destiny.cards, a.destiny.exhausted, a.eliminated) for a in s.autarchs],
            None if game.turn is None else (game.turn.seat, game.turn.phase,
                                            game.turn.dictate_used, game.turn.actions_started,
                                            sorted(game.turn.idled), sorted(game.turn.acted)),
            game.established, game.rules)


def test_clone_copies_every_field_the_table_and_game_have():
    game = Game(decks([1, 2], 2), seed=1)
    assert TABLE_FIELDS == table_field_names()
    assert set(GAME_ATTRS) == set(vars(game))


def test_a_clone_keeps_the_rules_revision_and_the_allies_that_acted():
    from deckbuilder.engine.rules.revision import BEFORE_ISSUE_22

    game = _midgame(phase=ALLY_PHASE)
    game.rules = BEFORE_ISSUE_22
    game.turn.acted.add(-1)  # any card id: the set is copied, not shared
    fast = clone(game)
    assert fast.rules is BEFORE_ISSUE_22 and fast.turn.acted == game.turn.acted
    assert fast.turn.acted is not game.turn.acted


@pytest.mark.parametrize("players", [2, 4])
def test_a_clone_plays_on_exactly_as_the_original_state_by_state(players):
    """A clone and a deep copy of the same table, each played to the end of its round
    by fresh quick Autarchs, end in identical tables and logs; taken at every step of
    seeded games, and the original is never touched by playing its clone."""
    game = Game(decks([3, 4, 5, 6], players), seed=players)
    controllers = quick_table(players)
    checked = 0
    for step, _ in enumerate(play(game, controllers, rounds=6, first=0)):
        if game.turn is None or step % 2:
            continue
        before = snapshot(game)
        fast, deep = clone(game), clone_game(game)
        assert snapshot(fast) == snapshot(deep) == before
        finish_round(fast, quick_table(players))
        finish_round(deep, quick_table(players))
        assert snapshot(fast) == snapshot(deep)
        assert fast.log == deep.log
        assert snapshot(game) == before
        checked += 1
    assert checked > 10


def _midgame(players=2, seed=7, rounds=3, phase=AUTARCH_PHASE):
    """A game played by quick Autarchs through the action interface up to seat 0's
    first move in ``phase`` of round ``rounds``."""
    game = Game(decks([21, 22, 23, 24], players), seed=seed)
    start(game, first=0, rounds=30)
    controllers = quick_table(players)
    while (d := pending(game)) is not None:
        if (d.kind == MOVE and d.seat == 0 and game.table.round == rounds
                and d.context.phase == phase):
            return game
        action = controllers[d.seat].choose(game, d)
        for _ in take(game, d, action, controllers):
            pass
    raise AssertionError("the game ended early")


def lay_path(game: Game, seat: int) -> None:
    """Put one of ``seat``'s Paths face down on a Circle Site it fits."""
    s = game.table
    a = s.autarchs[seat]
    for zone in (a.hand, a.destiny.cards):
        for p in zone:
            site = next((x for x in s.circle if path_fits_site(s.cards[p], s.cards[x])), None)
            if site is not None:
                zone.remove(p)
                s.paths.setdefault(site, []).append(p)
                return
    raise AssertionError("no Path fits")


def redeal_from(game: Game, seat: int, deck, rnd: random.Random) -> Game:
    """A copy of ``game`` in which every rival of ``seat`` holds, in its hidden zones,
    cards of another deck list ``deck`` (Paths face down still fit their Sites), with
    hand and Destiny reshuffled and a different game generator."""
    g = clone(game, rng=random.Random(rnd.random()))
    s = g.table
    cards = list(s.cards)
    view = PublicView(game, seat)
    paths = [r for r in deck if r.card_type is CardType.PATH]
    others = [r for r in deck if r.card_type is not CardType.PATH]
    for a in s.autarchs:
        if a.seat == seat:
            continue
        pool = a.hand + a.destiny.cards
        rnd.shuffle(pool)
        k = len(a.hand)
        a.hand[:], a.destiny.cards[:] = pool[:k], pool[k:]
        for c in pool:
            cards[c] = rnd.choice(others)
        for site, stack in s.paths.items():
            for p in stack:
                if s.owners[p] == a.seat:
                    cards[p] = next((r for r in paths if path_fits_site(r, cards[site])),
                                    rnd.choice(paths))
        assert all(not view.visible(c) for c in pool)
    s.cards = tuple(cards)
    return g


@pytest.mark.parametrize(("players", "phase", "seed", "rounds"), [
    (2, AUTARCH_PHASE, 1, 2), (2, ALLY_PHASE, 2, 3), (3, AUTARCH_PHASE, 1, 3),
    (3, ALLY_PHASE, 4, 3)])
def test_redealing_rivals_hidden_cards_from_another_deck_list_changes_no_decision(
        players, phase, seed, rounds):
    game = _midgame(players, seed, rounds, phase)
    lay_path(game, 1)
    other_list = generated_deck(99)
    rnd = random.Random(players)
    real = search(game, 0, random.Random(5), iterations=40)
    assert real.iterations == 40 and len(real.stats) > 1
    for _ in range(3):
        other = redeal_from(game, 0, other_list, rnd)
        rival = game.table.autarchs[1]
        assert [other.table.cards[c] for c in rival.hand] != [game.table.cards[c]
                                                               for c in rival.hand]
        again = search(other, 0, random.Random(5), iterations=40)
        assert again.move == real.move
        assert again.stats == real.stats


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (3, 4)])
def test_the_fair_ally_lookahead_ignores_a_redeal_from_another_deck_list(players, seed):
    """The expert's Ally-phase look-ahead (:mod:`~deckbuilder.engine.search.ally_lookahead`)
    deals from the catalogue, unlike the strong level's: a rival's hidden cards dealt
    from another deck list change neither its choice nor any of its figures."""
    game = _midgame(players, seed, 3, ALLY_PHASE)
    lay_path(game, 1)
    moves = ally_candidates(PublicView(game, 0))
    assert len(moves) > 1
    real = fair_lookahead(game, 0, moves, random.Random(5), iterations=2 * len(moves))
    assert real.iterations == 2 * len(moves)
    rnd = random.Random(players)
    for _ in range(2):
        other = redeal_from(game, 0, generated_deck(99), rnd)
        again = fair_lookahead(other, 0, ally_candidates(PublicView(other, 0)),
                               random.Random(5), iterations=2 * len(moves))
        assert (again.move, again.stats) == (real.move, real.stats)


def test_the_expert_plays_the_same_whole_game_from_a_redealt_table():
    """Seat 0 is the expert; at every decision it makes in a short game, the same
    decision taken on a table whose rivals' hidden cards come from another deck list
    is identical."""
    game = Game(decks([31, 32], 2), seed=3)
    other_list = generated_deck(77)
    rnd = random.Random(1)
    compared = 0

    class Checked(ExpertController):
        def next_move(self, g, seat, phase):
            nonlocal compared
            twin = ExpertController(seed=self.seed, iterations=self.iterations)
            twin.decisions = self.decisions
            expected = twin.next_move(redeal_from(g, seat, other_list, rnd), seat, phase)
            move = super().next_move(g, seat, phase)
            assert move == expected
            compared += twin.searches != []
            return move

    controllers = seat_table([Checked(seed=4, iterations=12), ComputerController()])
    for _ in play(game, controllers, rounds=3, first=0):
        pass
    assert compared >= 5
    assert controllers[0].illegal == []


def test_a_world_keeps_sizes_and_own_cards_and_fits_paths():
    game = _midgame(3, 1, 3)
    lay_path(game, 2)
    dealer = Dealer(game, 0)
    rng = random.Random(2)
    s = game.table
    for _ in range(5):
        w = dealer.world(rng)
        check_conservation(w.table)
        ws = w.table
        for a, b in zip(s.autarchs, ws.autarchs, strict=True):
            assert (len(a.hand), len(a.destiny)) == (len(b.hand), len(b.destiny))
        me = s.autarchs[0]
        assert ws.autarchs[0].hand == me.hand
        assert [ws.cards[c] for c in me.hand] == [s.cards[c] for c in me.hand]
        for site, stack in ws.paths.items():
            for p in stack:
                assert path_fits_site(ws.cards[p], ws.cards[site])
        for seat in (1, 2):
            a = ws.autarchs[seat]
            named = [ws.cards[c].name for c in a.hand + a.destiny.cards
                     if ws.cards[c].card_type is CardType.PATH]
            assert len(named) == len(set(named))  # "Only one of any specific Path"
        assert w.rng is not game.rng


def test_same_seed_and_iterations_give_the_same_game():
    def one():
        game = Game(decks([41, 42], 2), seed=8)
        controllers = seat_table([ExpertController(seed=2, iterations=10), ComputerController()])
        for _ in play(game, controllers, rounds=4, first=1):
            pass
        return controllers[0].moves, game.log

    assert one() == one()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=EXAMPLES, deadline=None)
@given(seed=st.integers(0, 2**32), deck_seeds=st.lists(st.integers(0, 1000), min_size=4,
                                                         max_size=4),
       order=st.permutations(["expert", "casual", "novice", "quick"]), real=st.booleans())
def test_the_search_never_makes_a_move_the_engine_refuses(players, seed, deck_seeds, order,
                                                          real):
    table = catalogue_decks(seed, players) if real else decks(deck_seeds, players)
    game = Game(table, seed=seed)
    controllers = seat_table([
        ExpertController(seed=seed + k, iterations=6) if order[k] == "expert"
        else computer_controller(order[k], seed + k) for k in range(players)])
    for _ in play(game, controllers, rounds=5, first=seed % players):
        check_conservation(game.table)
    assert [c.illegal for c in controllers] == [[]] * players
    assert sum(len(c.moves) for c in controllers) > 10
    experts = [c for c in controllers if isinstance(c, ExpertController)]
    assert not experts or experts[0].searches  # the search really chose moves


def test_softmax_mistakes_grow_with_how_close_a_move_looks():
    rng = random.Random(0)

    def rate(values, t):
        return sum(softmax_pick(values, t, rng) != 0 for _ in range(4000)) / 4000

    close, far = rate([0.5, 0.48], 0.08), rate([0.5, 0.0], 0.08)
    assert 0.35 < close < 0.5 and far < 0.01
    assert rate([0.5, 0.3], 0.25) > rate([0.5, 0.3], 0.08)


def test_novice_and_casual_make_some_mistakes_but_not_at_random():
    game = Game(decks([51, 52], 2), seed=5)
    novice, casual = MistakeController("novice", seed=1), MistakeController("casual", seed=2)
    seat_table([novice, casual])
    for _ in play(game, [novice, casual], rounds=8, first=0):
        pass
    assert novice.illegal == casual.illegal == []
    for level in (novice, casual):
        assert level.compared > 10
        assert 0 < level.mistakes < level.compared
    with pytest.raises(EngineError):
        MistakeController("grandmaster")


def test_candidates_start_with_the_quick_choice_and_end_the_autarch_phase_with_pass():
    game = _midgame(2, 1, 2)
    moves = candidates(PublicView(game, 0))
    from deckbuilder.engine.controllers.quick_policy import autarch_move

    assert moves[0] == autarch_move(PublicView(game, 0))
    if moves[0].kind != "reveal_site":
        assert moves[-1] == PASS
