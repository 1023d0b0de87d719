"""The rulebook's worked examples as table positions to play out.

Each :class:`Scenario` is data: who sits where with which cards (by name), the Sites in
the Circle, whose Ally phase it is, the choices the rulebook's players make (as the
labels of the options :mod:`.person` offers a person) and the lines the log
must then show (the rulebook's numbers). :func:`build` turns one into a
:class:`~.game.Game` at that moment: round 1, the acting Autarch's Ally phase begun.
:func:`play_turn` plays that turn with any controllers (people, computers, or
:func:`scripted` ones answering as the rulebook does), so the Play screen can open a
scenario and a test can check that the engine gives the rulebook's outcome.

Sources ("Challenge Rival's Ally", "Combat maneuvers", "Contesting the Seizure"):

* ``gek-a-gek``: two Gek-A-Geks (Strength 8 each) challenge Gentle (Strength 7); no
  defenders: 16 against 7, 9 damage, Gentle is discarded.
* ``gek-a-gek-irish``: the same, Irish (Strength 6) defends: 16 against 13, 3
  damage, nobody dies; the Gek-A-Geks and Gentle pivot, Irish does not.
* ``slew``: Henry Holland (Magic 3) and Horace Thyrtwit (Magic 4) seize Slew; Joshua
  Godolphin (Magic 3) and Huzzah Aping (Magic 6) contest: 7 against 9, the seizure
  fails, everyone pivots and Slew stays in the Circle.
* ``sartori-pneuma``: Pneuma (+6) is played from Sartori (Strength 7) in a challenge:
  his combat strength is 13. The rulebook does not say whom he challenges; here he
  challenges Irish (Strength 6): 13 against 6, 7 damage, Irish is discarded (without
  Pneuma, 7 against 6 would deal 1 damage and kill nobody).

The rulebook spells Horace's name "Tyrwith"; the card is Horace Thyrtwit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.controllers.computer import seat_table
from deckbuilder.engine.controllers.person import Ask, Decision, PersonController
from deckbuilder.engine.game import ALLY_PHASE, Game
from deckbuilder.engine.game.decisions import Controller
from deckbuilder.engine.game.flow import turn
from deckbuilder.engine.game.order_of_play import Step
from deckbuilder.engine.rules.errors import EngineError


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One Autarch of a scenario: its name and the cards (by name) in each zone."""

    name: str
    active: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    reserve: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Scenario:
    """A worked example. ``circle``: Site names (owned by the first seat). ``acting``:
    the seat whose Ally phase it is. ``script``: ``(decision kind, option label)`` in
    the order the rulebook's players choose; ``expect``: log lines (or their start)
    that the rulebook's numbers give."""

    key: str
    title: str
    source: str
    seats: tuple[SeatSetup, ...]
    script: tuple[tuple[str, str], ...]
    expect: tuple[str, ...]
    circle: tuple[str, ...] = ()
    acting: int = 0


_STEPHEN = SeatSetup("Stephen", active=("Gek-A-Gek", "Gek-A-Gek"))
_CHALLENGE = ("move", "Challenge Gentle with Gek-A-Gek (1), Gek-A-Gek (2)")

SCENARIOS: dict[str, Scenario] = {s.key: s for s in (
    Scenario(
        "gek-a-gek", "Two Gek-A-Geks challenge Gentle", "Example of Challenge",
        (_STEPHEN, SeatSetup("Cheryl", active=("Gentle", "Irish"))),
        (_CHALLENGE,),
        ("Stephen challenges Gentle with Gek-A-Gek, Gek-A-Gek; defenders: nothing.",
         "Combat strength 16 against 7: 9 damage, Gentle killed.",
         "Gentle is discarded to the In Ovo."),
    ),
    Scenario(
        "gek-a-gek-irish", "Two Gek-A-Geks challenge Gentle; Irish defends",
        "Example of Challenge",
        (_STEPHEN, SeatSetup("Cheryl", active=("Gentle", "Irish"))),
        (_CHALLENGE, ("defend", "Defend with Irish")),
        ("Stephen challenges Gentle with Gek-A-Gek, Gek-A-Gek; defenders: Irish.",
         "Combat strength 16 against 13: 3 damage, nobody dies."),
    ),
    Scenario(
        "slew", "Brian contests Eric's seizure of Slew", "Example of a Contest",
        (SeatSetup("Eric", active=("Henry Holland", "Horace Thyrtwit")),
         SeatSetup("Brian", active=("Joshua Godolphin", "Huzzah Aping"))),
        (("move", "Seize Slew with Henry Holland, Horace Thyrtwit"),
         ("contest", "Contest with Joshua Godolphin, Huzzah Aping")),
        ("Eric seizes Slew with Henry Holland, Horace Thyrtwit.",
         "Brian contests with Joshua Godolphin, Huzzah Aping.",
         "Contest: influence 7 against 9; the seizure fails."),
        circle=("Slew",),
    ),
    Scenario(
        "sartori-pneuma", "Pneuma played from Sartori", "Example of Combat Maneuvers",
        (SeatSetup("Judith", active=("Sartori",), hand=("Pneuma",)),
         SeatSetup("Cheryl", active=("Irish",))),
        (("move", "Challenge Irish with Sartori, playing Pneuma from Sartori"),),
        ("Sartori plays Pneuma (+6).",
         "Combat strength 13 against 6: 7 damage, Irish killed."),
    ),
)}


