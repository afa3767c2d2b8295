#!/bin/sh
# bench-vs-fairy-stockfish.sh — perft speed of chancellor-engine against
# Fairy-Stockfish on the same positions, in one run (about half a minute).
#
#   tools/bench-vs-fairy-stockfish.sh PATH/TO/chancellor-engine [PATH/TO/fairy-stockfish]
#
# Both engines get the same UCI commands on stdin and are timed the same
# way: wall clock over the whole process, minus a depth-1 run of the same
# position, so that start-up (large for Fairy-Stockfish) is not counted.
# Needs GNU date (+%N) and awk.

set -u

engine=${1:-}
fsf=${2:-/usr/games/fairy-stockfish}

if [ -z "$engine" ] || [ ! -x "$engine" ]; then
  echo "usage: $0 PATH/TO/chancellor-engine [PATH/TO/fairy-stockfish]" >&2
  exit 2
fi
if [ ! -x "$fsf" ]; then
  echo "$0: Fairy-Stockfish not found at $fsf" >&2
  exit 2
fi
case $(date +%N) in
  *[!0-9]*|'') echo "$0: date +%N is not supported here (GNU date needed)" >&2; exit 2 ;;
esac

# Each row: label, our game id, Fairy-Stockfish's variant, depth, FEN.
# caparandom stands in for Capablanca Relocation: a relocated array (king
# swapped with the d-file bishop) castles Chess960-style in both engines.
positions='capablanca-start|capablanca|capablanca|5|rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
capablanca-castling|capablanca|capablanca|5|r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1
chess-kiwipete|chess|chess|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
relocation-array|capablanca-relocation|caparandom|5|rnakqbbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNAKQBBCNR w KQkq - 0 1'

now_ns () {
  date +%s%N
}

# run_perft PROGRAM VARIANT FEN DEPTH: prints "nodes nanoseconds"; nodes
# is "error" when the engine rejected a command (it would count another
# position).
run_perft () {
  start=$(now_ns)
  output=$(printf 'setoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nquit\n' "$2" "$3" "$4" \
           | "$1" 2>/dev/null)
  end=$(now_ns)
  nodes=$(printf '%s\n' "$output" | sed -n 's/^Nodes searched: *//p')
  case $output in
    *"info string error"*) nodes=error ;;
  esac
  echo "${nodes:-error} $((end - start))"
}

# timed_perft PROGRAM VARIANT FEN DEPTH: "nodes seconds", start-up subtracted.
timed_perft () {
  set -- "$1" "$2" "$3" "$4" "$(run_perft "$1" "$2" "$3" 1)" "$(run_perft "$1" "$2" "$3" "$4")"
  echo "$6" "$5" | awk '{ s = ($2 - $4) / 1e9; if (s < 1e-6) s = 1e-6; printf "%s %.3f\n", $1, s }'
}

table=$(mktemp) || exit 2
trap 'rm -f "$table"' EXIT

printf '%-20s %5s %12s %12s %9s %9s %9s %9s %7s\n' \
  position depth nodes fsf-nodes s fsf-s Mnps fsf-Mnps ratio
echo "$positions" | while IFS='|' read -r label game variant depth fen; do
  ours=$(timed_perft "$engine" "$game" "$fen" "$depth")
  theirs=$(timed_perft "$fsf" "$variant" "$fen" "$depth")
  echo "$label $depth $ours $theirs" | awk '{
    mnps = $3 / $4 / 1e6; fsf_mnps = $5 / $6 / 1e6; ratio = fsf_mnps > 0 ? mnps / fsf_mnps : 0
    printf "%-20s %5d %12s %12s %9.3f %9.3f %9.1f %9.1f %6.2fx%s\n",
           $1, $2, $3, $5, $4, $6, mnps, fsf_mnps, ratio,
           $3 == $5 ? "" : "  NODE COUNTS DIFFER"
  }'
done | tee "$table"
# A node count that differs makes the speeds meaningless: fail loudly.
! grep -q 'DIFFER' "$table"
