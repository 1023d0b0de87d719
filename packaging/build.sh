#!/usr/bin/env bash
# Build the standalone Linux application folder dist/imajica-deckbuilder/.
#
#   bash packaging/build.sh
#
# Run from anywhere on a Linux machine with Python 3.11+ (with its venv module and
# shared library, as Debian's python3 and pyenv builds have) and binutils (objdump,
# strip). It uses the project's virtual environment .venv (creating it and installing
# the project and its scan extra into it if needed; VENV=/path overrides), installs the pinned
# PyInstaller from packaging/requirements-build.txt, and runs packaging/deckbuilder.spec.
# Start the result with dist/imajica-deckbuilder/imajica-deckbuilder (no arguments:
# the desktop app; any deckbuilder subcommand works too). PyInstaller's work files go
# to build/pyinstaller/. Both build/ and dist/ are ignored by git.
#
# Prints the build time and the folder's size. Exit status: 0 built, non-zero failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
DIST="$ROOT/dist/imajica-deckbuilder"

fail() { echo "build.sh: $*" >&2; exit 1; }

[ "$(uname -s)" = "Linux" ] || fail "this build is for Linux; found $(uname -s)"
for tool in ldd objdump strip; do
    command -v "$tool" >/dev/null \
        || fail "$tool is missing (Debian: apt-get install binutils libc-bin)"
done

start=$(date +%s)

# Qt's X11 platform plugin links to these; the build carries them only if this machine
# has them (packaging/check.sh installs them in CI).
# shellcheck source=packaging/x11_libraries.sh
source "$ROOT/packaging/x11_libraries.sh"
note_missing_x11_libraries

if [ ! -x "$PY" ]; then
    echo "build.sh: creating the virtual environment $VENV"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || fail "Python 3.11 or newer is needed as python3"
    python3 -m venv "$VENV"
fi

# The project itself (with its metadata, which --version and the About dialog read).
if ! "$PY" - <<'EOF' 2>/dev/null
import importlib.metadata as metadata
import tomllib

with open("pyproject.toml", "rb") as f:
    wanted = tomllib.load(f)["project"]["version"]
assert metadata.version("imajica-deckbuilder") == wanted
import PySide6.QtWidgets, sqlmodel, alembic, PIL, platformdirs, rapidfuzz, click, reportlab  # noqa
import cv2, imagehash, rapidocr, onnxruntime, scipy.fftpack  # noqa: the scan extra
EOF
then
    echo "build.sh: installing the project and its scan extra into $VENV"
    "$PY" -m pip install --quiet --upgrade pip
    "$PY" -m pip install --quiet -e "$ROOT[scan]"
fi

# The compiled goldfish core (deckbuilder/engine/simulation/_fastcore.c): the standalone build always
# carries it, so it is built here if the installation above left it out.
if ! "$PY" -c 'import deckbuilder.engine.simulation._fastcore' 2>/dev/null; then
    echo "build.sh: building the compiled goldfish core"
    "$PY" -m pip install --quiet --no-deps -e "$ROOT"
    "$PY" -c 'import deckbuilder.engine.simulation._fastcore' 2>/dev/null \
        || fail "the compiled goldfish core did not build: a C compiler and Python's headers" \
                "are needed (Debian: apt-get install gcc python3-dev)"
fi

# The user guide's site (Help > User Guide opens it in the web browser), built with the
# docs extra (MkDocs, Material, mkdocs-click) into build/guide-site; the spec bundles it
# as _internal/deckbuilder/_guide/site. (Not --quiet: it would hide the warnings --strict
# counts.)
if ! "$PY" -c 'import mkdocs, material, mkdocs_click' 2>/dev/null; then
    echo "build.sh: installing the docs extra (MkDocs) to build the user guide"
    "$PY" -m pip install --quiet -e "$ROOT[docs]"
fi
rm -rf "$ROOT/build/guide-site"
NO_MKDOCS_2_WARNING=1 "$PY" -m mkdocs build --strict --site-dir "$ROOT/build/guide-site" \
    || fail "mkdocs build --strict failed: the user guide was not built"
[ -f "$ROOT/build/guide-site/index.html" ] || fail "mkdocs build wrote no build/guide-site/index.html"

# The pinned PyInstaller.
if ! "$PY" - <<'EOF' 2>/dev/null
import importlib.metadata as metadata

for line in open("packaging/requirements-build.txt"):
    name, _, version = line.strip().partition("==")
    if name and not name.startswith("#"):
        assert metadata.version(name) == version, name
EOF
then
    echo "build.sh: installing $(tr '\n' ' ' < packaging/requirements-build.txt)"
    "$PY" -m pip install --quiet -r packaging/requirements-build.txt
fi

echo "build.sh: running PyInstaller $("$PY" -m PyInstaller --version)"
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" \
    packaging/deckbuilder.spec

[ -x "$DIST/imajica-deckbuilder" ] || fail "PyInstaller did not write $DIST/imajica-deckbuilder"
end=$(date +%s)
echo "build.sh: built $DIST in $((end - start)) s; size $(du -sh "$DIST" | cut -f1)" \
     "($(find "$DIST" -type f | wc -l) files)"
