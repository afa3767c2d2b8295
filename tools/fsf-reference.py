#!/usr/bin/env python3
"""Reference perft counts for Chancellor, computed by Fairy-Stockfish.

Drives Fairy-Stockfish (the Debian package, 11.1 "LB") over UCI, plays random
legal games from each game's start position, samples middlegame positions and
writes `game<TAB>fen<TAB>depth<TAB>nodes` rows in the format of
/work/shared/perft/public.tsv.

Only the Python 3 standard library is used. See tools/README.md.

    tools/fsf-reference.py -o tests/engine/data/perft-reference.tsv
    tools/fsf-reference.py --check /work/shared/perft/public.tsv
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FSF = "/usr/games/fairy-stockfish"
DEFAULT_INI = os.path.join(HERE, "fsf-variants.ini")

MOVE_RE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([a-z+]?)$")


# --------------------------------------------------------------------------
# Talking to Fairy-Stockfish


class Fsf:
    def __init__(self, path, ini):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.variant = None
        self.send("uci")
        self.read_until("uciok")
        if ini:
            self.send("setoption name VariantPath value " + ini)
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        self.read_until("readyok")

    def set_variant(self, name):
        if name != self.variant:
            self.send("setoption name UCI_Variant value " + name)
            self.sync()
            self.variant = name

    def _position(self, fen, moves):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def perft(self, fen, depth, moves=()):
        """Returns (total, {move: count})."""
        self._position(fen, moves)
        self.send("go perft %d" % depth)
        divide = {}
        for line in self.read_until("Nodes searched"):
            if line.startswith("Nodes searched"):
                total = int(line.split(":")[1])
            elif ": " in line:
                m, n = line.split(": ", 1)
                if MOVE_RE.match(m):
                    divide[m] = int(n)
        return total, divide

    def show(self, fen, moves=()):
        """Returns (fen, in_check) of the position after the moves."""
        self._position(fen, moves)
        self.send("d")
        out_fen = None
        checkers = ""
        for line in self.read_until("Checkers:"):
            if line.startswith("Fen:"):
                out_fen = line[4:].strip()
            elif line.startswith("Checkers:"):
                checkers = line[9:].strip()
        return out_fen, bool(checkers)

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(5)
        except Exception:
            self.proc.kill()


# --------------------------------------------------------------------------
# FEN and move helpers


def parse_board(fen):
    """{(file, rank): letter}, files from 0, ranks from 1; and rank count."""
    rows = fen.split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = len(rows) - i
        f = 0
        for tok in re.findall(r"\d+|[A-Za-z]", row):
            if tok.isdigit():
                f += int(tok)
            else:
                board[(f, rank)] = tok
                f += 1
    return board, len(rows)


def parse_move(m):
    g = MOVE_RE.match(m)
    return ((ord(g.group(1)) - 97, int(g.group(2))),
            (ord(g.group(3)) - 97, int(g.group(4))), g.group(5))


def is_castling(board, m, style):
    frm, to, _ = parse_move(m)
    p = board.get(frm, "")
    if p.upper() != "K":
        return False
    if style == "960":        # written king-takes-own-rook
        q = board.get(to, "")
        return q.upper() == "R" and q.isupper() == p.isupper()
    return abs(to[0] - frm[0]) >= 2


def is_double_step(board, ranks, m):
    frm, to, _ = parse_move(m)
    p = board.get(frm, "")
    if p == "P":
        return frm[1] == 2 and to == (frm[0], 4)
    if p == "p":
        return frm[1] == ranks - 1 and to == (frm[0], ranks - 3)
    return False


def kqkq_castling(fen):
    """Rewrites a Shredder castling field (file letters) as KQkq when every
    right belongs to the outermost rook on its side; None when it cannot."""
    parts = fen.split()
    field = parts[2]
    if field == "-":
        return fen
    board, ranks = parse_board(fen)
    out = {}
    for ch in field:
        white = ch.isupper()
        rank = 1 if white else ranks
        king = "K" if white else "k"
        rook = "R" if white else "r"
        kf = [f for (f, r), p in board.items() if r == rank and p == king]
        if len(kf) != 1:
            return None
        kf = kf[0]
        rf = ord(ch.lower()) - 97
        rooks = [f for (f, r), p in board.items() if r == rank and p == rook]
        if rf > kf:
            if rf != max(rooks):
                return None
            out["K" if white else "k"] = True
        else:
            if rf != min(rooks):
                return None
            out["Q" if white else "q"] = True
    parts[2] = "".join(c for c in "KQkq" if c in out)
    return " ".join(parts)


def material_ok(board, need):
    """At least `need` pieces other than kings, bishops and knights, so the
    tree never reaches a dead-draw material ending (doc/rules.md: K v K,
    K+B v K, K+N v K)."""
    return sum(1 for p in board.values() if p.upper() not in "KBN") >= need


# --------------------------------------------------------------------------
# Start positions


CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
CAPA_START = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
CARRERA_START = "rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w - - 0 1"
KQP8_START = "4qk4/pppppppppp/10/10/10/10/PPPPPPPPPP/4QK4 w - - 0 1"
KQP10_START = "4kq4/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/4QK4 w - - 0 1"


def rank_string(pieces):
    out, empty = "", 0
    for p in pieces:
        if p is None:
            empty += 1
        else:
            if empty:
                out += str(empty)
                empty = 0
            out += p
    return out + (str(empty) if empty else "")


def relocation_arrays():
    """The 12 arrays of one side after Capablanca Relocation's swap."""
    base = list("RNABQKBCNR")
    arrays = [base]
    seen = {"".join(base)}
    for who in "KQ":
        i = base.index(who)
        for j, p in enumerate(base):
            if j == i or p == "R":
                continue
            a = list(base)
            a[i], a[j] = a[j], a[i]
            bishops = [k for k, q in enumerate(a) if q == "B"]
            if bishops[0] % 2 == bishops[1] % 2:
                continue
            if "".join(a) not in seen:
                seen.add("".join(a))
                arrays.append(a)
    assert len(arrays) == 12
    return arrays


