"""Family: the other effects of played cards (Dictates, Flashes, Ally Actions,
maneuvers): "Draw N cards", "Unpivot target Ally", "Deal N damage to target character",
"Target involved Site is Resistance -2 until end of round", "Your Vassals are strength
+1", "Acting Ally gains Artist affiliation", ... (every form :mod:`..card_effects` lists).

Sources: rulebook "Card Powers, Traits, and Special Rules", "Permanents and Instants",
"Damage Outside of Challenges", "Pivoted Cards" (ruling ``played-effects``); the full
engine: :mod:`deckbuilder.engine.game.played_effects`."""

from card_db.records import CardType
from deckbuilder.engine.powers import card_effects as ce
from deckbuilder.engine.powers.families._words import signed
from deckbuilder.engine.powers.registry import PowerFamily

_WORDS = {
    ce.UNPIVOT: "unpivots a target Ally",
    ce.PIVOT_SITE: "pivots a target Site",
    ce.MOVE_FORWARD: "moves a target Ally from the reserve to the active area",
    ce.NO_CHALLENGE: "the target character cannot challenge while the card stays",
    ce.STAY_IN_RESERVE: "the target character must remain in reserve while the card stays",
    ce.CLOSED_ROADS: "Paths cannot be played on the target Site while the card stays",
    ce.LOOK_PATHS: "its Autarch looks at the Paths on a target Site",
    ce.LOSE_POWERS: "the target character loses all powers while the card stays",
    ce.LEAVE_CHALLENGE: "the acting Ally leaves the challenge unpivoted",
}


def words(e: ce.CardEffect) -> str:  # noqa: PLR0911 (one case per effect kind)
    """The reading of one :class:`~..card_effects.CardEffect` in words."""
    until = " until end of round" if e.lasting else ""
    if e.kind == ce.DRAW:
        return f"its Autarch draws {e.amount} card{'s' if e.amount != 1 else ''}"
    if e.kind == ce.STAT:
        return f"{e.stat.title()} {signed(e.amount)} to a target {e.subject or 'character'}{until}"
    if e.kind == ce.DAMAGE:
        involved = "involved " if e.condition == "involved" else ""
        return f"deals {e.amount} damage to a target {involved}character"
    if e.kind == ce.RECOVER:
        return f"returns a {e.subject or 'character'} from the In Ovo to the hand"
    if e.kind == ce.DISCARD:
        return f"discards a target permanent {e.subject}"
    if e.kind == ce.RESISTANCE:
        where = {"involved": "the involved Site", "circle": "a Site in the Circle"}.get(
            e.condition, "a target Site")
        return f"Resistance {signed(e.amount)} to {where}{until}"
    if e.kind == ce.SIDE_BONUS:
        when = " while defending" if e.condition == "defending" else ""
        return f"its {e.subject or 'character'}s are {e.stat.title()} {signed(e.amount)}{when}"
    if e.kind == ce.GAIN:
        return f"the acting Ally gains the {e.subject} affiliation{until}"
    if e.kind == ce.COUNTER:
        return f"counters {e.subject}"
    return _WORDS[e.kind]


def read(sentence: str, abilities: tuple = ()) -> str | None:
    e = ce.sentence_effect(sentence)
    return None if e is None else words(e)


FAMILY = PowerFamily(
    name="played_effect",
    title="Effects of played cards",
    section="Card Powers, Traits, and Special Rules; Permanents and Instants",
    grammar="Draw N cards | Unpivot target Ally | Deal N damage to target [involved] "
            "character | Target <kind> is magic|strength +N until end of round | ... "
            "(docs/card-powers.md lists every form)",
    example="Unpivot target Ally",
    applied_by="engine.played_effects",
    read=read,
    card_types=(CardType.COMBAT_MANEUVER, CardType.INFLUENCE_MANEUVER, CardType.DICTATE,
                CardType.FLASH, CardType.ALLY_ACTION),
    example_type=CardType.FLASH,
    order=50,
)
