"""A game as data: the decks, the seats, the seed and every decision, as JSON.

A game of the engine is fixed by its decks (card records in deck order: card ids
follow it), the seed, who acts first and the sequence of decisions. A
:class:`PlayRecord` holds all of these, so a saved game replays through the engine to
the point where it was saved (:mod:`.replay`), and a finished one step by step.

What is recorded (decided for issue 13, "A game can be saved and resumed ... and
replayed"):

- every decision of **every** Autarch, the computer's included, as its value (the
  Site placed, the move played, the Allies that contest ...), never as an index into
  a list of options. The computer's decisions could be worked out again from the
  seed, but then a replay would need the computer's code unchanged; recorded, a
  saved game replays on any later version whose rules engine gives the same game;
- the card records themselves, not card names, so a later correction of the
  catalogue does not change a saved game;
- each seat's ``memory``: what a computer Autarch remembers between decisions (the
  strong level counts its decisions to seed its imagined games), so that a resumed
  game goes on exactly as the uninterrupted one would have.

The JSON text (:func:`dumps`, :func:`loads`) starts with ``"format":
"imajica-game"`` and ``"version"``: :data:`FORMAT_VERSION`. A text from an older
version is upgraded by the steps in :data:`UPGRADES`; one from a newer version, or
one that is not a saved game, raises :class:`PlayRecordError` (a ``UserError``).

Version 2 records the decisions the engine of version 1 did not ask for
(:data:`V2_KINDS`: maneuvers when contesting or defending, the victor's damage,
counters of Dictates, Ally Actions, Paths and maneuvers, and a computer's Flash played
inside a rival's action, recorded as its ``move``). Upgrading a version-1 game notes
how many of its choices were made by that engine (:attr:`PlayRecord.v1_choices`); while
replaying those, :mod:`.replay` answers the new questions as that engine did: no
maneuvers, the default damage, no counter of a card that is not a Flash.

Version 3 records the last call for Flashes before every challenge and contest, asked
of every Autarch holding a Flash, involved or not (:mod:`.last_call`): the Flashes a
seat plays there as its ``move`` choices, then a ``last_call`` choice closing its
turn to answer. Version 2 asked only the contesting or defending computer, inside its
answer (its Flash recorded just before that answer). Upgrading a version-2 (or 1) game
notes how many of its choices were made before version 3
(:attr:`PlayRecord.v2_choices`); while replaying those, :mod:`.replay` asks no last
call and plays the recorded Flashes where version 2 played them.

Version 4 records every decision's value as an :class:`~.actions.Action`
(:func:`~.actions.to_data`: ``[kind, field, ...]``), the answer the controller gave:
a turn's end and a last call's end as ``["pass"]``, a contest as ``["contest",
[characters]]``, maneuvers as ``["play_maneuvers", [[character, [cards]], ...]]``...
(``refused`` keeps no value). Upgrading a version-3 game rewrites each value so; the
decisions and their order are unchanged. Version 4 also asks a second last call for
Flashes once a challenge's damage is dealt, before the dead are discarded
(:data:`~..rules.last_call.AFTER_DAMAGE`); upgrading a version-3 (or older) game notes
how many of its choices were made before it (:attr:`PlayRecord.v3_choices`), and while
replaying those :mod:`.replay` asks no such call.

``"rules"`` (an optional field, read by any version 4 reader) is the number of the rules
revision the game was begun under (:mod:`~..rules.revision`); it is kept to the game's
end, resumed or replayed. A game saved in formats 1 to 3 was played under revision 0
(:data:`~..rules.revision.BEFORE_ISSUE_22`): upgrading it notes so. A version-4 game
without the field was written under revision 1 (the rules of issue 22, which came with
format 4). A number this app does not know raises :class:`PlayRecordError`.

Version 5 may record a person's manual adjustment (:class:`~.actions.ManualAdjustment`,
``["manual_adjustment", card, change, amount, target, autarch]``, a ``move`` choice):
the effect of a played card whose power the engine does not play, applied by hand
(:mod:`~deckbuilder.engine.game.manual`). The layout is otherwise that of version 4, so
the upgrade step 4 -> 5 changes only the version; an older app refuses a version-5
game (it could not replay such a move) and says to update.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from card_db.abilities import Ability
from card_db.errors import UserError
from card_db.records import CardRecord, CardType, Gender
from deckbuilder import __version__
from deckbuilder.engine.game.actions import (
    ACTION_TYPES,
    AssignDamage,
    Contest,
    Counter,
    Defend,
    Pass,
    PlaceSite,
    PlayManeuvers,
    Reshuffle,
    plan_of,
)
from deckbuilder.engine.game.actions import from_data as action_from_data
from deckbuilder.engine.game.actions import to_data as action_to_data
from deckbuilder.engine.rules.revision import BEFORE_ISSUE_22, CURRENT, REVISIONS

FORMAT = "imajica-game"
#: The version of the JSON layout written by :func:`dumps`.
FORMAT_VERSION = 5
#: Who plays a seat: a person, or a computer level (:data:`~.levels.LEVELS`).
HUMAN = "human"
#: The kinds of :class:`Choice`, in rulebook order of play.
KINDS = ("place_site", "reshuffle", "move", "refused", "end_turn", "contest", "defend",
         "counter", "contest_maneuvers", "defend_maneuvers", "assign_damage", "last_call")
#: The kinds first recorded by format version 2.
V2_KINDS = ("contest_maneuvers", "defend_maneuvers", "assign_damage")
#: The kinds first recorded by format version 3.
V3_KINDS = ("last_call",)


class PlayRecordError(UserError, ValueError):
    """A saved game that cannot be read: not a saved game, from a newer version of the
    app, or damaged."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision of the Autarch in ``seat``.

    ``kind`` and ``value`` (an :class:`~.actions.Action`): ``place_site``
    (:class:`~.actions.PlaceSite`, "Game Setup"), ``reshuffle``
    (:class:`~.actions.Reshuffle`), ``move`` (a turn's move, or a Flash at a last
    call), ``refused`` (the move before it was refused by the engine; ``None``),
    ``end_turn`` (the step is done: :class:`~.actions.Pass`), ``contest``, ``defend``,
    ``counter``, ``contest_maneuvers`` and ``defend_maneuvers``
    (:class:`~.actions.PlayManeuvers`), ``assign_damage``, ``last_call`` (the seat's
    Flashes at the last call, recorded as ``move`` choices just before it, are all
    played; :class:`~.actions.Pass`).
    """

    seat: int
    kind: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class Seat:
    """One Autarch of a game: ``name``, ``player`` (:data:`HUMAN` or a computer level),
    ``deck`` (card records in deck order), ``computer_seed`` (seeds the strong level's
    imagined games) and ``memory`` (the computer's count of decisions at the saved
    point)."""

    name: str
    player: str
    deck: tuple[CardRecord, ...]
    computer_seed: int = 0
    memory: int = 0


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """A game: ``seats`` in seat order, ``seed`` of every shuffle, ``first`` (the seat
    that acts first), ``max_rounds`` (after which an undecided game is a draw), the
    ``choices`` made so far, ``over`` (the game has ended) and ``app_version`` (the
    version that wrote it; for information), ``v1_choices`` (how many of the first
    choices were recorded by format version 1, which did not ask the questions of
    :data:`V2_KINDS` nor counters of non-Flash cards; 0 for a game begun in version 2),
    ``v2_choices`` (how many of the first choices were recorded before format version 3,
    which asked no last call for Flashes; 0 for a game begun in version 3), ``v3_choices``
    (how many were recorded before format version 4, which asked no last call after a
    challenge's damage), ``rules`` (the number of the rules revision the game is played
    under, :mod:`~..rules.revision`)."""

    seats: tuple[Seat, ...]
    seed: int
    first: int = 0
    max_rounds: int = 30
    choices: tuple[Choice, ...] = ()
    over: bool = False
    app_version: str = field(default=__version__)
    v1_choices: int = 0
    v2_choices: int = 0
    v3_choices: int = 0
    rules: int = CURRENT.number

    @property
    def decks(self) -> list[list[CardRecord]]:
        return [list(s.deck) for s in self.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def with_progress(self, choices: Sequence[Choice], memory: Sequence[int],
                      over: bool) -> PlayRecord:
        """This game with ``choices`` made, each seat's ``memory`` and ``over``."""
        seats = tuple(replace(s, memory=m) for s, m in zip(self.seats, memory, strict=True))
        return replace(self, seats=seats, choices=tuple(choices), over=over,
                       app_version=__version__)


