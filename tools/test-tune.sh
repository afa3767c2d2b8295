#!/bin/sh
# test-tune.sh — the tuner reads training files whole: a broken one is
# refused with its file and line number and nothing is written; a good one
# is tuned and the table written; with no data it writes the table it was
# built with, entry for entry (src/engine/eval-params.c).  And datagen's
# games are the same on a second run and make a file the tuner reads,
# labelled by results or (--blend) by scores.
#
#   test-tune.sh PATH/TO/tune SOURCE-ROOT PATH/TO/datagen

set -u

tune=${1:?usage: test-tune.sh PATH/TO/tune SOURCE-ROOT}
root=${2:?usage: test-tune.sh PATH/TO/tune SOURCE-ROOT PATH/TO/datagen}
datagen=${3:?usage: test-tune.sh PATH/TO/tune SOURCE-ROOT PATH/TO/datagen}
data="$root/tools/testdata/training"

. "$root/tests/engine/tap.sh"

# refused FILE LINE WHY: tune refuses FILE at LINE, naming WHY, writes nothing.
refused () {
  "$tune" --data "$data/$1" --iterations 5 --min-count 1 --out "$tmp/table.c" 2>"$tmp/err"
  equal "$?" 1 "$1 is refused"
  has_text "$tmp/err" "$data/$1:$2: $3" "$1: the message names line $2 and why"
  if [ -e "$tmp/table.c" ]; then fail "$1: no table written"; else pass "$1: no table written"; fi
}

refused bad-fen.txt 3 "not a position of chess"
refused bad-result.txt 2 "result '2-0'"
refused bad-game.txt 2 "'shogi' is no game id"
refused cut.txt 2 "last line cut short"
refused bad-score.txt 2 "result '1.5'"
# A good file after a bad one: the run is still refused.
"$tune" --data "$data/good.txt" --data "$data/bad-fen.txt" --out "$tmp/table.c" 2>"$tmp/err"
equal "$?" 1 "a good file and a bad one are refused together"

"$tune" --data "$data/good.txt" --iterations 20 --min-count 1 --out "$tmp/table.c" 2>"$tmp/err"
equal "$?" 0 "a good file is tuned"
if grep -q "^ \* Data: $data/good.txt, 14 positions" "$tmp/table.c" && grep -q '^ \* Command: tune --data' "$tmp/table.c"; then
  pass "the table's header says how it was made"
else
  fail "the table's header says how it was made"
fi
before=$(sed -n 's/.*error \([0-9.]*\) with the old table.*/\1/p' "$tmp/table.c")
after=$(sed -n "s/^tune: iteration 20, error \([0-9.]*\).*/\1/p" "$tmp/err")
if awk -v b="$before" -v a="$after" 'BEGIN { exit !(a < b) }'; then
  pass "the error went down ($before to $after)"
else
  fail "the error went down ($before to $after)"
fi

# --only: the material alone moves; every other weight stays as built in.
"$tune" --data "$data/good.txt" --iterations 20 --min-count 1 --only EVAL_MATERIAL --out "$tmp/only.c" 2>"$tmp/err"
equal "$?" 0 "a good file is tuned with --only"
grep '^  \[' "$root/src/engine/eval-params.c" | grep -v 'EVAL_MATERIAL' >"$tmp/built-rest"
grep '^  \[' "$tmp/only.c" | grep -v 'EVAL_MATERIAL' >"$tmp/only-rest"
if cmp -s "$tmp/built-rest" "$tmp/only-rest" && ! cmp -s "$root/src/engine/eval-params.c" "$tmp/only.c" \
   && grep -q "^tune: .* [1-9][0-9]* of [0-9]* weights free" "$tmp/err"; then
  pass "--only EVAL_MATERIAL moves the material and nothing else"
else
  fail "--only EVAL_MATERIAL moves the material and nothing else"
fi

# --only over a table file made before: its header keeps how that one was
# made, below this run's.
cp "$root/src/engine/eval-params.c" "$tmp/again.c"
"$tune" --data "$data/good.txt" --iterations 2 --min-count 1 --only EVAL_MATERIAL --out "$tmp/again.c" 2>"$tmp/err"
equal "$?" 0 "a table file is tuned again with --only"
if [ "$(grep -c '^ \* Command: tune' "$tmp/again.c")" -eq "$(($(grep -c '^ \* Command: tune' "$root/src/engine/eval-params.c") + 1))" ] \
   && grep -q '^ \* replaced said of itself:$' "$tmp/again.c" \
   && [ "$(grep -m1 '^ \* Command: tune' "$tmp/again.c")" = " * Command: tune --data $data/good.txt --iterations 2 --min-count 1 --only EVAL_MATERIAL --out $tmp/again.c" ]; then
  pass "the header keeps how the replaced table was made, under this run's command"
