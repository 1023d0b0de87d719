"""The engine's decisions where the rulebook is unclear or contradicts itself, in one place.

Source: the rulebook, ``imajica-ccg-rulebook.txt``; each :class:`Ruling` names the
sections that disagree, quotes them briefly and says what the engine does. The modules
that apply a ruling cite it by its ``key``; :data:`RULINGS` is the only place the
decision is written down.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    """One decision: ``sections`` that disagree or leave a gap, ``quotes`` (short), and
    the ``decision`` the engine applies (``where``: the module applying it)."""

    key: str
    sections: tuple[str, ...]
    quotes: tuple[str, ...]
    decision: str
    where: str


#: Securing on equal influence: True means ``influence >= Resistance`` secures.
SECURE_ON_EQUAL = True

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "secure-on-equal",
        ("Securing the Site", "Seizing Sites and Contests"),
        ('"equal to or greater than the target Site\'s resistance"',
         '"If the influence total of those seizing exceeds the resistance"'),
        "The main text wins: influence equal to the Resistance secures the Site.",
        "deckbuilder.engine.rules.influence",
    ),
    Ruling(
        "maestro-alone",
        ("Affiliations: Maestro", "Glossary: Maestro", "\"May hold Y alone\"",
         "Losing Controlled Sites"),
        ('"A Maestro can seize and secure a Site alone, regardless of the resistance"',
         '"this character is considered in maintenance of the required influence,'
         ' regardless of the actual influence of the Holders"'),
        "\"Alone\" means the same for a Maestro and for \"May hold Y alone\": the"
        " character suffices by itself, whatever the influence of the others (the second"
        " quote speaks of the Holders, so others may hold with it). A Maestro among the"
        " seizing Allies or the Holders meets the Resistance, with or without companions,"
        " as a \"May hold Y alone\" character does for Y; a Site whose Holders no longer"
        " meet it after a reassignment or when effects lapse is lost (\"Losing Controlled"
        " Sites\"). A contest is still decided on influence.",
        "deckbuilder.engine.rules.influence",
    ),
    Ruling(
        "exhausted-together",
        ("Exhausted Destiny",),
        ('"if victory cannot be secured by the end of the Reconciliation, the Autarch is'
         ' removed from the game"', '"In a two-player game, the opponent automatically'
         ' wins."'),
        "The rulebook does not say what happens when several Autarchs' Destinies run out"
        " in the same round. All of them are removed at the same moment, so the seat order"
        " never decides; when that removes every Autarch still in the game, the game ends"
        " with no winner (the opponent who would win automatically is removed too).",
        "deckbuilder.engine.game",
    ),
    Ruling(
        "last-autarch-wins",
        ("Exhausted Destiny", "Object"),
        ('"In a two-player game, the opponent automatically wins."',
         '"The remaining players continue the game normally."'),
        "In a game of three or more, once removals leave a single Autarch, there is no"
        " one left to continue with: that Autarch wins at once, as the opponent does in a"
        " two-player game (issue 22). Before that, the remaining Autarchs play on.",
        "deckbuilder.engine.game.reconciliation",
    ),
    Ruling(
        "one-action-per-turn",
        ("Phase 3: Ally Phase", "Pivoted Cards"),
        ('"every active Ally may perform one action"',
         '"Pivoted cards may not make any actions until unpivoted."'),
        "The first passage sets the number of actions, one per Ally per turn; the second"
        " adds a condition, not a second action. An Ally a Flash unpivots after its action"
        " has still taken its one action this turn: it may not seize, challenge, play an"
        " Ally Action, use a power or retreat again, but it may defend, contest and counter"
        " (which are not its actions) and it counts as unpivoted for them.",
        "deckbuilder.engine.game.ally_phase",
    ),
    Ruling(
        "counter-chains",
        ("Timing and Countering",),
        ('"All Autarchs must have the opportunity to respond to any action, provided it is'
         ' in the context of the game sequence, before that action is resolved."',),
        "Playing a card to counter is an action like any other, so before it resolves"
        " every Autarch is offered to counter it in turn, in turn order from the leader: a"
        " Flash that \"Counters any Flash\" may counter a Flash played to counter, and so"
        " on down the chain, each card played once. A countered counter takes no effect:"
        " the card it aimed at is not countered. An Ally's \"Counters P\" is an ability, not"
        " a card played, so it is not itself offered for countering.",
        "deckbuilder.engine.game.responses",
    ),
    Ruling(
        "dictate-ends-turn",
        ("Phase 2: Autarch Phase", "Summary of Play: Phase Two"),
        ('"After the Autarch makes a Dictate, or declares a refusal of it, the turn is'
         ' over"', '"Play one Dictate, or reassign Allies"'),
        "A reassignment is the turn's Dictate, so after a Dictate or a reassignment no"
        " Site, Path or second Dictate may be played that turn. Flashes, which may be"
        " played at any time in the Autarch phase, are still allowed.",
        "deckbuilder.engine.game",
    ),
    Ruling(
        "counter-kinds",
        ("Some Special Powers: Counter P", "Timing and Countering"),
        ('"P is a power, specific or in general"',),
        "\"Counters X\" names one card (\"Counters Amnesia\") or, in general, a kind:"
        " a card type (\"any Flash\", \"any Path\", \"any Influence Maneuver\") or a"
        " family of names printed before a colon (\"any Emotion\" counters"
        " \"Emotion: Dread\").",
        "deckbuilder.engine.powers.countering",
    ),
    Ruling(
        "maneuver-strength",
        ("Challenge Summary", "Combat maneuvers", "Permanents and Instants"),
        ('"Any character receiving more damage than its strength"',
         '"Effects of instant combat maneuvers end with the challenge"'),
        "An instant combat maneuver adds to its side's combat strength only; damage must"
        " exceed the character's Strength characteristic. A permanent maneuver (or any"
        " permanent attached to the character) changes the characteristic itself while"
        " it stays in play, so damage must exceed the raised Strength.",
        "deckbuilder.engine.rules.challenge",
    ),
    Ruling(
        "versus-cumulative",
        ("Card Powers, Traits, and Special Rules",),
        ('"traits on characters are NOT cumulative"',
         '"Powers without an icon are always in effect and are cumulative"'),
        "\"+N Versus X\" is listed among the special traits: only the largest matching"
        " one applies. \"+N versus Y Sites\" is listed among the special powers: matching"
        " ones add up.",
        "deckbuilder.engine.rules.challenge, deckbuilder.engine.rules.influence",
    ),
    Ruling(
        "printed-conditions",
        ("Target Allies and Acting Allies", "Combat maneuvers", "Influence maneuvers"),
        ('"These cards can only be played on targets specified on the card"',),
        "A maneuver whose subject names a kind (\"Acting Maestro\") may only be played"
        " from an acting Ally of that kind; \"+N, or +M if it is an X\" gives M only to"
        " an X; \"+N for each involved X you control\" counts the playing Autarch's"
        " involved X characters, the acting Ally included.",
        "deckbuilder.engine.powers.maneuvers",
    ),
    Ruling(
        "site-power-dictate",
        ("Card Powers, Traits, and Special Rules",),
        ('"The power is usable whenever a card of the same type would be usable"',
         '"For Site powers, the card must be secured"'),
        "A Site power with the Dictate icon is used by the Autarch holding the Site, in"
        " its Autarch-phase turn, as that turn's one Dictate (so it also ends the turn);"
        " the Site pivots after, and a pivoted Site does not count for victory that"
        " round (\"Pivoted Cards\").",
        "deckbuilder.engine.game",
    ),
    Ruling(
        "site-trait-holding",
        ("Card Powers, Traits, and Special Rules", "Securing the Site"),
        ('"Traits are permanent effects"',
         '"Pivoting the Holder of a Site will not change its influence"'),
        "A \"<Kind> seizing this Site are magic +N\" trait counts when seizing and keeps"
        " counting for the Holders who secured the Site with it; contesters do not get"
        " it. Traits on Sites add up.",
        "deckbuilder.engine.game, deckbuilder.engine.powers.site_traits",
    ),
    Ruling(
        "turn-effects",
        ("Phase 1: Coming of Order", "Phase 4: The Reconciliation", "Order of Play"),
        ('"take effect on the Autarch\'s turn"',
         '"All cards in play that have an effect \u201cat the beginning of a turn\u201d take'
         ' effect during this phase."'),
        "Every phase gives each Autarch a turn, but the rulebook ties \"end of a turn\""
        " effects to the Reconciliation and \"at the beginning of a turn\" effects to the"
        " Coming of Order. So, once a round per Autarch: \"at the beginning of a turn\""
        " effects in the Coming of Order, before the cards unpivot and the two draws"
        " (each Autarch's in turn order from the leader), \"at the end of a turn\" effects"
        " at the end of its Reconciliation turn. The controlling Autarch receives the"
        " effect; an effect on a character"
        " (\"target character is magic +1 until end of round\") acts on the character the"
        " permanent is attached to.",
        "deckbuilder.engine.game, deckbuilder.engine.powers.turn_effects",
    ),
    Ruling(
        "immunity-kinds",
        ("Affiliations: Adorer", "Affiliations: Oviate"),
        ('"Immune to Hapexamendios Action cards"', '"Immune to all emotion effects"'),
        "An emotion effect is a card of the \"Emotion:\" family (or with the trait"
        " Emotion); a Hapexamendios Action card is an Ally Action of the"
        " \"Hapexamendios:\" family (or with that trait). Played on an immune character,"
        " the card is used (to the In Ovo, even a permanent) and has no effect on it.",
        "deckbuilder.engine.powers.immunity",
    ),
    Ruling(
        "tabula-rasa",
        ("Affiliations: Tabula Rasa",),
        ('"Take back any Tabula Rasa Ally into your hand as an Ally action"',),
        "The Ally taken back is the one acting: an active, unpivoted Tabula Rasa Ally"
        " returns to its owner's hand (its attached permanents are discarded) and the"
        " chosen permanent Ally Action or Flash goes to its owner's In Ovo.",
        "deckbuilder.engine.game",
    ),
    Ruling(
        "played-effects",
        ("Card Powers, Traits, and Special Rules", "Target Characters and Acting Allies",
         "Permanents and Instants"),
        ('"Effects are either targeted to any character, or affect the controlling Autarch,'
         ' unless otherwise noted on the card"',
         '"These cards can only be played on targets specified on the card"',
         '"Once played, a permanent card will remain in play until removed by another card"'),
        "A targeted effect acts on the card named as its target, which must fit the text"
        " (\"Target Maestro\": a Maestro in play); a Dictate or Flash played without a"
        " target is used without that effect, and an Ally Action card or maneuver acts on"
        " its acting Ally. \"Return an X from your In Ovo\" takes the X put there most"
        " recently. Restrictions (\"cannot challenge\", \"must remain in reserve\", \"Paths"
        " cannot be played\"), \"Your X are strength +N\", lost powers and affiliations"
        " gained last while the permanent stays in play; \"until end of round\" changes end"
        " with the Reconciliation. A Flash whose power is \"Counters P\" may be played from"
        " hand to counter, and, during a seizure or challenge, an involved Autarch's"
        " maneuver of that action's kind (\"Counters any Influence Maneuver\"); a counter"
        " played so is offered for countering in turn (ruling counter-chains). A"
        " maneuver's \"Deal N damage to target involved character\" is dealt as the card"
        " resolves, as damage outside challenges (it does not add to the combat's"
        " damage); unnamed, it hits the opposing character of the lowest Strength."
        " \"Remove acting Ally from the challenge\" leaves that Ally unpivoted; when the"
        " target or every challenger leaves, the challenge ends without combat.",
        "deckbuilder.engine.game.played_effects, deckbuilder.engine.game",
    ),
    Ruling(
        "path-choices",
        ("Paths",),
        ('"Unless specifically stated, ALL characters involved in the seizure are targeted'
         ' by a Path, including the contesting characters"',),
        "\"One involved character\" is one still in the seizure, chosen by the Path's owner"
        " (also for \"Return one involved character to its Autarch's reserve\", which names"
        " no chooser); when the owner names none, the engine picks the rival's character of"
        " the highest Magic. \"Each involved Autarch\" is each Autarch controlling an"
        " involved character when the Path is revealed. \"The Path's owner may move one of"
        " their active Allies into the seizure\" works only for an owner already seizing or"
        " contesting, whose Ally joins its own side.",
        "deckbuilder.engine.game, deckbuilder.engine.powers.path_effects",
    ),
    Ruling(
        "manual-adjustment",
        ("Permanents and Instants", "Card Powers, Traits, and Special Rules", "Discarding",
         "Phase 4: The Reconciliation"),
        ('"These cards have an immediate effect, and are then discarded"',
         '"The general timing and effects of these are explained in the card\u2019s'
         ' description area"',
         '"All discards must go to the OWNER\'S In Ovo"'),
        "A played card whose printed text the engine does not read is applied by hand:"
        " in the round it was played, at any move of their own turn, an Autarch may"
        " change a character in play's Magic or Strength (-9 to +9), draw 1 to 5 cards,"
        " discard a chosen card from their own hand, or have an Autarch discard 1 to 5"
        " cards at random, each logged as a manual adjustment naming the card. A Magic or"
        " Strength change lasts until end of round (it ends with the Reconciliation, as"
        " the engine's other \"until end of round\" changes); whether the card's text"
        " calls for it is the person's reading. Discards go to the owner's In Ovo.",
        "deckbuilder.engine.game.manual",
    ),
)


def ruling(key: str) -> Ruling:
    """The :class:`Ruling` called ``key``. Raises ``KeyError`` for an unknown key."""
    for r in RULINGS:
        if r.key == key:
            return r
    raise KeyError(key)
