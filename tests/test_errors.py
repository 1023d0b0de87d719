"""One error base: every user-facing error is a UserError; anything else is a bug.

Checks the classes, the CLI's exit statuses (2 for the user's mistakes, 70 for bugs)
and the GUI's bug dialog with its "Copy details" button.
"""

from __future__ import annotations

import importlib
import pickle
import pkgutil

import click
import pytest
from click.testing import CliRunner
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

import card_db
import deckbuilder
from card_db.catalogue import UnknownCardError
from card_db.checklist import ChecklistError
from card_db.database import DatabaseError
from card_db.errors import UserError
from card_db.images.errors import CardImageError
from card_db.search.errors import SearchSyntaxError
from deckbuilder import messages
from deckbuilder.cli import errors as cli_errors
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList, DeckListError
from deckbuilder.deck.resolve import UnknownCardsError, UnknownName
from deckbuilder.engine.rules.errors import DestinyTooSmallError, RuleError
from deckbuilder.engine.simulation.policy import SetupError
from deckbuilder.engine.table.zones import InvariantError
from deckbuilder.formats import UnknownFormatError, get
from deckbuilder.formats.errors import DeckFormatError
from deckbuilder.gui import errors as gui_errors
from deckbuilder.gui.sample_hand.session import ReshuffleNotAllowed
from deckbuilder.match_log.entry import LogEntryError
from deckbuilder.services.deck_versions import NoSuchDeckError, UnknownVersionError
from deckbuilder.services.match_log import UnknownGameError

#: Every user-facing error, built as its layer builds it, with the old second base (if
#: any) that existing ``except`` clauses still catch.
USER_FACING = [
    (ChecklistError("cards.csv", 3, 7, "prime: expected a whole number, got 'x'"), None),
    (SearchSyntaxError(7, "a number after 'prime<='"), ValueError),
    (CardImageError("x.png: not an image"), None),
    (UnknownCardError("Gentel", ["Gentle"]), LookupError),
    (DatabaseError("x.sqlite3 is not a database"), None),
    (DeckFormatError("deck.txt", 4, 2, "expected a count"), ValueError),
    (UnknownFormatError("no deck format called 'xyz'"), ValueError),
    (UnknownCardsError([UnknownName(2, "Gentel", ("Gentle",))], "deck.txt"), LookupError),
    (DeckListError("count 0 is outside 1..999"), ValueError),
    (RuleError("Establishing Characters", "Prime allowance exceeded"), ValueError),
    (SetupError("Game Setup: the deck has no Site of Dominion 1"), ValueError),
    (DestinyTooSmallError(5, 3), ValueError),
    (ReshuffleNotAllowed("the hand has a Character"), ValueError),
    (LogEntryError("result: 'won' is not one of win, loss, draw", field="result",
                   file="games.csv", line=4), ValueError),
    (NoSuchDeckError("no saved deck called 'Tunde'", suggestions=["Tuned"]), KeyError),
    (UnknownVersionError("the deck 'Tuned' has no version 9"), LookupError),
    (UnknownGameError("no logged game has the id 99"), LookupError),
]

#: Exception classes of the project (by class name, wherever they live) that are
#: deliberately not the user's to act on.
NOT_USER_ERRORS = {
    "GuideBuildFailed": "the guide could not be built: the app shows its own pages instead",
    "InvariantError": "a broken rules invariant is a bug",
    "Cancelled": "the one base of the user-asked-to-stop classes: not an error",
    "EngineError": "a programming error in the rules engine or its caller is a bug (issue 22)",
    "RunCancelled": "the user asked to stop: not an error",
    "MatchCancelled": "the user asked to stop a matchup: not an error",
    "MatchupsCancelled": "the user asked to stop the Play screen's matchups: not an error",
    "TuneCancelled": "the user asked to stop a deck tuning: not an error",
    "RaceCancelled": "the user asked to stop a goldfish comparison of versions: not an error",
    "HiddenInformationError": "a computer Autarch reading a hidden card is a bug",
    "OperationCancelled": "the user asked to stop a write: not an error",
    "GameAbandoned": "the person left a game on the Play screen: not an error",
    "EndOfRecord": "a replayed game reached its last recorded decision: not an error",
    "Diverged": "an expert's imagined replay left the live game's path: a sample the "
                "search drops, never shown",
    "GuideMissing": "an app built without the user guide's pages is a packaging bug",
    "_DuplicateKey": "internal to card_db.checklist, becomes a ChecklistError",
    "_Bad": "internal to card_db.checklist, becomes a ChecklistError",
}


