"""Every move the rulebook allows an Autarch, as frozen :class:`Action` values.

One value per decision, whoever makes it (a person on the Play screen, a computer
level, the goldfish autopilot, a recorded game being replayed): a turn's move (reveal
a Site, play a Path, a Dictate, a Flash, reassign, use a Site's power, establish an
alliance, seize, challenge, an Ally Action, an Ally's power, retreat, idle, move
forward, a person's :class:`ManualAdjustment` for a card whose power the engine did not
apply, or :class:`Pass` to end the turn), a setup decision (:class:`PlaceSite`,
:class:`Reshuffle`) and the decisions asked inside another Autarch's action
(:class:`Contest`, :class:`Defend`, :class:`PlayManeuvers`, :class:`AssignDamage`,
:class:`Counter`, and the Flashes played at the last call, :class:`PlayFlash`).

Each action says which cards it names (:meth:`Action.cards`), reads in the rulebook's
words (:meth:`Action.describe`), and a turn's move is carried out by
:meth:`Action.play` through the :class:`~.game.Game` method named for that move in the
rulebook, with the table's answers (:class:`~.answers.TableAnswers`) for the decisions it
asks of the others. :func:`to_data`/:func:`from_data` give each action as JSON data
(the saved games of :mod:`.play_record`).

Sources: "Phase 2: Autarch Phase", "Phase 3: Ally Phase", "Phase 4: The
Reconciliation", "Game Setup", "Seizing Sites and Contests", "Challenge Summary",
"Timing and Countering".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from deckbuilder.engine.game import Game

#: Maneuvers per involved character: ``((character, (card, ...)), ...)``, hashable.
Plan = tuple[tuple[int, tuple[int, ...]], ...]
#: One move of a reassignment: ``(Ally, Site or None for the Reserve)``.
ReassignStep = tuple[int, "int | None"]


class Answers:
    """The engine's callbacks for the decisions a move asks of the table (each ``None``:
    nobody is asked). :class:`~.answers.TableAnswers` asks controllers; this base asks
    nobody: no contest, no defender, no counter, no maneuver, the default damage, no
    Flash at the last call."""

    contest = defend = counter = contest_maneuvers = defend_maneuvers = None
    assign_damage = last_call = None


#: Nobody is asked (a trial of a move on a copy of the game).
NOBODY = Answers()


def plan_of(maneuvers: Mapping[int, Sequence[int]] | Plan | None) -> Plan:
    """``maneuvers`` (a mapping character -> cards, or a :data:`Plan`) as a :data:`Plan`."""
    if not maneuvers:
        return ()
    items = maneuvers.items() if isinstance(maneuvers, Mapping) else maneuvers
    return tuple((int(ally), tuple(cards)) for ally, cards in items)


def shown_name(game: Game, card: int) -> str:
    """The card's name; for a card in play sharing its name with others in play, with
    its number among them in id order (e.g. "Cinder Waystation (2)"), so that the moves
    on two copies in the Circle are told apart."""
    name = game.name(card)
    s = game.table
    same = sorted(c for c in s.in_play() if s.cards[c].name == name)
    return f"{name} ({same.index(card) + 1})" if len(same) > 1 and card in same else name


def names(game: Game, cards: Sequence[int]) -> str:
    return ", ".join(shown_name(game, c) for c in cards)


def _playing(game: Game, plan: Plan) -> str:
    """", playing Pneuma from Sartori" for a move's maneuvers, or ""."""
    if not plan:
        return ""
    return ", playing " + "; ".join(f"{names(game, cards)} from {game.name(ally)}"
                                    for ally, cards in plan)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision's value. ``kind`` names the move in records and tables (it never
    names a method to call)."""

    kind: ClassVar[str] = ""
    #: True for a turn's move, played by :meth:`play`.
    turn_move: ClassVar[bool] = False

    def cards(self) -> tuple[int, ...]:
        """The card ids the action names, in order, without repeats."""
        out: list[int] = []
        for value in astuple(self):
            _collect(value, out)
        return tuple(dict.fromkeys(out))

    def describe(self, game: Game) -> str:
        """The action in the rulebook's words."""
        return self.kind

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        """Carry out this turn's move for ``seat``; :class:`~.errors.RuleError` if the
        rules forbid it."""
        raise NotImplementedError(f"{type(self).__name__} is not a turn's move")


