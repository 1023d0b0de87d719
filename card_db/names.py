"""The one rule for matching card names.

Two spellings name the same card when their :func:`fold_name` keys are equal. The key
is the name

* case-folded (:meth:`str.casefold`, so ``"STRASSE"`` matches ``"straße"``),
* with the typographic apostrophe U+2019 read as ``'`` (printed cards and web
  checklists use it, keyboards type ``'``),
* with surrounding whitespace dropped and every run of whitespace read as one space,
* with every run of ``/`` read as a space, so ``"Fire/Ice"``, ``"Fire // Ice"`` and
  ``"Fire Ice"`` match: plain-text deck lists read ``A/B`` as the split name
  ``A // B`` (as Cockatrice does), and cannot keep a ``/`` that is part of a name, so
  :mod:`deckbuilder.formats.text` writes it as a space (a spelling Cockatrice's
  simple-name lookup also finds).

The catalogue, the checklists, deck lists, every deck file format, the collection and
the rules engine all match names by this key.

Printed card text refers to other cards in running English, which may add or drop
a leading article: "May hold the Erasure alone" names the Site *The Erasure*, "Counter
the Amnesia" names *Amnesia*. :func:`refers_to` matches such a reference: the same
key with a leading "the" dropped from both sides. It is only for references read from
card text; a name typed by the user or read from a file is matched by
:func:`fold_name` (so "Erasure" alone does not find "The Erasure", and the keys that
identify a card, such as OCTGN's card GUIDs, stay as they were).
Source: rulebook "Card Powers, Traits, and Special Rules" ("Counter P", "May hold Y
alone"), "Unique Cards".
"""

from __future__ import annotations

import re

_ARTICLE = "the "
_SLASHES = re.compile(r"/+")


def fold_name(name: str) -> str:
    """The matching key of a card name (see the module docstring).

    ``"  The  Erasure"`` -> ``"the erasure"``; ``"Charlotte\u2019s Tower"`` ->
    ``"charlotte's tower"``.
    """
    folded = name.replace("\u2019", "'").casefold()
    if "/" in folded:
        folded = _SLASHES.sub(" ", folded)
    return " ".join(folded.split())


def names_match(a: str, b: str) -> bool:
    """True if ``a`` and ``b`` name the same card (equal :func:`fold_name` keys)."""
    return fold_name(a) == fold_name(b)


def reference_key(text: str) -> str:
    """The key of a card name as referred to in card text: :func:`fold_name` without a
    leading "the" (``"the Erasure"`` and ``"The Erasure"`` -> ``"erasure"``)."""
    folded = fold_name(text)
    return folded[len(_ARTICLE):] if folded.startswith(_ARTICLE) else folded


def refers_to(reference: str, name: str) -> bool:
    """True if ``reference``, a card name quoted in printed card text ("Counter P",
    "+N versus Y", "May hold Y alone"), names the card called ``name``."""
    return reference_key(reference) == reference_key(name)
