"""How card values are shown to a person, with estimated values marked.

Shared by the CLI, exports and the GUI so that an estimated value is marked the same
way everywhere: a trailing ``*`` (:data:`ESTIMATED_MARK`) and the note
:data:`ESTIMATED_NOTE`.
"""

from __future__ import annotations

from card_db.records import NO_DOMINION, CardRecord, CardType

ESTIMATED_MARK = "*"
ESTIMATED_NOTE = "* estimated value: not confirmed from a printed card; check your card"
#: Label of the card-details row listing the texts the engine does not execute.
NOT_MODELLED_LABEL = "Engine"
NOT_MODELLED_NOTE = "not modelled by the engine"
#: How the card editor marks a typed sentence the engine will not play.
NOT_PLAYED = "will not be played by the engine"

#: Heading of each card type's group in a deck list (rulebook order).
TYPE_GROUP_TITLES = {
    CardType.CHARACTER: "Characters",
    CardType.SITE: "Sites",
    CardType.PATH: "Paths",
    CardType.DICTATE: "Dictates",
    CardType.ALLY_ACTION: "Ally Actions",
    CardType.COMBAT_MANEUVER: "Combat Maneuvers",
    CardType.INFLUENCE_MANEUVER: "Influence Maneuvers",
    CardType.FLASH: "Flashes",
}

#: Readable stall reasons of goldfish games
#: (:data:`deckbuilder.engine.simulation.stalls.STALL_REASONS`).
STALL_TEXT = {
    "no_character": "no free Ally and no Character in hand",
    "prime_too_high": "the Characters in hand could not be established (Prime above the "
                      "allowance, or a unique card already in play)",
    "too_little_magic": "not enough Magic among the free Allies for the Resistance of the "
                        "Sites still needed",
    "dominion_missing": "a Dominion needed for victory has no Site left to seize",
}


def count_text(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that agrees with it: "1 card", "2 cards", "1,000 copies"
    (``plural`` defaults to ``singular`` + "s")."""
    return f"{count:,} {singular if count == 1 else plural or singular + 's'}"


JSON_KEYS = (
    "name",
    "type",
    "dominions",
    "unique",
    "permanent",
    "magic",
    "strength",
    "prime",
    "resistance",
    "gender",
    "affiliations",
    "deck_limit",
    "traits",
    "powers",
    "set",
    "rarity",
    "source",
    "estimated",
)


def card_json(record: CardRecord) -> dict:
    """The CLI's JSON object for a card, with exactly :data:`JSON_KEYS`."""
    return {
        "name": record.name,
        "type": record.card_type.value,
        "dominions": list(record.dominions),
        "unique": record.unique,
        "permanent": record.permanent,
        "magic": record.magic,
        "strength": record.strength,
        "prime": record.prime,
        "resistance": record.resistance,
        "gender": record.gender.value if record.gender else None,
        "affiliations": list(record.affiliations),
        "deck_limit": record.deck_limit,
        "traits": record.traits,
        "powers": record.powers,
        "set": record.set_name,
        "rarity": record.rarity,
        "source": record.source,
        "estimated": sorted(record.estimated),
    }


def power_status_json(record: CardRecord) -> list[dict]:
    """``[{"text", "kind", "modelled", "by"}]`` per sentence of the card's traits and
    powers (:func:`deckbuilder.engine.powers.modelled.modelled_powers`)."""
    from deckbuilder.engine.powers.modelled import modelled_powers  # lazy: not in search

    return [p.to_dict() for p in modelled_powers(record)]


def power_reading_lines(record: CardRecord) -> list[str]:
    """One line per sentence of ``record``'s traits and powers: ``"reads as: <the
    engine's reading>"`` or ``"not played by the engine: <sentence>"`` (the card editor's
    check as a power is typed; :mod:`deckbuilder.engine.powers.registry`)."""
    from deckbuilder.engine.powers.modelled import modelled_powers  # lazy: not in search

    return [f"reads as: {p.reads_as}" if p.modelled and p.reads_as
            else f"played by the engine ({p.by}): {p.text}" if p.modelled
            else f"{NOT_PLAYED}: {p.text}"
            for p in modelled_powers(record)]


def unplayed_json(records) -> dict:
    """``{"cards", "names"}``: a deck's copies with powers the engine does not play
    (:func:`deckbuilder.engine.powers.modelled.unplayed_cards`)."""
    from deckbuilder.engine.powers.modelled import unplayed_cards  # lazy: not in search

    return unplayed_cards(records)


def unplayed_text(unplayed: dict, label: str = "") -> str:
    """One line for the CLI: how many of the deck's cards have powers the engine does not
    play, "none" when every power is played."""
    head = f"{label}Cards with powers the engine does not play: "
    if not unplayed["cards"]:
        return head + "none"
    return head + f"{unplayed['cards']} ({', '.join(unplayed['names'])})"


def not_modelled_row(record: CardRecord) -> tuple[str, str] | None:
    """``("Engine", "not modelled by the engine: <text>; <text>")`` for a card with text
    the goldfish engine does not execute, else ``None``."""
    from deckbuilder.engine.powers.modelled import not_modelled  # lazy: engine stays out of search

    texts = not_modelled(record)
    if not texts:
        return None
    return NOT_MODELLED_LABEL, f"{NOT_MODELLED_NOTE}: " + " / ".join(texts)


def shown(record: CardRecord, field: str, value: object | None = None) -> str:
    """``value`` (default: the record's field) as text, marked if the field is estimated."""
    if value is None:
        value = getattr(record, field)
    if value is None:
        return "-"
    if isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, tuple | list):
        text = "|".join(str(v) for v in value) or "-"
    else:
        text = str(value)
    return text + ESTIMATED_MARK if record.is_estimated(field) else text


