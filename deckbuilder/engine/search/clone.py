"""A fast copy of a :class:`~deckbuilder.engine.game.Game` for imagined games.

:func:`clone` copies every mutable zone of the table by hand (lists, dicts, sets, the
Destinies, the turn in progress, the sequence of play,
:class:`~deckbuilder.engine.game.flow.Flow`) and shares what never changes (the card
records, owners, the variant). It gives the same game as the engine's
:func:`deckbuilder.engine.game.clone.clone` (a :func:`copy.deepcopy`) at about a tenth of
the cost; ``tests/test_search.py`` plays seeded games on both copies side by side and
compares every zone after every step. Like the engine's, it is taken at a pending
decision (:func:`~deckbuilder.engine.game.flow.pending`). The copy's log starts empty; its
random generator is a copy of the original's (same state), unless ``rng`` is given.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

from deckbuilder.engine.game import Game, Turn
from deckbuilder.engine.rules import alliances
from deckbuilder.engine.table.destiny import Destiny
from deckbuilder.engine.table.zones import Autarch, Realm, SecuredSite, Table

#: Table fields :func:`clone` copies; a test fails when the Table gains another, so
#: that a new zone is never shared between a game and its imagined copies by mistake.
TABLE_FIELDS = (
    "cards", "owners", "autarchs", "variant", "circle", "paths", "attached", "pivoted",
    "round", "phase", "setup_first", "leader", "winner", "over", "resistance_mods",
    "magic_mods", "strength_mods", "gained", "altered", "unapplied",
)
#: Game attributes :func:`clone` copies (checked the same way).
GAME_ATTRS = ("rng", "table", "log", "turn", "_any_timed", "established", "_placements",
              "flow", "countering_depth", "rules")


def _realm(r: Realm) -> Realm:
    return Realm([SecuredSite(e.site, list(e.holders)) for e in r.state],
                 list(r.active), list(r.reserve))


def _autarch(a: Autarch, rng: random.Random) -> Autarch:
    d = Destiny(a.destiny.cards, rng)
    d.exhausted = a.destiny.exhausted
    return Autarch(a.seat, a.name, d, list(a.hand), list(a.in_ovo), _realm(a.realm),
                   list(a.removed), list(a.set_aside), list(a.effects), a.eliminated,
                   a.reshuffled)


def _turn(t: Turn | None) -> Turn | None:
    if t is None:
        return None
    tracker = t.allowance
    if tracker is not None:
        tracker = alliances.AllowanceTracker(tracker.allowance, tracker.spent, tracker.count,
                                             tracker.exception_used)
    return Turn(t.seat, t.phase, t.dictate_used, tracker, t.actions_started, set(t.idled),
                set(t.acted))


def clone(game: Game, rng: random.Random | None = None) -> Game:
    """A copy of ``game`` to play on without touching the original (module doc)."""
    if rng is None:
        rng = random.Random()
        rng.setstate(game.rng.getstate())
    s = game.table
    t = Table(
        cards=s.cards, owners=s.owners,
        autarchs=[_autarch(a, rng) for a in s.autarchs],
        variant=s.variant, circle=list(s.circle),
        paths={k: list(v) for k, v in s.paths.items()},
        attached={k: list(v) for k, v in s.attached.items()},
        pivoted=set(s.pivoted), round=s.round, phase=s.phase, setup_first=s.setup_first,
        leader=s.leader, winner=s.winner, over=s.over,
        resistance_mods=dict(s.resistance_mods), magic_mods=dict(s.magic_mods),
        strength_mods=dict(s.strength_mods),
        gained={k: list(v) for k, v in s.gained.items()}, altered=dict(s.altered),
        unapplied=list(s.unapplied),
    )
    g = Game.__new__(Game)
    g.rng = rng
    g.table = t
    g.log = []
    g.turn = _turn(game.turn)
    g._any_timed = game._any_timed
    g.established = list(game.established)
    g._placements = list(game._placements)
    f = game.flow
    g.flow = None if f is None else replace(f, order=list(f.order))
    g.countering_depth = game.countering_depth
    g.rules = game.rules
    return g


def table_field_names() -> tuple[str, ...]:
    """The :class:`~deckbuilder.engine.table.zones.Table` fields as declared (for the test)."""
    return tuple(f.name for f in fields(Table))
