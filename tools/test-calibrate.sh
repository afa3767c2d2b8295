#!/bin/sh
# test-calibrate.sh — what tools/calibrate.py reads from tune: the trace of
# a position worked by hand (--trace), the table (--weights), a game's
# pieces (--pieces); broken input refused with its line and nothing
# printed or written; and --set, which writes a table with weights and
# notes from a file.  Fairy-Stockfish is not run here.
#
#   test-calibrate.sh PATH/TO/tune SOURCE-ROOT

set -u

tune=${1:?usage: test-calibrate.sh PATH/TO/tune SOURCE-ROOT}
root=${2:?usage: test-calibrate.sh PATH/TO/tune SOURCE-ROOT}

. "$root/tests/engine/tap.sh"

"$tune" --weights >"$tmp/weights"
equal "$?" 0 "--weights lists the table"
# index NAME: the weight's index in the table.
index () {
  awk -F'\t' -v name="$1" '$2 == name { print $1 }' "$tmp/weights"
}
has_line "$tmp/weights" "$(index EVAL_MATERIAL+KIND_PAWN)	EVAL_MATERIAL+KIND_PAWN	$(sed -n 's/.*\[EVAL_MATERIAL + KIND_PAWN\] *= { *\(-*[0-9]*\), *\(-*[0-9]*\) }.*/\1	\2/p' "$root/src/engine/eval-params.c")" \
  "--weights gives a weight's index, name, mg and eg as the table file has them"

"$tune" --pieces capablanca >"$tmp/pieces"
has_line "$tmp/pieces" "A	$(awk -F'\t' '$2 == "EVAL_MATERIAL+KIND_ARCHBISHOP" { print $1 }' "$tmp/weights")	archbishop" \
  "--pieces names a letter's kind by its index"

