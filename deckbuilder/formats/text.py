"""Plain-text deck lists (``.txt``), the format most tools and people exchange.

Read by the rules Cockatrice follows for plain text (zones, counts and deck name; the
rules are described here from what ``DeckList::loadFromStream_Plain`` in
``libcockatrice_deck_list/libcockatrice/deck_list/deck_list.cpp`` of
Cockatrice/Cockatrice, commit 04509150ae6b26a451999035406346f449ac1f8a, does; no code is
taken from it), which is also how MTGO ``.txt`` exports, Arena/Moxfield exports and
forum lists are meant. One item a line (surrounding whitespace ignored):

* card line: ``COUNT NAME`` or ``COUNTx NAME`` (``3 Gek-A-Gek``, ``3x Gek-A-Gek``);
  COUNT is 1-999 in ASCII digits. Everything after the separating space is the
  name, so names may start with digits (``1 2nd Guard``) and hold ``#``. A line
  without a count that starts with a letter or digit is one copy (``Gek-A-Gek``).
  Marks other tools add are removed from the name: a trailing Arena/Moxfield
  ``(SET) 123`` (or ``(SET) SET-123``), a trailing foil mark ``*F*``/``*E*``, a
  leading Magic Workstation ``[SET]`` (the set code is kept in the raw entry), and a
  trailing art mark such as ``Forest (3)``, as Cockatrice drops it. A ``/`` between
  two names (``Fire/Ice``, ``Fire / Ice``, ``Fire//Ice``) is read as the split name
  ``Fire // Ice``, as Cockatrice reads it;
* sideboard line: ``SB: COUNT NAME`` (any case, space after ``SB:`` optional);
* Deckstats' commander mark: a card line (main or ``SB:``) ending in ``# !Commander``
  (any case) puts the card in the ``commander`` zone, the mark removed from the name;
* comment: a line starting with ``#`` or ``//``. Comments of the form ``# Name: ...``
  (also ``Deck``, ``Deck name``, ``Title``; ``// NAME : ...`` as Magic Workstation
  writes), ``# Author: ...`` (also ``Player``, ``Creator``) and ``# Notes: ...`` (also
  ``Note``, ``Comment``, ``Comments``; one line each, in order) carry the deck's
  metadata. A comment as the first line of the file that is none of these is the deck
  name (``// Burn``), as Cockatrice reads it. A comment that is only a section word
  (``//Sideboard``, ``//Main``, as Deckstats writes) acts as that heading;
* heading: a line without a count that ends with ``:`` (``Characters:``), or that is
  a known section word with an optional count (``Sideboard``, ``Sites (12)``,
  ``MainBoard: 3 cards``).
  ``Sideboard``/``Side``/``SB`` headings start the sideboard, ``Main``/``Deck``/
  ``Main deck``/``Maindeck`` return to the main deck, ``Commander``, ``Companion``,
  ``Maybeboard``, ``Tokens`` and ``Considering`` (Arena, Moxfield) start zones an
  Imajica deck does not have (:func:`read` refuses their cards with the line), other
  headings (card types) leave the current section unchanged;
* blank lines: in a list with no ``SB:`` line and no heading, Cockatrice's rule
  applies: a blank line that splits the card lines into exactly two blocks starts the
  sideboard (MTGO ``.txt`` exports and Cockatrice's clipboard write this); with
  blank lines anywhere else everything is the main deck. Otherwise they are ignored.

Anything else is a :class:`DeckFormatError` naming the line and column. Trailing
comments on a card line are not supported: apart from the commander mark, a ``#``
there is part of the name (so a name cannot end in ``# !Commander``).
:func:`write` writes the deck name as a first ``// NAME`` line (what Cockatrice reads
as the deck name; ``# Name: NAME`` when the name would read as something else, and
an empty ``//`` when there is no name but an author or notes),
``# Author:``/``# Notes:`` comments, a blank line, the main deck, then a
``Sideboard:`` heading and the sideboard, one ``COUNT NAME`` line per entry. A name
holding a ``/`` that is not the split mark `` // `` (which Cockatrice would read as a
split card, and so as a card it does not know) is written with each such ``/`` as a
space: Cockatrice finds the card by its simple name (``CardInfo::simplifyName``:
lower case, spaces and non-alphanumerics dropped), the same for both spellings, and
:func:`card_db.names.fold_name` matches the two spellings too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.formats._common import EntryCollector, decode_text, parse_count
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.formats.raw import RawDeck, to_decklist

NAME = "text"
EXTENSIONS = (".txt",)
CARRIES = frozenset({"name", "author", "notes", "main", "sideboard"})

MAX_LINE = 1000

_CARD = re.compile(r"(?P<count>[+-]?[0-9]+)(?:[xX])?\s+(?P<name>\S.*)")
_COUNT_ONLY = re.compile(r"[+-]?[0-9]+[xX]?")
#: A first word that is a count gone wrong (``2.5``, ``0x10``, other scripts' digits).
_BAD_COUNT = re.compile(r"[+-]?\d[\d.,xX]*(?=\s|$)")
_COUNTLESS = re.compile(r"[\w\[]", re.UNICODE)
_SB = re.compile(r"SB\s*:\s*", re.IGNORECASE)
_META = re.compile(
    r"(?:#+|//+)\s*(?P<key>deck name|deck|name|title|author|player|creator|notes?|comments?)"
    r"\s*:(?P<value>.*)",
    re.IGNORECASE,
)
_COMMENT_BODY = re.compile(r"(?:#+|//+)\s*(?P<body>.*)")
_FOIL = re.compile(r"\s*\*[FE]\*$", re.IGNORECASE)
#: Deckstats' mark for the deck's commander, after the name: ``1 Zurgo # !Commander``.
_COMMANDER_MARK = re.compile(r"\s+#\s*!commander\s*$", re.IGNORECASE)
#: A printing at the end of a name, as Arena and Moxfield write it: `` (SET) 123``, or
#: `` (SET) SET-123`` for a card listed under another set; lower-case letters (promo
#: numbers such as ``126s``, ``116p``) and symbols (a star) may follow the number.
_SET_NUMBER = re.compile(
    r"""\s+ \( (?P<set> \w{3,} ) \)       # (SET): three or more letters or digits
        \s+ (?: (?P<set2> \w{3,} ) - )?   # SET- before the number
        [0-9]+ [a-z]{0,3} [^\w\s]* $      # the number, its letters, symbols such as a star""",
    re.VERBOSE,
)
#: An art (picture) number after a basic's name, as Cockatrice drops it: ``Forest (3)``.
_ART_MARK = re.compile(r"\s+\(\s*[0-9]{1,3}\s*\)$")
#: A ``/`` (or ``//``) between two names: a split card, as Cockatrice reads plain text.
_SPLIT = re.compile(r"(?<=\S)\s*/{1,2}\s*(?=\S)")
#: A ``/`` in a name that is not the split mark, as :func:`write` cannot keep it.
_LONE_SLASH = re.compile(r"\s*(?<!/)/(?!/)\s*")
#: Characters a name read back from this format cannot hold as written (the round
#: trip tests skip them): a lone ``/`` is read as a split mark.
NAMES_CANNOT_HOLD = "/"
#: The ending a name read back cannot keep: an art mark is dropped.
NAMES_CANNOT_END = _ART_MARK
#: MWS's edition mark before a name: ``[M10]``, or ``[]`` for an unknown edition.
_SET_PREFIX = re.compile(r"\[(?P<set>(?:\w[\w-]{0,9})?)\]\s*(?=\S)")
_SIDE_WORDS = {"sideboard", "side", "side board", "sb"}
_MAIN_WORDS = {"main", "deck", "main deck", "maindeck", "mainboard", "main board"}
_EXTRA_WORDS = {
    "commander": "commander", "commanders": "commander", "companion": "companion",
    "maybeboard": "maybeboard", "maybe board": "maybeboard", "considering": "maybeboard",
    "tokens": "tokens", "token": "tokens",
}
_TYPE_WORDS = {
    "character", "characters", "site", "sites", "path", "paths", "dictate", "dictates",
    "ally action", "ally actions", "combat maneuver", "combat maneuvers",
    "influence maneuver", "influence maneuvers", "flash", "flashes", "maneuvers", "other",
    # Magic card types, as deck sites group their lists
    "creature", "creatures", "instant", "instants", "sorcery", "sorceries", "land",
    "lands", "artifact", "artifacts", "enchantment", "enchantments", "planeswalker",
    "planeswalkers", "spells", "battle", "battles",
}
_CARDS = r"(?:\s*cards?)?"
_HEADING = re.compile(
    r"(?P<word>[A-Za-z][A-Za-z ]*?)\s*"
    rf"(?:\(\s*\d+{_CARDS}\s*\)|\[\s*\d+{_CARDS}\s*\]|-\s*\d+{_CARDS}|:\s*\d+{_CARDS})?\s*:?",
    re.IGNORECASE,
)
_META_KEYS = {
    "deck name": "name", "deck": "name", "name": "name", "title": "name",
    "author": "author", "player": "author", "creator": "author",
    "note": "notes", "notes": "notes", "comment": "notes", "comments": "notes",
}

