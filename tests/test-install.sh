#!/bin/sh
# Installs the build into a scratch DESTDIR and checks that every file the
# desktop needs lands where it looks for it.
#   test-install.sh BUILDDIR SOURCEDIR APP_ID PREFIX BINDIR DATADIR LOCALEDIR
# (meson passes them; BINDIR, DATADIR and LOCALEDIR may be relative to PREFIX).
set -eu

[ $# -eq 7 ] || { echo "usage: $0 BUILDDIR SOURCEDIR APP_ID PREFIX BINDIR DATADIR LOCALEDIR" >&2; exit 2; }
build=$1 source=$2 app_id=$3 prefix=$4

under_prefix () {
  case "$1" in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s/%s\n' "$prefix" "$1" ;;
  esac
}
bindir=$(under_prefix "$5")
datadir=$(under_prefix "$6")
localedir=$(under_prefix "$7")

work=$(mktemp -d "${TMPDIR:-/tmp}/chancellor-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
destdir=$work/root

# meson test has built everything already; a second ninja would wait on its lock.
if ! meson install -C "$build" --no-rebuild --quiet --destdir "$destdir" >"$work/install.log" 2>&1; then
  cat "$work/install.log" >&2
  exit 1
fi

failed=0
expect () {
  if [ -f "$destdir$1" ]; then
    echo "ok: $1"
  else
    echo "missing: $1" >&2
    failed=1
  fi
}

expect "$bindir/chancellor"
expect "$bindir/chancellor-engine"
expect "$bindir/chancellor-analyse"
expect "$datadir/applications/$app_id.desktop"
expect "$datadir/metainfo/$app_id.metainfo.xml"
expect "$datadir/glib-2.0/schemas/$app_id.gschema.xml"
expect "$datadir/icons/hicolor/scalable/apps/$app_id.svg"
expect "$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"

# One catalogue for each language in LINGUAS (comments and blank lines aside).
for lang in $(sed -e 's/#.*//' "$source/po/LINGUAS"); do
  expect "$localedir/$lang/LC_MESSAGES/chancellor.mo"
done

for program in chancellor chancellor-engine chancellor-analyse; do
  if [ -f "$destdir$bindir/$program" ] && [ ! -x "$destdir$bindir/$program" ]; then
    echo "not executable: $bindir/$program" >&2
    failed=1
  fi
done

exit $failed
