"""The goldfish policy: the decisions a good player makes when playing a deck alone.

Pure functions of plain ints, shared by the step-by-step autopilot
(:mod:`.autopilot`) and the fast path (:mod:`.fastpath`), so both make the same
choices. The compiled goldfish core (``_fastcore.c``, :mod:`.fastcore`) follows
:func:`choose_alliances`, :func:`plan_seizures`, :func:`choose_ally_actions` and
:func:`choose_flashes` step by step in C: a change here is
made there too, and ``tests/test_engine_fastcore.py`` checks that both cores agree.
Inputs are card ids into an :class:`~.deck.EngineDeck`; ties are broken by
profile (:attr:`~.deck.EngineDeck.profile`), card kind and id only, never by list order,
so the choice does not depend on where a card sits in a zone.

The policy, in full:

1. **Setup** (:func:`choose_circle_sites`): give each Dominion 1-5 its own Site (a
   Border Site stands for one of its Dominions; never two copies of a unique Site),
   choosing the five that minimise the total Resistance the Autarch must overcome to
   meet the victory requirement from the Circle alone; ties: lower total Resistance
   of the five, more Border Sites, earlier cards.
2. **Reshuffle** a five-card hand with no Character (always; "Game Setup").
3. **Reveal every Site** in hand for the replacement draws, including replacements
   that are Sites; a duplicate of a unique Site in play stays in hand.
4. **Once every Site is revealed, play a Dictate that only draws cards**
   (:func:`choose_dictate`; the cards are those of :mod:`.draw_dictates`, "Draw two
   cards"): the one drawing most, as the turn's Dictate, unless the Destiny holds no
   more cards than it draws. The turn is then over, so a Site it draws is revealed
   next turn; a Character it draws may be established this turn.
   A permanent Dictate that draws at the beginning of every turn (Census of the
   Dominions, "At the beginning of a turn, draw a card"; :mod:`.draw_dictates`) is
   played first, as the turn's Dictate, while the Destiny holds at least
   :data:`CENSUS_DESTINY` (20) cards. It stays in play, and the engine draws its card at
   the start of each of the Autarch's later Autarch-phase turns, just after the two
   cards of "Phase 1: Coming of Order" (:mod:`.turn_effects`). Census now and "Draw
   two" next turn have drawn more cards than the other order from the next turn on (3
   against 2, and still one more each later turn), so with turns to spare Census goes
   first. Its draws cannot be declined, so with a short Destiny it would hasten
   "Exhausted Destiny" and is held; 20 cards is a chosen margin (about six rounds of
   three draws), not a derived optimum.
   **Other cards are held.** A Path would only target the Autarch's own seizing Allies;
   a combat maneuver, any card that only adds Strength (Tithe of Blood, Sworn
   Bodyguard: Strength counts only in challenges), a Flash that deals damage, pivots a
   Site or stops a challenge, and "Counters ..." only matter against a rival;
   "Target Maestro is magic +2" never helps, as a Maestro secures alone; "Unpivot
   target Ally" has nothing to unpivot that could still help, since the autopilot's
   Allies act only by seizing (and then hold) or, once the turn's seizures are over,
   by an Ally Action of policy 9.
   "Return an Oviate from your In Ovo to your hand" (Call the Brood) never helps: in a
   goldfish game no Character reaches the In Ovo (no challenge, no damage, no Path is
   played, no Site is lost before the game ends), so there is never an Oviate to return.
   Not yet part of this policy, though they could help a lone Autarch: other Dictates,
   other Ally Action cards and Flashes, and influence maneuvers with another effect,
   besides those policies 7, 8 and 9 play.
5. **Establish alliances** (:func:`choose_alliances`): bring in the Allies that add the
   most worth within the Prime allowance, then the most Allies, then the most Prime
   spent. An Ally's worth (:func:`ally_worth`) is the Magic it brings toward the
   Dominions not yet covered: its Magic plus its best "+N versus Y Sites" toward a Site
   in the Circle of such a Dominion; a Maestro, or an Ally that may hold such a Site
   alone, is worth at least :data:`MAESTRO_WORTH`, since it secures that Site alone.
   When a candidate meets another's "Allies for -N if" condition, the autopilot also
   tries establishing it first so the others enter for the reduced Prime, and keeps
   that when it is better. Use the controlled-Dominion exception instead when its one
   Ally is worth more, or when nothing fits the allowance.
6. **Seize** (:func:`plan_seizures`): only Sites that add a Dominion toward victory.
   Maestros go alone, each to the hardest such Site. Other Allies then form, one Site
   at a time, the group with the least Magic that meets the Site's Resistance, taking
   the Site with the least Magic tied up per new Dominion. No seizure is attempted
   that would fail.
7. **Play an influence maneuver when it secures a Site sooner** (:func:`_boosted_group`;
   the cards are those of :mod:`.seizure_maneuvers`: one printed Magic bonus and nothing
   else). For each Site of policy 6, the autopilot also tries its free Allies in order
   of least Magic, adding one at a time, each time playing the maneuvers in hand that
   add most first, until the group meets the Resistance. It plays them when this
   secures a Site that its Allies alone cannot, or ties up less Magic than the Allies
   alone would; otherwise the cards stay in hand. Each card is played from the Ally of
   the group that gets most from it, as printed: an "Acting Maestro" card only from a
   Maestro (so never, since Maestros seize alone), "or +4 if it is an Artist" from an
   Artist, "for each involved Oviate you control" counting the group's Oviates.
   A permanent "+N versus Y Sites" maneuver (Silver Tongue, "+2 versus Sites") counts
   the same way toward the Sites it names, played from the group's first Ally: it stays
   attached to that Ally, now a Holder, so the Holders keep the bonus toward the Site
   ("Permanents and Instants"; the engine counts it when holding, see
   :meth:`~.game.Game.holding_influence`). An instant one is held: the engine counts a
   "versus" bonus only from a card attached to an Ally.
8. **Use help that lasts until end of round only to win this round** (the ``finish``
   pass of :func:`_ally_seizures`). When the round's effects end, the engine takes back
   a Site whose Holders no longer have the influence to secure it, so the Artist power
   ("Pivot to give another Ally magic +3 until the end of the round") and "Target
   involved Site is Resistance -2 until end of round" maneuvers are used only when the
   seizures of policies 6-7 leave the Autarch one seizure short of victory and a second
   plan with them wins: the same search, where a free Artist outside the group gives
   the group's first Ally Magic +3 (after the maneuvers adding at least as much) and a
   Resistance cut in hand counts as what it takes off. Victory is checked before the
   effects end.
9. **Give Allies a lasting Magic bonus.** Two kinds of permanent cards add Magic to
   one Ally for as long as it stays in play ("Permanents and Instants"), so the Ally
   brings its Magic +N to every later seizure and, as a Holder, to its Site.
   *Flashes* (:func:`choose_flashes`; the cards are those of :mod:`.magic_flashes`,
   "Target Ally is magic +N", Veil of Fortune, whose Strength +1 matters only in
   challenges) cost no action and pivot no one ("Types of Cards: Flashes"), so each is
   played as soon as the Ally phase has an Ally to take it: after the alliances and
   before the seizures, so the bonus already counts in this turn's seizures. The cards
   adding most go first, each on the unpivoted active Ally of least Magic now that is
   not a Maestro (ties: profile, kind, id), one card per Ally per turn; the rest wait
   in hand for the next turn (the same order as the Ally Actions below).
   *Ally Actions* are played after the turn's seizures
   (:func:`choose_ally_actions`; the cards are those of :mod:`.magic_ally_actions`,
   "Acting Ally is magic +1" for good, Sketch the Threshold). An Ally Action is an
   Ally's action and pivots it ("Ally Actions"), so it is played only by an active
   Ally that did not seize this turn: that Ally would be idle anyway, it unpivots at the
   next "Phase 1: Coming of Order", and from then on it brings its Magic +N to every
   seizure and, as a Holder, to its Site ("Permanents and Instants"). Maestros are left
   out (they secure alone), and nothing is played in the round the Autarch wins. The
   cards adding most go first, each from the idle Ally of least Magic now (ties:
   profile, kind, id), one card per Ally per turn.
10. **Never reassign Allies**: groups are minimal, so no Holder can leave without the
   Site becoming uncontrolled, and the turn's Dictate is better spent on draws.
11. **Move every unpivoted reserve forward** at the Reconciliation.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from card_db.errors import UserError
from deckbuilder.engine.powers.recognised import ARTIST_MAGIC_BONUS
from deckbuilder.engine.rules.variant import STANDARD, Variant
from deckbuilder.engine.rules.victory import dominion_count
from deckbuilder.engine.simulation.deck import CHARACTER, SITE, EngineDeck

#: Worth of a Maestro when choosing Allies: it secures any Site alone.
MAESTRO_WORTH = 10

#: Fewest cards in the Destiny for playing a Dictate that draws at the beginning of every
#: turn (policy 4): it then has turns enough to draw more than "Draw two" would now.
CENSUS_DESTINY = 20


class SetupError(UserError, ValueError):
    """The deck cannot give each of the Five Dominions its own Site ("Game Setup").

    The deck's fault, so a :class:`~card_db.errors.UserError`."""


