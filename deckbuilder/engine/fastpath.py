"""The goldfish game on plain integer arrays: the same rules, fast enough for statistics.

:class:`FastGoldfish` plays exactly the game that :class:`~.goldfish.GoldfishGame`
plays on the full engine with :class:`~.autopilot.GoldfishAutopilot`, and returns the
same :class:`~.goldfish.GoldfishResult` for the same seed (the test suite checks this
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
  examining cards in draw order is examining the hand in order); Allies established to
  the Reserve ("Establishing alliances"); only seizures that secure their Site ("Seize a
  Site", "Securing the Site": no opponent, so no contest; no Paths played); every
  unpivoted reserve forward ("Phase 4: The Reconciliation"; in a goldfish game nothing
  in the Reserve is ever pivoted); victory as in :mod:`.victory` (no Site is ever
  pivoted); "Exhausted Destiny".

What the full engine keeps and this does not: the log, pivot state, cards other than
Characters in hand, and the In Ovo (nothing is discarded in a goldfish game).
"""

from __future__ import annotations

import random

from deckbuilder.engine.deck import CHARACTER, SITE, EngineDeck
from deckbuilder.engine.goldfish import GoldfishResult
from deckbuilder.engine.policy import choose_alliances, choose_circle_sites, plan_seizures
from deckbuilder.engine.setup import OPENING_HAND
from deckbuilder.engine.stalls import stall_reason
from deckbuilder.engine.variant import Variant
from deckbuilder.engine.victory import has_victory

DRAWS_PER_ROUND = 2


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
        bits = []
        for k in range(len(deck.kind_records)):
            b = 0
            for c, kinds in enumerate(deck.condition_kinds):
                if k in kinds:
                    b |= 1 << c
            bits.append(b)
        self.kind_cond_bits = bits

    def play(self, seed: int, rounds: int = 10) -> GoldfishResult:
        """Play one game of ``rounds`` rounds with ``seed`` (see the module doc)."""
        deck = self.deck
        variant = self.variant
        ctype = deck.ctype
        ukey = deck.unique_key
        dmask = deck.dmask
        kind = deck.kind
        cond_bits = self.kind_cond_bits
        allowance = variant.prime_allowance
        rnd = random.Random(seed).random
        pool = list(self.pool0)
        circle = list(self.circle0)
        uniq = set(self.uniq0)
        exhausted = False

        def draw() -> int:
            nonlocal exhausted
            n = len(pool)
            if n == 0:
                return -1
            j = int(rnd() * n)
            card = pool[j]
            pool[j] = pool[-1]
            pool.pop()
            if n == 1:
                exhausted = True
            return card

        # Game Setup: five cards; a hand with no Character is reshuffled once.
        opening = [c for c in (draw() for _ in range(OPENING_HAND)) if c >= 0]
        reshuffled = False
        if not any(ctype[c] == CHARACTER for c in opening):
            reshuffled = True
            pool.extend(opening)
            opening = [c for c in (draw() for _ in range(OPENING_HAND)) if c >= 0]
        new = opening
        hand_chars: list[int] = []
        active: list[int] = []
        masks: list[int] = []
        controlled = 0
        met = 0
        established = 0
        allies_by_round: list[int] = []
        sites_by_round: list[int] = []
        win_round = None
        for rnum in range(1, rounds + 1):
            # Coming of Order: draw two.
            for _ in range(DRAWS_PER_ROUND):
                c = draw()
                if c >= 0:
                    new.append(c)
            # Autarch phase: reveal Sites, each with a replacement draw.
            i = 0
            while i < len(new):
                c = new[i]
                i += 1
                t = ctype[c]
                if t == SITE:
                    u = ukey[c]
                    if u < 0 or u not in uniq:
                        if u >= 0:
                            uniq.add(u)
                        circle.append(c)
                        r = draw()
                        if r >= 0:
                            new.append(r)
                elif t == CHARACTER:
                    hand_chars.append(c)
            new = []
            # Ally phase: establish alliances, then seize.
            if hand_chars:
                chosen, _ = choose_alliances(deck, hand_chars, allowance, controlled, met, uniq)
                for c in chosen:
                    hand_chars.remove(c)
                    u = ukey[c]
                    if u >= 0:
                        uniq.add(u)
                    met |= cond_bits[kind[c]]
                established += len(chosen)
            else:
                chosen = ()
            if active:
                for site, group in plan_seizures(deck, active, circle, masks, variant):
                    circle.remove(site)
                    m = dmask[site]
                    masks.append(m)
                    controlled |= m
                    for a in group:
                        active.remove(a)
            # Reconciliation: reserves forward; victory; Exhausted Destiny.
            active.extend(chosen)
            allies_by_round.append(established)
            sites_by_round.append(len(masks))
            if masks and has_victory(masks, variant):
                win_round = rnum
                break
            if exhausted:
                break
        last = len(allies_by_round)
        allies_by_round += [allies_by_round[-1]] * (rounds - last)
        sites_by_round += [sites_by_round[-1]] * (rounds - last)
        reason = None
        if win_round is None:
            reason = stall_reason(
                [dmask[c] for c in circle], masks, len(active), len(hand_chars), variant
            )
        return GoldfishResult(
            seed=seed,
            rounds=rounds,
            win_round=win_round,
            reshuffled=reshuffled,
            allies_by_round=tuple(allies_by_round),
            sites_by_round=tuple(sites_by_round),
            stall_reason=reason,
            destiny_exhausted=win_round is None and exhausted,
        )
