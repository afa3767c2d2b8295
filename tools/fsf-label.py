#!/usr/bin/env python3
"""fsf-label.py — training positions scored by Fairy-Stockfish's search.

Reads training files (GAME<TAB>RESULT<TAB>FEN, as tools/datagen writes
them), lets Fairy-Stockfish (or the UCI engine --fsf names) search each
position of one game to a fixed node count, and writes the same lines
with RESULT replaced by White's expected score from that search,
1 / (1 + 10^(-cp / SCALE)), a mate 1 or 0.  With --blend W the label is
W times that score plus 1 - W times the game's result.  tools/tune reads
such lines as it reads results, so the evaluation can be fitted to a
stronger engine's judgement of the positions rather than only to how our
own games ended.

Every input line is checked before Fairy-Stockfish starts: a line that is
not GAME<TAB>RESULT<TAB>FEN refuses the run with its file and line, and
nothing is written.  A position Fairy-Stockfish gives no score for (it
has no legal move, or the engine refuses the FEN) is left out and
counted.

    tools/fsf-label.py --game capablanca --nodes 20000 --out scored.txt train.txt

--static scores each position by Fairy-Stockfish's static evaluation
(its `eval` command) instead of a search: no tactics in the label, and
some 2,000 positions a second (tools/train-net's second try, README).

Only the games Fairy-Stockfish 11.1 can play (capablanca, carrera as
its "carrera", chess, and prime-ministers-random with --variant-path
tools/fsf-variants.ini) can be scored by it; the Ajax pieces cannot be
expressed in it (tools/fsf-variants.ini says why).  --fsf may name any
UCI engine that knows the game as its UCI_Variant: with
chancellor-engine, the positions of every game are scored by our own
deeper search (the Ajax kinds' placement tables were tuned so).
"""
import argparse
import os
import subprocess
import sys

from training_lines import Refused, read_training_lines

FSF = "/usr/games/fairy-stockfish"


def read_lines(paths, game):
    """(FEN, White's result) of every line of game in paths."""
    return [(fen, result) for path in paths for _, fen, result in read_training_lines(path, game)]


def expected_score(kind, value, scale):
    """The side to move's expected score from a UCI score."""
    if kind == "mate":
        return 1.0 if value > 0 else 0.0
    return 1.0 / (1.0 + 10.0 ** (-value / scale))


def search_scores(fsf, variant_path, variant, fens, nodes, scale, static=False):
    """Fairy-Stockfish's expected score for White of each FEN, None where
    it gave no score; with static, from its static evaluation (its `eval`
    command: "Total evaluation: 0.25 (white side)", in pawns, none in
    check) instead of a search."""
    try:
        process = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, bufsize=1)
    except OSError as e:
        raise Refused("cannot start %s: %s" % (fsf, e.strerror))

    def send(text):
        process.stdin.write(text + "\n")
        process.stdin.flush()

    def read_until(word):
        lines = []
        for line in process.stdout:
            lines.append(line.split())
            if lines[-1] and lines[-1][0] == word:
                return lines
        raise Refused("%s stopped answering (exit %s)" % (fsf, process.wait()))

    send("uci")
    read_until("uciok")
    if variant_path:
        send("setoption name VariantPath value %s" % variant_path)
    send("setoption name UCI_Variant value %s" % variant)
    send("isready")
    read_until("readyok")
    scores = []
    for fen in fens:
        send("position fen %s" % fen)
        if static:
            send("eval")
            words = read_until("Total")[-1]
            while words[1:2] != ["evaluation:"]:   # the table's own "Total" row comes first
                words = read_until("Total")[-1]
            try:
                scores.append(expected_score("cp", 100 * float(words[2]), scale))
            except (IndexError, ValueError):
                scores.append(None)
            continue
        send("go nodes %d" % nodes)
        score = None
        for words in read_until("bestmove"):
            if "score" in words and words[0] == "info":
                i = words.index("score")
                if i + 2 < len(words) and words[i + 1] in ("cp", "mate"):
                    score = expected_score(words[i + 1], int(words[i + 2]), scale)
        if score is not None and fen.split()[1] == "b":
            score = 1.0 - score
        scores.append(score)
    send("quit")
    process.wait()
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", help="training files (GAME<TAB>RESULT<TAB>FEN)")
    parser.add_argument("--game", required=True, help="the game id whose lines are scored")
    parser.add_argument("--fsf-variant", help="its UCI_Variant (default: the game id)")
    parser.add_argument("--variant-path", metavar="INI",
                        help="variant definitions to load first (tools/fsf-variants.ini for prime-ministers-random)")
    parser.add_argument("--fsf", default=FSF,
                        help="the UCI engine that scores, Fairy-Stockfish or another (default %(default)s)")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes a position (default %(default)s)")
    parser.add_argument("--scale", type=float, default=400.0,
                        help="centipawns that make 10 to 1 odds (default %(default)s)")
    parser.add_argument("--static", action="store_true",
                        help="score by Fairy-Stockfish's static evaluation (its eval command), no search")
    parser.add_argument("--blend", type=float, default=1.0,
                        help="weight of the search's score against the game's result (default 1)")
    parser.add_argument("--out", required=True, help="the scored training file")
    args = parser.parse_args()
    if args.nodes < 1 or args.scale <= 0 or not 0.0 <= args.blend <= 1.0:
        parser.error("--nodes and --scale must be positive, --blend from 0 to 1")
    try:
        lines = read_lines(args.data, args.game)
        if args.variant_path and not os.path.isfile(args.variant_path):
            raise Refused("cannot read %s" % args.variant_path)
        scores = search_scores(args.fsf, args.variant_path, args.fsf_variant or args.game, [fen for fen, _ in lines],
                               args.nodes, args.scale, args.static)
    except Refused as e:
        sys.exit("fsf-label: %s" % e)
    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for (fen, result), score in zip(lines, scores):
            if score is None:
                continue
            label = args.blend * score + (1.0 - args.blend) * result
            out.write("%s\t%.4f\t%s\n" % (args.game, label, fen))
            written += 1
    print("fsf-label: %d of %d positions of %s scored (%s), %d left out"
          % (written, len(lines), args.game, "static evaluation" if args.static else "%d nodes each" % args.nodes,
             len(lines) - written), file=sys.stderr)


if __name__ == "__main__":
    main()