def ally_worth(deck: EngineDeck, card: int, sites: Sequence[int] = ()) -> int:
    """Worth of establishing ``card``: its Magic plus its largest "+N versus Y Sites"
    toward one of ``sites`` (the Circle's Sites of a Dominion not yet controlled); at
    least MAESTRO_WORTH for a Maestro or an Ally that may hold one of them alone."""
    w = deck.magic[card]
    alone = deck.maestro[card]
    if sites and (deck.site_bonus or deck.hold_alone):
        k, kind = deck.kind[card], deck.kind
        w += max(0, max(deck.site_bonus.get((k, kind[s]), 0) for s in sites))
        alone = alone or any((k, kind[s]) in deck.hold_alone for s in sites)
    return max(w, MAESTRO_WORTH) if alone else w


def _cover_cost(masks: Sequence[int], res: Sequence[int], variant: Variant) -> int:
    best = None
    n = len(masks)
    for subset in range(1, 1 << n):
        chosen = [masks[i] for i in range(n) if subset >> i & 1]
        if dominion_count(chosen, variant.border_counts_both) >= variant.dominions_to_win:
            cost = sum(res[i] for i in range(n) if subset >> i & 1)
            if best is None or cost < best:
                best = cost
    return best if best is not None else 10**9


def choose_circle_sites(
    deck: EngineDeck, variant: Variant = STANDARD, exclude: Collection[int] = ()
) -> tuple[int, ...]:
    """Card ids of the five Sites the lone Autarch places, for Dominions 1..5 in order.

    Policy 1 above. Raises :class:`SetupError` if no Site can stand for some Dominion.
    ``exclude``: card ids not available (unused by goldfish setup).
    """
    copies: dict[int, list[int]] = {}
    for i, t in enumerate(deck.ctype):
        if t == SITE and i not in exclude:
            copies.setdefault(deck.kind[i], []).append(i)
    options = []
    for d in range(1, 6):
        bit = 1 << (d - 1)
        opts = sorted(k for k, ids in copies.items() if deck.dmask[ids[0]] & bit)
        if not opts:
            raise SetupError(f"Game Setup: the deck has no Site of Dominion {d}")
        options.append(opts)
    best_key = None
    best: tuple[int, ...] | None = None
    chosen: list[int] = []
    used: dict[int, int] = {}
    unique_used: set[int] = set()

    def search(d: int) -> None:
        nonlocal best_key, best
        if d == 5:
            ids = [copies[k][0] for k in chosen]
            masks = [deck.dmask[i] for i in ids]
            res = [deck.resistance[i] for i in ids]
            key = (
                _cover_cost(masks, res, variant),
                sum(res),
                -sum(1 for m in masks if m.bit_count() == 2),
                tuple(chosen),
            )
            if best_key is None or key < best_key:
                best_key, best = key, tuple(chosen)
            return
        for k in options[d]:
            first = copies[k][0]
            ukey = deck.unique_key[first]
            if used.get(k, 0) >= len(copies[k]) or (ukey >= 0 and ukey in unique_used):
                continue
            used[k] = used.get(k, 0) + 1
            if ukey >= 0:
                unique_used.add(ukey)
            chosen.append(k)
            search(d + 1)
            chosen.pop()
            used[k] -= 1
            if ukey >= 0:
                unique_used.discard(ukey)

    search(0)
    if best is None:
        raise SetupError(
            "Game Setup: the deck's Sites cannot give each of the Five Dominions its own Site"
        )
    taken: dict[int, int] = {}
    out = []
    for k in best:
        out.append(copies[k][taken.get(k, 0)])
        taken[k] = taken.get(k, 0) + 1
    return tuple(out)