def _collect(value: Any, out: list[int]) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        out.append(value)
    elif isinstance(value, tuple | list):
        for v in value:
            _collect(v, out)


# --- a turn's moves ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RevealSite(Action):
    """"Reveal Sites": a Site from hand to the Circle."""

    site: int
    kind: ClassVar[str] = "reveal_site"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return f"Reveal the Site {game.name(self.site)}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.reveal_site(seat, self.site)


@dataclass(frozen=True, slots=True)
class PlayPath(Action):
    """"Play Paths": a Path face down on a Site of the Circle."""

    path: int
    site: int
    kind: ClassVar[str] = "play_path"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return f"Lay the Path {game.name(self.path)} face down on {shown_name(game, self.site)}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.play_path(seat, self.path, self.site)


@dataclass(frozen=True, slots=True)
class PlayFlash(Action):
    """A Flash from hand, on ``target`` if it names one ("Types of Cards: Flashes");
    also the answer to a last call for Flashes."""

    card: int
    target: int | None = None
    kind: ClassVar[str] = "play_flash"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        on = f" on {shown_name(game, self.target)}" if self.target is not None else ""
        return f"Play the Flash {game.name(self.card)}{on}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.play_flash(seat, self.card, self.target, answers.counter)


@dataclass(frozen=True, slots=True)
class PlayDictate(Action):
    """The turn's Dictate ("Phase 2: Autarch Phase")."""

    card: int
    target: int | None = None
    kind: ClassVar[str] = "play_dictate"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        on = f" on {shown_name(game, self.target)}" if self.target is not None else ""
        return f"Play the Dictate {game.name(self.card)}{on}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.play_dictate(seat, self.card, self.target, answers.counter)


@dataclass(frozen=True, slots=True)
class Reassign(Action):
    """"Reassign Allies" in place of the turn's Dictate: each ``(Ally, Site or None)``."""

    moves: tuple[ReassignStep, ...]
    kind: ClassVar[str] = "reassign"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return "Reassign " + ", ".join(
            f"{shown_name(game, h)} to "
            f"{'the Reserve' if to is None else shown_name(game, to)}" for h, to in self.moves)

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.reassign(seat, self.moves)


@dataclass(frozen=True, slots=True)
class UseSitePower(Action):
    """A secured Site's Dictate-icon power, as the turn's Dictate."""

    site: int
    target: int | None = None
    kind: ClassVar[str] = "use_site_power"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        on = f" on {shown_name(game, self.target)}" if self.target is not None else ""
        return f"Use the power of {shown_name(game, self.site)}{on}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.use_site_power(seat, self.site, self.target)


@dataclass(frozen=True, slots=True)
class Establish(Action):
    """"Establishing alliances": a Character from hand to the Reserve; ``use_exception``:
    as the one Ally from the Dominion of a controlled Site."""

    card: int
    use_exception: bool = False
    kind: ClassVar[str] = "establish"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        extra = " (the one Ally from a controlled Site's Dominion)" if self.use_exception else ""
        return f"Establish an alliance with {game.name(self.card)}{extra}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.establish(seat, self.card, self.use_exception)


@dataclass(frozen=True, slots=True)
class Seize(Action):
    """"Seize a Site" with ``allies``, playing influence ``maneuvers`` from hand."""

    site: int
    allies: tuple[int, ...]
    maneuvers: Plan = ()
    kind: ClassVar[str] = "seize"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return (f"Seize {shown_name(game, self.site)} with {names(game, self.allies)}"
                f"{_playing(game, self.maneuvers)}")

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.seize(seat, self.site, self.allies, answers.contest, dict(self.maneuvers) or None,
                   answers.contest_maneuvers, answers.counter, None, answers.last_call)


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """"Challenge Rival's Ally": ``challengers`` against ``target``, playing combat
    ``maneuvers``."""

    challengers: tuple[int, ...]
    target: int
    maneuvers: Plan = ()
    kind: ClassVar[str] = "challenge"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return (f"Challenge {shown_name(game, self.target)} with "
                f"{names(game, self.challengers)}{_playing(game, self.maneuvers)}")

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.challenge(seat, self.challengers, self.target, answers.defend,
                       dict(self.maneuvers) or None, None, answers.defend_maneuvers,
                       answers.counter, None, answers.assign_damage, answers.last_call)


