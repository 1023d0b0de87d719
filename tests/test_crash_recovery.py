"""A kill -9 at any moment of any write leaves what was there or the whole write, and a
database that opens (issue 10, section 3, "Unusable database after a crash"; issue 26,
"A fault suite in the project").

Each write path of :data:`tests.fault_paths.WRITE_PATHS` (first start, the 0001 -> head
upgrade, checklist and collection imports, collection and checklist exports, ``db
copy``, saving a game, saving a deck) is run once to time it, then ``FAULT_TRIALS``
times (default 6) in a forked child killed with SIGKILL after a random delay: spread
over that time, or (every second kill) aimed at the writing itself, once the
write-ahead log or the temporary file appears (:func:`tests.fault_kit.kill_trials`).
Afterwards the database must open as the app opens it at start, pass SQLite's integrity
check, and hold none or all of the interrupted write; a file must hold its old content
or the complete new one.
Runtime: about a minute with the default trials.
"""

from __future__ import annotations

import pytest

from tests.fault_kit import kill_trials, record, trials
from tests.fault_paths import WRITE_PATHS

TRIALS = trials(6)


@pytest.mark.parametrize("path", WRITE_PATHS, ids=[p.name for p in WRITE_PATHS])
def test_a_kill_during_a_write_leaves_the_old_state_or_the_new(tmp_path, path):
    """SIGKILL at random moments of each write path: the database opens whole and holds
    none or all of the write; a file holds its old content or the whole new one."""
    result = kill_trials(path, tmp_path, TRIALS)
    record("kill -9 at a random moment", path.name, "SQLite", result.outcomes, {"old", "new"})
    assert not result.broken, result.broken
    assert sum(result.outcomes.values()) == TRIALS
    assert result.killed >= 1, "the kills should land while the work runs"
