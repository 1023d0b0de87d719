#!/usr/bin/env bash
# Install (or remove) the standalone build with its menu entry, metainfo and icons.
#
#   bash packaging/build.sh                       # first: builds dist/imajica-deckbuilder/
#   bash packaging/linux/install-desktop.sh       # for you, under ~/.local
#   sudo bash packaging/linux/install-desktop.sh --prefix /usr/local   # for everyone
#   bash packaging/linux/install-desktop.sh --uninstall [--prefix DIR]
#
# Installs, under PREFIX (default ~/.local):
#   lib/imajica-deckbuilder/                       the built folder (replaced if present)
#   bin/imajica-deckbuilder                        a link to its program
#   share/applications/<id>.desktop                the menu entry, Exec= the link above
#   share/metainfo/<id>.metainfo.xml               the AppStream metainfo
#   share/icons/hicolor/<size>/apps/<id>.{png,svg} the icons
# where <id> is io.github.imajica_deckbuilder.ImajicaDeckBuilder. DESTDIR=/some/root
# stages the same tree under that root (for packagers; paths inside the files still
# name PREFIX). DIST=/path/to/imajica-deckbuilder installs another built folder.
# Your card database is not touched by installing or uninstalling.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
APP_ID="io.github.imajica_deckbuilder.ImajicaDeckBuilder"
NAME="imajica-deckbuilder"
PREFIX="${PREFIX:-$HOME/.local}"
DIST="${DIST:-$ROOT/dist/$NAME}"
ACTION=install

fail() { echo "install-desktop.sh: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        --uninstall) ACTION=uninstall; shift ;;
        -h|--help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) fail "unknown argument '$1' (see --help)" ;;
    esac
done
case "$PREFIX" in /*) ;; *) fail "--prefix must be an absolute path, not '$PREFIX'" ;; esac
PREFIX="${PREFIX%/}"
TARGET="${DESTDIR:-}$PREFIX"

APP_DIR="$TARGET/lib/$NAME"
LINK="$TARGET/bin/$NAME"
DESKTOP="$TARGET/share/applications/$APP_ID.desktop"
METAINFO="$TARGET/share/metainfo/$APP_ID.metainfo.xml"
ICONS="$TARGET/share/icons/hicolor"

refresh_caches() {
    [ -z "${DESTDIR:-}" ] || return 0  # staged for a package: its install step does this
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database -q "$TARGET/share/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null && [ -f "$ICONS/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$ICONS" 2>/dev/null || true
    fi
    touch "$ICONS" 2>/dev/null || true  # desktops watch the folder's time stamp
}

if [ "$ACTION" = uninstall ]; then
    rm -rf "$APP_DIR"
    rm -f "$LINK" "$DESKTOP" "$METAINFO"
    find "$ICONS" -path "*/apps/$APP_ID.*" -delete 2>/dev/null || true
    [ -d "$ICONS" ] && refresh_caches
    echo "install-desktop.sh: removed Imajica Deck Builder from $TARGET"
    exit 0
fi

[ -x "$DIST/$NAME" ] || fail "no build at $DIST: run 'bash packaging/build.sh' first"
[ -d "$HERE/icons/hicolor" ] || fail "no icons in $HERE/icons (run packaging/linux/make_icons.py)"

# The folder: copied next to the old one, then swapped in, so a failed copy leaves
# the installed version working.
mkdir -p "$TARGET/lib" "$TARGET/bin"
rm -rf "$APP_DIR.new"
cp -a "$DIST" "$APP_DIR.new"
rm -rf "$APP_DIR"
mv "$APP_DIR.new" "$APP_DIR"
ln -sfn "$PREFIX/lib/$NAME/$NAME" "$LINK"

# The menu entry runs the installed program by its full path (quoted if it has spaces).
exec_path="$PREFIX/bin/$NAME"
case "$exec_path" in
    *[[:space:]\"\`\$\\]*) exec_path="\"$(printf '%s' "$exec_path" | sed 's/[\\"`$]/\\\\&/g')\"" ;;
esac
mkdir -p "$(dirname "$DESKTOP")" "$(dirname "$METAINFO")"
sed "s|^Exec=.*|Exec=$exec_path|" "$HERE/$APP_ID.desktop" > "$DESKTOP"
chmod 644 "$DESKTOP"
install -m 644 "$HERE/$APP_ID.metainfo.xml" "$METAINFO"

(cd "$HERE/icons/hicolor" && find . -path "*/apps/$APP_ID.*" -type f) | while read -r icon; do
    install -D -m 644 "$HERE/icons/hicolor/$icon" "$ICONS/$icon"
done

if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$DESKTOP" || fail "the installed $DESKTOP does not validate"
fi
refresh_caches

echo "install-desktop.sh: installed Imajica Deck Builder under $TARGET"
echo "  program:    $PREFIX/bin/$NAME  (-> $PREFIX/lib/$NAME/)"
echo "  menu entry: $PREFIX/share/applications/$APP_ID.desktop"
case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "  note: $PREFIX/bin is not on your PATH; the menu entry works without it." ;;
esac