def choose_dictate(deck: EngineDeck, dictates: Sequence[int], destiny: int) -> int | None:
    """Policy 4: the Dictate to play once every Site is revealed, or ``None``.

    ``dictates``: the Dictates in hand that only draw cards, now (``deck.dictate_draws``)
    or at the beginning of every turn (``deck.turn_draws``); ``destiny``: cards left in
    the Destiny. While the Destiny holds at least :data:`CENSUS_DESTINY` cards, the
    permanent one drawing most each turn; else the instant one drawing most (ties: kind,
    id), when the Destiny holds more cards than it draws (so it never exhausts the
    Destiny).
    """
    kind, every_turn = deck.kind, deck.turn_draws
    census = min((c for c in dictates if every_turn[c]),
                 key=lambda c: (-every_turn[c], kind[c], c), default=None)
    if census is not None and destiny >= CENSUS_DESTINY:
        return census
    draws = deck.dictate_draws
    best = min((c for c in dictates if draws[c]), key=lambda c: (-draws[c], kind[c], c),
               default=None)
    if best is None or destiny <= draws[best]:
        return None
    return best


def _kind_conditions(deck: EngineDeck, kind: int) -> int:
    """Bitmask of the "Allies for -N if" conditions controlling ``kind`` meets."""
    return sum(1 << c for c, kinds in enumerate(deck.condition_kinds) if kind in kinds)


