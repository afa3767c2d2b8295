#!/bin/sh
# Installs the Debian/Ubuntu packages Chancellor needs that are missing.
#   build-aux/install-deps.sh run    what building and running needs
#   build-aux/install-deps.sh test   that, plus what the test suite needs
set -eu

# meson setup looks for the post-install programs: the icon cache and the
# desktop database (desktop-file-utils, which also has desktop-file-validate).
packages="gcc pkg-config meson ninja-build libgtk-4-dev libadwaita-1-dev librsvg2-dev gettext gtk-update-icon-cache desktop-file-utils"
case "${1:-run}" in
  run) ;;
  # The window tests run on a virtual X server (xvfb-run needs xauth).
  # appstream validates the metainfo, desktop-file-utils the desktop file,
  # flatpak-builder the Flatpak manifest.
  # libclang-rt-dev holds clang's libFuzzer, for the fuzzers in tests/fuzz.
  test) packages="$packages libglib2.0-dev clang libclang-rt-dev fairy-stockfish xvfb xauth desktop-file-utils appstream flatpak-builder" ;;
  *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

missing=""
for p in $packages; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null 2>&1; then
  as_root="sudo"
else
  echo "install-deps: missing packages:$missing (run as root or install sudo)" >&2
  exit 1
fi
echo "install-deps: installing$missing"
$as_root apt-get update -qq
# fairy-stockfish lives in /usr/games; the tests find it there.
DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq --no-install-recommends $missing
