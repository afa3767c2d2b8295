#!/bin/sh
# A UCI engine that misbehaves on purpose, for tests/core/test-uci-engine.c,
# which runs it through links named fake-MODE; the mode says how:
#   good     answers properly; plays the first pawn move it was told of
#   silent   never answers (no uciok)
#   crash    dies when asked to search
#   hang     never answers a search, nor stop
#   flood    prints without end when asked to search
#   garbage  prints bytes that are not text when asked to search
#   illegal  plays an illegal move, after a line with an illegal move in it
#   plain    answers properly and passes the check in chess, but has no
#            Skill Level option
#   cut      passes the check in chess; from the start its line goes on
#            with an illegal move after two legal ones (best move e2e4),
#            after a first move it plays e7e5 at +3 for Black
mode=${0##*/fake-}
case $mode in */*) mode=good ;; esac
[ "$mode" = silent ] && exec sleep 60

while read -r line; do
  case $line in
    uci)
      echo "id name Fake Engine ($mode)"
      echo "id author Chancellor tests"
      echo "option name Hash type spin default 16 min 1 max 1024"
      [ "$mode" = plain ] || echo "option name Skill Level type spin default 20 min 0 max 20"
      echo "option name UCI_Variant type combo default chess var chess var capablanca"
      echo "option name Ponder type check default false"
      echo "option name VariantPath type string default <empty>"
      echo "uciok" ;;
    isready)
      echo "readyok" ;;
    position*)
      position=$line ;;
    go\ perft*)
      # The illegal and plain engines pass the check in chess (8902
      # positions three plies deep), so that they get to play there.
      echo "a2a3: 1"
      echo ""
      case $mode in
        illegal|plain|cut) echo "Nodes searched: 8902" ;;
        *) echo "Nodes searched: 400" ;;
      esac ;;
    go*)
      case $mode in
        crash) exit 3 ;;
        hang) ;;
        flood) exec yes "info string flooding the pipe with words" ;;
        garbage) printf 'info \001\002\377\376\n' ;;
        illegal)
          echo "info depth 1 score cp 10 pv e2e4 e7e5 e4e6 d7d5"
          echo "bestmove e2e5" ;;
        cut)
          case $position in
            *moves*)
              echo "info depth 3 score cp 300 pv e7e5"
              echo "bestmove e7e5" ;;
            *)
              echo "info depth 3 score cp 300 pv e2e4 e7e5 e4e6 d7d5"
              echo "bestmove e2e4" ;;
          esac ;;
        *)
          echo "info depth 1 multipv 1 score cp 20 nodes 10 time 1 pv e2e4 e7e5"
          echo "info depth 1 multipv 2 score mate 3 nodes 12 time 1 pv d2d4"
          case $line in
            *infinite*) searching=1 ;;
            *) echo "bestmove e2e4 ponder e7e5" ;;
          esac ;;
      esac ;;
    stop)
      if [ -n "$searching" ]; then echo "bestmove e2e4"; searching=; fi ;;
    quit)
      exit 0 ;;
  esac
done
