"""A human Autarch: a :class:`~.order_of_play.Controller` that asks a person.

Every choice the engine gives an Autarch becomes a :class:`Decision` (a prompt and a
list of :class:`Option`) handed to the ``ask`` callback, which returns the index of
the chosen option, or ``None`` to pass ("Done" for the step). The callback may block
(the GUI runs the game in a worker thread and answers through a queue); it may raise
to abandon the game.

Only legal moves are offered: :func:`legal_options` lists the candidate moves of the
step (every Site to reveal, every Path on every Circle Site, every Flash and Dictate,
each single reassignment of a Holder or active Ally (Site to Site, active area to
Site, State to Reserve), every Character to establish, the quick level's seizures and
challenges plus a
seizure of each Circle Site by every free Ally together and by each free Ally alone, a
challenge of each rival's active character by every free Ally together and by each free
Ally alone, each with every combat maneuver in hand played from the first challenger it
may be played from, Ally Actions, retreats, idles, moving reserves forward) and keeps
those the engine accepts when tried on a copy of the game
(:func:`~.lookahead.clone_game`). Contests, defences and counters offer passing, the
quick level's suggestion, and (contest, defence) every eligible character together. A
move is played through the same :class:`~.game.Game` methods as the computer's
(:meth:`~.computer_autarch.ComputerAutarch.play_move`). Each :class:`Option` names the
cards it involves (and labels copies in play by number, :func:`shown_name`), so a table
can offer it on those cards (:meth:`Decision.involving`).

Also offered: every Dictate on every face-up target, each controlled Site's power,
and each free Ally's activation power on every face-up target (the engine keeps the
legal ones).

At the last call for Flashes before every challenge and contest (:mod:`.last_call`),
involved or not, a person holding a Flash is offered each Flash on each legal target
(:func:`flash_options`), one at a time, until "Done".

When contesting or defending, the person is asked which maneuvers to play
(:func:`maneuver_options`: none, the quick level's suggestion, each maneuver in hand from
each involved character it may be played from, all of them together); as a challenge's
victor, how to assign the damage (:func:`damage_options`: the engine's default, the quick
level's suggestion, all of it to each losing character).

Reassignments offered are the quick level's suggestion, each single move of one
Holder or active Ally (to another Site in the State, or a Holder to the Reserve), and
"Reassign several Allies" (:data:`SEVERAL`), which builds one reassignment move by
move (:func:`reassignment_options`: each Ally not moved yet, from where the moves so
far leave it, to each destination the engine accepts; take back the last move;
cancel) and plays it as one Dictate on "Done". Given up (cancelled, or "Done" with
nothing chosen), it is not offered again in that turn; the single moves still are.
The moves being chosen are not saved: a game saved meanwhile resumes at the turn's
move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from card_db.names import fold_name
from card_db.records import CardType
from deckbuilder.engine.cards import is_character
from deckbuilder.engine.challenge import can_challenge
from deckbuilder.engine.computer_autarch import MAX_MOVES_PER_TURN, ComputerAutarch
from deckbuilder.engine.errors import RuleError
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.last_call import CHALLENGE, LastCall
from deckbuilder.engine.lookahead import clone_game
from deckbuilder.engine.maneuvers import may_receive
from deckbuilder.engine.powers import is_artist, site_resistance_power
from deckbuilder.engine.public_view import PublicView
from deckbuilder.engine.quick_policy import (
    Move,
    ally_candidates,
    autarch_move,
    contest_choice,
    counter_choice,
    defend_choice,
)
from deckbuilder.engine.reassignment import Step, next_moves, single_moves
from deckbuilder.engine.site_traits import MOVE_FORWARD, site_power


@dataclass(frozen=True, slots=True)
class Option:
    """One choice: ``label`` in rulebook words, ``value`` what the engine is given,
    ``cards`` the ids of the cards it involves (the card played, the acting Allies, the
    Site or character aimed at), so that a table can offer it on those cards."""

    label: str
    value: object
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the person must make. ``kind``: "place_site", "reshuffle", "move",
    "contest", "defend", "counter", "contest_maneuvers", "defend_maneuvers",
    "assign_damage", "last_call" or "reassign" (a move of a reassignment being
    built); ``can_pass``: whether ``None`` (Done/Pass) is
    an answer."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    can_pass: bool = True

    def involving(self, *cards: int) -> list[int]:
        """Indexes of the options that involve every one of ``cards`` (e.g. an Ally
        dragged onto a Site: the seizures of that Site with that Ally)."""
        wanted = set(cards)
        return [i for i, o in enumerate(self.options) if wanted <= set(o.cards)]


def move_cards(move: Move) -> tuple[int, ...]:
    """The card ids named in ``move``'s arguments, in order, without repeats."""
    out: list[int] = []
    for arg in move.args:
        items = arg if isinstance(arg, tuple | list) else (arg,)
        for item in items:
            if isinstance(item, tuple):  # a reassignment: (Holder, Site or None)
                out += [c for c in item if isinstance(c, int)]
            elif isinstance(item, int) and not isinstance(item, bool):
                out.append(item)
    return tuple(dict.fromkeys(out))


