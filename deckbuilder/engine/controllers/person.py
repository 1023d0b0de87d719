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
may be played from, the seizures likewise with every influence maneuver in hand
("Seizing Sites and Contests": influence maneuvers on the Site being seized), every
Flash in the Ally Phase too, Ally Actions, retreats, idles, moving reserves forward)
and keeps those the engine accepts when tried on a copy of the game
(:func:`~.legal.is_legal`). Contests, defences and counters offer passing, the
quick level's suggestion, and (contest, defence) every eligible character together.
Every option's value is an :class:`~.actions.Action`, answered to the engine's
:class:`~.decisions.Decision` through the same protocol as the computer's
(:meth:`PersonController.choose`). Each :class:`Option` names the
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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from card_db.records import CardType
from deckbuilder.engine.controllers.adjusting import (
    AdjustChoices,
    adjust_choices,
    adjustment_error,
)
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.controllers.quick_policy import (
    ally_candidates,
    autarch_move,
    contest_choice,
    counter_choice,
    defend_choice,
)
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, Game
from deckbuilder.engine.game.actions import (
    Action,
    AssignDamage,
    Contest,
    Counter,
    Defend,
    ManualAdjustment,
    Pass,
    PlaceSite,
    PlayManeuvers,
    Reassign,
    Reshuffle,
    names,
    plan_of,
    shown_name,
)
from deckbuilder.engine.game.decisions import (
    ASSIGN_DAMAGE,
    CONTEST,
    CONTEST_MANEUVERS,
    COUNTER_KIND,
    DEFEND,
    DEFEND_MANEUVERS,
    LAST_CALL,
    MOVE,
    PLACE_SITE,
    RESHUFFLE,
    free_characters,
)
from deckbuilder.engine.game.decisions import Decision as EngineDecision
from deckbuilder.engine.game.legal import candidates, flash_actions, is_legal
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.game.reassignment import Step, next_moves
from deckbuilder.engine.powers.maneuvers import may_receive
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.last_call import AFTER_DAMAGE, CHALLENGE, LastCall


@dataclass(frozen=True, slots=True)
class Option:
    """One choice: ``label`` in rulebook words, ``value`` the :class:`~.actions.Action`
    answered (or, while a reassignment is built, :data:`FINISH`, :data:`UNDO`,
    :data:`CANCEL`), ``cards`` the ids of the cards it involves (the card played, the
    acting Allies, the Site or character aimed at), so that a table can offer it on
    those cards."""

    label: str
    value: object
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the person must make, as the Play screen shows it. ``kind``:
    "place_site", "reshuffle", "move", "contest", "defend", "counter",
    "contest_maneuvers", "defend_maneuvers", "assign_damage", "last_call" (the kinds of
    :mod:`.decisions`) or "reassign" (a move of a reassignment being built);
    ``can_pass``: whether ``None`` (Done/Pass) is an answer; ``adjust``: at a turn's
    move, what a manual adjustment may name when one may be made (a card played this
    round had its power not applied), else ``None``; the answer may then be a
    :class:`~.actions.ManualAdjustment` instead of an index."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    can_pass: bool = True
    adjust: AdjustChoices | None = None

    def involving(self, *cards: int) -> list[int]:
        """Indexes of the options that involve every one of ``cards`` (e.g. an Ally
        dragged onto a Site: the seizures of that Site with that Ally)."""
        wanted = set(cards)
        return [i for i, o in enumerate(self.options) if wanted <= set(o.cards)]


def move_cards(action: Action) -> tuple[int, ...]:
    """The card ids named in ``action``, in order, without repeats."""
    return action.cards()


def describe_move(game: Game, action: Action) -> str:
    """``action`` in rulebook words, e.g. "Seize Yzordderrex with Gentle, Pie 'oh' pah"."""
    return action.describe(game)


#: The callback a :class:`PersonController` asks: the chosen option's index, ``None``
#: (Done/Pass), or, when the decision offers it, a :class:`~.actions.ManualAdjustment`.
Ask = Callable[[Decision], "int | ManualAdjustment | None"]


def flash_options(game: Game, seat: int) -> list[Option]:
    """Every Flash in ``seat``'s hand on every target the engine accepts, as options
    (the last call for Flashes, :mod:`.last_call`)."""
    found: dict[str, Option] = {}
    for action in flash_actions(game, seat):
        label = action.describe(game)
        if label not in found and is_legal(game, seat, action):
            found[label] = Option(label, action, action.cards())
    return list(found.values())


def _suggestions(game: Game, seat: int) -> list[Action]:
    """The quick level's suggestions, offered first."""
    view = PublicView(game, seat)
    phase = game.table.phase
    if phase == AUTARCH_PHASE:
        suggestion = autarch_move(view)
        return [suggestion] if suggestion is not None else []
    if phase == ALLY_PHASE:
        return ally_candidates(view, limit=12)
    return []


