"""Mystic War: the deal of "3.0 Set Up", reproducible by seed, and exact odds on its deck.

The cards come from the game's data file (``card_db/data/games/mystic-war.toml``):
82 Action cards (48 RESOURCE, 13 SPELL, 9 DEITY, 12 EVENT, one Judgment of them
white-backed) and 12 Victory Condition cards. :func:`deal` follows "3.0 Set Up" for 3
to 8 players; :func:`p_at_least` and its helpers give exact probabilities as
:class:`fractions.Fraction` from ``math.comb`` integers.

What the rules leave open, and how it is decided here (each marked in
:attr:`MysticWarDeal.notes`):

* The amounts printed on the Notoriety, Sorcery, Riches and Dragon cards are not stated
  (only Wild Magic's 4), so the cut "for the highest value Resource card" cannot be
  ranked: every player cuts until a RESOURCE card shows (the cut cards are recorded),
  then the First Player is drawn by lot among the players. ``first_player_estimated``
  is set.
* A cut is put back, so it leaves the deck's order as shuffled.
* The order of dealing is not stated: one card at a time, clockwise (seat order) from
  the First Player, twice.

Odds cannot ask about amounts (e.g. "a Dragon of 10 or more"): those are unknown.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from card_db.errors import UserError
from card_db.games import GameDefinition

GAME = "Mystic War"  # the name in its game file
ACTION_CARDS = ("Action cards",)
VICTORY_CONDITIONS = ("Victory Condition cards",)
WHITE_JUDGMENT = "Judgment (white-backed)"
RESOURCES = ("Followers", "Mystic Power", "Gold")
STARTING_AMOUNT = 5  # "3.0 Set Up": 5 of each resource
DISKS = {"green": 2, "red": 2, "yellow": 3}  # "3.0 Set Up": each player's seven disks
WILD_MAGIC_AMOUNT = 4  # Card Summary: Wild Magic is used as a 4 card

CUT_NOTE = ("The amounts printed on Notoriety, Sorcery, Riches and Dragon cards are not "
            "stated, so the cut cannot be ranked: the First Player is drawn by lot among "
            "the players (estimated).")
DEAL_NOTE = ("The order of dealing is not stated: one card at a time, clockwise from the "
             "First Player.")


class DealError(UserError):
    """A deal the rules do not allow (e.g. a number of players outside 3 to 8)."""


@dataclass(frozen=True)
class ActionCard:
    """One Action card: its name and group path (``("Action cards", "RESOURCE")``...)."""

    name: str
    group: tuple[str, ...]

    @property
    def type(self) -> str:
        """RESOURCE, SPELL, DEITY or EVENT."""
        return self.group[1]

    def matches(self, target: str) -> bool:
        """Whether ``target`` is the card's name or one of its groups (``"EVENT"``,
        ``"Action cards > EVENT > Judgment"``)."""
        path = tuple(part.strip() for part in target.split(">"))
        return (target == self.name or target in self.group[1:]
                or self.group[:len(path)] == path)


@dataclass(frozen=True)
class PlayerSetup:
    """One player after set-up (a Realm mat each): seats are numbered clockwise from 1;
    ``disks`` by colour; the extra yellow disk marks ``wealth``."""

    seat: int
    disks: dict[str, int]
    resources: dict[str, int]
    wealth: str
    victory_condition: str
    hand: tuple[ActionCard, ...]
    cut: tuple[ActionCard, ...]


@dataclass(frozen=True)
class MysticWarDeal:
    """The table after "3.0 Set Up".

    ``deck`` is the Action Card Deck, top card first; its last card is the white-backed
    Judgment, face up and sideways. ``seed`` reproduces the deal.
    """

    seed: int
    players: tuple[PlayerSetup, ...]
    first_player: int
    first_player_estimated: bool
    deck: tuple[ActionCard, ...]
    unused_victory_conditions: int
    notes: tuple[str, ...]


def wealth_status(followers: int, gold: int) -> str:
    """Poor, Content or Rich from the ratio of Gold to Followers ("6.3 Wealth Modifiers")."""
    if gold < followers:
        return "Poor"
    if gold >= 2 * followers:
        return "Rich"
    return "Content"


def action_deck(game: GameDefinition) -> tuple[ActionCard, ...]:
    """The 82 Action cards of a complete copy, in parts-list order."""
    return tuple(ActionCard(c.name, c.group)
                 for c in game.in_group(ACTION_CARDS) for _ in range(c.count))


def shuffled_part(game: GameDefinition) -> tuple[ActionCard, ...]:
    """The Action cards that are shuffled: all but the white-backed Judgment."""
    deck = list(action_deck(game))
    deck.remove(next(card for card in deck if card.name == WHITE_JUDGMENT))
    return tuple(deck)


def victory_condition_deck(game: GameDefinition) -> tuple[str, ...]:
    """The 12 Victory Condition cards by name."""
    return tuple(c.name for c in game.in_group(VICTORY_CONDITIONS) for _ in range(c.count))


def _cut(rng: random.Random, deck: Sequence[ActionCard]) -> tuple[ActionCard, ...]:
    """Cut until a RESOURCE card shows; the cut is put back (the deck is unchanged)."""
    shown = []
    while not shown or shown[-1].type != "RESOURCE":
        shown.append(deck[rng.randrange(len(deck))])
    return tuple(shown)


def dealing_order(players: int, first: int, each: int = 2) -> tuple[int, ...]:
    """The seat that receives each card dealt, in order: one at a time, clockwise from
    seat ``first``, ``each`` times round the table."""
    return tuple((first - 1 + i) % players + 1 for i in range(players * each))


def deal(game: GameDefinition, players: int, seed: int | None = None) -> MysticWarDeal:
    """Set up a game of ``players`` (3 to 8) as "3.0 Set Up" says, reproducibly by ``seed``.

    Without a seed one is drawn and recorded in the result. Raises :class:`DealError`
    for a number of players the rules do not allow.
    """
    low, high = game.players.min, game.players.max
    if not low <= players <= (high or players):
        raise DealError(f"{game.name} is played by {low} to {high} players, not {players}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    conditions = list(victory_condition_deck(game))
    rng.shuffle(conditions)
    drawn, unused = conditions[:players], conditions[players:]
    deck = list(shuffled_part(game))
    rng.shuffle(deck)
    deck.append(next(c for c in action_deck(game) if c.name == WHITE_JUDGMENT))
    cuts = [_cut(rng, deck[:-1]) for _ in range(players)]
    first = rng.randrange(players) + 1
    hands: list[list[ActionCard]] = [[] for _ in range(players)]
    for card, seat in zip(deck, dealing_order(players, first), strict=False):
        hands[seat - 1].append(card)
    resources = dict.fromkeys(RESOURCES, STARTING_AMOUNT)
    setups = tuple(
        PlayerSetup(seat, dict(DISKS), dict(resources), wealth_status(resources["Followers"],
                                                         resources["Gold"]),
                    drawn[seat - 1], tuple(hands[seat - 1]), cuts[seat - 1])
        for seat in range(1, players + 1))
    return MysticWarDeal(seed, setups, first, True, tuple(deck[2 * players:]), len(unused),
                         (CUT_NOTE, DEAL_NOTE))


# --- odds ------------------------------------------------------------------------------


def p_at_least(at_least: int, draws: int, group: int, population: int) -> Fraction:
    """P(at least ``at_least`` of the ``group`` cards among ``draws`` cards drawn without
    replacement from ``population``): the hypergeometric tail, exactly."""
    if not 0 <= group <= population or not 0 <= draws <= population or at_least < 0:
        raise ValueError("need 0 <= group <= population, 0 <= draws <= population, "
                         "at_least >= 0")
    if at_least == 0:
        return Fraction(1)
    ways = sum(comb(group, i) * comb(population - group, draws - i)
               for i in range(at_least, min(group, draws) + 1))
    return Fraction(ways, comb(population, draws))


def count_matching(cards: Iterable[ActionCard], targets: Sequence[str]) -> int:
    """How many ``cards`` match any of ``targets`` (names or groups, see
    :meth:`ActionCard.matches`); :class:`DealError` if a target matches no card."""
    cards = tuple(cards)
    for target in targets:
        if not any(card.matches(target) for card in cards):
            raise DealError(f"no Action card is or belongs to {target!r}")
    return sum(1 for card in cards if any(card.matches(t) for t in targets))


def p_in_first_cards(game: GameDefinition, targets: Sequence[str], cards: int,
                     at_least: int = 1) -> Fraction:
    """P(at least ``at_least`` cards matching ``targets`` among a player's first ``cards``
    Action cards), e.g. ``(["Dragon", "Wild Magic"], 2)`` for a Dragon-capable card in
    the opening two. Any ``cards`` cards dealt from the shuffled part of the deck (81 of
    a complete copy) are a uniform random subset of it, so the answer is the same for
    every seat. Raises :class:`DealError` (the user's question, not a bug) for a
    negative count or more cards than the shuffled part holds.
    """
    shuffled = shuffled_part(game)
    if not 0 <= cards <= len(shuffled):
        raise DealError(f"{cards} cards: a player can be dealt 0 to {len(shuffled)} of the "
                        f"{len(shuffled)} shuffled Action cards")
    if at_least < 0:
        raise DealError(f"at least {at_least}: give a number of cards >= 0")
    return p_at_least(at_least, cards, count_matching(shuffled, targets), len(shuffled))


def p_first_judgment_within(game: GameDefinition, draws: int) -> Fraction:
    """P(the first Judgment comes within the first ``draws`` cards drawn from the deck).

    The white-backed Judgment is always the deck's last card ("3.0 Set Up", "7.1"), so
    only the other Judgments are shuffled; drawing the whole deck always finds one.
    """
    shuffled = shuffled_part(game)
    if draws > len(shuffled):
        return Fraction(1)
    judgments = count_matching(shuffled, ["Action cards > EVENT > Judgment"])
    return p_at_least(1, draws, judgments, len(shuffled))