def new_record(decks: Sequence[Sequence[CardRecord]], names: Sequence[str],
               players: Sequence[str], seed: int, first: int = 0,
               max_rounds: int = 30) -> PlayRecord:
    """A game not begun: one deck, name and player (:data:`HUMAN` or a level) per seat.
    Every computer Autarch is seeded with ``seed``, as the Play screen does."""
    seats = tuple(Seat(n, p, tuple(d), seed) for d, n, p in zip(decks, names, players,
                                                                   strict=True))
    return PlayRecord(seats, seed, first, max_rounds)


# --- values as JSON ---------------------------------------------------------------------


def _to_json(value: Any) -> Any:
    """An engine value as JSON data: tuples as lists, a mapping (a seizure's maneuvers,
    Ally -> cards) as ``{"map": [[key, value], ...]}`` (JSON keys are only strings)."""
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {"map": [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    return value


def _from_json(data: Any) -> Any:
    """Inverse of :func:`_to_json`: lists back to the tuples the engine passes."""
    if isinstance(data, list):
        return tuple(_from_json(v) for v in data)
    if isinstance(data, dict):
        return {_from_json(k): _from_json(v) for k, v in data["map"]}
    return data


def encode_value(kind: str, value: Any) -> Any:
    """A :class:`Choice` value (an action, or ``None``) as JSON data."""
    return None if value is None else action_to_data(value)


def decode_value(kind: str, data: Any) -> Any:
    """Inverse of :func:`encode_value`."""
    return None if data is None else action_from_data(data)


def _old_move(kind: str, args: tuple) -> Any:
    """A version-3 ``move`` (the engine method's name and its arguments) as an action."""
    if kind in ("seize", "challenge"):
        args = (args[0], args[1], plan_of(args[2] if len(args) > 2 else None))
    elif kind == "reassign":
        args = (tuple(tuple(step) for step in args[0]),)
    return ACTION_TYPES[kind](*args)


def _old_value(kind: str, data: Any) -> Any:
    """A version-3 choice value (JSON data) as the action a controller answers now."""
    value = _from_json(data)
    if kind == "move":
        return _old_move(value[0], value[1])
    if kind == "refused":
        return None
    if kind in ("end_turn", "last_call"):
        return Pass()
    if kind == "place_site":
        return PlaceSite(value)
    if kind == "reshuffle":
        return Reshuffle(bool(value))
    if kind in ("contest", "defend"):
        return (Contest if kind == "contest" else Defend)(tuple(value or ()))
    if kind == "counter":
        return Counter(value)
    if kind in ("contest_maneuvers", "defend_maneuvers"):
        return PlayManeuvers(plan_of(value))
    if kind == "assign_damage":
        return AssignDamage(None if value is None else tuple(value.items()))
    raise ValueError(f"unknown decision {kind!r}")


def card_to_data(record: CardRecord) -> dict:
    """A card record as JSON data (every field; enums by value)."""
    out: dict[str, Any] = {}
    for f in fields(CardRecord):
        value = getattr(record, f.name)
        if f.name == "abilities":
            value = [a.to_dict() for a in value]
        elif f.name == "estimated":
            value = sorted(value)
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, CardType | Gender):
            value = value.value
        out[f.name] = value
    return out


def card_from_data(data: dict) -> CardRecord:
    """Inverse of :func:`card_to_data`; ``KeyError``/``ValueError``/``TypeError`` if damaged."""
    known = {f.name for f in fields(CardRecord)}
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"unknown card fields {sorted(unknown)}")
    values = dict(data)
    values["card_type"] = CardType(values["card_type"])
    if values.get("gender") is not None:
        values["gender"] = Gender(values["gender"])
    for name in ("dominions", "affiliations"):
        values[name] = tuple(values.get(name, ()))
    values["abilities"] = tuple(Ability.from_dict(a) for a in values.get("abilities", ()))
    values["estimated"] = frozenset(values.get("estimated", ()))
    return CardRecord(**values)


