# Sourced by packaging/build.sh (and its test): notes the X11 libraries Qt's xcb platform
# plugin links to that this machine lacks, since the build can carry only what is here.
#
# has_library NAME: true if the dynamic linker's cache (ldconfig -p) lists NAME.
# note_missing_x11_libraries: one "note:" line on stdout per missing library.
# LDCONFIG overrides the ldconfig program (default: ldconfig on PATH, else /sbin/ldconfig).

has_library() {
    # Read the whole listing before matching: `ldconfig -p | grep -q` under
    # `set -o pipefail` fails when grep quits at the first match while ldconfig is
    # still writing (SIGPIPE), which reported installed libraries as missing.
    local listing
    listing="$("${LDCONFIG:-$(command -v ldconfig || echo /sbin/ldconfig)}" -p 2>/dev/null)" \
        || return 1
    grep -qF -- "$1" <<<"$listing"
}

note_missing_x11_libraries() {
    local lib
    for lib in libxcb-icccm.so.4:libxcb-icccm4 libxcb-keysyms.so.1:libxcb-keysyms1; do
        has_library "${lib%%:*}" \
            || echo "build.sh: note: ${lib%%:*} is not installed here, so the build will need" \
                    "it on the target for X11 (Debian: apt-get install ${lib##*:})"
    done
}