def _card_conditions(deck: EngineDeck, card: int) -> int:
    """Bitmask of the conditions of ``card``'s "Allies for -N if" traits."""
    return sum(1 << cond for _, cond in deck.allies_for[card])


def _pack(
    deck: EngineDeck, cands: Sequence[int], worth: dict[int, int], met: int, budget: int
) -> tuple[int, int, int, tuple[int, ...]]:
    """The most worth, then the most Allies, then the most Prime spent, of a set of
    ``cands`` whose Primes (with the ``met`` reductions) fit ``budget``:
    ``(worth, Allies, Prime, cards)``."""
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (budget + 1)
    best[0] = (0, 0, ())
    for c in cands:
        p = deck.effective_prime(c, met)
        if p > budget:
            continue
        w = worth[c]
        for s in range(budget - p, -1, -1):
            cur = best[s]
            if cur is None:
                continue
            old = best[s + p]
            nw = cur[0] + w
            if old is None or nw > old[0] or (nw == old[0] and cur[1] >= old[1]):
                best[s + p] = (nw, cur[1] + 1, cur[2] + (c,))
    spent = max((s for s in range(budget + 1) if best[s] is not None),
                key=lambda s: (*best[s][:2], s))  # type: ignore[index]
    w, n, chosen = best[spent]  # type: ignore[misc]
    return w, n, spent, chosen


