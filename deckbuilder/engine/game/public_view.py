"""What one Autarch may see of the table: public information and its own cards.

A computer Autarch (:mod:`.computer`) decides from a :class:`PublicView` only,
never from the :class:`~.game.Game`. Hidden from it ("Game Layout", "Game Setup",
"Paths"): the cards in rivals' hands, the order and content of every Destiny, the
Sites a rival separated at setup, and Paths lying face down that a rival played. The
view exposes their *counts* (hand size, Destiny size, how many Paths lie on a Site and
who played them) but never their card ids: asking for the record, the pivot state or
the zone of a hidden card raises :class:`HiddenInformationError`.

Visible to the Autarch: every card in play face up (the Circle, every Realm, attached
permanents), every In Ovo and removed card, its own hand, its own separated Sites,
its own face-down Paths, and the composition of its own deck (an Autarch knows its
deck list; the order of its Destiny stays unknown, and the view never lists it).
"""

from __future__ import annotations

from card_db.names import fold_name
from card_db.records import CardRecord
from deckbuilder.engine.game import Game, Turn
from deckbuilder.engine.rules.cards import dominion_mask, resistance
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.table.zones import Realm


class HiddenInformationError(AssertionError):
    """A decision tried to read a card its Autarch cannot see (a bug in the decider)."""


class PublicView:
    """The table as seen by the Autarch in ``seat``. Build a fresh one per decision:
    it reads the live game, and its set of hidden cards is computed when built."""

    __slots__ = ("_game", "seat", "_hidden")

    def __init__(self, game: Game, seat: int):
        self._game = game
        self.seat = seat
        s = game.table
        hidden: set[int] = set()
        for a in s.autarchs:
            if a.seat != seat:
                hidden.update(a.hand)
                hidden.update(a.destiny.cards)
                hidden.update(a.set_aside)
        for stack in s.paths.values():
            hidden.update(p for p in stack if s.owners[p] != seat)
        self._hidden = frozenset(hidden)

    def revealing(self, card: int) -> PublicView:
        """This view with ``card`` shown: a face-down Path the engine is revealing now,
        which every Autarch sees before it resolves ("Paths"). Returns ``self``."""
        self._hidden = self._hidden - {card}
        return self

    # -- who and when ------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self._game.table.autarchs)

    @property
    def round(self) -> int:
        return self._game.table.round

    @property
    def phase(self) -> str:
        return self._game.table.phase

    @property
    def leader(self) -> int:
        return self._game.table.leader

    @property
    def variant(self) -> Variant:
        return self._game.table.variant

    @property
    def turn(self) -> Turn | None:
        """The turn in progress (whose it is, Dictate used, Prime spent): public."""
        return self._game.turn

    def seats_from(self, first: int) -> list[int]:
        return self._game.table.seats_from(first)

    def rivals(self) -> list[int]:
        """Rival seats still in the game, in turn order from this Autarch's left."""
        return [s for s in self.seats_from(self.seat) if s != self.seat]

    def eliminated(self, seat: int) -> bool:
        return self._game.table.autarchs[seat].eliminated

    def next_placement(self) -> tuple[int, int] | None:
        return self._game.next_placement()

    # -- cards ---------------------------------------------------------------------------
    def visible(self, card: int) -> bool:
        return card not in self._hidden

    def _check(self, card: int) -> None:
        if card in self._hidden:
            raise HiddenInformationError(
                f"Autarch {self.seat + 1} may not look at card {card} (hidden)"
            )

    def record(self, card: int) -> CardRecord:
        """The card's record as effects in play leave it (an affiliation gained is
        public). Raises :class:`HiddenInformationError` for a hidden card."""
        self._check(card)
        return self._game.record(card)

    def owner(self, card: int) -> int:
        self._check(card)
        return self._game.table.owners[card]

    def pivoted(self, card: int) -> bool:
        self._check(card)
        return card in self._game.table.pivoted

    @property
    def hand(self) -> tuple[int, ...]:
        """This Autarch's own hand."""
        return tuple(self._game.table.autarchs[self.seat].hand)

    @property
    def set_aside(self) -> tuple[int, ...]:
        """This Autarch's own Sites separated at setup."""
        return tuple(self._game.table.autarchs[self.seat].set_aside)

    def hand_size(self, seat: int) -> int:
        return len(self._game.table.autarchs[seat].hand)

    def destiny_size(self, seat: int) -> int:
        return len(self._game.table.autarchs[seat].destiny)

    def in_ovo(self, seat: int) -> tuple[int, ...]:
        return tuple(self._game.table.autarchs[seat].in_ovo)

    def realm(self, seat: int) -> Realm:
        """An Autarch's Realm (State with Holders, active area, Reserve): all face up.
        Read it; never change it."""
        return self._game.table.autarchs[seat].realm

    @property
    def circle(self) -> tuple[int, ...]:
        return tuple(self._game.table.circle)

    def path_owners(self, site: int) -> tuple[int, ...]:
        """Seats that played the Paths lying on ``site``, in the order played (the Paths
        themselves stay face down)."""
        s = self._game.table
        return tuple(s.owners[p] for p in s.paths.get(site, ()))

    def own_paths(self, site: int) -> tuple[int, ...]:
        """This Autarch's own Paths on ``site`` (it knows what it played)."""
        s = self._game.table
        return tuple(p for p in s.paths.get(site, ()) if s.owners[p] == self.seat)

    # -- derived public facts --------------------------------------------------------------
    def current_resistance(self, site: int) -> int:
        self._check(site)
        return resistance(self.record(site)) + self._game.table.resistance_mods.get(site, 0)

    def magic_mod(self, card: int) -> int:
        """Magic modifiers in force: "until end of round" ones and attached permanents."""
        self._check(card)
        return self._game.magic_mod(card)

    def strength_mod(self, card: int) -> int:
        """Lasting Strength modifiers of the permanents attached to ``card``."""
        self._check(card)
        return self._game.strength_mod(card)

    def restricted(self, card: int, kind: str) -> bool:
        """True if a permanent attached to ``card`` (face up, so public) imposes ``kind``
        (:data:`~.card_effects.NO_CHALLENGE`, ``STAY_IN_RESERVE``, ``CLOSED_ROADS``)."""
        self._check(card)
        return self._game.restricted(card, kind)

    def controlled_masks(self, seat: int, unpivoted_only: bool = False) -> list[int]:
        pivoted = self._game.table.pivoted
        return [
            dominion_mask(self.record(e.site))
            for e in self.realm(seat).state
            if not (unpivoted_only and e.site in pivoted)
        ]

    def attached_permanents(self) -> list[tuple[int, ...]]:
        """The permanents attached to each card in play (all face up)."""
        return [tuple(perms) for perms in self._game.table.attached.values()]

    def face_up_in_play(self) -> set[int]:
        """Cards in play that anyone can read (face-down Paths excluded)."""
        return self._game.table.in_play() - self._hidden - {
            p for stack in self._game.table.paths.values() for p in stack
        }

    def unique_names_in_play(self) -> set[str]:
        """Folded names of unique cards in play face up, plus this Autarch's own face-down
        Paths (a rival's face-down unique Path cannot be known)."""
        s = self._game.table
        cards = self.face_up_in_play() | {
            p for stack in s.paths.values() for p in stack if s.owners[p] == self.seat
        }
        return {fold_name(s.cards[c].name) for c in cards if s.cards[c].unique}
