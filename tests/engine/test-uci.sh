#!/bin/sh
# test-uci.sh — chancellor-engine's UCI dialogue: options, positions, perft,
# errors that keep the engine alive, castling in UCI, and (when it is
# installed) perft move lists against Fairy-Stockfish's.
#
#   test-uci.sh PATH/TO/chancellor-engine
#
# Exits 0 when every check passes.

set -u

engine=${1:-}
fsf=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}

if [ -z "$engine" ] || [ ! -x "$engine" ]; then
  echo "usage: $0 PATH/TO/chancellor-engine" >&2
  exit 2
fi

# The scratch directory and the TAP checks.
. "$(dirname "$0")/tap.sh"

# wait_bestmoves FILE COUNT: waits (half a minute at most) until FILE holds
# COUNT bestmove lines.
wait_bestmoves () {
  tries=3000
  while [ $tries -gt 0 ]; do
    found=$(grep -c '^bestmove ' "$1" 2>/dev/null)
    [ "${found:-0}" -ge "$2" ] && return 0
    sleep 0.01
    tries=$((tries - 1))
  done
}

# session FILE LINE...: feeds the lines to the engine, output into FILE;
# fails the check when the engine does not exit 0.  The end of input stops
# a search, so the input stays open until every go has its bestmove.
session () {
  out=$1
  shift
  gos=0
  for line in "$@"; do
    case $line in
      "go perft"*) ;;
      go | "go "*) gos=$((gos + 1)) ;;
    esac
  done
  rm -f "$out"
  { printf '%s\n' "$@"; wait_bestmoves "$out" $gos; } | "$engine" >"$out" 2>"$tmp/stderr"
  code=$?
  if [ $code -ne 0 ]; then
    fail "engine exited $code on: $*"
    cat "$tmp/stderr" >&2
  fi
}

# lacks_line FILE LINE DESCRIPTION
lacks_line () {
  if grep -qxF -- "$2" "$1"; then
    fail "$3 (unexpected line '$2')"
  else
    pass "$3"
  fi
}

# has_prefix FILE PREFIX DESCRIPTION: some line starts with PREFIX.
has_prefix () {
  if grep -q "^$2" "$1"; then
    pass "$3"
  else
    fail "$3 (no line starting '$2')"
    sed 's/^/# /' "$1" | head -40
  fi
}

# move_lines [FILE]: the "move: count" lines of a perft (FILE or standard
# input), sorted.
move_lines () {
  grep -E '^[a-z][0-9]+[a-z][0-9]+[a-z]?: [0-9]+$' "${1:--}" | sort
}

games="ajax ajax-ministers ajax-capablanca-ministers ajax-capablanca prime-ministers-random carrera capablanca-relocation capablanca chess"
capablanca_castling="r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"
# PMRC with the king on g between rooks on b and i: its castling toward i
# leaves the king on h, so only king-takes-rook (g1i1) tells it from the
# king's step g1h1.
pmrc_castling="1r4k1r/ppppppppp/9/9/9/9/PPPPPPPPP/1R4K1R w KQkq - 0 1"
chess_after_e4="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

# --- uci -------------------------------------------------------------
session "$tmp/uci" uci quit
has_prefix "$tmp/uci" "id name Chancellor " "uci: id name"
has_line "$tmp/uci" "id author The Chancellor developers" "uci: id author"
has_line "$tmp/uci" "uciok" "uci: uciok"
has_line "$tmp/uci" "option name UCI_Chess960 type check default false" "uci: UCI_Chess960 option"
has_prefix "$tmp/uci" "option name UCI_Variant type combo default chess " "uci: UCI_Variant option"
variant_option=$(grep '^option name UCI_Variant ' "$tmp/uci")
for game in $games; do
  case "$variant_option " in
    *" var $game "*) pass "uci: UCI_Variant lists $game" ;;
    *) fail "uci: UCI_Variant lists $game" ;;
  esac
done

session "$tmp/ready" isready
has_line "$tmp/ready" "readyok" "isready answers readyok; end of input exits 0"

# --- perft -----------------------------------------------------------
session "$tmp/capablanca3" "setoption name UCI_Variant value capablanca" "position startpos" "go perft 3" quit
equal "$(move_lines "$tmp/capablanca3" | wc -l | tr -d ' ')" 28 "capablanca perft 3: 28 root moves"
has_line "$tmp/capablanca3" "Nodes searched: 25228" "capablanca perft 3: 25228 nodes"