def choose_alliances(
    deck: EngineDeck,
    hand_characters: Sequence[int],
    allowance: int,
    controlled_mask: int,
    met_conditions: int,
    unique_in_play: Collection[int],
    sites: Sequence[int] = (),
) -> tuple[tuple[int, ...], bool]:
    """Characters to establish this turn, in the order to establish them, and whether
    the controlled-Dominion exception is used (policy 5; rules in :mod:`.alliances`).

    ``controlled_mask``: Dominions of the Autarch's controlled Sites; ``met_conditions``:
    bitmask of "Allies for -N if" conditions met before this turn's Allies enter;
    ``unique_in_play``: unique keys of cards in play; ``sites``: the Circle's Sites of a
    Dominion not yet controlled (for :func:`ally_worth`). An Ally that meets another
    candidate's condition may be established first, and the others then enter with
    the reduction ("Allies for -N if...": the condition is read as each one is brought
    into play). Returns card ids (at most one per unique card).
    """
    cands = []
    seen: set[int] = set()
    for c in sorted(hand_characters, key=lambda i: (deck.kind[i], i)):
        if deck.ctype[c] != CHARACTER:
            continue
        u = deck.unique_key[c]
        if u >= 0:
            if u in unique_in_play or u in seen:
                continue
            seen.add(u)
        cands.append(c)
    if not cands:
        return (), False
    worth = {c: ally_worth(deck, c, sites) for c in cands}
    wanted = 0
    if deck.condition_kinds:
        for c in cands:
            wanted |= _card_conditions(deck, c)
    best_w, best_n, best_p, chosen = _pack(deck, cands, worth, met_conditions, allowance)
    for e in cands if wanted else ():
        if not _kind_conditions(deck, deck.kind[e]) & wanted & ~met_conditions:
            continue
        pe = deck.effective_prime(e, met_conditions)
        if pe > allowance:
            continue
        met = met_conditions | _kind_conditions(deck, deck.kind[e])
        w, n, p, rest = _pack(deck, [c for c in cands if c != e], worth, met, allowance - pe)
        if (w + worth[e], n + 1, p + pe) > (best_w, best_n, best_p):
            best_w, best_n, best_p, chosen = w + worth[e], n + 1, p + pe, (e, *rest)
    exception = None
    exception_key = None
    for c in cands:
        if deck.dmask[c] & controlled_mask:
            key = (worth[c], deck.prime[c], -deck.kind[c], -c)
            if exception_key is None or key > exception_key:
                exception_key, exception = key, c
    if exception is not None and (not chosen or exception_key[0] > best_w):  # type: ignore[index]
        return (exception,), True
    return chosen, False


class Seizure(NamedTuple):
    """One planned seizure: the Site, the Allies that seize it (its Holders to be), the
    influence maneuvers played, as ``(card, acting Ally)`` pairs, and the Artist powers
    used first, as ``(Artist, Ally given Magic +3)`` pairs."""

    site: int
    allies: tuple[int, ...]
    maneuvers: tuple[tuple[int, int], ...] = ()
    powers: tuple[tuple[int, int], ...] = ()


def _victory_gain(masks: list[int], mask: int, variant: Variant) -> int:
    if variant.border_counts_both:
        covered = 0
        for m in masks:
            covered |= m
        return (mask & ~covered).bit_count()
    before = dominion_count(masks, False)
    return dominion_count(masks + [mask], False) - before


def _cheapest_group(
    deck: EngineDeck, free: list[int], site: int, need: int, magic: Sequence[int]
) -> tuple[int, tuple[int, ...]] | None:
    """Least total Magic of a non-empty group of ``free`` Allies whose influence toward
    ``site`` is at least ``need``, or one Ally that may hold it alone. ``free`` is
    sorted by (Magic, profile, kind, id); ``magic``: each card's Magic now.
    Returns ``(Magic tied up, group)`` or ``None``."""
    sk = deck.kind[site]
    best: tuple[int, int, tuple[int, ...]] | None = None
    if deck.hold_alone:
        for a in free:
            if (deck.kind[a], sk) in deck.hold_alone:
                best = (magic[a], 1, (a,))
                break
    bonus_table = deck.site_bonus
    bonuses = [bonus_table.get((deck.kind[a], sk), 0) for a in free] if bonus_table else None
    if need <= 0:
        if free:
            cand = (magic[free[0]], 1, (free[0],))
            if best is None or cand < best:
                best = cand
        return (best[0], best[2]) if best else None
    if bonuses is None or not any(bonuses):
        pref = [1]
        reach = 1
        for a in free:
            reach |= reach << max(0, magic[a])
            pref.append(reach)
        t = reach >> need
        if t:
            cost = need + (t & -t).bit_length() - 1
            if best is None or cost < best[0]:
                group = []
                target = cost
                for k in range(len(free), 0, -1):
                    if not (pref[k - 1] >> target) & 1:
                        a = free[k - 1]
                        group.append(a)
                        target -= magic[a]
                group.reverse()
                best = (cost, len(group), tuple(group))
        return (best[0], best[2]) if best else None
    # General case: influence (Magic + bonus) and Magic tied up differ per Ally.
    states: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
    for a, b in zip(free, bonuses, strict=True):
        infl = magic[a] + b
        for v, (cost, count, group) in sorted(states.items(), reverse=True):
            w = min(need, max(0, v + infl))
            cand = (cost + magic[a], count + 1, group + (a,))
            old = states.get(w)
            if old is None or cand < old:
                states[w] = cand
    done = states.get(need)
    if done is not None and done[2] and (best is None or done < best):
        best = done
    return (best[0], best[2]) if best else None