def scenario(key: str) -> Scenario:
    """The scenario called ``key``; ``KeyError`` naming the known ones otherwise."""
    try:
        return SCENARIOS[key]
    except KeyError:
        raise KeyError(f"no scenario {key!r}; known: {', '.join(SCENARIOS)}") from None


def build(sc: Scenario, resolve: Callable[[str], CardRecord], seed: int = 0) -> Game:
    """A :class:`~.game.Game` at the scenario's moment: round 1, the acting seat's Ally
    phase begun. ``resolve``: card name -> record (e.g. a catalogue's ``resolve``)."""
    zones = [(s.active, s.hand, s.reserve) for s in sc.seats]
    decks = []
    for k, (active, hand, reserve) in enumerate(zones):
        names = [*active, *hand, *reserve, *(sc.circle if k == 0 else ())]
        decks.append([resolve(n) for n in names])
    game = Game(decks, seed=seed, names=[s.name for s in sc.seats])
    s = game.table
    first = 0
    for k, (active, hand, reserve) in enumerate(zones):
        a = s.autarchs[k]
        ids = iter(range(first, first + len(decks[k])))
        first += len(decks[k])
        a.realm.active.extend(next(ids) for _ in active)
        a.hand.extend(next(ids) for _ in hand)
        a.realm.reserve.extend(next(ids) for _ in reserve)
        if k == 0:
            s.circle.extend(ids)
        a.destiny.cards.clear()
    s.round = 1
    s.leader = sc.acting
    game.begin_turn(ALLY_PHASE, sc.acting)
    return game


def play_turn(game: Game, controllers: Sequence[Controller]) -> Iterator[Step]:
    """Play the turn begun in ``game`` with ``controllers`` (one per seat, joined to
    each other), yielding a :class:`~.order_of_play.Step` after each action; the
    turn is ended after the last."""
    turn_ = game.turn
    if turn_ is None:
        raise EngineError("no turn has begun")
    seat = turn_.seat
    mark = len(game.log)
    for _ in turn(game, controllers):
        yield Step(game.table.round, game.table.phase, seat, tuple(game.log[mark:]))
        mark = len(game.log)
    if len(game.log) > mark:
        yield Step(game.table.round, game.table.phase, seat, tuple(game.log[mark:]))


def scripted(script: Sequence[tuple[str, str]]) -> tuple[Ask, list[str]]:
    """An :data:`~.person.Ask` answering as ``script`` says, in order: the option
    labelled as the next entry when the decision is of its kind, else pass. Returns
    the callback and the list of labels it could not find (empty when all were)."""
    todo = list(script)
    missing: list[str] = []

    def ask(decision: Decision) -> int | None:
        if not todo or todo[0][0] != decision.kind:
            return None
        _, label = todo.pop(0)
        for i, option in enumerate(decision.options):
            if option.label == label:
                return i
        missing.append(f"{label} (offered: {[o.label for o in decision.options]})")
        return None

    return ask, missing


def play_as_rulebook(sc: Scenario, resolve: Callable[[str], CardRecord]) -> tuple[Game, bool]:
    """Build ``sc`` and play it with every seat answering as the rulebook's players do;
    returns the game and whether every choice was offered and every expected line
    logged (the rulebook's outcome)."""
    game = build(sc, resolve)
    ask, missing = scripted(sc.script)
    for _ in play_turn(game, seat_table([PersonController(ask) for _ in sc.seats])):
        pass
    logged = all(any(line.endswith(e) for line in game.log) for e in sc.expect)
    return game, logged and not missing


__all__ = ["SCENARIOS", "Scenario", "SeatSetup", "build", "play_as_rulebook", "play_turn",
           "scenario", "scripted"]
