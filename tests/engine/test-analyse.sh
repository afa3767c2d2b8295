#!/bin/sh
# test-analyse.sh — chancellor-analyse: --check on good and broken files
# (exit codes, the broken game named with its line and column, the good
# ones still written), analysis whose output reads back and is the same
# when analysed again, standard input, progress, options.
#
#   test-analyse.sh PATH/TO/chancellor-analyse DATA-DIRECTORY
#
# Exits 0 when every check passes.

set -u

analyse=${1:-}
data=${2:-}

if [ -z "$analyse" ] || [ ! -x "$analyse" ] || [ ! -d "$data" ]; then
  echo "usage: $0 PATH/TO/chancellor-analyse DATA-DIRECTORY" >&2
  exit 2
fi

# The scratch directory and the TAP checks.
. "$(dirname "$0")/tap.sh"

# contains FILE TEXT DESCRIPTION: FILE holds TEXT somewhere.
contains () {
  if grep -qF -- "$2" "$1"; then
    pass "$3"
  else
    fail "$3 (no '$2')"
    sed 's/^/# /' "$1" | head -20
  fi
}

same_files () {
  if cmp -s "$1" "$2"; then
    pass "$3"
  else
    fail "$3"
    diff "$1" "$2" | sed 's/^/# /' | head -20
  fi
}

# --- options -------------------------------------------------------------
"$analyse" --help >"$tmp/help" 2>&1
equal $? 0 "--help exits 0"
contains "$tmp/help" "Usage: chancellor-analyse" "--help: usage line"
"$analyse" --version >"$tmp/version" 2>&1
equal $? 0 "--version exits 0"
contains "$tmp/version" "chancellor-analyse " "--version: name and version"

for bad in "--depth" "--depth x" "--depth 0" "--movetime -5" "--depth 3 --movetime 100" "--check --depth 3" \
           "--frobnicate" "a.pgn b.pgn"; do
  # shellcheck disable=SC2086
  "$analyse" $bad </dev/null >"$tmp/out" 2>"$tmp/err"
  code=$?
  equal "$code" 2 "bad options '$bad': exit 2"
  contains "$tmp/err" "chancellor-analyse: " "bad options '$bad': a message"
done
contains "$tmp/err" "one file at a time" "two files: says why"

"$analyse" --check "$tmp/no-such-file.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 2 "missing file: exit 2"
contains "$tmp/err" "cannot open" "missing file: says so"

# --- --check -------------------------------------------------------------
"$analyse" --check "$data/good.pgn" >"$tmp/good-checked" 2>"$tmp/err"
equal $? 0 "--check good.pgn: exit 0"
equal "$(grep -c '^\[Event ' "$tmp/good-checked")" 2 "--check good.pgn: both games written"
contains "$tmp/good-checked" '[Date "????.??.??"]' "--check: the Seven Tag Roster filled in"
"$analyse" --check "$tmp/good-checked" >"$tmp/good-checked-again" 2>/dev/null
same_files "$tmp/good-checked" "$tmp/good-checked-again" "--check: canonical output is a fixed point"

"$analyse" --check "$data/broken.pgn" >"$tmp/broken-checked" 2>"$tmp/err"
equal $? 1 "--check broken.pgn: exit 1"
contains "$tmp/err" 'game 2 (Event "Broken", White "Eve", Black "Fay")' "broken game: its number and tags"
contains "$tmp/err" "line 13, column 13" "broken game: line and column in the whole file"
contains "$tmp/err" "Ke3" "broken game: the illegal move"
contains "$tmp/err" "1 of 3 games is broken" "broken game: a summary"
equal "$(grep -c '^\[Event ' "$tmp/broken-checked")" 2 "broken.pgn: the good games still written"
contains "$tmp/broken-checked" '[White "Gil"]' "broken.pgn: the game after the broken one too"

# --- analysis --------------------------------------------------------------
"$analyse" --depth 3 "$data/good.pgn" >"$tmp/analysed" 2>"$tmp/progress"
equal $? 0 "--depth 3: exit 0"
contains "$tmp/progress" "game 1/2, move 1/6" "progress: game and move on standard error"
contains "$tmp/progress" "game 2/2, move 4/4" "progress: the last move of the last game"
# Lines are wrapped at 80 characters: the movetext as one line.
tr '\n' ' ' <"$tmp/analysed" >"$tmp/analysed-joined"
contains "$tmp/analysed" "{[%eval " "analysis: [%eval] comments"
contains "$tmp/analysed-joined" "2... Qg5 \$4" "analysis: the queen left to the knight is a blunder"
contains "$tmp/analysed-joined" "3. d3 \$4" "analysis: not taking it is a blunder too"
contains "$tmp/analysed-joined" "({[%eval " "analysis: the better line opened by its value, the review's mark"
contains "$tmp/analysed-joined" "} 3. Nxg5" "analysis: the better move as a variation"
contains "$tmp/analysed" "a bold queen}" "analysis: the game's own comment kept"
if grep -qF "[%eval 1.00]" "$tmp/analysed"; then
  fail "analysis: the older [%eval] replaced"
