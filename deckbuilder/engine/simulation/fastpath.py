"""The goldfish game on plain integer arrays: the same rules, fast enough for statistics.

:class:`FastGoldfish` plays exactly the game that :class:`~.goldfish_game.GoldfishGame`
plays on the full engine with :class:`~.autopilot.GoldfishAutopilot`, and returns the
same :class:`~.goldfish_result.GoldfishResult` for the same seed (the test suite checks this
on many seeds and generated decks). It is the same game because:

* it draws with the same generator and the same arithmetic as
  :class:`~.destiny.Destiny` (``int(random() * n)``, last card into the gap), from a
  Destiny built in the same order ("Game Setup": non-Sites in deck order, then the
  Sites not placed), so the same cards come in the same order;
* it makes every decision with the same policy functions (:mod:`.policy`) on the same
  inputs;
* the rules it applies are the ones that can occur in a goldfish game under that
  policy, and they are applied as :class:`~.game.Game` applies them: Sites revealed in
  hand order with a replacement draw each ("Reveal Sites"; in a goldfish game a Site
  that cannot be revealed -- a duplicate of a unique Site in play -- never can be, so
  examining cards in draw order is examining the hand in order); then the turn's
  Dictate when policy 4 plays one ("Draw N cards": its draws join the hand, its Sites
  wait for the next turn's reveals, ahead of that turn's draws as they are in the
  hand; a permanent one that draws every turn stays in play); Allies established to
  the Reserve, in the order the policy gives ("Establishing alliances"); only seizures
  that secure their Site ("Seize a Site", "Securing the Site": no opponent, so no
  contest; no Paths played), with the
  influence maneuvers policy 7 plays ("Influence maneuvers": their Magic bonuses as
  printed, an Ally playing any number of them, and the "+N versus Y Sites" of a
  permanent one toward the Site seized, which its Holders keep; no other effect, so
  only the card's leaving the hand is kept) and the "until end of round" help of
  policy 8 (the Artist power, Resistance cuts: only in the round the Autarch wins, so
  the game ends before the pivoted Artists or the lapsing effects could matter); the
  "Acting Ally is magic +N" Ally Actions of policy 9 after the seizures ("Ally
  Actions": the acting Ally pivots, and unpivots next round; the card stays attached,
  so that Ally's Magic is +N from then on, an Ally profile of its own) and the
  "Target Ally is magic +N" Flashes of policy 9 before the seizures ("Types of Cards:
  Flashes": no action, no pivot; the card stays attached the same way); the Dictates
  of policy 4 that draw at the beginning of every turn (Census of the Dominions: one
  more draw per such card in play, just after the two of "Phase 1: Coming of Order", as
  the engine draws it when the Autarch-phase turn begins); every
  unpivoted reserve forward ("Phase 4: The Reconciliation"; in a goldfish game nothing
  in the Reserve is ever pivoted); victory as in :mod:`.victory` (no Site is ever
  pivoted); "Exhausted Destiny".

Decisions are memoised per deck at the level of card *kinds* (identical records):
the policy's result depends only on the multisets of kinds involved (its ties are
broken by kind before card id, and copies of one kind are identical in every
characteristic), so a cached choice, applied to any copies of the chosen kinds, is the
choice the policy makes. For seizures only Sites that still add a Dominion are keyed
(the policy never seizes the others). In front of those caches, :meth:`play` keeps
the whole state a decision depends on as a few integers, updated as cards move
(multisets of kinds and Ally profiles as sums of powers of two; Dominions, conditions
and unique keys as bitmasks), and looks each decision up by them first: the Characters
in hand with the controlled Dominions, met conditions and unique cards in play that
concern them (and the uncovered Sites' kinds when the deck has Site traits, which an
Ally's worth reads); the active Allies' profiles with the Circle's Site kinds, the
controlled Dominions and the kinds of the influence maneuvers in hand (an Ally with
such an Ally Action or Flash attached counts as its profile plus the number of
profiles times its bonus).

This module is the specification of the compiled core (``_fastcore.c``, chosen by
:func:`.fastcore.make_goldfish`), which plays the same games with the policy's decisions
worked out in C instead of memoised. The decision caches here are bounded
(:data:`CACHE_LIMIT`), so memory stays flat over any number of games.

What the full engine keeps and this does not: the log, pivot state, cards in hand other
than Characters, the influence maneuvers policy 7 may play, the Dictates policy 4 may
play (only the number of cards the permanent ones draw each turn is kept) and the
Ally Actions and Flashes policy 9 may play, the In Ovo (a played card's only effect
there is that it left the hand), the permanent cards attached to Holders (a Holder
never seizes again under the policy, and its Site stays held: a "+N versus Y Sites"
card or an Ally Action's Magic +N keeps counting toward it, and the "until end of
round" effects lapse only after the round the Autarch wins) and those attached to
active Allies (only their Magic bonus is kept, as each card's Magic now).
"""

