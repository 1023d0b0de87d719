"""Re-importing your own exports changes nothing; ``collection import`` sets the
quantities it lists (``--add`` adds) and says what changes; every problem of a file is
reported at once; caps on huge files; Ctrl+C imports nothing (issue 10, sections 2 and 3).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.records import Condition
from deckbuilder.cli.main import cli
from deckbuilder.formats import collection_csv
from deckbuilder.formats.collection_csv import (
    CollectionFileError,
    CollectionFileProblems,
    parse_collection_rows,
    read_collection_csv,
)
from deckbuilder.services import collection as service
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    collection_rows,
    import_collection_csv,
    owned_counts,
)


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _table(db: Path, table: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()


@pytest.fixture
def owned(userdb):
    add_rows(userdb, [
        CollectionRow("Gentle", 2, Condition.MINT, "=Binder 1", "-signed, \"first\"", 1),
        CollectionRow("Gentle", 3),
        CollectionRow("Judith", 1, Condition.DAMAGED, "@box", "+1 promo"),
    ])
    return userdb


def test_collection_export_then_import_changes_nothing(db, owned, tmp_path):
    out = tmp_path / "mine.csv"
    assert run("collection", "export", str(out)).exit_code == 0
    before = _table(db, "collection_entry")
    result = run("collection", "import", str(out))
    assert result.exit_code == 0, result.output
    assert "nothing changes (3 entries already as listed)" in result.stdout
    assert _table(db, "collection_entry") == before


def test_import_sets_the_listed_quantities_and_keeps_the_others(db, owned, tmp_path):
    file = tmp_path / "c.csv"
    file.write_text("name,quantity\nGentle,5\nIrish,1\n", encoding="utf-8")
    result = run("collection", "import", str(file))
    assert result.exit_code == 0, result.output
    assert "Gentle (Near Mint): 3 -> 5" in result.stdout
    assert "Irish (Near Mint): 0 -> 1 (new entry)" in result.stdout
    assert "1 new entry, 1 changed, 0 unchanged; copies in those entries 3 -> 6" in result.stdout
    # the Mint copies in "=Binder 1" are not listed: kept, notes and trade count too
    assert owned_counts(owned) == {"Gentle": 7, "Judith": 1, "Irish": 1}
    mint = next(r for r in collection_rows(owned) if r.condition is Condition.MINT)
    assert (mint.notes, mint.for_trade) == ("-signed, \"first\"", 1)


def test_import_with_add_adds_and_a_dry_run_writes_nothing(db, owned, tmp_path):
    out = tmp_path / "mine.csv"
    run("collection", "export", str(out))
    before = _table(db, "collection_entry")
    dry = run("collection", "import", "--add", "--dry-run", str(out))
    assert dry.exit_code == 0 and "dry run, nothing written" in dry.stdout
    assert "Gentle (Mint, =Binder 1): 2 -> 4" in dry.stdout
    assert _table(db, "collection_entry") == before
    assert run("collection", "import", "--add", str(out)).exit_code == 0
    assert owned_counts(owned) == {"Gentle": 10, "Judith": 2}


def test_cli_lists_at_most_twenty_changes_then_counts(db, userdb, tmp_path):
    names = [r.name for r in userdb.catalogue()][:25]
    file = tmp_path / "c.csv"
    file.write_text("name\n" + "".join(f'"{n}"\n' for n in names), encoding="utf-8")
    result = run("collection", "import", str(file))
    assert result.exit_code == 0, result.output
    assert result.stdout.count(" -> 1 (new entry)") == 20
    assert "  and 5 more" in result.stdout and "25 new entries" in result.stdout


def test_import_result_and_undo(db, owned, tmp_path):
    file = tmp_path / "c.csv"
    file.write_text("name,quantity\nJudith,4\n", encoding="utf-8")
    before = _table(db, "collection_entry")
    outcome = import_collection_csv(owned, file)
    (change,) = outcome.value.changes
    assert (change.name, change.old, change.new) == ("Judith", None, 4)
    outcome.changes.undo.run(owned)
    assert _table(db, "collection_entry") == before


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_catalogue_export_then_import_keeps_bundled_cards_bundled(db, tmp_path, suffix):
    assert run("cards", "correct", "Gentle", "prime", "12").exit_code == 0
    out = tmp_path / f"all{suffix}"
    assert run("cards", "export", str(out)).exit_code == 0
    before = _table(db, "card")
    result = run("cards", "import", str(out))
    assert result.exit_code == 0, result.output
    assert f"0 cards added, 0 updated, {len(before)} unchanged" in result.stdout
    assert _table(db, "card") == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM card WHERE origin = 'user'").fetchone() == (0,)


def test_catalogue_import_of_a_changed_card_still_makes_it_the_users(db, tmp_path):
    out = tmp_path / "all.csv"
    run("cards", "export", str(out))
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    header, gentle = lines[0], next(x for x in lines if ",Gentle," in x)
    out.write_text(header + gentle.replace("Gentle", "Gentle the Maestro", 1), encoding="utf-8")
    assert "0 cards added, 1 updated" in run("cards", "import", str(out)).stdout


# -- every problem at once --------------------------------------------------------------


def test_every_problem_of_a_file_is_reported_at_once_with_physical_lines(tmp_path):
    text = (
        "name,quantity,condition\n"
        "Gentle,2,shiny\n"          # line 2: bad condition
        "\n\n"                      # lines 3-4 blank
        '"Judith","x",NM\n'          # line 5: bad quantity
        '"Irish\nthe Eunuch",1,\n'   # lines 6-7: a quoted name over two lines (fine)
        ",1,\n"                     # line 8: empty name
        "Dowd,1,NM,extra\n"          # line 9: too many fields
    )
    with pytest.raises(CollectionFileProblems) as info:
        parse_collection_rows(text, "c.csv")
    problems = info.value.problems
    assert [(p.line, p.column) for p in problems] == [(2, 3), (5, 2), (8, 1), (9, 4)]
    message = str(info.value)
    assert message.startswith("c.csv: 4 problems:\n")
    assert "c.csv:2:3: unknown condition 'shiny'" in message
    assert "c.csv:5:2: quantity: expected a whole number" in message


def test_problems_are_capped_with_a_count_of_the_rest(tmp_path):
    text = "name,quantity\n" + "Gentle,x\n" * 75
    with pytest.raises(CollectionFileProblems) as info:
        parse_collection_rows(text, "c.csv")
    assert len(info.value.problems) == collection_csv.MAX_PROBLEMS == 50
    assert info.value.more == 25 and str(info.value).endswith("and 25 more")


def test_import_reports_bad_rows_and_unknown_names_together(userdb, tmp_path):
    file = tmp_path / "c.csv"
    file.write_text("name,quantity\nGentel,1\n\nJudith,-1\nNobody,2\n", encoding="utf-8")
    preview = service.preview_collection_csv(userdb, file)
    assert [(p.line, p.column) for p in preview.problems] == [(2, 1), (4, 2), (5, 1)]
    assert "Gentle" in preview.problems[0].message
    with pytest.raises(CollectionFileProblems) as info:  # the import: the same, at once
        import_collection_csv(userdb, file)
    assert [(p.line, p.column) for p in info.value.problems] == [(2, 1), (4, 2), (5, 1)]
    assert str(info.value).startswith(f"{file}: 3 problems:\n")
    file.write_text("name,quantity\nGentel,1\n\nJudith,1\nNobody,2\n", encoding="utf-8")
    with pytest.raises(CollectionFileProblems) as info:
        import_collection_csv(userdb, file)
    assert [p.line for p in info.value.problems] == [2, 5]
    assert owned_counts(userdb) == {}


def test_a_single_problem_reads_as_before():
    with pytest.raises(CollectionFileError) as info:
        parse_collection_rows("name,quantity,condition\nGentle,2,shiny\n", "x.csv")
    assert str(info.value).startswith("x.csv:2:3: unknown condition 'shiny'")


# -- huge files -----------------------------------------------------------------------


def test_too_many_rows_are_refused_with_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(collection_csv, "MAX_ROWS", 10)
    file = tmp_path / "c.csv"
    file.write_text("name\n" + "Gentle\n" * 11, encoding="utf-8")
    with pytest.raises(CollectionFileError, match="more than 10 rows: split the file") as info:
        read_collection_csv(file)
    assert info.value.line == 12


def test_too_large_a_file_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(collection_csv, "MAX_FILE_BYTES", 100)
    file = tmp_path / "c.csv"
    file.write_text("name\n" + "Gentle\n" * 20, encoding="utf-8")
    with pytest.raises(CollectionFileError, match="the file is too large"):
        read_collection_csv(file)


def test_a_stream_without_a_size_is_cut_at_the_cap(monkeypatch):
    monkeypatch.setattr(collection_csv, "MAX_FILE_BYTES", 100)
    with pytest.raises(CollectionFileError, match="the file is too large"):
        parse_collection_rows("name\n" + "Gentle\n" * 20, "pipe")


def test_overlong_lines_and_cells_are_refused(tmp_path):
    long_line = "name\n" + "G" * (collection_csv.MAX_LINE_CHARS + 5) + "\n"
    with pytest.raises(CollectionFileError, match="line longer than") as info:
        parse_collection_rows(long_line, "c.csv")
    assert info.value.line == 2
    long_cell = "name,notes\nGentle," + "n" * (collection_csv.MAX_FIELD_CHARS + 1) + "\n"
    with pytest.raises(CollectionFileError, match="cell longer than") as info:
        parse_collection_rows(long_cell, "c.csv")
    assert (info.value.line, info.value.column) == (2, 2)


def test_ctrl_c_during_the_import_writes_nothing_and_exits_130(db, owned, tmp_path, monkeypatch):
    file = tmp_path / "c.csv"
    file.write_text("name,quantity\nGentle,9\nIrish,2\n", encoding="utf-8")
    write = service._write_changes

    def write_then_interrupt(*args):
        write(*args)  # the rows are written in the open transaction, then Ctrl+C
        raise KeyboardInterrupt

    monkeypatch.setattr(service, "_write_changes", write_then_interrupt)
    before = _table(db, "collection_entry")
    result = run("collection", "import", str(file))
    assert result.exit_code == 130
    assert _table(db, "collection_entry") == before


def test_progress_reports_reading_then_checking(userdb, tmp_path):
    file = tmp_path / "c.csv"
    file.write_text("name\nGentle\nJudith\n", encoding="utf-8")
    seen = []
    import_collection_csv(userdb, file, progress=lambda *step: seen.append(step))
    size = file.stat().st_size
    assert seen[-3:] == [("read", size, size), ("check", 1, 2), ("check", 2, 2)]


_PEAK = """
import resource, sys
from pathlib import Path
from deckbuilder.formats.collection_csv import read_collection_csv
rows = read_collection_csv(Path(sys.argv[1])).rows
print(len(rows), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _peak_kib(file: Path) -> tuple[int, int]:
    done = subprocess.run([sys.executable, "-c", _PEAK, str(file)], check=True,
                          capture_output=True, text=True)
    rows, peak = done.stdout.split()
    return int(rows), int(peak)


def test_reading_streams_the_file_memory_stays_flat(tmp_path):
    """A 40 MB file whose rows are blank costs no more memory than a tiny one (reading
    it whole would cost at least twice its size: the bytes and the text)."""
    small, big = tmp_path / "small.csv", tmp_path / "big.csv"
    small.write_text("name\nGentle\n", encoding="utf-8")
    blank = " " * 999 + "\n"
    with big.open("w", encoding="utf-8") as out:
        out.write("name\n")
        out.write(blank * 40_000)
        out.write("Gentle\n")
    assert big.stat().st_size > 40_000_000
    (small_rows, small_peak), (big_rows, big_peak) = _peak_kib(small), _peak_kib(big)
    assert small_rows == big_rows == 1
    assert big_peak - small_peak < 20 * 1024, (small_peak, big_peak)


def test_preview_reports_reading_progress_and_writes_nothing(userdb, tmp_path):
    file = tmp_path / "c.csv"
    file.write_text("name\n" + "Gentle\n" * 2500, encoding="utf-8")
    seen = []
    preview = service.preview_collection_csv(userdb, file, progress=lambda *s: seen.append(s))
    size = file.stat().st_size
    assert preview.ok and preview.plan().changes[0].new == 2500
    assert seen[-1] == (size, size) and len(seen) >= 3 and seen[0][0] < size
    assert owned_counts(userdb) == {}


def test_cli_progress_bars_show_on_a_terminal_only(monkeypatch):
    import io

    from deckbuilder.cli import collection as cli_collection

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with cli_collection.ProgressBars() as bars:
            for done in range(0, 1001, 10):
                bars.show("read", done, 1000)
            bars.show("check", 5, 5)
        text = stream.getvalue()
        assert ("Reading" in text and "Checking" in text and "100%" in text) is shown
        assert text or not shown


# -- issue 26, point 3: a control character cannot defeat the formula protection ------------


def test_a_carriage_return_before_a_formula_is_refused_naming_the_character(userdb, tmp_path):
    """A location starting with ``\\r`` used to be written unquoted, so ``=1+1`` began a
    spreadsheet row of its own: such text is refused where it comes in (file, CLI,
    edit), saying which character and where, and nothing is written."""
    bad = tmp_path / "cr.csv"
    bad.write_bytes(b'name,quantity,location,notes\nJudith,1,box,"\x07bell"\n'
                    b'Gentle,1,"\r=1+1",fine\n')
    with pytest.raises(CollectionFileProblems) as caught:
        import_collection_csv(userdb, bad)
    message = str(caught.value)
    assert "2 problems" in message
    assert f"{bad}:2:4: notes: U+0007 control character is not allowed" in message
    assert f"{bad}:3:3: location: U+000D control character is not allowed" in message
    with pytest.raises(CollectionFileProblems, match="location: U\\+000D"):
        add_rows(userdb, [CollectionRow("Gentle", 1, location="\r=1+1")])
    add_rows(userdb, [CollectionRow("Gentle", 1, location="box")])
    entry = service.owned_entries(userdb)[0].entry_id
    with pytest.raises(service.CollectionEditError, match="notes: U\\+202E"):
        service.update_entry(userdb, entry, notes="a\u202eb")
    assert owned_counts(userdb) == {"Gentle": 1}


def test_a_stored_carriage_return_is_written_quoted(tmp_path):
    """Text stored before the check (or by another program) is written quoted, so a
    spreadsheet still reads one row and the formula stays text."""
    import csv
    import io

    text = collection_csv.write_collection_csv([CollectionRow("Gentle", 1, location="\r=1+1")])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == 2
    assert rows[1][3] == "'\r=1+1"
    assert '"\'\r=1+1"' in text


def test_notes_may_hold_several_lines_and_tabs(userdb, tmp_path):
    """A note of several lines (tab, newline) is accepted and comes back as it was."""
    add_rows(userdb, [CollectionRow("Gentle", 1, location="\tbox", notes="line 1\n\tline 2")])
    out = tmp_path / "out.csv"
    service.export_collection_csv(userdb, out)
    assert read_collection_csv(out).rows == (
        CollectionRow("Gentle", 1, location="\tbox", notes="line 1\n\tline 2"),)
