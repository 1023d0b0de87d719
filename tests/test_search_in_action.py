"""The expert's search of the decisions asked inside an action (issue 24, section 1):
checkpoint and replay (``deckbuilder/engine/search/in_action.py``).

* The replay is faithful: on an exact copy of the checkpoint, the move replayed with
  the answers given so far reaches the very decision asked.
* Fair (rulebook "Game Layout", "Paths", "Flashes": a rival's hand, Destiny and
  face-down Paths are hidden, and whether it holds a Flash): at every in-action decision
  the expert searches in a game, the same search on a checkpoint whose rivals' hidden
  cards come from *another deck list* (the cards the move has shown since kept) gives
  the same answer, visits and means with the same seed.
* Reproducible: the same seed and iterations give the same game.
* Legal at 2, 3 and 4 Autarchs (``SEARCH_EXAMPLES`` games each, bounded for CI): the
  engine refuses no move or answer, cards are conserved, every answer searched is one
  of the decision's legal actions.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.rules.paths import path_fits_site
from deckbuilder.engine.search.checkpoint import Checkpoint, pins
from deckbuilder.engine.search.clone import clone
from deckbuilder.engine.search.expert import ExpertController
from deckbuilder.engine.search.in_action import SEARCHED, public_action, public_answers, sample
from deckbuilder.engine.simulation.match import computer_controller
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.table.zones import check_conservation
from tests.test_search import EXAMPLES, catalogue_decks, decks


def _game(players: int, seed: int) -> Game:
    return Game(catalogue_decks(seed, players), seed=seed)


def redeal_keeping(game: Game, seat: int, deck, rnd: random.Random, keep: set[int]) -> Game:
    """A copy of ``game`` in which the hidden cards of every rival of ``seat`` (hand,
    Destiny, face-down Paths) not in ``keep`` hold cards of another deck list, dealt
    again among the same places, with another game generator."""
    g = clone(game, rng=random.Random(rnd.random()))
    s = g.table
    cards = list(s.cards)
    view = PublicView(game, seat)
    paths = [r for r in deck if r.card_type is CardType.PATH]
    others = [r for r in deck if r.card_type is not CardType.PATH]
    for a in s.autarchs:
        if a.seat == seat:
            continue
        for zone in (a.hand, a.destiny.cards):
            free = [i for i, c in enumerate(zone) if c not in keep]
            ids = [zone[i] for i in free]
            rnd.shuffle(ids)
            for i, c in zip(free, ids, strict=True):
                zone[i] = c
                cards[c] = rnd.choice(others)
        for site, stack in s.paths.items():
            for p in stack:
                if s.owners[p] == a.seat and p not in keep:
                    cards[p] = next((r for r in paths if path_fits_site(r, cards[site])),
                                    rnd.choice(paths))
        assert all(not view.visible(c) for c in a.hand + a.destiny.cards)
    s.cards = tuple(cards)
    return g


def test_a_replay_on_an_exact_copy_reaches_the_decision_asked():
    reached = []

    class Probe(ExpertController):
        def choose(self, game, decision):
            cp = self._checkpoint
            if decision.kind in SEARCHED and cp is not None and cp.current(game):
                ok, score = sample(cp, clone(cp.table), decision, decision.default, 0)
                reached.append(ok and score is not None)
            return super().choose(game, decision)

    game = _game(2, 5)
    controllers = seat_table([Probe(seed=1, iterations=4, in_action=True),
                              ComputerController()])
    for _ in play(game, controllers, rounds=6, first=0):
        pass
    assert len(reached) >= 5
    assert all(reached)


def _redeal_comparisons(players: int, seed: int) -> tuple[int, int]:
    """At every in-action decision the expert (seat 0) searches in a game against quick
    rivals, the same search on a re-dealt checkpoint: (decisions compared, decisions
    whose answer or figures differ)."""
    other_list = generated_deck(99)
    rnd = random.Random(seed)
    compared = differ = 0

    class Checked(ExpertController):
        def choose(self, game, decision):
            nonlocal compared, differ
            cp = self._checkpoint
            twin = None
            if decision.kind in SEARCHED and cp is not None and cp.current(game):
                keep = {p.card for p in pins(cp.table, game, decision.seat)}
                twin = ExpertController(seed=self.seed, iterations=self.iterations,
                                        in_action=True)
                twin.decisions = self.decisions
                twin._contesting = self._contesting
                twin._answered_call = self._answered_call
                table = redeal_keeping(cp.table, decision.seat, other_list, rnd, keep)
                assert [c.name for c in table.table.cards] != [
                    c.name for c in cp.table.table.cards]
                twin._checkpoint = Checkpoint(table, cp.seat, cp.action, game, cp.turn,
                                              cp.moves, list(cp.answers))
                expected = twin.choose(game, decision)
            action = super().choose(game, decision)
            if twin is not None and twin.in_action_searches:
                compared += 1
                differ += action != expected or self.in_action_searches[-1].stats != \
                    twin.in_action_searches[-1].stats
            return action

    game = _game(players, seed)
    controllers = seat_table([Checked(seed=4, iterations=10, in_action=True)]
                             + [ComputerController() for _ in range(players - 1)])
    for _ in play(game, controllers, rounds=6, first=seed % players):
        pass
    assert controllers[0].illegal == []
    return compared, differ


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 7)])
def test_redealing_rivals_hidden_cards_changes_no_in_action_decision(players, seed):
    compared, differ = _redeal_comparisons(players, seed)
    assert compared >= 3
    assert differ == 0


def test_the_redeal_test_catches_a_search_that_reads_the_real_cards(monkeypatch):
    """A search that played on the checkpoint's real cards instead of dealing them
    again would differ under the re-deal: the test above can fail."""
    import deckbuilder.engine.search.in_action as in_action

    monkeypatch.setattr(in_action, "pinned_world", lambda dealer, pinned, rng: clone(
        dealer.game, rng=random.Random(rng.getrandbits(64))))
    compared, differ = _redeal_comparisons(2, 3)
    assert compared >= 3
    assert differ >= 1


def test_a_rivals_pass_at_a_last_call_and_its_hidden_maneuvers_are_not_replayed():
    from deckbuilder.engine.game.actions import Challenge, Pass, PlayFlash
    from deckbuilder.engine.game.decisions import LAST_CALL
    from deckbuilder.engine.search.checkpoint import Answer

    answers = [Answer(1, LAST_CALL, None, Pass()), Answer(0, LAST_CALL, None, Pass()),
               Answer(1, LAST_CALL, None, PlayFlash(5, 6))]
    assert public_answers(answers, 0) == answers[1:]
    game = _game(2, 3)
    rival = game.table.autarchs[1]
    rival.hand.append(rival.destiny.cards.pop())
    hidden, char = rival.hand[0], 0
    view = PublicView(game, 0)
    assert not view.visible(hidden)
    move = Challenge((char,), 1, ((char, (hidden,)),))
    assert public_action(move, view) == Challenge((char,), 1, ())
    from deckbuilder.engine.game.actions import PlayManeuvers
    from deckbuilder.engine.game.decisions import DEFEND_MANEUVERS

    theirs = Answer(1, DEFEND_MANEUVERS, None, PlayManeuvers(((char, (hidden,)),)))
    mine = Answer(0, DEFEND_MANEUVERS, None, PlayManeuvers(((char, (hidden,)),)))
    assert [a.action for a in public_answers([theirs, mine], 0, view)] == [
        PlayManeuvers(()), mine.action]


def test_same_seed_and_iterations_give_the_same_game_with_in_action_search():
    def one():
        game = _game(2, 11)
        controllers = seat_table([ExpertController(seed=2, iterations=8, in_action=True),
                                  ComputerController()])
        for _ in play(game, controllers, rounds=5, first=1):
            pass
        e = controllers[0]
        return e.moves, game.log, [(r.kind, r.action, r.stats)
                                   for r in e.in_action_searches]

    first = one()
    assert first[2]  # it did search decisions inside actions
    assert first == one()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=EXAMPLES, deadline=None)
@given(seed=st.integers(0, 2**32), deck_seeds=st.lists(st.integers(0, 1000), min_size=4,
                                                         max_size=4),
       order=st.permutations(["expert", "strong", "casual", "quick"]), real=st.booleans())
def test_the_in_action_search_never_gives_an_answer_the_engine_refuses(
        players, seed, deck_seeds, order, real):
    table = catalogue_decks(seed, players) if real else decks(deck_seeds, players)
    game = Game(table, seed=seed)
    answered = []

    class Checked(ExpertController):
        def choose(self, g, decision):
            before = len(self.in_action_searches)
            action = super().choose(g, decision)
            if len(self.in_action_searches) > before:  # searched: the quick rules' or legal
                quick = self.in_action_searches[-1].stats[0][0]
                answered.append(action == quick or action in decision.legal)
            return action

    controllers = seat_table([
        Checked(seed=seed + k, iterations=6, in_action=True) if order[k] == "expert"
        else computer_controller(order[k], seed + k) for k in range(players)])
    for _ in play(game, controllers, rounds=5, first=seed % players):
        check_conservation(game.table)
    assert [c.illegal for c in controllers] == [[]] * players
    assert all(answered)


def test_the_in_action_search_answers_by_search_and_sometimes_unlike_the_quick_rules():
    changed = searched = diverged = attempts = 0
    for players, seed in ((2, 3), (2, 5), (3, 7), (4, 9)):
        game = _game(players, seed)
        controllers = seat_table([ExpertController(seed=1, iterations=12, in_action=True)]
                                 + [ComputerController() for _ in range(players - 1)])
        for _ in play(game, controllers, rounds=8, first=seed % players):
            pass
        assert controllers[0].illegal == []
        results = controllers[0].in_action_searches
        searched += len(results)
        changed += sum(r.action != r.stats[0][0] for r in results)
        diverged += sum(r.diverged for r in results)
        attempts += sum(r.attempts for r in results)
    assert searched >= 10
    assert changed >= 1
    assert diverged <= attempts // 4


@pytest.mark.parametrize("stop_after", [12, 25])
def test_a_saved_game_with_the_in_action_search_resumes_as_played(stop_after):
    """The Play screen's saved games replay the computer's decisions from their seeds:
    the expert's checkpoints are rebuilt while the record is played back (the
    recorded seats pass the hooks on), so a game saved part-way and resumed ends as the
    uninterrupted one."""
    from deckbuilder.engine.controllers.person import PersonController
    from deckbuilder.engine.records.play_record import dumps, loads
    from deckbuilder.engine.records.replay import RecordedGame
    from tests.test_engine_replay import Abandon, fresh, person

    experts = []

    def run(record, ask):
        expert = ExpertController(seed=7, iterations=4, in_action=True)
        experts.append(expert)
        game = RecordedGame(record, [PersonController(ask), expert])
        try:
            for _ in game.play():
                pass
        except Abandon:
            pass
        return game

    whole = run(fresh("expert", 6), person())
    assert experts[0].in_action_searches  # it searched inside actions
    halfway = run(fresh("expert", 6), person(stop_after=stop_after))
    resumed = run(loads(dumps(halfway.record())), person())
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())


def test_every_controller_is_told_each_move_before_it_and_each_answer_inside_it():
    """The engine's hooks (``docs/engine-actions.md``): ``action_begins`` before each
    turn's move the engine plays, at the pending decision; ``answered`` after every
    answer given inside a move, told to every seat, in the order asked."""
    from deckbuilder.engine.game.decisions import MOVE
    from deckbuilder.engine.game.flow import pending

    asked, began, told = [], [], {0: [], 1: [], 2: []}

    class Told(ComputerController):
        def choose(self, game, decision):
            action = super().choose(game, decision)
            if decision.kind in SEARCHED:
                asked.append((decision.seat, decision.kind, action))
            return action

        def action_begins(self, game, seat, action):
            d = pending(game)
            assert d is not None and d.kind == MOVE and d.seat == seat
            if self is controllers[0]:
                began.append((seat, action))

        def answered(self, game, decision, action):
            told[controllers.index(self)].append((decision.seat, decision.kind, action))

    game = _game(3, 7)
    controllers = seat_table([Told() for _ in range(3)])
    for _ in play(game, controllers, rounds=5, first=1):
        pass
    assert asked and told[0] == told[1] == told[2] == asked
    from deckbuilder.engine.game.actions import PlayFlash

    def turn_moves(moves):  # a quick Autarch notes its Flashes at last calls as moves too
        return sorted(repr(m) for m in moves if not isinstance(m[1], PlayFlash))

    assert turn_moves(began) == turn_moves(m for c in controllers for m in c.moves)
    assert len(began) > 20


def test_a_margin_keeps_the_quick_answer_unless_another_is_clearly_better(monkeypatch):
    import deckbuilder.engine.search.in_action as in_action

    monkeypatch.setattr(in_action, "MARGIN_Z", 2.0)
    # option 1: mean 0.5 over 20 samples alternating 0.4/0.6; option 0 (quick): mean 0.0
    visits, totals = [20, 20], [0.0, 10.0]
    squares = [20 * 0.01, 10 * 0.16 + 10 * 0.36]
    assert in_action._clearly_better(visits, totals, squares, 1, 0)
    noisy = [20 * 1.0, 10 * 1.0 + 10 * 0.0]  # quick: +-1 at random; option 1: 0 or 1
    assert not in_action._clearly_better(visits, [0.0, 10.0], noisy, 1, 0)
    assert not in_action._clearly_better([1, 20], totals, squares, 1, 0)
