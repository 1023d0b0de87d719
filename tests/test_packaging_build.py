"""packaging/build.sh's note on missing X11 libraries (issue 10, section 2: it warned
that a library was missing when it was installed)."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "packaging" / "x11_libraries.sh"
PRESENT = (
    "\tlibxcb-icccm.so.4 (libc6,x86-64) => /lib/x86_64-linux-gnu/libxcb-icccm.so.4\n"
    "\tlibxcb-keysyms.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libxcb-keysyms.so.1\n"
)
#: Enough lines after the match that ldconfig is still writing when grep -q quits,
#: as on a machine with many libraries (the listing is larger than a pipe's buffer).
FILLER = "".join(f"\tlibfiller{i}.so.1 (libc6,x86-64) => /lib/libfiller{i}.so.1\n"
                 for i in range(20_000))


def _notes(tmp_path: Path, listing: str) -> str:
    (tmp_path / "listing.txt").write_text(listing)
    fake = tmp_path / "ldconfig"
    fake.write_text(f"#!/bin/sh\ncat '{tmp_path / 'listing.txt'}'\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    script = f"set -euo pipefail; source '{SCRIPT}'; note_missing_x11_libraries"
    env = {"LDCONFIG": str(fake), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout


def test_installed_libraries_give_no_note_even_in_a_long_listing(tmp_path):
    assert _notes(tmp_path, "1000 libs found in cache\n" + PRESENT + FILLER) == ""


@pytest.mark.parametrize("missing", ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
def test_a_missing_library_is_noted_with_its_package(tmp_path, missing):
    listing = "".join(line for line in PRESENT.splitlines(keepends=True) if missing not in line)
    out = _notes(tmp_path, listing + FILLER)
    assert out.count("note:") == 1 and missing in out and "apt-get install libxcb-" in out


def test_build_sh_uses_the_checked_function():
    build = SCRIPT.with_name("build.sh").read_text()
    assert 'source "$ROOT/packaging/x11_libraries.sh"' in build
    assert "note_missing_x11_libraries" in build and "ldconfig -p" not in build
    subprocess.run(["bash", "-n", str(SCRIPT.with_name("build.sh"))], check=True)