def legal_options(game: Game, seat: int) -> list[Option]:
    """The moves ``seat`` may make in the current step as options, without duplicates,
    the quick level's suggestion first, then the engine's legal moves
    (:func:`~.legal.candidates`). Two moves described alike (the same move with
    identical copies from the hand) are offered once; the option names the cards of
    every such copy, so that each copy offers it. Empty when there is nothing to do but
    pass."""
    found: dict[str, tuple[Action, list[int]]] = {}
    for action in [*_suggestions(game, seat), *candidates(game, seat)]:
        label = action.describe(game)
        if label in found:
            found[label][1].extend(c for c in action.cards() if c not in found[label][1])
        elif is_legal(game, seat, action):
            found[label] = (action, list(action.cards()))
    return _with_several([Option(label, action, tuple(cards))
                          for label, (action, cards) in found.items()])


#: The option that opens the building of a reassignment of several Allies (to the
#: engine an empty reassignment, legal while the turn's Dictate is unused; never played).
SEVERAL = Reassign(())
SEVERAL_LABEL = "Reassign several Allies (choose each move, then Done)"
#: Values of the options of a reassignment being built that are not moves.
FINISH, UNDO, CANCEL = "finish", "undo", "cancel"


def _with_several(options: list[Option]) -> list[Option]:
    """``options`` with :data:`SEVERAL` after the last single reassignment, when single
    reassignments of two or more Allies are offered."""
    singles = [i for i, o in enumerate(options) if isinstance(o.value, Reassign)
               and len(o.value.moves) == 1]
    if len({options[i].value.moves[0][0] for i in singles}) < 2:  # type: ignore[attr-defined]
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
        action = Reassign((step,))
        options.append(Option(action.describe(game), action, action.cards()))
    if plan:
        last = Reassign((plan[-1],)).describe(game)
        options.append(Option("Done: reassign them now", FINISH))
        options.append(Option(f"Take back the last move ({last})", UNDO))
    options.append(Option("Cancel this reassignment", CANCEL))
    return options


def _plan_prompt(game: Game, plan: Sequence[Step]) -> str:
    done = (Reassign(tuple(plan)).describe(game)[len("Reassign "):]
            if plan else "nothing yet")
    return (f"Reassign Allies (this turn's Dictate). Planned: {done}. Add a move, or "
            "Done to reassign them.")


def legal_moves(game: Game, seat: int) -> list[Action]:
    """The moves of :func:`legal_options`."""
    return [option.value for option in legal_options(game, seat)]  # type: ignore[misc]


#: The kind of maneuver each decision plays ("Seizing Sites and Contests": influence
#: maneuvers; "Challenge Summary": combat maneuvers).
MANEUVER_KINDS = {CONTEST_MANEUVERS: CardType.INFLUENCE_MANEUVER,
                  DEFEND_MANEUVERS: CardType.COMBAT_MANEUVER}


def _plan_label(game: Game, plan: Mapping[int, Sequence[int]]) -> str:
    return "Play " + "; ".join(f"{names(game, cards)} from {shown_name(game, ally)}"
                               for ally, cards in plan.items())


def maneuver_options(game: Game, seat: int, involved: Sequence[int], kind: CardType,
                     suggestion: Mapping[int, Sequence[int]] | None = None) -> list[Option]:
    """The maneuvers ``seat`` may play for its ``involved`` characters, as options whose
    value is a :class:`~.actions.PlayManeuvers`: the quick level's ``suggestion``
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
            found[label] = Option(label, PlayManeuvers(plan_of(plan)), (*played, *plan))
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
    the engine's default (kill as many as possible, the target first), the quick
    level's ``suggestion``, then all of it to each losing character. Values are
    :class:`~.actions.AssignDamage`, each totalling at most ``damage``."""
    options = [Option(AssignDamage(None).describe(game), AssignDamage(None))]
    plans: list[dict[int, int]] = []
    if suggestion is not None:
        plans.append(dict(suggestion))
    plans += [{c: damage} for c in dict.fromkeys(losers)]
    for plan in plans:
        if sum(plan.values()) > damage or any(c not in losers for c in plan):
            continue
        action = AssignDamage(tuple(plan.items()))
        label = action.describe(game)
        if label not in {o.label for o in options}:
            options.append(Option(label, action, tuple(plan)))
    return options


