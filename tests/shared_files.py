"""Files the tests read from outside the repository, and what happens without them.

The rulebooks live beside the repository, in ``../shared/rulebook/`` (the Imajica
rulebook, and the Mystic War, Imperial Twing and Imaginarium: Chimera rules beside
it). ``IMAJICA_RULEBOOK`` names the Imajica rulebook file elsewhere; the other
rulebooks are read from its folder. A test that needs one calls :func:`rulebook`
(or :func:`rulebook_folder`); when the file is missing the test is skipped with a
reason naming the file and the variable, so a clone anywhere runs everything else.

``IMAJICA_REQUIRE_SHARED=1`` (set by ``.ci/run``) turns that skip into a failure, so
CI can never pass with these tests silently skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULEBOOK_VARIABLE = "IMAJICA_RULEBOOK"
REQUIRE_VARIABLE = "IMAJICA_REQUIRE_SHARED"
RULEBOOK_NAME = "imajica-ccg-rulebook.txt"


def _default_folder() -> Path:
    """``../shared/rulebook`` of the repository, or of a folder above it that has one
    (a git worktree kept inside another folder)."""
    for folder in REPO.parents:
        if (folder / "shared" / "rulebook").is_dir():
            return folder / "shared" / "rulebook"
    return REPO.parent / "shared" / "rulebook"


def rulebook_path() -> Path:
    """Where the Imajica rulebook is expected: ``$IMAJICA_RULEBOOK``, else the default."""
    if RULEBOOK_VARIABLE in os.environ:
        return Path(os.environ[RULEBOOK_VARIABLE])
    return _default_folder() / RULEBOOK_NAME


def rulebook_folder() -> Path:
    """The folder holding the Imajica rulebook and the other games' rulebooks."""
    return rulebook_path().parent


def missing(path: Path, what: str) -> None:
    """Skip the calling test (or module) because ``path`` is absent; fail instead when
    ``IMAJICA_REQUIRE_SHARED=1``."""
    reason = (f"needs {what} at {path}, outside the repository: put it there or set "
              f"{RULEBOOK_VARIABLE} to the Imajica rulebook file (the other rulebooks "
              f"are read from its folder)")
    if os.environ.get(REQUIRE_VARIABLE) == "1":
        pytest.fail(f"{REQUIRE_VARIABLE}=1 but a test {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def read_rulebook(name: str = RULEBOOK_NAME) -> str:
    """The text of a rulebook of ``../shared/rulebook`` (default: Imajica's).

    Raises: ``pytest.skip`` when it is missing (``pytest.fail`` under
    ``IMAJICA_REQUIRE_SHARED=1``).
    """
    path = rulebook_path() if name == RULEBOOK_NAME else rulebook_folder() / name
    if not path.is_file():
        missing(path, f"the rulebook {name}")
    return path.read_text(encoding="utf-8")