def dominion_text(record: CardRecord) -> str:
    """ "3", "1|2" for a Border Site, :data:`NO_DOMINION` for an Oviate Character (no
    Home Dominion), "-" for other cards without a Dominion."""
    if record.dominions:
        return shown(record, "dominions")
    if record.card_type is CardType.CHARACTER:
        return shown(record, "dominions", NO_DOMINION)
    return "-"


def characteristics_text(record: CardRecord) -> str:
    """The numbers that matter for the card's type, e.g. "M3 S7 P11*" or "R8"."""
    if record.card_type is CardType.CHARACTER:
        return " ".join(
            f"{label}{shown(record, field)}"
            for label, field in (("M", "magic"), ("S", "strength"), ("P", "prime"))
        )
    if record.card_type is CardType.SITE:
        return f"R{shown(record, 'resistance')}"
    return ""


def card_details(record: CardRecord) -> list[tuple[str, str]]:
    """(label, value) pairs of every characteristic, estimated ones marked."""
    rows = [
        ("Name", record.name),
        ("Type", shown(record, "card_type", record.card_type.value)),
        ("Permanent", shown(record, "permanent")),
        ("Dominion", dominion_text(record)),
        ("Unique", shown(record, "unique")),
    ]
    if record.card_type is CardType.CHARACTER:
        rows += [
            ("Gender", shown(record, "gender", record.gender.value if record.gender else None)),
            ("Magic", shown(record, "magic")),
            ("Strength", shown(record, "strength")),
            ("Prime", shown(record, "prime")),
        ]
    if record.card_type is CardType.SITE:
        rows.append(("Resistance", shown(record, "resistance")))
    rows += [
        ("Affiliations", shown(record, "affiliations")),
        ("Deck limit", shown(record, "deck_limit")),
        ("Traits", shown(record, "traits") if record.traits else "-"),
        ("Powers", shown(record, "powers") if record.powers else "-"),
        ("Set", record.set_name),
        ("Rarity", shown(record, "rarity") if record.rarity else "-"),
        ("Artist", shown(record, "artist") if record.artist else "-"),
        ("Source", record.source),
    ]
    return rows