def _boosted_group(
    deck: EngineDeck, free: Sequence[int], site: int, need: int, held: Sequence[int],
    finish: bool, magic: Sequence[int],
) -> tuple[int, tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] | None:
    """Policy 7: the free Allies in order of least Magic, one more at a time, each time
    with the ``held`` maneuvers that add most played first, until the group meets
    ``need``. ``free`` sorted by (Magic, profile, kind, id), ``held`` by (kind, id).
    ``finish`` (policy 8): also the Resistance cuts in hand, and the Artist power of the
    free Artists outside the group (each Magic +3 to the group's first Ally), after the
    maneuvers adding at least as much. Returns ``(Magic tied up, group, ((maneuver,
    acting Ally), ...), ((Artist, Ally it gives Magic), ...))``, or ``None`` when no such
    group needs a card or a power (Allies alone get there first) or none gets there."""
    if need <= 0 or not (held or finish):
        return None
    kind = deck.kind
    base, per, cut = deck.maneuvers.base, deck.maneuvers.per, deck.maneuvers.cut
    sk = kind[site]
    # The largest amount an Ally of the group adds playing each card: a "+N versus Y
    # Sites" card (and with finish a Resistance cut) adds the same from any Ally.
    versus = deck.maneuvers.versus
    best = [versus.get((kind[m], sk), 0) + (cut.get(kind[m], 0) if finish else 0)
            for m in held]
    n = len(held)
    actor = [-1] * n
    count = [0] * n  # the group's characters each "for each involved X" card counts
    influence = cost = 0
    for k, a in enumerate(free):
        ak = kind[a]
        influence += magic[a] + deck.site_bonus.get((ak, sk), 0)
        cost += magic[a]
        if influence >= need:
            return None
        for i, m in enumerate(held):
            mk = kind[m]
            b = base.get((mk, ak), 0)
            if b > best[i]:
                best[i], actor[i] = b, a
            elif actor[i] < 0:
                actor[i] = a  # a card adding as much from any Ally: the first one
            if ak in per.get(mk, ()):
                count[i] += 1
        adds = [(-(best[i] * (count[i] if kind[m] in per else 1)), 0, i)
                for i, m in enumerate(held)]
        if finish:
            adds += [(-ARTIST_MAGIC_BONUS, 1, j) for j in range(k + 1, len(free))
                     if deck.artist_power[free[j]]]
        total = influence
        plays = []
        powers = []
        for neg, source, i in sorted(adds):
            if neg >= 0:
                break
            total -= neg
            if source:
                powers.append((free[i], free[0]))
            else:
                plays.append((held[i], actor[i]))
            if total >= need:
                return cost, tuple(free[: k + 1]), tuple(plays), tuple(powers)
    return None


def _won(masks: Sequence[int], variant: Variant) -> bool:
    return dominion_count(masks, variant.border_counts_both) >= variant.dominions_to_win


def choose_ally_actions(
    deck: EngineDeck, cards: Sequence[int], idle: Sequence[int], magic: Sequence[int]
) -> list[tuple[int, int]]:
    """Policy 9: ``(Ally Action, acting Ally)`` pairs to play after the turn's seizures.

    ``cards``: the Ally Actions in hand the autopilot may play (``deck.ally_action_magic``
    above 0); ``idle``: the unpivoted active Allies that did not seize; ``magic``: each
    card's Magic now. The cards adding most first (ties: kind, id), each from the next
    idle Ally that is not a Maestro, least Magic first (ties: profile, kind, id)."""
    return _lasting_pairs(deck, cards, deck.ally_action_magic, idle, magic)