def relocation_start(rng):
    arrays = relocation_arrays()
    w = rng.choice(arrays)
    b = rng.choice(arrays)
    return "%s/pppppppppp/10/10/10/10/PPPPPPPPPP/%s w KQkq - 0 1" % (
        "".join(b).lower(), "".join(w))


def pmrc_array(n):
    d, n = n % 5, n // 5
    light, n = n % 4, n // 4
    q, n = n % 7, n // 7
    m, k = n % 6, n // 6
    sq = [None] * 9
    sq[(0, 2, 4, 6, 8)[d]] = "B"
    sq[(1, 3, 5, 7)[light]] = "B"

    def empty():
        return [i for i in range(9) if sq[i] is None]
    sq[empty()[q]] = "Q"
    sq[empty()[m]] = "M"
    pair = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5),
            (3, 4), (3, 5), (4, 5)][k]
    e = empty()
    for x in pair:
        sq[e[x - 1]] = "N"
    for i, p in zip(empty(), "RKR"):
        sq[i] = p
    return "".join(sq)


def pmrc_start(rng):
    a = pmrc_array(rng.randrange(8400))
    return "%s/ppppppppp/9/9/9/9/PPPPPPPPP/%s w KQkq - 0 1" % (a.lower(), a)


# --------------------------------------------------------------------------
# Games


class Game:
    def __init__(self, gid, variant, start, castling=None, carrera=False,
                 kqp=None, target=20, d4_budget=8_000_000):
        self.id = gid
        self.variant = variant          # FSF UCI_Variant value
        self.start = start              # rng -> start FEN
        self.castling = castling        # None, "normal" or "960"
        self.carrera = carrera          # apply the special double-step check
        self.kqp = kqp                  # "8" / "10": K, Q, P-only Ajax subset
        self.target = target            # positions wanted
        self.d4_budget = d4_budget      # nodes allowed for depth-4 rows


GAMES = [
    Game("chess", "chess", lambda r: CHESS_START, castling="normal"),
    Game("capablanca", "capablanca", lambda r: CAPA_START, castling="normal"),
    Game("capablanca-relocation", "caparandom", relocation_start,
         castling="960"),
    Game("prime-ministers-random", "prime-ministers-random", pmrc_start,
         castling="960"),
    Game("carrera", "carrera", lambda r: CARRERA_START, carrera=True),
    Game("ajax", "kqp-10x10", lambda r: KQP10_START, kqp="10", target=6,
         d4_budget=1_500_000),
    Game("ajax-ministers", "kqp-10x8", lambda r: KQP8_START, kqp="8",
         target=5, d4_budget=1_500_000),
    Game("ajax-capablanca-ministers", "kqp-10x8", lambda r: KQP8_START,
         kqp="8", target=5, d4_budget=1_500_000),
    Game("ajax-capablanca", "kqp-10x8", lambda r: KQP8_START, kqp="8",
         target=5, d4_budget=1_500_000),
]

