"""Whether Qt's xcb platform plugin can load, checked before any ``QApplication`` exists.

Without some system libraries (e.g. ``libxcb-icccm4``) Qt aborts with a message that
blames ``xcb-cursor0`` whatever is missing. :func:`missing_libraries` runs ``ldd`` on
PySide6's ``libqxcb.so`` (``ldd`` lists every dependency, direct or not, and says
"not found" for each missing one) and :func:`missing_libraries_message` names them
with the ``apt-get install`` line that provides them. Pure Python: no Qt is loaded.
Source of the package names: ``dpkg -S`` on Debian 12 for each library ``ldd`` lists.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

#: soname of a library the xcb plugin loads -> the Debian/Ubuntu package that ships it.
DEBIAN_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$", re.MULTILINE)


def xcb_plugin() -> Path | None:
    """PySide6's ``plugins/platforms/libqxcb.so``, or ``None`` if PySide6 has none."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def uses_xcb(environ: Mapping[str, str] | None = None) -> bool:
    """Whether Qt will use its xcb platform here: Linux, and ``QT_QPA_PLATFORM`` names
    xcb, or is unset outside a Wayland session."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return False
    platform = env.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0]
    if platform:
        return platform == "xcb"
    return not env.get("WAYLAND_DISPLAY")


def not_found(ldd_output: str) -> list[str]:
    """The sonames ``ldd`` printed as "not found", in order, without repeats."""
    return list(dict.fromkeys(_NOT_FOUND.findall(ldd_output)))


def missing_libraries(plugin: Path | None = None) -> list[str]:
    """Sonames the xcb plugin (default: :func:`xcb_plugin`) needs and the system lacks;
    empty if none are missing or ``ldd`` is not available to tell."""
    plugin = plugin or xcb_plugin()
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        result = subprocess.run(
            [ldd, str(plugin)], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return not_found(result.stdout)


def missing_libraries_message(missing: list[str]) -> str:
    """What to tell the user when the sonames ``missing`` (non-empty) stop Qt starting."""
    packages = list(dict.fromkeys(DEBIAN_PACKAGES[s] for s in missing if s in DEBIAN_PACKAGES))
    unknown = [s for s in missing if s not in DEBIAN_PACKAGES]
    lines = [
        "deckbuilder: the desktop app cannot start: Qt's xcb platform needs system "
        "libraries that are not installed: " + ", ".join(missing) + ".",
    ]
    if packages:
        lines.append("On Debian or Ubuntu, install them with:")
        lines.append("  sudo apt-get install " + " ".join(packages))
    if unknown:
        lines.append("Install the package that provides " + ", ".join(unknown) + ".")
    lines.append(
        "Other distributions: see 'Install and start' in the README. "
        "The command line works without them (deckbuilder --help)."
    )
    return "\n".join(lines)