@pytest.mark.parametrize(
    ("exc", "second_base"), USER_FACING, ids=lambda v: type(v).__name__ if v else ""
)
def test_every_user_facing_error_is_a_user_error(exc, second_base):
    assert isinstance(exc, UserError)
    if second_base is not None:
        assert isinstance(exc, second_base)
    assert messages.is_user_error(exc)
    assert str(exc) == exc.full_message() and str(exc)
    copy = pickle.loads(pickle.dumps(exc))
    assert type(copy) is type(exc) and str(copy) == str(exc)
    assert copy.__dict__ == exc.__dict__


def _project_exception_classes():
    for package in (card_db, deckbuilder):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".migrations" in info.name or info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if (isinstance(value, type) and issubclass(value, BaseException)
                        and value.__module__ == module.__name__):
                    yield value


def test_every_exception_class_of_the_project_chooses_a_side():
    classes = list(_project_exception_classes())
    assert UnknownCardError in classes and InvariantError in classes
    undecided = [
        f"{cls.__module__}.{cls.__qualname__}" for cls in classes
        if not issubclass(cls, UserError) and cls.__qualname__ not in NOT_USER_ERRORS
    ]
    assert undecided == [], "derive from card_db.errors.UserError or list in NOT_USER_ERRORS"


def test_an_invariant_error_stays_a_bug():
    exc = InvariantError("two Characters in one slot")
    assert not isinstance(exc, UserError) and not messages.is_user_error(exc)


def test_messages_stay_as_they_were():
    assert str(ChecklistError("cards.csv", 12, 7, "prime: bad")) == "cards.csv:12:7: prime: bad"
    assert str(ChecklistError("cards.json", 2, "prime", "prime: bad")) == "cards.json:2: prime: bad"
    assert str(SearchSyntaxError(7, "a number")) == "position 7: expected a number"
    assert str(UnknownCardError("Gentel", ["Gentle"])) == (
        "unknown card 'Gentel'; did you mean 'Gentle'?"
    )
    assert str(RuleError("Game Setup", "no Site")) == 'no Site (rulebook "Game Setup")'
    two = UnknownCardsError(
        [UnknownName(2, "Gentel", ("Gentle",)), UnknownName(5, "Judit", ())], "d.txt"
    )
    assert str(two) == (
        "d.txt:2: unknown card 'Gentel'; did you mean 'Gentle'?\nd.txt:5: unknown card 'Judit'"
    )


def test_a_deck_format_error_carries_file_line_and_column():
    with pytest.raises(DeckFormatError) as info:
        get("json").read('{"main": [{"count": 0, "name": "Gentle"}]}', path="deck.json")
    exc = info.value
    assert isinstance(exc, UserError)
    assert (exc.file, exc.line, exc.column) == ("deck.json", 1, 11)
    assert exc.message == "count 0 must be at least 1"
    assert str(exc) == "deck.json:1:11: count 0 must be at least 1"


def test_where_and_suggestions_are_carried():
    search = SearchSyntaxError(7, "a number")
    assert search.column == 8 and search.message == "expected a number"
    unknown = UnknownCardsError([UnknownName(2, "Gentel", ("Gentle",))], "d.txt")
    assert (unknown.file, unknown.line, unknown.suggestions) == ("d.txt", 2, ("Gentle",))
    assert UnknownCardError("Gentel", ["Gentle"]).suggestions == ["Gentle"]


def test_a_bad_deck_list_value_is_a_user_error():
    with pytest.raises(DeckListError, match="count 0 is outside"):
        DeckList(main=[("Gentle", 0)])
    with pytest.raises(ValueError, match="must be text"):  # a caller's bug stays a bug
        DeckList(name=3)


# -- the CLI ----------------------------------------------------------------------------


@pytest.fixture
def throwaway_command(tmp_path, monkeypatch):
    """Install ``deckbuilder boom KIND`` raising the chosen exception; bug reports go
    to ``tmp_path``."""
    raising = {
        "user": lambda: DeckFormatError("deck.txt", 3, 1, "expected a count"),
        "bug": lambda: ZeroDivisionError("division by zero"),
        "value": lambda: ValueError("a caller passed nonsense"),
        "oserror": lambda: FileNotFoundError(2, "No such file or directory", "a.csv"),
    }

    @click.command("boom")
    @click.argument("kind")
    def boom(kind: str) -> None:
        if kind == "divide":
            1 / 0  # noqa: B018 (a real bug, raised by Python itself)
        raise raising[kind]()

    monkeypatch.setattr(cli_errors, "bug_log_folder", lambda: tmp_path / "log")
    cli.add_command(boom)
    yield tmp_path / "log"
    cli.commands.pop("boom")


def _run(*args):
    return CliRunner().invoke(cli, list(args))


