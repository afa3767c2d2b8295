#!/bin/bash
# test-uci-stress.sh — chancellor-engine under commands sent back to back,
# pinned to one CPU (where a stop that overtakes the search thread's start
# once hung the engine every time): go, stop, ponderhit, isready, game
# switches, thread counts (1 to 3) and positions in random order, hundreds of them per session.
# Every go must get exactly one bestmove, and the engine must exit within
# a second of quit (QUIT_SECONDS overrides that, for slow builds).
#
#   test-uci-stress.sh PATH/TO/chancellor-engine [SESSIONS [COMMANDS]]

set -u

engine=${1:-}
sessions=${2:-6}
commands=${3:-300}
quit_limit=${QUIT_SECONDS:-1}

if [ -z "$engine" ] || [ ! -x "$engine" ]; then
  echo "usage: $0 PATH/TO/chancellor-engine [SESSIONS [COMMANDS]]" >&2
  exit 2
fi

. "$(dirname "$0")/tap.sh"

# One CPU this process may use: the engine's two threads then take turns.
cpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//; s/[,-].*//')
pin=()
if [ -n "$cpu" ]; then
  pin=(taskset -c "$cpu")
else
  echo "# taskset not available: the engine runs unpinned"
fi

now_ms () {
  echo $(($(date +%s%N) / 1000000))
}

# wait_for FILE LINE SECONDS: true once FILE holds LINE.
wait_for () {
  local tries=$(($3 * 100))
  while [ $tries -gt 0 ]; do
    grep -qxF -- "$2" "$1" 2>/dev/null && return 0
    sleep 0.01
    tries=$((tries - 1))
  done
  return 1
}

# The commands of one session: random picks from the dialogues a GUI may
# have, most of them starting a search and ending it at once.
random_commands () {
  awk -v seed="$1" -v count="$2" 'BEGIN {
    srand(seed)
    games[0] = "chess"; games[1] = "capablanca"; games[2] = "ajax"; games[3] = "prime-ministers-random"
    games[4] = "carrera"; games[5] = "capablanca-relocation"; games[6] = "ajax-ministers"
    for (i = 0; i < count; i++) {
      r = int(rand() * 15)
      if (r == 0) print "go infinite"
      else if (r == 1) { print "go infinite"; print "stop" }
      else if (r == 2) { print "go ponder wtime 300 btime 300"; print "ponderhit" }
      else if (r == 3) { print "go ponder wtime 300 btime 300"; print "stop" }
      else if (r == 4) print "go movetime 1"
      else if (r == 5) print "go depth 2"
      else if (r == 6) print "go nodes 500"
      else if (r == 7) print "go wtime 40 btime 40 winc 0 binc 0"
      else if (r == 8) print "stop"
      else if (r == 9) print "ponderhit"
      else if (r == 10) print "isready"
      else if (r == 11) { print "setoption name UCI_Variant value " games[int(rand() * 7)]; print "position startpos" }
      else if (r == 12) print "ucinewgame"
      else if (r == 13) print "setoption name Threads value " (1 + int(rand() * 3))
      else print "position startpos"
    }
    # Ends inside a search, for quit to end.
    print "go infinite"
  }'
}

# short_runs DESCRIPTION INPUT: INPUT (printf format) to 20 fresh engines,
# each of which must answer its one go with one bestmove and exit.
short_runs () {
  hung=0
  for i in $(seq 1 20); do
    printf "$2" | timeout 5 "${pin[@]}" "$engine" >"$tmp/short" 2>&1
    if [ $? -ne 0 ] || [ "$(grep -c '^bestmove ' "$tmp/short")" -ne 1 ]; then
      hung=$((hung + 1))
    fi
  done
  equal "$hung" 0 "$1 (20 runs): one bestmove each, no hang"
}

# The issue as it was found: go, stop and quit at once, pinned.
short_runs "go infinite, stop, quit at once" 'go infinite\nstop\nquit\n'
short_runs "go ponder, ponderhit, stop, quit at once" 'go ponder wtime 100000 btime 100000\nponderhit\nstop\nquit\n'

for session in $(seq 1 "$sessions"); do
  random_commands "$session" "$commands" >"$tmp/commands"
  gos=$(grep -c '^go ' "$tmp/commands")
  rm -f "$tmp/in" "$tmp/out"
  mkfifo "$tmp/in"
  timeout 120 "${pin[@]}" "$engine" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  exec 3>"$tmp/in"
  cat "$tmp/commands" >&3
  echo isready >&3
  # readyok comes once every command before it has been followed.
  if ! wait_for "$tmp/out" readyok 60; then
    fail "session $session: no readyok within 60 s after $commands commands (hung)"
    exec 3>&-
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    continue
  fi
  start=$(now_ms)
  echo quit >&3
  exec 3>&-
  wait "$pid"
  code=$?
  elapsed=$(($(now_ms) - start))
  equal "$code" 0 "session $session: engine exits 0"
  if [ "$elapsed" -le $((quit_limit * 1000)) ]; then
    pass "session $session: exit ${elapsed} ms after quit"
  else
    fail "session $session: exit ${elapsed} ms after quit (limit ${quit_limit} s)"
  fi
  equal "$(grep -c '^bestmove ' "$tmp/out")" "$gos" "session $session: one bestmove for each of the $gos go commands"
  equal "$(grep -c '^bestmove 0000' "$tmp/out")" 0 "session $session: every bestmove a move"
  equal "$(grep -c '^info string error' "$tmp/out")" 0 "session $session: no errors"
  if [ -s "$tmp/err" ]; then
    fail "session $session: nothing on standard error"
    head -20 "$tmp/err" | sed 's/^/# /'
  else
    pass "session $session: nothing on standard error"
  fi
done

tap_finish
