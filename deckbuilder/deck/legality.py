"""Deck legality under the rulebook's "Deck Construction" section, plus advice.

Violations (rule codes are stable; the GUI, the CLI and the JSON output use them):

``deck-size``
    "A play deck must contain exactly 60 cards." Only the main deck counts.
``path-duplicate``
    "Only one of any specific Path can be included." One finding per Path.
``dominion-missing``
    "A deck must contain at least one Site from each of the Five Dominions", where a
    Border Site counts for only one of its two Dominions ("Border Sites and
    Adjacency"); solved as a matching (:mod:`deckbuilder.deck.matching`). A unique
    Site counts once however many copies the deck holds, since duplicates of a unique
    card cannot be in play together ("Unique Cards") and so cannot both be among the
    five starting Sites; copies of a non-unique Site each count. One finding per
    uncovered Dominion, naming the Sites its group of Dominions has to share.
``card-limit``
    "Some cards are limited to only a few per deck": ``CardRecord.deck_limit``. A Path
    already reported by ``path-duplicate`` is not reported again.

Starter-deck mode ("Deck Construction: Starter Decks"): "A starter deck may contain
duplicate Paths. If so, remove the duplicate, even if this reduces the deck to less
than 60 cards." Decision taken here: duplicate Paths are cut to one copy and the cut is
reported as the warning ``path-duplicate-removed``; ``card_count`` is the size after
the cut; ``deck-size`` then requires the deck *as listed* (before the cut) to hold
exactly 60 cards, so a 60-card starter deck that falls below 60 is legal, while a list
that was never 60 cards is not. The message reminds that opponents reduce their decks to
the same size (a table matter, not checked here).

Warnings (advice from the rulebook, never making a deck illegal):

``few-characters``
    fewer than 15 Characters ("the deck contain no less than fifteen characters").
``unique-copies``
    several copies of a unique card: only one can be in play at a time ("Unique Cards").
``no-low-prime``
    the deck has Characters but none with Prime 7 or less, the Prime allowance for
    establishing alliances ("Phase 3: Ally Phase", "Establishing alliances"); such
    Characters come into play only one a turn, from the Dominion of a controlled Site.
``path-few-sites``
    Paths of a Dominion whose Sites in the deck number fewer than 2 or fewer than those
    Paths (Paths "can only be played ... on Sites of the same Dominion"; a Border Site
    counts for both of its Dominions here, as in play).
``path-duplicate-removed``
    starter-deck mode only: what was removed (see above).

Cards not in the catalogue raise :class:`deckbuilder.deck.resolve.UnknownCardsError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from card_db.catalogue import Catalogue
from card_db.records import DOMINIONS, CardRecord, CardType
from deckbuilder.deck.decklist import DeckList
from deckbuilder.deck.matching import Shortfall, match_dominions
from deckbuilder.deck.resolve import UnknownCardsError, UnknownName

DECK_SIZE = 60
MIN_CHARACTERS = 15
PRIME_ALLOWANCE = 7
PATH_MIN_SITES = 2

ORDINALS = {1: "First", 2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth"}


@dataclass(frozen=True)
class Finding:
    """One violation or warning: a stable ``rule`` code, a readable ``message`` and the
    names of the ``cards`` involved (catalogue spelling, deck order)."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"rule": self.rule, "message": self.message, "cards": list(self.cards)}


