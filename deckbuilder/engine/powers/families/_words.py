"""How the families put the engine's readings into words (shared by their ``read``)."""

from __future__ import annotations

from card_db.abilities import Ability, parse_sentence
from deckbuilder.engine.powers.maneuvers import StatBonus, sentence_bonuses


def signed(n: int) -> str:
    return f"{n:+d}"


def bonus_words(b: StatBonus) -> str:
    """"Magic +2 to the acting Ally" and its conditions, from one :class:`StatBonus`."""
    who = "the target" if b.targeted else "the acting"
    who += f" {b.actor_kind}" if b.actor_kind else (" Ally" if not b.targeted else "")
    text = f"{b.stat.title()} {signed(b.amount)} to {who.strip()}"
    if b.alt_kind:
        text += f", {signed(b.alt_amount)} if it is a {b.alt_kind}"
    if b.per_kind:
        text += f", per involved {b.per_kind} you control"
    return text


def bonuses(sentence: str) -> list[StatBonus]:
    return sentence_bonuses(sentence.strip().rstrip("."))


def _key(text: str) -> str:
    return text.strip().strip(".;").strip().strip('"').strip().casefold()


def ability(sentence: str, kind: str, abilities: tuple[Ability, ...] = ()) -> Ability | None:
    """The keyword ability of ``sentence`` if it is of ``kind``: the card's own parsed
    ``abilities`` (which know the catalogue's Site names and affiliations) first, else
    :func:`card_db.abilities.parse_sentence` on the sentence alone."""
    key = _key(sentence)
    a = next((a for a in abilities if _key(a.text) == key), None)
    if a is None:
        a = parse_sentence(sentence.strip().rstrip("."))
    return a if a is not None and a.kind == kind else None
