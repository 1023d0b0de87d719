#!/usr/bin/env bash
# CI step that proves the standalone build and the desktop integration files.
#
#   bash packaging/check.sh
#
# 1. Installs the validators if missing (Debian: desktop-file-utils, appstream) and
#    the two small X11 libraries the bundle's xcb platform plugin links to
#    (libxcb-icccm4, libxcb-keysyms1; bundled when present at build time), with
#    apt-get (as root, or with sudo -n); runs apt-get update only if an install fails.
# 2. Validates the .desktop file (desktop-file-validate) and the AppStream metainfo
#    (appstreamcli validate --no-net; see packaging/checks.py for the one explained
#    error, and packaging/linux/<id>.metainfo.xml), and checks the committed icons
#    are what packaging/linux/make_icons.py draws.
# 3. Builds dist/imajica-deckbuilder/ with packaging/build.sh (SKIP_BUILD=1 reuses it).
# 4. Checks the folder: card data, migrations (as files), images and the user guide's
#    pages and the built guide's site (Help > User Guide) are there, the
#    excluded Qt modules are not, and every Qt library the bundle needs is in it.
# 5. Runs the built program, outside the source tree and against a temporary
#    DECKBUILDER_DB: --version, a card search, a deck check (the database is
#    created by the bundled migrations) and a scan read of a generated 9-card page
#    (the scan extra: OpenCV, imagehash, RapidOCR), then
#    QT_QPA_PLATFORM=offscreen imajica-deckbuilder --screenshot <tmpdir>, and checks
#    that every screenshot the app's screens and the metainfo name was written and
#    is a real picture (size, grey-level spread and colour count, with Pillow); the
#    same for the source install's deckbuilder --screenshot (every screen, the Play
#    table mid-game included) before the build.
#
# Exit status 0 when everything passed; otherwise 1, after a line starting
# "check.sh: FAILED:" that says what failed. Takes about a minute on 2 cores.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
APP_ID="io.github.imajica_deckbuilder.ImajicaDeckBuilder"
LINUX="packaging/linux"
DIST="$ROOT/dist/imajica-deckbuilder"
PROGRAM="$DIST/imajica-deckbuilder"
INTERNAL="$DIST/_internal"
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
START=$(date +%s)

fail() { echo "check.sh: FAILED: $*" >&2; exit 1; }
step() { echo; echo "check.sh: [$(( $(date +%s) - START )) s] $*"; }