session "$tmp/ajax2" "setoption name UCI_Variant value AJAX" "position startpos" "go perft 2" quit
has_line "$tmp/ajax2" "Nodes searched: 1600" "ajax perft 2 (variant id in capitals): 1600 nodes"

session "$tmp/depth" "go perft 0" "go perft 21" "go perft x" "go depth x" "go sideways 3" "go depth" isready
equal "$(grep -c '^info string error: ' "$tmp/depth")" 6 "bad go commands: one error each"
equal "$(grep -c '^bestmove 0000$' "$tmp/depth")" 3 "unreadable go commands: no search, but a bestmove for each"
has_line "$tmp/depth" "readyok" "bad go commands: engine alive"

# --- search -------------------------------------------------------------
# bestmove_of FILE: the move of the last bestmove line.
bestmove_of () {
  sed -n 's/^bestmove \([^ ]*\).*/\1/p' "$1" | tail -n 1
}

session "$tmp/mate1" "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" "go depth 4" isready
equal "$(bestmove_of "$tmp/mate1")" a1a8 "go depth: finds the back-rank mate"
if grep -q '^info depth 4 .*score mate 1 ' "$tmp/mate1"; then pass "info: score mate 1"; else fail "info: score mate 1"; fi

session "$tmp/ajaxgo" "setoption name UCI_Variant value ajax" "position startpos moves e2e5" "go nodes 20000" isready
best=$(bestmove_of "$tmp/ajaxgo")
session "$tmp/ajaxlegal" "setoption name UCI_Variant value ajax" "position startpos moves e2e5 $best" d
lacks_line "$tmp/ajaxlegal" "info string error: illegal move '$best' at ply 2" "go nodes: ajax bestmove $best is legal"

# Values out of range are brought into it, and every go gets its bestmove
# (a GUI waits for it): depth 1000, movetime -5, nodes 0, mate 0, and the
# negative clock times a GUI sends once a flag has fallen.
for go in "depth 1000" "movetime -5" "nodes 0" "mate 0" "wtime -5 btime -5" "wtime -5 btime 1000 winc -1 binc 0" \
  "movestogo 0 wtime 100 btime 100"; do
  session "$tmp/goclamp" "position startpos" "go $go" "stop" isready
  if grep -q '^bestmove [a-z][0-9]*[a-z][0-9]*' "$tmp/goclamp"; then
    pass "go $go: a bestmove"
  else
    fail "go $go: a bestmove"
    sed 's/^/# /' "$tmp/goclamp" | head -10
  fi
  lacks_line "$tmp/goclamp" "bestmove 0000" "go $go: no null move"
done
session "$tmp/goclamp" "position startpos" "go depth 1000" "stop"
has_prefix "$tmp/goclamp" "info string go depth 1000 is out of range (1 to [0-9]*): using " "go depth 1000: said how it is read"

# nodes per second stays a rate when the time is under a millisecond.
session "$tmp/nps" "position startpos" "go depth 1"
zero_time=$(grep '^info .* time 0 ' "$tmp/nps" | head -n 1)
if [ -z "$zero_time" ]; then
  pass "nps at time 0: no iteration took under a millisecond here"
else
  nodes=$(echo "$zero_time" | sed 's/.* nodes \([0-9]*\) .*/\1/')
  nps=$(echo "$zero_time" | sed 's/.* nps \([0-9]*\) .*/\1/')
  if [ "$nps" -ge $((nodes * 100)) ]; then
    pass "nps at time 0: $nps for $nodes nodes"
  else
    fail "nps at time 0: $nps for $nodes nodes (the count, not a rate)"
  fi
fi

# The end of input (the GUI has gone) ends even a long bounded search, at
# once, with its bestmove.
start=$(date +%s)
printf 'position startpos\ngo movetime 100000\n' | timeout 60 "$engine" >"$tmp/eof" 2>&1
code=$?
elapsed=$(($(date +%s) - start))
equal "$code" 0 "end of input during go movetime 100000: exits 0"
if [ $elapsed -le 20 ]; then pass "end of input: exit after ${elapsed} s"; else fail "end of input: exit after ${elapsed} s"; fi
equal "$(grep -c '^bestmove ' "$tmp/eof")" 1 "end of input: the search's bestmove"

# go movetime searches the whole time given, even once its best move is
# stable (a lower bound only: a loaded machine can but lengthen it).
start=$(date +%s%N)
session "$tmp/movetime" "position startpos" "go movetime 1500"
elapsed=$((($(date +%s%N) - start) / 1000000))
if [ $elapsed -ge 1200 ]; then
  pass "go movetime 1500: bestmove after $elapsed ms"
