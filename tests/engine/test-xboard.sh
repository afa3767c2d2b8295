#!/bin/sh
# test-xboard.sh — chancellor-engine's XBoard protocol (CECP 2): the
# handshake, games XBoard knows and one it is taught (setup and piece
# lines), moves both ways, setboard, undo and remove, illegal moves,
# ping, analysis and the game's end.
#
#   test-xboard.sh PATH/TO/chancellor-engine
#
# Exits 0 when every check passes.

set -u

engine=${1:-}

if [ -z "$engine" ] || [ ! -x "$engine" ]; then
  echo "usage: $0 PATH/TO/chancellor-engine" >&2
  exit 2
fi

# The scratch directory, the TAP checks, has_line and wait_lines.
. "$(dirname "$0")/tap.sh"

# session FILE MOVES LINE...: feeds the lines to the engine, output into
# FILE, and keeps the input open until the engine has sent MOVES moves;
# fails the check when the engine does not exit 0.
session () {
  out=$1
  moves=$2
  shift 2
  rm -f "$out"
  { printf '%s\n' "$@"; wait_lines "$out" '^move ' "$moves"; echo quit; } | "$engine" >"$out" 2>"$tmp/stderr"
  code=$?
  if [ $code -ne 0 ]; then
    fail "engine exited $code on: $*"
    cat "$tmp/stderr" >&2
  fi
}

lacks_line () {
  if grep -qxF -- "$2" "$1"; then
    fail "$3 (unexpected line '$2')"
  else
    pass "$3"
  fi
}

# The line of FILE after the one that is exactly LINE.
line_after () {
  awk -v want="$2" 'found { print; exit } $0 == want { found = 1 }' "$1"
}

# Handshake: the features, every game by its XBoard name.
session "$tmp/hello" 0 xboard 'protover 2' 'ping 7'
has_line "$tmp/hello" 'feature done=1' "protover 2 ends its features with done=1"
features=$(grep '^feature ping=1' "$tmp/hello")
case $features in
  *'setboard=1 usermove=1 time=1'*'analyze=1 colors=0'*'myname="Chancellor '*) pass "the features XBoard needs" ;;
  *) fail "the features XBoard needs (got '$features')" ;;
esac
for game in normal capablanca ajax ajax-ministers ajax-capablanca ajax-capablanca-ministers \
            prime-ministers-random carrera capablanca-relocation; do
  case ",$(echo "$features" | sed 's/.*variants="\([^"]*\)".*/\1/')," in
    *",$game,"*) pass "variant $game offered" ;;
    *) fail "variant $game offered (got '$features')" ;;
  esac
done
has_line "$tmp/hello" 'pong 7' "ping answered with pong"

# Normal chess: the engine answers 1. e4 with a legal move as Black, at depth 2.
session "$tmp/chess" 1 xboard 'protover 2' new 'sd 2' post 'time 6000' 'otim 6000' 'usermove e2e4'
reply=$(grep '^move ' "$tmp/chess")
case $reply in
  'move '[a-h][78][a-h][56]) pass "Black answers 1. e4 ($reply)" ;;
  *) fail "Black answers 1. e4 (got '$reply')" ;;
esac
thinking=$(grep -cE '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+( [a-j][0-9]+[a-j][0-9]+[a-z]?)+$' "$tmp/chess")
[ "$thinking" -ge 2 ] && pass "post: thinking lines 'ply score time nodes pv' ($thinking)" \
  || fail "post: thinking lines (got $thinking)"

# go: the engine plays White; level and st are taken.
session "$tmp/go" 1 xboard 'protover 2' new 'level 40 5 0' 'st 1' 'sd 3' go
grep -qE '^move [a-h]2[a-h][34]$|^move [bg]1[a-h][36]$' "$tmp/go" && pass "go: White's first move" \
  || { fail "go: White's first move"; sed 's/^/# /' "$tmp/go"; }

# Illegal moves, and a move of the wrong game's board.
session "$tmp/illegal" 0 xboard 'protover 2' new force 'usermove e2e5' 'usermove z9z9' 'usermove e2e4' \
  'usermove e2e4' 'ping 1'
has_line "$tmp/illegal" 'Illegal move: e2e5' "e2e5 refused"
has_line "$tmp/illegal" 'Illegal move: z9z9' "z9z9 refused"
equal "$(grep -c '^Illegal move: e2e4$' "$tmp/illegal")" 1 "e2e4 played once, refused the second time"