def choose_flashes(
    deck: EngineDeck, cards: Sequence[int], active: Sequence[int], magic: Sequence[int]
) -> list[tuple[int, int]]:
    """Policy 9: ``(Flash, target Ally)`` pairs to play before the turn's seizures.

    ``cards``: the Flashes in hand the autopilot may play (``deck.flash_magic`` above 0);
    ``active``: the unpivoted active Allies; ``magic``: each card's Magic now. The cards
    adding most first (ties: kind, id), each on the next active Ally that is not a
    Maestro, least Magic first (ties: profile, kind, id)."""
    return _lasting_pairs(deck, cards, deck.flash_magic, active, magic)


def _lasting_pairs(
    deck: EngineDeck, cards: Sequence[int], bonus: Sequence[int], allies: Sequence[int],
    magic: Sequence[int],
) -> list[tuple[int, int]]:
    if not cards:
        return []
    kind, profile = deck.kind, deck.profile
    order = sorted(cards, key=lambda c: (-bonus[c], kind[c], c))
    actors = sorted((a for a in allies if not deck.maestro[a]),
                    key=lambda a: (magic[a], profile[a], kind[a], a))
    return list(zip(order, actors, strict=False))


def plan_seizures(
    deck: EngineDeck,
    active: Sequence[int],
    circle: Sequence[int],
    controlled_masks: Sequence[int],
    variant: Variant = STANDARD,
    held: Sequence[int] = (),
    magic: Sequence[int] | None = None,
) -> list[Seizure]:
    """Seizures for this Ally phase, in order (policies 6, 7 and 8); the Allies of a
    seizure's ``powers`` use them just before it.

    ``active``: unpivoted active Allies; ``circle``: Sites in the Circle;
    ``controlled_masks``: Dominion bitmasks of the Autarch's controlled Sites; ``held``:
    the influence maneuvers in hand the autopilot may play (``deck.seizure_maneuver``);
    ``magic``: each card's Magic now, with the "Acting Ally is magic +N" Ally Actions
    attached to it (default ``deck.magic``).
    With no opponent there is no contest and no Path effect, so every planned seizure
    secures its Site (influence >= Resistance, a Maestro alone, or "May hold Y alone").
    """
    masks = list(controlled_masks)
    if _won(masks, variant):
        return []
    sites = sorted(circle)
    plan: list[Seizure] = []
    taken: set[int] = set()
    maestros = sorted((a for a in active if deck.maestro[a]), key=lambda a: (deck.kind[a], a))
    for a in maestros:
        best_key = None
        best_site = -1
        for s in sites:
            if s in taken:
                continue
            g = _victory_gain(masks, deck.dmask[s], variant)
            if g <= 0:
                continue
            key = (g, deck.resistance[s], -deck.kind[s], -s)
            if best_key is None or key > best_key:
                best_key, best_site = key, s
        if best_site < 0:
            break
        plan.append(Seizure(best_site, (a,)))
        taken.add(best_site)
        masks.append(deck.dmask[best_site])
        if _won(masks, variant):
            return plan
    # By Magic, then profile: Allies of one profile are alike in every way a seizure
    # reads, so the plan's profiles depend only on the profiles of the Allies present.
    profile = deck.profile
    magic = deck.magic if magic is None else magic
    free = sorted((a for a in active if not deck.maestro[a]),
                  key=lambda a: (magic[a], profile[a], deck.kind[a], a))
    hand = sorted(held, key=lambda m: (deck.kind[m], m))
    rest = _ally_seizures(deck, free, sites, masks, set(taken), hand, variant, False, magic)
    after = masks + [deck.dmask[p.site] for p in rest]
    if not _won(after, variant) and (any(deck.maneuvers.cut.get(deck.kind[m]) for m in hand)
                                     or any(deck.artist_power[a] for a in free)):
        # Policy 8: "until end of round" help only when it wins this round, tried when
        # one more seizure would win.
        seized = taken | {p.site for p in rest}
        if any(_won(after + [deck.dmask[s]], variant) for s in sites if s not in seized):
            finish = _ally_seizures(deck, free, sites, masks, set(taken), hand, variant, True,
                                    magic)
            if _won(masks + [deck.dmask[p.site] for p in finish], variant):
                return plan + finish
    return plan + rest