#: The callback a :class:`HumanAutarch` asks: the chosen option's index, or ``None``.
Ask = Callable[[Decision], "int | None"]


def shown_name(game: Game, card: int) -> str:
    """The card's name; for a card in play sharing its name with others in play, with
    its number among them in id order (e.g. "Cinder Waystation (2)"), so that the moves
    on two copies in the Circle are told apart."""
    name = game.name(card)
    s = game.state
    same = sorted(c for c in s.in_play() if s.cards[c].name == name)
    return f"{name} ({same.index(card) + 1})" if len(same) > 1 and card in same else name


def _names(game: Game, cards: Sequence[int]) -> str:
    return ", ".join(shown_name(game, c) for c in cards)


def describe_move(game: Game, move: Move) -> str:
    """``move`` in rulebook words, e.g. "Seize Yzordderrex with Gentle, Pie 'oh' pah"."""
    a = move.args
    kind = move.kind
    if kind == "reveal_site":
        return f"Reveal the Site {game.name(a[0])}"
    if kind == "play_path":
        return f"Lay the Path {game.name(a[0])} face down on {shown_name(game, a[1])}"
    if kind in ("play_flash", "play_dictate"):
        what = "Flash" if kind == "play_flash" else "Dictate"
        on = f" on {shown_name(game, a[1])}" if len(a) > 1 and a[1] is not None else ""
        return f"Play the {what} {game.name(a[0])}{on}"
    if kind == "reassign":
        return "Reassign " + ", ".join(
            f"{shown_name(game, h)} to "
            f"{'the Reserve' if to is None else shown_name(game, to)}" for h, to in a[0]
        )
    if kind == "establish":
        extra = " (the one Ally from a controlled Site's Dominion)" if len(a) > 1 and a[1] else ""
        return f"Establish an alliance with {game.name(a[0])}{extra}"
    if kind == "seize":
        return (f"Seize {shown_name(game, a[0])} with {_names(game, a[1])}"
                f"{_playing(game, a[2])}")
    if kind == "challenge":
        return (f"Challenge {shown_name(game, a[1])} with {_names(game, a[0])}"
                f"{_playing(game, a[2])}")
    if kind == "ally_action":
        on = f" on {shown_name(game, a[2])}" if len(a) > 2 and a[2] is not None else ""
        return f"{shown_name(game, a[0])} plays the Ally Action {game.name(a[1])}{on}"
    if kind == "retreat":
        return f"{shown_name(game, a[0])} retreats to the Reserve"
    if kind == "idle":
        return f"{shown_name(game, a[0])} idles"
    if kind == "move_forward":
        return f"Move {shown_name(game, a[0])} forward to the active area"
    if kind == "use_site_power":
        on = f" on {shown_name(game, a[1])}" if a[1] is not None else ""
        return f"Use the power of {shown_name(game, a[0])}{on}"
    if kind == "use_power":
        return f"{shown_name(game, a[0])} uses its power on {shown_name(game, a[1])}"
    return f"{kind} {a}"


def _playing(game: Game, maneuvers) -> str:
    """", playing Pneuma from Sartori" for a move's maneuvers, or ""."""
    if not maneuvers:
        return ""
    return ", playing " + "; ".join(f"{_names(game, cards)} from {game.name(ally)}"
                                    for ally, cards in maneuvers.items())


