"""The legal moves of a turn, as :class:`~.actions.Action` values.

:func:`turn_actions` lists the candidate moves of ``seat``'s turn and keeps those the
engine accepts when tried on a copy of the game (:func:`is_legal`; no rival is asked
anything in the trial). Candidates: every Site to reveal, every Path on every Circle
Site, every Flash (untargeted and on each target it may name), every Dictate (likewise),
each single reassignment (:func:`~.reassignment.single_moves`), each controlled Site's
power; every Character to establish (with and without the controlled-Site exception);
a seizure of each Circle Site by every free Ally together and by each alone; a
challenge of each rival's active character by every free Ally together and by each
alone, each also with every combat maneuver in hand played from the first challenger
it may be played from; a seizure likewise with every influence maneuver in hand; each
Ally Action from each free Ally (untargeted and on each target), each free Ally's
retreat, idle and activation power on each face-up card; in the Reconciliation each
unpivoted reserve moved forward. Larger groups of Allies and other maneuver plans are
legal too (the engine accepts them) but not listed: the list stays short enough to
search.

Source: "Phase 2: Autarch Phase", "Phase 3: Ally Phase", "Phase 4: The Reconciliation".
"""

from __future__ import annotations

from collections.abc import Sequence

from card_db.records import CardType
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION, Game
from deckbuilder.engine.game.actions import (
    NOBODY,
    Action,
    AllyAction,
    Challenge,
    Establish,
    Idle,
    MoveForward,
    PlayDictate,
    PlayFlash,
    PlayPath,
    Reassign,
    Retreat,
    RevealSite,
    Seize,
    UsePower,
    UseSitePower,
    plan_of,
)
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.game.decisions import free_characters
from deckbuilder.engine.game.reassignment import single_moves
from deckbuilder.engine.powers.maneuvers import may_receive
from deckbuilder.engine.powers.recognised import is_artist, site_resistance_power
from deckbuilder.engine.powers.site_traits import MOVE_FORWARD, site_power
from deckbuilder.engine.rules.cards import is_character
from deckbuilder.engine.rules.challenge import can_challenge
from deckbuilder.engine.rules.errors import RuleError


def is_legal(game: Game, seat: int, action: Action) -> bool:
    """Whether the engine accepts ``action`` for ``seat`` now (tried on a copy; no rival
    is asked to contest, defend or counter in the trial)."""
    trial = clone(game)
    for a in trial.table.autarchs:  # the copy keeps the real game's draws; give it its own
        a.destiny._random = trial.rng.random
    try:
        action.play(trial, seat, NOBODY)
    except (RuleError, KeyError, IndexError):
        return False
    return True


def character_targets(game: Game) -> list[int]:
    return sorted(c for c in game.targetable() if is_character(game.record(c)))


def flash_actions(game: Game, seat: int, targets: Sequence[int] | None = None) -> list[Action]:
    """Each Flash in hand played with no target and on each target it names (a
    permanent one naming none: on each character in play)."""
    targets = character_targets(game) if targets is None else targets
    out: list[Action] = []
    for c in sorted(game.autarch(seat).hand):
        rec = game.record(c)
        if rec.card_type is not CardType.FLASH:
            continue
        out.append(PlayFlash(c, None))
        named = game.played_targets(rec, seat)
        if named or rec.permanent:
            out += [PlayFlash(c, t) for t in named or targets]
    return out


def _autarch_phase(game: Game, seat: int) -> list[Action]:
    s = game.table
    me = s.autarchs[seat]
    out: list[Action] = []
    for c in sorted(me.hand):
        ctype = game.record(c).card_type
        if ctype is CardType.SITE:
            out.append(RevealSite(c))
        elif ctype is CardType.PATH:
            out += [PlayPath(c, site) for site in s.circle]
        elif ctype is CardType.DICTATE:
            out.append(PlayDictate(c, None))
            out += [PlayDictate(c, t) for t in game.played_targets(game.record(c), seat)]
    out += flash_actions(game, seat)
    out += [Reassign((step,)) for step in single_moves(game, seat)]
    for e in me.realm.state:
        power = site_power(game.record(e.site))
        if power is not None:
            targets = sorted(me.realm.reserve) if power[0] == MOVE_FORWARD else [None]
            out += [UseSitePower(e.site, t) for t in targets]
    return out


