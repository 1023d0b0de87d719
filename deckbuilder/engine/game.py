"""The rules applied to the table: every legal move, checked, with a readable log.

:class:`Game` owns a :class:`~.state.Table` and changes it only through methods
named for the rulebook's moves. Each method checks legality and raises
:class:`~.errors.RuleError` (naming the section) for an illegal move, then updates the
zones and appends readable lines to :attr:`Game.log`. Contests, challenges and
securing are computed by the pure functions of :mod:`.seizure` and :mod:`.challenge`;
decisions that belong to other Autarchs (contesting, defending, countering) come from
callbacks, so any number of Autarchs can play.

Sections: "Game Setup", "Order of Play", "Phase 1: Coming of Order", "Phase 2: Autarch
Phase" (reveal Sites, play Paths, one Dictate or reassign Allies), "Phase 3: Ally
Phase" (establishing alliances, then actions: challenge, seize, Ally Action, retreat,
idle), "Phase 4: The Reconciliation", "Pivoted Cards", "Losing Controlled Sites",
"Damage Outside of Challenges", "Discarding", "Exhausted Destiny", "Timing and
Countering", "Unique Cards", "Affiliations".

Modelled effects: the Magic and Strength bonuses of maneuvers and permanents, with
their printed conditions (:mod:`.maneuvers`; a permanent keeps its bonus while it stays
attached, "+N versus" ones too); "Counters P" naming a card or a kind of card
(:mod:`.countering`), offered for Flashes and revealed Paths; Site traits and
Dictate-icon Site powers (:mod:`.site_traits`); Paths' Resistance, Magic, Strength,
pivot, damage and discard effects and their owner's choices (:mod:`.path_effects`);
"at the beginning/end of a turn" effects (:mod:`.turn_effects`); the other effects of
Dictates, Flashes, Ally Action cards and maneuvers (read by :mod:`.card_effects`,
carried out by :mod:`.played_effects`), countering with a Flash from hand or, in its
action, a maneuver; Adorer and Oviate immunities (:mod:`.immunity`); the Artist and
Tabula Rasa powers. Where the rulebook contradicts itself, :mod:`.rulings` holds the
decision.

Not modelled: printed text in no form those modules read (:mod:`.modelled` lists it);
such cards are played, pivot and move between zones as the rules say, and the log says
their effect is not modelled.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from card_db.names import fold_name
from card_db.records import CardRecord, CardType
from deckbuilder.engine import alliances
from deckbuilder.engine.card_effects import (
    CLOSED_ROADS,
    COUNTER,
    LEAVE_CHALLENGE,
    MANEUVER_DAMAGE,
    NO_CHALLENGE,
    STAY_IN_RESERVE,
    effects_of,
)
from deckbuilder.engine.cards import (
    describe,
    dominion_mask,
    is_character,
    is_site,
    resistance,
)
from deckbuilder.engine.challenge import (
    ChallengeResult,
    Combatant,
    can_challenge,
    resolve_challenge,
    versus_bonus,
)
from deckbuilder.engine.contest import Involved
from deckbuilder.engine.countering import counters, names_card, only_counters
from deckbuilder.engine.destiny import Destiny
from deckbuilder.engine.errors import RuleError
from deckbuilder.engine.immunity import immunity
from deckbuilder.engine.influence import meets_resistance, site_bonus, total_influence
from deckbuilder.engine.last_call import CHALLENGE, CONTEST, LastCall
from deckbuilder.engine.maneuvers import (
    MAGIC,
    STRENGTH,
    effect_note,
    may_receive,
    names_a_target,
    stat_bonus,
)
from deckbuilder.engine.path_effects import (
    DAMAGE,
    PIVOT,
    RETURN,
    PathEffect,
    magic_change,
    path_effect,
    pivots,
    strength_change,
)
from deckbuilder.engine.paths import path_fits_site, reveal_paths
from deckbuilder.engine.played_effects import PlayedEffects
from deckbuilder.engine.powers import (
    ARTIST_MAGIC_BONUS,
    is_artist,
    site_resistance_power,
)
from deckbuilder.engine.record_cache import per_record
from deckbuilder.engine.rng import make_rng
from deckbuilder.engine.seizure import SeizureResult, resolve_seizure
from deckbuilder.engine.setup import (
    OPENING_HAND,
    first_round_leader,
    next_leader,
    placement_order,
)
from deckbuilder.engine.site_traits import (
    DRAW,
    MOVE_FORWARD,
    seizing_bonus,
    seizing_traits,
    site_power,
)
from deckbuilder.engine.table import Autarch, SecuredSite, Table
from deckbuilder.engine.turn_effects import BEGINNING, END, timed_effects
from deckbuilder.engine.variant import Variant
from deckbuilder.engine.victory import decide_winner, has_victory

SETUP = "Game Setup"
COMING_OF_ORDER = "Coming of Order"
AUTARCH_PHASE = "Autarch Phase"
ALLY_PHASE = "Ally Phase"
RECONCILIATION = "Reconciliation"
DRAWS_PER_ROUND = 2

#: contest provider: (game, contesting seat, seizing seat, site, seizing Allies) -> characters
ContestProvider = Callable[["Game", int, int, int, Sequence[int]], Sequence[int]]
#: defend provider: (game, defending seat, target, challengers) -> defenders
DefendProvider = Callable[["Game", int, int, Sequence[int]], Sequence[int]]
#: counter provider: (game, card played, target) -> (seat, countering Ally) or None
CounterProvider = Callable[["Game", int, int | None], tuple[int, int] | None]
#: maneuver provider: (game, seat, its involved characters, opposing characters)
#: -> maneuver cards from that seat's hand per involved character
ManeuverProvider = Callable[["Game", int, Sequence[int], Sequence[int]],
                            Mapping[int, Sequence[int]]]
#: damage provider: (game, victor's seat, damage, the losing side's characters)
#: -> damage per character, or None for the default assignment
DamageProvider = Callable[["Game", int, int, Sequence[int]], Mapping[int, int] | None]
#: last call provider (:mod:`.last_call`): (game, seat asked, the call) -> None; the seat
#: plays its Flashes while asked
LastCallProvider = Callable[["Game", int, LastCall], None]


def _still_involved(
    maneuvers: Mapping[int, Sequence[int]] | None, live: Sequence[int], hand: Sequence[int]
) -> dict[int, Sequence[int]] | None:
    """The maneuvers named for characters still in the action, that are still in
    ``hand``. A character a Path pivoted or removed has left the action ("No pivoted
    characters may participate"), and the cards named for it stay in hand. Maneuvers
    are played only once the Paths have resolved ("Seizing Sites and Contests"), so a
    card a Path made its Autarch discard (e.g. at random) is no longer there to play."""
    if not maneuvers:
        return None
    held = set(hand)
    return {ally: [c for c in cards if c in held] for ally, cards in maneuvers.items()
            if ally in live}
#: path chooser: (game, Path, what: "pivot"/"damage"/"return"/"join", options) -> the
#: card the Path's owner chooses, or None (only "join" is optional)
PathChooser = Callable[["Game", int, str, Sequence[int]], int | None]
JOIN = "join"


def default_path_choice(game: Game, path: int, what: str, options: Sequence[int]) -> int | None:
    """The choice the engine makes for a Path's owner who names none (ruling
    ``path-choices``): a rival's involved character of the highest Magic (or, if every
    option is the owner's own, the lowest); for "join", the owner's Ally of the highest
    Magic."""
    owner = game.table.owners[path]

    def magic_of(c: int) -> tuple[int, int]:
        return (game.record(c).magic or 0) + game.magic_mod(c), -c

    if what == JOIN:
        return max(options, key=magic_of, default=None)
    rivals = [c for c in options if game.controller_of(c) != owner]
    if rivals:
        return max(rivals, key=magic_of)
    return min(options, key=magic_of, default=None)


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


class Game(PlayedEffects):
    """A game between ``len(decks)`` Autarchs (one for goldfishing).

    ``decks``: one sequence of card records per Autarch, one record per copy. Card ids
    are assigned seat by seat in deck order, so in a one-Autarch game card ``i`` is the
    deck's ``i``-th card. ``seed`` makes every shuffle reproducible.
    """

    def __init__(
        self,
        decks: Sequence[Sequence[CardRecord]],
        seed: int = 0,
        variant: Variant | None = None,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
    ):
        if not decks:
            raise ValueError("a game needs at least one Autarch")
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

    # ------------------------------------------------------------------ helpers
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

    # ------------------------------------------------------------------ Game Setup
    def begin_setup(self, first: int = 0) -> None:
        """Separate every Autarch's Sites from its deck ("Game Setup"). ``first``: the
        seat that places the first Site (the rulebook suggests Rock-Scissors-Paper)."""
        s = self.table
        if not 0 <= first < len(s.autarchs):
            raise ValueError(f"no seat {first}")
        s.setup_first = first
        s.phase = SETUP
        for a in s.autarchs:
            sites = [c for c in a.destiny.cards if is_site(self.record(c))]
            keep = [c for c in a.destiny.cards if not is_site(self.record(c))]
            a.destiny.cards[:] = keep
            a.set_aside.extend(sites)
        self._placements = placement_order(len(s.autarchs), first)
        self._say(f"Sites separated from the decks; {self._who(first)} places first.")

    def next_placement(self) -> tuple[int, int] | None:
        """``(seat, Dominion)`` of the next setup placement, or ``None`` when done."""
        done = len(self.table.circle)
        return self._placements[done] if done < len(self._placements) else None

    def place_setup_site(self, seat: int, site: int) -> None:
        """Place ``site`` to the Circle as the next setup Site (it must stand for the
        Dominion whose turn it is; a Border Site may stand for either of its own)."""
        nxt = self.next_placement()
        if self.table.phase != SETUP or nxt is None:
            raise RuleError(SETUP, "no Site placement is due")
        want_seat, dominion = nxt
        a = self.autarch(seat)
        if seat != want_seat:
            raise RuleError(SETUP, f"{self._who(want_seat)} places the next Site")
        if site not in a.set_aside:
            raise RuleError(SETUP, f"{self.name(site)} is not among {a.name}'s separated Sites")
        rec = self.record(site)
        if dominion not in rec.dominions:
            raise RuleError(SETUP, f"{rec.name} is not a Site of Dominion {dominion}")
        if rec.unique and fold_name(rec.name) in self.unique_names_in_play():
            raise RuleError("Unique Cards", f"{rec.name} is already in play")
        a.set_aside.remove(site)
        self.table.circle.append(site)
        self._say(f"{a.name} places {describe(rec)} to the Circle for Dominion {dominion}.")

    def finish_placements(self) -> None:
        """Return the remaining Sites to the decks, shuffle, and draw five cards each."""
        if self.next_placement() is not None:
            raise RuleError(SETUP, "five Sites must be placed first")
        for seat in range(len(self.table.autarchs)):
            a = self.autarch(seat)
            a.destiny.shuffle_in(a.set_aside)
            a.set_aside.clear()
            for _ in range(OPENING_HAND):
                self._draw(seat)
            self._say(f"{a.name} draws {self._names(a.hand)}.")

    def may_reshuffle(self, seat: int) -> bool:
        a = self.autarch(seat)
        return (
            self.table.phase == SETUP
            and not a.reshuffled
            and not any(is_character(self.record(c)) for c in a.hand)
        )

    def reshuffle_hand(self, seat: int) -> None:
        """Reveal a hand with no Character, reshuffle it into the Destiny and draw a final
        five (once per game, "Game Setup")."""
        if not self.may_reshuffle(seat):
            raise RuleError(SETUP, "only a first hand with no Character may be reshuffled, once")
        a = self.autarch(seat)
        self._say(f"{a.name} reveals a hand with no Character ({self._names(a.hand)}) "
                  "and reshuffles it.")
        a.destiny.shuffle_in(a.hand)
        a.hand.clear()
        a.reshuffled = True
        for _ in range(OPENING_HAND):
            self._draw(seat)
        self._say(f"{a.name} draws a final hand: {self._names(a.hand)}.")

    def finish_setup(self) -> None:
        s = self.table
        s.leader = first_round_leader(len(s.autarchs), s.setup_first)
        s.phase = COMING_OF_ORDER

    # ------------------------------------------------------------------ Phase 1
    def coming_of_order(self) -> None:
        """Start a round: set the leading Autarch, unpivot all cards, draw two each."""
        s = self.table
        if s.over:
            raise RuleError("Object", "the game is over")
        if s.round > 0:
            s.leader = next_leader(len(s.autarchs), s.leader)
            while s.autarchs[s.leader].eliminated:
                s.leader = next_leader(len(s.autarchs), s.leader)
        s.round += 1
        s.phase = COMING_OF_ORDER
        s.pivoted.clear()
        self._say(f"{self._who(s.leader)} acts first; all cards unpivot.")
        for seat in s.seats_from(s.leader):
            drawn = [c for c in (self._draw(seat) for _ in range(DRAWS_PER_ROUND)) if c is not None]
            self._say(f"{self._who(seat)} draws {self._names(drawn)}.")

    # ------------------------------------------------------------------ turns
    def begin_turn(self, phase: str, seat: int) -> None:
        if phase not in (AUTARCH_PHASE, ALLY_PHASE, RECONCILIATION):
            raise ValueError(f"unknown phase {phase!r}")
        self.table.phase = phase
        self.turn = Turn(seat, phase)
        if phase == ALLY_PHASE:
            self.turn.allowance = alliances.AllowanceTracker(self.table.variant.prime_allowance)
        elif phase == AUTARCH_PHASE:
            self._timed_effects(seat, BEGINNING)

    def end_turn(self) -> None:
        t = self.turn
        if t is not None and t.phase == RECONCILIATION and not self.table.over:
            self._timed_effects(t.seat, END)
        self.turn = None

    def _cards_affecting(self, seat: int) -> list[int]:
        """Cards in play whose effects belong to ``seat``: its Realm (Allies and secured
        Sites), the permanents affecting it, and permanents it owns attached anywhere."""
        a = self.autarch(seat)
        cards = a.realm.allies() + [e.site for e in a.realm.state] + a.effects
        owners = self.table.owners
        for perms in self.table.attached.values():
            cards += [p for p in perms if owners[p] == seat]
        return cards

    def _timed_effects(self, seat: int, when: str) -> None:
        """"At the beginning/end of a turn" effects of ``seat``'s cards (ruling
        ``turn-effects``): beginning at its Autarch-phase turn, end at its
        Reconciliation turn."""
        if not self._any_timed:
            return
        for card in self._cards_affecting(seat):
            for w, draws, text in timed_effects(self.record(card)):
                if w != when:
                    continue
                if draws is None:
                    done = self.resolve_timed(card, seat, text)
                    said = done if done is not None else f"{text} (not modelled by the engine)"
                    self._say(f"{self.name(card)}: at the {when} of a turn, {said}.")
                    continue
                drawn = [c for c in (self._draw(seat) for _ in range(draws)) if c is not None]
                self._say(f"{self.name(card)}: at the {when} of a turn, {self._who(seat)}"
                          f" draws {self._names(drawn)}.")

    # ------------------------------------------------------------------ Phase 2
    def can_reveal(self, seat: int, card: int) -> bool:
        rec = self.record(card)
        return (
            card in self.autarch(seat).hand
            and is_site(rec)
            and not (rec.unique and fold_name(rec.name) in self.unique_names_in_play())
        )

    def reveal_site(self, seat: int, site: int) -> int | None:
        """Place a Site from hand to the Circle and draw its replacement ("Reveal Sites").
        Returns the replacement card (``None`` if the Destiny is empty)."""
        self._require_before_dictate(seat, "Sites")
        a = self.autarch(seat)
        rec = self.record(site)
        if site not in a.hand or not is_site(rec):
            raise RuleError("Reveal Sites", f"{rec.name} is not a Site in {a.name}'s hand")
        if rec.unique and fold_name(rec.name) in self.unique_names_in_play():
            raise RuleError("Unique Cards", f"{rec.name} is already in play")
        a.hand.remove(site)
        self.table.circle.append(site)
        new = self._draw(seat)
        drew = f"draws {self.name(new)}" if new is not None else "cannot draw (empty Destiny)"
        self._say(f"{a.name} reveals {describe(rec)} to the Circle and {drew}.")
        return new

    def play_path(self, seat: int, path: int, site: int) -> None:
        """Play a Path face down on a Site of its Dominion in the Circle ("Play Paths")."""
        self._require_before_dictate(seat, "Paths")
        a = self.autarch(seat)
        prec, srec = self.record(path), self.record(site)
        if path not in a.hand or prec.card_type is not CardType.PATH:
            raise RuleError("Play Paths", f"{prec.name} is not a Path in {a.name}'s hand")
        if site not in self.table.circle:
            raise RuleError("Play Paths", f"{srec.name} is not in the Circle")
        if not path_fits_site(prec, srec):
            raise RuleError("Play Paths", f"{prec.name} does not match {srec.name}'s Dominion")
        if self.restricted(site, CLOSED_ROADS):
            raise RuleError("Play Paths", f"Paths cannot be played on {srec.name}")
        a.hand.remove(path)
        self.table.paths.setdefault(site, []).append(path)
        self._say(f"{a.name} plays a Path face down on {srec.name}.")

    def _require_before_dictate(self, seat: int, what: str) -> Turn:
        """"Phase 2: Autarch Phase": after a Dictate or a reassignment the turn is over
        (ruling ``dictate-ends-turn``)."""
        t = self._require_turn(seat, AUTARCH_PHASE)
        if t.dictate_used:
            raise RuleError("Phase 2: Autarch Phase", f"{self._who(seat)} made the turn's"
                            f" Dictate: the turn is over, no more {what} this round")
        return t

    def _use_dictate(self, t: Turn) -> None:
        if t.dictate_used:
            raise RuleError("Dictate", "only one Dictate, or one reassignment, per turn")
        t.dictate_used = True

    def play_dictate(
        self,
        seat: int,
        card: int,
        target: int | None = None,
        counter_provider: CounterProvider | None = None,
    ) -> bool:
        """Play one Dictate (it is the turn's Dictate even if countered). An instant
        Dictate goes to the In Ovo; a permanent one stays in play, under ``target`` if
        given, else among the cards affecting its Autarch. Its printed effect is modelled
        only as :mod:`.maneuvers` and :mod:`.turn_effects` read it. Returns True if it
        resolved (not countered)."""
        t = self._require_turn(seat, AUTARCH_PHASE)
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand or rec.card_type is not CardType.DICTATE:
            raise RuleError("Dictate", f"{rec.name} is not a Dictate in {a.name}'s hand")
        if target is not None and target not in self.targetable():
            raise RuleError("Dictate", f"{self.name(target)} is not a card in play to target")
        self.check_played_target(rec, seat, target, required=True)
        self._use_dictate(t)
        a.hand.remove(card)
        self._say(f"{a.name} plays the Dictate {rec.name}.")
        if self._countered(card, target, counter_provider):
            a.in_ovo.append(card)
            return False
        if self._place_played(card, target, seat):
            done = self.resolve_played(card, seat, target)
            note = self.played_note(rec, done, effect_note(rec, target is not None))
            self._say(f"{rec.name}: {note}.")
        return True

    def use_site_power(self, seat: int, site: int, target: int | None = None) -> None:
        """Use the Dictate-icon power of a Site in ``seat``'s State, as the turn's Dictate;
        the Site pivots after ("Card Powers, Traits, and Special Rules": Site powers need
        the Site secured; ruling ``site-power-dictate``). ``target``: the reserve Ally to
        move for "Target Ally in your reserve may move to your active area"."""
        section = "Card Powers, Traits, and Special Rules"
        t = self._require_turn(seat, AUTARCH_PHASE)
        a = self.autarch(seat)
        rec = self.record(site)
        if a.realm.secured(site) is None:
            raise RuleError(section, f"{rec.name} is not secured in {a.name}'s State")
        if site in self.table.pivoted:
            raise RuleError("Pivoted Cards", f"{rec.name} is pivoted")
        power = site_power(rec)
        if power is None or (rec.activation_icon or "").casefold() != "dictate":
            raise RuleError(section, f"{rec.name} has no Dictate power the engine models")
        kind, n = power
        if kind == MOVE_FORWARD and (target not in a.realm.reserve or target in self.table.pivoted
                                     or self.restricted(target, STAY_IN_RESERVE)):
            raise RuleError(section, "name an unpivoted Ally in your Reserve free to move")
        self._use_dictate(t)
        if kind == DRAW:
            drawn = [c for c in (self._draw(seat) for _ in range(n)) if c is not None]
            done = f"{a.name} draws {self._names(drawn)}"
        elif kind == MOVE_FORWARD:
            a.realm.reserve.remove(target)  # type: ignore[arg-type]
            a.realm.active.append(target)  # type: ignore[arg-type]
            done = f"{self.name(target)} moves to the active area"  # type: ignore[arg-type]
        else:
            done = f"{a.name} looks at {self._names(a.destiny.cards[:n])}"
        self.table.pivoted.add(site)
        self._say(f"{a.name} uses {rec.name}'s power: {done}; {rec.name} pivots.")

    def _place_played(self, card: int, target: int | None, seat: int) -> bool:
        """Put a played non-character card where the rules send it ("Permanents and
        Instants"): instants to the owner's In Ovo, permanents under their target.
        A target immune to the card ("Affiliations": Adorer, Oviate) is not affected:
        the card is used and goes to the In Ovo. Returns False in that case."""
        rec = self.record(card)
        immune = immunity(self.record(target), rec) if target is not None else None
        if immune is not None:
            self.autarch(self.table.owners[card]).in_ovo.append(card)
            self._say(f"{self.name(target)} is immune to {rec.name} ({immune});"  # type: ignore[arg-type]
                      " the card is used without effect.")
            return False
        if not rec.permanent:
            self.autarch(self.table.owners[card]).in_ovo.append(card)
        elif target is not None:
            self.table.attached.setdefault(target, []).append(card)
        else:
            self.autarch(seat).effects.append(card)
        return True

    def reassign(self, seat: int, moves: Sequence[tuple[int, int | None]]) -> list[int]:
        """Reassign Allies (uses the turn's Dictate): each move is ``(ally, site)`` to a
        Site in the State, or ``(ally, None)`` for the Reserve. Allowed: Site to Site,
        active area to Site, State to Reserve, pivoted or not. After each move a Site
        whose remaining Holders lack the influence to secure it becomes uncontrolled
        ("Reassign Allies", "Losing Controlled Sites"). Returns the Sites lost."""
        t = self._require_turn(seat, AUTARCH_PHASE)
        realm = self.autarch(seat).realm
        for ally, dest in moves:
            src = next((e for e in realm.state if ally in e.holders), None)
            if src is None and ally not in realm.active:
                raise RuleError("Reassign Allies", f"{self.name(ally)} is not a Holder or active")
            if dest is None and src is None:
                raise RuleError("Reassign Allies", "only Holders in the State go to the Reserve")
            if dest is not None and realm.secured(dest) is None:
                raise RuleError("Reassign Allies", f"{self.name(dest)} is not in the State")
        self._use_dictate(t)
        lost: list[int] = []
        for ally, dest in moves:
            src = next((e for e in realm.state if ally in e.holders), None)
            if dest is not None and realm.secured(dest) is None:
                continue  # its Site was lost by an earlier move this turn
            if src is None:
                if ally not in realm.active:
                    continue
                realm.active.remove(ally)
            else:
                src.holders.remove(ally)
            if dest is None:
                realm.reserve.append(ally)
                where = "the Reserve"
            else:
                realm.secured(dest).holders.append(ally)  # type: ignore[union-attr]
                where = self.name(dest)
            self._say(f"{self._who(seat)} reassigns {self.name(ally)} to {where}.")
            if src is not None and not self.is_held(src):
                lost.append(src.site)
                self.lose_site(seat, src.site)
        return lost

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

    # ------------------------------------------------------------------ Phase 3
    def establish(self, seat: int, card: int, use_exception: bool = False) -> int:
        """Establish an alliance: a Character from hand goes to the Reserve. Returns the
        Prime counted. ``use_exception``: bring it in as the one Ally from the Dominion
        of a controlled Site ("Establishing alliances")."""
        t = self._require_turn(seat, ALLY_PHASE)
        if t.actions_started:
            raise RuleError("Phase 3: Ally Phase", "alliances are established before actions")
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand:
            raise RuleError(alliances.SECTION, f"{rec.name} is not in {a.name}'s hand")
        controlled = [self.record(c) for c in a.realm.allies()]
        assert t.allowance is not None
        p = alliances.check_and_spend(
            rec,
            controlled,
            t.allowance,
            self.controlled_site_mask(seat),
            self.unique_names_in_play(),
            use_exception,
        )
        a.hand.remove(card)
        a.realm.reserve.append(card)
        self.established[seat] += 1
        how = "from the Dominion of a controlled Site" if use_exception else f"for Prime {p}"
        self._say(f"{a.name} establishes {describe(rec)} in the Reserve {how}.")
        return p

    def _start_action(self, seat: int) -> Turn:
        t = self._require_turn(seat, ALLY_PHASE)
        t.actions_started = True
        return t

    def _check_actor(self, t: Turn, seat: int, ally: int, section: str) -> None:
        self._require_active_unpivoted(seat, ally, section)
        if ally in t.idled:
            raise RuleError("Idle", f"{self.name(ally)} is idled for the rest of this turn")

    def seize(
        self,
        seat: int,
        site: int,
        allies: Sequence[int],
        contest_provider: ContestProvider | None = None,
        maneuvers: Mapping[int, Sequence[int]] | None = None,
        contest_maneuvers: ManeuverProvider | None = None,
        counter_provider: CounterProvider | None = None,
        path_chooser: PathChooser | None = None,
        last_call: LastCallProvider | None = None,
    ) -> SeizureResult:
        """Seize a Site in the Circle with unpivoted active Allies ("Seize a Site").

        Each other Autarch, starting to the left, may contest through
        ``contest_provider`` (returning its unpivoted active characters, or nothing).
        Paths are revealed when the first contest is announced, or before securing;
        their modelled effects (:mod:`.path_effects`) apply to every involved character,
        and ``counter_provider`` may counter each one ("Counter P").
        ``maneuvers``: influence maneuver cards from hand per seizing Ally, played when
        the contest formally begins (after the contesters are named and the Paths
        resolved) or before securing; ``contest_maneuvers`` gives each contesting
        Autarch's ("Seizing Sites and Contests": only the involved Autarchs play
        influence maneuvers). ``path_chooser`` makes the choices Paths leave to their
        owner (default :func:`default_path_choice`). Before each contest formally
        begins (its characters named, the Paths resolved), ``last_call`` asks every
        Autarch holding a Flash, in turn order, whether it plays Flashes
        (:mod:`.last_call`). The Allies pivot afterwards, success or not.
        """
        t = self._start_action(seat)
        s = self.table
        if site not in s.circle:
            raise RuleError("Seize a Site", f"{self.name(site)} is not in the Circle")
        if not allies or len(set(allies)) != len(allies):
            raise RuleError("Seize a Site", "name one or more different Allies")
        for ally in allies:
            self._check_actor(t, seat, ally, "Seize a Site")
        self.check_maneuvers(seat, allies, maneuvers, CardType.INFLUENCE_MANEUVER)
        srec = self.record(site)
        allies = list(allies)
        self._say(f"{self._who(seat)} seizes {srec.name} with {self._names(allies)}.")
        traits = bool(seizing_traits(srec))
        for a in allies if traits else ():
            if n := seizing_bonus(srec, self.record(a), MAGIC):
                self._say(f"{self.name(a)} is Magic {n:+d} seizing {srec.name} (Site trait).")
        fx: list[PathEffect] = []
        bonus: dict[int, int] | None = None
        named: list[tuple[list[int], dict[int, int]]] = []
        contests: list[list[Involved]] = []
        involved = list(allies)
        joined: list[tuple[int, int]] = []
        seats_in = [seat]  # the involved Autarchs, who may counter maneuvers with maneuvers

        def side(cards: Sequence[int], extra: Mapping[int, int], seizing: bool) -> list[Involved]:
            out = []
            for c in cards:
                rec = self.record(c)
                mod = s.magic_mods.get(c, 0) + extra.get(c, 0)
                if c in s.attached:
                    mod += self._lasting(c, MAGIC, cards) + self.attached_versus(c, site=site)
                if fx:
                    mod += sum(magic_change(f, rec) for f in fx if not f.lasting)
                if seizing and traits:
                    mod += seizing_bonus(srec, rec, MAGIC)
                gone = c in s.pivoted or (bool(fx) and not self._in_action(c))
                out.append(Involved(c, rec, gone, mod))
            return out

        def counter() -> tuple[CounterProvider, list[int]] | None:
            return (counter_provider, seats_in) if counter_provider else None

        def reveal() -> None:
            fx.extend(self._reveal_paths(site, involved, counter_provider,
                                         path_chooser or default_path_choice, joined))
            allies.extend(j for jseat, j in joined if jseat == seat)

        def seizers_maneuvers() -> dict[int, int]:
            live = self._live(allies, bool(fx))
            held = _still_involved(maneuvers, live, self.autarch(seat).hand)
            return self._play_maneuvers(seat, live, held, CardType.INFLUENCE_MANEUVER, site,
                                        counter())

        def call(contesting: int, chosen: Sequence[int]) -> None:
            self._last_call(last_call, LastCall(
                CONTEST, seat, tuple(self._live(allies, bool(fx))), contesting,
                tuple(self._live(chosen, bool(fx))), site))

        for other in s.seats_from(seat)[1:]:
            if contest_provider is None:
                break
            chosen = list(contest_provider(self, other, seat, site, list(allies)))
            if not chosen:
                continue
            for c in chosen:
                self._require_active_unpivoted(other, c, "Contesting the Seizure")
            self._say(f"{self._who(other)} contests with {self._names(chosen)}.")
            involved += chosen
            seats_in.append(other)
            if bonus is None:
                reveal()
                chosen += [j for jseat, j in joined if jseat == other]
                call(other, chosen)
                bonus = seizers_maneuvers()
            else:
                call(other, chosen)
            live = self._live(chosen, bool(fx))
            theirs = contest_maneuvers(self, other, live, list(allies)) if (
                contest_maneuvers) else None
            named.append((chosen, self._play_maneuvers(
                other, live, _still_involved(theirs, live, self.autarch(other).hand),
                CardType.INFLUENCE_MANEUVER, site,
                counter())))
            contests = [side(cs, extra, False) for cs, extra in named]
            # Each contest is decided before the next Autarch may contest.
            partial = resolve_seizure(side(allies, bonus, True), contests, srec,
                                      self._seizure_resistance(site, fx))
            if partial.contests and not partial.contests[-1].seizers_win:
                break
        if bonus is None:
            reveal()
            bonus = seizers_maneuvers()
        result = resolve_seizure(side(allies, bonus, True), contests, srec,
                                 self._seizure_resistance(site, fx))
        for fought in result.contests:
            self._say(
                f"Contest: influence {fought.seizing_influence} against"
                f" {fought.contesting_influence};"
                f" {'the seizure goes on' if fought.seizers_win else 'the seizure fails'}."
            )
        s.pivoted.update(c for c in result.pivot if not fx or self._in_action(c))
        if result.secured:
            realm = self.autarch(seat).realm
            for h in result.holders:
                realm.active.remove(h)
            s.circle.remove(site)
            stack = s.paths.pop(site, [])
            for p in stack:  # permanent Paths are discarded once the Site is secured
                self._to_in_ovo(p)
            realm.state.append(SecuredSite(site, list(result.holders)))
            self._say(
                f"{srec.name} is secured (influence {result.influence} against Resistance"
                f" {result.resistance}); Holders: {self._names(result.holders)}."
            )
        elif result.influence is not None:
            self._say(
                f"{srec.name} is not secured (influence {result.influence} against Resistance"
                f" {result.resistance}); it stays in the Circle."
            )
        return result

    def _last_call(self, provider: LastCallProvider | None, call: LastCall) -> None:
        """The last call for Flashes (:mod:`.last_call`): each Autarch holding a Flash,
        in turn order from the leader, is asked once."""
        if provider is None:
            return
        for seat in self.table.seats_from(self.table.leader):
            hand = self.autarch(seat).hand
            if not self.table.over and any(
                    self.record(c).card_type is CardType.FLASH for c in hand):
                provider(self, seat, call)

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

    def _seizure_resistance(self, site: int, fx: Sequence[PathEffect]) -> int:
        """The Site's Resistance in this seizure, with its revealed Paths' changes."""
        return self.current_resistance(site) + sum(f.resistance for f in fx)

    def _reveal_paths(
        self,
        site: int,
        involved: list[int],
        counter_provider: CounterProvider | None,
        chooser: PathChooser,
        joined: list[tuple[int, int]],
    ) -> list[PathEffect]:
        """Reveal and resolve the Site's Paths one at a time ("Paths"); return the
        effects of those not countered. Pivots, damage, discards, the owner's choices and
        "until end of round" changes apply at once; the Site's Resistance and other Magic
        changes are returned. An Ally a Path moves into the seizure is added to
        ``involved`` and to ``joined`` as ``(seat, ally)``."""
        s = self.table
        stack = s.paths.get(site, [])
        if not stack:
            return []
        effects: list[PathEffect] = []
        countered: list[int] = []

        def resolve(path: int) -> bool:
            if self._countered(path, site, counter_provider):
                countered.append(path)
            else:
                effects.append(self._apply_path(path, involved, chooser, joined))
            return bool(self._live(involved))

        out = reveal_paths(stack, lambda p: self.record(p).permanent, resolve)
        for p in [*out.discarded, *(p for p in countered if p in out.remaining)]:
            self._to_in_ovo(p)
        remaining = [p for p in out.remaining if p not in countered]
        if remaining:
            s.paths[site] = remaining
        else:
            del s.paths[site]
        return effects

    def _apply_path(self, path: int, involved: list[int], chooser: PathChooser,
                    joined: list[tuple[int, int]]) -> PathEffect:
        """Apply one revealed Path's immediate effects to the involved characters."""
        s = self.table
        rec = self.record(path)
        f = path_effect(rec)
        note = "" if f.modelled else " (not modelled by the engine)"
        self._say(f"Path {rec.name} revealed: {rec.powers or 'no printed effect'}{note}")
        seats = sorted({x for c in involved if (x := self.controller_of(c)) is not None})
        for c in involved:
            if not self._in_action(c):
                continue
            crec = self.record(c)
            if f.lasting and (n := magic_change(f, crec)):
                s.magic_mods[c] = s.magic_mods.get(c, 0) + n
            if n := strength_change(f, crec):
                s.strength_mods[c] = s.strength_mods.get(c, 0) + n
                self._say(f"{crec.name} is Strength {n:+d} until end of round.")
            if pivots(f, crec) and c not in s.pivoted:
                s.pivoted.add(c)
                self._say(f"{crec.name} is pivoted by {rec.name} and leaves the seizure.")
            if f.damage_each:
                self.apply_damage(c, f.damage_each)
        if f.discard_random:
            self._discard_at_random(seats, rec.name)
        for what, n in f.chosen:
            self._path_choice(path, what, n, involved, chooser)
        if f.owner_joins:
            self._path_join(path, involved, chooser, joined, seats)
        return f

    def _discard_at_random(self, seats: Sequence[int], why: str) -> None:
        """Each of ``seats`` discards a card from hand at random, to its In Ovo."""
        for seat in seats:
            a = self.autarch(seat)
            if not a.hand:
                continue
            card = self.rng.choice(a.hand)
            a.hand.remove(card)
            a.in_ovo.append(card)
            self._say(f"{a.name} discards {self.name(card)} at random ({why}).")

    def _path_choice(self, path: int, what: str, n: int, involved: Sequence[int],
                     chooser: PathChooser) -> None:
        """Pivot, damage or return to the Reserve one involved character still in the
        action, chosen by the Path's owner."""
        options = self._live(involved)
        if not options:
            return
        card = chooser(self, path, what, options)
        if card not in options:
            raise RuleError("Paths", f"choose one of {self._names(options)}")
        who = f"{self.name(card)} (chosen by {self._who(self.table.owners[path])})"
        if what == PIVOT:
            self.table.pivoted.add(card)
            self._say(f"{who} is pivoted by {self.name(path)} and leaves the seizure.")
        elif what == DAMAGE:
            self._say(f"{who} takes {n} damage from {self.name(path)}.")
            self.apply_damage(card, n)
        elif what == RETURN:
            realm = self.autarch(self.controller_of(card)).realm  # type: ignore[arg-type]
            realm.active.remove(card)
            realm.reserve.append(card)
            self._say(f"{who} returns to the Reserve and leaves the seizure.")

    def _path_join(self, path: int, involved: list[int], chooser: PathChooser,
                   joined: list[tuple[int, int]], seats: Sequence[int]) -> None:
        """"The Path's owner may move one of their active Allies into the seizure": only
        an owner already involved, on its own side (ruling ``path-choices``)."""
        owner = self.table.owners[path]
        if owner not in seats:
            self._say(f"{self._who(owner)} is not involved: {self.name(path)} has no effect.")
            return
        options = [c for c in self.autarch(owner).realm.active
                   if c not in involved and c not in self.table.pivoted]
        card = chooser(self, path, JOIN, options) if options else None
        if card is None:
            return
        if card not in options:
            raise RuleError("Paths", f"choose one of {self._names(options)}")
        involved.append(card)
        joined.append((owner, card))
        self._say(f"{self._who(owner)} moves {self.name(card)} into the seizure"
                  f" ({self.name(path)}).")

    def _countered(
        self,
        card: int,
        target: int | None,
        counter_provider: CounterProvider | None,
        action: tuple[CardType, Sequence[int]] | None = None,
    ) -> bool:
        """Offer every Autarch the chance to counter ``card`` ("Timing and Countering");
        True if an Ally with a matching "Counters P" pivots to counter it, or a Flash
        from hand whose power is "Counters P" is played to counter it. The answer
        ``(seat, card)`` names the Ally or the Flash. ``action``: during a challenge or a
        seizure, the kind of maneuver it allows and the seats involved; an involved
        Autarch may then counter with such a maneuver ("Counters any Influence
        Maneuver")."""
        answer = counter_provider(self, card, target) if counter_provider else None
        if answer is None:
            return False
        cseat, ally = answer
        rec = self.record(card)
        if ally in self.autarch(cseat).hand:
            return self._counter_with_flash(cseat, ally, card, action)
        self._require_active_unpivoted(cseat, ally, "Timing and Countering")
        if not counters(self.record(ally), rec):
            raise RuleError("Counter P", f"{self.name(ally)} cannot counter {rec.name}")
        self.table.pivoted.add(ally)
        self._say(f"{self.name(ally)} counters {rec.name} and pivots; {rec.name} is discarded.")
        return True

    def _counter_with_flash(self, seat: int, flash: int, card: int,
                            action: tuple[CardType, Sequence[int]] | None = None) -> bool:
        """Play the Flash ``flash`` from ``seat``'s hand to counter ``card`` ("Some
        Special Powers: Counter P": a Flash such as Sudden Clarity, "Counters any
        Flash"), or, for an Autarch involved in the ``action``, a maneuver of the kind
        it allows (Counter-Glyph, "Counters any Influence Maneuver": "Seizing Sites and
        Contests", only the involved Autarchs play influence maneuvers). The card goes
        to its owner's In Ovo; it is not itself offered for countering (the engine does
        not model chains of counters: ruling ``played-effects``)."""
        frec, rec = self.record(flash), self.record(card)
        maneuver = action is not None and frec.card_type is action[0] and seat in action[1]
        if not maneuver and (frec.card_type is not CardType.FLASH or self.table.phase not in (
                AUTARCH_PHASE, ALLY_PHASE)):
            raise RuleError("Timing and Countering", f"{frec.name} cannot be played now")
        if not any(names_card(e.subject or "", rec) for e in effects_of(frec, COUNTER)):
            raise RuleError("Counter P", f"{frec.name} cannot counter {rec.name}")
        a = self.autarch(seat)
        a.hand.remove(flash)
        a.in_ovo.append(flash)
        self._say(f"{a.name} plays the {frec.card_type} {frec.name} to counter {rec.name};"
                  f" {rec.name} is discarded.")
        return True

    def check_maneuvers(
        self,
        seat: int,
        allies: Sequence[int],
        maneuvers: Mapping[int, Sequence[int]] | None,
        kind: CardType,
    ) -> None:
        """Raise :class:`RuleError` unless every maneuver is a ``kind`` card in ``seat``'s
        hand, played from an involved Ally it may be played from."""
        if not maneuvers:
            return
        hand = self.autarch(seat).hand
        cards = [c for cs in maneuvers.values() for c in cs]
        if len(set(cards)) != len(cards):
            raise RuleError(str(kind), "each card is played once")
        for ally, cs in maneuvers.items():
            if ally not in allies:
                raise RuleError(str(kind), f"{self.name(ally)} is not involved")
            actor = self.record(ally)
            for card in cs:
                rec = self.record(card)
                if card not in hand or rec.card_type is not kind:
                    raise RuleError(str(kind), f"{rec.name} is not a {kind} in hand")
                if not may_receive(rec, actor):
                    raise RuleError("Target Characters and Acting Allies",
                                    f"{rec.name} cannot be played from {actor.name}")

    def _play_maneuvers(
        self,
        seat: int,
        allies: Sequence[int],
        maneuvers: Mapping[int, Sequence[int]] | None,
        kind: CardType,
        site: int | None = None,
        counter: tuple[CounterProvider, Sequence[int]] | None = None,
        opponents: Sequence[int] = (),
        targets: Mapping[int, int] | None = None,
        left: list[int] | None = None,
    ) -> dict[int, int]:
        """Play maneuver cards from hand through involved Allies; returns the bonus per
        Ally of the instant ones, whose effects end with the action. A permanent one
        attaches to its Ally and keeps its effect while it stays there (counted by
        :meth:`magic_mod`/:meth:`strength_mod`; "Permanents and Instants"). A printed
        condition applies as printed ("Target Characters and Acting Allies"): a card
        for an "Acting Maestro" cannot be played from another Ally. Other printed
        effects (:mod:`.card_effects`, e.g. "Target involved Site is Resistance -2 until
        end of round" on ``site``, the Site seized) resolve as the card is played.
        ``counter``: the counter provider and the seats involved; each card may be
        countered before it resolves ("Timing and Countering"). In a challenge:
        ``opponents`` (the other side), ``targets`` (card -> the involved character a
        "Deal N damage to target involved character" hits; default the opponent of the
        lowest Strength), ``left`` (receives the Allies that "Remove acting Ally from
        the challenge")."""
        bonus: dict[int, int] = {}
        if not maneuvers:
            return bonus
        self.check_maneuvers(seat, allies, maneuvers, kind)
        a = self.autarch(seat)
        stat = STRENGTH if kind is CardType.COMBAT_MANEUVER else MAGIC
        involved = [self.record(x) for x in allies]
        for ally, cards in maneuvers.items():
            actor = self.record(ally)
            for card in cards:
                rec = self.record(card)
                amount = stat_bonus(rec, stat, actor, involved)
                if not rec.permanent:  # an attached one counts through attached_versus
                    amount += self._instant_versus(rec, site, opponents)
                a.hand.remove(card)
                if counter is not None and self._countered(card, ally, counter[0],
                                                           (kind, counter[1])):
                    a.in_ovo.append(card)
                    continue
                self._place_played(card, ally, seat)
                if not rec.permanent:
                    bonus[ally] = bonus.get(ally, 0) + amount
                lasts = " while it stays in play" if rec.permanent else ""
                hit = self._maneuver_target(card, opponents, targets)
                done = self.resolve_played(card, seat, hit, actor=ally, site=site)
                if left is not None and effects_of(rec, LEAVE_CHALLENGE):
                    left.append(ally)
                if rec.permanent and site is not None and (
                        versus := site_bonus(rec, self.record(site))):
                    done = [f"{versus:+d} versus {self.name(site)}{lasts}", *done]
                what = "; ".join([f"{amount:+d}{lasts}"] * bool(amount or not done) + done)
                self._say(f"{self.name(ally)} plays {rec.name} ({what}).")
        return bonus

    def _maneuver_target(self, card: int, opponents: Sequence[int],
                         targets: Mapping[int, int] | None) -> int | None:
        """The involved character a maneuver's "target involved character" names: the
        one in ``targets``, else the live opponent of the lowest Strength (ruling
        ``played-effects``); ``None`` for a card naming no such target."""
        if not any(e.condition == "involved"
                   for e in effects_of(self.record(card), MANEUVER_DAMAGE)):
            return None
        if targets and card in targets:
            return targets[card]
        live = self._live(opponents)
        return min(live, key=lambda c: ((self.record(c).strength or 0) + self.strength_mod(c), c),
                   default=None)

    def challenge(
        self,
        seat: int,
        challengers: Sequence[int],
        target: int,
        defend_provider: DefendProvider | None = None,
        maneuvers: Mapping[int, Sequence[int]] | None = None,
        assignment: Mapping[int, int] | None = None,
        defending_maneuvers: ManeuverProvider | None = None,
        counter_provider: CounterProvider | None = None,
        maneuver_targets: Mapping[int, int] | None = None,
        damage_provider: DamageProvider | None = None,
        last_call: LastCallProvider | None = None,
    ) -> ChallengeResult:
        """Challenge a rival's active character ("Challenge Rival's Ally"). The target's
        Autarch may name defenders through ``defend_provider``; then ``last_call``
        asks every Autarch holding a Flash, in turn order, whether it plays Flashes
        ("Challenge Summary", step 3; :mod:`.last_call`). When the challenge
        formally begins (after the defenders are named), the challengers' ``maneuvers``
        and then the defending Autarch's (``defending_maneuvers``) are played ("Challenge
        Summary": only combat maneuvers, only from the involved Autarchs); each may be
        countered through ``counter_provider``. ``maneuver_targets``: card -> the
        involved character a maneuver's "target involved character" names. A character
        a maneuver removes from the challenge (or discards) leaves it unpivoted; if the
        target or every challenger leaves, the challenge ends without combat. The victor
        assigns the damage: ``assignment`` if given, else ``damage_provider``'s answer
        for the victor's seat, else the default. Dead characters are discarded;
        challengers and the target pivot, defenders do not."""
        t = self._start_action(seat)
        s = self.table
        owner = self.controller_of(target)
        if owner is None or owner == seat or target not in self.autarch(owner).realm.active:
            raise RuleError(
                "Challenge Rival's Ally", "the target must be a rival's active character"
            )
        if not challengers or len(set(challengers)) != len(challengers):
            raise RuleError("Challenge Rival's Ally", "name one or more different challengers")
        trec = self.record(target)
        for c in challengers:
            self._check_actor(t, seat, c, "Challenge Rival's Ally")
            if not can_challenge(self.record(c), trec):
                raise RuleError("Affiliations", f"{self.name(c)} cannot challenge the Vassal"
                                f" {trec.name} (Prime below 5)")
            if self.restricted(c, NO_CHALLENGE):
                raise RuleError("Challenge Rival's Ally", f"{self.name(c)} cannot challenge")
        self.check_maneuvers(seat, challengers, maneuvers, CardType.COMBAT_MANEUVER)
        defenders = list(defend_provider(self, owner, target, list(challengers))) if (
            defend_provider) else []
        orealm = self.autarch(owner).realm
        for d in defenders:
            if d == target or d not in orealm.active:
                raise RuleError("Challenge Rival's Ally", f"{self.name(d)} cannot defend")
            if d in s.pivoted and not self.record(d).has_affiliation("Aphrodyte"):
                raise RuleError("Pivoted Cards", f"{self.name(d)} is pivoted and cannot defend")
        self._say(
            f"{self._who(seat)} challenges {trec.name} with {self._names(challengers)};"
            f" defenders: {self._names(defenders)}."
        )
        defending = [target, *defenders]
        everyone = [*challengers, *defending]
        if any(t not in everyone for t in (maneuver_targets or {}).values()):
            raise RuleError("Target Characters and Acting Allies", "a maneuver's target must"
                            " be involved in the challenge")
        left: list[int] = []
        if last_call is not None:
            self._last_call(last_call, LastCall(CHALLENGE, seat, tuple(challengers), owner,
                                                tuple(defending), target))
            # a challenger a Flash pivoted or removed is out ("Challenge Summary", 4)
            left += [c for c in challengers if c in s.pivoted or not self._in_action(c)]
            maneuvers = _still_involved(maneuvers, [c for c in challengers if c not in left],
                                        self.autarch(seat).hand)
        counter = (counter_provider, (seat, owner)) if counter_provider else None
        bonus = self._play_maneuvers(seat, challengers, maneuvers, CardType.COMBAT_MANEUVER,
                                     None, counter, defending, maneuver_targets, left)
        theirs = defending_maneuvers(self, owner, defending, list(challengers)) if (
            defending_maneuvers) else None
        dbonus = self._play_maneuvers(owner, defending, theirs, CardType.COMBAT_MANEUVER,
                                      None, counter, challengers, maneuver_targets, left)
        if left or maneuvers or theirs:
            challengers = [c for c in challengers if c not in left and self._in_action(c)]
            defenders = [d for d in defenders if d not in left and self._in_action(d)]
            if not challengers or target in left or not self._in_action(target):
                s.pivoted.update(challengers)
                self._say("The challenge ends without combat.")
                return ChallengeResult(0, 0, None, 0, {}, (), tuple(challengers))
            defending = [target, *defenders]
        for c in challengers:
            bonus[c] = bonus.get(c, 0) + self.attached_versus(c, defending)
        for d in defending:
            dbonus[d] = dbonus.get(d, 0) + self.attached_versus(d, challengers)
        sides = (
            [Combatant(c, self.record(c), False, bonus.get(c, 0),
                       self.strength_mod(c, challengers)) for c in challengers],
            Combatant(target, trec, target in s.pivoted, dbonus.get(target, 0),
                      self.strength_mod(target, defending, defending=True)),
            [Combatant(d, self.record(d), d in s.pivoted, dbonus.get(d, 0),
                       self.strength_mod(d, defending, defending=True)) for d in defenders],
        )
        if assignment is None and damage_provider is not None:
            trial = resolve_challenge(*sides)
            if trial.victor is not None:
                won = trial.victor == "challengers"
                assignment = damage_provider(self, seat if won else owner, trial.damage,
                                             defending if won else list(challengers))
        result = resolve_challenge(*sides, assignment)
        self._say(
            f"Combat strength {result.challenger_strength} against {result.defending_strength}:"
            f" {result.damage} damage"
            + (f", {self._names(result.killed)} killed." if result.killed else ", nobody dies.")
        )
        s.pivoted.update(result.pivot)
        for dead in result.killed:
            self.discard(dead)
        return result

    def ally_action(
        self,
        seat: int,
        ally: int,
        card: int,
        target: int | None = None,
        counter_provider: CounterProvider | None = None,
    ) -> bool:
        """Play an Ally Action card through an unpivoted active Ally, which pivots (even
        if countered: "a counter prevents the effect of the card, but does not prevent
        the pivot"). A permanent one attaches to ``target``, which only a card naming a
        "target" may give; default the acting Ally ("Target Characters and Acting
        Allies"). Its Magic/Strength bonuses are modelled (:mod:`.maneuvers`), other
        text is not. Returns True if it resolved."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Ally Action")
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand or rec.card_type is not CardType.ALLY_ACTION:
            raise RuleError("Ally Action", f"{rec.name} is not an Ally Action card in hand")
        if target is not None and target not in self.targetable():
            raise RuleError("Ally Action", f"{self.name(target)} is not a card in play to target")
        if target not in (None, ally) and not names_a_target(rec):
            raise RuleError("Target Characters and Acting Allies", f"{rec.name} names no"
                            " target: only the acting Ally receives its effect")
        if not may_receive(rec, self.record(ally if target is None else target)):
            raise RuleError("Target Characters and Acting Allies",
                            f"{rec.name} cannot be played from {self.name(ally)}")
        self.check_played_target(rec, seat, target)
        a.hand.remove(card)
        self._say(f"{self.name(ally)} performs {rec.name}.")
        self.table.pivoted.add(ally)
        if self._countered(card, target, counter_provider):
            a.in_ovo.append(card)
            return False
        if self._place_played(card, ally if target is None else target, seat):
            done = self.resolve_played(card, seat, target, actor=ally)
            self._say(f"{rec.name}: {self.played_note(rec, done, effect_note(rec, True))}.")
        return True

    def use_power(self, seat: int, ally: int, target: int) -> None:
        """Use an activation power in place of an Ally action; the Ally pivots after.
        Recognised: "Target Site is Resistance -N until end of round" (General
        Rosengarten) and the Artist affiliation's Magic +3 to another Ally until the end
        of the round."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Card Powers, Traits, and Special Rules")
        rec = self.record(ally)
        amount = site_resistance_power(rec)
        s = self.table
        if amount is not None:
            if target not in s.in_play() or not is_site(self.record(target)):
                raise RuleError("Card Powers, Traits, and Special Rules", "target a Site in play")
            s.resistance_mods[target] = s.resistance_mods.get(target, 0) + amount
            self._say(f"{rec.name} makes {self.name(target)} Resistance {amount:+d} until end"
                      f" of round (now {self.current_resistance(target)}) and pivots.")
        elif is_artist(rec):
            if target == ally or self.controller_of(target) != seat or not is_character(
                self.record(target)
            ):
                raise RuleError("Affiliations: Artist", "give the bonus to another Ally")
            s.magic_mods[target] = s.magic_mods.get(target, 0) + ARTIST_MAGIC_BONUS
            self._say(f"{rec.name} (Artist) gives {self.name(target)} Magic"
                      f" +{ARTIST_MAGIC_BONUS} until the end of the round and pivots.")
        else:
            raise RuleError("Card Powers, Traits, and Special Rules",
                            f"{rec.name} has no activation power the engine models")
        s.pivoted.add(ally)

    def take_back_tabula_rasa(self, seat: int, ally: int, card: int) -> None:
        """"Affiliations: Tabula Rasa": as an Ally action, take an active, unpivoted Tabula
        Rasa Ally back into the hand to send a permanent Ally Action or permanent Flash
        in play to its owner's In Ovo (ruling ``tabula-rasa``)."""
        section = "Affiliations: Tabula Rasa"
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, section)
        arec, crec = self.record(ally), self.record(card)
        if not arec.has_affiliation("Tabula Rasa"):
            raise RuleError(section, f"{arec.name} is not a Tabula Rasa Ally")
        s = self.table
        holder = next((k for k, perms in s.attached.items() if card in perms), None)
        owner_effects = next((x for x in s.autarchs if card in x.effects), None)
        if (crec.card_type not in (CardType.ALLY_ACTION, CardType.FLASH) or not crec.permanent
                or (holder is None and owner_effects is None)):
            raise RuleError(section, f"{crec.name} is not a permanent Ally Action or Flash"
                            " in play")
        self._remove_permanent(card)
        realm = self.autarch(seat).realm
        realm.active.remove(ally)
        self._detach_all(ally)
        self.autarch(s.owners[ally]).hand.append(ally)
        self._say(f"{arec.name} (Tabula Rasa) returns to the hand and sends {crec.name} to"
                  " its owner's In Ovo.")

    def retreat(self, seat: int, ally: int) -> None:
        """Retreat: the Ally moves from the active area to the Reserve and pivots."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Retreat")
        realm = self.autarch(seat).realm
        realm.active.remove(ally)
        realm.reserve.append(ally)
        self.table.pivoted.add(ally)
        self._say(f"{self.name(ally)} retreats to the Reserve.")

    def idle(self, seat: int, ally: int) -> None:
        """Idle: the Ally takes no action this turn and does not pivot; it may still
        defend or contest on other Autarchs' turns."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Idle")
        t.idled.add(ally)
        self._say(f"{self.name(ally)} idles.")

    # ------------------------------------------------------------------ Flashes
    def play_flash(
        self,
        seat: int,
        card: int,
        target: int | None = None,
        counter_provider: CounterProvider | None = None,
    ) -> bool:
        """Play a Flash in the Autarch or Ally phase. Before it resolves, an Autarch may
        counter it with an unpivoted active Ally whose "Counters P" names it; then the
        Flash is discarded and the Ally pivots. Returns True if the Flash resolved (its
        effect is not modelled: an instant goes to the In Ovo, a permanent attaches to
        ``target``)."""
        s = self.table
        if s.phase not in (AUTARCH_PHASE, ALLY_PHASE) or s.over:
            raise RuleError("Types of Cards: Flashes", "Flashes are played in the Autarch or"
                            " Ally phase")
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand or rec.card_type is not CardType.FLASH:
            raise RuleError("Types of Cards: Flashes", f"{rec.name} is not a Flash in hand")
        if only_counters(rec):
            raise RuleError("Timing and Countering", f"{rec.name} is played only to counter a"
                            " card or action, after it is played")
        if target is not None and target not in self.targetable():
            raise RuleError("Types of Cards: Flashes",
                            f"{self.name(target)} is not a card in play to target")
        self.check_played_target(rec, seat, target, required=True)
        a.hand.remove(card)
        on = f" on {self.name(target)}" if target is not None else ""
        self._say(f"{a.name} plays the Flash {rec.name}{on}.")
        try:
            countered = self._countered(card, target, counter_provider)
        except RuleError:
            a.hand.append(card)
            raise
        if countered:
            a.in_ovo.append(card)
            return False
        if self._place_played(card, target, seat):
            done = self.resolve_played(card, seat, target)
            note = self.played_note(rec, done, effect_note(rec, target is not None))
            self._say(f"{rec.name} resolves: {note}.")
        return True

    # ------------------------------------------------------------------ removal
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

    # ------------------------------------------------------------------ Phase 4
    def move_forward(self, seat: int, ally: int) -> None:
        """Move an unpivoted reserve to the active area (Reconciliation)."""
        self._require_turn(seat, RECONCILIATION)
        realm = self.autarch(seat).realm
        if ally not in realm.reserve:
            raise RuleError("Phase 4: The Reconciliation", f"{self.name(ally)} is not a reserve")
        if ally in self.table.pivoted:
            raise RuleError("Pivoted Cards", "pivoted characters may not move forward")
        if self.restricted(ally, STAY_IN_RESERVE):
            raise RuleError("Phase 4: The Reconciliation", f"{self.name(ally)} must remain in"
                            " the Reserve")
        realm.reserve.remove(ally)
        realm.active.append(ally)
        self._say(f"{self.name(ally)} moves forward to the active area.")

    def unpivoted_site_masks(self, seat: int) -> list[int]:
        return [
            dominion_mask(self.record(e.site))
            for e in self.autarch(seat).realm.state
            if e.site not in self.table.pivoted
        ]

    def reconcile(self) -> int | None:
        """End of the Reconciliation: victory ("Phase 4: The Reconciliation"), then
        Exhausted Destiny, then "until end of round" effects end. Returns the winner."""
        s = self.table
        s.phase = RECONCILIATION
        qualifying = {}
        for a in s.autarchs:
            if a.eliminated:
                continue
            masks = self.unpivoted_site_masks(a.seat)
            if has_victory(masks, s.variant):
                qualifying[a.seat] = len(masks)
        winner = decide_winner(qualifying)
        if winner is not None:
            s.winner = winner
            s.over = True
            self._say(f"{self._who(winner)} controls unpivoted Sites of the Dominions needed"
                      " and wins.")
        elif len(qualifying) > 1:
            self._say("Several Autarchs qualify with as many unpivoted Sites: no winner yet.")
        if not s.over:
            self._remove_exhausted()
        lapsed = bool(s.resistance_mods or s.magic_mods or s.gained)
        s.resistance_mods.clear()
        s.magic_mods.clear()
        s.strength_mods.clear()
        if s.gained:
            s.gained.clear()
            self.refresh_altered()
        if lapsed and not s.over:
            self._recheck_holders()
        return s.winner

    def _recheck_holders(self) -> None:
        """When "until end of round" effects lapse, a Site whose Holders no longer have
        the influence to secure it becomes uncontrolled ("Securing the Site": Holders
        "MAY be targeted by cards which might adjust the influence enough to make the
        Site unsecured"; "Losing Controlled Sites")."""
        for a in self.table.autarchs:
            for entry in list(a.realm.state):
                if not self.is_held(entry):
                    self._say(f"The round's effects end: {self.name(entry.site)}'s Holders lack"
                              " the influence to hold it.")
                    self.lose_site(a.seat, entry.site)

    def _remove_exhausted(self) -> None:
        """"Exhausted Destiny" for every Autarch whose Destiny ran out this round, all at
        once (ruling ``exhausted-together``): when that is every Autarch still in the
        game, the game ends without a winner."""
        s = self.table
        exhausted = [a.seat for a in s.autarchs if not a.eliminated and a.destiny.exhausted]
        remaining = [a.seat for a in s.autarchs if not a.eliminated]
        if exhausted and len(exhausted) == len(remaining):
            for seat in exhausted:
                self.autarch(seat).eliminated = True
            s.over = True
            self._say("Every remaining Autarch drew the last card of the Destiny without"
                      " victory: the game ends with no winner.")
            return
        for seat in exhausted:
            self._eliminate(seat)

    def _eliminate(self, seat: int) -> None:
        """"Exhausted Destiny": the Autarch is removed from the game."""
        s = self.table
        a = self.autarch(seat)
        a.eliminated = True
        self._say(f"{a.name} drew the last card of the Destiny without victory and is"
                  " removed from the game.")
        remaining = [x.seat for x in s.autarchs if not x.eliminated]
        if len(s.autarchs) == 2 and len(remaining) == 1:
            s.winner = remaining[0]
            s.over = True
            self._say(f"{self._who(remaining[0])} wins automatically.")
            return
        if not remaining:
            s.over = True
            return
        for ally in list(a.realm.active) + list(a.realm.reserve) + a.realm.holders():
            if s.owners[ally] == seat:
                self.discard(ally)