else
  pass "analysis: the older [%eval] replaced"
fi
"$analyse" --check "$tmp/analysed" >"$tmp/analysed-checked" 2>"$tmp/err"
equal $? 0 "analysis output reads back"
same_files "$tmp/analysed" "$tmp/analysed-checked" "analysis output is canonical"
"$analyse" --depth 3 --quiet "$tmp/analysed" >"$tmp/analysed-again" 2>"$tmp/err"
equal $? 0 "analysing the analysis: exit 0"
same_files "$tmp/analysed" "$tmp/analysed-again" "analysing again replaces, to the same output"
equal "$(wc -c <"$tmp/err" | tr -d ' ')" 0 "--quiet: nothing on standard error"

# --- a player's lines ----------------------------------------------------
# At a move the analysis marks and at one it does not, a player's lines
# (unmarked, or with another program's [%eval] after a move) stay through
# an analysis and another; an older analysis's line is replaced.
printf '%s\n' '[Event "Mine"]' '[Variant "chess"]' '' \
  '1. e4 e5 2. Nf3 (2. Bc4 {mine}) 2... Qg5 3. d3 (3. Bc4) (3. h3 {[%eval 0.50]})' \
  '({[%eval 9.00]} 3. Nxg5) *' >"$tmp/lines.pgn"
"$analyse" --depth 3 --quiet "$tmp/lines.pgn" >"$tmp/lines-analysed" 2>"$tmp/err"
equal $? 0 "a player's lines: exit 0"
tr '\n' ' ' <"$tmp/lines-analysed" >"$tmp/lines-joined"
contains "$tmp/lines-joined" "(2. Bc4 {mine})" "a player's line at an unmarked move stays"
contains "$tmp/lines-joined" "} (3. Bc4) (3. h3 {[%eval 0.50]}) ({[%eval " \
  "a player's lines at a marked move stay, before the analysis's own"
equal "$(grep -o '3\. Nxg5' "$tmp/lines-joined" | wc -l | tr -d ' ')" 1 "the older analysis's line replaced"
"$analyse" --depth 3 --quiet "$tmp/lines-analysed" >"$tmp/lines-again" 2>"$tmp/err"
same_files "$tmp/lines-analysed" "$tmp/lines-again" "a player's lines: analysing again gives the same"

# --- standard input ------------------------------------------------------
"$analyse" --check - <"$data/good.pgn" >"$tmp/stdin" 2>/dev/null
equal $? 0 "standard input ('-'): exit 0"
same_files "$tmp/good-checked" "$tmp/stdin" "standard input ('-'): same as the file"
"$analyse" --check <"$data/broken.pgn" >"$tmp/stdin-broken" 2>"$tmp/err"
equal $? 1 "standard input (no file): broken game found"
"$analyse" --movetime 20 --quiet - <"$data/good.pgn" >"$tmp/stdin-analysed" 2>/dev/null
equal $? 0 "--movetime from standard input: exit 0"
equal "$(grep -c '^\[Event ' "$tmp/stdin-analysed")" 2 "--movetime: both games written"

printf '' | "$analyse" --check >"$tmp/out" 2>"$tmp/err"
equal $? 1 "empty input: exit 1"

# A file that opens with a UTF-8 byte order mark holds its games, no more.
printf '\357\273\277[Event "a"]\n[White "b"]\n\n1. e4 *\n\n[Event "c"]\n\n1. d4 *\n' |
  "$analyse" --check >"$tmp/bom" 2>"$tmp/err"
equal $? 0 "byte order mark: exit 0"
equal "$(grep -c '^\[Event ' "$tmp/bom")" 2 "byte order mark: two games, not three"

# Text that is not UTF-8 (a Latin-1 name) is repaired with U+FFFD, said
# once on standard error, and written as UTF-8.
printf '[White "M\374ller"]\n[Black "J\351r\364me"]\n\n1. e4 e5 *\n\n[White "\374"]\n\n1. d4 *\n' >"$tmp/latin1.pgn"
"$analyse" --check "$tmp/latin1.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 0 "Latin-1 tags: read"
contains "$tmp/out" "$(printf '[White "M\357\277\275ller"]')" "Latin-1 tags: bad bytes written as U+FFFD"
equal "$(grep -c 'not all UTF-8' "$tmp/err")" 1 "Latin-1 tags: said once"
if iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null 2>&1; then pass "Latin-1 tags: output is UTF-8"; else fail "Latin-1 tags: output is UTF-8"; fi