from __future__ import annotations

import random

from deckbuilder.engine.powers.recognised import ARTIST_MAGIC_BONUS
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.setup import OPENING_HAND
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.rules.victory import has_victory
from deckbuilder.engine.simulation.deck import CHARACTER, SITE, EngineDeck
from deckbuilder.engine.simulation.goldfish_result import GoldfishResult
from deckbuilder.engine.simulation.policy import (
    choose_alliances,
    choose_ally_actions,
    choose_circle_sites,
    choose_dictate,
    choose_flashes,
    plan_seizures,
)
from deckbuilder.engine.simulation.stalls import stall_reason
from deckbuilder.engine.simulation.trace import RoundTrace, sites_by_dominion
from deckbuilder.engine.table.rng import game_seeds

DRAWS_PER_ROUND = 2
#: Entries each decision cache holds; a full cache is emptied (its entries are only
#: memoised policy decisions), so memory stays flat however many games are played.
CACHE_LIMIT = 20_000


def _ally_reach(deck: EngineDeck) -> tuple[list[bool], list[int]]:
    """Per card: whether it may hold some Site of the deck alone, and the most it can add
    to a seizure as an active Ally (its Magic and best "+N versus Y Sites", or the Artist
    power's Magic +3 given to another)."""
    site_kinds = [k for k, r in enumerate(deck.kind_records) if r.card_type.value == "Site"]
    n = len(deck)
    can_alone = [
        deck.maestro[c] or any((deck.kind[c], sk) in deck.hold_alone for sk in site_kinds)
        for c in range(n)
    ]
    max_influence = [
        max(deck.magic[c] + max([0] + [deck.site_bonus.get((deck.kind[c], sk), 0)
                                       for sk in site_kinds]),
            ARTIST_MAGIC_BONUS if deck.artist_power[c] else 0)
        for c in range(n)
    ]
    return can_alone, max_influence


def _ambiguous_unique(deck: EngineDeck) -> set[int]:
    """Unique names carried by cards of more than one kind in the deck."""
    names_of: dict[int, set[int]] = {}
    for c in range(len(deck)):
        if deck.unique_key[c] >= 0:
            names_of.setdefault(deck.unique_key[c], set()).add(deck.kind[c])
    return {u for u, kinds in names_of.items() if len(kinds) > 1}


