#!/usr/bin/env python3
"""UCI_Chess960 perft against Fairy-Stockfish on random start arrays.

For chess (Chess960 arrays) and capablanca (random Capablanca arrays, FSF's
`caparandom`), draws random arrays (bishops on opposite colours, the king
between its rooks), clears some back-rank pieces so that castling comes
early, plays a few random legal moves, and compares the per-move perft
counts of chancellor-engine (UCI_Chess960 on) and Fairy-Stockfish.  Each
position is given with KQkq or Shredder castling letters at random.

    tools/chess960-vs-fsf.py _build/src/cli/chancellor-engine
    tools/chess960-vs-fsf.py ENGINE --count 300 --depth 3 --seed 7
    tools/chess960-vs-fsf.py ENGINE --rows 6 >> tests/engine/data/perft-chess960.tsv

Exits 1 when a count differs.  Only the Python 3 standard library is used.
"""

import argparse
import random
import re
import subprocess
import sys

DEFAULT_FSF = "/usr/games/fairy-stockfish"
MOVE_LINE = re.compile(r"^([a-z]\d+[a-z]\d+[a-z]?): (\d+)$")

# Our game id, FSF's variant and whether FSF needs UCI_Chess960 for it.
GAMES = {
    "chess": ("chess", True, 8, "QNN"),
    "capablanca": ("caparandom", False, 10, "QACNN"),
}


class Engine:
    def __init__(self, argv, options):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        for line in options:
            self.send(line)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def perft(self, fen, moves, depth):
        """The {move: count} of a perft, and the errors said on the way."""
        command = "position fen " + fen + (" moves " + " ".join(moves) if moves else "")
        self.send(command)
        self.send("go perft %d" % depth)
        counts, errors = {}, []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            match = MOVE_LINE.match(line)
            if match:
                counts[match.group(1)] = int(match.group(2))
            elif line.startswith("info string"):
                errors.append(line)
            elif line.startswith("Nodes searched"):
                return counts, errors

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def random_array(rng, files, others):
    """White's first rank: bishops on opposite colours, K between the Rs."""
    rank = [None] * files
    light = rng.choice(range(1, files, 2))
    dark = rng.choice(range(0, files, 2))
    rank[light] = rank[dark] = "B"
    free = [f for f in range(files) if rank[f] is None]
    rng.shuffle(free)
    for piece in others:
        rank[free.pop()] = piece
    for f, piece in zip(sorted(free), "RKR"):
        rank[f] = piece
    return rank


def run_length(cells):
    out, empty = "", 0
    for cell in cells:
        if cell is None:
            empty += 1
            continue
        if empty:
            out += str(empty)
            empty = 0
        out += cell
    return out + (str(empty) if empty else "")


def castling_field(rank, rng):
    """KQkq or the rooks' file letters (Shredder), at random."""
    king = rank.index("K")
    rooks = [f for f, piece in enumerate(rank) if piece == "R"]
    a_side, h_side = min(rooks), max(rooks)
    assert a_side < king < h_side
    if rng.random() < 0.5:
        return "KQkq"
    letters = chr(ord("A") + h_side) + chr(ord("A") + a_side)
    return letters + letters.lower()


def random_position(rng, files, others):
    rank = random_array(rng, files, others)
    white = list(rank)
    black = [piece.lower() if piece else None for piece in rank]
    # Clearing some pieces of the back ranks lets castling come at once.
    for back in (white, black):
        for f, piece in enumerate(back):
            if piece and piece.upper() not in "KR" and rng.random() < 0.4:
                back[f] = None
    ranks = [run_length(black), "p" * files] + [str(files)] * 4 + ["P" * files, run_length(white)]
    return "/".join(ranks) + " w " + castling_field(rank, rng) + " - 0 1"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engine")
    parser.add_argument("--fsf", default=DEFAULT_FSF)
    parser.add_argument("--count", type=int, default=150, help="positions per game")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--plies", type=int, default=6, help="random moves at most before the perft")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", type=int, default=0,
                        help="instead of a report, print this many table rows per game (game, FEN, depth, nodes, chess960)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = checked = 0

    for game, (fsf_variant, fsf_960, files, others) in GAMES.items():
        ours = Engine([args.engine], ["setoption name UCI_Variant value " + game,
                                      "setoption name UCI_Chess960 value true"])
        theirs = Engine([args.fsf], ["setoption name UCI_Variant value " + fsf_variant]
                        + (["setoption name UCI_Chess960 value true"] if fsf_960 else []))
        for i in range(args.rows or args.count):
            fen = random_position(rng, files, others)
            moves = []
            for _ in range(rng.randint(0, args.plies)):
                legal, _ = theirs.perft(fen, moves, 1)
                if not legal:
                    break
                moves.append(rng.choice(sorted(legal)))
            mine, errors = ours.perft(fen, moves, args.depth)
            reference, _ = theirs.perft(fen, moves, args.depth)
            checked += 1
            if mine != reference or errors:
                failures += 1
                print("DIFF %s %s moves %s" % (game, fen, " ".join(moves)))
                for error in errors:
                    print("  ours: " + error)
                for move in sorted(set(mine) | set(reference)):
                    if mine.get(move) != reference.get(move):
                        print("  %s: ours %s, FSF %s" % (move, mine.get(move), reference.get(move)))
            elif args.rows:
                # A row names the position reached, as the table wants it.
                ours.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
                ours.send("d")
                while True:
                    line = ours.proc.stdout.readline().strip()
                    if line.startswith("Fen: "):
                        break
                print("%s\t%s\t%d\t%d\tchess960" % (game, line[5:], args.depth, sum(mine.values())))
        ours.close()
        theirs.close()

    if not args.rows:
        print("%d positions, %d differ" % (checked, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