else
  fail "go movetime 1500: bestmove after $elapsed ms, before the time given"
fi

# go infinite answers only after stop, and at once.
printf 'position startpos\ngo infinite\n' >"$tmp/infinite.in"
( cat "$tmp/infinite.in"; sleep 1; echo stop; sleep 0.2; echo quit ) | "$engine" >"$tmp/infinite" 2>&1
equal "$(grep -c '^bestmove ' "$tmp/infinite")" 1 "go infinite then stop: one bestmove"

session "$tmp/multipv" "setoption name MultiPV value 3" "position startpos" "go depth 3" isready
if grep -q '^info depth 3 .* multipv 3 ' "$tmp/multipv"; then pass "MultiPV 3: third line reported"; else fail "MultiPV 3: third line reported"; fi

session "$tmp/mated" "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1" "go depth 3" isready
has_line "$tmp/mated" "bestmove 0000" "go in a mated position: bestmove 0000"

# --- positions and errors -----------------------------------------------
session "$tmp/e4" "position startpos moves e2e4" d
has_line "$tmp/e4" "Fen: $chess_after_e4" "chess e2e4: FEN"
has_line "$tmp/e4" " 8  r n b q k b n r" "d: top rank first, pieces as FEN letters"
has_line "$tmp/e4" " 4  . . . . P . . ." "d: empty squares as dots"
has_line "$tmp/e4" "    a b c d e f g h" "d: files underneath"
has_prefix "$tmp/e4" "Key: [0-9A-F]\{16\}$" "d: key"
has_line "$tmp/e4" "Checkers:" "d: no checkers"

session "$tmp/check" "position startpos moves e2e4 f7f6 d1h5" d
has_line "$tmp/check" "Checkers: h5" "d: checker listed"

session "$tmp/ajaxd" "setoption name UCI_Variant value ajax" d
has_line "$tmp/ajaxd" "10  r n b m k q m b n r" "d: two-digit rank label"
has_line "$tmp/ajaxd" " 1  R N B M Q K M B N R" "d: one-digit rank label right-aligned"
has_line "$tmp/ajaxd" "    a b c d e f g h i j" "d: files a..j"

# A failed position command leaves no position: the one the GUI meant is
# unknown, so d, go perft and go refuse (never the position before it)
# until the next good position, ucinewgame or UCI_Variant.
session "$tmp/badfen" "position startpos moves e2e4" "position fen rnbqkbnr/ppp w KQkq - 0 1" d \
  "go perft 2" "go depth 2" isready
has_prefix "$tmp/badfen" "info string error: .* (at character [0-9]*)$" "malformed FEN: error with its place"
lacks_line "$tmp/badfen" "Fen: $chess_after_e4" "malformed FEN: the position before is not used"
equal "$(grep -c "^info string error: no position: the last 'position' command failed$" "$tmp/badfen")" 3 \
  "malformed FEN: d, go perft and go each say there is no position"
has_line "$tmp/badfen" "Nodes searched: 0" "malformed FEN: go perft counts nothing"
has_line "$tmp/badfen" "bestmove 0000" "malformed FEN: go answers the null move"

session "$tmp/recover" "position fen junk" "position startpos moves e2e4" d \
  "position fen junk" ucinewgame "go perft 1" \
  "position fen junk" "setoption name UCI_Variant value capablanca" "go perft 1"
has_line "$tmp/recover" "Fen: $chess_after_e4" "after a failed position: a good one is used"
has_line "$tmp/recover" "Nodes searched: 20" "after a failed position: ucinewgame gives the start"
has_line "$tmp/recover" "Nodes searched: 28" "after a failed position: UCI_Variant gives its start"

session "$tmp/badfen2" "position startpos moves e2e4" "position fen" "position" "position startpos junk" \
  "position fen 8/8/8/8/8/8/8/8 w - - 0 1" d
equal "$(grep -c '^info string error: ' "$tmp/badfen2")" 5 "malformed position commands: one error each, and d's"
lacks_line "$tmp/badfen2" "Fen: $chess_after_e4" "malformed position commands: the position before is not used"

session "$tmp/illegal" "position startpos moves e2e4" "position startpos moves d2d4 e7e5 e1e3 g8f6" d
has_line "$tmp/illegal" "info string error: illegal move 'e1e3' at ply 3" "illegal move: error names move and ply"
lacks_line "$tmp/illegal" "Fen: $chess_after_e4" "illegal move: the position before is not used"

session "$tmp/variant" "setoption name UCI_Variant value xyz" "setoption name Contempt value 16" \
  "setoption name UCI_Chess960 value maybe" "setoption" d