def to_data(record: PlayRecord) -> dict:
    """The record as JSON data: distinct card records once in ``cards``, each seat's
    deck as indexes into it."""
    cards: list[CardRecord] = []
    index: dict[CardRecord, int] = {}
    seats = []
    for seat in record.seats:
        deck = []
        for card in seat.deck:
            if card not in index:
                index[card] = len(cards)
                cards.append(card)
            deck.append(index[card])
        seats.append({"name": seat.name, "player": seat.player, "deck": deck,
                      "computer_seed": seat.computer_seed, "memory": seat.memory})
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": record.app_version,
        "seed": record.seed,
        "first": record.first,
        "max_rounds": record.max_rounds,
        "over": record.over,
        "seats": seats,
        "cards": [card_to_data(c) for c in cards],
        "choices": [[c.seat, c.kind, encode_value(c.kind, c.value)] for c in record.choices],
        "v1_choices": record.v1_choices,
        "v2_choices": record.v2_choices,
        "v3_choices": record.v3_choices,
        "rules": record.rules,
    }


def _upgrade_1(data: dict) -> dict:
    """Version 1 -> 2: the layout is unchanged; every choice so far was made by the
    engine of version 1 (see the module doc)."""
    return {**data, "version": 2, "v1_choices": len(data.get("choices", ()))}


