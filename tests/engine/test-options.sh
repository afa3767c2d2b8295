#!/bin/sh
# test-options.sh — the numeric UCI options the strength work added or
# changed: Move Overhead is offered, and it and Hash clamp a value out of
# range with an info string (the engine keeps working), refuse text.
#
#   test-options.sh PATH/TO/chancellor-engine

set -u

engine=${1:?usage: test-options.sh PATH/TO/chancellor-engine}

. "$(dirname "$0")/tap.sh"

printf '%s\n' uci \
  'setoption name Hash value -3' \
  'setoption name Hash value 0' \
  'setoption name Hash value lots' \
  'setoption name Move Overhead value -5' \
  'setoption name Move Overhead value 6000' \
  'setoption name Move Overhead value 50' \
  'position startpos' 'go wtime 200 btime 200' isready quit | "$engine" >"$tmp/out" 2>&1
equal "$?" 0 "the engine exits 0"
has_line "$tmp/out" "option name Move Overhead type spin default 30 min 0 max 5000" "Move Overhead is offered"
# (Hash above its maximum clamps the same way, to 4096 MB: too much to
# allocate in a test.)
has_line "$tmp/out" "info string Hash -3 is out of range (1 to 4096); using 1" "a negative Hash is clamped"
has_line "$tmp/out" "info string Hash 0 is out of range (1 to 4096); using 1" "Hash 0 is clamped"
has_line "$tmp/out" "info string error: option Hash takes a number from 1 to 4096" "Hash refuses text"
has_line "$tmp/out" "info string Move Overhead -5 is out of range (0 to 5000); using 0" "a negative overhead is clamped"
has_line "$tmp/out" "info string Move Overhead 6000 is out of range (0 to 5000); using 5000" "a large overhead is clamped"
if grep -q '^bestmove [a-j][0-9]' "$tmp/out"; then
  pass "a search on a short clock still answers"
else
  fail "a search on a short clock still answers"
fi

tap_finish