def _with_maneuvers(game: Game, group: Sequence[int], hand: Sequence[int],
                    kind: CardType) -> dict[int, tuple[int, ...]]:
    """Every ``kind`` maneuver in hand, each from the first of ``group`` it may be
    played from."""
    plan: dict[int, tuple[int, ...]] = {}
    for card in hand:
        if game.record(card).card_type is not kind:
            continue
        ally = next((g for g in group if may_receive(game.record(card), game.record(g))), None)
        if ally is not None:
            plan[ally] = plan.get(ally, ()) + (card,)
    return plan


def _seizures(game: Game, free: Sequence[int], hand: Sequence[int]) -> list[Action]:
    groups = [tuple(free)] + [(c,) for c in free if len(free) > 1]
    out: list[Action] = []
    for site in game.table.circle:
        for group in groups:
            out.append(Seize(site, group))
            plan = _with_maneuvers(game, group, hand, CardType.INFLUENCE_MANEUVER)
            if plan:
                out.append(Seize(site, group, plan_of(plan)))
    return out


def _challenges(game: Game, seat: int, free: Sequence[int], hand: Sequence[int]) -> list[Action]:
    s = game.table
    groups = [tuple(free)] + [(c,) for c in free if len(free) > 1]
    out: list[Action] = []
    for rival in s.seats_from(seat)[1:]:
        for target in s.autarchs[rival].realm.active:
            for group in groups:
                out.append(Challenge(group, target))
                if not can_challenge(game.record(group[0]), game.record(target)):
                    continue
                plan = _with_maneuvers(game, group, hand, CardType.COMBAT_MANEUVER)
                if plan:
                    out.append(Challenge(group, target, plan_of(plan)))
    return out


def _has_power(game: Game, ally: int) -> bool:
    rec = game.record(ally)
    return site_resistance_power(rec) is not None or is_artist(rec)


def _ally_phase(game: Game, seat: int) -> list[Action]:
    hand = sorted(game.autarch(seat).hand)
    free = free_characters(game, seat)
    out: list[Action] = []
    for c in hand:
        if is_character(game.record(c)):
            out += [Establish(c, False), Establish(c, True)]
    out += flash_actions(game, seat)
    if free:
        out += _seizures(game, free, hand)
        out += _challenges(game, seat, free, hand)
    for ally in free:
        for c in hand:
            if game.record(c).card_type is CardType.ALLY_ACTION:
                out.append(AllyAction(ally, c))
                out += [AllyAction(ally, c, t) for t in game.played_targets(game.record(c), seat)]
        out += [Retreat(ally), Idle(ally)]
        if _has_power(game, ally):
            out += [UsePower(ally, t) for t in sorted(game.targetable())]
    return out


def candidates(game: Game, seat: int) -> list[Action]:
    """The candidate moves of ``seat``'s turn now (module doc), not yet checked."""
    t = game.turn
    if t is None or t.seat != seat or game.table.over:
        return []
    if t.phase == AUTARCH_PHASE:
        return _autarch_phase(game, seat)
    if t.phase == ALLY_PHASE:
        return _ally_phase(game, seat)
    if t.phase == RECONCILIATION:
        s = game.table
        return [MoveForward(c) for c in sorted(s.autarchs[seat].realm.reserve)
                if c not in s.pivoted]
    return []


def turn_actions(game: Game, seat: int) -> list[Action]:
    """The legal moves of ``seat``'s turn now (module doc), without repeats; empty when
    it is not ``seat``'s turn or there is nothing to do but pass."""
    return [a for a in dict.fromkeys(candidates(game, seat)) if is_legal(game, seat, a)]


__all__ = ["candidates", "character_targets", "flash_actions", "is_legal", "turn_actions"]
