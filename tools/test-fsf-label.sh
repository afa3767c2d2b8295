#!/bin/sh
# test-fsf-label.sh — tools/fsf-label.py scores training positions with
# Fairy-Stockfish's search: every line of the game comes back with a score
# from 0 to 1 and its FEN unchanged, --blend 0 gives the games' results,
# Prime Ministers Random Chess is scored with the project's variant
# definitions, --static gives its static evaluation, and a broken line or
# a missing definitions file refuses the run with its name, nothing
# written.  Skipped (77) without Fairy-Stockfish.
#
#   test-fsf-label.sh SOURCE-ROOT [FAIRY-STOCKFISH]

set -u

root=${1:?usage: test-fsf-label.sh SOURCE-ROOT [FAIRY-STOCKFISH]}
fsf=${2:-/usr/games/fairy-stockfish}
data="$root/tools/testdata/training"
label="$root/tools/fsf-label.py"

[ -x "$fsf" ] || { echo "1..0 # SKIP no $fsf"; exit 77; }

. "$root/tests/engine/tap.sh"

python3 "$label" --fsf "$fsf" --game capablanca --nodes 2000 --out "$tmp/scored.txt" "$data/good.txt" 2>"$tmp/err"
equal "$?" 0 "the Capablanca positions are scored"
equal "$(wc -l <"$tmp/scored.txt" | tr -d ' ')" "$(grep -c '^capablanca	' "$data/good.txt")" "every one of them"
equal "$(cut -f 3 "$tmp/scored.txt")" "$(grep '^capablanca	' "$data/good.txt" | cut -f 3)" "their FENs unchanged, in order"
if awk -F'\t' '$2 !~ /^[01]\.[0-9][0-9][0-9][0-9]$/ || $2 > 1 { bad = 1 } END { exit bad }' "$tmp/scored.txt"; then
  pass "each score is from 0 to 1"
else
  fail "each score is from 0 to 1"
fi

python3 "$label" --fsf "$fsf" --game capablanca --nodes 2000 --blend 0 --out "$tmp/results.txt" "$data/good.txt" 2>"$tmp/err"
equal "$(cut -f 2 "$tmp/results.txt" | sort -u | tr '\n' ' ')" "1.0000 " "--blend 0 gives the games' results (all 1-0 here)"

# --static: the static evaluation, a position in check left out (none to give).
printf 'capablanca\t1-0\trnabqkbcnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 2\ncapablanca\t1-0\trnabqkbcnr/pppp1ppppp/4N5/4p5/4P5/10/PPPP1PPPPP/R1ABQKBCNR b KQkq - 1 3\n' >"$tmp/static-in.txt"
python3 "$label" --fsf "$fsf" --game capablanca --static --out "$tmp/static.txt" "$tmp/static-in.txt" 2>"$tmp/err"
equal "$?" 0 "--static scores the positions"
has_text "$tmp/err" "1 of 2 positions of capablanca scored (static evaluation), 1 left out" "the one in check is left out"
if awk -F'\t' '$2 > 0.45 && $2 < 0.65 { ok = 1 } END { exit !ok }' "$tmp/static.txt"; then
  pass "a symmetric opening scores near even"
else
  fail "a symmetric opening scores near even"
fi

python3 "$label" --fsf "$fsf" --game prime-ministers-random --variant-path "$root/tools/fsf-variants.ini" \
  --nodes 2000 --out "$tmp/pmr.txt" "$data/good.txt" 2>"$tmp/err"
equal "$?" 0 "the Prime Ministers Random Chess positions are scored with tools/fsf-variants.ini"
equal "$(cut -f 3 "$tmp/pmr.txt")" "$(grep '^prime-ministers-random	' "$data/good.txt" | cut -f 3)" "every one of them"

python3 "$label" --fsf "$fsf" --game prime-ministers-random --variant-path "$tmp/none.ini" \
  --out "$tmp/none.txt" "$data/good.txt" 2>"$tmp/err"
equal "$?" 1 "a missing definitions file refuses the run"
has_text "$tmp/err" "cannot read $tmp/none.ini" "the message names it"
if [ -e "$tmp/none.txt" ]; then fail "nothing written"; else pass "nothing written"; fi

python3 "$label" --fsf "$fsf" --game chess --out "$tmp/bad.txt" "$data/bad-score.txt" 2>"$tmp/err"
equal "$?" 1 "a broken line refuses the run"
has_text "$tmp/err" "$data/bad-score.txt:2: result '1.5'" "the message names the file and line"
if [ -e "$tmp/bad.txt" ]; then fail "nothing written"; else pass "nothing written"; fi

tap_finish