#: Kinds of line.
_BLANK, _COMMENT, _HEAD, _CARD_LINE = range(4)
#: What a heading does: keep the current zone (a card type).
_KEEP = ""


@dataclass
class _Line:
    kind: int
    number: int
    zone: str = _KEEP  # heading: the zone it starts (or _KEEP)
    side_mark: bool = False  # card: written "SB: ..."
    commander: bool = False  # card: marked "# !Commander"
    count: int = 0
    name: str = ""
    column: int = 0
    set_code: str = ""


def _heading_zone(text: str, *, lenient: bool) -> str | None:
    """The zone heading ``text`` starts (:data:`_KEEP` for a card type), or ``None`` if
    ``text`` is not a heading. ``lenient`` accepts any text ending with ``:``."""
    match = _HEADING.fullmatch(text)
    word = " ".join(match.group("word").casefold().split()) if match else None
    if word in _SIDE_WORDS:
        return SIDEBOARD
    if word in _MAIN_WORDS:
        return MAIN
    if word in _EXTRA_WORDS:
        return _EXTRA_WORDS[word]
    if word in _TYPE_WORDS or (lenient and text.endswith(":")):
        return _KEEP
    return None


def _strip_marks(name: str) -> tuple[str, str]:
    """``(name, set code)`` with other tools' foil, set and collector-number marks removed."""
    set_code = ""
    name = name.replace("\t", " ")  # Cockatrice reads tabs inside a name as spaces
    bare = _FOIL.sub("", name)
    number = _SET_NUMBER.search(bare)
    if number:
        set_code = (number.group("set2") or number.group("set")).upper()
        bare = bare[: number.start()]
    prefix = _SET_PREFIX.match(bare)
    if prefix:
        set_code = set_code or prefix.group("set").upper()
        bare = bare[prefix.end():]
    bare = _ART_MARK.sub("", bare.strip())
    bare = _SPLIT.sub(" // ", bare).strip()
    return (bare, set_code) if bare else (name, "")