NOT_COVERED = {
    "ajax": "Ajax pieces (R+mF, B+mW, N+mK, Minister KAD) and the triple "
            "step need Betza custom pieces, absent in FSF 11.1",
    "ajax-ministers": "Ajax pieces not expressible in FSF 11.1",
    "ajax-capablanca-ministers": "Ajax pieces not expressible in FSF 11.1",
    "ajax-capablanca": "Ajax pieces not expressible in FSF 11.1",
}


# --------------------------------------------------------------------------
# Carrera's special double step (doc/rules.md): illegal when the side making it is
# in check, it blocks the check and the opponent could then legally take the
# pawn en passant. FSF lacks the rule, so we find where it would apply.


def carrera_banned(fsf, fen, moves, board, ranks, legal, in_check):
    """Moves FSF allows here that Carrera forbids."""
    if not in_check:
        return []
    banned = []
    for m in legal:
        if not is_double_step(board, ranks, m):
            continue
        frm, to, _ = parse_move(m)
        passed = (frm[0], (frm[1] + to[1]) // 2)
        _, replies = fsf.perft(fen, 1, list(moves) + [m])
        child = dict(board)
        child[to] = child.pop(frm)
        for r in replies:
            rf, rt, _ = parse_move(r)
            if rt == passed and rf in ((to[0] - 1, to[1]), (to[0] + 1, to[1])) \
                    and child.get(rf, "").upper() == "P":
                banned.append(m)
                break
    return banned


def carrera_first_ply(fsf, fen, depth):
    """Smallest ply (< depth) at which the special rule removes a move from
    the perft tree of `fen`, or None when it never does."""
    best = [None]

    def walk(moves, ply):
        if best[0] is not None and best[0] <= ply:
            return
        cur, in_check = fsf.show(fen, moves)
        board, ranks = parse_board(cur)
        _, div = fsf.perft(fen, 1, moves)
        if carrera_banned(fsf, fen, moves, board, ranks, div, in_check):
            best[0] = ply
            return
        if ply + 1 < depth:
            for m in div:
                walk(moves + [m], ply + 1)
    walk([], 0)
    return best[0]


# --------------------------------------------------------------------------
# Sampling


def kqp_ok(game, board, ranks):
    for (f, r), p in board.items():
        if p == "P":
            if ranks - r < 3 or (game.kqp == "10" and r == 2):
                return False
        elif p == "p":
            if r - 1 < 3 or (game.kqp == "10" and r == ranks - 1):
                return False
        elif p.upper() not in "KQ":
            return False
    return True


def score(game, fen, board, ranks, legal, in_check):
    parts = fen.split()
    s = 0.0
    if game.castling and parts[2] != "-":
        s += 1 + 0.5 * len(parts[2])
        s += 3 * sum(1 for m in legal if is_castling(board, m, game.castling))
    if parts[3] != "-":
        s += 3
    if in_check:
        s += 2
    if any(parse_move(m)[2] for m in legal):
        s += 3
    for (f, r), p in board.items():
        if (p == "P" and r == ranks - 1) or (p == "p" and r == 2):
            s += 1
    return s


def pick_move(game, board, legal, rng):
    weights = []
    for m in legal:
        frm, to, promo = parse_move(m)
        w = 1.0
        if game.castling and is_castling(board, m, game.castling):
            w = 8.0
        elif promo:
            w = 4.0
        elif board.get(frm, "").upper() == "P":
            w = 1.5
        elif board.get(to):
            w = 1.3
        weights.append(w)
    return rng.choices(legal, weights)[0]


def sample(fsf, game, rng, n_games, min_ply, max_ply, log):
    cands = []
    for g in range(n_games):
        start = game.start(rng)
        moves = []
        for ply in range(max_ply + 1):
            fen, in_check = fsf.show(start, moves)
            board, ranks = parse_board(fen)
            _, div = fsf.perft(start, 1, moves)
            legal = list(div)
            if game.carrera:
                bad = carrera_banned(fsf, start, moves, board, ranks, legal,
                                     in_check)
                legal = [m for m in legal if m not in bad]
            if not legal:
                break
            ok = ply >= min_ply and material_ok(board, 5)
            if ok and game.kqp:
                ok = kqp_ok(game, board, ranks)
            if ok:
                cands.append((score(game, fen, board, ranks, legal, in_check),
                              g, fen, start, list(moves)))
            moves.append(pick_move(game, board, legal, rng))
    log("  %s: %d candidate positions from %d games" % (game.id, len(cands),
                                                         n_games))
    return cands


def choose(cands, rng):
    ranked = sorted(cands, key=lambda c: c[0] + rng.random() * 3,
                    reverse=True)
    per_game, seen, out = {}, set(), []
    for c in ranked:
        key = " ".join(c[2].split()[:4])
        if key in seen or per_game.get(c[1], 0) >= 2:
            continue
        seen.add(key)
        per_game[c[1]] = per_game.get(c[1], 0) + 1
        out.append(c)
    return out   # best first; caller takes what it needs


# --------------------------------------------------------------------------
# Main work


def generate(args, log):
    rng = random.Random(args.seed)
    fsf = Fsf(args.fsf, args.ini)
    rows, notes = [], []
    covered, skipped = [], []
    try:
        for game in GAMES:
            if args.games and game.id not in args.games:
                continue
            if game.kqp and args.no_partial:
                skipped.append(game.id)
                continue
            t0 = time.time()
            fsf.set_variant(game.variant)
            cands = sample(fsf, game, rng, args.random_games, args.min_ply,
                           args.max_ply, log)
            target = max(1, round(game.target * args.scale))
            budget = game.d4_budget * args.scale
            taken = excluded = excluded4 = 0
            game_rows = []
            for _, _, fen, start, moves in choose(cands, rng):
                if taken >= target:
                    break
                # Self-check: the FEN FSF prints gives the same tree as the
                # move list it came from.
                d2, _ = fsf.perft(fen, 2)
                d3, _ = fsf.perft(fen, 3)
                d3m, _ = fsf.perft(start, 3, moves)
                if d3 != d3m:
                    raise RuntimeError("FEN round trip differs: " + fen)
                if game.carrera and carrera_first_ply(fsf, fen, 3) is not None:
                    excluded += 1
                    continue
                fens = [fen]
                if game.castling == "960" and fen.split()[2] != "-":
                    k = kqkq_castling(fen)
                    if k is not None and k != fen:
                        k3, _ = fsf.perft(k, 3)
                        if k3 != d3:
                            raise RuntimeError("KQkq/Shredder differ: " + fen)
                        fens = [k, fen]
                game_rows.append((game.id, fens[0], 3, d3))
                est = d3 * d3 / max(d2, 1)
                want4 = est < 1.5 * args.d4_max and budget > 0
                if want4 and game.carrera:
                    # the depth-4 tree is walked only when it may be used
                    want4 = carrera_first_ply(fsf, fen, 4) is None
                    if not want4:
                        excluded4 += 1
                if want4:
                    d4, _ = fsf.perft(fens[0], 4)
                    if d4 <= args.d4_max and d4 <= budget:
                        game_rows.append((game.id, fens[0], 4, d4))
                        budget -= d4
                for other in fens[1:]:
                    game_rows.append((game.id, other, 3, d3))
                taken += 1
            rows.extend(game_rows)
            msg = "%s: %d positions, %d rows, %d nodes (%.0fs)" % (
                game.id, taken, len(game_rows),
                sum(r[3] for r in game_rows), time.time() - t0)
            if game.carrera:
                msg += (", special double step: %d dropped, %d kept at depth 3 "
                        "only" % (excluded, excluded4))
            log("  " + msg)
            covered.append(game)
    finally:
        fsf.close()
    return rows, covered, skipped


HEADER_NOTES = """\
# Reference perft counts computed by Fairy-Stockfish 11.1 (Debian package)
# with tools/fsf-reference.py and tools/fsf-variants.ini; regenerate as
# described in tools/README.md. Positions come from random legal games.
# Notes:
# - FENs are as FSF prints them. Its en passant field names the passed
#   square only when an enemy pawn attacks it, even if the capture would be
#   illegal (pin); otherwise '-'.
# - capablanca-relocation (FSF caparandom) and prime-ministers-random:
#   each position with castling rights appears twice, first with KQkq, then
#   with FSF's Shredder letters (FSF writes the kingside letter first, e.g.
#   JAja, IGig). The Shredder row is given at depth 3 only.
# - carrera: FSF does not know the special double-step rule; positions where
#   it could change a count at some depth were dropped (depth 4 omitted when
#   only depth 4 is affected).
# - ajax, ajax-ministers, ajax-capablanca, ajax-capablanca-ministers:
#   PARTIAL. FSF 11.1 cannot define the Ajax pieces, so these rows hold only
#   kings, queens and pawns, with no pawn within three moves of promotion
#   and, for ajax (10x10), no pawn on its start rank (no triple step).
"""


def write(rows, path):
    with open(path, "w") as out:
        out.write("# game\tfen\tdepth\tnodes\n")
        out.write(HEADER_NOTES)
        for r in rows:
            out.write("%s\t%s\t%d\t%d\n" % r)


# --------------------------------------------------------------------------
# Checking an existing table (e.g. the public one) against FSF


def check(args, path, log):
    byid = {g.id: g for g in GAMES}
    fsf = Fsf(args.fsf, args.ini)
    bad = 0
    try:
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            gid, fen, depth, nodes = line.rstrip("\n").split("\t")
            depth, nodes = int(depth), int(nodes)
            game = byid.get(gid)
            if game is None:
                log("SKIP  %s (unknown game)" % gid)
                continue
            board, ranks = parse_board(fen)
            if game.kqp and not kqp_ok(game, board, ranks):
                log("SKIP  %s %s d%d (not expressible in FSF 11.1)"
                    % (gid, fen, depth))
                continue
            fsf.set_variant(game.variant)
            got, _ = fsf.perft(fen, depth)
            if got == nodes:
                log("OK    %s %s d%d %d" % (gid, fen, depth, nodes))
                continue
            why = ""
            if game.carrera and carrera_first_ply(fsf, fen, depth) is not None:
                why = " (carrera special double step, expected)"
            else:
                bad += 1
            log("DIFF  %s %s d%d want %d fsf %d%s"
                % (gid, fen, depth, nodes, got, why))
    finally:
        fsf.close()
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fsf", default=DEFAULT_FSF, help="engine binary")
    ap.add_argument("--ini", default=DEFAULT_INI, help="variants.ini")
    ap.add_argument("-o", "--output", help="TSV file to write")
    ap.add_argument("--check", metavar="TSV",
                    help="compare an existing table with FSF and exit")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--games", nargs="*", help="only these game ids")
    ap.add_argument("--no-partial", action="store_true",
                    help="skip the K/Q/P-only Ajax subsets")
    ap.add_argument("--random-games", type=int, default=40,
                    help="random games played per game id")
    ap.add_argument("--min-ply", type=int, default=10)
    ap.add_argument("--max-ply", type=int, default=40)
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply positions wanted and depth-4 budgets")
    ap.add_argument("--d4-max", type=int, default=3_000_000,
                    help="largest depth-4 count kept")
    args = ap.parse_args()

    def log(s):
        print(s, file=sys.stderr, flush=True)

    if args.check:
        sys.exit(1 if check(args, args.check, log) else 0)

    rows, covered, skipped = generate(args, log)
    if args.output:
        write(rows, args.output)
    else:
        sys.stdout.write("# game\tfen\tdepth\tnodes\n" + HEADER_NOTES)
        for r in rows:
            sys.stdout.write("%s\t%s\t%d\t%d\n" % r)

    log("")
    log("Summary: %d rows, %d nodes in all" % (len(rows),
                                               sum(r[3] for r in rows)))
    for g in covered:
        n = [r for r in rows if r[0] == g.id]
        kind = "PARTIAL (K/Q/P only)" if g.kqp else "covered"
        log("  %-27s %-21s %3d rows %10d nodes" % (
            g.id, kind, len(n), sum(r[3] for r in n)))
    done = [g.id for g in covered]
    for gid in sorted(NOT_COVERED):
        what = "full rules not covered" if gid in done else "not covered"
        log("  %-27s %s: %s" % (gid, what, NOT_COVERED[gid]))


if __name__ == "__main__":
    main()
