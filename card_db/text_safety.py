"""Characters a card name must not hide: controls and bidirectional overrides.

A control character (C0, DEL, C1) or an invisible direction mark in a name can make
one card look like another, reorder the text around it on screen ("Trojan Source")
or send commands to a terminal. Importers refuse such names
(:func:`unsafe_character`, :func:`describe_character`); text that already holds them
is shown escaped (:func:`escape_unsafe`). Tab and newline are refused in names too;
fields that allow them pass them in ``allow``.
"""

from __future__ import annotations

import unicodedata

#: Invisible characters that change the direction of the text around them: the
#: embeddings, overrides and isolates (U+202A-202E, U+2066-2069), the marks
#: (U+200E, U+200F, U+061C) and U+2028/2029 (line and paragraph separators).
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029"
)
#: Unicode categories refused whatever the character: controls and lone surrogates.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cs"})


def is_unsafe(char: str) -> bool:
    """True if the one character ``char`` is a control, a lone surrogate or a bidi control."""
    return char in BIDI_CONTROLS or unicodedata.category(char) in _UNSAFE_CATEGORIES


def unsafe_character(text: str, allow: str = "") -> str | None:
    """The first character of ``text`` that :func:`is_unsafe` and not in ``allow``, or
    ``None`` (``allow="\\t\\n"`` for a field of several lines)."""
    for char in text:
        if char not in allow and is_unsafe(char):
            return char
    return None


def describe_character(char: str) -> str:
    """``"U+202E RIGHT-TO-LEFT OVERRIDE"``; controls, which have no Unicode name, read
    ``"U+0007 control character"`` (``"U+D800 lone surrogate"`` for a surrogate)."""
    code = f"U+{ord(char):04X}"
    name = unicodedata.name(char, "")
    if name:
        return f"{code} {name}"
    kind = "lone surrogate" if unicodedata.category(char) == "Cs" else "control character"
    return f"{code} {kind}"


def escape_unsafe(text: str, allow: str = "") -> str:
    """``text`` with every unsafe character (see :func:`is_unsafe`) not in ``allow``
    written as its escape ``\\uXXXX``: ``"Gek\\u202eA"`` (with a real U+202E) is shown
    as ``Gek\\u202eA``. The escapes are JSON's, so escaping JSON text keeps its meaning
    (every unsafe character is in the Basic Multilingual Plane)."""
    if unsafe_character(text, allow) is None:
        return text
    return "".join(
        f"\\u{ord(char):04x}" if char not in allow and is_unsafe(char) else char
        for char in text
    )
