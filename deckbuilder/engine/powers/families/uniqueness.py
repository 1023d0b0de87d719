"""Family: the trait "Non-unique" on a card whose unique field says so.

Sources: rulebook "Unique Cards"; the engine reads the card's unique field (deck and
setup rules), so the trait is played through that field."""

from deckbuilder.engine.powers.registry import PowerFamily


def read(sentence: str, abilities: tuple = ()) -> str | None:
    if sentence.strip().rstrip(".").casefold() != "non-unique":
        return None
    return "any number of copies may be in play (the card's unique field)"


FAMILY = PowerFamily(
    name="uniqueness",
    title="Non-unique",
    section="Unique Cards",
    grammar="Non-unique",
    example="Non-unique",
    applied_by="the card's unique field (deck and setup rules)",
    read=read,
    order=80,
)