def _without_commander_mark(name: str) -> tuple[str, bool]:
    """``(name, marked)``: ``name`` without Deckstats' trailing ``# !Commander``."""
    mark = _COMMANDER_MARK.search(name)
    return (name[: mark.start()], True) if mark else (name, False)


def _classify(raw: str, number: int, path: str | None) -> _Line:
    if len(raw) > MAX_LINE:
        raise DeckFormatError(path, number, MAX_LINE + 1, f"line longer than {MAX_LINE} characters")
    line = raw.strip()
    if not line:
        return _Line(_BLANK, number)
    if line.startswith(("#", "//")):
        return _Line(_COMMENT, number)
    offset = len(raw) - len(raw.lstrip())
    sb = _SB.match(line)
    if sb:
        offset += sb.end()
        line = line[sb.end():]
    card = _CARD.fullmatch(line)
    if card:
        count = parse_count(card.group("count"), path, number, offset + 1)
        written, commander = _without_commander_mark(card.group("name"))
        name, set_code = _strip_marks(written)
        column = offset + card.start("name") + 1
        return _Line(_CARD_LINE, number, side_mark=bool(sb), commander=commander,
                     count=count, name=name, column=column, set_code=set_code)
    if not sb:
        heading = _heading_zone(line, lenient=True)
        if heading is not None:
            return _Line(_HEAD, number, zone=heading)
    bad_count = _BAD_COUNT.match(line)
    if bad_count:
        parse_count(bad_count.group(), path, number, offset + 1)  # raises: not a whole number
    if line and not _COUNT_ONLY.fullmatch(line) and _COUNTLESS.match(line):
        name, set_code = _strip_marks(line)
        return _Line(_CARD_LINE, number, side_mark=bool(sb), count=1, name=name,
                     column=offset + 1, set_code=set_code)
    raise DeckFormatError(
        path, number, offset + 1,
        f"expected a card line such as '3 Gek-A-Gek', got {line[:60]!r}",
    )


