"""Fair determinizations: imagined tables dealt only from what one Autarch could know.

An information-set search imagines many complete tables consistent with what its
Autarch has seen, and plays on those. What the Autarch cannot see ("Game Layout",
"Game Setup", "Paths"; the same cards :class:`~deckbuilder.engine.game.public_view.PublicView`
hides): each rival's hand, its Destiny, its Sites separated at setup and its Paths lying
face down. What it may use to deal them again:

* the **catalogue**: the cards a player could own (by default the bundled catalogue,
  :func:`card_db.checklist.load_bundled_records`), never a rival's deck list;
* the **cards seen so far**: each copy a rival has shown (in play, In Ovo, removed)
  makes that card likelier in its hidden cards (:data:`SEEN_WEIGHT`), as a player
  expects a deck to hold more copies of what it has shown;
* the **zone sizes** (hand, Destiny, Paths on each Site: public counts) and the
  **deck construction rules** ("Deck Construction": only one of any specific Path, so
  a rival's hidden Paths differ from each other and from those it has shown; Paths face
  down lie on a Site of their Dominion, "Play Paths"; cards separated at setup are Sites).

Which hidden card ids go to which zone is dealt again too (from the sorted set of the
rival's hidden ids), so nothing of the real arrangement survives; every Destiny, the
Autarch's own included, draws from a fresh generator seeded from the searcher's own
random numbers, never the game's. The result depends only on the public table, the
Autarch's own cards, the catalogue and the searcher's generator:
``tests/test_search_fairness.py`` re-deals a rival's hidden cards from another deck list
and checks that no decision changes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate

from card_db.records import CardRecord, CardType
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.powers.turn_effects import timed_effects
from deckbuilder.engine.rules.paths import path_fits_site
from deckbuilder.engine.search.clone import clone

#: Weight of each copy of a card a rival has shown, against 1 for every catalogue card.
#: 20 was measured too (``docs/computer-opponents.md``, "Why the expert loses to
#: strong"): no better over 80 seeded games against strong, so it stays 4.
SEEN_WEIGHT = 4.0


@lru_cache(maxsize=1)
def bundled_catalogue() -> tuple[CardRecord, ...]:
    """The bundled catalogue (rulebook cards, then the demo set): the default pool."""
    # lazy: reading the bundled card files costs start-up time; only searches need it
    from card_db.checklist import load_bundled_records

    return tuple(load_bundled_records())


class _RivalDeal:
    """How to deal one rival's hidden cards (built once per decision)."""

    def __init__(self, game: Game, view: PublicView, seat: int,
                 catalogue: Sequence[CardRecord]):
        s = game.table
        a = s.autarchs[seat]
        self.seat = seat
        owned = [c for c in range(len(s.cards)) if s.owners[c] == seat]
        shown = [s.cards[c] for c in owned if view.visible(c)]
        self.hidden = sorted(c for c in owned if not view.visible(c))
        self.hand_size = len(a.hand)
        self.set_aside = len(a.set_aside)
        self.slots = sorted((site, i) for site, stack in s.paths.items()
                            for i, p in enumerate(stack) if s.owners[p] == seat)
        copies = Counter(r.name for r in shown)
        pool: dict[str, CardRecord] = {r.name: r for r in catalogue}
        for r in shown:
            pool.setdefault(r.name, r)
        names = sorted(pool)
        shown_paths = {r.name for r in shown if r.card_type is CardType.PATH}
        self.records = [pool[n] for n in names
                        if not (pool[n].card_type is CardType.PATH and n in shown_paths)]
        weights = [1.0 + SEEN_WEIGHT * copies[r.name] for r in self.records]
        self.cum = list(accumulate(weights))
        self.paths = [r for r in self.records if r.card_type is CardType.PATH]
        self.others = [r for r in self.records if r.card_type is not CardType.PATH]
        self.sites = [r for r in self.records if r.card_type is CardType.SITE]

    def deal(self, game: Game, cards: list[CardRecord], rng: random.Random) -> None:
        """Re-deal this rival's hidden cards into ``game`` (a copy) and ``cards``."""
        s = game.table
        a = s.autarchs[self.seat]
        ids = list(self.hidden)
        rng.shuffle(ids)
        used_paths: set[str] = set()
        k = self.hand_size
        a.hand[:] = ids[:k]
        for site, i in self.slots:
            card = ids[k]
            k += 1
            srec = cards[site]
            fits = [r for r in self.paths if r.name not in used_paths
                    and path_fits_site(r, srec)]
            rec = rng.choice(fits or self.paths or self.others)
            used_paths.add(rec.name)
            s.paths[site][i] = card
            cards[card] = rec
        aside = ids[k:k + self.set_aside]
        a.set_aside[:] = aside
        for card in aside:
            cards[card] = rng.choice(self.sites or self.others)
        k += self.set_aside
        rest = ids[k:]
        a.destiny.cards[:] = rest
        drawn = rng.choices(self.records, cum_weights=self.cum, k=len(a.hand) + len(rest))
        for card, rec in zip(a.hand + rest, drawn, strict=True):
            if rec.card_type is CardType.PATH:
                if rec.name in used_paths:
                    rec = rng.choice(self.others)
                used_paths.add(rec.name)
            cards[card] = rec


class Dealer:
    """Deals fair determinizations of ``game`` for the Autarch in ``seat`` (module doc).

    Build one per decision (it reads what is visible now), then call :meth:`world`
    once per imagined table. ``catalogue``: the cards a player could own (default: the
    bundled catalogue)."""

    def __init__(self, game: Game, seat: int, catalogue: Sequence[CardRecord] | None = None):
        self.game = game
        self.seat = seat
        view = PublicView(game, seat)
        catalogue = bundled_catalogue() if catalogue is None else catalogue
        self.rivals = [_RivalDeal(game, view, a.seat, catalogue)
                       for a in game.table.autarchs if a.seat != seat]

    def world(self, rng: random.Random) -> Game:
        """One imagined table: a copy of the game with every hidden card dealt again and
        a fresh generator for its Destinies and random choices."""
        g = clone(self.game, rng=random.Random(rng.getrandbits(64)))
        cards = list(g.table.cards)
        for deal in self.rivals:
            deal.deal(g, cards, rng)
        s = g.table
        s.cards = tuple(cards)
        hidden = {c for d in self.rivals for c in d.hidden}
        if s.altered:
            s.altered = {c: r for c, r in s.altered.items() if c not in hidden}
        g._any_timed = any(timed_effects(r) for r in cards)
        return g