TMP="$(mktemp -d "${TMPDIR:-/tmp}/deckbuilder-check.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# --- 1. tools -----------------------------------------------------------------------
apt_install() {  # apt_install PACKAGE... ; returns non-zero if it cannot
    local sudo=()
    if [ "$(id -u)" != "0" ]; then
        sudo -n true 2>/dev/null || return 1
        sudo=(sudo -n)
    fi
    command -v apt-get >/dev/null || return 1
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null \
        || { "${sudo[@]}" apt-get update -qq >/dev/null \
             && "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
}

step "tools"
needed=()
command -v desktop-file-validate >/dev/null || needed+=(desktop-file-utils)
command -v appstreamcli >/dev/null || needed+=(appstream)
if [ "${#needed[@]}" -gt 0 ]; then
    echo "installing ${needed[*]}"
    apt_install "${needed[@]}" \
        || fail "cannot install ${needed[*]}: run 'apt-get install ${needed[*]}' as root"
fi
wanted=()
LDCONFIG="$(command -v ldconfig || echo /sbin/ldconfig)"
"$LDCONFIG" -p | grep -q 'libxcb-icccm\.so\.4' || wanted+=(libxcb-icccm4)
"$LDCONFIG" -p | grep -q 'libxcb-keysyms\.so\.1' || wanted+=(libxcb-keysyms1)
if [ "${#wanted[@]}" -gt 0 ]; then
    echo "installing ${wanted[*]} (bundled for the X11 platform plugin)"
    apt_install "${wanted[@]}" \
        || echo "check.sh: note: could not install ${wanted[*]}; the build will need them" \
                "on the target system for X11 (not for this offscreen check)"
fi
[ -x "$PY" ] || fail "no Python at $PY: create the project venv first (see packaging/build.sh)"
desktop-file-validate --version 2>/dev/null || true
appstreamcli --version

# --- 2. desktop integration files ---------------------------------------------------
step "desktop file"
desktop-file-validate "$LINUX/$APP_ID.desktop" \
    || fail "desktop-file-validate rejected $LINUX/$APP_ID.desktop"
echo "desktop-file-validate: $LINUX/$APP_ID.desktop is valid"

step "AppStream metainfo"
"$PY" packaging/checks.py metainfo "$LINUX/$APP_ID.metainfo.xml" \
    || fail "the metainfo $LINUX/$APP_ID.metainfo.xml did not validate (see above)"

step "icons"
"$PY" "$LINUX/make_icons.py" --check || fail "the committed icons are stale (see above)"

step "screenshots from the source install (deckbuilder --screenshot, offscreen)"
registered="$("$PY" packaging/checks.py registered-screenshots | sort -u)" \
    || fail "could not list the app's screens from the source tree"
(cd "$TMP" && XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" \
    XDG_CACHE_HOME="$TMP/cache" DECKBUILDER_DB="$TMP/source.sqlite3" \
    QT_QPA_PLATFORM=offscreen timeout "${RUN_TIMEOUT:-600}" \
    "$VENV/bin/deckbuilder" --screenshot "$TMP/source-shots") \
    || fail "deckbuilder --screenshot exited with status $?"
# shellcheck disable=SC2086  # one argument per expected file name
"$PY" packaging/checks.py screenshots "$TMP/source-shots" $registered \
    || fail "deckbuilder --screenshot left screenshots missing or blank (see above)"

# --- 3. build -----------------------------------------------------------------------
if [ "${SKIP_BUILD:-0}" = "1" ] && [ -x "$PROGRAM" ]; then
    step "build skipped (SKIP_BUILD=1): using $DIST"
else
    step "build"
    bash packaging/build.sh || fail "packaging/build.sh failed (see above)"
fi

# --- 4. the folder ------------------------------------------------------------------
step "folder contents"
[ -x "$PROGRAM" ] || fail "$PROGRAM is missing"
same_files() {  # same_files SOURCE_DIR PATTERN: every matching source file is bundled
    local source="$1" pattern="$2" n=0 f
    for f in "$ROOT/$source"/$pattern; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        cmp -s "$f" "$INTERNAL/$source/$(basename "$f")" \
            || fail "$source/$(basename "$f") is missing or different in the build"
    done
    [ "$n" -gt 0 ] || fail "no $source/$pattern in the source tree"
    echo "$source/$pattern: $n files, as in the source"
}
same_files card_db/data "*.csv"
same_files card_db/data/decks "*.txt"
same_files card_db/migrations "*.py"
same_files card_db/migrations "script.py.mako"
same_files card_db/migrations/versions "*.py"
same_files images "*.svg"
same_files images "*.png"
same_files images/types "*.png"
same_files images/dominions "*.png"
same_files card_db "abilities.py"
same_files docs "*.md"
same_files docs/screenshots "*.png"
same_files . "mkdocs.yml"

for page in index.html play/index.html shelf/index.html cli/index.html; do
    [ -f "$INTERNAL/deckbuilder/_guide/site/$page" ] \
        || fail "the built user guide lacks $page (deckbuilder/_guide/site)"
done
grep -q 'id="deckbuilder-shelf-show"' "$INTERNAL/deckbuilder/_guide/site/cli/index.html" \
    || fail "the built guide's command line page has no generated reference"
echo "the built user guide (Help > User Guide): $(find "$INTERNAL/deckbuilder/_guide/site" \
    -type f | wc -l) files, the command line reference generated"

for lib in libQt6Core libQt6Gui libQt6Widgets libQt6Charts libQt6Svg; do
    [ -e "$INTERNAL/PySide6/Qt/lib/$lib.so.6" ] || fail "$lib is not in the build"
done
for plugin in platforms/libqoffscreen.so platforms/libqxcb.so; do
    [ -e "$INTERNAL/PySide6/Qt/plugins/$plugin" ] || fail "Qt plugin $plugin is not in the build"
done
unwanted=""
for module in WebEngine Quick Qml 3D Multimedia Pdf; do
    unwanted+="$(find "$DIST" \( -name "libQt6$module*" -o -name "Qt$module*" \) | sed "s|$DIST/||")"
done
[ -z "$unwanted" ] || fail "excluded Qt modules are in the build: $unwanted"
echo "Qt: Core, Gui, Widgets, Charts, Svg, offscreen and xcb present;" \
     "WebEngine, Quick/QML, 3D, Multimedia, Pdf absent"

# Every library the bundle provides itself must resolve inside it; other missing
# libraries are the target system's (noted, not failed).
missing="$(find "$INTERNAL" -name '*.so*' -type f | while read -r f; do
    LD_LIBRARY_PATH="$INTERNAL" ldd "$f" 2>/dev/null | awk -v f="${f#"$INTERNAL"/}" \
        '/not found/ {print $1 "\t" f}'
done | sort -u)"
own="$(printf '%s\n' "$missing" \
    | grep -E '^(libQt6|libpyside6|libshiboken6|libicu|libpython)' || true)"
[ -z "$own" ] || fail "bundled libraries link to Qt/Python libraries left out of the build:
$own"
if [ -n "$missing" ]; then
    echo "note: system libraries the build does not carry and this machine lacks" \
         "(a target system needs them only for these files):"
    printf '%s\n' "$missing" | awk -F'\t' '{n[$1]++; by[$1] = $2}
        END {for (l in n) print "  " l " (" n[l] " files, e.g. " by[l] ")"}' | sort
fi
echo "size: $(du -sh "$DIST" | cut -f1), $(find "$DIST" -type f | wc -l) files"

# --- 5. run it ----------------------------------------------------------------------
# Outside the source tree, with no PYTHONPATH, and with config, data and cache folders
# (settings, databases, image cache) inside the temporary folder.
run() {
    (cd "$TMP" && env -u PYTHONPATH -u PYTHONHOME \
        XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" XDG_CACHE_HOME="$TMP/cache" \
        DECKBUILDER_DB="$TMP/user.sqlite3" QT_QPA_PLATFORM=offscreen \
        timeout "${RUN_TIMEOUT:-600}" "$PROGRAM" "$@")
}

step "command line"
version="$(run --version)" || fail "imajica-deckbuilder --version failed: $version"
wanted_version="$("$PY" -c 'import tomllib
print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
case "$(printf '%s\n' "$version" | head -1)" in
    *" $wanted_version") echo "$version" ;;
    *) fail "imajica-deckbuilder --version says '$version', pyproject.toml says $wanted_version" ;;
