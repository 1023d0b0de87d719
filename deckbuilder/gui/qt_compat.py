"""A work-around for a reference-counting bug in some PySide6 releases.

In PySide6 6.12.0, ``SignalInstance.emit()`` returns ``True`` without taking a
reference to it, so every signal emitted from Python takes one reference from the
``True`` object; after enough emissions the interpreter aborts with "Fatal Python
error: bool_dealloc" (typically at exit, or in a long session). :func:`install`
checks whether the running PySide6 has the bug and, only then, wraps ``emit`` to
give the missing reference back. Imported by :mod:`deckbuilder.gui`.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal, SignalInstance

_PROBES = 16
_installed = False


class _Probe(QObject):
    fired = Signal()


def emit_loses_references() -> bool:
    """True if emitting a signal from Python takes a reference from its result."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(_PROBES):
        probe.fired.emit()
    lost = before - sys.getrefcount(True)
    ctypes.pythonapi.Py_IncRef.argtypes = [ctypes.py_object]
    for _ in range(max(lost, 0)):  # give back what the probe took
        ctypes.pythonapi.Py_IncRef(True)
    return lost >= _PROBES


def install() -> bool:
    """Wrap ``SignalInstance.emit`` if this PySide6 needs it; returns whether it did."""
    global _installed
    if _installed:
        return True
    if not emit_loses_references():
        return False
    original = SignalInstance.emit
    incref = ctypes.pythonapi.Py_IncRef
    incref.argtypes = [ctypes.py_object]

    def emit(self, *args):
        result = original(self, *args)
        incref(result)
        return result

    emit.__doc__ = original.__doc__
    SignalInstance.emit = emit
    _installed = True
    return True