else
  fail "the header keeps how the replaced table was made, under this run's command"
fi

# --set over a table file made before: its header is kept too, the
# weights not set being as it says.
cp "$root/src/engine/eval-params.c" "$tmp/set-again.c"
printf 'EVAL_TEMPO 21 0\n' >"$tmp/one.set"
"$tune" --set "$tmp/one.set" --iterations 0 --out "$tmp/set-again.c" 2>"$tmp/err"
equal "$?" 0 "a weight is set into a table file made before"
if [ "$(grep -c '^ \* Command: tune' "$tmp/set-again.c")" -eq "$(($(grep -c '^ \* Command: tune' "$root/src/engine/eval-params.c") + 1))" ] \
   && grep -q '^ \* The weights not set are the built-in table.s; the file this run$' "$tmp/set-again.c" \
   && grep -q '^  \[EVAL_TEMPO\] *= {    21,     0 },$' "$tmp/set-again.c"; then
  pass "the header keeps how the table a weight was set into was made"
else
  fail "the header keeps how the table a weight was set into was made"
fi

rm -f "$tmp/many.c"
set -- ; for i in $(seq 65); do set -- "$@" --only EVAL_MATERIAL; done
"$tune" --data "$data/good.txt" --iterations 1 "$@" --out "$tmp/many.c" 2>"$tmp/err"
if [ "$?" -eq 2 ] && [ ! -e "$tmp/many.c" ] && grep -q "at most 64 --only prefixes" "$tmp/err"; then
  pass "more --only prefixes than the tuner keeps are refused, nothing written"
else
  fail "more --only prefixes than the tuner keeps are refused, nothing written"
fi

rm -f "$tmp/typo.c"
"$tune" --data "$data/good.txt" --iterations 20 --only EVAL_MATRIAL --out "$tmp/typo.c" 2>"$tmp/err"
if [ "$?" -eq 2 ] && [ ! -e "$tmp/typo.c" ] && grep -q "only EVAL_MATRIAL names no weight" "$tmp/err"; then
  pass "--only with a prefix that names no weight is refused, nothing written"
else
  fail "--only with a prefix that names no weight is refused, nothing written"
fi

# Scores from 0 to 1 in place of results (a stronger engine's, say).
"$tune" --data "$data/scores.txt" --iterations 2 --min-count 1 --out "$tmp/scores.c" 2>"$tmp/err"
equal "$?" 0 "a file of scores from 0 to 1 is tuned"
has_text "$tmp/scores.c" "Data: $data/scores.txt, 4 positions" "all four scored positions are read"

# --quiesce: the pawn takes the queen in the first position (a capture
# line), the second has no capture.
"$tune" --data "$data/capture.txt" --iterations 1 --min-count 1 --quiesce --out "$tmp/quiesce.c" 2>"$tmp/err"
equal "$?" 0 "a file is tuned at the ends of its capture lines"
if grep -q "^tune: 1 of 2 positions traced at the end of a capture line" "$tmp/err" &&
   grep -q "^ \* 1 of 2 positions traced at the end of a capture line" "$tmp/quiesce.c"; then
  pass "--quiesce plays out the one capture line, and the header says so"
else
  fail "--quiesce plays out the one capture line, and the header says so"
  sed 's/^/# /' "$tmp/err"
fi

"$tune" --iterations 0 --out "$tmp/same.c" 2>"$tmp/err"
equal "$?" 0 "with no data the table is written back"
sed '1,/^ \*\//d' "$root/src/engine/eval-params.c" >"$tmp/built"
sed '1,/^ \*\//d' "$tmp/same.c" >"$tmp/written"
if cmp -s "$tmp/built" "$tmp/written"; then
  pass "the table written back is the one built in, entry for entry"
else
  fail "the table written back is the one built in, entry for entry"
  diff "$tmp/built" "$tmp/written" | head -20 | sed 's/^/# /'
fi

for run in first second; do
  "$datagen" --seed 7 --games 2 --nodes 300 --books "$root/tools/books" --out "$tmp/$run.txt" chess ajax:2 2>"$tmp/err"
  equal "$?" 0 "datagen runs ($run)"
done
if [ -s "$tmp/first.txt" ] && cmp -s "$tmp/first.txt" "$tmp/second.txt"; then
  pass "datagen makes the same positions again ($(wc -l <"$tmp/first.txt") lines)"
