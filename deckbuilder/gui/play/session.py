"""One game against one to three computer Autarchs, run in a worker thread.

The engine (:func:`~deckbuilder.engine.game.order_of_play.play`) runs in a Python thread;
the computer Autarch thinks there. The person's :class:`~.person.PersonController`
asks through :meth:`PlaySession._ask`, which emits ``decision`` and blocks the worker
on a :class:`queue.Queue` until :meth:`PlaySession.answer` (called on the GUI thread)
puts the answer. Signals cross to the GUI thread as queued connections, so the window
never waits for the engine. After each computer step the worker pauses ``delay``
seconds (a readable pace); :meth:`skip` ends the pauses until the person's next
decision.

Every decision is recorded (:class:`~deckbuilder.engine.records.replay.RecordedGame`):
:meth:`PlaySession.record` is the game so far, to save; :meth:`PlaySession.resume`
plays a saved record back before the person and the computer go on.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from card_db.records import CardRecord
from deckbuilder.engine.controllers.computer import seat_table
from deckbuilder.engine.controllers.levels import MAX_RIVALS
from deckbuilder.engine.controllers.person import Decision, PersonController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.decisions import Controller
from deckbuilder.engine.game.order_of_play import Step
from deckbuilder.engine.game.table_snapshot import TableSnapshot, snapshot
from deckbuilder.engine.records.play_record import HUMAN as HUMAN_PLAYER
from deckbuilder.engine.records.play_record import PlayRecord
from deckbuilder.engine.records.replay import RecordedGame, record_of
from deckbuilder.engine.simulation.match import computer_controller
from deckbuilder.engine.table.rng import splitmix64

#: Rounds after which an undecided game ends as a draw (as in ``deckbuilder match``).
MAX_ROUNDS = 30
#: The person's seat.
HUMAN = 0


@dataclass(frozen=True)
class Rival:
    """A computer Autarch to play against: its deck (one record per copy), its level
    ("quick" or "strong", :data:`~deckbuilder.engine.controllers.levels.LEVELS`) and its name on
    the table and in the log."""

    records: tuple[CardRecord, ...]
    level: str
    name: str = "Computer"


class GameAbandoned(Exception):
    """The person closed or restarted the game while the engine waited."""


def ending(snap: TableSnapshot) -> str:
    """The result of a finished game in rulebook words."""
    if snap.winner is not None:
        who = snap.autarchs[snap.winner].name
        others = [a for i, a in enumerate(snap.autarchs) if i != snap.winner]
        if all(a.eliminated for a in others):
            whose = "the rival's Destiny is" if len(others) == 1 else "every rival's Destiny is"
            return f"{who} wins: {whose} exhausted (Exhausted Destiny)."
        return f"Victory: {who} controls unpivoted Sites of the Dominions needed."
    if snap.over:
        return "No winner: every Destiny is exhausted (Exhausted Destiny)."
    return f"No result after {snap.round} rounds: a draw."


#: The person's Autarch as the log and the table name it (third person: "Your Autarch
#: seizes ...").
PLAYER_NAME = "Your Autarch"


class PlaySession(QObject):
    """A game of ``mine`` (seat 0, named :data:`PLAYER_NAME`, followed by ``deck_name``
    in brackets when given, so that the log and a saved game name your deck) against
    ``rivals`` (one to :data:`MAX_RIVALS` :class:`Rival`, seats 1, 2, ... clockwise).
    Each computer Autarch has its own seed, drawn from ``seed``. ``ValueError`` for no
    rival or too many.

    Signals: ``stepped(snapshot, lines)`` after every step; ``decision(Decision,
    snapshot)`` when the person must choose; ``finished(snapshot, message)``;
    ``failed(message)`` if the engine raised.
    """

    stepped = Signal(object, object)
    decision = Signal(object, object)
    finished = Signal(object, str)
    failed = Signal(str)

    def __init__(self, mine: Sequence[CardRecord], rivals: Sequence[Rival], seed: int,
                 delay: float = 0.6, deck_name: str = ""):
        super().__init__()
        if not 1 <= len(rivals) <= MAX_RIVALS:
            raise ValueError(f"a game has 1 to {MAX_RIVALS} rivals, not {len(rivals)}")
        self.rivals = tuple(rivals)
        game = Game([list(mine), *(list(r.records) for r in rivals)], seed=seed,
                    names=[f"{PLAYER_NAME} ({deck_name})" if deck_name else PLAYER_NAME,
                           *(r.name for r in rivals)])
        self._setup(game, [computer_controller(r.level, splitmix64(seed ^ (k + 1)))
                           for k, r in enumerate(rivals)], delay)
        self.recorded = RecordedGame(record_of(self.game, self.controllers, seed, MAX_ROUNDS),
                                     self.controllers)
        self.game = self.recorded.game

    def _setup(self, game: Game, computers: Sequence[Controller], delay: float) -> None:
        self.game = game
        self.human = PersonController(self._ask)
        self.controllers = seat_table([self.human, *computers])
        self.delay = delay
        self._answers: queue.Queue = queue.Queue()
        self._skip = threading.Event()
        self._stop = threading.Event()
        self.waiting = False
        self._thread = threading.Thread(target=self._run, name="play-game", daemon=True)
        self.recorded: RecordedGame | None = None
        self._steps: Callable[[], Iterator[Step]] | None = None
        self._end_message: str | None = None

    @classmethod
    def from_game(cls, game: Game, steps: Callable[[Game, Sequence[Controller]], Iterator[Step]],
                  others: Sequence[Controller], end_message: str,
                  delay: float = 0.6) -> PlaySession:
        """A session on an already built ``game`` (e.g. a rulebook worked example,
        :func:`~deckbuilder.engine.controllers.scenarios.build`): the person at seat 0,
        ``others`` (e.g. computer Autarchs, one per other seat) at the others; the worker
        plays ``steps(game, controllers)`` (e.g.
        :func:`~deckbuilder.engine.controllers.scenarios.play_turn`),
        then reports ``end_message``. Such a game is not recorded: :meth:`record` raises
        ``RuntimeError``. ``ValueError`` if ``others`` does not fit the seats."""
        if len(others) != len(game.table.autarchs) - 1:
            raise ValueError(f"{len(game.table.autarchs) - 1} other controllers needed, "
                             f"not {len(others)}")
        session = cls.__new__(cls)
        QObject.__init__(session)
        session.rivals = ()
        session._setup(game, others, delay)
        session._steps = lambda: steps(session.game, session.controllers)
        session._end_message = end_message
        return session

    @classmethod
    def from_record(cls, record: PlayRecord, delay: float = 0.6) -> PlaySession:
        """A session that resumes the saved ``record`` (the person in seat 0)."""
        mine = record.seats[0]
        session = cls(mine.deck, [Rival(s.deck, s.player, s.name) for s in record.seats[1:]],
                      record.seed, delay)
        session.resume(record)
        return session

    def resume(self, record: PlayRecord) -> None:
        """Play the saved ``record`` instead (call before :meth:`start`): its decisions
        are played back, then the person and the computers as saved go on."""
        controllers = [self.human if s.player == HUMAN_PLAYER else
                       computer_controller(s.player, s.computer_seed) for s in record.seats]
        self.recorded = RecordedGame(record, controllers)
        self.game = self.recorded.game
        self.controllers = controllers

    def record(self) -> PlayRecord:
        """The game so far, to save: only while the person is asked or after the end
        (``RuntimeError`` otherwise, and for a game made by :meth:`from_game`)."""
        if self.recorded is None:
            raise RuntimeError("this game is not recorded")
        if self._thread.is_alive() and not self.waiting:
            raise RuntimeError("a game is recorded only while it waits for the person")
        return self.recorded.record()

    def start(self) -> None:
        self._thread.start()

    # -- GUI thread ----------------------------------------------------------------------
    def answer(self, index) -> None:
        """The person's choice: an option's index, ``None`` (Done/Pass), or, when the
        decision offers one, a :class:`~deckbuilder.engine.game.actions.ManualAdjustment`."""
        self.waiting = False
        self._answers.put(index)

    def skip(self) -> None:
        """Play the computer's steps without pauses until the person's next decision."""
        self._skip.set()

    def stop(self, timeout: float = 5.0) -> None:
        """Abandon the game and wait for the worker to end."""
        self._stop.set()
        self._skip.set()
        self._answers.put(GameAbandoned)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def is_running(self) -> bool:
        return self._thread.is_alive()

    # -- worker thread -------------------------------------------------------------------
    def _ask(self, decision: Decision) -> int | None:
        if self._stop.is_set():
            raise GameAbandoned
        self._skip.clear()
        self.waiting = True
        self._show_lines_so_far()
        self.decision.emit(decision, snapshot(self.game, HUMAN))
        answer = self._answers.get()
        if answer is GameAbandoned:
            raise GameAbandoned
        return answer

    def _show_lines_so_far(self) -> None:
        """Emit the log lines the current step has written so far: a decision asked in
        the middle of an action (a last call, a contest) follows the lines that led to
        it. The step then emits only the rest."""
        early = self.game.log[self._step_start + self._shown_early:]
        if early:
            self._shown_early += len(early)
            self.stepped.emit(snapshot(self.game, HUMAN), list(early))

    def _run(self) -> None:
        # Each step's lines are the log written since the step before (order_of_play).
        self._step_start, self._shown_early = len(self.game.log), 0
        try:
            recorded = self.recorded
            steps = recorded.play() if recorded is not None else self._steps()
            for step in steps:
                if self._stop.is_set():
                    return
                lines = list(step.lines)[self._shown_early:]
                self._step_start, self._shown_early = len(self.game.log), 0
                self.stepped.emit(snapshot(self.game, HUMAN), lines)
                replaying = recorded is not None and recorded.replaying
                if step.seat != HUMAN and step.lines and not replaying:
                    self._skip.wait(self.delay)  # returns at once after skip() or stop()
        except GameAbandoned:
            return
        except Exception as exc:  # noqa: BLE001 - reported to the person, not swallowed
            self.failed.emit(f"The game stopped: {type(exc).__name__}: {exc}")
            return
        snap = snapshot(self.game, HUMAN)
        self.finished.emit(snap, self._end_message or ending(snap))
