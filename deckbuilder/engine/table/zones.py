"""The table: every zone the rulebook names, and the card-conservation invariant.

"State" means only the rulebook's State (the secured Sites in a Realm, with their
Holders); the whole table is a :class:`Table`, one player's side an :class:`Autarch`.

Sources: rulebook "Game Layout" (the Circle; each Autarch's Realm of State, active
area and Reserve; the Destiny and In Ovo in the Reserve; permanents placed under or
next to their targets), "Game Setup", "Pivoted Cards", "Paths", "Some Special Powers:
Remove from Game".

Cards are identified by integer ids, indexes into :attr:`Table.cards`. Each card
is in exactly one zone (:func:`check_conservation`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from card_db.records import CardRecord
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.table.destiny import Destiny


class InvariantError(AssertionError):
    """The table broke an invariant (a card in no zone or in two)."""


@dataclass(slots=True)
class SecuredSite:
    """A Site in an Autarch's State with its Holders under it ("Securing the Site")."""

    site: int
    holders: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Realm:
    """An Autarch's Realm: the State, the active area and the Reserve ("Game Layout")."""

    state: list[SecuredSite] = field(default_factory=list)
    active: list[int] = field(default_factory=list)
    reserve: list[int] = field(default_factory=list)

    def secured(self, site: int) -> SecuredSite | None:
        for entry in self.state:
            if entry.site == site:
                return entry
        return None

    def holders(self) -> list[int]:
        return [h for entry in self.state for h in entry.holders]

    def allies(self) -> list[int]:
        """Every character this Autarch controls: active, reserves and Holders."""
        return self.active + self.reserve + self.holders()


@dataclass(slots=True)
class Autarch:
    """One Autarch (player): Destiny, hand, In Ovo, Realm and removed cards.

    ``set_aside``: Sites separated from the deck during "Game Setup".
    ``effects``: permanents affecting the Autarch itself, kept in the Reserve area
    ("Game Layout": the Reserve holds "any cards affecting that Autarch").
    ``eliminated``: removed from the game ("Exhausted Destiny").
    """

    seat: int
    name: str
    destiny: Destiny
    hand: list[int] = field(default_factory=list)
    in_ovo: list[int] = field(default_factory=list)
    realm: Realm = field(default_factory=Realm)
    removed: list[int] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    effects: list[int] = field(default_factory=list)
    eliminated: bool = False
    reshuffled: bool = False


@dataclass(slots=True)
class Table:
    """The whole table.

    ``circle``: unsecured Sites, in the order revealed. ``paths``: Site id -> Paths
    face down on it, the first played first ("Paths"). ``attached``: target card id ->
    permanents placed under or next to it ("Permanents and Instants", "Game Layout").
    ``pivoted``: ids of pivoted cards in play. ``setup_first``: the seat that placed the
    first Site; ``leader``: the seat acting first this round ("Order of Play").
    ``resistance_mods``/``magic_mods``/``strength_mods``/``gained`` (affiliations gained):
    effects lasting "until end of round". ``altered``: card id -> the record in force
    while effects change it (affiliations gained, powers lost); see ``Game.record``.
    ``unapplied``: cards played this round whose power the engine did not apply, for
    which a manual adjustment may be made (:mod:`deckbuilder.engine.game.manual`).
    """

    cards: tuple[CardRecord, ...]
    owners: tuple[int, ...]
    autarchs: list[Autarch]
    variant: Variant = field(default_factory=Variant)
    circle: list[int] = field(default_factory=list)
    paths: dict[int, list[int]] = field(default_factory=dict)
    attached: dict[int, list[int]] = field(default_factory=dict)
    pivoted: set[int] = field(default_factory=set)
    round: int = 0
    phase: str = "Game Setup"
    setup_first: int = 0
    leader: int = 0
    winner: int | None = None
    over: bool = False
    resistance_mods: dict[int, int] = field(default_factory=dict)
    magic_mods: dict[int, int] = field(default_factory=dict)
    strength_mods: dict[int, int] = field(default_factory=dict)
    gained: dict[int, list[str]] = field(default_factory=dict)
    altered: dict[int, CardRecord] = field(default_factory=dict)
    unapplied: list[int] = field(default_factory=list)

    def record(self, card: int) -> CardRecord:
        return self.cards[card]

    def seats_from(self, first: int) -> list[int]:
        """Seats in turn order starting at ``first``, proceeding clockwise (to the left),
        skipping eliminated Autarchs ("Order of Play")."""
        n = len(self.autarchs)
        return [
            (first + k) % n for k in range(n) if not self.autarchs[(first + k) % n].eliminated
        ]

    def in_play(self) -> set[int]:
        """Cards in play: the Circle and Paths on it, every Realm, attached permanents."""
        cards = set(self.circle)
        for stack in self.paths.values():
            cards.update(stack)
        for perms in self.attached.values():
            cards.update(perms)
        for autarch in self.autarchs:
            realm = autarch.realm
            cards.update(realm.active)
            cards.update(realm.reserve)
            for entry in realm.state:
                cards.add(entry.site)
                cards.update(entry.holders)
            cards.update(autarch.effects)
        return cards


def zones(state: Table) -> list[tuple[str, list[int]]]:
    """Every zone as ``(label, card ids)``; each card must appear exactly once overall."""
    out: list[tuple[str, list[int]]] = [("Circle", list(state.circle))]
    for site, stack in state.paths.items():
        out.append((f"Paths on {site}", list(stack)))
    for target, perms in state.attached.items():
        out.append((f"attached to {target}", list(perms)))
    for a in state.autarchs:
        tag = f"Autarch {a.seat}"
        out += [
            (f"{tag} Destiny", list(a.destiny.cards)),
            (f"{tag} hand", list(a.hand)),
            (f"{tag} In Ovo", list(a.in_ovo)),
            (f"{tag} removed from the game", list(a.removed)),
            (f"{tag} set aside", list(a.set_aside)),
            (f"{tag} effects", list(a.effects)),
            (f"{tag} active area", list(a.realm.active)),
            (f"{tag} Reserve", list(a.realm.reserve)),
        ]
        for entry in a.realm.state:
            out.append((f"{tag} State", [entry.site]))
            out.append((f"{tag} Holders of {entry.site}", list(entry.holders)))
    return out


def check_conservation(state: Table) -> None:
    """Raise :class:`InvariantError` unless every card is in exactly one zone, Paths lie
    only on Sites in the Circle, permanents are attached only to cards in play, and only
    cards in play are pivoted."""
    counts: Counter[int] = Counter()
    for _, cards in zones(state):
        counts.update(cards)
    total = len(state.cards)
    problems = []
    missing = [c for c in range(total) if counts[c] == 0]
    doubled = [c for c, n in counts.items() if n > 1]
    unknown = [c for c in counts if not 0 <= c < total]
    if missing:
        problems.append(f"cards in no zone: {missing}")
    if doubled:
        problems.append(f"cards in two zones: {doubled}")
    if unknown:
        problems.append(f"unknown card ids: {unknown}")
    circle = set(state.circle)
    stray_paths = [s for s in state.paths if s not in circle]
    if stray_paths:
        problems.append(f"Paths on Sites not in the Circle: {stray_paths}")
    in_play = state.in_play()
    stray = [t for t in state.attached if t not in in_play]
    if stray:
        problems.append(f"permanents attached to cards not in play: {stray}")
    wrong_pivots = sorted(state.pivoted - in_play)
    if wrong_pivots:
        problems.append(f"pivoted cards not in play: {wrong_pivots}")
    if problems:
        raise InvariantError("; ".join(problems))
