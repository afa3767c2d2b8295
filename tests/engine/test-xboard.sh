#!/bin/sh
# test-xboard.sh — chancellor-engine's XBoard protocol (CECP 2): the
# handshake, games XBoard knows and one it is taught (setup and piece
# lines), moves both ways, setboard, undo and remove, illegal moves,
# castling in Ajax, Prime Ministers and relocated Capablanca arrays,
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

# Castling where XBoard's default would not put the king, and the start
# arrays XBoard cannot draw (Prime Ministers, relocated Capablanca) given
# with setboard.  Each castling is followed by a move that is legal only
# when the rook went where the rules send it.
no_illegal () {
  if grep -q '^Illegal move' "$1"; then
    fail "$2"
    grep '^Illegal move' "$1" | sed 's/^/# /'
  else
    pass "$2"
  fi
}
ajax_castling='setboard r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1'
session "$tmp/ajax-castle" 0 xboard 'protover 2' 'variant ajax' force "$ajax_castling" \
  'usermove f0b0' 'usermove e9i9' 'usermove c0d0' 'usermove h9g9' 'ping 11'
has_line "$tmp/ajax-castle" 'pong 11' "ajax castling: the engine answers"
no_illegal "$tmp/ajax-castle" "ajax: O-Ob as f0b0 (rook to c0), Black's O-Oi as e9i9 (rook to h9)"
session "$tmp/ajax-castle-san" 0 xboard 'protover 2' 'variant ajax' force "$ajax_castling" \
  'usermove O-Oi' 'usermove O-Ob' 'usermove i0j0' 'usermove b9a9' 'ping 12'
no_illegal "$tmp/ajax-castle-san" "ajax: O-Oi and O-Ob in SAN, the kings on i0 and b9 after"
session "$tmp/ajax-rook" 0 xboard 'protover 2' 'variant ajax' force "$ajax_castling" 'usermove a0c0' 'ping 13'
no_illegal "$tmp/ajax-rook" "ajax: a0c0 before castling"
session "$tmp/ajax-castle-wrong" 0 xboard 'protover 2' 'variant ajax' force "$ajax_castling" \
  'usermove f0b0' 'usermove e9i9' 'usermove a0c0' 'ping 13'
has_line "$tmp/ajax-castle-wrong" 'Illegal move: a0c0' "ajax: after O-Ob no rook is left on a0"

pmrc_castling='setboard b5rkr/ppppppppp/9/9/9/9/PPPPPPPPP/B5RKR w KQkq - 0 1'
session "$tmp/pmrc-castle" 0 xboard 'protover 2' 'variant prime-ministers-random' force "$pmrc_castling" \
  'usermove h1b1' 'usermove g8f8' 'usermove c1d1' 'usermove O-O' 'usermove d1e1' 'usermove h8i8' 'ping 14'
has_line "$tmp/pmrc-castle" 'pong 14' "prime-ministers-random castling: the engine answers"
no_illegal "$tmp/pmrc-castle" "prime-ministers-random: O-Ob as h1b1 (rook g1 to c1), O-Oh as O-O (king stays, rook i8 to g8)"
# Its own O-Oh, the king staying on h8, is written O-O (not h8h8): the
# only legal move here.
session "$tmp/pmrc-own" 1 xboard 'protover 2' 'variant prime-ministers-random' force \
  'setboard 7kr/R7p/8P/9/9/9/9/K5R2 b k - 0 1' 'sd 2' go
has_line "$tmp/pmrc-own" 'move O-O' "prime-ministers-random: the engine's O-Oh with the king on h8 is O-O"
session "$tmp/pmrc-array" 1 xboard 'protover 2' 'variant prime-ministers-random' \
  'setboard bnqmnbrkr/ppppppppp/9/9/9/9/PPPPPPPPP/BNQMNBRKR w KQkq - 0 1' 'usermove e2e4' 'sd 3' go
grep -q '^move ' "$tmp/pmrc-array" && pass "prime-ministers-random: another array by setboard, and the engine plays it" \
  || fail "prime-ministers-random: another array by setboard, and the engine plays it"
no_illegal "$tmp/pmrc-array" "prime-ministers-random: e2e4 in that array"

relocated='setboard r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1'
session "$tmp/relocated" 0 xboard 'protover 2' 'variant capablanca-relocation' force "$relocated" \
  'usermove e1c1' 'usermove e8i8' 'usermove d1e1' 'usermove h8g8' 'ping 15'
has_line "$tmp/relocated" 'pong 15' "capablanca-relocation castling: the engine answers"
no_illegal "$tmp/relocated" "capablanca-relocation: the king on e1 castles to c1 and i8 (rooks to d1, h8)"
session "$tmp/relocated-san" 0 xboard 'protover 2' 'variant capablanca-relocation' force "$relocated" \
  'usermove O-O' 'usermove O-O-O' 'usermove h1g1' 'usermove d8e8' 'ping 16'
no_illegal "$tmp/relocated-san" "capablanca-relocation: O-O and O-O-O in SAN from a relocated king"
session "$tmp/relocation-array" 1 xboard 'protover 2' 'variant capablanca-relocation' \
  'setboard rnabkqbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABKQBCNR w KQkq - 0 1' 'usermove e2e4' 'sd 3' go
grep -q '^move ' "$tmp/relocation-array" && pass "capablanca-relocation: a relocated array by setboard, and the engine plays it" \
  || fail "capablanca-relocation: a relocated array by setboard, and the engine plays it"

# undo and remove: after taking back, the same moves are legal again.
session "$tmp/undo" 0 xboard 'protover 2' new force 'usermove e2e4' 'usermove e7e5' undo 'usermove e7e5' \
  remove 'usermove e2e4' 'usermove e7e6' 'ping 5'
lacks_line "$tmp/undo" 'Illegal move: e7e5' "undo takes back one move"
lacks_line "$tmp/undo" 'Illegal move: e2e4' "remove takes back two moves"
lacks_line "$tmp/undo" 'Illegal move: e7e6' "and the game goes on"
session "$tmp/result" 0 xboard 'protover 2' new 'sd 2' 'result 1-0 {White resigns}' 'usermove e2e4' 'ping 6'
equal "$(grep -c '^move ' "$tmp/result")" 0 "no move after result"

# Analysis: thinking lines until exit; usermove moves on; ? is ignored.
# Waits for the first line rather than a fixed second: under TSan on a busy
# machine the first iterations can take longer than that.
thinking='^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ '
{ printf '%s\n' xboard 'protover 2' new post analyze 'usermove e2e4' .
  wait_lines "$tmp/analyze" "$thinking" 1; printf '%s\n' exit 'ping 8' quit; } \
  | "$engine" >"$tmp/analyze"
analysis=$(grep -cE "$thinking" "$tmp/analyze")
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
