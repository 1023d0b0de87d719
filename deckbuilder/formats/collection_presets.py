"""Column presets for the collection CSVs other tools write, and header detection.

A :class:`Preset` names, for one tool, which of its header names carries each of our
fields (``name``, ``quantity``, ``condition``, ``location``, ``notes``, ``for_trade``;
see :mod:`deckbuilder.formats.collection_csv`) and how its condition words map onto
:class:`card_db.records.Condition`. Columns we cannot store (set, collector number,
foil, language, prices...) are mapped to nothing and listed as ignored.

Sources of the header layouts (header names only; no file content is copied):
the public "Complete CSV Format Analysis" notes in the stored code index (file id
27460219452, which lists each tool's export header), confirmed for Deckbox by the
exporters of mtg_ssm and caco, for ManaBox by ManaBoxBulkImport's
``ManaBoxCardCsv.cs`` and its condition words by a ManaBox type definition, for
Moxfield by two Moxfield exporters. Real exports of Deckbox, Moxfield, TCGplayer,
ManaBox, Deckstats (a truncated sample of a user's export, quoted in a test of
NicoVIII/tcg-card-collector), MTGGoldfish (``Card,Set ID,Set Name,Quantity,Foil,
Variation,Collector Number,Scryfall ID``, in two exports) and Urza Gatherer are in
``tests/fixtures/foreign/collection``, their sources in its ``MANIFEST.json``.
Dragon Shield (``Folder Name,Quantity,Trade Quantity,Card Name,...``, Cardmarket's
condition words run together: ``NearMint``, ``LightPlayed``), MTGO (``Card Name,
Quantity,ID #,...``), TopDecked (upper-case header, ``slightly played``), Archidekt
(``Quantity,Name,Finish,Condition,...``) and the older MTGGoldfish header
(``Card,Set,Quantity,Price,Condition,...``): the real exports of the shared corpus
``../shared/corpus/deck-files`` (sources in its ``manifest.json``), most from
StepKie/MtgCsvHelper's sample exports.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from card_db.errors import UserError
from card_db.records import Condition

#: Our fields a column may carry.
FIELDS = ("name", "quantity", "condition", "location", "notes", "for_trade")
#: The word ``--map`` takes for "ignore this column".
IGNORE = "ignore"

_US_SCALE = {  # TCGplayer / Deckbox / Moxfield words
    "mint": Condition.MINT,
    "near mint": Condition.NEAR_MINT,
    "good (lightly played)": Condition.LIGHTLY_PLAYED,  # Deckbox
    "lightly played": Condition.LIGHTLY_PLAYED,
    "slightly played": Condition.LIGHTLY_PLAYED,
    "played": Condition.MODERATELY_PLAYED,  # Deckbox's step between LP and HP
    "moderately played": Condition.MODERATELY_PLAYED,
    "heavily played": Condition.HEAVILY_PLAYED,
    "poor": Condition.DAMAGED,
    "damaged": Condition.DAMAGED,
    "m": Condition.MINT,
    "nm": Condition.NEAR_MINT,
    "lp": Condition.LIGHTLY_PLAYED,
    "sp": Condition.LIGHTLY_PLAYED,
    "mp": Condition.MODERATELY_PLAYED,
    "hp": Condition.HEAVILY_PLAYED,
    "d": Condition.DAMAGED,
    "dmg": Condition.DAMAGED,
}
# Cardmarket's scale (ManaBox, Urza Gatherer): its "Light Played" is worse than
# "Excellent" and "Good", so the usual Cardmarket-to-TCGplayer conversion applies.
_CARDMARKET_SCALE = {
    **_US_SCALE,
    "excellent": Condition.LIGHTLY_PLAYED,
    "ex": Condition.LIGHTLY_PLAYED,
    "good": Condition.MODERATELY_PLAYED,
    "gd": Condition.MODERATELY_PLAYED,
    "light played": Condition.MODERATELY_PLAYED,
    "played": Condition.HEAVILY_PLAYED,
    "pl": Condition.HEAVILY_PLAYED,
    "po": Condition.DAMAGED,
    # Dragon Shield writes Cardmarket's words run together ("NearMint", "LightPlayed"),
    # read with a space between the words (see condition_from_words)
}


@dataclass(frozen=True)
class Preset:
    """One tool's layout: ``columns`` maps a header name (any case) to our field,
    ``signature`` the header names that identify the tool's files, ``conditions`` its
    condition words (lower case, ``_``/``-`` read as spaces)."""

    name: str
    title: str
    columns: Mapping[str, str]
    signature: frozenset[str]
    conditions: Mapping[str, Condition] = field(default_factory=lambda: _US_SCALE)


def _preset(name: str, title: str, columns: dict[str, str], signature: Sequence[str],
            conditions: Mapping[str, Condition] = _US_SCALE) -> Preset:
    return Preset(name, title, {k.casefold(): v for k, v in columns.items()},
                  frozenset(s.casefold() for s in signature), conditions)


PRESETS: dict[str, Preset] = {p.name: p for p in (
    # Count,Tradelist Count,Name,Edition,Edition Code,Card Number,Condition,Language,Foil,...
    _preset("deckbox", "Deckbox",
            {"Count": "quantity", "Tradelist Count": "for_trade", "Name": "name",
             "Condition": "condition"},
            ("Count", "Tradelist Count", "Name", "Card Number")),
    # Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,
    # Collector Number,Alter,Proxy,Purchase Price
    _preset("moxfield", "Moxfield (haves)",
            {"Count": "quantity", "Tradelist Count": "for_trade", "Name": "name",
             "Condition": "condition"},
            # after Deckbox: any other Count/Tradelist Count/Name file reads the same way
            ("Count", "Tradelist Count", "Name")),
    # Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,
    # Rarity,Product ID,SKU; "Simple Name" lacks the printing suffix "Name" may carry
    _preset("tcgplayer", "TCGplayer",
            {"Quantity": "quantity", "Simple Name": "name", "Condition": "condition"},
            ("Quantity", "Simple Name", "Product ID")),
    # Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,
    # Quantity,ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Condition,Language,...
    _preset("manabox", "ManaBox",
            {"Binder Name": "location", "Name": "name", "Quantity": "quantity",
             "Condition": "condition"},
            ("Name", "Quantity", "ManaBox ID"), _CARDMARKET_SCALE),
    # amount,card_name,is_foil,is_pinned,is_signed,set_id,set_code,collector_number,
    # language,condition,comment,added
    _preset("deckstats", "Deckstats",
            {"amount": "quantity", "card_name": "name", "condition": "condition",
             "comment": "notes"},
            ("amount", "card_name")),
    # Card,Set ID,Set Name,Quantity,Foil[,Variation,Collector Number,Scryfall ID]; the
    # older export: Card,Set,Quantity,Price,Condition,Language,Foil,Signed
    _preset("mtggoldfish", "MTGGoldfish",
            {"Card": "name", "Quantity": "quantity", "Condition": "condition"},
            ("Card", "Quantity")),
    # Name,Type,Color,Rarity,Author,Power,Toughness,Mana cost,Converted mana cost,Count,
    # Foil count,Special foil count,Price,Foil price,Number,Set,...,Comments,To trade,
    # Condition,Grading,Languages,...
    _preset("urzagatherer", "Urza Gatherer",
            {"Name": "name", "Count": "quantity", "Comments": "notes",
             "To trade": "for_trade", "Condition": "condition"},
            ("Name", "Count", "Foil count", "Special foil count"), _CARDMARKET_SCALE),
    # Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,
    # Condition,Printing,Language,Price Bought,Date Bought[,LOW,MID,MARKET]
    _preset("dragonshield", "Dragon Shield",
            {"Folder Name": "location", "Quantity": "quantity",
             "Trade Quantity": "for_trade", "Card Name": "name", "Condition": "condition"},
            ("Folder Name", "Card Name", "Trade Quantity"), _CARDMARKET_SCALE),
    # Card Name,Quantity,ID #,Rarity,Set,Collector #,Premium,Sideboarded,Annotation
    _preset("mtgo", "MTGO",
            {"Card Name": "name", "Quantity": "quantity"},
            ("Card Name", "Quantity", "ID #")),
    # QUANTITY,NAME,SETCODE,SETNAME,COLLECTOR NUMBER,FINISH,PRICE,RARITY,ID,ACQUIRED DATE,
    # ACQUIRED PRICE,LANG,PRICE SALE,SIGNING,ALTERATION,CONDITION,NOTES,TAGS
    _preset("topdecked", "TopDecked",
            {"QUANTITY": "quantity", "NAME": "name", "CONDITION": "condition",
             "NOTES": "notes"},
            ("QUANTITY", "NAME", "SETCODE", "ACQUIRED DATE")),
    # Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,
    # Edition Code,Multiverse Id,Scryfall ID,Collector Number
    _preset("archidekt", "Archidekt",
            {"Quantity": "quantity", "Name": "name", "Condition": "condition"},
            ("Quantity", "Name", "Finish", "Edition Code")),
)}


class MappingError(UserError, ValueError):
    """A column mapping that cannot be used (unknown preset, column or field, a field
    taken twice, no name column)."""


@dataclass(frozen=True)
class ColumnMapping:
    """How a header's columns are read: ``header`` (as written), ``fields`` (ours, or
    ``None`` for an ignored column; same length), ``preset`` (its name, or ``"ours"``)
    and the ``conditions`` words used (``None``: our names and abbreviations)."""

    header: tuple[str, ...]
    fields: tuple[str | None, ...]
    preset: str = "ours"
    conditions: Mapping[str, Condition] | None = None

    @property
    def unmapped(self) -> tuple[str, ...]:
        """The header names read into no field (ignored)."""
        return tuple(h for h, f in zip(self.header, self.fields, strict=True) if f is None)

    def describe(self) -> list[str]:
        """One line per column: ``"Count -> quantity"`` or ``"Edition: unmapped, ignored"``."""
        return [f"{h} -> {f}" if f else f"{h}: unmapped, ignored"
                for h, f in zip(self.header, self.fields, strict=True)]


def detect_mapping(header: Sequence[str], preset: str | None = None,
                   overrides: Mapping[str, str] | None = None) -> ColumnMapping:
    """The mapping for ``header``: ``preset`` if given, else our layout when every
    column is one of ours, else the first preset whose signature columns are all there;
    ``overrides`` (header name -> field or :data:`IGNORE`) then remap columns.

    Raises :class:`MappingError` for an unknown preset, override column or field, a
    field two columns map to, or no column mapped to ``name``.
    """
    cleaned = tuple(h.strip() for h in header)
    folded = [h.casefold() for h in cleaned]
    chosen = _choose(folded, preset)
    if chosen is None:
        fields = [h if h in FIELDS else None for h in folded]
        mapping = ColumnMapping(cleaned, tuple(fields))
    else:
        fields = [chosen.columns.get(h) for h in folded]
        mapping = ColumnMapping(cleaned, tuple(fields), chosen.name, chosen.conditions)
    if overrides:
        mapping = _override(mapping, overrides)
    _check(mapping)
    return mapping


def _choose(folded: Sequence[str], preset: str | None) -> Preset | None:
    if preset is not None:
        key = preset.casefold().replace(" ", "")
        if key == "ours":
            return None
        if key not in PRESETS:
            raise MappingError(f"unknown preset {preset!r} (use one of: ours, "
                               f"{', '.join(PRESETS)})", suggestions=["ours", *PRESETS])
        return PRESETS[key]
    if all(h in FIELDS for h in folded if h):
        return None
    present = set(folded)
    return next((p for p in PRESETS.values() if p.signature <= present), None)


def _override(mapping: ColumnMapping, overrides: Mapping[str, str]) -> ColumnMapping:
    fields = list(mapping.fields)
    folded = [h.casefold() for h in mapping.header]
    for column, target in overrides.items():
        key = column.strip().casefold()
        if key not in folded:
            raise MappingError(f"--map: the file has no column {column!r} "
                               f"(columns: {', '.join(mapping.header)})")
        wanted = target.strip().casefold()
        if wanted not in (*FIELDS, IGNORE):
            raise MappingError(f"--map: unknown field {target!r} (use one of: "
                               f"{', '.join(FIELDS)}, {IGNORE})")
        fields[folded.index(key)] = None if wanted == IGNORE else wanted
    return ColumnMapping(mapping.header, tuple(fields), mapping.preset, mapping.conditions)


def _check(mapping: ColumnMapping) -> None:
    taken = [f for f in mapping.fields if f]
    for name in FIELDS:
        if taken.count(name) > 1:
            columns = [h for h, f in zip(mapping.header, mapping.fields, strict=True)
                       if f == name]
            raise MappingError(f"columns {', '.join(map(repr, columns))} all map to "
                               f"{name!r}: use --map to ignore all but one")
    if "name" not in taken:
        raise MappingError(
            f"no column holds the card name (columns: {', '.join(mapping.header)}); "
            "choose a preset or map one with --map \"COLUMN=name\"",
        )


def parse_overrides(pairs: Sequence[str]) -> dict[str, str]:
    """``["Card Name=name", ...]`` as a dict; :class:`MappingError` for a pair
    without ``=``."""
    result = {}
    for pair in pairs:
        column, sep, target = pair.rpartition("=")
        if not sep or not column.strip():
            raise MappingError(f"--map {pair!r}: expected COLUMN=FIELD")
        result[column.strip()] = target.strip()
    return result


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def condition_from_words(text: str, words: Mapping[str, Condition]) -> Condition | None:
    """The condition a tool's ``words`` give ``text`` (``_``/``-`` as spaces, words run
    together as Dragon Shield writes them split, ``NearMint`` as ``near mint``; a
    trailing "foil" printing dropped as TCGplayer writes it), or ``None`` if none does."""
    spaced = _CAMEL.sub(" ", text.replace("_", " ").replace("-", " "))
    cleaned = " ".join(spaced.casefold().split())
    for suffix in (" holofoil", " foil"):
        cleaned = cleaned.removesuffix(suffix)
    return words.get(cleaned)


_PER_COPY = re.compile(r"\s*(?P<count>[0-9]+)\s*x\s*(?P<word>[^,]*?)\s*")


def per_copy_conditions(
    text: str, words: Mapping[str, Condition], unknown: list[str] | None = None,
) -> list[tuple[int, Condition]] | None:
    """The ``(copies, condition)`` groups of a per-copy condition list such as Urza
    Gatherer writes in its Condition column (``"1xMint, 2xNear mint, 1xPoor"``), in
    order of first mention, each condition once; ``None`` if ``text`` is not such a list.
    A word that is no condition raises :class:`ValueError` naming it, or, if an
    ``unknown`` list is given, is appended to it and its copies read as Near Mint."""
    parts = text.split(",")
    matches = [_PER_COPY.fullmatch(part) for part in parts]
    if not text.strip() or not all(matches):
        return None
    groups: dict[Condition, int] = {}
    for match in matches:
        assert match is not None  # checked above
        found = condition_from_words(match["word"], words)
        if found is None:
            if unknown is None:
                raise ValueError(f"condition: unknown condition {match['word']!r} in {text!r}")
            unknown.append(match["word"])
            found = Condition.NEAR_MINT
        groups[found] = groups.get(found, 0) + int(match["count"])
    return [(count, condition) for condition, count in groups.items()]
