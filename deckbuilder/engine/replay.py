"""Playing a game from a :class:`~.play_record.PlayRecord`: recording, resuming, replaying.

:class:`RecordedGame` plays a game with one :class:`RecordedSeat` per Autarch around
its real controller (a person's :class:`~.human_autarch.HumanAutarch` or a computer
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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MethodType

from card_db.errors import UserError
from card_db.records import CardType
from deckbuilder.engine.computer_autarch import ComputerAutarch
from deckbuilder.engine.errors import RuleError
from deckbuilder.engine.game import Game
from deckbuilder.engine.last_call import LastCall
from deckbuilder.engine.order_of_play import Controller, Step, play
from deckbuilder.engine.play_record import Choice, PlayRecord, Seat
from deckbuilder.engine.quick_policy import Move
from deckbuilder.engine.table_snapshot import TableSnapshot, snapshot


class ReplayError(UserError):
    """A saved game that the rules engine of this version does not play as it was
    recorded (see the module doc)."""


class EndOfRecord(Exception):
    """Raised by a seat with no controller when the record has no more choices."""


class Tape:
    """The choices to play back (``script``) and those made so far (``log``)."""

    def __init__(self, script: Sequence[Choice] = (), v1_choices: int = 0,
                 v2_choices: int = 0):
        self.script = tuple(script)
        self.v1_choices = v1_choices
        self.v2_choices = v2_choices
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
    """One seat of a :class:`RecordedGame`: plays the tape's choices back, then asks
    ``inner`` (``None``: raise :class:`EndOfRecord` instead) and records its answers."""

    def __init__(self, seat: int, inner: ComputerAutarch | None, tape: Tape):
        self.seat = seat
        self.inner = inner
        self.tape = tape
        # Plays a move for this seat, asking the table's seats to contest, defend, counter.
        self.player = inner if inner is not None else ComputerAutarch()
        # The class's own method: a controller recorded before (a resumed session's
        # person) plays through this tape only.
        self._play = MethodType(type(self.player).play_move, self.player)
        # Every move the inner controller plays goes on the tape before it is played.
        self.player.play_move = self._record_move  # type: ignore[method-assign]

    def _live(self) -> ComputerAutarch:
        if self.inner is None:
            raise EndOfRecord
        return self.inner

    def _record_move(self, game: Game, seat: int, move: Move) -> bool:
        self.tape.write(Choice(seat, "move", move))
        played = self._play(game, seat, move)
        if not played:
            self.tape.write(Choice(seat, "refused"))
        return played

    def _answer_v2(self, kind: str, v1_answer, ask):
        """A question the engine of format version 1 did not ask: its answer there."""
        return v1_answer if self.tape.in_v1_part else self._answer(kind, ask)

    def _acting_answer(self, game: Game, kind: str, ask):
        """An answer inside which this seat may play Flashes (a rival's action)."""
        self._replay_reactions(game, self.seat)
        if self.tape.replaying:
            return self._answer(kind, ask)
        self.tape.open.append((len(self.tape.log), self.tape.memories()))
        value = self._answer(kind, ask)
        self.tape.open.pop()  # not on an exception: the game stopped inside this answer
        return value

    def _answer(self, kind: str, ask):
        if self.tape.replaying:
            return self.tape.take(self.seat, kind).value
        value = ask(self._live())
        self.tape.write(Choice(self.seat, kind, value))
        return value

    # -- setup ---------------------------------------------------------------------------
    def place_site(self, game: Game, seat: int, dominion: int) -> int:
        return self._answer("place_site", lambda c: c.place_site(game, seat, dominion))

    def reshuffle(self, game: Game, seat: int) -> bool:
        return self._answer("reshuffle", lambda c: c.reshuffle(game, seat))

    # -- turns ---------------------------------------------------------------------------
    def _turn(self, method: str, game: Game, seat: int) -> Iterator[None]:
        while self.tape.replaying:
            nxt = self.tape.peek()
            if nxt.seat == seat and nxt.kind == "end_turn":
                self.tape.take(seat, "end_turn")
                return
            if self._replay_move(game, seat):
                yield
        yield from getattr(self._live(), method)(game, seat)
        self.tape.write(Choice(seat, "end_turn"))

    def _replay_move(self, game: Game, seat: int) -> bool:
        """Play the tape's next move of ``seat``; whether the engine accepted it."""
        move = self.tape.take(seat, "move").value
        played = self._play(game, seat, move)
        refused = self.tape.peek()
        if played == (refused is not None and refused.seat == seat
                      and refused.kind == "refused"):
            raise ReplayError(
                f"this saved game does not replay on this version of the rules engine: "
                f"the move at decision {self.tape.position} was "
                + ("accepted but had been refused" if played else
                   "refused but had been played"))
        if not played:  # as live: a refused move ends the step without a pause
            self.tape.take(seat, "refused")
        return played

    def _replay_reactions(self, game: Game, seat: int) -> None:
        """The Flashes ``seat`` played inside a rival's action, before its answer."""
        while (nxt := self.tape.peek()) is not None and nxt.seat == seat \
                and nxt.kind == "move":
            self._replay_move(game, seat)

    def autarch_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._turn("autarch_turn", game, seat)

    def ally_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._turn("ally_turn", game, seat)

    def reconciliation_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._turn("reconciliation_turn", game, seat)

    # -- rivals' turns -------------------------------------------------------------------
    def contest(self, game: Game, seat: int, seizing_seat: int, site: int,
                allies: Sequence[int]) -> Sequence[int]:
        if self.tape.replaying and self.inner is not None:
            self.inner.note_contest(site)  # as its contest() would, for its maneuvers
        return tuple(self._acting_answer(game, "contest", lambda c: tuple(
            c.contest(game, seat, seizing_seat, site, allies))))

    def defend(self, game: Game, seat: int, target: int,
               challengers: Sequence[int]) -> Sequence[int]:
        return tuple(self._acting_answer(game, "defend", lambda c: tuple(
            c.defend(game, seat, target, challengers))))

    def counter(self, game: Game, seat: int, flash: int, target: int | None) -> int | None:
        if self.tape.in_v1_part and game.record(flash).card_type != CardType.FLASH:
            return None  # version 1 offered only Flashes for countering
        return self._answer("counter", lambda c: c.counter(game, seat, flash, target))

    def contest_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                          opposing: Sequence[int]) -> Mapping[int, Sequence[int]]:
        return self._answer_v2("contest_maneuvers", {}, lambda c: _maneuvers(
            c.contest_maneuvers(game, seat, involved, opposing)))

    def defend_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                         opposing: Sequence[int]) -> Mapping[int, Sequence[int]]:
        return self._answer_v2("defend_maneuvers", {}, lambda c: _maneuvers(
            c.defend_maneuvers(game, seat, involved, opposing)))

    def last_call(self, game: Game, seat: int, call: LastCall) -> None:
        if self.tape.before_v3:
            return  # versions 1 and 2 asked no last call
        self._acting_answer(game, "last_call", lambda c: c.last_call(game, seat, call))

    def assign_damage(self, game: Game, seat: int, damage: int,
                      losers: Sequence[int]) -> Mapping[int, int] | None:
        return self._answer_v2("assign_damage", None, lambda c: _damage(
            c.assign_damage(game, seat, damage, losers)))