def _challenges(game: Game, seat: int, free: Sequence[int], hand: Sequence[int]) -> list[Move]:
    """A challenge of each rival's active character by all ``free`` Allies and by each
    alone, each also with every combat maneuver in hand (from the first challenger it
    may be played from)."""
    s = game.state
    groups = [tuple(free)] + [(c,) for c in free if len(free) > 1]
    combat = [c for c in hand if game.record(c).card_type is CardType.COMBAT_MANEUVER]
    out = []
    for rival in s.seats_from(seat)[1:]:
        for target in s.autarchs[rival].realm.active:
            for group in groups:
                out.append(Move("challenge", (group, target, None)))
                if not can_challenge(game.record(group[0]), game.record(target)):
                    continue
                plan: dict[int, tuple[int, ...]] = {}
                for card in combat:
                    ally = next((g for g in group if may_receive(game.record(card),
                                                                 game.record(g))), None)
                    if ally is not None:
                        plan[ally] = plan.get(ally, ()) + (card,)
                if plan:
                    out.append(Move("challenge", (group, target, plan)))
    return out


def _has_power(game: Game, ally: int) -> bool:
    """True if ``ally`` has an activation power the engine models."""
    rec = game.record(ally)
    return site_resistance_power(rec) is not None or is_artist(rec)


def _free_allies(game: Game, seat: int) -> list[int]:
    s = game.state
    return [c for c in s.autarchs[seat].realm.active if c not in s.pivoted]


def _reassignments(game: Game, seat: int) -> list[Move]:
    """Each single move of "Reassign Allies" (:func:`~.reassignment.single_moves`) as a
    whole reassignment."""
    return [Move("reassign", ((step,),)) for step in single_moves(game, seat)]


def _character_targets(game: Game) -> list[int]:
    return sorted(c for c in game.targetable() if is_character(game.record(c)))


def _flash_moves(game: Game, seat: int, flash: int, targets: Sequence[int]) -> list[Move]:
    """The Flash ``flash`` played with no target, and on each target it names (a
    permanent one naming none: on each of ``targets``)."""
    out = [Move("play_flash", (flash, None))]
    named = game.played_targets(game.record(flash), seat)
    if named or game.record(flash).permanent:
        out += [Move("play_flash", (flash, t)) for t in named or targets]
    return out


def flash_options(game: Game, seat: int) -> list[Option]:
    """Every Flash in ``seat``'s hand on every target the engine accepts, as options
    (the last call for Flashes, :mod:`.last_call`)."""
    targets = _character_targets(game)
    found: dict[str, Option] = {}
    for c in sorted(game.autarch(seat).hand):
        if game.record(c).card_type is not CardType.FLASH:
            continue
        for move in _flash_moves(game, seat, c, targets):
            label = describe_move(game, move)
            if label not in found and is_legal(game, seat, move):
                found[label] = Option(label, move, move_cards(move))
    return list(found.values())


def _candidates(game: Game, seat: int) -> list[Move]:
    s = game.state
    me = s.autarchs[seat]
    hand = sorted(me.hand)
    view = PublicView(game, seat)
    out: list[Move] = []
    if s.phase == AUTARCH_PHASE:
        suggestion = autarch_move(view)
        out += [suggestion] if suggestion is not None else []
        targets = _character_targets(game)
        for c in hand:
            ctype = game.record(c).card_type
            if ctype is CardType.SITE:
                out.append(Move("reveal_site", (c,)))
            elif ctype is CardType.PATH:
                out += [Move("play_path", (c, site)) for site in s.circle]
            elif ctype is CardType.FLASH:
                out += _flash_moves(game, seat, c, targets)
            elif ctype is CardType.DICTATE:
                out.append(Move("play_dictate", (c, None)))
                out += [Move("play_dictate", (c, t))
                        for t in game.played_targets(game.record(c), seat)]
        out += _reassignments(game, seat)
        for e in me.realm.state:
            power = site_power(game.record(e.site))
            if power is not None:
                targets = sorted(me.realm.reserve) if power[0] == MOVE_FORWARD else [None]
                out += [Move("use_site_power", (e.site, t)) for t in targets]
    elif s.phase == ALLY_PHASE:
        out += ally_candidates(view, limit=12)
        free = _free_allies(game, seat)
        for c in hand:
            rec = game.record(c)
            if is_character(rec):
                out += [Move("establish", (c,)), Move("establish", (c, True))]
        if free:
            out += [Move("seize", (site, tuple(free), None)) for site in s.circle]
            out += _challenges(game, seat, free, hand)
        # each Ally alone: what a person means by dragging one Ally onto a Site
        if len(free) > 1:
            for ally in free:
                out += [Move("seize", (site, (ally,), None)) for site in s.circle]
        for ally in free:
            for c in hand:
                if game.record(c).card_type is CardType.ALLY_ACTION:
                    out.append(Move("ally_action", (ally, c)))
                    out += [Move("ally_action", (ally, c, t))
                            for t in game.played_targets(game.record(c), seat)]
            out += [Move("retreat", (ally,)), Move("idle", (ally,))]
            if _has_power(game, ally):
                out += [Move("use_power", (ally, t)) for t in sorted(game.targetable())]
    else:
        out += [Move("move_forward", (c,)) for c in sorted(me.realm.reserve)
                if c not in s.pivoted]
    return out


