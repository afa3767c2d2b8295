#!/bin/sh
# test-spsa.sh — tools/spsa.py plays two game pairs between two settings
# of the search's numbers, writes its state after each and goes on from
# it; a broken state file and an unknown parameter are refused by name.
#
#   test-spsa.sh PATH/TO/chancellor-engine PATH/TO/referee

set -u
engine=${1:?usage: test-spsa.sh ENGINE REFEREE}
referee=${2:?usage: test-spsa.sh ENGINE REFEREE}
here=$(dirname "$0")

. "$here/../tests/engine/tap.sh"

spsa () {
  python3 "$here/spsa.py" --engine "$engine" --referee "$referee" --games chess --tc 1+0.01 \
    --option "Move Overhead=100" "$@"
}

spsa --iterations 2 --concurrency 1 --params RfpMargin,LmrBase --state "$tmp/state.json" >"$tmp/out" 2>&1
equal "$?" 0 "two pairs are played cleanly"
has_line "$tmp/out" "values (name, start, now):" "the values are reported"
if grep -q '"iteration": 2,' "$tmp/state.json" && grep -q '"RfpMargin"' "$tmp/state.json" \
   && ! grep -q '"SeeQuiet"' "$tmp/state.json"; then
  pass "the state holds the two pairs and only the parameters asked for"
else
  fail "the state holds the two pairs and only the parameters asked for"
fi
spsa --iterations 2 --state "$tmp/state.json" >"$tmp/again" 2>&1
equal "$?" 0 "a finished state is gone on from"
has_line "$tmp/again" "going on from $tmp/state.json at iteration 2 of 2" "it says where it goes on from"

echo '{"iteration": 1' >"$tmp/broken.json"
spsa --state "$tmp/broken.json" >"$tmp/bad" 2>&1
equal "$?" 2 "a broken state is refused"
if grep -q "^spsa.py: $tmp/broken.json: not a state this tool wrote" "$tmp/bad"; then
  pass "the refusal names the file"
else
  fail "the refusal names the file"
fi
spsa --params NoSuchThing >"$tmp/bad" 2>&1
equal "$?" 2 "an unknown parameter is refused"
has_line "$tmp/bad" "spsa.py: the engine offers no parameter 'NoSuchThing'" "the refusal names it"

tap_finish
