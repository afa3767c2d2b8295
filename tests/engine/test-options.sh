#!/bin/sh
# test-options.sh — the numeric UCI options the strength work added or
# changed: Move Overhead and Threads are offered, and they and Hash clamp a value out of
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
  'setoption name Threads value 0' \
  'setoption name Threads value 1000' \
  'setoption name Threads value two' \
  'setoption name Threads value 2' \
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
has_line "$tmp/out" "option name Threads type spin default 1 min 1 max 256" "Threads is offered"
has_line "$tmp/out" "info string Threads 0 is out of range (1 to 256); using 1" "Threads 0 is clamped"
has_line "$tmp/out" "info string Threads 1000 is out of range (1 to 256); using 256" "Threads 1000 is clamped"
has_line "$tmp/out" "info string error: option Threads takes a number from 1 to 256" "Threads refuses text"
if grep -q '^bestmove [a-j][0-9]' "$tmp/out"; then
  pass "a search on a short clock still answers (2 threads)"
else
  fail "a search on a short clock still answers (2 threads)"
fi

# Two threads: a depth search answers with a legal move, and go infinite
# answers at once after stop.
( printf '%s\n' 'setoption name Threads value 2' 'setoption name UCI_Variant value capablanca' \
    'position startpos' 'go depth 7' isready 'go infinite'; sleep 1; echo stop; sleep 0.5; echo quit ) \
  | "$engine" >"$tmp/threads" 2>&1
equal "$(grep -c '^bestmove ' "$tmp/threads")" 2 "2 threads: go depth 7 and go infinite each answer once"
if grep -q '^info depth 7 ' "$tmp/threads"; then pass "2 threads: depth 7 reported"; else fail "2 threads: depth 7 reported"; fi
printf '%s\n' 'setoption name UCI_Variant value capablanca' 'position startpos' 'go perft 1' \
  | "$engine" 2>/dev/null | sed -n 's/^\([a-j][0-9]*[a-j][0-9]*[a-z]*\): .*/\1/p' >"$tmp/legal"
for move in $(sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$tmp/threads"); do
  if grep -qxF "$move" "$tmp/legal"; then pass "2 threads: bestmove $move is legal"; else fail "2 threads: bestmove $move is legal"; fi
done

# The search's tunable numbers (search-params.h): offered and taken only
# with --search-options, clamped like the others, and a change of one
# changes the search.
printf '%s\n' uci 'setoption name RfpMargin value 70' quit | "$engine" >"$tmp/plain" 2>&1
if grep -q '^option name RfpMargin' "$tmp/plain"; then
  fail "the search's numbers are not offered by default"
else
  pass "the search's numbers are not offered by default"
fi
has_line "$tmp/plain" "info string error: unknown option 'RfpMargin'" "nor taken by default"
printf '%s\n' uci 'setoption name LmrBase value 500' 'setoption name SeeQuiet value x' quit \
  | "$engine" --search-options >"$tmp/tuning" 2>&1
has_line "$tmp/tuning" "option name RfpMargin type spin default 110 min 30 max 200" "--search-options offers RfpMargin"
has_line "$tmp/tuning" "option name LmrDivisor type spin default 133 min 80 max 350" "and LmrDivisor"
has_line "$tmp/tuning" "info string LmrBase 500 is out of range (0 to 200); using 200" "a number out of range is clamped"
has_line "$tmp/tuning" "info string error: option SeeQuiet takes a number from 0 to 80" "text is refused"
nodes () {
  rm -f "$tmp/search"
  (printf '%s\n' uci "$@" 'setoption name UCI_Variant value capablanca' 'position startpos' 'go depth 9'
   wait_lines "$tmp/search" '^bestmove' 1; echo quit) | "$engine" --search-options >"$tmp/search" 2>&1
  sed -n 's/^info depth 9 .* nodes \([0-9]*\) .*/\1/p' "$tmp/search"
}
default_nodes=$(nodes)
wide_nodes=$(nodes 'setoption name LmrBase value 200' 'setoption name LmrDivisor value 120')
if [ -n "$default_nodes" ] && [ -n "$wide_nodes" ] && [ "$wide_nodes" -lt "$default_nodes" ]; then
  pass "larger reductions search fewer nodes to depth 9 ($wide_nodes against $default_nodes)"
else
  fail "larger reductions search fewer nodes to depth 9 (got '$wide_nodes' against '$default_nodes')"
fi

tap_finish