def is_legal(game: Game, seat: int, move: Move) -> bool:
    """Whether the engine accepts ``move`` for ``seat`` now (tried on a copy; no rival
    is asked to contest, defend or counter in the trial)."""
    trial = clone_game(game)
    for a in trial.state.autarchs:  # the copy keeps the real game's draws; give it its own
        a.destiny._random = trial.rng.random
    args = move.args
    if move.kind in ("seize", "challenge"):
        args = (args[0], args[1], None, args[2])
    try:
        getattr(trial, move.kind)(seat, *args)
    except (RuleError, ValueError, KeyError, IndexError):
        return False
    return True


def legal_options(game: Game, seat: int) -> list[Option]:
    """The moves ``seat`` may make in the current step as options, without duplicates,
    the quick level's suggestion first. Two moves described alike (the same move with
    identical copies from the hand) are offered once; the option names the cards of
    every such copy, so that each copy offers it. Empty when there is nothing to do but
    pass."""
    found: dict[str, tuple[Move, list[int]]] = {}
    for move in _candidates(game, seat):
        label = describe_move(game, move)
        if label in found:
            found[label][1].extend(c for c in move_cards(move) if c not in found[label][1])
        elif is_legal(game, seat, move):
            found[label] = (move, list(move_cards(move)))
    return _with_several([Option(label, move, tuple(cards))
                          for label, (move, cards) in found.items()])


#: The option that opens the building of a reassignment of several Allies (to the
#: engine an empty reassignment, legal while the turn's Dictate is unused; never played).
SEVERAL = Move("reassign", ((),))
SEVERAL_LABEL = "Reassign several Allies (choose each move, then Done)"
#: Values of the options of a reassignment being built that are not moves.
FINISH, UNDO, CANCEL = "finish", "undo", "cancel"


def _with_several(options: list[Option]) -> list[Option]:
    """``options`` with :data:`SEVERAL` after the last single reassignment, when single
    reassignments of two or more Allies are offered."""
    singles = [i for i, o in enumerate(options) if o.value.kind == "reassign"  # type: ignore[attr-defined]
               and len(o.value.args[0]) == 1]  # type: ignore[attr-defined]
    if len({options[i].value.args[0][0][0] for i in singles}) < 2:  # type: ignore[attr-defined]
        return options
    end = singles[-1] + 1
    return [*options[:end], Option(SEVERAL_LABEL, SEVERAL), *options[end:]]


def reassignment_options(game: Game, seat: int, plan: Sequence[Step]) -> list[Option]:
    """The options of a reassignment being built (:mod:`.reassignment`): each single
    move that may be added to ``plan`` (value: that move as a reassignment of one
    Ally), then (with a plan) reassigning the plan now, as "Done" does, and taking back
    the last move, and cancelling."""
    options = []
    for step in next_moves(game, seat, plan):
        move = Move("reassign", ((step,),))
        options.append(Option(describe_move(game, move), move, move_cards(move)))
    if plan:
        last = describe_move(game, Move("reassign", ((plan[-1],),)))
        options.append(Option("Done: reassign them now", FINISH))
        options.append(Option(f"Take back the last move ({last})", UNDO))
    options.append(Option("Cancel this reassignment", CANCEL))
    return options


def _plan_prompt(game: Game, plan: Sequence[Step]) -> str:
    done = (describe_move(game, Move("reassign", (tuple(plan),)))[len("Reassign "):]
            if plan else "nothing yet")
    return (f"Reassign Allies (this turn's Dictate). Planned: {done}. Add a move, or "
            "Done to reassign them.")