def _maneuvers(chosen: Mapping[int, Sequence[int]] | None) -> dict[int, tuple[int, ...]]:
    """Maneuvers per character as the tape keeps them (as they read back from JSON)."""
    return {k: tuple(v) for k, v in (chosen or {}).items()}


def _damage(chosen: Mapping[int, int] | None) -> dict[int, int] | None:
    return None if chosen is None else dict(chosen)


def _memory(controller: ComputerAutarch | None) -> int:
    # The strong level seeds each imagined game with its count of decisions.
    return int(getattr(controller, "decisions", 0) or 0)


class RecordedGame:
    """The game of ``record`` with one controller per seat (``None`` entries: play the
    record back only). Each computer controller's memory is set from the record."""

    def __init__(self, record: PlayRecord,
                 controllers: Sequence[ComputerAutarch | None] | None = None):
        controllers = list(controllers) if controllers is not None else [None] * len(
            record.seats)
        if len(controllers) != len(record.seats):
            raise ValueError("one controller per seat")
        self.base = record
        self.game = Game(record.decks, seed=record.seed, names=record.names)
        self.tape = Tape(record.choices, record.v1_choices, record.v2_choices)
        self.controllers = controllers
        for controller, seat in zip(controllers, record.seats, strict=True):
            if controller is not None and hasattr(controller, "decisions"):
                controller.decisions = seat.memory
        self.tape.memories = lambda: [_memory(c) for c in self.controllers]
        self.seats = [RecordedSeat(i, c, self.tape) for i, c in enumerate(controllers)]
        for seat in self.seats:
            seat.player.join(self.seats)

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
        return self.base.with_progress(log, memory, self.game.state.over)


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




def record_of(game: Game, controllers: Sequence[ComputerAutarch], seed: int,
              max_rounds: int, first: int = 0) -> PlayRecord:
    """A record of ``game`` (not begun, made with ``seed``) played by ``controllers``:
    each seat's player is its controller's ``level`` (``"human"`` for a person), its
    computer seed the controller's ``seed`` (``seed`` when it has none)."""
    s = game.state
    decks: list[list] = [[] for _ in s.autarchs]
    for card, owner in zip(s.cards, s.owners, strict=True):
        decks[owner].append(card)
    seats = tuple(Seat(a.name, c.level, tuple(d), int(getattr(c, "seed", seed)))
                  for a, c, d in zip(s.autarchs, controllers, decks, strict=True))
    return PlayRecord(seats, seed, first, max_rounds)


__all__ = ["EndOfRecord", "RecordedGame", "RecordedSeat", "ReplayError", "ReplayStep",
           "Tape", "record_of", "replay_steps", "restore"]
