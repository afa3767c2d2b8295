#!/usr/bin/env python3
"""reference-perft.py — an independent, deliberately simple move generator.

Written from the project's rules alone (then /work/shared/RULES.md, now
doc/rules.md), not from the C engine, so that its
perft counts can check the engine's. Standard library only; slow but plain:
mailbox board, pseudo-legal moves, legality by making the move on a copy and
asking whether the mover's king is attacked.

    reference-perft.py perft GAME "FEN" DEPTH [--divide]
    reference-perft.py check FILE.tsv [--max-nodes N]
    reference-perft.py sample --games G... --positions N --seed S -o OUT.tsv
"""

import argparse
import random
import sys

# ---------------------------------------------------------------- pieces --
# Betza atoms as (dx, dy) offsets; every atom used here is 8-fold symmetric.
W_ = [(1, 0), (-1, 0), (0, 1), (0, -1)]
F_ = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
N_ = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
A_ = [(2, 2), (2, -2), (-2, 2), (-2, -2)]
D_ = [(2, 0), (-2, 0), (0, 2), (0, -2)]


def piece(leap=(), ride=(), mleap=()):
    """leap: capturing leaps; ride: capturing slides; mleap: move-only leaps
    (never capture, never attack)."""
    return {"leap": list(leap), "ride": list(ride), "mleap": list(mleap)}


KING = piece(leap=W_ + F_)
QUEEN = piece(ride=W_ + F_)
ORTHODOX = {
    "K": KING, "Q": QUEEN,
    "R": piece(ride=W_), "B": piece(ride=F_), "N": piece(leap=N_),
}
# Capablanca-family archbishop / chancellor, PMRC prime minister.
ARCHBISHOP = piece(ride=F_, leap=N_)
CHANCELLOR = piece(ride=W_, leap=N_)
# Ajax pieces (doc/rules.md, "Pieces").
AJAX = {
    "K": KING, "Q": QUEEN,
    "R": piece(ride=W_, mleap=F_),                 # R mF
    "B": piece(ride=F_, mleap=W_),                 # B mW
    "N": piece(leap=N_, mleap=W_ + F_),            # N mK
}
AJAX_MINISTER = piece(leap=W_ + F_ + A_ + D_)      # K A D, all capture
AJAX_ARCHBISHOP = piece(ride=F_, leap=N_, mleap=W_)   # BN mW
AJAX_CHANCELLOR = piece(ride=W_, leap=N_, mleap=F_)   # RN mF