def legal_moves(game: Game, seat: int) -> list[Move]:
    """The moves of :func:`legal_options`."""
    return [option.value for option in legal_options(game, seat)]  # type: ignore[misc]


#: The kind of maneuver each decision plays ("Seizing Sites and Contests": influence
#: maneuvers; "Challenge Summary": combat maneuvers).
MANEUVER_KINDS = {"contest_maneuvers": CardType.INFLUENCE_MANEUVER,
                  "defend_maneuvers": CardType.COMBAT_MANEUVER}


def _plan_label(game: Game, plan: Mapping[int, Sequence[int]]) -> str:
    return "Play " + "; ".join(f"{_names(game, cards)} from {shown_name(game, ally)}"
                               for ally, cards in plan.items())


def maneuver_options(game: Game, seat: int, involved: Sequence[int], kind: CardType,
                     suggestion: Mapping[int, Sequence[int]] | None = None) -> list[Option]:
    """The maneuvers ``seat`` may play for its ``involved`` characters, as options whose
    value is a mapping character -> maneuver card ids: the quick level's ``suggestion``
    first, then each ``kind`` maneuver in hand from each involved character it may be
    played from ("Target Characters and Acting Allies"), then every such maneuver
    together (each from the first character it may be played from). Passing (no
    maneuver) is the decision's "Done". Only plans the engine accepts are kept."""
    hand = sorted(game.autarch(seat).hand)
    cards = [c for c in hand if game.record(c).card_type is kind]
    plans: list[dict[int, tuple[int, ...]]] = []
    if suggestion:
        plans.append({a: tuple(cs) for a, cs in suggestion.items()})
    together: dict[int, tuple[int, ...]] = {}
    for card in cards:
        givers = [a for a in involved if may_receive(game.record(card), game.record(a))]
        plans += [{a: (card,)} for a in givers]
        if givers:
            together[givers[0]] = together.get(givers[0], ()) + (card,)
    if sum(len(cs) for cs in together.values()) > 1:
        plans.append(together)
    found: dict[str, Option] = {}
    for plan in plans:
        label = _plan_label(game, plan)
        if label not in found and _accepted(game, seat, involved, plan, kind):
            played = [c for cs in plan.values() for c in cs]
            found[label] = Option(label, plan, (*played, *plan))
    return list(found.values())


def _accepted(game: Game, seat: int, involved: Sequence[int],
              plan: Mapping[int, Sequence[int]], kind: CardType) -> bool:
    """Whether the engine's check of played maneuvers accepts ``plan``."""
    try:
        game.check_maneuvers(seat, involved, plan, kind)  # the engine's own rule
    except RuleError:
        return False
    return True


def damage_options(game: Game, damage: int, losers: Sequence[int],
                   suggestion: Mapping[int, int] | None = None) -> list[Option]:
    """How the victor of a challenge may assign ``damage`` to the losing side
    ("Challenge Summary": the victor assigns the damage among the losing characters):
    the engine's default (value ``None``: kill as many as possible, the target first),
    the quick level's ``suggestion``, then all of it to each losing character. Values
    are mappings character -> damage, each totalling at most ``damage``."""
    options = [Option("Assign the damage as the rules do by default (kill as many as "
                      "possible, the target first)", None)]
    plans: list[dict[int, int]] = []
    if suggestion is not None:
        plans.append(dict(suggestion))
    plans += [{c: damage} for c in dict.fromkeys(losers)]
    for plan in plans:
        if sum(plan.values()) > damage or any(c not in losers for c in plan):
            continue
        label = ("Assign no damage" if not plan else "Deal " + ", ".join(
            f"{n} damage to {shown_name(game, c)}" for c, n in plan.items()))
        if label not in {o.label for o in options}:
            options.append(Option(label, plan, tuple(plan)))
    return options


def _last_call_prompt(game: Game, call: LastCall) -> str:
    """E.g. "Last call for Flashes: Autarch 2 challenges Gentle with Gek-A-Gek (defended
    by Irish)"."""
    acting, rival = game.autarch(call.acting_seat).name, game.autarch(call.rival_seat).name
    if call.action == CHALLENGE:
        what = (f"{acting} challenges {shown_name(game, call.about)} with "
                f"{_names(game, call.acting)}")
        if len(call.rival) > 1:
            what += f" (defended by {_names(game, call.rival[1:])})"
    else:
        what = (f"{acting} seizes {shown_name(game, call.about)} with "
                f"{_names(game, call.acting)}; {rival} contests with "
                f"{_names(game, call.rival)}")
    return f"Last call for Flashes before it begins: {what}. Play a Flash?"


