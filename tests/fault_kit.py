"""Reusable checks of the fault suite (issue 26): how a command ends when something
outside it fails, and what a SIGKILL at a random moment of a write leaves behind.

The checks, used by the fault tests (whose outcomes :func:`record` notes for
:mod:`tests.fault_report`):

* :func:`cli_under_fault` runs a ``deckbuilder`` command in a child process, does
  something to it or to its database after a random delay (SIGINT, kill the
  PostgreSQL server, end its connections) and classifies how the command ended
  (:func:`classify`): ``done`` (exit 0), ``clear`` (exit 2, a message, no traceback),
  ``interrupted`` (exit 130, "interrupted"), else ``bug``;
* :func:`kill_trials` runs one :class:`WritePath` (:mod:`tests.fault_paths`) in forked
  children and SIGKILLs each after a random delay spread over the time the write
  takes; afterwards the path's own ``outcome`` says ``old`` (nothing of the write
  visible), ``new`` (all of it) or describes what is broken;
* :func:`small_disk` and :func:`read_only_folder` mount a small tmpfs (read-only for
  the latter) where the machine allows it, else raise :class:`NoSmallDisk` saying why.

The number of trials comes from the environment: ``FAULT_TRIALS`` (kills per write path,
faults per command; defaults keep the whole suite to a few minutes on two cores).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTEXT = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                      else "spawn")


def trials(default: int) -> int:
    """How many trials a check runs: ``$FAULT_TRIALS`` if set, else ``default``."""
    return int(os.environ.get("FAULT_TRIALS") or default)


# -- a command under a fault -------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """How one command ended: ``kind`` (:func:`classify`), the exit status, stderr,
    and whether the fault was done (``False``: the command had ended before it)."""

    kind: str
    code: int
    stderr: str
    faulted: bool = True


def classify(code: int, stderr: str) -> str:
    """``done`` (0), ``clear`` (2 with a ``deckbuilder:`` message and no traceback),
    ``interrupted`` (130, "interrupted"; or ended silently by SIGINT during the
    interpreter's start-up), else ``bug`` (70, a traceback, anything else)."""
    if "Traceback" in stderr:
        return "bug"
    if code == 0:
        return "done"
    if code == 2 and "deckbuilder: " in stderr:
        return "clear"
    if code == 130 and "interrupted" in stderr:
        return "interrupted"
    if code == -signal.SIGINT and not stderr.strip():
        # SIGINT before Python set its handler (interpreter start-up): the process ends
        # by the signal, silently, as any program does (the shell shows status 130).
        return "interrupted"
    return "bug"


def cli_command(*args: str) -> list[str]:
    """The argv that runs ``deckbuilder *args`` with this interpreter."""
    return [sys.executable, "-c", "from deckbuilder.cli.main import main; main()", *args]


def cli_under_fault(args: list[str], fault: Callable[[subprocess.Popen], None],
                    delay: float, env: dict | None = None) -> Ending:
    """Run ``deckbuilder *args``, call ``fault(process)`` after ``delay`` seconds (unless
    the command ended first) and wait for the command to end."""
    process = subprocess.Popen(cli_command(*args), cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, **(env or {})})
    faulted = False
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        fault(process)
        faulted = True
    _, stderr = process.communicate(timeout=180)
    return Ending(classify(process.returncode, stderr), process.returncode, stderr, faulted)


