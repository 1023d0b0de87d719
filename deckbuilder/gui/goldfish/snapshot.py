"""What the goldfish board shows, read from the engine's game state (no Qt).

Zones as the rulebook's "Game Layout" names them: the Circle (unsecured Sites, with
the Paths face down on them), the Autarch's Realm -- the State (secured Sites with
their Holders under them), the active area, the Reserve (recently introduced Allies,
cards affecting the Autarch) -- and the hand, the Destiny and the In Ovo.
"""

from __future__ import annotations

from dataclasses import dataclass

from card_db.records import CardRecord
from deckbuilder.engine.game import Game


@dataclass(frozen=True)
class CardView:
    """A card in play: ``pivoted`` ("Pivoted Cards"), the permanents ``attached`` to it
    and, for a Site in the Circle, the number of ``paths`` face down on it."""

    record: CardRecord
    pivoted: bool = False
    attached: tuple[CardRecord, ...] = ()
    paths: int = 0


@dataclass(frozen=True)
class HeldSite:
    """A secured Site in the State and the Allies holding it ("Securing the Site")."""

    site: CardView
    holders: tuple[CardView, ...]


@dataclass(frozen=True)
class BoardSnapshot:
    """The table of a one-Autarch goldfish game at one moment."""

    round: int
    phase: str
    circle: tuple[CardView, ...]
    state: tuple[HeldSite, ...]
    active: tuple[CardView, ...]
    reserve: tuple[CardView, ...]
    effects: tuple[CardView, ...]
    hand: tuple[CardRecord, ...]
    destiny: int
    in_ovo: int
    in_ovo_top: CardRecord | None
    removed: int
    over: bool
    won: bool

    @property
    def allies(self) -> int:
        """Allies in play: active, in the Reserve, and holding Sites."""
        return len(self.active) + len(self.reserve) + sum(len(s.holders) for s in self.state)


def take_snapshot(game: Game, seat: int = 0) -> BoardSnapshot:
    """The board of ``seat`` in ``game`` now."""
    state = game.table
    autarch = state.autarchs[seat]

    def view(card: int) -> CardView:
        return CardView(
            record=state.cards[card],
            pivoted=card in state.pivoted,
            attached=tuple(state.cards[c] for c in state.attached.get(card, ())),
            paths=len(state.paths.get(card, ())),
        )

    realm = autarch.realm
    return BoardSnapshot(
        round=state.round,
        phase=state.phase,
        circle=tuple(view(c) for c in state.circle),
        state=tuple(HeldSite(view(e.site), tuple(view(h) for h in e.holders))
                    for e in realm.state),
        active=tuple(view(c) for c in realm.active),
        reserve=tuple(view(c) for c in realm.reserve),
        effects=tuple(view(c) for c in autarch.effects),
        hand=tuple(state.cards[c] for c in autarch.hand),
        destiny=len(autarch.destiny),
        in_ovo=len(autarch.in_ovo),
        in_ovo_top=state.cards[autarch.in_ovo[-1]] if autarch.in_ovo else None,
        removed=len(autarch.removed),
        over=state.over,
        won=state.winner == seat,
    )