# White: king e1, pawn e2; Black: king e8; no pieces, so phase 0.  By
# hand (eval.c): the pawn counts once as material and as a pawn, is 3
# from the centre ((|2*4-7| + |2*1-7|) / 2), isolated, passed at scaled
# advance 0 (so its race and free-stop terms count 0); White's king has
# it as shelter and as cover one rank ahead (the short boards' set), is
# 4 from the centre, has the d and f files open and bare in front of it
# (the e file holds its pawn), and 4 free squares (d1 f1 d2 f2); it is
# White's move (tempo).  Black's king is 4 from the centre, has d, e
# and f open and d, f bare (White's pawn is on e), and 5 free squares.
# Placement zones: the pawn in rank zone 1, the kings in 0, all three
# in file zone 3 (e is the fourth file from the h edge).
printf '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n' >"$tmp/hand.fen"
"$tune" --trace "$tmp/hand.fen" --game chess >"$tmp/hand.trace"
equal "$?" 0 "a plain FEN of --game is traced"
white="$(index EVAL_MATERIAL+KIND_PAWN):1 $(index EVAL_PASSED+0):1 $(index EVAL_PAWN):1 $(index EVAL_PAWN_CENTRE):3"
white="$white $(index EVAL_ISOLATED):1 $(index EVAL_KING_SHELTER):1 $(index EVAL_KING_CENTRE):4"
white="$white $(index EVAL_KING_FILE_OPEN):2 $(index EVAL_KING_FILE_BARE):2 $(index EVAL_KING_ESCAPE):4"
white="$white $(index EVAL_KING_COVER+0):1 $(index 'EVAL_PSQT(8,KIND_KING,0,3)'):1 $(index 'EVAL_PSQT(8,KIND_PAWN,1,3)'):1 $(index EVAL_TEMPO):1"
black="$(index EVAL_KING_CENTRE):4 $(index EVAL_KING_FILE_OPEN):3 $(index EVAL_KING_FILE_BARE):2 $(index EVAL_KING_ESCAPE):5"
black="$black $(index 'EVAL_PSQT(8,KIND_KING,0,3)'):1"
equal "$(cut -f1-3,5- "$tmp/hand.trace")" "0	w	0	$white	$black" "the trace is the one worked by hand"
# The score is evaluate(): at phase 0 the endgame weights times the
# coefficients, White's minus Black's, and the tempo's middlegame weight.
expected=$(awk -F'\t' -v white="$white" -v black="$black" '
  { mg[$1] = $3; eg[$1] = $4 }
  $2 == "EVAL_TEMPO" { tempo = $1 }
  END {
    n = split(white, w, " "); for (i = 1; i <= n; i++) { split(w[i], f, ":"); s += (f[1] == tempo ? mg[f[1]] : eg[f[1]]) * f[2] }
    n = split(black, b, " "); for (i = 1; i <= n; i++) { split(b[i], f, ":"); s -= eg[f[1]] * f[2] }
    print s
  }' "$tmp/weights")
equal "$(cut -f4 "$tmp/hand.trace")" "$expected" "the score is the weights times the coefficients"

# The same position as a datagen line, Black's and one in check.
printf 'chess\t1-0\t4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nchess\t0-1\t4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\n' >"$tmp/lines.txt"
"$tune" --trace "$tmp/lines.txt" >"$tmp/lines.trace"
equal "$?" 0 "datagen lines are traced"
equal "$(head -1 "$tmp/lines.trace")" "$(cat "$tmp/hand.trace")" "a datagen line traces as its FEN"
equal "$(sed -n 2p "$tmp/lines.trace" | cut -f2,3)" "w	1" "a position in check says so"

# refused FILE LINE WHY [ARGS]: --trace refuses FILE at LINE naming WHY,
# and prints nothing.
refused () {
  file=$1 line=$2 why=$3
  shift 3
  "$tune" --trace "$tmp/$file" "$@" >"$tmp/out" 2>"$tmp/err"
  equal "$?" 1 "$file is refused"
  has_text "$tmp/err" "$tmp/$file:$line: $why" "$file: the message names line $line and why"
  if [ -s "$tmp/out" ]; then fail "$file: nothing traced"; else pass "$file: nothing traced"; fi
}
printf '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n4k3/8/8/8/8/8/4P3/4K4 w - - 0 1\n' >"$tmp/bad-fen.fen"
refused bad-fen.fen 2 "not a position of chess" --game chess
refused hand.fen 1 "expected GAME<TAB>RESULT<TAB>FEN"
printf 'chess\t1-0\t4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nshogi\t1-0\t4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n' >"$tmp/bad-game.txt"
refused bad-game.txt 2 "'shogi' is no game id"
# --mark-bad: the line that is no position is marked, the others traced.
"$tune" --trace "$tmp/bad-fen.fen" --game chess --mark-bad >"$tmp/out" 2>"$tmp/err"
equal "$?" 0 "--mark-bad traces a file with a bad line"
equal "$(cut -f1 "$tmp/out" | tr '\n' ' ')" "0 - " "the bad line is marked, the good one traced"

# --set: two weights and a note, into the table file.
cat >"$tmp/good.set" <<EOF
# Fitted elsewhere.
EVAL_MOBILITY+KIND_QUEEN 3 7

EVAL_TEMPO 11 0
EOF
"$tune" --set "$tmp/good.set" --iterations 0 --out "$tmp/table.c" 2>"$tmp/err"
equal "$?" 0 "a set file is written into a table"
has_line "$tmp/table.c" "  [EVAL_MOBILITY + KIND_QUEEN]                   = {     3,     7 }," "the table has the weight set"
has_line "$tmp/table.c" "  [EVAL_TEMPO]                                   = {    11,     0 }," "and the other one"
has_line "$tmp/table.c" " * Fitted elsewhere." "the set file's note is in the header"
if grep -q "^ \* Set: 2 weights from $tmp/good.set, every other one as in the table tune was built" "$tmp/table.c"; then
  pass "the header names the set file"
else
  fail "the header names the set file"
fi
sed '1,/^ \*\//d' "$tmp/table.c" | grep -v 'EVAL_MOBILITY + KIND_QUEEN\|EVAL_TEMPO' >"$tmp/written"
sed '1,/^ \*\//d' "$root/src/engine/eval-params.c" | grep -v 'EVAL_MOBILITY + KIND_QUEEN\|EVAL_TEMPO' >"$tmp/built"
if cmp -s "$tmp/written" "$tmp/built"; then pass "every other weight is the built-in one"; else fail "every other weight is the built-in one"; fi
"$tune" --weights --set "$tmp/good.set" >"$tmp/weights-set"
has_line "$tmp/weights-set" "$(index EVAL_TEMPO)	EVAL_TEMPO	11	0" "--weights shows the weights set"

# set_refused FILE LINE WHY: --set refuses FILE at LINE and writes nothing.
set_refused () {
  "$tune" --set "$tmp/$1" --iterations 0 --out "$tmp/refused.c" 2>"$tmp/err"
  equal "$?" 1 "$1 is refused"
  has_text "$tmp/err" "$tmp/$1:$2: $3" "$1: the message names line $2 and why"
  if [ -e "$tmp/refused.c" ]; then fail "$1: no table written"; else pass "$1: no table written"; fi
}
printf 'EVAL_TEMPO 11 0\nEVAL_NOTHING 1 2\n' >"$tmp/unknown.set"
set_refused unknown.set 2 "'EVAL_NOTHING' is no weight's name"
printf 'EVAL_TEMPO 11 0\nEVAL_PAWN 1\n' >"$tmp/short.set"
set_refused short.set 2 "expected NAME MG EG"
printf 'EVAL_TEMPO 11 0\n# note\nEVAL_TEMPO 12 0\n' >"$tmp/twice.set"
set_refused twice.set 3 "EVAL_TEMPO is set twice"

tap_finish
