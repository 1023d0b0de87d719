"""The rules applied to the table: every legal move, checked, with a readable log.

:class:`Game` is put together from one module per part of play: :mod:`.core` (the
table, the log, what every phase uses), :mod:`.setup_phase`, :mod:`.coming_of_order`,
:mod:`.autarch_phase`, :mod:`.ally_phase` with :mod:`.seizing` and :mod:`.challenging`,
:mod:`.responses` (Flashes, countering, maneuvers, the last call) and
:mod:`.reconciliation`. The action interface on it is :mod:`.actions`,
:mod:`.decisions`, :mod:`.legal`, :mod:`.flow` and :mod:`.clone`.

:class:`Game` owns a :class:`~deckbuilder.engine.table.zones.Table` and changes it
only through methods named for the rulebook's moves. Each method checks legality and raises
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
their power was not applied; the Autarch whose turn it is may then apply it by hand
that round (:mod:`.manual`).
"""

from __future__ import annotations

from deckbuilder.engine.game.ally_phase import AllyPhase
from deckbuilder.engine.game.autarch_phase import AutarchPhase
from deckbuilder.engine.game.challenging import Challenging
from deckbuilder.engine.game.coming_of_order import ComingOfOrder
from deckbuilder.engine.game.core import (
    ALLY_PHASE,
    AUTARCH_PHASE,
    COMING_OF_ORDER,
    DRAWS_PER_ROUND,
    RECONCILIATION,
    SETUP,
    ContestProvider,
    CounterProvider,
    DamageProvider,
    DefendProvider,
    LastCallProvider,
    ManeuverProvider,
    Turn,
)
from deckbuilder.engine.game.manual import ManualAdjustments
from deckbuilder.engine.game.reconciliation import Reconciliation
from deckbuilder.engine.game.responses import Responses
from deckbuilder.engine.game.seizing import JOIN, PathChooser, Seizing, default_path_choice
from deckbuilder.engine.game.setup_phase import SetupPhase


class Game(SetupPhase, ComingOfOrder, AutarchPhase, AllyPhase, Seizing, Challenging,
           Responses, Reconciliation, ManualAdjustments):
    """A game between ``len(decks)`` Autarchs (one for goldfishing).

    ``decks``: one sequence of card records per Autarch, one record per copy. Card ids
    are assigned seat by seat in deck order, so in a one-Autarch game card ``i`` is the
    deck's ``i``-th card. ``seed`` makes every shuffle reproducible.
    """


__all__ = ["ALLY_PHASE", "AUTARCH_PHASE", "COMING_OF_ORDER", "DRAWS_PER_ROUND", "JOIN",
           "RECONCILIATION", "SETUP", "ContestProvider", "CounterProvider", "DamageProvider",
           "DefendProvider", "Game", "LastCallProvider", "ManeuverProvider", "PathChooser",
           "Turn", "default_path_choice"]