else
  fail "datagen makes the same positions again"
fi
"$tune" --data "$tmp/first.txt" --iterations 2 --out "$tmp/from-datagen.c" 2>"$tmp/err"
equal "$?" 0 "the tuner reads what datagen wrote"

# datagen --blend: the same games' positions, each labelled by White's
# expected score between 0 and 1 (the search's score blended with the
# result), which the tuner reads; a blend outside (0, 1] is refused.
"$datagen" --seed 7 --games 2 --nodes 300 --blend 0.5 --books "$root/tools/books" --out "$tmp/blend.txt" chess ajax:2 2>"$tmp/err"
equal "$?" 0 "datagen --blend runs"
if [ "$(cut -f1,3 "$tmp/blend.txt")" = "$(cut -f1,3 "$tmp/first.txt")" ] \
   && awk -F'\t' '$2 !~ /^[01]\.[0-9][0-9][0-9][0-9]$/ || $2 > 1 { bad = 1 } END { exit bad }' "$tmp/blend.txt"; then
  pass "datagen --blend labels the same positions with scores from 0 to 1"
else
  fail "datagen --blend labels the same positions with scores from 0 to 1"
fi
"$tune" --data "$tmp/blend.txt" --iterations 2 --out "$tmp/from-blend.c" 2>"$tmp/err"
equal "$?" 0 "the tuner reads what datagen --blend wrote"
"$datagen" --blend 1.5 --books "$root/tools/books" chess >"$tmp/out" 2>"$tmp/err"
equal "$?" 2 "datagen refuses --blend 1.5"
has_text "$tmp/err" "--blend takes a number above 0, at most 1, not '1.5'" "the message says what --blend takes"
"$datagen" --pgn "$data/games.pgn" --blend 0.5 --out "$tmp/pgn-blend.txt" 2>"$tmp/err"
equal "$?" 2 "datagen refuses --blend with --pgn (no search scores them)"
has_text "$tmp/err" "--pgn positions keep their games' results" "the message says why"

# datagen --pgn: the quiet positions of finished games (6 of the chess
# game, whose last two moves capture; 3 of the Capablanca one; none of the
# unfinished one), with the game's result; a broken file refuses the run
# and nothing is written.
"$datagen" --pgn "$data/games.pgn" --out "$tmp/games.txt" 2>"$tmp/err"
equal "$?" 0 "datagen --pgn reads a file of games"
equal "$(grep -c "^chess	1-0	" "$tmp/games.txt")" 6 "the chess game's six quiet positions, with its result"
equal "$(grep -c "^capablanca	1/2-1/2	" "$tmp/games.txt")" 3 "the Capablanca game's three, with its result"
equal "$(wc -l <"$tmp/games.txt" | tr -d ' ')" 9 "nothing of the unfinished game"
equal "$(head -n 1 "$tmp/games.txt" | cut -f 3)" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "the first is the start"
"$datagen" --pgn "$data/games.pgn" --pgn "$data/broken.pgn" --out "$tmp/broken.txt" 2>"$tmp/err"
equal "$?" 1 "a broken file of games refuses the run"
has_text "$tmp/err" "$data/broken.pgn: line 9, column 13" "the message names the file and line"
if [ -e "$tmp/broken.txt" ]; then fail "nothing written for a broken file"; else pass "nothing written for a broken file"; fi
"$datagen" --pgn "$tmp/no-such.pgn" --out "$tmp/missing.txt" 2>"$tmp/err"
equal "$?" 1 "a missing file of games refuses the run"
has_text "$tmp/err" "cannot read $tmp/no-such.pgn: " "the message names the missing file and why"
# Larger than a PGN may be (a sparse file: nothing written to disk).
truncate -s 65M "$tmp/huge.pgn"
"$datagen" --pgn "$tmp/huge.pgn" --out "$tmp/huge.txt" 2>"$tmp/err"
equal "$?" 1 "a file of games over the PGN size limit refuses the run"
has_text "$tmp/err" "$tmp/huge.pgn: larger than the 64 MiB a PGN file may have" "the message says it is too large"
if [ -e "$tmp/huge.txt" ]; then fail "nothing written for a file too large"; else pass "nothing written for a file too large"; fi
"$tune" --data "$tmp/games.txt" --iterations 1 --out "$tmp/from-games.c" 2>"$tmp/err"
equal "$?" 0 "the tuner reads what datagen --pgn wrote"

tap_finish