# ----------------------------------------------------------------- games --
# castle: (king file, rook file) after castling to the a-side and to the
# far side, as 0-based file indices; None = no castling.
GAMES = {
    "chess": dict(
        w=8, h=8, pieces=dict(ORTHODOX), steps=2, promo="QRBN",
        castle=((2, 3), (6, 5)),
        start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    "capablanca": dict(
        w=10, h=8, pieces=dict(ORTHODOX, A=ARCHBISHOP, C=CHANCELLOR),
        steps=2, promo="QACRBN", castle=((2, 3), (8, 7)),
        start="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
    "capablanca-relocation": dict(
        w=10, h=8, pieces=dict(ORTHODOX, A=ARCHBISHOP, C=CHANCELLOR),
        steps=2, promo="QACRBN", castle=((2, 3), (8, 7)),
        start="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
    "carrera": dict(
        w=10, h=8, pieces=dict(ORTHODOX, A=ARCHBISHOP, C=CHANCELLOR),
        steps=2, promo="QCA", castle=None, carrera=True,
        start="rcnbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBKQBNAR w - - 0 1"),
    "prime-ministers-random": dict(
        w=9, h=8, pieces=dict(ORTHODOX, M=ARCHBISHOP),
        steps=2, promo="QMRBN", castle=((1, 2), (7, 6)),
        start=None),
    "ajax": dict(
        w=10, h=10, pieces=dict(AJAX, M=AJAX_MINISTER),
        steps=3, promo="QRMBN", castle=((1, 2), (8, 7)),
        start="rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1"),
    "ajax-ministers": dict(
        w=10, h=8, pieces=dict(AJAX, M=AJAX_MINISTER),
        steps=2, promo="QRMBN", castle=((1, 2), (8, 7)),
        start="rnbmqkmbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1"),
    "ajax-capablanca-ministers": dict(
        w=10, h=8, pieces=dict(AJAX, M=AJAX_MINISTER),
        steps=2, promo="QRMBN", castle=((2, 3), (8, 7)),
        start="rnbmqkmbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1"),
    "ajax-capablanca": dict(
        w=10, h=8, pieces=dict(AJAX, A=AJAX_ARCHBISHOP, C=AJAX_CHANCELLOR),
        steps=2, promo="QRBNAC", castle=((2, 3), (8, 7)),
        start="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
}


class Game:
    """Per-game tables: move targets per square and reverse attack lookups."""

    def __init__(self, name):
        g = GAMES[name]
        self.name = name
        self.w, self.h = g["w"], g["h"]
        self.n = self.w * self.h
        self.pieces = g["pieces"]
        self.steps = g["steps"]
        self.promo = g["promo"]
        self.castle = g["castle"]
        self.carrera = g.get("carrera", False)
        self.start = g["start"]
        w, h = self.w, self.h

        def to(sq, dx, dy):
            f, r = sq % w + dx, sq // w + dy
            return r * w + f if 0 <= f < w and 0 <= r < h else None

        self.to = to
        # Move tables: targets[letter][sq] = (leaps, rays, mleaps)
        self.targets = {}
        for letter, p in self.pieces.items():
            per_sq = []
            for sq in range(self.n):
                leaps = [t for t in (to(sq, dx, dy) for dx, dy in p["leap"]) if t is not None]
                mleaps = [t for t in (to(sq, dx, dy) for dx, dy in p["mleap"]) if t is not None]
                rays = []
                for dx, dy in p["ride"]:
                    ray, t = [], to(sq, dx, dy)
                    while t is not None:
                        ray.append(t)
                        t = to(t, dx, dy)
                    if ray:
                        rays.append(ray)
                per_sq.append((leaps, rays, mleaps))
            self.targets[letter] = per_sq
        # Reverse attack tables: who could capture on sq from where.
        # leap_att[sq] = [(from_sq, white letters, black letters)]
        # ray_att[sq] = [(ray from sq outwards, white letters, black letters)]
        self.leap_att, self.ray_att = [], []
        leap_offsets = {}
        ride_dirs = {}
        for letter, p in self.pieces.items():
            for o in p["leap"]:
                leap_offsets.setdefault(o, set()).add(letter)
            for o in p["ride"]:
                ride_dirs.setdefault(o, set()).add(letter)
        for sq in range(self.n):
            la = []
            for (dx, dy), letters in leap_offsets.items():
                s = to(sq, -dx, -dy)  # a piece on s leaping (dx, dy) lands on sq
                if s is not None:
                    la.append((s, frozenset(letters), frozenset(x.lower() for x in letters)))
            ra = []
            for (dx, dy), letters in ride_dirs.items():
                ray, t = [], to(sq, -dx, -dy)
                while t is not None:
                    ray.append(t)
                    t = to(t, -dx, -dy)
                if ray:
                    ra.append((ray, frozenset(letters), frozenset(x.lower() for x in letters)))
            self.leap_att.append(la)
            self.ray_att.append(ra)

    def rank(self, sq):
        return sq // self.w

    def file(self, sq):
        return sq % self.w

    def sqname(self, sq):
        return "abcdefghijklmnopqrstuvwxyz"[sq % self.w] + str(sq // self.w + 1)

    def parse_sq(self, s):
        return (int(s[1:]) - 1) * self.w + "abcdefghijklmnopqrstuvwxyz".index(s[0])

    def backrank(self, white):
        return 0 if white else self.h - 1

    def attacked(self, board, sq, by_white):
        """Is sq attacked by side by_white (captures only; m-moves never attack)?"""
        for s, lw, lb in self.leap_att[sq]:
            if board[s] in (lw if by_white else lb):
                return True
        for ray, lw, lb in self.ray_att[sq]:
            letters = lw if by_white else lb
            for s in ray:
                p = board[s]
                if p != ".":
                    if p in letters:
                        return True
                    break
        # pawns: a white pawn on (f±1, r-1) attacks (f, r)
        dy = -1 if by_white else 1
        pawn = "P" if by_white else "p"
        for dx in (-1, 1):
            s = self.to(sq, dx, dy)
            if s is not None and board[s] == pawn:
                return True
        return False


# -------------------------------------------------------------- position --
class Pos:
    __slots__ = ("board", "white", "rights", "ep", "victim", "kings",
                 "halfmove", "fullmove")

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.white = self.white
        p.rights = self.rights            # frozenset of (white?, file)
        p.ep = self.ep                    # tuple of en passant squares
        p.victim = self.victim            # square of the pawn taken e.p.
        p.kings = self.kings[:]           # [white king sq, black king sq]
        p.halfmove = self.halfmove
        p.fullmove = self.fullmove
        return p


def is_white(p):
    return p.isupper()


def parse_fen(game, fen):
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != game.h:
        raise ValueError("FEN has %d ranks, %s needs %d" % (len(rows), game.name, game.h))
    board = ["."] * game.n
    for i, row in enumerate(rows):
        r = game.h - 1 - i
        f = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            if c.upper() != "P" and c.upper() not in game.pieces:
                raise ValueError("piece %r not in %s" % (c, game.name))
            if f >= game.w:
                raise ValueError("rank %d too long" % (r + 1))
            board[r * game.w + f] = c
            f += 1
            j += 1
        if f != game.w:
            raise ValueError("rank %d has %d files" % (r + 1, f))
    pos = Pos()
    pos.board = board
    pos.white = parts[1] == "w" if len(parts) > 1 else True
    pos.kings = [board.index("K") if "K" in board else None,
                 board.index("k") if "k" in board else None]
    # Castling: KQkq = outermost rook on that side of the king; else files.
    rights = set()
    cast = parts[2] if len(parts) > 2 else "-"
    if cast != "-" and game.castle is not None:
        for c in cast:
            white = c.isupper()
            br = game.backrank(white)
            ks = pos.kings[0 if white else 1]
            if ks is None or game.rank(ks) != br:
                continue
            kf = game.file(ks)
            rook = "R" if white else "r"
            files = [f for f in range(game.w) if board[br * game.w + f] == rook]
            u = c.upper()
            if u == "K":
                cand = [f for f in files if f > kf]
                if cand:
                    rights.add((white, max(cand)))
            elif u == "Q":
                cand = [f for f in files if f < kf]
                if cand:
                    rights.add((white, min(cand)))
            else:
                f = "ABCDEFGHIJ".index(u)
                if f in files:
                    rights.add((white, f))
    pos.rights = frozenset(rights)
    # En passant: one or two squares run together ("e3e4").
    pos.ep, pos.victim = (), None
    epf = parts[3] if len(parts) > 3 else "-"
    if epf != "-":
        sqs = []
        j = 0
        while j < len(epf):
            k = j + 1
            while k < len(epf) and epf[k].isdigit():
                k += 1
            sqs.append(game.parse_sq(epf[j:k]))
            j = k
        # The pawn that moved stands on the first occupied square beyond
        # the passed square(s), in the direction it moved.
        dy = -1 if pos.white else 1    # black moved down if white is to move
        far = min(sqs) if pos.white else max(sqs)
        t = game.to(far, 0, dy)
        while t is not None and board[t] == ".":
            t = game.to(t, 0, dy)
        if t is not None and board[t] == ("p" if pos.white else "P"):
            pos.ep, pos.victim = tuple(sorted(sqs)), t
    pos.halfmove = int(parts[4]) if len(parts) > 4 else 0
    pos.fullmove = int(parts[5]) if len(parts) > 5 else 1
    return pos


def write_fen(game, pos):
    rows = []
    for r in range(game.h - 1, -1, -1):
        s, run = "", 0
        for f in range(game.w):
            p = pos.board[r * game.w + f]
            if p == ".":
                run += 1
            else:
                if run:
                    s += str(run)
                    run = 0
                s += p
        if run:
            s += str(run)
        rows.append(s)
    cast = ""
    for white in (True, False):
        br = game.backrank(white)
        ks = pos.kings[0 if white else 1]
        mine = sorted((f for (w, f) in pos.rights if w == white), reverse=True)
        rook = "R" if white else "r"
        files = [f for f in range(game.w) if pos.board[br * game.w + f] == rook]
        kf = game.file(ks)
        for f in mine:   # far side first, like KQ / IA
            if f > kf:
                letter = "K" if f == max(x for x in files if x > kf) else "ABCDEFGHIJ"[f]
            else:
                letter = "Q" if f == min(x for x in files if x < kf) else "ABCDEFGHIJ"[f]
            cast += letter if white else letter.lower()
    # en passant: passed squares that an enemy pawn attacks
    eps = []
    pawn = "P" if pos.white else "p"
    dy = -1 if pos.white else 1
    for e in pos.ep:
        for dx in (-1, 1):
            s = game.to(e, dx, dy)
            if s is not None and pos.board[s] == pawn:
                eps.append(e)
                break
    ep = "".join(game.sqname(e) for e in sorted(eps)) or "-"
    return "%s %s %s %s %d %d" % ("/".join(rows), "w" if pos.white else "b",
                                   cast or "-", ep, pos.halfmove, pos.fullmove)


# ----------------------------------------------------------------- moves --
# A move is a tuple (kind, from, to, promo, extra):
#   "n" normal (promo: letter or None), "d" pawn multi-step (extra: passed
#   squares), "e" en passant (extra: square of the captured pawn),
#   "c" castling (extra: (rook from, rook to)).

def pseudo_moves(game, pos):
    board, white, w = pos.board, pos.white, game.w
    moves = []
    own = str.isupper if white else str.islower
    enemy = str.islower if white else str.isupper
    last = game.h - 1 if white else 0
    start = 1 if white else game.h - 2
    dy = 1 if white else -1
    promos = [c if white else c.lower() for c in game.promo]
    for sq in range(game.n):
        p = board[sq]
        if p == "." or not own(p):
            continue
        u = p.upper()
        if u == "P":
            r = sq // w
            t = game.to(sq, 0, dy)
            if t is not None and board[t] == ".":
                if game.rank(t) == last:
                    for q in promos:
                        moves.append(("n", sq, t, q, None))
                else:
                    moves.append(("n", sq, t, None, None))
                if r == start:
                    passed = [t]
                    for _ in range(game.steps - 1):
                        t2 = game.to(passed[-1], 0, dy)
                        if t2 is None or board[t2] != ".":
                            break
                        moves.append(("d", sq, t2, None, tuple(passed)))
                        passed.append(t2)
            for dx in (-1, 1):
                t = game.to(sq, dx, dy)
                if t is None:
                    continue
                if board[t] != "." and enemy(board[t]):
                    if game.rank(t) == last:
                        for q in promos:
                            moves.append(("n", sq, t, q, None))
                    else:
                        moves.append(("n", sq, t, None, None))
                elif t in pos.ep:
                    moves.append(("e", sq, t, None, pos.victim))
            continue
        leaps, rays, mleaps = game.targets[u][sq]
        for t in leaps:
            q = board[t]
            if q == "." or enemy(q):
                moves.append(("n", sq, t, None, None))
        for ray in rays:
            for t in ray:
                q = board[t]
                if q == ".":
                    moves.append(("n", sq, t, None, None))
                else:
                    if enemy(q):
                        moves.append(("n", sq, t, None, None))
                    break
        for t in mleaps:
            if board[t] == ".":
                moves.append(("n", sq, t, None, None))
    moves.extend(castling_moves(game, pos))
    return moves


def castling_moves(game, pos):
    """doc/rules.md: king and that rook unmoved (rights); king not in check; no
    square the king stands on, passes over or lands on attacked; every square
    king or rook passes over or lands on empty except king and that rook."""
    if game.castle is None:
        return []
    white = pos.white
    ks = pos.kings[0 if white else 1]
    br = game.backrank(white)
    if ks is None or game.rank(ks) != br:
        return []
    board = pos.board
    kf = game.file(ks)
    rook = "R" if white else "r"
    out = []
    for (w_, rf) in sorted(pos.rights):
        if w_ != white:
            continue
        rs = br * game.w + rf
        if board[rs] != rook or rf == kf:
            continue
        kd, rd = game.castle[0] if rf < kf else game.castle[1]
        ok = True
        for f in range(min(kf, kd), max(kf, kd) + 1):
            if game.attacked(board, br * game.w + f, not white):
                ok = False
                break
        if not ok:
            continue
        span = set(range(min(kf, kd), max(kf, kd) + 1)) | set(range(min(rf, rd), max(rf, rd) + 1))
        for f in span:
            s = br * game.w + f
            if board[s] != "." and s != ks and s != rs:
                ok = False
                break
        if ok:
            out.append(("c", ks, br * game.w + kd, None, (rs, br * game.w + rd)))
    return out


def make(game, pos, m):
    kind, fr, to, promo, extra = m
    np = pos.copy()
    b = np.board
    white = pos.white
    p = b[fr]
    capture = b[to] != "."
    b[fr] = "."
    if kind == "c":
        rs, rd = extra
        b[rs] = "."
        b[to] = p
        b[rd] = "R" if white else "r"
    else:
        b[to] = promo if promo else p
    if kind == "e":
        b[extra] = "."
        capture = True
    if p.upper() == "K":
        np.kings[0 if white else 1] = to
    # castling rights
    if np.rights:
        rights = set(np.rights)
        if p.upper() == "K":
            rights = {r for r in rights if r[0] != white}
        for (w_, f) in list(rights):
            s = game.backrank(w_) * game.w + f
            if s == fr or s == to:
                rights.discard((w_, f))
        np.rights = frozenset(rights)
    if kind == "d":
        np.ep, np.victim = extra, to
    else:
        np.ep, np.victim = (), None
    np.halfmove = 0 if (capture or p.upper() == "P") else pos.halfmove + 1
    if not white:
        np.fullmove += 1
    np.white = not white
    return np


def in_check(game, pos):
    ks = pos.kings[0 if pos.white else 1]
    return ks is not None and game.attacked(pos.board, ks, not pos.white)


def legal_after(game, pos, m):
    """The position after m, or None when m leaves the mover's king attacked."""
    np = make(game, pos, m)
    ks = np.kings[0 if pos.white else 1]
    if ks is not None and game.attacked(np.board, ks, not pos.white):
        return None
    return np


def legal_moves(game, pos, with_positions=False):
    out = []
    checked = None
    for m in pseudo_moves(game, pos):
        np = legal_after(game, pos, m)
        if np is None:
            continue
        if game.carrera and m[0] == "d":
            # doc/rules.md, Carrera's special double step: illegal when the mover
            # is in check, the step blocks that check (a legal non-capturing
            # pawn move out of check can only block), and the opponent could
            # then legally take that pawn en passant.
            if checked is None:
                checked = in_check(game, pos)
            if checked and any(mm[0] == "e" and legal_after(game, np, mm) is not None
                               for mm in pseudo_moves(game, np)):
                continue
        out.append((m, np) if with_positions else m)
    return out


def perft(game, pos, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return len(legal_moves(game, pos))
    return sum(perft(game, np, depth - 1) for _, np in legal_moves(game, pos, True))


def uci(game, m):
    kind, fr, to, promo, extra = m
    s = game.sqname(fr) + game.sqname(to)
    if promo:
        s += promo.lower()
    if kind == "c":
        s += "(castle:%s%s)" % (game.sqname(extra[0]), game.sqname(extra[1]))
    return s


# ------------------------------------------------------------ start setup --
def pmrc_start(n):
    """doc/rules.md: n = d + 5(l + 4(q + 7(m + 6k)))."""
    d, n = n % 5, n // 5
    l, n = n % 4, n // 4
    q, n = n % 7, n // 7
    m, k = n % 6, n // 6
    row = [None] * 9
    row[[0, 2, 4, 6, 8][d]] = "B"
    row[[1, 3, 5, 7][l]] = "B"
    empty = [i for i in range(9) if row[i] is None]
    row[empty[q]] = "Q"
    empty = [i for i in range(9) if row[i] is None]
    row[empty[m]] = "M"
    empty = [i for i in range(9) if row[i] is None]
    pairs = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5), (3, 4), (3, 5), (4, 5)]
    a, b = pairs[k]
    row[empty[a - 1]] = "N"
    row[empty[b - 1]] = "N"
    empty = [i for i in range(9) if row[i] is None]
    for i, c in zip(empty, "RKR"):
        row[i] = c
    w = "".join(row)
    return "%s/ppppppppp/9/9/9/9/PPPPPPPPP/%s w KQkq - 0 1" % (w.lower(), w)


def relocation_arrays():
    """doc/rules.md: keep, or swap K or Q with one non-rook piece of rank 1;
    both bishops must stay on opposite colours. 12 arrays."""
    base = list("RNABQKBCNR")
    out = ["".join(base)]
    seen = {out[0]}
    for royal in (4, 5):
        for j in range(10):
            if j == royal or base[j] == "R":
                continue
            a = base[:]
            a[royal], a[j] = a[j], a[royal]
            bishops = [i for i in range(10) if a[i] == "B"]
            if bishops[0] % 2 == bishops[1] % 2:
                continue
            s = "".join(a)
            if s not in seen:
                seen.add(s)
                out.append(s)
    assert len(out) == 12, out
    return out


def start_fen(name, rng):
    if name == "prime-ministers-random":
        return pmrc_start(rng.randrange(8400))
    if name == "capablanca-relocation":
        arrays = relocation_arrays()
        w, b = rng.choice(arrays), rng.choice(arrays)
        return "%s/pppppppppp/10/10/10/10/PPPPPPPPPP/%s w KQkq - 0 1" % (b.lower(), w)
    return GAMES[name]["start"]


# ---------------------------------------------------------------- sample --
def interest(game, pos, moves):
    """Score a position for sampling: favour the rare rules."""
    score = 0.0
    board = pos.board
    if pos.rights:
        score += 1.5
    if any(m[0] == "c" for m in moves):
        score += 3
    if any(m[0] == "e" for m in moves):
        score += 5
    if pos.ep:
        score += 1
    if any(m[3] for m in moves):
        score += 3
    if in_check(game, pos):
        score += 3
        if game.carrera and any(m[0] == "d" for m in moves):
            score += 4
    if any(m[0] == "d" and abs(m[2] - m[1]) == 3 * game.w for m in moves):
        score += 1.5     # triple steps available
    for m in moves:
        if board[m[1]].upper() == "M" and game.name.startswith("ajax"):
            dx = abs(game.file(m[1]) - game.file(m[2]))
            dyy = abs(game.rank(m[1]) - game.rank(m[2]))
            if max(dx, dyy) == 2:
                mid = game.to(m[1], (game.file(m[2]) - game.file(m[1])) // 2,
                              (game.rank(m[2]) - game.rank(m[1])) // 2)
                if board[mid] != ".":
                    score += 0.5   # minister leaping over a piece
    # pawns near promotion
    for sq, p in enumerate(board):
        if p == "P" and game.rank(sq) >= game.h - 3:
            score += 0.5
        elif p == "p" and game.rank(sq) <= 2:
            score += 0.5
    # Ajax move-only steps next to the enemy king
    ek = pos.kings[1 if pos.white else 0]
    if ek is not None:
        for m in moves:
            if m[0] == "n" and board[m[1]].upper() in "RBNAC" and game.name.startswith("ajax"):
                if max(abs(game.file(m[2]) - game.file(ek)), abs(game.rank(m[2]) - game.rank(ek))) == 1:
                    score += 0.2
    return score + min(len(moves), 60) / 100.0


def pick_move(game, pos, moves, rng):
    """Random move with a bias towards pawn multi-steps, castling, checks
    and promotions, so that the sampled positions reach the rare rules."""
    weights = []
    for m in moves:
        w = 1.0
        if m[0] == "d":
            w = 4.0
        elif m[0] in "ce":
            w = 8.0
        elif m[3]:
            w = 3.0
        elif pos.board[m[1]].upper() == "P":
            w = 2.0
        if pos.board[m[2]] != ".":
            w *= 1.5
        weights.append(w)
    return rng.choices(moves, weights)[0]


def sample(args):
    rng = random.Random(args.seed)
    rows = []
    for name in args.games:
        game = Game(name)
        cands = []
        tries = args.games_per_position * args.positions
        for g in range(tries):
            pos = parse_fen(game, start_fen(name, rng))
            plies = rng.randint(8, 40)
            best = None
            for ply in range(plies):
                moves = legal_moves(game, pos)
                if not moves:
                    break
                if ply >= 8:
                    s = interest(game, pos, moves) + rng.random()
                    if best is None or s > best[0]:
                        best = (s, write_fen(game, pos))
                pos = make(game, pos, pick_move(game, pos, moves, rng))
            if best:
                cands.append(best)
        cands.sort(reverse=True)
        chosen, seen = [], set()
        for s, fen in cands:
            key = fen.split()[0]
            if key in seen:
                continue
            seen.add(key)
            pos = parse_fen(game, fen)
            n2 = perft(game, pos, 2)
            if n2 == 0:
                continue
            chosen.append(fen)
            rows.append((name, fen, 2, n2))
            n1 = len(legal_moves(game, pos))
            if n2 * max(n1, 1) < 4 * args.max_d3:   # cheap guess before trying
                n3 = perft(game, pos, 3)
                if n3 <= args.max_d3:
                    rows.append((name, fen, 3, n3))
            print("%s %s d2=%d" % (name, fen, n2), file=sys.stderr)
            if len(chosen) >= args.positions:
                break
    with open(args.output, "w") as out:
        out.write("# game\tfen\tdepth\tnodes\n")
        out.write("# Sampled by tools/reference-perft.py (seed %d), an independent\n" % args.seed)
        out.write("# implementation of the rules (doc/rules.md) written without the engine's sources.\n")
        for r in rows:
            out.write("%s\t%s\t%d\t%d\n" % r)
    print("wrote %d rows to %s" % (len(rows), args.output), file=sys.stderr)


# ------------------------------------------------------------------- main --
def check(args):
    bad = ok = skipped = 0
    with open(args.file) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            name, fen, depth, nodes = line.split("\t")
            depth, nodes = int(depth), int(nodes)
            if nodes > args.max_nodes:
                skipped += 1
                continue
            game = Game(name)
            got = perft(game, parse_fen(game, fen), depth)
            if got == nodes:
                ok += 1
            else:
                bad += 1
                print("MISMATCH %s\t%s\t%d\texpected %d got %d" % (name, fen, depth, nodes, got))
            sys.stdout.flush()
    print("%d ok, %d mismatches, %d skipped (> %d nodes)" % (ok, bad, skipped, args.max_nodes))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("fen")
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true", help="count per root move")
    c = sub.add_parser("check")
    c.add_argument("file")
    c.add_argument("--max-nodes", type=int, default=300000)
    s = sub.add_parser("sample")
    s.add_argument("--games", nargs="+", required=True, choices=sorted(GAMES))
    s.add_argument("--positions", type=int, default=10)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--games-per-position", type=int, default=6,
                   help="random games played per wanted position")
    s.add_argument("--max-d3", type=int, default=150000)
    s.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    if args.cmd == "perft":
        game = Game(args.game)
        pos = parse_fen(game, args.fen)
        if args.divide:
            total = 0
            for m, np in sorted(legal_moves(game, pos, True), key=lambda x: uci(game, x[0])):
                n = perft(game, np, args.depth - 1)
                total += n
                print("%s: %d" % (uci(game, m), n))
            print("Nodes searched: %d" % total)
        else:
            print(perft(game, pos, args.depth))
        return 0
    if args.cmd == "check":
        return check(args)
    sample(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