# Ajax Chess: XBoard is taught the board and the pieces; ranks count from 0.
session "$tmp/ajax" 1 xboard 'protover 2' new 'variant ajax' 'sd 2' 'usermove e1e4'
has_line "$tmp/ajax" \
  'setup (PNBRQ.....M..........Kpnbrq.....m..........k) 10x10+0_fairy rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1' \
  "ajax: setup with pieces, 10x10 board and start"
has_line "$tmp/ajax" 'piece R& RmF' "ajax: the Rook also steps diagonally to empty squares"
has_line "$tmp/ajax" 'piece B& BmW' "ajax: the Bishop also steps orthogonally to empty squares"
has_line "$tmp/ajax" 'piece N& NmK' "ajax: the Knight also steps as a King to empty squares"
has_line "$tmp/ajax" 'piece M& KAD' "ajax: the Minister"
has_line "$tmp/ajax" 'piece P& fmWfceFifmR3' "ajax: the Pawn's triple step"
lacks_line "$tmp/ajax" 'Illegal move: e1e4' "ajax: the triple step e1e4 (rank 0 is the first)"
grep -qE '^move [a-j][0-9][a-j][0-9]$' "$tmp/ajax" && pass "ajax: the engine answers on ranks 0-9" \
  || { fail "ajax: the engine answers on ranks 0-9"; sed 's/^/# /' "$tmp/ajax"; }

# Capablanca is XBoard's own: no setup.
session "$tmp/capa" 0 xboard 'protover 2' new 'variant capablanca' force 'usermove e2e4' 'ping 2'
lacks_line "$tmp/capa" 'Illegal move: e2e4' "capablanca: e2e4"
grep -q '^setup' "$tmp/capa" && fail "capablanca: no setup line" || pass "capablanca: no setup line"
session "$tmp/unknown" 0 xboard 'protover 2' new 'variant shogi' 'ping 3'
has_line "$tmp/unknown" 'Error (unknown variant): shogi' "unknown variant refused"

# setboard, and the game's end: the engine mates and says so.
session "$tmp/mate" 1 xboard 'protover 2' new force 'setboard 7k/8/5KQ1/8/8/8/8/8 w - - 0 1' 'sd 3' go
has_line "$tmp/mate" 'move g6g7' "setboard: the engine finds mate in one"
has_line "$tmp/mate" '1-0 {White mates}' "the mate is announced"
session "$tmp/mated" 0 xboard 'protover 2' new force 'setboard 7k/8/5KQ1/8/8/8/8/8 w - - 0 1' 'usermove g6g7' 'ping 4'
has_line "$tmp/mated" '1-0 {White mates}' "the user's mate is announced"

# undo and remove: after taking back, the same moves are legal again.
session "$tmp/undo" 0 xboard 'protover 2' new force 'usermove e2e4' 'usermove e7e5' undo 'usermove e7e5' \
  remove 'usermove e2e4' 'usermove e7e6' 'ping 5'
lacks_line "$tmp/undo" 'Illegal move: e7e5' "undo takes back one move"
lacks_line "$tmp/undo" 'Illegal move: e2e4' "remove takes back two moves"
lacks_line "$tmp/undo" 'Illegal move: e7e6' "and the game goes on"
session "$tmp/result" 0 xboard 'protover 2' new 'sd 2' 'result 1-0 {White resigns}' 'usermove e2e4' 'ping 6'
equal "$(grep -c '^move ' "$tmp/result")" 0 "no move after result"

# Analysis: thinking lines until exit; usermove moves on; ? is ignored.
{ printf '%s\n' xboard 'protover 2' new post analyze 'usermove e2e4' .; sleep 1; printf '%s\n' exit 'ping 8' quit; } \
  | "$engine" >"$tmp/analyze"
analysis=$(grep -cE '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' "$tmp/analyze")
[ "$analysis" -ge 1 ] && pass "analyze: thinking lines ($analysis)" || fail "analyze: thinking lines (none)"
equal "$(grep -c '^move ' "$tmp/analyze")" 0 "analyze plays no move"
has_line "$tmp/analyze" 'pong 8' "pong after exit"

# ? moves now.
{ printf '%s\n' xboard 'protover 2' new 'st 60' go; sleep 0.5; echo '?'; wait_lines "$tmp/now" '^move ' 1; echo quit; } \
  | "$engine" >"$tmp/now"
equal "$(grep -c '^move ' "$tmp/now")" 1 "? makes the engine move at once"

# A UCI first command keeps UCI.
printf 'uci\nquit\n' | "$engine" >"$tmp/uci"
has_line "$tmp/uci" 'uciok' "uci still answered"

tap_finish
