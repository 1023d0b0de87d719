"""The game's state and what every phase uses: the table, the log, the turn, the card
records as effects leave them, the Magic and Strength in play, holding a Site, and
removing cards ("Damage Outside of Challenges", "Discarding", "Losing Controlled
Sites", "Remove from Game").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from card_db.names import fold_name
from card_db.records import CardRecord
from deckbuilder.engine.game.played_effects import PlayedEffects
from deckbuilder.engine.powers.maneuvers import (
    MAGIC,
    STRENGTH,
    stat_bonus,
)
from deckbuilder.engine.powers.site_traits import (
    seizing_bonus,
)
from deckbuilder.engine.powers.turn_effects import timed_effects
from deckbuilder.engine.rules import alliances
from deckbuilder.engine.rules.cards import (
    dominion_mask,
    is_character,
    resistance,
)
from deckbuilder.engine.rules.challenge import (
    versus_bonus,
)
from deckbuilder.engine.rules.errors import EngineError, RuleError
from deckbuilder.engine.rules.influence import meets_resistance, site_bonus, total_influence
from deckbuilder.engine.rules.last_call import LastCall
from deckbuilder.engine.rules.record_cache import per_record
from deckbuilder.engine.rules.revision import CURRENT, RulesRevision
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.table.destiny import Destiny
from deckbuilder.engine.table.rng import make_rng
from deckbuilder.engine.table.zones import Autarch, SecuredSite, Table

SETUP = "Game Setup"
COMING_OF_ORDER = "Coming of Order"
AUTARCH_PHASE = "Autarch Phase"
ALLY_PHASE = "Ally Phase"
RECONCILIATION = "Reconciliation"
DRAWS_PER_ROUND = 2

#: contest provider: (game, contesting seat, seizing seat, site, seizing Allies) -> characters
ContestProvider = Callable[["GameCore", int, int, int, Sequence[int]], Sequence[int]]
#: defend provider: (game, defending seat, target, challengers) -> defenders
DefendProvider = Callable[["GameCore", int, int, Sequence[int]], Sequence[int]]
#: counter provider: (game, card played, target) -> (seat, countering Ally) or None
CounterProvider = Callable[["GameCore", int, int | None], tuple[int, int] | None]
#: maneuver provider: (game, seat, its involved characters, opposing characters)
#: -> maneuver cards from that seat's hand per involved character
ManeuverProvider = Callable[["GameCore", int, Sequence[int], Sequence[int]],
                            Mapping[int, Sequence[int]]]
#: damage provider: (game, victor's seat, damage, the losing side's characters)
#: -> damage per character, or None for the default assignment
DamageProvider = Callable[["GameCore", int, int, Sequence[int]], Mapping[int, int] | None]
#: last call provider (:mod:`.last_call`): (game, seat asked, the call) -> None; the seat
#: plays its Flashes while asked
LastCallProvider = Callable[["GameCore", int, LastCall], None]



@per_record
def _deck_has_timed(deck: Sequence[CardRecord]) -> bool:
    """True if some card of ``deck`` has an "at the beginning/end of a turn" effect."""
    return any(timed_effects(r) for r in deck)


@dataclass(slots=True)
class Turn:
    """What the Autarch whose turn it is has done this turn."""

    seat: int
    phase: str
    dictate_used: bool = False
    allowance: alliances.AllowanceTracker | None = None
    actions_started: bool = False
    idled: set[int] = field(default_factory=set)
    #: Allies that took their one action this turn (ruling ``one-action-per-turn``)
    acted: set[int] = field(default_factory=set)



class GameCore(PlayedEffects):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def __init__(
        self,
        decks: Sequence[Sequence[CardRecord]],
        seed: int = 0,
        variant: Variant | None = None,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        rules: RulesRevision | None = None,
    ):
        if not decks:
            raise EngineError("a game needs at least one Autarch")
        self.rng = rng if rng is not None else make_rng(seed)
        cards: list[CardRecord] = []
        owners: list[int] = []
        autarchs = []
        for seat, deck in enumerate(decks):
            ids = list(range(len(cards), len(cards) + len(deck)))
            cards.extend(deck)
            owners.extend([seat] * len(deck))
            name = names[seat] if names else f"Autarch {seat + 1}"
            autarchs.append(Autarch(seat, name, Destiny(ids, self.rng)))
        self.table = Table(
            cards=tuple(cards),
            owners=tuple(owners),
            autarchs=autarchs,
            variant=variant or Variant(),
        )
        self.log: list[str] = []
        self.turn: Turn | None = None
        self._any_timed = any(
            _deck_has_timed(d) if isinstance(d, tuple) else _deck_has_timed.__wrapped__(d)
            for d in decks)
        self.established: list[int] = [0] * len(decks)
        self._placements: list[tuple[int, int]] = []
        #: where the sequence of play stands (:mod:`.flow`); ``None`` until started
        self.flow = None
        #: how many counters are being offered for countering now (ruling
        #: ``counter-chains``): 0 when the card offered is not itself a counter
        self.countering_depth = 0
        #: the rules revision the game is played under (:mod:`~..rules.revision`)
        self.rules = rules or CURRENT

    def record(self, card: int) -> CardRecord:
        """The card's record as effects leave it (affiliations gained, powers lost:
        :meth:`refresh_altered`), else the printed one."""
        altered = self.table.altered
        if altered and card in altered:
            return altered[card]
        return self.table.cards[card]

    def name(self, card: int) -> str:
        return self.table.cards[card].name

    def autarch(self, seat: int) -> Autarch:
        return self.table.autarchs[seat]

    def _say(self, text: str) -> None:
        s = self.table
        where = SETUP if s.phase == SETUP else f"Round {s.round}, {s.phase}"
        self.log.append(f"{where}: {text}")

    def _who(self, seat: int) -> str:
        return self.table.autarchs[seat].name

    def _names(self, cards: Sequence[int]) -> str:
        return ", ".join(self.name(c) for c in cards) if cards else "nothing"

    def _draw(self, seat: int) -> int | None:
        a = self.autarch(seat)
        card = a.destiny.draw()
        if card is not None:
            a.hand.append(card)
            if a.destiny.exhausted:
                self._say(f"{a.name} draws the last card of the Destiny (Exhausted Destiny).")
        return card

    def controller_of(self, card: int) -> int | None:
        """Seat of the Autarch whose Realm holds ``card``, or ``None``."""
        for a in self.table.autarchs:
            r = a.realm
            if card in r.active or card in r.reserve:
                return a.seat
            for entry in r.state:
                if card == entry.site or card in entry.holders:
                    return a.seat
        return None

    def unique_names_in_play(self) -> set[str]:
        """Folded names of unique cards in play, in any Autarch's Realm or the Circle."""
        return {
            fold_name(self.record(c).name) for c in self.table.in_play() if self.record(c).unique
        }

    def controlled_site_mask(self, seat: int) -> int:
        mask = 0
        for entry in self.autarch(seat).realm.state:
            mask |= dominion_mask(self.record(entry.site))
        return mask

    def current_resistance(self, site: int) -> int:
        """Resistance with "until end of round" modifiers (e.g. General Rosengarten)."""
        return resistance(self.record(site)) + self.table.resistance_mods.get(site, 0)

    def magic_mod(self, card: int, involved: Sequence[int] = ()) -> int:
        """Magic modifiers in force on ``card``: "until end of round" effects plus the
        permanents attached to it ("Permanents and Instants"). ``involved``: the
        controller's involved characters, for "for each involved X you control"."""
        return self.table.magic_mods.get(card, 0) + self._lasting(card, MAGIC, involved)

    def strength_mod(self, card: int, involved: Sequence[int] = (), defending: bool = False) -> int:
        """Strength modifiers of the permanents attached to ``card``, of "until end of
        round" effects and of its controller's "Your X are strength +N" permanents
        (``defending``: for "while defending"). They change the Strength characteristic
        (ruling ``maneuver-strength``)."""
        s = self.table
        return (self._lasting(card, STRENGTH, involved) + s.strength_mods.get(card, 0)
                + self.side_strength(card, defending))

    def attached_versus(self, card: int, opponents: Sequence[int] = (),
                        site: int | None = None) -> int:
        """"+N versus X" / "+N versus Y Sites" printed on permanents attached to ``card``
        (Duelist's Cloak, Silver Tongue): against ``opponents`` in a challenge, or toward
        ``site`` in a seizure, contest or when holding it."""
        perms = self.table.attached.get(card)
        if not perms:
            return 0
        if site is not None:
            srec = self.record(site)
            return sum(site_bonus(self.record(p), srec) for p in perms)
        opp = [self.record(o) for o in opponents]
        return sum(versus_bonus(self.record(p), opp) for p in perms)

    def _instant_versus(self, rec: CardRecord, site: int | None,
                        opponents: Sequence[int]) -> int:
        """"+N versus Y Sites" of an instant maneuver toward ``site`` (the Site seized or
        contested), or "+N versus X" against ``opponents`` in a challenge: it adjusts the
        action it is played in ("Some Special Powers")."""
        if site is not None:
            return site_bonus(rec, self.record(site))
        return versus_bonus(rec, [self.record(o) for o in opponents])

    def _lasting(self, card: int, stat: str, involved: Sequence[int]) -> int:
        perms = self.table.attached.get(card)
        if not perms:
            return 0
        bearer = self.record(card)
        others = [self.record(c) for c in involved] or [bearer]
        return sum(stat_bonus(self.record(p), stat, bearer, others) for p in perms)

    def holding_influence(self, entry: SecuredSite) -> int:
        """Influence of a Site's Holders: all of them, pivoted or not ("Securing the Site":
        pivoting the Holder of a Site will not change its influence), with the Site's
        "seizing this Site" traits (ruling ``site-trait-holding``)."""
        site = self.record(entry.site)
        hs = entry.holders
        return total_influence(
            ((r := self.record(h), self.magic_mod(h, hs) + seizing_bonus(site, r, MAGIC)
              + self.attached_versus(h, site=entry.site)) for h in hs), site)

    def is_held(self, entry: SecuredSite) -> bool:
        """True if the Holders still have the influence to secure their Site."""
        holders = [self.record(h) for h in entry.holders]
        return meets_resistance(
            holders,
            self.record(entry.site),
            self.holding_influence(entry),
            self.current_resistance(entry.site),
            self.rules.maestro_with_companions,
        )

    def _require_turn(self, seat: int, phase: str) -> Turn:
        t = self.turn
        if self.table.over:
            raise RuleError("Object", "the game is over")
        if t is None or t.seat != seat or t.phase != phase:
            raise RuleError("Order of Play", f"it is not {self._who(seat)}'s turn in the {phase}")
        return t

    def _require_active_unpivoted(self, seat: int, ally: int, section: str) -> None:
        realm = self.autarch(seat).realm
        if ally not in realm.active:
            raise RuleError(section, f"{self.name(ally)} is not in {self._who(seat)}'s active area")
        if ally in self.table.pivoted:
            raise RuleError("Pivoted Cards", f"{self.name(ally)} is pivoted")

    def _to_in_ovo(self, card: int) -> None:
        """Discard a non-character card to its owner's In Ovo, with whatever is attached."""
        self.table.pivoted.discard(card)
        self._detach_all(card)
        self.autarch(self.table.owners[card]).in_ovo.append(card)

    def targetable(self) -> set[int]:
        """Cards that may be targeted: in play and face up (not Paths lying face down)."""
        s = self.table
        face_down = {p for stack in s.paths.values() for p in stack}
        return s.in_play() - face_down

    def _detach_all(self, card: int) -> None:
        s = self.table
        perms = s.attached.pop(card, [])
        for perm in perms:
            s.pivoted.discard(perm)
            self._detach_all(perm)
            self.autarch(s.owners[perm]).in_ovo.append(perm)
        if perms and s.altered:
            self.refresh_altered()

    def discard(self, card: int) -> None:
        """Discard a character in play to its owner's In Ovo, with the permanents
        attached to it ("Discarding"). A Holder's Site may become uncontrolled."""
        s = self.table
        rec = self.record(card)
        if not is_character(rec):
            raise RuleError("Discarding", f"{rec.name} is not a character (Sites are never"
                            " discarded)")
        seat = self.controller_of(card)
        if seat is None:
            raise RuleError("Discarding", f"{rec.name} is not in play")
        realm = self.autarch(seat).realm
        held = None
        if card in realm.active:
            realm.active.remove(card)
        elif card in realm.reserve:
            realm.reserve.remove(card)
        else:
            held = next(e for e in realm.state if card in e.holders)
            held.holders.remove(card)
        s.pivoted.discard(card)
        if s.gained.pop(card, None) is not None:
            self.refresh_altered()
        self._detach_all(card)
        self.autarch(s.owners[card]).in_ovo.append(card)
        self._say(f"{rec.name} is discarded to the In Ovo.")
        if held is not None and not self.is_held(held):
            self.lose_site(seat, held.site)

    def apply_damage(self, card: int, amount: int) -> bool:
        """Damage outside a challenge: applied straight to the character's Strength;
        more damage than Strength discards it ("Damage Outside of Challenges").
        Returns True if it died."""
        rec = self.record(card)
        if self.controller_of(card) is None or not is_character(rec):
            raise RuleError("Damage Outside of Challenges", f"{rec.name} is not a character"
                            " in play")
        if amount > (rec.strength or 0) + self.strength_mod(card):
            self.discard(card)
            return True
        self._say(f"{rec.name} takes {amount} damage and survives.")
        return False

    def remove_from_game(self, card: int) -> None:
        """Remove a character in play from the game entirely ("Remove from Game")."""
        self.discard(card)
        owner = self.autarch(self.table.owners[card])
        owner.in_ovo.remove(card)
        owner.removed.append(card)
        self._say(f"{self.name(card)} is removed from the game.")

    def lose_site(self, seat: int, site: int) -> None:
        """"Losing Controlled Sites": the Holders go to the Reserve and the Site to the
        Circle (Sites are never discarded)."""
        realm = self.autarch(seat).realm
        entry = realm.secured(site)
        if entry is None:
            raise RuleError("Losing Controlled Sites", f"{self.name(site)} is not controlled")
        realm.state.remove(entry)
        realm.reserve.extend(entry.holders)
        self.table.circle.append(site)
        self._say(
            f"{self._who(seat)} loses {self.name(site)}: it returns to the Circle and its"
            f" Holders ({self._names(entry.holders)}) go to the Reserve."
        )

    def _in_action(self, card: int) -> bool:
        """True if ``card`` is still in its Autarch's active area (a Path may have
        discarded it or returned it to the Reserve)."""
        seat = self.controller_of(card)
        return seat is not None and card in self.autarch(seat).realm.active

    def _live(self, cards: Sequence[int], may_have_left: bool = True) -> list[int]:
        """The characters of ``cards`` still in the action: unpivoted and, when
        ``may_have_left`` (a Path took effect), still in the active area."""
        pivoted = self.table.pivoted
        return [c for c in cards
                if c not in pivoted and (not may_have_left or self._in_action(c))]
