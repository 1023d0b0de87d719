"""The GUI and CLI show a :class:`~card_db.errors.UserError` as the user's mistake and
let anything else through as a bug (issue 25, section 5): no handler in ``gui/`` or
``cli/`` catches ``ValueError``, ``LookupError`` or ``KeyError`` to show it as a problem
with the input, except where the ``try`` only converts text the user typed (``int()``)
or looks a value up in a list it owns."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from card_db.errors import UserError
from deckbuilder.deck.decklist import DeckList

ROOT = Path(__file__).resolve().parents[1] / "deckbuilder"
BROAD = {"ValueError", "LookupError", "KeyError"}
#: (file, function): the try converts typed text or searches its own list.
ALLOWED = {
    ("gui/collection/owned_model.py", "setData"),
    ("gui/collection/wishlist_model.py", "setData"),
    ("gui/browser/model.py", "row_of"),
    ("gui/settings.py", "_to_int"),
    ("gui/play/cards.py", "card_id"),
    ("gui/number_field.py", "validate"),  # int() of the digits typed
    ("gui/card_editor/form.py", "_check_powers"),  # CardType() of the type chosen, if any
    # a guard, not a message: Ctrl+C handling only on the main thread (signal.signal)
    ("cli/scan.py", "__enter__"),
    # a guard, not a message: a database it cannot read is opened (and explained) later
    ("gui/app.py", "database_needs_work"),
}


def _names(node: ast.expr | None) -> set[str]:
    if node is None:
        return set()
    if isinstance(node, ast.Tuple):
        return set().union(*(_names(e) for e in node.elts))
    if isinstance(node, ast.Attribute):
        return {node.attr}
    return {node.id} if isinstance(node, ast.Name) else set()


def _broad_handlers() -> set[tuple[str, str]]:
    found = set()
    for path in [*ROOT.joinpath("gui").rglob("*.py"), *ROOT.joinpath("cli").rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.ExceptHandler) and _names(node.type) & BROAD:
                    found.add((path.relative_to(ROOT).as_posix(), function.name))
    return found


def test_no_handler_shows_a_bug_as_the_users_mistake():
    found = _broad_handlers()
    assert found - ALLOWED == set()
    assert ALLOWED - found == set(), "an allowed handler is gone: drop it from ALLOWED"


def test_a_bug_while_adding_a_card_is_not_reported_as_the_users_mistake(editor_screen,
                                                                        monkeypatch):
    editor = editor_screen.open_document_for(DeckList())

    def broken(name, zone):
        raise ValueError("a bug: this must reach the bug report")

    monkeypatch.setattr(editor, "add_card", broken)
    reported = []
    monkeypatch.setattr(editor_screen.context, "report_error",
                        lambda title, exc: reported.append(exc))
    with pytest.raises(ValueError, match="a bug"):
        editor_screen.add_card("Gentle")
    assert reported == []

    def refused(name, zone):
        raise UserError("not in the catalogue")

    monkeypatch.setattr(editor, "add_card", refused)
    editor_screen.add_card("Gentle")
    assert [str(e) for e in reported] == ["not in the catalogue"]


@pytest.fixture
def editor_screen(window):
    return window.show_screen("deck-editor")


def test_every_cancelled_class_shares_one_base():
    """Every "the user asked to stop" class, the engine's included, derives from
    :class:`card_db.errors.Cancelled`, so a front end tells them from errors at once."""
    import importlib

    from card_db.errors import Cancelled

    found = {}
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name.endswith("Cancelled"):
                module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
                found[node.name] = getattr(importlib.import_module(module), node.name)
    assert {"RunCancelled", "MatchCancelled", "TuneCancelled", "RaceCancelled",
            "MatchupsCancelled", "PublishCancelled", "OperationCancelled"} <= set(found)
    assert [name for name, cls in found.items() if not issubclass(cls, Cancelled)] == []