def _last_call_prompt(game: Game, call: LastCall) -> str:
    """E.g. "Last call for Flashes: Autarch 2 challenges Gentle with Gek-A-Gek (defended
    by Irish)"."""
    acting, rival = game.autarch(call.acting_seat).name, game.autarch(call.rival_seat).name
    if call.action == AFTER_DAMAGE:
        return (f"Flashes after the damage of {acting}'s challenge of "
                f"{shown_name(game, call.about)}, before the dead are discarded: play a "
                "Flash?")
    if call.action == CHALLENGE:
        what = (f"{acting} challenges {shown_name(game, call.about)} with "
                f"{names(game, call.acting)}")
        if len(call.rival) > 1:
            what += f" (defended by {names(game, call.rival[1:])})"
    else:
        what = (f"{acting} seizes {shown_name(game, call.about)} with "
                f"{names(game, call.acting)}; {rival} contests with "
                f"{names(game, call.rival)}")
    return f"Last call for Flashes before it begins: {what}. Play a Flash?"


class PersonController(ComputerController):
    """An Autarch whose every decision is asked of ``ask`` (see :class:`Decision`)."""

    level = "human"

    def __init__(self, ask: Ask):
        super().__init__()
        self.ask = ask
        self._turn_key: tuple[int, str, int] | None = None
        self._several = True
        self._human = {
            PLACE_SITE: self._ask_place_site, RESHUFFLE: self._ask_reshuffle,
            MOVE: self._ask_move, CONTEST: self._ask_contest, DEFEND: self._ask_defend,
            COUNTER_KIND: self._ask_counter, CONTEST_MANEUVERS: self._ask_maneuvers,
            DEFEND_MANEUVERS: self._ask_maneuvers, ASSIGN_DAMAGE: self._ask_damage,
            LAST_CALL: self._ask_last_call,
        }

    def choose(self, game: Game, decision: EngineDecision) -> Action:
        return self._human[decision.kind](game, decision)

    def _choose(self, decision: Decision) -> int | None:
        answer = self.ask(decision)
        if answer is None and not decision.can_pass:
            answer = 0
        if isinstance(answer, ManualAdjustment):
            raise TypeError("a manual adjustment answers only a decision offering one")
        return answer

    def _pick(self, decision: Decision) -> object | None:
        """The value of the option picked, or ``None`` (passed, or nothing to choose)."""
        if not decision.options:
            return None
        pick = self._choose(decision)
        return None if pick is None else decision.options[pick].value

    def _pick_move(self, decision: Decision) -> object | None:
        """A turn's move: the option picked, a manual adjustment, or ``None``."""
        if decision.adjust is None:
            return self._pick(decision)
        answer = self.ask(decision)
        if answer is None or isinstance(answer, ManualAdjustment):
            return answer
        return decision.options[answer].value

    # -- setup ---------------------------------------------------------------------------
    def _ask_place_site(self, game: Game, d: EngineDecision) -> Action:
        options: dict[str, Option] = {}  # copies of one Site are offered once
        for action in d.legal:
            label = action.describe(game)
            options.setdefault(label, Option(label, action, action.cards()))
        value = self._pick(Decision(d.seat, PLACE_SITE, "Game Setup: place a Site of "
                                    f"Dominion {d.context.dominion}",
                                    tuple(options.values()), can_pass=False))
        return value if isinstance(value, PlaceSite) else d.legal[0]

    def _ask_reshuffle(self, game: Game, d: EngineDecision) -> Action:
        options = tuple(Option(a.describe(game), a) for a in (Reshuffle(False), Reshuffle(True)))
        hand = names(game, game.autarch(d.seat).hand)
        value = self._pick(Decision(d.seat, RESHUFFLE, f"Game Setup: your hand is {hand}",
                                    options, can_pass=False))
        return value if isinstance(value, Reshuffle) else Reshuffle(False)

    # -- turns ---------------------------------------------------------------------------
    def _ask_move(self, game: Game, d: EngineDecision) -> Action:
        if d.context.only_pass:
            return Pass()
        key = (game.table.round, d.context.phase, d.seat)
        if key != self._turn_key:  # a new turn: "several" is offered again
            self._turn_key, self._several = key, True
        refused = ""
        while True:
            options = tuple(o for o in legal_options(game, d.seat)
                            if self._several or o.value is not SEVERAL)
            adjust = adjust_choices(game, d.seat)
            prompt = f"{refused}{game.table.phase}: your move"
            if adjust is not None:
                prompt += " (a card's power was not applied: you may adjust by hand)"
            value = self._pick_move(Decision(d.seat, MOVE, prompt, options, adjust=adjust))
            refused = ""
            if value is None:
                return Pass()
            if isinstance(value, ManualAdjustment):
                error = adjustment_error(game, d.seat, value)
                if error is not None:  # said to the person; the turn goes on
                    refused = f"Not adjusted: {error}.\n"
                    continue
            if value is SEVERAL:
                value = self._build_reassignment(game, d.seat)
                if value is None:  # given up: the Dictate is still unused
                    self._several = False
                    continue
            self.moves.append((d.seat, value))  # type: ignore[arg-type]
            return value  # type: ignore[return-value]

    def _build_reassignment(self, game: Game, seat: int) -> Reassign | None:
        """A reassignment of several Allies, chosen one move at a time
        (:func:`reassignment_options`); ``None`` if cancelled or nothing was chosen."""
        plan: list[Step] = []
        for _ in range(200):
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
                plan.append(value.moves[0])  # type: ignore[union-attr]
        return Reassign(tuple(plan)) if plan else None

    # -- rivals' turns -------------------------------------------------------------------
    def _groups(self, game: Game, seat: int, kind: str, prompt: str,
                suggestion: Sequence[int], eligible: Sequence[int], about: int,
                make: Callable[[tuple[int, ...]], Action]) -> Action:
        groups: list[tuple[int, ...]] = []
        for group in (tuple(suggestion), tuple(eligible)):
            if group and group not in groups:
                groups.append(group)
        options = tuple(Option(f"{kind.title()} with {names(game, g)}", make(g), (*g, about))
                        for g in groups)
        value = self._pick(Decision(seat, kind, prompt, options))
        return value if isinstance(value, Action) else make(())

    def _ask_contest(self, game: Game, d: EngineDecision) -> Action:
        c = d.context
        self.note_contest(c.site)  # for the quick level's suggestion of maneuvers
        prompt = (f"{game.autarch(c.seizing_seat).name} seizes {shown_name(game, c.site)} "
                  f"with {names(game, c.allies)}: contest?")
        suggestion = contest_choice(PublicView(game, d.seat), c.seizing_seat, c.site, c.allies)
        return self._groups(game, d.seat, CONTEST, prompt, suggestion,
                            free_characters(game, d.seat), c.site, Contest)

    def _ask_defend(self, game: Game, d: EngineDecision) -> Action:
        c = d.context
        eligible = [x for x in free_characters(game, d.seat) if x != c.target]
        prompt = (f"{names(game, c.challengers)} challenge {shown_name(game, c.target)}: "
                  "name defenders?")
        suggestion = defend_choice(PublicView(game, d.seat), c.target, c.challengers)
        return self._groups(game, d.seat, DEFEND, prompt, suggestion, eligible, c.target,
                            Defend)

    def _ask_maneuvers(self, game: Game, d: EngineDecision) -> Action:
        c = d.context
        suggestion = self._answers[d.kind](game, d)
        assert isinstance(suggestion, PlayManeuvers)
        if d.kind == CONTEST_MANEUVERS:
            prompt = (f"Contesting {names(game, c.opposing)} with {names(game, c.involved)}: "
                      "play influence maneuvers?")
        else:
            prompt = (f"{names(game, c.involved)} defending against {names(game, c.opposing)}:"
                      " play combat maneuvers?")
        options = maneuver_options(game, d.seat, c.involved, MANEUVER_KINDS[d.kind],
                                   dict(suggestion.plan))
        value = self._pick(Decision(d.seat, d.kind, prompt, tuple(options)))
        return value if isinstance(value, PlayManeuvers) else PlayManeuvers(())

    def _ask_damage(self, game: Game, d: EngineDecision) -> Action:
        c = d.context
        suggestion = self._answers[ASSIGN_DAMAGE](game, d)
        assert isinstance(suggestion, AssignDamage)
        options = damage_options(game, c.damage, c.losers,
                                 None if suggestion.damage is None else dict(suggestion.damage))
        value = self._pick(Decision(
            d.seat, ASSIGN_DAMAGE, f"You win the challenge: assign {c.damage} damage to "
            f"{names(game, c.losers)}", tuple(options)))
        return value if isinstance(value, AssignDamage) else AssignDamage(None)

    def _ask_last_call(self, game: Game, d: EngineDecision) -> Action:
        """The last call for Flashes (:mod:`.last_call`): the person plays Flashes one
        at a time (:func:`flash_options`) until "Done"."""
        value = self._pick(Decision(d.seat, LAST_CALL, _last_call_prompt(game, d.context),
                                    tuple(flash_options(game, d.seat))))
        return value if isinstance(value, Action) else Pass()

    def _ask_counter(self, game: Game, d: EngineDecision) -> Action:
        card = d.context.card
        ally = counter_choice(PublicView(game, d.seat).revealing(card), card)
        if ally is None:
            return Counter(None)
        options = (Option(f"Counter with {shown_name(game, ally)}", Counter(ally), (ally, card)),)
        value = self._pick(Decision(d.seat, COUNTER_KIND,
                                    f"Counter the Flash {game.name(card)}?", options))
        return value if isinstance(value, Counter) else Counter(None)


__all__ = ["MANEUVER_KINDS", "Ask", "Decision", "PersonController", "Option", "damage_options",
           "describe_move", "flash_options", "is_legal", "legal_moves", "legal_options",
           "maneuver_options", "move_cards", "reassignment_options", "shown_name",
           "SEVERAL"]
