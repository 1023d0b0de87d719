"""Playing a game from a :class:`~.play_record.PlayRecord`: recording, resuming, replaying.

:class:`RecordedGame` plays a game with one :class:`RecordedSeat` per Autarch around
its real controller (a person's :class:`~.person.PersonController` or a computer
Autarch). While the record's choices last, every seat plays them back (the computer is
not asked, so a changed computer cannot change a saved game); after the last one the
real controllers decide and every decision is written to the tape
(:attr:`RecordedGame.tape`), so :meth:`RecordedGame.record` is the whole game so far.
A new game is a record with no choices.

Moves are recorded as they are played, before the rivals are asked whether they
contest, defend or counter, so the tape keeps the order in which the engine asks. A
Flash a computer plays inside a rival's action (while contesting or defending) is
recorded as its ``move`` before its answer, and played back before that answer. In the
part of a record made by format version 1 (:attr:`~.play_record.PlayRecord.v1_choices`)
the questions that engine did not ask are answered as it did: no maneuvers when
contesting or defending, the default damage, no counter of a card that is not a Flash.
In the part made before format version 3 (:attr:`~.play_record.PlayRecord.v2_choices`)
no last call for Flashes is asked (:mod:`.last_call`); the Flash a computer played
there inside its contest or defence is played back before that answer, as recorded.
From version 3 on, a seat's Flashes at a last call are its ``move`` choices followed
by its ``last_call`` choice. A game saved while a computer's Flash inside a rival's
action waits for a person's answer, or inside a seat's last call, is saved as it was
before that contest, defence or last call was asked (it is asked again, the same way,
when the game resumes). A recorded decision that the engine does not take in the same
place (another seat or kind is asked, a move is refused or accepted unlike before)
raises :class:`ReplayError`: the saved game was made by a rules engine that played it
differently.

:func:`replay_steps` plays a record back alone (no controllers) and returns every
step with the table as one seat saw it: the Play screen's replay steps through these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from card_db.errors import UserError
from card_db.records import CardType
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import Action, Pass, PlayFlash
from deckbuilder.engine.game.answers import TableAnswers
from deckbuilder.engine.game.decisions import (
    CONTEST,
    COUNTER_KIND,
    DEFEND,
    LAST_CALL,
    MOVE,
    Controller,
    Decision,
)
from deckbuilder.engine.game.order_of_play import Step, play
from deckbuilder.engine.game.table_snapshot import TableSnapshot, snapshot
from deckbuilder.engine.records.play_record import V2_KINDS, Choice, PlayRecord, Seat
from deckbuilder.engine.rules.errors import EngineError, RuleError
from deckbuilder.engine.rules.last_call import AFTER_DAMAGE
from deckbuilder.engine.rules.revision import revision


class ReplayError(UserError):
    """A saved game that the rules engine of this version does not play as it was
    recorded (see the module doc)."""


class EndOfRecord(Exception):
    """Raised by a seat with no controller when the record has no more choices."""


class Tape:
    """The choices to play back (``script``) and those made so far (``log``)."""

    def __init__(self, script: Sequence[Choice] = (), v1_choices: int = 0,
                 v2_choices: int = 0, v3_choices: int = 0):
        self.script = tuple(script)
        self.v1_choices = v1_choices
        self.v2_choices = v2_choices
        self.v3_choices = v3_choices
        self.position = 0
        self.log: list[Choice] = []
        # Answers being made live that may play moves first (contest, defend): the log's
        # length and every seat's memory before each; the outermost is the save point.
        self.open: list[tuple[int, list[int]]] = []
        self.memories: Callable[[], list[int]] = list

    @property
    def replaying(self) -> bool:
        """Whether recorded choices remain to be played back."""
        return self.position < len(self.script)

    @property
    def in_v1_part(self) -> bool:
        """Whether the choices being played back were recorded by format version 1."""
        return self.position < self.v1_choices

    @property
    def before_v3(self) -> bool:
        """Whether the choices being played back were recorded before format version 3
        (no last call for Flashes)."""
        return self.position < self.v2_choices

    @property
    def before_v4(self) -> bool:
        """Whether the choices being played back were recorded before format version 4
        (no last call after a challenge's damage)."""
        return self.position < self.v3_choices

    def peek(self) -> Choice | None:
        return self.script[self.position] if self.replaying else None

    def take(self, seat: int, kind: str) -> Choice:
        """The next recorded choice, which must be ``kind`` by ``seat``."""
        choice = self.peek()
        if choice is None or choice.seat != seat or choice.kind != kind:
            raise ReplayError(
                f"this saved game does not replay on this version of the rules engine: "
                f"at decision {self.position + 1} the engine asks seat {seat + 1} for "
                f"{kind.replace('_', ' ')}, but the game recorded "
                + ("nothing more" if choice is None else
                   f"{choice.kind.replace('_', ' ')} by seat {choice.seat + 1}"))
        self.position += 1
        self.log.append(choice)
        return choice

    def write(self, choice: Choice) -> None:
        self.log.append(choice)


class RecordedSeat(Controller):
    """One seat of a :class:`RecordedGame`: answers each decision from the tape, then
    asks ``inner`` (``None``: raise :class:`EndOfRecord` instead) and records its
    answers. A turn's move is recorded as ``move`` and its end as ``end_turn``; a
    Flash at a last call as ``move`` and the end of the seat's answer as ``last_call``;
    every other decision under its own kind."""

    def __init__(self, seat: int, inner: ComputerController | None, tape: Tape):
        self.seat = seat
        self.inner = inner
        self.tape = tape
        self.controllers: list[Controller] = []
        self._last_kind: str | None = None  # the kind of decision last answered
        self._call: object | None = None  # the last call being answered live

    def join(self, controllers: Sequence[Controller]) -> None:
        self.controllers = list(controllers)

    def action_begins(self, game: Game, seat: int, action: Action) -> None:
        if self.inner is not None:  # live or replayed, so a searcher's memory is the same
            self.inner.action_begins(game, seat, action)

    def answered(self, game: Game, decision: Decision, action: Action) -> None:
        if self.inner is not None:
            self.inner.answered(game, decision, action)

    def _live(self) -> ComputerController:
        if self.inner is None:
            raise EndOfRecord
        return self.inner

    def choose(self, game: Game, decision: Decision) -> Action:
        self._last_kind = decision.kind
        if decision.kind == MOVE:
            return self._move(game, decision)
        if decision.kind == LAST_CALL:
            return self._last_call(game, decision)
        if decision.kind in (CONTEST, DEFEND):
            return self._acting_answer(game, decision)
        if self.tape.in_v1_part and (decision.kind in V2_KINDS or (
                decision.kind == COUNTER_KIND and game.record(
                    decision.context.card).card_type is not CardType.FLASH)):
            return decision.default  # a question the engine of version 1 did not ask
        if self.tape.before_v4 and decision.kind == COUNTER_KIND and decision.context.depth:
            return decision.default  # before version 4 a counter was not offered countering
        return self._answer(game, decision, decision.kind)

    def _answer(self, game: Game, decision: Decision, kind: str) -> Action:
        if self.tape.replaying:
            return self.tape.take(self.seat, kind).value
        value = self._live().choose(game, decision)
        self.tape.write(Choice(self.seat, kind, value))
        return value

    # -- a turn ----------------------------------------------------------------------------
    def _move(self, game: Game, decision: Decision) -> Action:
        if self.tape.replaying:
            nxt = self.tape.peek()
            if nxt is not None and nxt.seat == self.seat and nxt.kind == "end_turn":
                self.tape.take(self.seat, "end_turn")
                return Pass()
            return self.tape.take(self.seat, "move").value
        value = self._live().choose(game, decision)
        self.tape.write(Choice(self.seat, "end_turn" if isinstance(value, Pass) else "move",
                               Pass() if isinstance(value, Pass) else value))
        return value

    def refused(self, game: Game, seat: int, action: Action, error: RuleError) -> None:
        """A refused move ends the turn (or the seat's last call): recorded as
        ``refused`` and the end of the turn (or of the answer)."""
        end = "last_call" if self._last_kind == LAST_CALL else "end_turn"
        if self.tape.replaying:
            nxt = self.tape.peek()
            if nxt is None or nxt.seat != seat or nxt.kind != "refused":
                raise ReplayError(
                    "this saved game does not replay on this version of the rules engine: "
                    f"the move at decision {self.tape.position} was refused but had been "
                    f"played ({error})")
            self.tape.take(seat, "refused")
            self.tape.take(seat, end)
            return
        if self.inner is not None:
            self.inner.refused(game, seat, action, error)
        self.tape.write(Choice(seat, "refused"))
        self.tape.write(Choice(seat, end, Pass()))
        self._close_call()

    # -- inside a rival's action -------------------------------------------------------------
    def _replay_reactions(self, game: Game) -> None:
        """The Flashes this seat played inside a rival's action before its answer (format
        versions before 3), played back before it."""
        while (nxt := self.tape.peek()) is not None and nxt.seat == self.seat \
                and nxt.kind == "move":
            action = self.tape.take(self.seat, "move").value
            try:
                action.play(game, self.seat, TableAnswers(self.controllers))
            except RuleError as exc:
                self._last_kind = MOVE
                self.refused(game, self.seat, action, exc)

    def _acting_answer(self, game: Game, decision: Decision) -> Action:
        """A contest or defence: the tape's, else asked live (saved before it while
        the person is asked inside it)."""
        self._replay_reactions(game)
        if decision.kind == CONTEST and self.tape.replaying and self.inner is not None:
            self.inner.note_contest(decision.context.site)  # as its own contest would
        if self.tape.replaying:
            return self._answer(game, decision, decision.kind)
        self.tape.open.append((len(self.tape.log), self.tape.memories()))
        value = self._answer(game, decision, decision.kind)
        self.tape.open.pop()  # not on an exception: the game stopped inside this answer
        return value

    def _last_call(self, game: Game, decision: Decision) -> Action:
        """The last call for Flashes: each Flash played is a ``move``, the end of the
        answer ``last_call``. Not asked before format version 3."""
        if self.tape.replaying:
            if self.tape.before_v3 or (self.tape.before_v4
                                       and decision.context.action == AFTER_DAMAGE):
                return Pass()
            nxt = self.tape.peek()
            if nxt is not None and nxt.seat == self.seat and nxt.kind == "move":
                return self.tape.take(self.seat, "move").value
            self.tape.take(self.seat, "last_call")
            return Pass()
        if self._call is not decision.context:
            self._call = decision.context
            self.tape.open.append((len(self.tape.log), self.tape.memories()))
        value = self._live().choose(game, decision)
        if isinstance(value, PlayFlash):
            self.tape.write(Choice(self.seat, "move", value))
            return value
        self.tape.write(Choice(self.seat, "last_call", Pass()))
        self._close_call()
        return value

    def _close_call(self) -> None:
        if self._call is not None:
            self._call = None
            self.tape.open.pop()


def _memory(controller: ComputerController | None) -> int:
    # The strong level seeds each imagined game with its count of decisions.
    return int(getattr(controller, "decisions", 0) or 0)


class RecordedGame:
    """The game of ``record`` with one controller per seat (``None`` entries: play the
    record back only). Each computer controller's memory is set from the record."""

    def __init__(self, record: PlayRecord,
                 controllers: Sequence[ComputerController | None] | None = None):
        controllers = list(controllers) if controllers is not None else [None] * len(
            record.seats)
        if len(controllers) != len(record.seats):
            raise EngineError("one controller per seat")
        self.base = record
        self.game = Game(record.decks, seed=record.seed, names=record.names,
                         rules=revision(record.rules))
        self.tape = Tape(record.choices, record.v1_choices, record.v2_choices,
                         record.v3_choices)
        self.controllers = controllers
        for controller, seat in zip(controllers, record.seats, strict=True):
            if controller is not None and hasattr(controller, "decisions"):
                controller.decisions = seat.memory
        self.tape.memories = lambda: [_memory(c) for c in self.controllers]
        self.seats = [RecordedSeat(i, c, self.tape) for i, c in enumerate(controllers)]
        for seat in self.seats:
            seat.join(self.seats)
            if seat.inner is not None:
                seat.inner.join(self.seats)

    def play(self) -> Iterator[Step]:
        """Set up and play (:func:`~.order_of_play.play`); the record's choices first.
        :class:`ReplayError` if they do not replay."""
        steps = play(self.game, self.seats, rounds=self.base.max_rounds, first=self.base.first)
        try:
            yield from steps
        except RuleError as exc:
            if not self.tape.replaying:
                raise
            raise ReplayError(f"this saved game does not replay on this version of the "
                              f"rules engine: at decision {self.tape.position}: {exc}") from exc

    @property
    def replaying(self) -> bool:
        return self.tape.replaying

    def record(self) -> PlayRecord:
        """The game so far as a record. Call it only while the game waits for a person
        or has ended (the engine's thread is not changing the tape then)."""
        log, memory = self.tape.log, self.tape.memories()
        if self.tape.open:  # inside a computer's contest or defence: saved before it
            mark, memory = self.tape.open[0]
            log = log[:mark]
        return self.base.with_progress(log, memory, self.game.table.over)


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replayed game: the log ``lines`` it wrote and the ``table`` after it."""

    lines: tuple[str, ...]
    table: TableSnapshot


def replay_steps(record: PlayRecord, seat: int = 0) -> list[ReplayStep]:
    """Every step of ``record`` played back, the table seen from ``seat``, up to the
    point where the record ends. :class:`ReplayError` if it does not replay."""
    recorded = RecordedGame(record)
    steps: list[ReplayStep] = []
    try:
        for step in recorded.play():
            steps.append(ReplayStep(step.lines, snapshot(recorded.game, seat)))
    except EndOfRecord:
        pass
    return steps


def restore(record: PlayRecord) -> Game:
    """The game of ``record`` at the point where it was saved."""
    recorded = RecordedGame(record)
    try:
        for _ in recorded.play():
            pass
    except EndOfRecord:
        pass
    return recorded.game




def record_of(game: Game, controllers: Sequence[ComputerController], seed: int,
              max_rounds: int, first: int = 0) -> PlayRecord:
    """A record of ``game`` (not begun, made with ``seed``) played by ``controllers``:
    each seat's player is its controller's ``level`` (``"human"`` for a person), its
    computer seed the controller's ``seed`` (``seed`` when it has none)."""
    s = game.table
    decks: list[list] = [[] for _ in s.autarchs]
    for card, owner in zip(s.cards, s.owners, strict=True):
        decks[owner].append(card)
    seats = tuple(Seat(a.name, c.level, tuple(d), int(getattr(c, "seed", seed)))
                  for a, c, d in zip(s.autarchs, controllers, decks, strict=True))
    return PlayRecord(seats, seed, first, max_rounds)


__all__ = ["EndOfRecord", "RecordedGame", "RecordedSeat", "ReplayError", "ReplayStep",
           "Tape", "record_of", "replay_steps", "restore"]