def test_cli_user_error_exits_2_with_its_message(throwaway_command):
    result = _run("boom", "user")
    assert result.exit_code == cli_errors.EXIT_BAD_INPUT == 2
    assert result.stderr == "deckbuilder: deck.txt:3:1: expected a count\n"


def test_cli_os_error_with_a_file_exits_2(throwaway_command):
    result = _run("boom", "oserror")
    assert result.exit_code == 2
    assert result.stderr == "deckbuilder: a.csv: No such file or directory\n"


@pytest.mark.parametrize("kind", ["divide", "value"])
def test_cli_bug_exits_70_says_it_is_a_bug_and_saves_the_traceback(throwaway_command, kind):
    result = _run("boom", kind)
    assert result.exit_code == cli_errors.EXIT_BUG == 70
    assert "this is a bug" in result.stderr
    assert "not something you did wrong" in result.stderr
    assert "Traceback" not in result.stderr
    name = "ZeroDivisionError: division by zero" if kind == "divide" else "ValueError: a caller"
    assert name in result.stderr
    [report] = list(throwaway_command.iterdir())
    assert str(report) in result.stderr
    text = report.read_text("utf-8")
    assert text.startswith(f"Imajica Deck Builder {deckbuilder.__version__}; Python ")
    assert "Traceback (most recent call last)" in text and "def boom" not in text
    assert "in boom" in text


def test_cli_bug_prints_the_traceback_when_it_cannot_be_saved(throwaway_command, monkeypatch):
    blocker = throwaway_command.parent / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setattr(cli_errors, "bug_log_folder", lambda: blocker / "log")
    result = _run("boom", "divide")
    assert result.exit_code == 70
    assert "Traceback (most recent call last)" in result.stderr
    assert "ZeroDivisionError" in result.stderr


def test_cli_decorated_command_reports_a_bug_outside_the_group(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_errors, "bug_log_folder", lambda: tmp_path)

    @click.command()
    @cli_errors.handles_errors
    def alone() -> None:
        raise KeyError("internal")

    result = CliRunner().invoke(alone, [])
    assert result.exit_code == 70 and "KeyError" in result.stderr


def test_cli_usage_errors_are_still_clicks(throwaway_command):
    result = _run("boom")
    assert result.exit_code == 2 and "Missing argument 'KIND'" in result.stderr


# -- the GUI ----------------------------------------------------------------------------


def _visible_boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()]


def test_gui_user_error_is_shown_as_is_without_copy_details(qtbot):
    box = gui_errors.report_error(None, "The deck was not opened",
                                  DeckFormatError("d.txt", 2, 1, "expected a count"))
    qtbot.addWidget(box)
    assert box.windowTitle() == "The deck was not opened"
    assert box.text() == "d.txt:2:1: expected a count"
    assert box.findChild(QPushButton, "copyDetails") is None
    box.close()


def test_gui_bug_dialog_copies_the_traceback_and_versions(qtbot):
    try:
        {}["missing"]
    except KeyError as exc:
        box = gui_errors.report_error(None, "The deck was not opened", exc)
    qtbot.addWidget(box)
    assert box.windowTitle() == messages.BUG_TITLE
    assert "KeyError: 'missing'" in box.text() and "not something you did wrong" in box.text()
    assert "Traceback (most recent call last)" in box.detailedText()
    copy = box.findChild(QPushButton, "copyDetails")
    assert copy is not None and copy.text() == "Copy details"
    QApplication.clipboard().clear()
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    copied = QApplication.clipboard().text()
    assert copied == box.detailedText()
    assert f"Imajica Deck Builder {deckbuilder.__version__}" in copied
    assert "KeyError: 'missing'" in copied and "test_errors.py" in copied
    assert box.isVisible(), "copying keeps the dialog open"
    box.close()


def test_gui_excepthook_shows_a_bug_with_copy_details(qtbot):
    try:
        raise ZeroDivisionError("division by zero")
    except ZeroDivisionError as exc:
        gui_errors.excepthook(ZeroDivisionError, exc, exc.__traceback__)
    box = _visible_boxes()[-1]
    assert box.windowTitle() == messages.BUG_TITLE
    assert box.findChild(QPushButton, "copyDetails") is not None
    box.close()


def test_gui_task_error_with_its_worker_traceback(qtbot, db):
    from deckbuilder.gui.context import AppContext

    context = AppContext(db)

    def broken():
        raise ZeroDivisionError("division by zero")

    with qtbot.waitSignal(context.error_shown) as shown:
        context.run(broken)
    assert shown.args == ["ZeroDivisionError: division by zero"]
    box = _visible_boxes()[-1]
    assert box.windowTitle() == messages.BUG_TITLE
    assert "in broken" in box.detailedText()
    box.close()
    context.close()
