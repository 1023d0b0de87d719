"""The "quick" computer Autarch's decisions: plain rules a player can follow.

Every function reads only a :class:`~.public_view.PublicView` (public information and
the Autarch's own hand) and returns one :class:`~.actions.Action`, or ``None`` when the Autarch is
done for the step. The moves are then played through the same :class:`~.game.Game`
methods a human player's moves go through, so the rules are checked the same way.

The quick level, in plain words:

1. **Setup.** For each Dominion it must fill, place its separated Site of that Dominion
   with the lowest Resistance (ties: a single-Dominion Site before a Border Site, then
   by name). Reshuffle a first hand with no Character (always, when allowed).
2. **Autarch phase**, in this order: reveal every Site in hand (a unique Site already in
   play stays in hand); lay each Path face down on a Site of its Dominion that a rival
   is likely to seize: one a rival's unpivoted active characters can secure now, a
   Site that would add a Dominion to that rival first, then the one it secures with
   the widest margin, never a Site its own characters could seize now for a Dominion
   (the Path would trap its own seizure); play the Flashes that help its own Allies or hurt a
   rival without a Strength or Magic penalty (:mod:`.quick_tactics` says on whom);
   then the one Dictate-or-reassignment: reassign Holders a Site does not need
   (it stays held without them) to the Reserve, so they come forward and act again;
   with none to free, play a Dictate from hand, on the target its words ask for (its
   own Maestro or Ally for a bonus, its reserve for "from your reserve", the Site a
   rival is likeliest to seize for a Resistance rise, the Site it seizes next for "no
   Paths", a rival's permanent for "discard"; kept while no such target is in play);
   with no Dictate to play, use a controlled Site's Dictate power (draw, or move the
   best reserve forward) if it is at least three Dominions short of victory (the
   Site pivots and would not count this round).
3. **Ally phase.** Establish alliances first: spend the Prime allowance on the set of
   Characters with the most worth (Magic; a Maestro counts as at least 10), or bring in
   the one Ally from a controlled Site's Dominion when it is worth more. Then act:

   a. **Seize** the Circle Site that adds a Dominion toward victory, with the group of
      unpivoted active Allies tying up the least Magic whose influence meets the
      Resistance *and beats every rival's possible contest* (each rival's unpivoted
      active characters together; a tie goes to the contesters). Influence maneuvers
      in hand are added when no group is enough without them. When no seizure is
      possible, an Ally with an activation power uses it if that makes one possible
      for the others (General Rosengarten lowers the Site's Resistance; an Artist
      gives Magic +3 to an Ally of the group). Repeat while possible.
   b. **Challenge** a rival's active character when the Allies left over are sure to
      kill it even if every unpivoted active character of its Autarch defends; the
      target with the most Magic first, with the fewest challengers; combat maneuvers
      from hand are added (the fewest) only when no group is sure without them.
   c. An Ally left over plays an **Ally Action** card from hand if there is one;
      otherwise it **retreats** to the Reserve if the rivals still to act this phase
      could kill it in a challenge, else it **idles** (it can still contest and defend).
   d. When every Ally has acted, a Flash that unpivots goes on its pivoted Ally with
      the most Magic.
4. **On rivals' turns.** *Contest* a seizure when the seizing Autarch would gain a
   Dominion and a group of unpivoted active characters can stop it (influence at least
   the seizers'), with the least Magic; but only when the Autarch has already acted
   this Ally phase or the seizure would bring the rival to one Dominion short of
   victory (contesters pivot and could not act on their own turn); when its characters
   alone fall short, all of them contest if the influence maneuvers in hand make up
   the difference, and those maneuvers are played. *Defend* with the fewest unpivoted
   active characters (the strongest first) after which the damage the challengers
   could deal kills nobody on its side (Irish defending Gentle: 16 against 13, 3
   damage, nobody dies); none if no group does; then play combat maneuvers from the
   defending side when still needed. At a rival's challenge or seizure it is involved
   in, it plays a Flash with a Strength (Magic) penalty on the strongest challenger
   (the seizer with the most Magic): the rulebook's last call for Flashes. Not
   involved, it plays that Flash on the acting side only when the acting Autarch
   controls more Dominions than any other Autarch. *Counter*
   a rival's Flash, Dictate, Ally Action or Path whenever an unpivoted active Ally's
   "Counters" names it. As a challenge's victor it *assigns damage* to kill the
   characters worth the most (:func:`.quick_tactics.assign_damage`).
5. **Reconciliation.** Move every unpivoted reserve forward.

Not used by the quick level: Tabula Rasa's return to hand, a Site power that only
looks at the Destiny, and Flashes that only counter (the engine counters with Allies).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from card_db.names import fold_name
from card_db.records import CardRecord, CardType
from deckbuilder.engine.controllers.quick_tactics import hand_bonus, maneuver_plan, own_turn_flash
from deckbuilder.engine.game.actions import (
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
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.powers.card_effects import CLOSED_ROADS, NO_CHALLENGE, STAY_IN_RESERVE
from deckbuilder.engine.powers.countering import counters
from deckbuilder.engine.powers.maneuvers import MAGIC, may_receive, stat_bonus
from deckbuilder.engine.powers.recognised import (
    ARTIST_MAGIC_BONUS,
    is_artist,
    site_resistance_power,
)
from deckbuilder.engine.powers.site_traits import DRAW, MOVE_FORWARD, site_power
from deckbuilder.engine.rules import alliances
from deckbuilder.engine.rules.cards import (
    dominion_mask,
    is_character,
    is_maestro,
    magic,
    resistance,
)
from deckbuilder.engine.rules.challenge import Combatant, can_challenge, combat_strength
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.influence import ally_influence, meets_resistance, total_influence
from deckbuilder.engine.rules.paths import path_fits_site
from deckbuilder.engine.rules.victory import dominion_count

#: Worth of a Maestro when choosing Allies: it secures any Site alone.
MAESTRO_WORTH = 10


@dataclass(frozen=True, slots=True)
class Style:
    """How boldly the Ally phase is played (the strong level chooses among styles).

    ``safe_seize``: seize only with groups that beat every possible contest.
    ``challenge``: challenge when a kill is certain. ``act``: take actions at all
    (else establish alliances and idle)."""

    safe_seize: bool = True
    challenge: bool = True
    act: bool = True


DEFAULT_STYLE = Style()
#: The ways of playing an Ally phase the strong level compares, the default first.
STYLES: tuple[Style, ...] = (
    DEFAULT_STYLE,
    Style(safe_seize=False),
    Style(challenge=False),
    Style(act=False),
)


# --------------------------------------------------------------------------- helpers
def _worth(rec: CardRecord) -> int:
    return max(magic(rec), MAESTRO_WORTH) if is_maestro(rec) else magic(rec)


def _free_allies(view: PublicView) -> list[int]:
    """Unpivoted active Allies of the deciding Autarch that may still act this turn."""
    turn = view.turn
    done = turn.idled | turn.acted if turn is not None else set()  # one action each
    return sorted(
        (c for c in view.realm(view.seat).active if not view.pivoted(c) and c not in done),
        key=lambda c: (magic(view.record(c)), view.record(c).name, c),
    )


def _unpivoted_active(view: PublicView, seat: int) -> list[int]:
    return [c for c in view.realm(seat).active if not view.pivoted(c)]


def _influence(view: PublicView, cards: Sequence[int], site: CardRecord) -> int:
    return total_influence(((view.record(c), view.magic_mod(c)) for c in cards), site)


def _dominion_gain(view: PublicView, seat: int, site: int) -> int:
    masks = view.controlled_masks(seat)
    border = view.variant.border_counts_both
    before = dominion_count(masks, border)
    return dominion_count(masks + [dominion_mask(view.record(site))], border) - before


def _rival_contest_power(view: PublicView, site: CardRecord) -> int:
    """The largest influence one rival can contest with: its unpivoted active
    characters together."""
    best = 0
    for rival in view.rivals():
        best = max(best, _influence(view, _unpivoted_active(view, rival), site))
    return best


def min_cost_cover(
    items: Sequence[tuple[int, int, int]], need: int
) -> tuple[int, ...] | None:
    """The cards of ``items`` (``(card, value, cost)``) whose values total at least
    ``need`` with the least total cost (then the fewest cards), or ``None``. A
    knapsack over values capped at ``need``."""
    if need <= 0:
        return None
    states: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
    for card, value, cost in items:
        if value <= 0:
            continue
        for v, (c, k, group) in sorted(states.items(), reverse=True):
            w = min(need, v + value)
            cand = (c + cost, k + 1, group + (card,))
            old = states.get(w)
            if old is None or cand < old:
                states[w] = cand
    done = states.get(need)
    return done[2] if done else None


def _cheapest_group(
    view: PublicView, free: Sequence[int], site: int, beat: int, bonus: int = 0,
    res_change: int = 0,
) -> tuple[int, ...] | None:
    """The group of ``free`` Allies tying up the least Magic that secures ``site`` and
    has influence above ``beat`` (with ``bonus`` influence from maneuvers or powers,
    and the Site's Resistance changed by ``res_change``)."""
    srec = view.record(site)
    res = view.current_resistance(site) + res_change
    infl = {c: ally_influence(view.record(c), srec, view.magic_mod(c)) for c in free}
    best: tuple[int, int, tuple[int, ...]] | None = None
    for c in free:  # one Ally alone: a Maestro, "May hold Y alone", or enough influence
        rec = view.record(c)
        if infl[c] + bonus > beat and meets_resistance([rec], srec, infl[c] + bonus, res):
            key = (magic(rec), 1, (c,))
            if best is None or key < best:
                best = key
    need = max(res, beat + 1) - bonus
    if need <= 0:
        return best[2] if best else (tuple(free[:1]) or None)
    group = min_cost_cover([(c, infl[c], magic(view.record(c))) for c in free], need)
    if group is not None:
        key = (sum(magic(view.record(c)) for c in group), len(group), group)
        if best is None or key < best:
            best = key
    return best[2] if best else None


# --------------------------------------------------------------------------- setup
def choose_setup_site(view: PublicView, dominion: int) -> int:
    """Policy 1: the separated Site of ``dominion`` with the lowest Resistance."""
    unique = view.unique_names_in_play()
    options = []
    for c in view.set_aside:
        rec = view.record(c)
        if dominion in rec.dominions and not (rec.unique and _folded(rec) in unique):
            options.append((resistance(rec), len(rec.dominions), rec.name, c))
    if not options:
        raise EngineError(f"no Site of Dominion {dominion} to place")
    return min(options)[3]


def _folded(rec: CardRecord) -> str:
    return fold_name(rec.name)


def wants_reshuffle(view: PublicView) -> bool:
    """Policy 1: a first hand with no Character is always reshuffled."""
    return not any(is_character(view.record(c)) for c in view.hand)


# --------------------------------------------------------------------------- Autarch phase
def _path_target(view: PublicView, path: int) -> int | None:
    """The Circle Site a rival is likeliest to seize: one its unpivoted active
    characters can secure now, a Site that would add a Dominion to it first, then
    the widest margin; never a Site this Autarch could seize now for a Dominion."""
    prec = view.record(path)
    return _likely_rival_site(view, lambda site: path_fits_site(prec, view.record(site))
                              and not view.restricted(site, CLOSED_ROADS))


def _likely_rival_site(view: PublicView, fits) -> int | None:
    """The Circle Site (of those ``fits`` accepts) a rival is likeliest to seize now
    (see :func:`_path_target`), or ``None``."""
    mine = _unpivoted_active(view, view.seat)
    best = None
    for site in view.circle:
        srec = view.record(site)
        if not fits(site):
            continue
        res = view.current_resistance(site)
        if _dominion_gain(view, view.seat, site) > 0 and _influence(view, mine, srec) >= res:
            continue
        for rival in view.rivals():
            reach = _influence(view, _unpivoted_active(view, rival), srec) - res
            gain = _dominion_gain(view, rival, site) > 0
            key = (gain, reach, -site)
            if reach >= 0 and (best is None or key > best[0]):
                best = (key, site)
    return best[1] if best else None


def _surplus_holders(view: PublicView) -> list[tuple[int, None]]:
    moves = []
    for entry in view.realm(view.seat).state:
        srec = view.record(entry.site)
        res = view.current_resistance(entry.site)
        keep = list(entry.holders)
        for h in sorted(entry.holders, key=lambda c: (magic(view.record(c)), c)):
            rest = [c for c in keep if c != h]
            if rest and meets_resistance(
                [view.record(c) for c in rest], srec, _influence(view, rest, srec), res
            ):
                keep = rest
                moves.append((h, None))
    return moves


def autarch_move(view: PublicView) -> Action | None:
    """The next move of the Autarch phase (policy 2), or ``None`` when done (always
    after the turn's Dictate, reassignment or Site power: ruling ``dictate-ends-turn``,
    even if a card drawn by it could be revealed)."""
    if view.turn is not None and view.turn.dictate_used:
        return None
    hand = sorted(view.hand)
    unique = view.unique_names_in_play()
    for c in hand:
        rec = view.record(c)
        if rec.card_type is CardType.SITE and not (rec.unique and _folded(rec) in unique):
            return RevealSite(c)
    for c in hand:
        if view.record(c).card_type is CardType.PATH:
            site = _path_target(view, c)
            if site is not None:
                return PlayPath(c, site)
    flash = own_turn_flash(view, ally_phase=False)
    if flash is not None:
        return PlayFlash(*flash)
    turn = view.turn
    if turn is None or turn.dictate_used:
        return None
    freed = _surplus_holders(view)
    if freed:
        return Reassign(tuple(freed))
    for c in hand:
        rec = view.record(c)
        if rec.card_type is CardType.DICTATE:
            target = _dictate_target(view, rec)
            if target is not None or "target" not in (rec.powers or "").casefold():
                return PlayDictate(c, target)
    return _site_power_move(view)


def _dictate_target(view: PublicView, rec: CardRecord) -> int | None:
    """Whom a Dictate's printed "target" should be: its own Maestro or Ally for a
    bonus, its own reserve for "from your reserve", the Circle Site a rival is
    likeliest to seize for a Resistance rise, the Site it seizes next for "Paths
    cannot be played", a rival's permanent for "discard target permanent"; ``None``
    when no such card is in play (the Dictate is then kept)."""
    text = (rec.powers or "").casefold()
    mine = view.realm(view.seat)
    if "reserve" in text:
        return max((c for c in mine.reserve if not view.pivoted(c)
                    and not view.restricted(c, STAY_IN_RESERVE)),
                   key=lambda c: (_worth(view.record(c)), -c), default=None)
    if "target site" in text and "resistance +" in text:
        return _likely_rival_site(view, lambda site: True)
    if "target site" in text:
        ours = seize_options(view, _free_allies(view) or list(mine.active), DEFAULT_STYLE)
        return ours[0].site if ours else None  # type: ignore[attr-defined]
    if "target permanent" in text:
        kinds = {k for k in (CardType.FLASH, CardType.ALLY_ACTION) if str(k).casefold() in text}
        return max((p for perms in view.attached_permanents() for p in perms
                    if view.owner(p) != view.seat and view.record(p).card_type in kinds),
                   default=None)
    if "target" in text:
        need = "maestro" if "target maestro" in text else None
        return max((c for c in mine.active
                    if need is None or is_maestro(view.record(c))),
                   key=lambda c: (_worth(view.record(c)), -c), default=None)
    return None


def _site_power_move(view: PublicView) -> Action | None:
    """A controlled Site's Dictate power (it pivots the Site), used only when the
    Autarch is at least three Dominions short of victory (a pivoted Site does not
    count at this round's Reconciliation): draw cards, or move the reserve worth the
    most forward."""
    masks = view.controlled_masks(view.seat)
    if dominion_count(masks, view.variant.border_counts_both) > (
            view.variant.dominions_to_win - 3):
        return None
    reserve = [c for c in view.realm(view.seat).reserve
               if not view.pivoted(c) and not view.restricted(c, STAY_IN_RESERVE)]
    for entry in view.realm(view.seat).state:
        rec = view.record(entry.site)
        power = site_power(rec)
        if power is None or view.pivoted(entry.site) or (
                rec.activation_icon or "").casefold() != "dictate":
            continue
        if power[0] == DRAW:
            return UseSitePower(entry.site, None)
        if power[0] == MOVE_FORWARD and reserve:
            best = max(reserve, key=lambda c: (_worth(view.record(c)), -c))
            return UseSitePower(entry.site, best)
    return None


# --------------------------------------------------------------------------- Ally phase
def _alliance_move(view: PublicView) -> Action | None:
    turn = view.turn
    tracker = turn.allowance if turn is not None else None
    if tracker is None or tracker.exception_used:
        return None
    seat = view.seat
    controlled = [view.record(c) for c in view.realm(seat).allies()]
    unique = view.unique_names_in_play()
    seen: set[str] = set()
    cands = []
    for c in sorted(view.hand):
        rec = view.record(c)
        if not is_character(rec):
            continue
        if rec.unique:
            key = _folded(rec)
            if key in unique or key in seen:
                continue
            seen.add(key)
        cands.append((c, alliances.effective_prime(rec, controlled), _worth(rec)))
    if not cands:
        return None
    room = tracker.allowance - tracker.spent
    best: list[tuple[int, tuple[int, ...]] | None] = [None] * (room + 1)
    best[0] = (0, ())
    for c, p, w in cands:
        if p > room:
            continue
        for s in range(room - p, -1, -1):
            cur = best[s]
            if cur is not None and (best[s + p] is None or cur[0] + w > best[s + p][0]):
                best[s + p] = (cur[0] + w, cur[1] + (c,))
    worth, chosen = max((b for b in best if b is not None), key=lambda b: (b[0], -len(b[1])))
    if tracker.count == 0:
        mask = 0
        for m in view.controlled_masks(seat):
            mask |= m
        exc = max(
            ((w, -c, c) for c, _, w in cands if dominion_mask(view.record(c)) & mask),
            default=None,
        )
        if exc is not None and exc[0] > worth:
            return Establish(exc[2], True)
    return Establish(chosen[0], False) if chosen else None


def _influence_maneuvers(view: PublicView, free: Sequence[int]) -> list[tuple[int, int]]:
    """``(bonus, card)`` of the influence maneuvers in hand, largest first: the most a
    card adds played from one of ``free`` it may be played from."""
    records = [view.record(c) for c in free]
    out = []
    for c in sorted(view.hand):
        rec = view.record(c)
        if rec.card_type is CardType.INFLUENCE_MANEUVER:
            amount = max((stat_bonus(rec, MAGIC, a, records) for a in records
                          if may_receive(rec, a)), default=0)
            if amount > 0:
                out.append((amount, c))
    return sorted(out, reverse=True)


def _seize_move(view: PublicView, free: list[int], style: Style) -> Action | None:
    options = seize_options(view, free, style)
    return options[0] if options else None


def seize_options(view: PublicView, free: list[int], style: Style) -> list[Action]:
    """One seizure per Circle Site that adds a Dominion, best first (policy 3a)."""
    seat = view.seat
    masks = view.controlled_masks(seat)
    if dominion_count(masks, view.variant.border_counts_both) >= view.variant.dominions_to_win:
        return []
    maneuvers = _influence_maneuvers(view, free)
    options = []
    for site in sorted(view.circle):
        gain = _dominion_gain(view, seat, site)
        if gain <= 0:
            continue
        srec = view.record(site)
        beat = _rival_contest_power(view, srec) if style.safe_seize else -1
        used: list[int] = []
        bonus = 0
        group = _cheapest_group(view, free, site, beat)
        for amount, card in maneuvers:
            if group is not None:
                break
            used.append(card)
            bonus += amount
            group = _cheapest_group(view, free, site, beat, bonus)
        if group is None:
            continue
        plan = None
        if used:  # each card from a seizing Ally it may be played from
            plan = maneuver_plan(view, group, CardType.INFLUENCE_MANEUVER, bonus, hand=used)
            if plan is None:
                continue
        cost = sum(magic(view.record(c)) for c in group)
        key = (-gain, len(used), cost, view.current_resistance(site), site)
        options.append((key, Seize(site, tuple(group), plan_of(plan))))
    options.sort(key=lambda option: option[0])
    return [move for _, move in options]


def _power_move(view: PublicView, free: list[int], style: Style) -> Action | None:
    """An activation power that makes a seizure possible this turn for the other free
    Allies: General Rosengarten's Resistance cut on the Site, or an Artist's Magic +3
    on an Ally of the seizing group (policy 3a, when no seizure is possible without)."""
    for ally in free:
        rec = view.record(ally)
        cut = site_resistance_power(rec)
        artist = is_artist(rec)
        if cut is None and not artist:
            continue
        rest = [c for c in free if c != ally]
        if not rest:
            continue
        for site in sorted(view.circle):
            if _dominion_gain(view, view.seat, site) <= 0:
                continue
            beat = _rival_contest_power(view, view.record(site)) if style.safe_seize else -1
            if cut is not None:
                if _cheapest_group(view, rest, site, beat, res_change=cut) is not None:
                    return UsePower(ally, site)
            else:
                group = _cheapest_group(view, rest, site, beat, bonus=ARTIST_MAGIC_BONUS)
                if group is not None:
                    return UsePower(ally, group[0])
    return None


def _challenge_move(view: PublicView, free: list[int]) -> Action | None:
    best = None
    for rival in view.rivals():
        rival_free = _unpivoted_active(view, rival)
        for target in view.realm(rival).active:
            trec = view.record(target)
            able = [Combatant(c, view.record(c)) for c in free
                    if can_challenge(view.record(c), trec)
                    and not view.restricted(c, NO_CHALLENGE)]
            if not able:
                continue
            tside = [Combatant(target, trec, view.pivoted(target))] + [
                Combatant(d, view.record(d), view.pivoted(d))
                for d in view.realm(rival).active
                if d != target and (d in rival_free or view.record(d).has_affiliation("Aphrodyte"))
            ]
            # The defence counted against every able challenger at once: an upper bound.
            defence = combat_strength(tside, able, target=target)
            able.sort(key=lambda c: (-combat_strength([c], tside), c.card))
            kill = (trec.strength or 0) + view.strength_mod(target) + 1
            plan = _challenge_plan(view, able, tside, defence, kill)
            if plan is not None:
                group, extra = plan
                key = (len(extra or {}) > 0, -magic(trec), len(group), target)
                if best is None or key < best[0]:
                    best = (key, Challenge(tuple(group), target, plan_of(extra)))
    return best[1] if best else None


def _challenge_plan(view: PublicView, able: list[Combatant], tside: list[Combatant],
                    defence: int, kill: int):
    """The fewest challengers sure to deal ``kill`` damage, without maneuvers if they
    can, else with the fewest combat maneuvers from hand: ``(group, maneuvers)``."""
    totals = []
    total = 0
    for c in able:
        total += combat_strength([c], tside)
        totals.append(total)
    for size, total in enumerate(totals, start=1):
        if total - defence >= kill:
            return tuple(x.card for x in able[:size]), None
    group = tuple(x.card for x in able)
    extra = maneuver_plan(view, group, CardType.COMBAT_MANEUVER, kill - (totals[-1] - defence))
    return (group, extra) if extra else None


def _threatened(view: PublicView, ally: int) -> bool:
    """True if a rival still to act this Ally phase could kill ``ally`` in a challenge."""
    turn = view.turn
    order = view.seats_from(view.leader)
    later = order[order.index(view.seat) + 1:] if turn is not None else []
    rec = view.record(ally)
    mine = [Combatant(c, view.record(c)) for c in _unpivoted_active(view, view.seat)]
    if not any(c.card == ally for c in mine):
        mine.append(Combatant(ally, rec, True))
    for rival in later:
        theirs = [Combatant(c, view.record(c)) for c in _unpivoted_active(view, rival)]
        if not theirs:
            continue
        damage = combat_strength(theirs, mine) - combat_strength(mine, theirs, target=ally)
        if damage > (rec.strength or 0):
            return True
    return False


def ally_move(view: PublicView, style: Style = DEFAULT_STYLE) -> Action | None:
    """The next move of the Ally phase (policy 3), or ``None`` when done."""
    turn = view.turn
    if turn is not None and not turn.actions_started:
        move = _alliance_move(view)
        if move is not None:
            return move
    free = _free_allies(view)
    if not free:
        flash = own_turn_flash(view, ally_phase=True) if style.act else None
        return PlayFlash(*flash) if flash is not None else None
    if style.act:
        move = _seize_move(view, free, style) or _power_move(view, free, style)
        if move is None and style.challenge:
            move = _challenge_move(view, free)
        if move is not None:
            return move
    ally = free[-1]  # the strongest left over
    if style.act:
        for c in sorted(view.hand):
            if view.record(c).card_type is CardType.ALLY_ACTION:
                return AllyAction(ally, c)
        if magic(view.record(ally)) > 0 and _threatened(view, ally):
            return Retreat(ally)
    return Idle(ally)


def ally_candidates(view: PublicView, limit: int = 6) -> list[Action]:
    """Moves worth comparing for the next Ally-phase action, the quick level's own
    choice first: alliances and a Flash once every Ally has acted are never compared
    (the quick choice only); otherwise the
    quick move of each :data:`STYLES` entry, a seizure of each other Site that adds a
    Dominion (contest-safe, else bold), and idling. At most ``limit`` moves."""
    first = ally_move(view)
    free = _free_allies(view)
    if first is None or first.kind == "establish" or not free:
        return [] if first is None else [first]
    out = [first]
    extra = [ally_move(view, style) for style in STYLES[1:]]
    extra += seize_options(view, free, DEFAULT_STYLE)
    extra += seize_options(view, free, Style(safe_seize=False))
    extra.append(Idle(free[-1]))
    for move in extra:
        if move is not None and move not in out:
            out.append(move)
    return out[:limit]


# --------------------------------------------------------------------------- rivals' turns
def contest_choice(
    view: PublicView, seizing_seat: int, site: int, allies: Sequence[int]
) -> tuple[int, ...]:
    """Characters to contest a rival's seizure with (policy 4), or ``()``."""
    srec = view.record(site)
    if _dominion_gain(view, seizing_seat, site) <= 0:
        return ()
    masks = view.controlled_masks(seizing_seat) + [dominion_mask(srec)]
    after = dominion_count(masks, view.variant.border_counts_both)
    order = view.seats_from(view.leader)
    my_turn_done = order.index(view.seat) < order.index(seizing_seat)
    if not my_turn_done and after < view.variant.dominions_to_win - 1:
        return ()
    theirs = _influence(view, [c for c in allies if not view.pivoted(c)], srec)
    mine = sorted(_unpivoted_active(view, view.seat))
    items = [
        (c, ally_influence(view.record(c), srec, view.magic_mod(c)), magic(view.record(c)))
        for c in mine
    ]
    group = min_cost_cover(items, max(theirs, 1))
    if group is None and mine:  # with every influence maneuver in hand
        bonus = hand_bonus(view, mine, CardType.INFLUENCE_MANEUVER)
        if _influence(view, mine, srec) + bonus >= theirs:
            group = tuple(mine)
    return group or ()


def contest_maneuvers(view: PublicView, site: int, contesters: Sequence[int],
                      seizers: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Influence maneuvers for a contest (:mod:`.quick_tactics`): enough to reach the
    seizers' influence (a tie stops them), or none."""
    srec = view.record(site)
    need = _influence(view, seizers, srec) - _influence(view, contesters, srec)
    return maneuver_plan(view, contesters, CardType.INFLUENCE_MANEUVER, need) or {}


def _combatant(view: PublicView, card: int) -> Combatant:
    return Combatant(card, view.record(card), view.pivoted(card), 0, view.strength_mod(card))


def _damage_against(view: PublicView, side: list[Combatant], target: int,
                    challengers: Sequence[int]) -> int:
    theirs = [_combatant(view, c) for c in challengers]
    return combat_strength(theirs, side) - combat_strength(side, theirs, target=target)


def _survives(view: PublicView, side: list[Combatant], damage: int) -> bool:
    """True if ``damage`` kills none of ``side`` (each needs more than its Strength)."""
    return all(damage <= (c.record.strength or 0) + c.strength_mod for c in side)


def defend_choice(view: PublicView, target: int, challengers: Sequence[int]) -> tuple[int, ...]:
    """Defenders for a challenged character (policy 4), or ``()``: the fewest
    unpivoted active characters (the strongest first) after which the damage the
    challengers could deal kills none of the defending side (as when Irish defends
    Gentle against two Gek-A-Geks: 16 against 13, 3 damage, nobody dies); none when
    no group achieves that."""
    side = [_combatant(view, target)]
    if _survives(view, side, _damage_against(view, side, target, challengers)):
        return ()
    candidates = [
        c for c in view.realm(view.seat).active
        if c != target and (not view.pivoted(c) or view.record(c).has_affiliation("Aphrodyte"))
    ]
    candidates.sort(key=lambda c: (-((view.record(c).strength or 0) + view.strength_mod(c)), c))
    for d in candidates:  # the strongest first: the fewest defenders
        side.append(_combatant(view, d))
        if _survives(view, side, _damage_against(view, side, target, challengers)):
            return tuple(c.card for c in side[1:])
    return ()


def defend_maneuvers(view: PublicView, defending: Sequence[int],
                     challengers: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Combat maneuvers for a defence (:mod:`.quick_tactics`): the fewest that leave
    the challengers' damage too small to kill any defending character, or none."""
    side = [_combatant(view, c) for c in defending]
    damage = _damage_against(view, side, defending[0], challengers)
    if _survives(view, side, damage):
        return {}
    floor = min((c.record.strength or 0) + c.strength_mod for c in side)
    return maneuver_plan(view, defending, CardType.COMBAT_MANEUVER, damage - floor) or {}


def counter_choice(view: PublicView, flash: int) -> int | None:
    """An unpivoted active Ally that counters a rival's Flash (policy 4), or ``None``."""
    rec = view.record(flash)
    if view.owner(flash) == view.seat:
        return None
    for c in sorted(_unpivoted_active(view, view.seat)):
        if counters(view.record(c), rec):
            return c
    return None


def reconciliation_move(view: PublicView) -> Action | None:
    """Policy 5: move the next unpivoted reserve forward."""
    for c in sorted(view.realm(view.seat).reserve):
        if not view.pivoted(c) and not view.restricted(c, STAY_IN_RESERVE):
            return MoveForward(c)
    return None


__all__ = [
    "DEFAULT_STYLE",
    "Style",
    "ally_candidates",
    "ally_move",
    "autarch_move",
    "choose_setup_site",
    "contest_choice",
    "contest_maneuvers",
    "counter_choice",
    "defend_choice",
    "defend_maneuvers",
    "reconciliation_move",
    "seize_options",
    "wants_reshuffle",
]