def parse(data: str | bytes, path: str | None = None) -> RawDeck:
    """The entries of a plain-text deck list (see the module docstring), zones as
    written; :class:`DeckFormatError` for a line that is none of the above."""
    text = decode_text(data, path).replace("\r\n", "\n").replace("\r", "\n")
    raws = text.split("\n")
    lines = [_classify(raw, number, path) for number, raw in enumerate(raws, start=1)]
    for line in lines:
        if line.kind == _COMMENT:
            body = _COMMENT_BODY.fullmatch(raws[line.number - 1].strip())
            if body and body.group("body") and not _META.fullmatch(raws[line.number - 1].strip()):
                heading = _heading_zone(body.group("body"), lenient=False)
                if heading is not None:
                    line.kind, line.zone = _HEAD, heading
    side_from = _blank_line_sideboard(lines)
    meta = {"name": _leading_title(raws, lines), "author": ""}
    notes: list[str] = []
    collector = EntryCollector(path)
    zone = MAIN
    for line in lines:
        if line.kind == _COMMENT:
            _comment(raws[line.number - 1].strip(), meta, notes)
        elif line.kind == _HEAD and line.zone != _KEEP:
            zone = line.zone
        elif line.kind == _CARD_LINE:
            in_side = line.side_mark or (side_from is not None and line.number > side_from)
            card_zone = _EXTRA_WORDS["commander"] if line.commander else (
                SIDEBOARD if in_side else zone)
            collector.add(card_zone, line.name, line.count,
                          line.number, line.column, line.set_code)
    return collector.raw(name=meta["name"], author=meta["author"], notes="\n".join(notes))


def _blank_line_sideboard(lines: list[_Line]) -> int | None:
    """The line number of the blank line that starts the sideboard, or ``None``.

    Cockatrice's rule, for a list with no ``SB:`` mark and no heading other than
    main-deck ones (headings say where the cards go): the card lines, from the first
    one on, must fall into exactly two blocks; the first blank line after the first card
    starts the sideboard if cards follow it and no blank line comes after the first of
    them. Blank lines at the end of the text do not count; comments are neither cards
    nor blanks."""
    if any(line.side_mark or (line.kind == _HEAD and line.zone != MAIN) for line in lines):
        return None
    while lines and lines[-1].kind == _BLANK:
        lines = lines[:-1]

    def first(kinds: tuple[int, ...], after: int) -> int | None:
        return next((i for i in range(after, len(lines)) if lines[i].kind in kinds), None)

    opening = first((_CARD_LINE, _HEAD), 0)
    gap = None if opening is None else first((_BLANK,), opening)
    second = None if gap is None else first((_CARD_LINE, _HEAD), gap)
    if second is None or first((_BLANK,), second) is not None:
        return None
    return lines[gap].number


def _leading_title(raws: list[str], lines: list[_Line]) -> str:
    """The deck name a first-line comment gives (``// Burn``), or ``""``."""
    first = next((line for line in lines if line.kind != _BLANK), None)
    if first is None or first.kind != _COMMENT:
        return ""
    text = raws[first.number - 1].strip()
    if _META.fullmatch(text):
        return ""
    body = _COMMENT_BODY.fullmatch(text)
    return body.group("body").strip() if body else ""


def read(data: str | bytes, path: str | None = None) -> DeckList:
    """Read a plain-text deck list (see the module docstring for the grammar)."""
    return to_decklist(parse(data, path), path)


def _comment(line: str, meta: dict[str, str], notes: list[str]) -> None:
    match = _META.fullmatch(line)
    if match:
        key = _META_KEYS[" ".join(match.group("key").casefold().split())]
        value = match.group("value")
        if key == "notes":
            notes.append(value[1:] if value.startswith(" ") else value)
        else:
            meta[key] = value.strip()


def _title_line(name: str) -> str:
    """The first line naming the deck: ``// NAME`` where that reads back as ``NAME``
    (here and in Cockatrice), else ``# Name: NAME``."""
    line = f"// {name}"
    plain = (
        _COUNTLESS.match(name)
        and not _META.fullmatch(line)
        and _heading_zone(name, lenient=False) is None
    )
    return line if plain else f"# Name: {name}"


def write(deck: DeckList) -> str:
    """The plain-text list of ``deck`` (reads back to an equal :class:`DeckList`)."""
    lines = []
    if deck.name:
        lines.append(_title_line(deck.name))
    elif deck.author or deck.notes:
        lines.append("//")  # an empty title, or Cockatrice takes the next comment as the name
    if deck.author:
        lines.append(f"# Author: {deck.author}")
    if deck.notes:
        lines.extend(f"# Notes: {line}".rstrip() for line in deck.notes.split("\n"))
    if lines:
        lines.append("")
    lines.extend(f"{count} {kept_name(name)}" for name, count in deck.main)
    if deck.sideboard:
        lines.extend(["", "Sideboard:"])
        lines.extend(f"{count} {kept_name(name)}" for name, count in deck.sideboard)
    return "\n".join(lines) + "\n"


def kept_name(name: str) -> str:
    """``name`` in a form Cockatrice keeps: a lone ``/`` (not the split mark) as a space."""
    if "/" not in name or " // " in name:
        return name
    return " ".join(_LONE_SLASH.sub(" ", name).split())