esac
# The standalone build always carries the compiled goldfish core.
printf '%s\n' "$version" | grep -qx 'goldfish core: compiled' \
    || fail "the build plays on the pure-Python goldfish core: $version"
sites="$(run cards search 't:site' 2>&1)" || fail "imajica-deckbuilder cards search failed:
$sites"
printf '%s\n' "$sites" | grep -q ' Site ' || fail "cards search 't:site' listed no Site:
$sites"
echo "cards search 't:site' (a new database): $(printf '%s\n' "$sites" | grep -c ' Site ') Sites"
newest="$(find card_db/migrations/versions -name '[0-9]*.py' | sort | tail -1)"
head_revision="$(basename "$newest" | cut -d_ -f1)"
db_revision="$("$PY" -c 'import sqlite3, sys
query = "SELECT version_num FROM alembic_version"
print(sqlite3.connect(sys.argv[1]).execute(query).fetchone()[0])' "$TMP/user.sqlite3")" \
    || fail "the build did not create $TMP/user.sqlite3 with the migrations"
[ "$db_revision" = "$head_revision" ] || fail "the build's database is at revision" \
    "$db_revision, the migrations' head is $head_revision"
echo "database created by the bundled migrations, at revision $db_revision"
deck="$(find "$INTERNAL/card_db/data/decks" -name '*.txt' | sort | head -1)"
checked="$(run deck validate "$deck")" \
    || fail "imajica-deckbuilder deck validate $(basename "$deck") failed: $checked"
echo "${checked//$INTERNAL\//}"
# The scan extra (issue 21) is in the build: a generated 9-card A4 page (drawn from the
# source tree's venv) is found and read by the bundled OpenCV, imagehash and RapidOCR.
"$PY" -c 'import sys; sys.path.insert(0, "benchmarks")
from pathlib import Path
from scan_images import flatbed_page
from card_db.checklist.bundled import load_bundled_records
page = flatbed_page(load_bundled_records()[:9], Path(sys.argv[1]), 3)
Path(sys.argv[2]).write_text("\n".join(card.name for card in page.cards))' \
    "$TMP/page.png" "$TMP/page-names.txt" || fail "could not draw the scan test page"
scan_start=$(date +%s)
scanned="$(run scan read "$TMP/page.png" --json 2>"$TMP/scan.err")" \
    || fail "imajica-deckbuilder scan read failed: $(cat "$TMP/scan.err")"
"$PY" -c 'import json, sys
read = [card["name_read"] for card in json.loads(sys.argv[1])["images"][0]["cards"]]
wanted = open(sys.argv[2], encoding="utf-8").read().splitlines()
sys.exit(0 if read == wanted else f"scan read gave {read}, the page shows {wanted}")' \
    "$scanned" "$TMP/page-names.txt" || fail "the build's scan read misread the page"
echo "scan read: the 9 cards of a generated A4 page found and read" \
     "in $(( $(date +%s) - scan_start )) s (models loaded once)"

step "screenshots (QT_QPA_PLATFORM=offscreen)"
registered="$("$PY" packaging/checks.py registered-screenshots | sort -u)" \
    || fail "could not list the app's screens from the source tree"
shown="$("$PY" packaging/checks.py screenshot-names "$LINUX/$APP_ID.metainfo.xml" | sort -u)" \
    || fail "could not read the metainfo's screenshots"
for name in $shown; do
    grep -qx "$name" <<<"$registered" \
        || fail "the metainfo shows $name, but no screen of the app writes it" \
                "(the screens write: ${registered//$'\n'/ })"
done
expected="$registered"
echo "expected: ${expected//$'\n'/ }"
shots_start=$(date +%s)
run --screenshot "$TMP/shots" || fail "imajica-deckbuilder --screenshot exited with status $?"
echo "rendered in $(( $(date +%s) - shots_start )) s"
# shellcheck disable=SC2086  # one argument per expected file name
"$PY" packaging/checks.py screenshots "$TMP/shots" $expected \
    || fail "the screenshots are missing or blank (see above)"

step "passed in $(( $(date +%s) - START )) s"