@dataclass(frozen=True, slots=True)
class AllyAction(Action):
    """An Ally Action card played by ``ally`` ("Ally Action")."""

    ally: int
    card: int
    target: int | None = None
    kind: ClassVar[str] = "ally_action"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        on = f" on {shown_name(game, self.target)}" if self.target is not None else ""
        return f"{shown_name(game, self.ally)} plays the Ally Action {game.name(self.card)}{on}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.ally_action(seat, self.ally, self.card, self.target, answers.counter)


@dataclass(frozen=True, slots=True)
class UsePower(Action):
    """An Ally's activation power on ``target``, in place of an Ally action."""

    ally: int
    target: int
    kind: ClassVar[str] = "use_power"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return f"{shown_name(game, self.ally)} uses its power on {shown_name(game, self.target)}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.use_power(seat, self.ally, self.target)


@dataclass(frozen=True, slots=True)
class TakeBackTabulaRasa(Action):
    """"Affiliations: Tabula Rasa": the Ally returns to hand, sending ``card`` to the
    In Ovo."""

    ally: int
    card: int
    kind: ClassVar[str] = "take_back_tabula_rasa"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return (f"{shown_name(game, self.ally)} returns to the hand to send "
                f"{shown_name(game, self.card)} to the In Ovo")

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.take_back_tabula_rasa(seat, self.ally, self.card)


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """"Retreat": the Ally goes to the Reserve and pivots."""

    ally: int
    kind: ClassVar[str] = "retreat"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return f"{shown_name(game, self.ally)} retreats to the Reserve"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.retreat(seat, self.ally)


@dataclass(frozen=True, slots=True)
class Idle(Action):
    """"Idle": the Ally takes no action this turn."""

    ally: int
    kind: ClassVar[str] = "idle"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return f"{shown_name(game, self.ally)} idles"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.idle(seat, self.ally)


@dataclass(frozen=True, slots=True)
class MoveForward(Action):
    """"Phase 4: The Reconciliation": an unpivoted reserve to the active area."""

    ally: int
    kind: ClassVar[str] = "move_forward"
    turn_move: ClassVar[bool] = True

    def describe(self, game: Game) -> str:
        return f"Move {shown_name(game, self.ally)} forward to the active area"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.move_forward(seat, self.ally)