@dataclass
class LegalityReport:
    """The result of :func:`validate`.

    ``card_count`` counts the main deck (after the starter-mode cut);
    ``uncovered_dominions`` are the Dominions left without a Site by the matching
    (empty when ``dominion-missing`` does not apply); ``removed`` lists the
    ``(Path, copies removed)`` of starter mode.
    """

    legal: bool
    card_count: int
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    uncovered_dominions: tuple[int, ...] = ()
    removed: list[tuple[str, int]] = field(default_factory=list)

    def rules(self) -> set[str]:
        """The codes of all violations."""
        return {f.rule for f in self.violations}

    def to_dict(self) -> dict:
        """Exactly ``{"legal", "card_count", "violations", "warnings"}`` for JSON output."""
        return {
            "legal": self.legal,
            "card_count": self.card_count,
            "violations": [f.to_dict() for f in self.violations],
            "warnings": [f.to_dict() for f in self.warnings],
        }


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _and(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def _resolve_counts(deck: DeckList, catalogue: Catalogue) -> list[tuple[CardRecord, int]]:
    merged: dict[str, list] = {}
    unknown: list[UnknownName] = []
    for name, count in deck.main:
        record = catalogue.get(name)
        if record is None:
            if all(u.name != name for u in unknown):
                unknown.append(UnknownName(deck.lines.get(name), name, ()))
            continue
        slot = merged.get(record.name)
        if slot is None:
            merged[record.name] = [record, count]
        else:
            slot[1] += count
    if unknown:
        raise UnknownCardsError(
            [UnknownName(u.line, u.name, tuple(catalogue.suggest(u.name))) for u in unknown]
        )
    return [(record, count) for record, count in merged.values()]


def _dominion_findings(cards: list[tuple[CardRecord, int]]) -> tuple[list[Finding], tuple]:
    slots: list[tuple[str, tuple[int, ...]]] = []
    for record, count in cards:
        if record.card_type is CardType.SITE and record.dominions:
            copies = 1 if record.unique else min(count, len(record.dominions))
            slots.extend([(record.name, record.dominions)] * copies)
    matching = match_dominions(slots)
    findings = [_shortfall_finding(s) for s in matching.shortfalls]
    return findings, tuple(s.dominion for s in matching.shortfalls)


def _shortfall_finding(shortfall: Shortfall) -> Finding:
    d = shortfall.dominion
    sites = list(dict.fromkeys(shortfall.sites))
    if len(shortfall.group) == 1:
        message = f"No Site of the {ORDINALS[d]} Dominion (Dominion {d})."
    else:
        group = _and([str(g) for g in shortfall.group])
        listed = _and(sites)
        message = (
            f"No Site left for Dominion {d}: Dominions {group} have only "
            f"{_plural(len(shortfall.sites), 'Site')} between them ({listed}), and a "
            "Border Site counts for only one of its two Dominions at deck construction. "
            f"Add a Site of Dominion {_and([str(g) for g in shortfall.group], 'or')}."
        )
    return Finding("dominion-missing", message, tuple(sites))


def validate(deck: DeckList, catalogue: Catalogue, starter: bool = False) -> LegalityReport:
    """Check ``deck``'s main deck against "Deck Construction" (see the module docstring).

    ``starter`` applies the Starter Decks rule. Raises :class:`UnknownCardsError` if a
    main-deck card is not in ``catalogue``. Takes well under a millisecond for a
    60-card deck (``benchmarks/bench_legality.py``).
    """
    cards = _resolve_counts(deck, catalogue)
    violations: list[Finding] = []
    warnings: list[Finding] = []
    removed: list[tuple[str, int]] = []

    listed_size = sum(count for _, count in cards)
    if starter:
        kept = []
        for record, count in cards:
            if record.card_type is CardType.PATH and count > 1:
                removed.append((record.name, count - 1))
                count = 1
            kept.append((record, count))
        cards = kept
    card_count = sum(count for _, count in cards)

    if listed_size != DECK_SIZE:
        described = "lists" if starter and removed else "has"
        violations.append(
            Finding(
                "deck-size",
                f"The deck {described} {_plural(listed_size, 'card')}; a play deck must "
                f"contain exactly {DECK_SIZE}"
                + (" (a starter deck before its duplicate Paths are removed)." if starter else "."),
            )
        )

    path_reported = set()
    for record, count in cards:
        if record.card_type is CardType.PATH and count > 1:
            path_reported.add(record.name)
            violations.append(
                Finding(
                    "path-duplicate",
                    f"{_plural(count, 'copy', 'copies')} of the Path {record.name}; only one "
                    "of any specific Path can be included.",
                    (record.name,),
                )
            )

    dominion_findings, uncovered = _dominion_findings(cards)
    violations.extend(dominion_findings)

    for record, count in cards:
        limit = record.deck_limit
        if limit is not None and count > limit and record.name not in path_reported:
            violations.append(
                Finding(
                    "card-limit",
                    f"{_plural(count, 'copy', 'copies')} of {record.name}; the card allows "
                    f"{limit} per deck.",
                    (record.name,),
                )
            )

    if removed:
        names = [name for name, _ in removed]
        detail = _and([f"{n} of {name}" for name, n in removed])
        warnings.append(
            Finding(
                "path-duplicate-removed",
                f"Starter deck: removed the duplicate Paths ({detail}); the deck now has "
                f"{_plural(card_count, 'card')}, and opponents reduce their decks to the "
                "same size.",
                tuple(names),
            )
        )
    warnings.extend(_advice(cards))
    return LegalityReport(
        legal=not violations,
        card_count=card_count,
        violations=violations,
        warnings=warnings,
        uncovered_dominions=uncovered,
        removed=removed,
    )


def _advice(cards: list[tuple[CardRecord, int]]) -> list[Finding]:
    warnings: list[Finding] = []
    characters = [(r, c) for r, c in cards if r.card_type is CardType.CHARACTER]
    n_characters = sum(c for _, c in characters)
    if n_characters < MIN_CHARACTERS:
        warnings.append(
            Finding(
                "few-characters",
                f"{_plural(n_characters, 'Character')}; the rulebook's writers suggest no "
                f"fewer than {MIN_CHARACTERS}.",
                tuple(r.name for r, _ in characters),
            )
        )
    for record, count in cards:
        if record.unique and count > 1:
            warnings.append(
                Finding(
                    "unique-copies",
                    f"{count} copies of the unique card {record.name}; only one can be in "
                    "play at a time.",
                    (record.name,),
                )
            )
    primes = [r.prime for r, _ in characters if r.prime is not None]
    if characters and not any(p <= PRIME_ALLOWANCE for p in primes):
        warnings.append(
            Finding(
                "no-low-prime",
                f"No Character with Prime {PRIME_ALLOWANCE} or less: each turn only one "
                "Character can be established, from the Dominion of a controlled Site.",
                tuple(r.name for r, _ in characters),
            )
        )
    warnings.extend(_path_site_advice(cards))
    return warnings


def _path_site_advice(cards: list[tuple[CardRecord, int]]) -> list[Finding]:
    sites = dict.fromkeys(DOMINIONS, 0)
    paths: dict[int, list[tuple[str, int]]] = {d: [] for d in DOMINIONS}
    for record, count in cards:
        if record.card_type is CardType.SITE:
            for d in record.dominions:
                if d in sites:
                    sites[d] += count
        elif record.card_type is CardType.PATH:
            for d in record.dominions:
                if d in paths:
                    paths[d].append((record.name, count))
    findings = []
    for d in DOMINIONS:
        n_paths = sum(c for _, c in paths[d])
        if n_paths and (sites[d] < PATH_MIN_SITES or sites[d] < n_paths):
            findings.append(
                Finding(
                    "path-few-sites",
                    f"{_plural(n_paths, 'Path')} of Dominion {d} "
                    f"{'wants' if n_paths == 1 else 'want'} at least "
                    f"{_plural(max(PATH_MIN_SITES, n_paths), 'Site')} of Dominion {d} "
                    f"(as many as the Paths, and never fewer than {PATH_MIN_SITES}); the "
                    f"deck has {sites[d]}. Paths can only be played on Sites of their own "
                    "Dominion.",
                    tuple(name for name, _ in paths[d]),
                )
            )
    return findings