# Two files put one after the other: the second's byte order mark does
# not hide its game or make the first one's fault.
{ printf '\357\273\277'; cat "$data/good.pgn"; printf '\n\357\273\277'; cat "$data/good.pgn"; } >"$tmp/boms.pgn"
"$analyse" --check "$tmp/boms.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 0 "byte order marks before games 1 and 3: every game good"
equal "$(grep -c '^\[Event ' "$tmp/out")" 4 "byte order marks before games 1 and 3: four games written"

# A comment left open in game 1 loses only game 1.
{ printf '[Event "Open"]\n\n1. e4 {never closed e5 *\n\n'; cat "$data/good.pgn"; } >"$tmp/open-comment.pgn"
"$analyse" --check "$tmp/open-comment.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 1 "unterminated comment: exit 1"
equal "$(grep -c '^\[Event "Club"\]' "$tmp/out")" 2 "unterminated comment: the two later games written"
contains "$tmp/err" 'game 1 (Event "Open")' "unterminated comment: game 1 named"

# Progress into a file: a few lines a second at most, not one per move.
# (The game used to be the knights' shuffle, a fivefold repetition the
# reader refuses: no progress at all, so the check passed by itself.)
printf '[Event "Long"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. O-O O-O 7. a4 a5 8. h3 h6 9. Re1 Re8 10. Nbd2 Be6 11. b3 b6 12. g3 g6 13. Kh2 Kh7 14. Kg2 Kg7 15. Kh2 Kh7 16. Kg2 Kg7 17. Kh2 Kh7 18. Kg2 Kg7 19. Kh1 Kh8 20. Kg2 Kg7 *\n' >"$tmp/long.pgn"
start=$(date +%s)
"$analyse" --movetime 40 "$tmp/long.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 0 "progress into a file: the long game analysed"
seconds=$(($(date +%s) - start + 1))
lines=$(grep -c '^game ' "$tmp/err")
if [ "$lines" -ge 2 ] && [ "$lines" -le $((seconds * 2 + 1)) ]; then
  pass "progress into a file: $lines lines in about $seconds s (40 moves)"
else
  fail "progress into a file: $lines lines in about $seconds s (40 moves)"
fi
has_line "$tmp/err" "game 1/1, move 40/40" "progress into a file: the last move said"
# From a pipe the games are not counted ahead; the last still said.
cat "$tmp/long.pgn" | "$analyse" --movetime 40 >"$tmp/out" 2>"$tmp/err"
has_line "$tmp/err" "game 1, move 40/40" "progress from a pipe: no count, the last move said"

# A game over 64 MiB is refused by name, the games after it still written
# (the whole input used to be refused, read to 128 MiB first).
{ printf '[Event "Huge"]\n\n1. e4 {'; yes 'a long comment' | head -c $((65 * 1024 * 1024));
  printf '} e5 *\n\n[Event "After"]\n\n1. d4 *\n'; } >"$tmp/huge.pgn"
"$analyse" --check "$tmp/huge.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 1 "game over 64 MiB: exit 1"
contains "$tmp/err" 'game 1 (Event "Huge"): larger than 64 MB' "game over 64 MiB: named and refused"
contains "$tmp/out" '[Event "After"]' "game over 64 MiB: the game after it written"
rm -f "$tmp/huge.pgn"

# Streaming: memory holds one game, not the file.  About 15 MB of small
# games; the peak resident size stays far below the file's size.  (Not
# under AddressSanitizer: its quarantine keeps freed games, by design.)
if [ -x /usr/bin/time ] && ! grep -q __asan_init "$analyse"; then
  awk 'BEGIN { for (i = 0; i < 120000; i++)
                 printf "[Event \"g%d\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {a comment to make it longer} 5. O-O Be7 *\n\n", i }' \
    >"$tmp/many.pgn"
  size_kb=$(($(wc -c <"$tmp/many.pgn") / 1024))
  # What the program takes for one game (its libraries mapped), first.
  head -4 "$tmp/many.pgn" >"$tmp/one.pgn"
  /usr/bin/time -f '%M' -o "$tmp/base" "$analyse" --check "$tmp/one.pgn" >/dev/null 2>&1
  base_kb=$(tail -1 "$tmp/base")
  /usr/bin/time -f '%M' -o "$tmp/peak" "$analyse" --check "$tmp/many.pgn" >"$tmp/out" 2>"$tmp/err"
  equal $? 0 "many games: exit 0"
  equal "$(grep -c '^\[Event ' "$tmp/out")" 120000 "many games: every game written"
  peak_kb=$(tail -1 "$tmp/peak")
  if [ $((peak_kb - base_kb)) -lt $((size_kb / 8)) ]; then
    pass "many games: peak $peak_kb KiB ($base_kb for one game) for $size_kb KiB of input"
  else
    fail "many games: peak $peak_kb KiB ($base_kb for one game) for $size_kb KiB of input"
  fi
  rm -f "$tmp/many.pgn" "$tmp/out"