def timed_cli(args: list[str], env: dict | None = None) -> float:
    """Seconds ``deckbuilder *args`` takes run to the end (it must succeed)."""
    start = time.perf_counter()
    done = subprocess.run(cli_command(*args), cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr
    return time.perf_counter() - start


def interrupt(process: subprocess.Popen) -> None:
    """Ctrl+C: SIGINT to the command."""
    process.send_signal(signal.SIGINT)


# -- kill -9 during a write -------------------------------------------------------------


@dataclass(frozen=True)
class WritePath:
    """One way the app writes, for :func:`kill_trials`.

    ``prepare(folder)`` builds the starting state in an empty ``folder`` (a database,
    input files) and returns what ``write`` and ``outcome`` take; ``write(state)`` is
    the write, run to the end or killed, in a forked child; ``outcome(state)`` reopens
    what was written as the app would next time and returns ``"old"``, ``"new"`` or a
    sentence saying what is wrong (a torn file, a database that does not open, half an
    import). ``prepare`` runs in the parent; nothing may be shared but files.
    ``probe(state)`` (optional) returns something about the files that changes once the
    write has begun writing (the size of the write-ahead log, the files of a folder):
    every second kill is then aimed at the time between that change and the end.
    """

    name: str
    prepare: Callable[[Path], object]
    write: Callable[[object], None]
    outcome: Callable[[object], str]
    probe: Callable[[object], object] | None = None


@dataclass
class KillResult:
    """The trials of one write path: ``outcomes`` counts ``old``, ``new`` and every
    problem (by its sentence); ``killed`` how many children the SIGKILL ended."""

    name: str
    trials: int
    killed: int = 0
    outcomes: Counter = field(default_factory=Counter)

    @property
    def broken(self) -> dict[str, int]:
        """The outcomes other than ``old`` and ``new``."""
        return {k: v for k, v in self.outcomes.items() if k not in ("old", "new")}


def _child(write: Callable[[object], None], state: object) -> None:
    write(state)


def kill_trials(path: WritePath, folder: Path, count: int, seed: int = 26) -> KillResult:
    """Time ``path`` run to the end once, then ``count`` times prepare it afresh, SIGKILL
    the write after a random delay in [0, that time] and record its outcome. With a
    ``probe``, every second kill is aimed instead: at a random moment of the writing
    itself (after the probe saw the files change, as long as that took in the timed run)."""
    rng = random.Random(seed)
    reference = path.prepare(_fresh(folder / "reference"))
    child = CONTEXT.Process(target=_child, args=(path.write, reference))
    duration, writing = _watch(child, path, reference)
    assert child.exitcode == 0, f"{path.name}: the write fails without a fault"
    assert path.outcome(reference) == "new", f"{path.name}: a finished write is not 'new'"
    result = KillResult(path.name, count)
    for trial in range(count):
        state = path.prepare(_fresh(folder / f"trial-{trial}"))
        child = CONTEXT.Process(target=_child, args=(path.write, state))
        if writing is not None and trial % 2 == 1:
            _watch(child, path, state, until_writing=True)
            time.sleep(rng.uniform(0, writing))
        else:
            child.start()
            time.sleep(rng.uniform(0, duration))
        child.kill()
        child.join(60)
        result.killed += child.exitcode == -signal.SIGKILL
        result.outcomes[path.outcome(state)] += 1
    return result


def _watch(child, path: WritePath, state: object,
           until_writing: bool = False) -> tuple[float, float | None]:
    """Start ``child`` and poll ``path.probe`` about every millisecond; returns (seconds
    the child ran, seconds from the probe's change to its end, ``None`` if there is no
    probe or it never changed). ``until_writing``: return as soon as the probe changes,
    the child still running."""
    before = path.probe(state) if path.probe else None
    start = time.perf_counter()
    child.start()
    began = None
    while child.is_alive():
        if path.probe is not None and began is None and path.probe(state) != before:
            began = time.perf_counter()
            if until_writing:
                return 0.0, None
        time.sleep(0.001)
    child.join(300)
    end = time.perf_counter()
    return end - start, None if began is None else end - began


def _fresh(folder: Path) -> Path:
    folder.mkdir(parents=True)
    return folder


# -- a small disk -------------------------------------------------------------------------


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "4m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``folder`` (made if missing) for the block, then
    unmounted. Raises :class:`NoSmallDisk` (with the reason) where the machine does not
    allow mounting one (not root, no ``mount``, a container without the right)."""
    folder.mkdir(parents=True, exist_ok=True)
    if sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("mount"):
        raise NoSmallDisk("mounting a small tmpfs needs root on Linux with mount(8)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise NoSmallDisk(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=30)


class NoSmallDisk(RuntimeError):
    """This machine cannot mount a small tmpfs (the message says why)."""


def fill(folder: Path, leave: int) -> Path:
    """Fill the file system of ``folder`` with a file ``filler`` until ``leave`` bytes
    are left free; returns the filler's path."""
    filler = folder / "filler"
    stat = os.statvfs(folder)
    free = stat.f_bavail * stat.f_frsize
    with filler.open("wb") as handle:
        handle.write(b"\0" * max(0, free - leave))
    return filler


def free_bytes(folder: Path) -> int:
    """Bytes free on the file system of ``folder``."""
    stat = os.statvfs(folder)
    return stat.f_bavail * stat.f_frsize


@contextlib.contextmanager
def read_only_folder(folder: Path, files: dict[str, Path]) -> Iterator[Path]:
    """``folder`` holding copies of ``files`` (name -> source) on a read-only medium for
    the block: as root, a small tmpfs remounted read-only (root may write anywhere
    else); as another user, the folder and files without write permission. Raises
    :class:`NoSmallDisk` where neither can be made."""
    if os.geteuid() != 0:
        folder.mkdir(parents=True)
        for name, source in files.items():
            shutil.copy(source, folder / name)
            (folder / name).chmod(0o444)
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    with small_disk(folder, "64m"):
        for name, source in files.items():
            shutil.copy(source, folder / name)
        done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True,
                              text=True, timeout=30)
        if done.returncode != 0:
            raise NoSmallDisk(f"cannot remount a tmpfs read-only here: {done.stderr.strip()}")
        yield folder


# -- the reliability table -------------------------------------------------------------------


def record(fault: str, target: str, engine: str, outcomes: Counter | dict,
           expected: set[str]) -> None:
    """Note one check's outcomes for :mod:`tests.fault_report` (a JSON line appended to
    ``$FAULT_REPORT``; nothing when it is not set): the ``fault`` done, to what
    (``target``: a write path or command), on which ``engine``, how each trial ended,
    and which endings are acceptable (the others are failures)."""
    report = os.environ.get("FAULT_REPORT")
    if not report:
        return
    import json  # lazy: only a report run writes

    line = json.dumps({"fault": fault, "target": target, "engine": engine,
                       "outcomes": dict(outcomes), "expected": sorted(expected)})
    with open(report, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