def _subset_sums(free: Sequence[int], magic: Sequence[int]) -> list[int]:
    """One subset-sum bitset per prefix: bit v of ``pref[k]`` is set when some subset of
    the first k ``free`` Allies has total Magic v."""
    pref = [1]
    reach = 1
    for a in free:
        reach |= reach << max(0, magic[a])
        pref.append(reach)
    return pref


def _plain_cost(need: int, reach: int, free: Sequence[int], magic: Sequence[int]) -> int | None:
    """The least total Magic of free Allies reaching ``need`` (None: none does)."""
    if need <= 0:
        return magic[free[0]]
    if t := reach >> need:
        return need + (t & -t).bit_length() - 1
    return None


def _group_of_cost(free: Sequence[int], pref: Sequence[int], cost: int,
                   magic: Sequence[int]) -> tuple[int, ...]:
    """The free Allies whose Magic sums to ``cost``, read back from the bitsets."""
    chosen = []
    target = cost
    for k in range(len(free), 0, -1):
        if not (pref[k - 1] >> target) & 1:
            a = free[k - 1]
            chosen.append(a)
            target -= max(0, magic[a])
    chosen.reverse()
    return tuple(chosen)


def _beats(deck: EngineDeck, pick: tuple, best: tuple | None) -> bool:
    """Whether ``pick`` (cost, gain, Site, ...) ties up less Magic per new Dominion than
    ``best``, ties broken by gain, Resistance, kind and id."""
    if best is None:
        return True
    cost, g, s = pick[:3]
    bc, bg, bs = best[:3]
    lhs, rhs = cost * bg, bc * g
    resistance = deck.resistance
    return lhs < rhs or (
        lhs == rhs
        and (-g, resistance[s], deck.kind[s], s) < (-bg, resistance[bs], deck.kind[bs], bs)
    )


def _ally_seizures(
    deck: EngineDeck, free: list[int], sites: Sequence[int], masks0: Sequence[int],
    taken: set[int], hand: list[int], variant: Variant, finish: bool, magic: Sequence[int],
) -> list[Seizure]:
    """Policies 6 and 7 (and 8 when ``finish``) for the Allies that are not Maestros:
    one Site at a time, the least Magic tied up per new Dominion."""
    masks = list(masks0)
    plan: list[Seizure] = []
    plain = not deck.site_bonus and not deck.hold_alone
    resistance, dmask = deck.resistance, deck.dmask
    while free:
        cands = [(s, g) for s in sites if s not in taken
                 and (g := _victory_gain(masks, dmask[s], variant)) > 0]
        if not cands:
            break
        if plain:
            pref = _subset_sums(free, magic)
            reach = pref[-1]
        best_pick = None
        for s, g in cands:
            if plain:
                cost = _plain_cost(resistance[s], reach, free, magic)
                group = None
            else:
                option = _cheapest_group(deck, free, s, resistance[s], magic)
                cost, group = option if option is not None else (None, None)
            plays: tuple[tuple[int, int], ...] = ()
            powers: tuple[tuple[int, int], ...] = ()
            if hand or finish:
                boosted = _boosted_group(deck, free, s, resistance[s], hand, finish, magic)
                if boosted is not None and (cost is None or boosted[0] < cost):
                    cost, group, plays, powers = boosted
            if cost is not None and _beats(deck, (cost, g, s), best_pick):
                best_pick = (cost, g, s, group, plays, powers)
        if best_pick is None:
            break
        cost, _, s, group, plays, powers = best_pick
        if group is None:
            group = (free[0],) if resistance[s] <= 0 else _group_of_cost(free, pref, cost, magic)
        plan.append(Seizure(s, group, plays, powers))
        taken.add(s)
        masks.append(dmask[s])
        used = set(group) | {artist for artist, _ in powers}
        free = [a for a in free if a not in used]
        if plays:
            spent = {m for m, _ in plays}
            hand = [m for m in hand if m not in spent]
        if _won(masks, variant):
            break
    return plan