has_line "$tmp/variant" "info string error: unknown variant 'xyz'" "unknown variant: error"
has_line "$tmp/variant" "info string error: unknown option 'Contempt'" "unknown option: error"
equal "$(grep -c '^info string error: ' "$tmp/variant")" 4 "bad setoption commands: one error each"
has_line "$tmp/variant" "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
  "bad setoption commands: game unchanged"

session "$tmp/newgame" "setoption name UCI_Variant value capablanca" "position startpos moves e2e4" ucinewgame d
has_line "$tmp/newgame" "Fen: rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1" \
  "ucinewgame: the current game's start"

session "$tmp/unknown" xyz "" "   " isready
has_line "$tmp/unknown" "info string error: unknown command 'xyz'" "unknown command: error"
has_line "$tmp/unknown" "readyok" "unknown command: engine alive"
equal "$(grep -c '^info string error: ' "$tmp/unknown")" 1 "blank lines: ignored"

# CRLF line ends and runs of blanks.
printf 'position \t startpos   moves  e2e4 \r\nd\r\nisready\r\n' | "$engine" >"$tmp/crlf"
has_line "$tmp/crlf" "Fen: $chess_after_e4" "CRLF and extra blanks: accepted"

# A line over 64 KB is refused, and the next line is read as usual.
awk 'BEGIN { printf "position startpos moves"; for (i = 0; i < 14000; i++) printf " e2e4"; printf "\nisready\n" }' \
  | "$engine" >"$tmp/long"
has_prefix "$tmp/long" "info string error: line longer than" "line over 64 KB: refused"
has_line "$tmp/long" "readyok" "line over 64 KB: engine alive"

# ... and the position it meant is unknown: go does not search the one before.
awk 'BEGIN { print "position startpos moves e2e4"; printf "position startpos moves"
  for (i = 0; i < 14000; i++) printf " g1f3 g8f6 f3g1 f6g8"; printf "\ngo depth 1\nd\n" }' \
  | "$engine" >"$tmp/long-position"
has_line "$tmp/long-position" "bestmove 0000" "position over 64 KB: go answers the null move"
lacks_line "$tmp/long-position" "Fen: $chess_after_e4" "position over 64 KB: the position before it is not used"
equal "$(grep -c "^info string error: no position: the last 'position' command failed$" "$tmp/long-position")" 2 \
  "position over 64 KB: go and d say there is no position"

printf 'quit\nisready\n' | "$engine" >"$tmp/quit"
code=$?
equal "$code" 0 "quit: exits 0"
equal "$(wc -c <"$tmp/quit" | tr -d ' ')" 0 "quit: nothing read after it"

# --- castling in UCI ------------------------------------------------------
session "$tmp/castle" "setoption name UCI_Variant value capablanca" "position fen $capablanca_castling" \
  "go perft 1" "setoption name UCI_Chess960 value true" "go perft 1"
sed -n '1,/^Nodes searched/p' "$tmp/castle" >"$tmp/castle-960-off"
sed '1,/^Nodes searched/d' "$tmp/castle" >"$tmp/castle-960-on"
has_line "$tmp/castle-960-off" "f1c1: 1" "capablanca, UCI_Chess960 false: O-O-O as the king's move"
has_line "$tmp/castle-960-off" "f1i1: 1" "capablanca, UCI_Chess960 false: O-O as the king's move"
lacks_line "$tmp/castle-960-off" "f1a1: 1" "capablanca, UCI_Chess960 false: no king-takes-rook"
has_line "$tmp/castle-960-on" "f1a1: 1" "capablanca, UCI_Chess960 true: O-O-O as king takes rook"
has_line "$tmp/castle-960-on" "f1j1: 1" "capablanca, UCI_Chess960 true: O-O as king takes rook"
lacks_line "$tmp/castle-960-on" "f1c1: 1" "capablanca, UCI_Chess960 true: no king's move"

session "$tmp/castle-read" "setoption name UCI_Variant value capablanca" \
  "position fen $capablanca_castling moves f1i1 f8c8" d "position fen $capablanca_castling moves f1j1 f8a8" d
equal "$(grep -c '^Fen: 2kr5r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 w - - 2 2$' "$tmp/castle-read")" 2 \
  "capablanca: both castling forms read"

session "$tmp/pmrc" "setoption name UCI_Variant value prime-ministers-random" "position fen $pmrc_castling" \
  "go perft 1" "setoption name UCI_Chess960 value true" "go perft 1"