class HumanAutarch(ComputerAutarch):
    """An Autarch whose every decision is asked of ``ask`` (see :class:`Decision`)."""

    level = "human"

    def __init__(self, ask: Ask):
        super().__init__()
        self.ask = ask

    def _choose(self, decision: Decision) -> int | None:
        answer = self.ask(decision)
        if answer is None and not decision.can_pass:
            answer = 0
        return answer

    # -- setup ---------------------------------------------------------------------------
    def place_site(self, game: Game, seat: int, dominion: int) -> int:
        sites: list[int] = []
        in_play = game.unique_names_in_play()
        for c in game.autarch(seat).set_aside:  # copies of one Site are offered once
            rec = game.record(c)
            if rec.unique and fold_name(rec.name) in in_play:
                continue  # "Unique Cards": not a legal placement
            if dominion in rec.dominions and game.name(c) not in {
                    game.name(x) for x in sites}:
                sites.append(c)
        options = tuple(Option(f"Place {game.name(c)}", c, (c,)) for c in sites)
        pick = self._choose(Decision(seat, "place_site",
                                     f"Game Setup: place a Site of Dominion {dominion}",
                                     options, can_pass=False))
        return sites[pick or 0]

    def reshuffle(self, game: Game, seat: int) -> bool:
        options = (Option("Keep this hand", False), Option("Reshuffle the hand", True))
        hand = _names(game, game.autarch(seat).hand)
        pick = self._choose(Decision(seat, "reshuffle", f"Game Setup: your hand is {hand}",
                                     options, can_pass=False))
        return bool(options[pick or 0].value)

    # -- turns ---------------------------------------------------------------------------
    def _picks(self, game: Game, seat: int, kind: str, prompt: str,
               list_options: Callable[[], Sequence[Option]]) -> Iterator[object]:
        """The values the person picks, one decision at a time, among the options
        ``list_options`` gives then; ends on "Done", when none is left, or at the end
        of the game."""
        for _ in range(MAX_MOVES_PER_TURN):
            if game.state.over:
                return
            options = tuple(list_options())
            if not options:
                return
            pick = self._choose(Decision(seat, kind, prompt, options))
            if pick is None:
                return
            yield options[pick].value

    def _turn(self, game: Game, seat: int) -> Iterator[None]:
        several = [True]  # offered until a reassignment being built is given up

        def options() -> list[Option]:
            return [o for o in legal_options(game, seat) if several[0] or o.value is not SEVERAL]

        for move in self._picks(game, seat, "move", f"{game.state.phase}: your move",
                                options):
            if move is SEVERAL:
                move = self._build_reassignment(game, seat)
                if move is None:  # given up: the Dictate is still unused
                    several[0] = False
                    continue
            if not self.play_move(game, seat, move):
                return
            yield

    def _build_reassignment(self, game: Game, seat: int) -> Move | None:
        """A reassignment of several Allies, chosen one move at a time
        (:func:`reassignment_options`); ``None`` if cancelled or nothing was chosen."""
        plan: list[Step] = []
        for _ in range(MAX_MOVES_PER_TURN):
            options = reassignment_options(game, seat, plan)
            pick = self._choose(Decision(seat, "reassign", _plan_prompt(game, plan),
                                         tuple(options)))
            value = None if pick is None else options[pick].value
            if value is None or value == FINISH:
                break
            if value == CANCEL:
                return None
            if value == UNDO:
                plan.pop()
            else:
                plan.append(value.args[0][0])  # type: ignore[union-attr]
        return Move("reassign", (tuple(plan),)) if plan else None

    def autarch_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._turn(game, seat)

    def ally_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._turn(game, seat)

    def reconciliation_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._turn(game, seat)

    # -- rivals' turns -------------------------------------------------------------------
    def _group_choice(self, game: Game, seat: int, kind: str, prompt: str,
                      suggestion: Sequence[int], eligible: Sequence[int],
                      about: int) -> tuple[int, ...]:
        groups: list[tuple[int, ...]] = []
        for group in (tuple(suggestion), tuple(eligible)):
            if group and group not in groups:
                groups.append(group)
        if not groups:
            return ()
        options = tuple(Option(f"{kind.title()} with {_names(game, g)}", g, (*g, about))
                        for g in groups)
        pick = self._choose(Decision(seat, kind, prompt, options))
        return () if pick is None else groups[pick]

    def contest(self, game: Game, seat: int, seizing_seat: int, site: int,
                allies: Sequence[int]) -> Sequence[int]:
        self.note_contest(site)  # for the quick level's suggestion of maneuvers
        eligible = _free_allies(game, seat)
        prompt = (f"{game.autarch(seizing_seat).name} seizes {shown_name(game, site)} with "
                  f"{_names(game, allies)}: contest?")
        suggestion = contest_choice(PublicView(game, seat), seizing_seat, site, allies)
        return self._group_choice(game, seat, "contest", prompt, suggestion, eligible, site)

    def defend(self, game: Game, seat: int, target: int,
               challengers: Sequence[int]) -> Sequence[int]:
        eligible = [c for c in _free_allies(game, seat) if c != target]
        prompt = (f"{_names(game, challengers)} challenge {shown_name(game, target)}: "
                  "name defenders?")
        suggestion = defend_choice(PublicView(game, seat), target, challengers)
        return self._group_choice(game, seat, "defend", prompt, suggestion, eligible, target)

    def _maneuvers(self, game: Game, seat: int, kind: str, prompt: str,
                   involved: Sequence[int], suggestion: Mapping[int, Sequence[int]]
                   ) -> dict[int, tuple[int, ...]]:
        options = maneuver_options(game, seat, involved, MANEUVER_KINDS[kind], suggestion)
        if not options:
            return {}
        pick = self._choose(Decision(seat, kind, prompt, tuple(options)))
        return {} if pick is None else dict(options[pick].value)  # type: ignore[call-overload]

    def contest_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                          opposing: Sequence[int]) -> dict[int, tuple[int, ...]]:
        suggestion = super().contest_maneuvers(game, seat, involved, opposing)
        prompt = (f"Contesting {_names(game, opposing)} with {_names(game, involved)}: "
                  "play influence maneuvers?")
        return self._maneuvers(game, seat, "contest_maneuvers", prompt, involved, suggestion)

    def defend_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                         opposing: Sequence[int]) -> dict[int, tuple[int, ...]]:
        suggestion = super().defend_maneuvers(game, seat, involved, opposing)
        prompt = (f"{_names(game, involved)} defending against {_names(game, opposing)}: "
                  "play combat maneuvers?")
        return self._maneuvers(game, seat, "defend_maneuvers", prompt, involved, suggestion)

    def assign_damage(self, game: Game, seat: int, damage: int,
                      losers: Sequence[int]) -> dict[int, int] | None:
        options = damage_options(game, damage, losers,
                                 super().assign_damage(game, seat, damage, losers))
        pick = self._choose(Decision(
            seat, "assign_damage", f"You win the challenge: assign {damage} damage to "
            f"{_names(game, losers)}", tuple(options)))
        chosen = None if pick is None else options[pick].value
        return None if chosen is None else dict(chosen)  # type: ignore[call-overload]

    def last_call(self, game: Game, seat: int, call: LastCall) -> None:
        """The last call for Flashes (:mod:`.last_call`): the person plays Flashes one
        at a time (:func:`flash_options`) until "Done"."""
        for move in self._picks(game, seat, "last_call", _last_call_prompt(game, call),
                                lambda: flash_options(game, seat)):
            if not self.play_move(game, seat, move):  # type: ignore[arg-type]
                return

    def counter(self, game: Game, seat: int, flash: int, target: int | None) -> int | None:
        ally = counter_choice(PublicView(game, seat).revealing(flash), flash)
        if ally is None:
            return None
        options = (Option(f"Counter with {shown_name(game, ally)}", ally, (ally, flash)),)
        pick = self._choose(Decision(seat, "counter", f"Counter the Flash {game.name(flash)}?",
                                     options))
        return None if pick is None else ally


__all__ = ["MANEUVER_KINDS", "Ask", "Decision", "HumanAutarch", "Option", "damage_options",
           "describe_move", "flash_options", "is_legal", "legal_moves", "legal_options",
           "maneuver_options", "move_cards", "reassignment_options", "shown_name",
           "SEVERAL"]
