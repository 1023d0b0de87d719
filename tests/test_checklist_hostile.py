"""Checklists with numbers of thousands of digits or unpaired surrogate escapes end in
a ChecklistError naming the file, never a traceback (issue 10, section 3, "Clear
errors instead of tracebacks"; found by fuzzing the checklist importer)."""

from __future__ import annotations

import pytest

from card_db.checklist import ChecklistError
from deckbuilder.services.cards import import_checklist

HEADER = "name,type,dominions,gender,magic,strength,prime\n"


def _json(prime: str, name: str = "New One") -> str:
    return (
        f'[{{"name": "{name}", "type": "Character", "dominions": "1", "gender": "male", '
        f'"magic": 1, "strength": 2, "prime": {prime}}}]'
    )


@pytest.mark.parametrize(
    "file_name, text, message",
    [
        ("huge.csv", HEADER + "New One,Character,1,male,1,2," + "9" * 5000 + "\n",
         "prime: must be between 0 and 99, got 5000 digits"),
        ("huge.json", _json("9" * 5000), "a number is too long"),
        ("lone.json", _json("4", name="New \\ud800 One"), "unpaired surrogate"),
        ("low.json", _json("4", name="\\udc00"), "unpaired surrogate"),
        ("key.json", _json("4").replace('"gender"', '"gen\\udfffder"'), "unpaired surrogate"),
    ],
)
def test_hostile_checklists_are_refused_clearly(userdb, tmp_path, file_name, text, message):
    path = tmp_path / file_name
    path.write_text(text, encoding="utf-8")
    cards = len(userdb.catalogue())
    with pytest.raises(ChecklistError, match=message) as caught:
        import_checklist(userdb, path)
    assert str(caught.value).startswith(str(path))
    str(caught.value).encode("utf-8")  # printable: no lone surrogate in the message
    userdb.forget_catalogue()
    assert len(userdb.catalogue()) == cards


def test_a_surrogate_pair_escape_is_a_real_character(userdb, tmp_path):
    """A paired escape (an emoji) is ordinary text and imports."""
    path = tmp_path / "pair.json"
    path.write_text(_json("4", name="New \\ud83c\\udccf One"), encoding="utf-8")
    assert import_checklist(userdb, path).added == 1
    assert userdb.catalogue().resolve("New \U0001f0cf One").prime == 4