def _upgrade_2(data: dict) -> dict:
    """Version 2 -> 3: the layout is unchanged; every choice so far was made before
    the last call for Flashes was asked (see the module doc)."""
    return {**data, "version": 3, "v2_choices": len(data.get("choices", ()))}


def _upgrade_3(data: dict) -> dict:
    """Version 3 -> 4: every choice's value becomes an action (see the module doc)."""
    try:
        choices = [[seat, kind, encode_value(kind, _old_value(kind, value))]
                   for seat, kind, value in data.get("choices", ())]
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise PlayRecordError(f"this saved game is damaged: {exc}") from exc
    return {**data, "version": 4, "choices": choices, "v3_choices": len(choices),
            "rules": BEFORE_ISSUE_22.number}


def _upgrade_4(data: dict) -> dict:
    """Version 4 -> 5: the layout is unchanged (version 5 adds a kind of move, the
    manual adjustment; see the module doc)."""
    return {**data, "version": 5}


#: Upgrades of older layouts: ``version -> step`` turning that version's data into the
#: next version's.
UPGRADES: dict[int, Any] = {1: _upgrade_1, 2: _upgrade_2, 3: _upgrade_3, 4: _upgrade_4}


def upgrade(data: dict) -> dict:
    """``data`` in the layout of :data:`FORMAT_VERSION`; :class:`PlayRecordError` if it
    is not a saved game, is newer than this app, or no upgrade step exists."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PlayRecordError("this is not a saved Imajica game")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise PlayRecordError(f"this saved game has no valid format version ({version!r})")
    if version > FORMAT_VERSION:
        raise PlayRecordError(
            f"this game was saved by a newer version of the app (format {version}; this "
            f"version reads up to {FORMAT_VERSION}): update the app to open it")
    while version < FORMAT_VERSION:
        step = UPGRADES.get(version)
        if step is None:
            raise PlayRecordError(
                f"games saved in format {version} can no longer be opened by this version")
        data = step(data)
        version = data["version"]
    return data


def from_data(data: dict) -> PlayRecord:
    """Inverse of :func:`to_data` (upgrading older versions first); raises
    :class:`PlayRecordError` for a text it cannot read."""
    data = upgrade(data)
    rules = _rules(data)
    try:
        cards = [card_from_data(c) for c in data["cards"]]
        seats = tuple(
            Seat(s["name"], s["player"], tuple(cards[i] for i in s["deck"]),
                 int(s.get("computer_seed", 0)), int(s.get("memory", 0)))
            for s in data["seats"])
        choices = []
        for seat, kind, value in data["choices"]:
            if kind not in KINDS or not 0 <= seat < len(seats):
                raise ValueError(f"unknown decision {kind!r} of seat {seat}")
            choices.append(Choice(seat, kind, decode_value(kind, value)))
        return PlayRecord(seats, int(data["seed"]), int(data.get("first", 0)),
                          int(data.get("max_rounds", 30)), tuple(choices),
                          bool(data.get("over", False)), str(data.get("app_version", "")),
                          int(data.get("v1_choices", 0)), int(data.get("v2_choices", 0)),
                          int(data.get("v3_choices", 0)), rules=rules)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise PlayRecordError(f"this saved game is damaged: {exc}") from exc


def _rules(data: dict) -> int:
    """The record's rules revision (module doc); :class:`PlayRecordError` if unknown."""
    number = data.get("rules", 1)  # format 4 came with revision 1
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(
            REVISIONS):
        raise PlayRecordError(
            f"this game was played under rules revision {number!r}, which this version of"
            f" the app does not know (it knows 0 to {CURRENT.number}): update the app to"
            " open it")
    return number


def dumps(record: PlayRecord) -> str:
    """The record as JSON text (compact, keys in a fixed order)."""
    return json.dumps(to_data(record), separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> PlayRecord:
    """A record from :func:`dumps` text; :class:`PlayRecordError` if it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PlayRecordError(f"this saved game is not valid JSON: {exc}") from exc
    return from_data(data)


__all__ = ["Choice", "FORMAT_VERSION", "HUMAN", "V2_KINDS", "V3_KINDS", "PlayRecord",
           "PlayRecordError", "Seat", "dumps", "from_data", "loads", "new_record", "to_data"]