sed -n '1,/^Nodes searched/p' "$tmp/pmrc" >"$tmp/pmrc-960-off"
sed '1,/^Nodes searched/d' "$tmp/pmrc" >"$tmp/pmrc-960-on"
for setting in off on; do
  has_line "$tmp/pmrc-960-$setting" "g1b1: 1" "PMRC, UCI_Chess960 $setting: castling toward b as king takes rook"
  has_line "$tmp/pmrc-960-$setting" "g1i1: 1" "PMRC, UCI_Chess960 $setting: castling toward i as king takes rook"
  has_line "$tmp/pmrc-960-$setting" "g1h1: 1" "PMRC, UCI_Chess960 $setting: the king's step g1h1 as well"
  equal "$(move_lines "$tmp/pmrc-960-$setting" | cut -d: -f1 | uniq -d | wc -l | tr -d ' ')" 0 \
    "PMRC, UCI_Chess960 $setting: every root move written differently"
done

session "$tmp/pmrc-read" "setoption name UCI_Variant value prime-ministers-random" \
  "position fen $pmrc_castling moves g1i1" d
has_line "$tmp/pmrc-read" "Fen: 1r4k1r/ppppppppp/9/9/9/9/PPPPPPPPP/1R4RK1 b kq - 1 1" \
  "PMRC: g1i1 castles (king to h1, rook to g1)"

# UCI_Chess960 in a game with fixed castling: a random array keeps its
# rights, in Shredder letters and in KQkq, and castles as king takes rook.
chess960_array="rqknnbbr/pppppppp/8/8/8/8/PPPPPPPP/RQKNNBBR"
for rights in HAha KQkq; do
  session "$tmp/chess960" "setoption name UCI_Chess960 value true" "position fen $chess960_array w $rights - 0 1" d
  has_line "$tmp/chess960" "Fen: $chess960_array w KQkq - 0 1" "chess, UCI_Chess960, $rights: castling rights kept"
done
session "$tmp/chess960" "setoption name UCI_Chess960 value true" \
  "position fen 1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1" "go perft 1"
has_line "$tmp/chess960" "c1b1: 1" "chess, UCI_Chess960: castling toward a as king takes rook"
has_line "$tmp/chess960" "c1h1: 1" "chess, UCI_Chess960: castling toward h as king takes rook"
session "$tmp/chess960" "setoption name UCI_Variant value capablanca" "setoption name UCI_Chess960 value true" \
  "position fen 1rk6r/pppppppppp/10/10/10/10/PPPPPPPPPP/1RK6R w JBjb - 0 1 moves c1j1" d
has_line "$tmp/chess960" "Fen: 1rk6r/pppppppppp/10/10/10/10/PPPPPPPPPP/1R5RK1 b kq - 1 1" \
  "capablanca, UCI_Chess960: castling from a random array (king to i1, rook to h1)"

# --- against Fairy-Stockfish ------------------------------------------------
# compare_fsf DESCRIPTION COMMAND...: the same commands to both engines
# (our game ids are Fairy-Stockfish's variant names here).
compare_fsf () {
  description=$1
  shift
  printf '%s\n' "$@" quit | "$engine" 2>/dev/null | move_lines >"$tmp/ours"
  printf '%s\n' "$@" quit | "$fsf" 2>/dev/null | move_lines >"$tmp/theirs"
  if [ -s "$tmp/ours" ] && cmp -s "$tmp/ours" "$tmp/theirs"; then
    pass "$description: same moves and counts as Fairy-Stockfish"
  else
    fail "$description: differs from Fairy-Stockfish"
    diff "$tmp/ours" "$tmp/theirs" | sed 's/^/# /' | head -40
  fi
}

if [ -x "$fsf" ]; then
  compare_fsf "capablanca start perft 2" "setoption name UCI_Variant value capablanca" "position startpos" "go perft 2"
  compare_fsf "chess start perft 2" "setoption name UCI_Variant value chess" "position startpos" "go perft 2"
  compare_fsf "capablanca castling perft 2" "setoption name UCI_Variant value capablanca" \
    "position fen $capablanca_castling" "go perft 2"
  compare_fsf "capablanca castling perft 2, UCI_Chess960" "setoption name UCI_Variant value capablanca" \
    "setoption name UCI_Chess960 value true" "position fen $capablanca_castling" "go perft 2"
  compare_fsf "chess, UCI_Chess960, castling both ways perft 3" "setoption name UCI_Variant value chess" \
    "setoption name UCI_Chess960 value true" "position fen 1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1" "go perft 3"
else
  echo "# $fsf not found: Fairy-Stockfish comparisons skipped"
fi

tap_finish