@dataclass(frozen=True, slots=True)
class ManualAdjustment(Action):
    """A person's manual adjustment for ``card``, a card played this round whose power
    the engine did not apply (:mod:`.manual`): ``change`` "magic" or "strength" of
    ``target`` (a character in play) by ``amount`` until end of round, "draw"
    ``amount`` cards, or "discard" ``target`` (a card in one's own hand) or ``amount``
    cards at random; ``autarch``: the seat that draws or discards (``None``: one's
    own). A turn's move, never in the legal lists: computer controllers never take it."""

    card: int
    change: str
    amount: int = 0
    target: int | None = None
    autarch: int | None = None
    kind: ClassVar[str] = "manual_adjustment"
    turn_move: ClassVar[bool] = True

    def cards(self) -> tuple[int, ...]:
        return tuple(c for c in (self.card, self.target) if c is not None)

    def describe(self, game: Game) -> str:
        why = f" for {game.name(self.card)}"
        if self.change in ("magic", "strength"):
            on = "?" if self.target is None else shown_name(game, self.target)
            return f"Adjust by hand{why}: {on} is {self.change.title()} {self.amount:+d}"
        who = "" if self.autarch is None else f" ({game.autarch(self.autarch).name})"
        if self.change == "discard" and self.target is not None:
            return f"Adjust by hand{why}: discard {game.name(self.target)}{who}"
        at_random = " at random" if self.change == "discard" else ""
        return f"Adjust by hand{why}: {self.change} {self.amount} card(s){at_random}{who}"

    def play(self, game: Game, seat: int, answers: Answers) -> None:
        game.manual_adjustment(seat, self.card, self.change, self.amount, self.target,
                               self.autarch)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Done: the turn ends (or, at a last call, no more Flashes)."""

    kind: ClassVar[str] = "pass"

    def describe(self, game: Game) -> str:
        return "Pass"


# --- setup ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceSite(Action):
    """"Game Setup": the next Site placed to the Circle."""

    site: int
    kind: ClassVar[str] = "place_site"

    def describe(self, game: Game) -> str:
        return f"Place {game.name(self.site)}"


@dataclass(frozen=True, slots=True)
class Reshuffle(Action):
    """"Game Setup": reshuffle a first hand with no Character (``yes``) or keep it."""

    yes: bool
    kind: ClassVar[str] = "reshuffle"

    def describe(self, game: Game) -> str:
        return "Reshuffle the hand" if self.yes else "Keep this hand"


# --- inside another Autarch's action ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contest(Action):
    """"Contesting the Seizure" with ``characters`` (none: no contest)."""

    characters: tuple[int, ...] = ()
    kind: ClassVar[str] = "contest"

    def describe(self, game: Game) -> str:
        return f"Contest with {names(game, self.characters)}" if self.characters else \
            "Do not contest"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """"Challenge Rival's Ally": defenders named for the target (none: no defenders)."""

    characters: tuple[int, ...] = ()
    kind: ClassVar[str] = "defend"

    def describe(self, game: Game) -> str:
        return f"Defend with {names(game, self.characters)}" if self.characters else \
            "Name no defenders"


@dataclass(frozen=True, slots=True)
class PlayManeuvers(Action):
    """Maneuvers from hand per involved character, when contesting or defending."""

    plan: Plan = ()
    kind: ClassVar[str] = "play_maneuvers"

    def describe(self, game: Game) -> str:
        if not self.plan:
            return "Play no maneuvers"
        return "Play " + "; ".join(f"{names(game, cards)} from {shown_name(game, ally)}"
                                   for ally, cards in self.plan)


@dataclass(frozen=True, slots=True)
class AssignDamage(Action):
    """The victor's damage per losing character ("Challenge Summary"); ``None``: the
    engine's default (:func:`~.challenge.default_assignment`)."""

    damage: tuple[tuple[int, int], ...] | None = None
    kind: ClassVar[str] = "assign_damage"

    def describe(self, game: Game) -> str:
        if self.damage is None:
            return ("Assign the damage as the rules do by default (kill as many as "
                    "possible, the target first)")
        if not self.damage:
            return "Assign no damage"
        return "Deal " + ", ".join(f"{n} damage to {shown_name(game, c)}"
                                   for c, n in self.damage)


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """"Timing and Countering": counter with ``card`` (an Ally in play, or a Flash or
    maneuver from hand); ``None``: do not counter."""

    card: int | None = None
    kind: ClassVar[str] = "counter"

    def describe(self, game: Game) -> str:
        return "Do not counter" if self.card is None else \
            f"Counter with {shown_name(game, self.card)}"


#: Every action class by its ``kind`` (for reading records).
ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (
        RevealSite, PlayPath, PlayFlash, PlayDictate, Reassign, UseSitePower, Establish,
        Seize, Challenge, AllyAction, UsePower, TakeBackTabulaRasa, Retreat, Idle,
        MoveForward, ManualAdjustment, Pass, PlaceSite, Reshuffle, Contest, Defend, PlayManeuvers,
        AssignDamage, Counter)
}


def _json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tuple(v) for v in value)
    return value


def to_data(action: Action) -> list:
    """``action`` as JSON data: ``[kind, field, ...]`` (tuples as lists)."""
    return [action.kind, *(_json(getattr(action, f.name)) for f in fields(action))]


def from_data(data: Sequence[Any]) -> Action:
    """Inverse of :func:`to_data`; ``ValueError`` for data that is not an action."""
    if not data or data[0] not in ACTION_TYPES:
        raise ValueError(f"not an action: {data!r}")
    cls = ACTION_TYPES[data[0]]
    return cls(*(_tuple(v) for v in data[1:]))


__all__ = ["ACTION_TYPES", "NOBODY", "Action", "Answers", "AllyAction", "AssignDamage",
           "Challenge", "Contest",
           "Counter", "Defend", "Establish", "Idle", "ManualAdjustment", "MoveForward", "Pass",
           "PlaceSite",
           "Plan", "PlayDictate", "PlayFlash", "PlayManeuvers", "PlayPath", "Reassign",
           "ReassignStep", "Reshuffle", "Retreat", "RevealSite", "Seize", "TakeBackTabulaRasa",
           "UseSitePower", "UsePower", "from_data", "names", "plan_of", "shown_name",
           "to_data"]