class FastGoldfish:
    """Goldfish games of one deck under one variant. :meth:`play` plays one game."""

    def __init__(self, deck: EngineDeck, variant: Variant | None = None):
        self.deck = deck
        self.variant = variant or Variant()
        n = len(deck)
        self.circle0 = list(choose_circle_sites(deck, self.variant))
        placed = set(self.circle0)
        self.pool0 = [i for i in range(n) if deck.ctype[i] != SITE] + [
            i for i in range(n) if deck.ctype[i] == SITE and i not in placed
        ]
        self.uniq0 = {deck.unique_key[c] for c in self.circle0 if deck.unique_key[c] >= 0}
        self.kind_cond_bits = [sum(1 << c for c, kinds in enumerate(deck.condition_kinds)
                                   if k in kinds) for k in range(len(deck.kind_records))]
        # An active Ally's *profile* (EngineDeck.profile): once an Ally is in play its
        # kind already counts for uniqueness and "Allies for -N if" conditions, Holder or
        # not, so in a goldfish game two Allies of one profile are interchangeable for the
        # rest of the game: seizure plans are keyed on profiles.
        self.profile = list(deck.profile)
        self.can_alone, self.max_influence = _ally_reach(deck)
        self.ambiguous_unique = _ambiguous_unique(deck)
        # Prime when brought into play, for cards with no "Allies for -N if" (else -1).
        self.fixed_prime = [
            -1 if deck.allies_for[c] else max(0, deck.prime[c]) for c in range(n)
        ]
        self.card_conditions = [
            sum(1 << cond for _, cond in deck.allies_for[c]) for c in range(n)
        ]
        # Multisets as integers, for cache keys kept without sorting: a multiset of
        # values v (each present fewer than 2**width times) is the sum of 2**(width*v).
        width = max(1, n.bit_length())
        self.kind_weight = [1 << (width * deck.kind[c]) for c in range(n)]
        self.profile_weight = [1 << (width * p) for p in self.profile]
        # An Ally with an "Acting Ally is magic +N" Ally Action or a "Target Ally is magic
        # +N" Flash attached (policy 9) seizes as profile + profiles * (N total): a profile
        # of its own.
        self.profiles = max(self.profile, default=0) + 1
        self.width = width
        self.unique_bit = [0 if u < 0 else 1 << u for u in deck.unique_key]
        self.uniq_bits0 = sum(1 << u for u in self.uniq0)
        self.circle_kinds0 = sum(self.kind_weight[c] for c in self.circle0)
        self._alliance_cache: dict[tuple, tuple[tuple[int, ...], bool]] = {}
        # Whole-state decision caches of play(), in front of the two above.
        self._hand_cache: dict[tuple, tuple[int, ...]] = {}
        self._circle_cache: dict[tuple, tuple[tuple[int, tuple[int, ...]], ...]] = {}
        self._seizure_cache: dict[tuple, tuple[tuple[int, tuple[int, ...]], ...]] = {}

    def _alliances(self, hand_chars, controlled, met, uniq, sites, sites_key):
        """The policy's alliances as ``(kinds in order, exception used)``. ``sites``: the
        Circle's Sites of a Dominion not yet controlled; ``sites_key``: what of them
        concerns the choice (their kinds' multiset when the deck has "+N versus Y
        Sites" or "May hold Y alone", else ``None``)."""
        deck = self.deck
        ukey = deck.unique_key
        fixed = self.fixed_prime
        allowance = self.variant.prime_allowance
        if len(hand_chars) == 1:
            # choose_alliances with one candidate, worked out: it enters for its Prime
            # (>= 1) if that fits, else by the exception if its Dominion is controlled.
            c = hand_chars[0]
            if ukey[c] in uniq:
                return (), False
            p = fixed[c]
            if p < 0:
                p = deck.effective_prime(c, met)
            if 1 <= p <= allowance:
                return (deck.kind[c],), False
            if p > allowance:
                return ((deck.kind[c],), True) if deck.dmask[c] & controlled else ((), False)
        # Characters that cannot enter (a unique card in play; Prime over the allowance,
        # even with every reduction the hand's Characters could bring, and no controlled
        # Site of their Dominion) cannot change the choice.
        # (A unique name shared by two different records keeps them all: the policy
        # keeps only the first of such a pair.)
        ambiguous = self.ambiguous_unique
        dmask = deck.dmask
        card_conditions = self.card_conditions
        kind_weight = self.kind_weight
        relevant = []
        doms = 0
        conds = 0
        kinds = 0  # the multiset of the relevant Characters' kinds
        met_all = met
        for c in hand_chars:
            met_all |= self.kind_cond_bits[deck.kind[c]]
        for c in hand_chars:
            u = ukey[c]
            if u in uniq:
                continue
            p = fixed[c]
            if p < 0:
                p = deck.effective_prime(c, met_all)
            if p <= allowance or dmask[c] & controlled or u in ambiguous:
                relevant.append(c)
                doms |= dmask[c]
                conds |= card_conditions[c]
                kinds += kind_weight[c]
        if not relevant:
            return (), False
        key = (kinds, controlled & doms, met & conds, sites_key)
        cached = self._alliance_cache.get(key)
        if cached is None:
            chosen, exception = choose_alliances(deck, relevant, allowance, controlled, met,
                                                 uniq, sites)
            cached = (tuple(deck.kind[c] for c in chosen), exception)
            if len(self._alliance_cache) >= CACHE_LIMIT:
                self._alliance_cache.clear()
            self._alliance_cache[key] = cached
        return cached

    def _attach(self, pairs, bonus, cards, magic, profile, profile_weight):
        """Policy 9: each ``(card, Ally)`` pair's card leaves ``cards`` (the hand's) and its
        Ally carries the card's lasting Magic ``bonus`` from now on, seizing as a profile
        of its own (profile + profiles * N). ``magic``, ``profile`` and
        ``profile_weight`` are copied first if they are still the deck's, then updated.
        Returns them, the Magic added and the change in the multiset of the active
        Allies' profiles."""
        if magic is self.deck.magic:
            magic, profile, profile_weight = list(magic), profile[:], profile_weight[:]
        delta = added = 0
        for card, ally in pairs:
            cards.remove(card)
            b = bonus[card]
            added += b
            magic[ally] += b
            delta -= profile_weight[ally]
            profile[ally] += self.profiles * b
            profile_weight[ally] = 1 << (self.width * profile[ally])
            delta += profile_weight[ally]
        return magic, profile, profile_weight, added, delta

    def _seizures(self, active, active_profiles, active_alone, active_reach,
                  circle, masks, covered, held, held_kinds, magic, profile):
        """The policy's seizures as ``(Site kind, Ally profiles, maneuver kinds)``.

        ``active_profiles``: the multiset of the active Allies' profiles (see
        ``profile_weight``); ``active_alone``/``active_reach``: how many of them are
        Maestros or may hold some Site alone, and their total best influence; ``held``:
        the influence maneuvers in hand the policy may play, ``held_kinds`` their kinds'
        multiset; ``magic``/``profile``: each card's Magic and profile now (policy 9).
        """
        deck = self.deck
        dmask, resistance, kind_weight = deck.dmask, deck.resistance, self.kind_weight
        useful = []
        sites = 0  # the multiset of the useful Sites' kinds
        least = 1 << 30
        if self.variant.border_counts_both:
            # Only Sites that still add a Dominion.
            for s in circle:
                if dmask[s] & ~covered:
                    useful.append(s)
                    sites += kind_weight[s]
                    if resistance[s] < least:
                        least = resistance[s]
            state_key: object = covered
        else:
            useful = circle
            for s in circle:
                sites += kind_weight[s]
                if resistance[s] < least:
                    least = resistance[s]
            state_key = tuple(sorted(masks))
        if not useful:
            return ()
        # No Maestro, no "May hold Y alone", no maneuver in hand and even all together too
        # little influence (Magic plus the largest "+N versus Y Sites") for any needed
        # Site: no seizure.
        if not active_alone and active_reach < least and not held:
            return ()
        key = (active_profiles, sites, state_key, held_kinds)
        cached = self._seizure_cache.get(key)
        if cached is None:
            kind = deck.kind
            plan = plan_seizures(deck, active, useful, masks, self.variant, held, magic)
            # (Artist powers only occur in the round the Autarch wins: nothing to apply.)
            cached = tuple((kind[s], tuple(profile[a] for a in g), tuple(kind[m] for m, _ in p))
                           for s, g, p, _ in plan)
            if len(self._seizure_cache) >= CACHE_LIMIT:
                self._seizure_cache.clear()
            self._seizure_cache[key] = cached
        return cached

    def play(
        self, seed: int, rounds: int = 10, trace: list[RoundTrace] | None = None
    ) -> GoldfishResult:
        """Play one game of ``rounds`` rounds with ``seed`` (see the module doc).

        ``trace``: if given, a :class:`~.trace.RoundTrace` is appended to it per round
        played (the hand counted as every card drawn less Sites revealed, Allies
        established and maneuvers played, since only some cards in hand are kept).

        Each draw below is :meth:`.destiny.Destiny.draw` written out in place:
        ``j = int(random() * n)``, take ``pool[j]``, move the last card into slot ``j``
        (the Destiny is ``pool[:n]``; slots from ``n`` on are stale and never read).
        """
        deck = self.deck
        ctype = deck.ctype
        ukey = deck.unique_key
        dmask = deck.dmask
        kind = deck.kind
        site_type, character_type = SITE, CHARACTER
        playable = self.deck.seizure_maneuver
        site_traits = bool(deck.site_bonus or deck.hold_alone)
        cond_bits = self.kind_cond_bits
        alliances = self._alliances
        seizures = self._seizures
        profile = self.profile
        profile_weight = self.profile_weight
        magic = deck.magic  # copied on the first Ally Action or Flash played (policy 9)
        action_magic = deck.ally_action_magic
        flash_bonus = deck.flash_magic
        rnd = random.Random(seed).random
        pool = self.pool0[:]
        n = len(pool)
        circle = self.circle0[:]
        uniq = set(self.uniq0)
        exhausted = False
        # Running totals for a cheap "no seizure possible" test (see _seizures): the
        # active Allies' best influence and Maestro/hold-alone count, and the lowest
        # Resistance in the Circle; and the multiset of their profiles (a cache key).
        resistance = deck.resistance
        max_influence, can_alone = self.max_influence, self.can_alone
        active_reach = 0
        active_alone = 0
        active_profiles = 0
        # Characters in hand: the multiset of their kinds, and their Dominions, "Allies
        # for -N if" conditions and unique keys as bitmasks; unique keys in play too.
        kind_weight = self.kind_weight
        card_conditions, unique_bit = self.card_conditions, self.unique_bit
        hand_kinds = hand_doms = hand_conds = hand_unique = 0
        uniq_bits = self.uniq_bits0
        circle_kinds = self.circle_kinds0
        hand_decisions, site_decisions = self._hand_cache, self._circle_cache
        min_res = min([resistance[s] for s in circle])

        # Game Setup: five cards; a hand with no Character is reshuffled once.
        # Each draw below is written out in place, as Destiny.draw does it: this loop is
        # the pure-Python core's hot path, run for every card of every game.
        new = []
        for _ in range(OPENING_HAND):
            if n:
                j = int(rnd() * n)
                n -= 1
                new.append(pool[j])
                pool[j] = pool[n]
                if not n:
                    exhausted = True
        reshuffled = False
        if character_type not in [ctype[c] for c in new]:
            reshuffled = True
            pool[n:] = new
            n = len(pool)
            new = []
            for _ in range(OPENING_HAND):
                if n:
                    j = int(rnd() * n)
                    n -= 1
                    new.append(pool[j])
                    pool[j] = pool[n]
                    if not n:
                        exhausted = True
        hand_chars: list[int] = []
        held: list[int] = []  # influence maneuvers in hand the policy may play
        held_kinds = 0  # their kinds' multiset
        played = 0  # maneuvers and Dictates played from hand
        dictates: list[int] = []  # Dictates in hand the policy may play
        actions: list[int] = []  # Ally Actions in hand the policy may play
        flashes: list[int] = []  # Flashes in hand the policy may play
        waiting: list[int] = []  # Sites a Dictate drew: revealed next turn
        dictate_draws = deck.dictate_draws
        turn_draws = deck.turn_draws
        census = 0  # cards drawn each turn by the Dictates in play (policy 4)
        active: list[int] = []
        masks: list[int] = []
        controlled = 0
        met = 0
        established = 0
        allies_by_round: list[int] = []
        sites_by_round: list[int] = []
        win_round = None
        standard = self.variant.border_counts_both
        to_win = self.variant.dominions_to_win
        for rnum in range(1, rounds + 1):
            # Coming of Order: draw two; then, at the beginning of the Autarch-phase turn,
            # the draws of the Dictates in play that draw every turn (policy 4).
            for _ in range(DRAWS_PER_ROUND + census):
                if n:
                    j = int(rnd() * n)
                    n -= 1
                    new.append(pool[j])
                    pool[j] = pool[n]
                    if not n:
                        exhausted = True
            # Autarch phase: reveal Sites in hand order, each with a replacement draw; then
            # the turn's Dictate: the cards it draws join the hand, its Sites wait.
            i = 0
            revealing = True
            while True:
                while i < len(new):  # the list grows: replacements join the hand
                    c = new[i]
                    i += 1
                    t = ctype[c]
                    if t == site_type:
                        u = ukey[c]
                        if not revealing:
                            waiting.append(c)
                        elif u < 0 or u not in uniq:
                            if u >= 0:
                                uniq.add(u)
                                uniq_bits |= 1 << u
                            circle.append(c)
                            circle_kinds += kind_weight[c]
                            if resistance[c] < min_res:
                                min_res = resistance[c]
                            if n:
                                j = int(rnd() * n)
                                n -= 1
                                new.append(pool[j])
                                pool[j] = pool[n]
                                if not n:
                                    exhausted = True
                    elif t == character_type:
                        hand_chars.append(c)
                        hand_kinds += kind_weight[c]
                        hand_doms |= dmask[c]
                        hand_conds |= card_conditions[c]
                        hand_unique |= unique_bit[c]
                    elif playable[c]:
                        held.append(c)
                        held_kinds += kind_weight[c]
                    elif dictate_draws[c] or turn_draws[c]:
                        dictates.append(c)
                    elif action_magic[c]:
                        actions.append(c)
                    elif flash_bonus[c]:
                        flashes.append(c)
                if not revealing or not dictates:
                    break
                revealing = False
                d = choose_dictate(deck, dictates, n)
                if d is None:
                    break
                dictates.remove(d)
                played += 1
                census += turn_draws[d]
                for _ in range(dictate_draws[d]):
                    if n:
                        j = int(rnd() * n)
                        n -= 1
                        new.append(pool[j])
                        pool[j] = pool[n]
                        if not n:
                            exhausted = True
            new = waiting
            waiting = []
            # Ally phase: establish alliances, then seize.
            chosen = []
            if hand_chars:
                # The alliances depend only on this key (see _alliances).
                uncovered = [s for s in circle if dmask[s] & ~controlled]
                sites_key = sum(kind_weight[s] for s in uncovered) if site_traits else None
                key = (hand_kinds, controlled & hand_doms, met & hand_conds,
                       uniq_bits & hand_unique, sites_key)
                kinds = hand_decisions.get(key)
                if kinds is None:
                    if len(hand_decisions) >= CACHE_LIMIT:
                        hand_decisions.clear()
                    kinds = hand_decisions[key] = alliances(
                        hand_chars, controlled, met, uniq, uncovered, sites_key)[0]
                for k in kinds:
                    for c in hand_chars:
                        if kind[c] == k:
                            break
                    chosen.append(c)
                    hand_chars.remove(c)
                    hand_kinds -= kind_weight[c]
                    u = ukey[c]
                    if u >= 0:
                        uniq.add(u)
                        uniq_bits |= 1 << u
                    met |= cond_bits[k]
                if kinds:
                    established += len(kinds)
                    hand_doms = hand_conds = hand_unique = 0
                    for c in hand_chars:
                        hand_doms |= dmask[c]
                        hand_conds |= card_conditions[c]
                        hand_unique |= unique_bit[c]
            if flashes and active:
                # Policy 9: the Flashes' lasting Magic bonus, before the seizures.
                pairs = choose_flashes(deck, flashes, active, magic)
                if pairs:
                    magic, profile, profile_weight, added, moved = self._attach(
                        pairs, flash_bonus, flashes, magic, profile, profile_weight)
                    active_reach += added
                    active_profiles += moved
                    played += len(pairs)
            if active and (held or active_alone or active_reach >= min_res):
                # The seizures depend only on this key (see _seizures).
                key = (active_profiles, circle_kinds, held_kinds,
                       controlled if standard else tuple(sorted(masks)))
                plan = site_decisions.get(key)
                if plan is None:
                    if len(site_decisions) >= CACHE_LIMIT:
                        site_decisions.clear()
                    plan = site_decisions[key] = seizures(
                        active, active_profiles, active_alone, active_reach,
                        circle, masks, controlled, held, held_kinds, magic, profile)
                if plan:
                    for site_kind, group, maneuvers in plan:
                        for site in circle:
                            if kind[site] == site_kind:
                                break
                        circle.remove(site)
                        circle_kinds -= kind_weight[site]
                        m = dmask[site]
                        masks.append(m)
                        controlled |= m
                        for t in group:
                            for a in active:
                                if profile[a] == t:
                                    break
                            active.remove(a)
                            active_reach -= max_influence[a] + magic[a] - deck.magic[a]
                            active_alone -= can_alone[a]
                            active_profiles -= profile_weight[a]
                        for mk in maneuvers:
                            for m in held:
                                if kind[m] == mk:
                                    break
                            held.remove(m)
                            held_kinds -= kind_weight[m]
                        played += len(maneuvers)
                    min_res = min([resistance[s] for s in circle], default=1 << 30)
            if actions and active and not (masks and (
                controlled.bit_count() >= to_win if standard else has_victory(masks, self.variant)
            )):
                # Policy 9: the idle Allies' lasting Magic bonus, a profile of their own.
                pairs = choose_ally_actions(deck, actions, active, magic)
                if pairs:
                    magic, profile, profile_weight, added, moved = self._attach(
                        pairs, action_magic, actions, magic, profile, profile_weight)
                    active_reach += added
                    active_profiles += moved
                    played += len(pairs)
            # Reconciliation: reserves forward; victory; Exhausted Destiny.
            if chosen:
                active += chosen
                for c in chosen:
                    active_reach += max_influence[c]
                    active_alone += can_alone[c]
                    active_profiles += profile_weight[c]
            allies_by_round.append(established)
            sites_by_round.append(len(masks))
            if trace is not None:
                revealed = len(circle) + len(masks) - len(self.circle0)
                trace.append(RoundTrace(rnum,
                                        len(self.pool0) - n - revealed - established - played,
                                        established, sites_by_dominion(masks), n))
            if masks and (
                controlled.bit_count() >= to_win if standard else has_victory(masks, self.variant)
            ):
                win_round = rnum
                break
            if exhausted:
                break
        last = len(allies_by_round)
        if last < rounds:
            allies_by_round += [allies_by_round[-1]] * (rounds - last)
            sites_by_round += [sites_by_round[-1]] * (rounds - last)
        reason = None
        if win_round is None:
            reason = stall_reason(
                [dmask[c] for c in circle], masks, len(active), len(hand_chars), self.variant
            )
        return GoldfishResult(
            seed,
            rounds,
            win_round,
            reshuffled,
            tuple(allies_by_round),
            tuple(sites_by_round),
            reason,
            win_round is None and exhausted,
        )

    def tally(self, acc, master_seed: int, start: int, stop: int, rounds: int) -> None:
        """Play games ``start .. stop - 1`` of a run with ``master_seed`` (game ``i`` uses
        :func:`~.rng.game_seed` ``(master_seed, i)``) and add each to ``acc`` (a
        :class:`~.goldfish.StatsAccumulator`)."""
        add, play = acc.add, self.play
        for game in game_seeds(master_seed, start, stop):
            add(play(game, rounds))

    def win_rounds(self, master_seed: int, start: int, stop: int, rounds: int) -> bytes:
        """The victory round (0 for none) of games ``start .. stop - 1``, one byte each,
        seeded as in :meth:`tally`. ``rounds`` at most 127."""
        if not 0 < rounds <= 127:
            raise EngineError("win_rounds: rounds must be between 1 and 127")
        play = self.play
        return bytes(play(game, rounds).win_round or 0
                     for game in game_seeds(master_seed, start, stop))
