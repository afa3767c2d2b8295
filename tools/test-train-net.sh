#!/bin/sh
# test-train-net.sh — train-net reads training files whole: a broken one,
# one with positions of two board sizes, or one with a position of more
# than 64 pieces (the most its inputs take), is refused with its file and
# line number and nothing is written; a good one is trained on, the fit
# improves and the net file is written with a header saying how.
#
#   test-train-net.sh PATH/TO/train-net SOURCE-ROOT

set -u

train=${1:?usage: test-train-net.sh PATH/TO/train-net SOURCE-ROOT}
root=${2:?usage: test-train-net.sh PATH/TO/train-net SOURCE-ROOT}
data="$root/tools/testdata/training"

. "$root/tests/engine/tap.sh"

# refused FILE LINE WHY: train-net refuses FILE at LINE, naming WHY, writes nothing.
refused () {
  "$train" --data "$data/$1" --epochs 2 --out "$tmp/net.c" >"$tmp/out" 2>"$tmp/err"
  equal "$?" 1 "$1 is refused"
  has_text "$tmp/err" "$data/$1:$2: $3" "$1: the message names line $2 and why"
  if [ -e "$tmp/net.c" ]; then fail "$1: no net written"; else pass "$1: no net written"; fi
}

refused bad-capablanca-fen.txt 3 "not a position of capablanca"
refused bad-result.txt 2 "result '2-0'"
refused cut.txt 2 "last line cut short"
refused two-boards.txt 4 "a 8×8 board (chess), where the first position's is 10×8"
refused many-pieces.txt 2 "more than 64 pieces"

"$train" --data "$data/capablanca.txt" --epochs 30 --rate 0.01 --out "$tmp/net.c" >"$tmp/out" 2>"$tmp/err"
equal "$?" 0 "a good file is trained on"
if grep -q "^ \* Data: $data/capablanca.txt, 40 lines" "$tmp/net.c" \
   && grep -q '^ \* Command: train-net --data' "$tmp/net.c" && grep -q '^const int net_count = 1;' "$tmp/net.c"; then
  pass "the net file's header says how it was made"
else
  fail "the net file's header says how it was made"
fi
before=$(sed -n 's/^train-net: the evaluation alone: error \([0-9.]*\),.*/\1/p' "$tmp/out")
after=$(sed -n 's/^train-net: pass 30: error \([0-9.]*\),.*/\1/p' "$tmp/out")
if awk -v b="$before" -v a="$after" 'BEGIN { exit !(a != "" && a < b) }'; then
  pass "the error went down ($before to $after)"
else
  fail "the error went down ($before to $after)"
fi
fixed=$(sed -n 's/^train-net: as the engine computes it: error \([0-9.]*\),.*/\1/p' "$tmp/out")
if awk -v f="$fixed" -v a="$after" 'BEGIN { d = f - a; exit !(f != "" && d < 0.002 && d > -0.002) }'; then
  pass "rounded to the engine's fixed point, the net fits as well ($after, $fixed)"
else
  fail "rounded to the engine's fixed point, the net fits as well ($after, $fixed)"
fi

tap_finish
