#!/bin/sh
# test-bench.sh — `chancellor-engine bench` runs its perft and its
# fixed-depth search of positions of every game and ends with "Bench: N",
# the same N on a second run (the count is deterministic).
#
#   test-bench.sh PATH/TO/chancellor-engine

set -u

engine=${1:?usage: test-bench.sh PATH/TO/chancellor-engine}

. "$(dirname "$0")/tap.sh"

# A small perft and a shallow search keep this quick in debug builds.
"$engine" bench 2 4 >"$tmp/first" 2>&1
equal "$?" 0 "bench exits 0"
"$engine" bench 2 4 >"$tmp/second" 2>&1
first=$(sed -n 's/^Bench: \([0-9][0-9]*\)$/\1/p' "$tmp/first")
second=$(sed -n 's/^Bench: \([0-9][0-9]*\)$/\1/p' "$tmp/second")
if [ -n "$first" ] && [ "$first" -gt 0 ]; then
  pass "bench ends with a node count ($first)"
else
  fail "bench ends with a node count"
  sed 's/^/# /' "$tmp/first"
fi
equal "$second" "$first" "the node count is the same on a second run"
searched=$(grep -c '^search ' "$tmp/first")
games=$(sed -n 's/^search *[0-9]* *\([a-z-]*\) .*/\1/p' "$tmp/first" | sort -u | wc -l)
# Every game the engine offers (its UCI_Variant choices).
offered=$(printf 'uci\nquit\n' | "$engine" | grep '^option name UCI_Variant' | grep -o ' var ' | wc -l)
equal "$games" "$offered" "positions of every game are searched ($searched positions)"
"$engine" bench 2 0 >/dev/null 2>&1
equal "$?" 2 "a search depth of 0 is refused"

tap_finish
