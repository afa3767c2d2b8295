#!/usr/bin/env python3
"""depth-vs-fsf.py — time to depth and nodes per second, Chancellor beside
Fairy-Stockfish, from the same positions.

Each engine (UCI, one thread, the same hash) searches every position of a
book for a fixed time after `ucinewgame`.  For each depth the script notes
when the engine reported it done (the `time` of the last `info depth d`
line) and, over all searches, the nodes and time of the last report,
whose ratio is the engine's own nodes per second.  Wall time: run it on an
idle machine, or read the load it prints.

    tools/depth-vs-fsf.py --chancellor _build/src/cli/chancellor-engine \\
        --book tools/books/capablanca.epd --variant capablanca \\
        --positions 20 --movetime 5000
"""

import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sprt import read_book  # noqa: E402  (the books' reader, with its checks)


class Engine:
    def __init__(self, name, command, options):
        self.name = name
        try:
            self.proc = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            sys.exit("%s: cannot start %s: %s" % (name, command, e))
        self.send("uci")
        self.wait_for("uciok")
        for key, value in options:
            self.send("setoption name %s value %s" % (key, value))
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("%s: the engine quit before '%s'" % (self.name, word))
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def search(self, fen, movetime):
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send("isready")
        self.wait_for("readyok")
        self.send("go movetime %d" % movetime)
        lines = self.wait_for("bestmove")
        done = {}           # depth -> time (ms) of its last report
        nodes = 0
        wall = 0
        for line in lines:
            words = line.split()
            if words[:1] != ["info"] or "depth" not in words or "time" not in words:
                continue
            if "upperbound" in words or "lowerbound" in words:
                continue
            depth = int(words[words.index("depth") + 1])
            done[depth] = int(words[words.index("time") + 1])
            if "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
                wall = done[depth]
        return done, nodes, wall

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chancellor", required=True, help="chancellor-engine")
    parser.add_argument("--fsf", default="/usr/games/fairy-stockfish", help="Fairy-Stockfish")
    parser.add_argument("--book", required=True, help="FEN lines (tools/books/*.epd)")
    parser.add_argument("--variant", required=True, help="UCI_Variant for both engines")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--movetime", type=int, default=5000, help="ms a position")
    parser.add_argument("--hash", type=int, default=64, help="MB")
    args = parser.parse_args()

    try:
        fens = read_book(args.book)[:args.positions]
    except (OSError, ValueError) as e:
        sys.exit(str(e))
    load = os.getloadavg()[0]
    options = [("Threads", 1), ("Hash", args.hash), ("UCI_Variant", args.variant)]
    results = {}
    for name, command in (("Chancellor", args.chancellor), ("Fairy-Stockfish", args.fsf)):
        engine = Engine(name, command, options)
        runs = []
        for i, fen in enumerate(fens, 1):
            runs.append(engine.search(fen, args.movetime))
            print("%s %d/%d: depth %d, %d nodes" % (name, i, len(fens), max(runs[-1][0], default=0),
                                                    runs[-1][1]), file=sys.stderr)
        engine.close()
        results[name] = runs

    print("%d positions of %s (%s), %d ms each, one thread, Hash %d MB; load %.1f before, %.1f after"
          % (len(fens), args.book, args.variant, args.movetime, args.hash, load, os.getloadavg()[0]))
    print()
    print("| engine | mean depth done | nodes | nodes per second |")
    print("|---|---|---|---|")
    for name, runs in results.items():
        depth = statistics.mean(max(r[0], default=0) for r in runs)
        nodes = sum(r[1] for r in runs)
        wall = sum(r[2] for r in runs) / 1000
        print("| %s | %.1f | %s | %s |" % (name, depth, "{:,}".format(nodes),
                                          "{:,}".format(round(nodes / wall)) if wall else "-"))
    print()
    depths = sorted({d for runs in results.values() for r in runs for d in r[0]})
    print("| depth | " + " | ".join("%s: median ms (positions)" % n for n in results) + " |")
    print("|---" * (len(results) + 1) + "|")
    for d in depths:
        cells = []
        for runs in results.values():
            times = [r[0][d] for r in runs if d in r[0]]
            cells.append("%d (%d)" % (statistics.median(times), len(times)) if times else "-")
        if d % 2 == 0 or d == depths[-1]:
            print("| %d | %s |" % (d, " | ".join(cells)))


if __name__ == "__main__":
    main()