else
  pass "many games: # SKIP no /usr/bin/time, or AddressSanitizer"
fi

# --- an external engine (--engine) -----------------------------------------
# The fake engines of tests/core/engines (FAKE_ENGINE, from meson), and
# Debian's fairy-stockfish when it is installed.  Their variant files go
# to a scratch cache, never the user's.
export XDG_CACHE_HOME="$tmp/cache"
printf '[Event "One"]\n\n1. d4 *\n\n[Event "Capa"]\n[Variant "capablanca"]\n\n1. e4 e5 *\n' >"$tmp/fake.pgn"
for bad in /nonexistent/engine /etc/passwd; do
  "$analyse" --engine "$bad" "$data/good.pgn" >"$tmp/out" 2>"$tmp/err"
  equal $? 2 "--engine $bad: exit 2"
  equal "$(wc -l <"$tmp/err")" 1 "--engine $bad: one line"
  contains "$tmp/err" "chancellor-analyse: " "--engine $bad: a message"
  equal "$(wc -c <"$tmp/out")" 0 "--engine $bad: nothing written"
done
"$analyse" --engine /bin/true "$data/good.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 2 "--engine that is no engine: exit 2"
contains "$tmp/err" "stopped unexpectedly" "--engine that is no engine: says so"
"$analyse" --check --engine /bin/true "$data/good.pgn" >"$tmp/out" 2>"$tmp/err"
equal $? 2 "--check with --engine: exit 2"

if [ -n "${FAKE_ENGINE:-}" ] && [ -f "$FAKE_ENGINE" ]; then
  ln -s "$FAKE_ENGINE" "$tmp/fake-cut"
  ln -s "$FAKE_ENGINE" "$tmp/fake-illegal"
  # It plays chess by our count, not Capablanca: the first game analysed
  # (its line cut at the illegal e4e6 and marked), the second written as
  # it was, exit 1.
  "$analyse" --engine "$tmp/fake-cut" "$tmp/fake.pgn" >"$tmp/out" 2>"$tmp/err"
  equal $? 1 "fake engine: a game it does not play: exit 1"
  tr '\n' ' ' <"$tmp/out" >"$tmp/flat"
  contains "$tmp/flat" "1. d4 \$4 {[%eval -3.00]} ({[%eval " "fake engine: its line opened by its value"
  contains "$tmp/flat" "} 1. e4 e5 {The engine's line went on with e4e6, which is not a legal move here.})" \
    "fake engine: its line cut at the illegal move, and marked"
  contains "$tmp/out" '1. e4 e5 *' "fake engine: the game it does not play written as it was"
  contains "$tmp/err" "game 2: Fake Engine (cut) does not play this game by its rules" "fake engine: the game named, and why"
  contains "$tmp/err" "1 of 2 games was written without analysis" "fake engine: counted"
  # An illegal best move stops the engine: that game and the rest are
  # written as they were.
  "$analyse" --engine "$tmp/fake-illegal" "$tmp/fake.pgn" >"$tmp/out" 2>"$tmp/err"
  equal $? 1 "illegal best move: exit 1"
  contains "$tmp/err" "played e2e5, which is not a legal move here" "illegal best move: named"
  equal "$(grep -c '^\[Event' "$tmp/out")" 2 "illegal best move: both games written"
  contains "$tmp/err" "2 of 2 games were written without analysis" "illegal best move: counted"
else
  pass "fake engine: # SKIP FAKE_ENGINE not given"
fi

if [ -x /usr/games/fairy-stockfish ]; then
  "$analyse" --engine /usr/games/fairy-stockfish --depth 6 -q "$data/good.pgn" >"$tmp/fsf.pgn" 2>"$tmp/err"
  equal $? 0 "fairy-stockfish: exit 0"
  equal "$(grep -c '^\[Event' "$tmp/fsf.pgn")" 2 "fairy-stockfish: both games written"
  contains "$tmp/fsf.pgn" "3. d3 \$4" "fairy-stockfish: 3. d3?? marked"
  tr '\n' ' ' <"$tmp/fsf.pgn" >"$tmp/fsf-joined"
  contains "$tmp/fsf-joined" "} 3. Nxg5" "fairy-stockfish: with the better move"
  contains "$tmp/fsf.pgn" "[Variant \"capablanca\"]" "fairy-stockfish: the Capablanca game too"
  "$analyse" --check "$tmp/fsf.pgn" >"$tmp/out" 2>"$tmp/err"
  equal $? 0 "fairy-stockfish: its output reads back"
else
  pass "fairy-stockfish: # SKIP not installed"
fi

tap_finish
