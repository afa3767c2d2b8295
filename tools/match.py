#!/usr/bin/env python3
"""match.py -- play a match between chancellor-engine and another engine.

The opponent is Fairy-Max (XBoard protocol 2) or Fairy-Stockfish (UCI).
A separate Fairy-Stockfish process acts as referee: it lists the legal
moves of every position (``go perft 1``) and reports check and the FEN
(``d``), so the rules applied to the games do not come from Chancellor's
own code.  Games start from opening move lists (a file, or random sane
openings generated with Fairy-Stockfish from a fixed seed); each opening is
played twice with colours swapped.

Given several ``--engine`` builds, every game (opening and colour) is
played by each of them in turn, next to each other in the queue, so that
with ``--concurrency`` equal to the number of builds they play the same
game at the same time under the same load; the summary then compares each
build with the first, game by game.

Python 3 standard library only.  See tools/README.md for examples.
"""

import argparse
import atexit
import concurrent.futures
import datetime
import math
import os
import queue
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import traceback

from sprt import open_new_pgn

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FSF_INI = os.path.join(HERE, "fsf-variants.ini")


class Variant:
    def __init__(self, name, fsf, xboard, pgn, ini=None, note=None):
        self.name = name        # our UCI_Variant value
        self.fsf = fsf          # Fairy-Stockfish's UCI_Variant value
        self.xboard = xboard    # XBoard variant name (None: not supported)
        self.pgn = pgn          # value of the PGN Variant tag (None: omit)
        self.ini = ini          # FSF VariantPath needed for this variant
        self.note = note


VARIANTS = {
    "chess": Variant("chess", "chess", "normal", None),
    "capablanca": Variant("capablanca", "capablanca", "capablanca", "capablanca"),
    "carrera": Variant("carrera", "carrera", None, "carrera", ini=FSF_INI,
                       note="FSF does not know Carrera's special double step; "
                            "the referee may reject such a move"),
}


# ---------------------------------------------------------------------------
# Processes

class EngineError(Exception):
    pass


class EngineDied(EngineError):
    pass


class EngineTimeout(EngineError):
    pass


class Disagreement(EngineError):
    """The opponent rejected a move the referee accepts."""


_live = set()
_live_lock = threading.Lock()
STOP = threading.Event()


def kill_all():
    with _live_lock:
        procs = list(_live)
    for p in procs:
        p.kill()


atexit.register(kill_all)


class Proc:
    """A child process spoken to line by line; a reader thread time-stamps
    every line as it arrives, so reply times do not depend on when the game
    thread gets round to reading."""

    def __init__(self, argv, label, log=None, cwd=None):
        self.label = label
        self.log = log
        self.log_lock = threading.Lock()
        self.q = queue.Queue()
        self.p = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=cwd,
            errors="replace")
        with _live_lock:
            _live.add(self)
        if STOP.is_set():
            self.kill()
        threading.Thread(target=self._reader, daemon=True).start()

    def _write_log(self, direction, line):
        if self.log:
            with self.log_lock:
                try:
                    self.log.write("%.3f %s %s %s\n" % (time.monotonic(), self.label, direction, line))
                except ValueError:
                    pass

    def _reader(self):
        try:
            for line in self.p.stdout:
                t = time.monotonic()
                line = line.rstrip("\r\n")
                self._write_log("<", line)
                self.q.put((t, line))
        except (OSError, ValueError):
            pass
        self.q.put((time.monotonic(), None))

    def send(self, line):
        self._write_log(">", line)
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (OSError, ValueError):
            raise EngineDied("%s: cannot write (process gone)" % self.label)

    def read(self, deadline):
        """Next (time, line) before the monotonic deadline."""
        while True:
            left = deadline - time.monotonic()
            try:
                t, line = self.q.get(timeout=max(0.0, left))
            except queue.Empty:
                raise EngineTimeout("%s: no answer in time" % self.label)
            if line is None:
                self.q.put((t, None))
                raise EngineDied("%s: process exited (code %s)" % (self.label, self.p.poll()))
            return t, line

    def expect(self, pred, timeout):
        """Read until pred(line); return all lines read, the last matching."""
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            if STOP.is_set():
                raise EngineError("match interrupted")
            _, line = self.read(deadline)
            lines.append(line)
            if pred(line):
                return lines

    def drain(self):
        out = []
        while True:
            try:
                t, line = self.q.get_nowait()
            except queue.Empty:
                return out
            if line is None:
                self.q.put((t, None))
                return out
            out.append(line)

    def alive(self):
        return self.p.poll() is None

    def kill(self):
        try:
            if self.p.poll() is None:
                self.p.kill()       # this process only, by its pid
            self.p.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        for f in (self.p.stdin, self.p.stdout):
            try:
                f.close()
            except (OSError, ValueError):
                pass
        with _live_lock:
            _live.discard(self)

    def close(self, quit_cmd="quit"):
        try:
            if self.p.poll() is None:
                self.send(quit_cmd)
                self.p.wait(timeout=1.0)
        except (EngineError, subprocess.TimeoutExpired, OSError):
            pass
        self.kill()


# ---------------------------------------------------------------------------
# Engines

class MoveReply:
    def __init__(self):
        self.move = None        # as sent by the engine
        self.elapsed = None     # seconds, wall clock from go to the move
        self.timeout = False
        self.resign = False
        self.depth = None
        self.score = None       # text: "+0.35", "-M3", ...
        self.nodes = None
        self.time_ms = None     # engine's own time of the last info line
        self.nps = None


def _uci_score(tokens, i):
    kind, val = tokens[i + 1], int(tokens[i + 2])
    if kind == "cp":
        return "%+.2f" % (val / 100.0)
    return ("+M%d" % val) if val > 0 else ("-M%d" % -val)


class UCIEngine:
    protocol = "uci"

    def __init__(self, path, label, variant_name, options, log, ini=None):
        self.label = label
        self.proc = Proc([path], label, log)
        self.proc.send("uci")
        lines = self.proc.expect(lambda l: l.strip() == "uciok", 30)
        self.name = label
        self.option_names = set()
        for l in lines:
            if l.startswith("id name "):
                self.name = l[8:].strip()
            m = re.match(r"option name (.+?) type ", l)
            if m:
                self.option_names.add(m.group(1).lower())
        if ini:
            self.setoption("VariantPath", ini)
        for name, value in options:
            if name.lower() not in self.option_names:
                raise EngineError("%s has no option '%s'" % (self.name, name))
            self.setoption(name, value)
        if variant_name != "chess" or "uci_variant" in self.option_names:
            self.setoption("UCI_Variant", variant_name)
        self.sync(60)

    def setoption(self, name, value):
        self.proc.send("setoption name %s value %s" % (name, value))

    def sync(self, timeout=30):
        self.proc.send("isready")
        lines = self.proc.expect(lambda l: l.strip() == "readyok", timeout)
        for l in lines:
            if "error" in l.lower() and l.startswith("info string"):
                raise EngineError("%s: %s" % (self.name, l))

    def new_game(self, tc):
        self.proc.send("ucinewgame")
        self.sync(30)

    def play(self, start_fen, moves, clocks, stm, tc, limit):
        pos = "position " + ("fen " + start_fen if start_fen else "startpos")
        if moves:
            pos += " moves " + " ".join(moves)
        self.proc.drain()
        self.proc.send(pos)
        if tc.movetime is not None:
            go = "go movetime %d" % tc.movetime
        else:
            w, b = (max(1, int(c)) for c in clocks)
            go = "go wtime %d btime %d winc %d binc %d" % (w, b, tc.inc, tc.inc)
        reply = MoveReply()
        t0 = time.monotonic()
        self.proc.send(go)
        deadline = t0 + limit / 1000.0
        while True:
            try:
                t, line = self.proc.read(deadline)
            except EngineTimeout:
                reply.timeout = True
                reply.elapsed = time.monotonic() - t0
                try:
                    self.proc.send("stop")
                except EngineError:
                    pass
                return reply
            tok = line.split()
            if not tok:
                continue
            if tok[0] == "info":
                for i, x in enumerate(tok[:-1]):
                    if x == "depth":
                        reply.depth = int(tok[i + 1])
                    elif x == "score" and i + 2 < len(tok):
                        reply.score = _uci_score(tok, i)
                    elif x == "nodes":
                        reply.nodes = int(tok[i + 1])
                    elif x == "time":
                        reply.time_ms = int(tok[i + 1])
                    elif x == "nps":
                        reply.nps = int(tok[i + 1])
                    elif x == "pv":
                        break
            elif tok[0] == "bestmove":
                reply.elapsed = t - t0
                reply.move = tok[1] if len(tok) > 1 else "(none)"
                return reply

    def close(self):
        self.proc.close("quit")


class XBoardEngine:
    protocol = "xboard"

    def __init__(self, path, label, variant, options, log, hash_mb=None):
        self.label = label
        self.variant = variant
        self.proc = Proc([path], label, log)
        self.features = {}
        self.proc.send("xboard")
        self.proc.send("protover 2")
        self.read_features()
        self.name = self.features.get("myname", label)
        if variant.xboard is None:
            raise EngineError("variant %s has no XBoard name" % variant.name)
        vlist = self.features.get("variants")
        if variant.xboard != "normal" and vlist is not None and variant.xboard not in vlist.split(","):
            raise EngineError("%s does not play %s" % (self.name, variant.xboard))
        self.usermove = self.features.get("usermove") == "1"
        self.has_ping = self.features.get("ping") == "1"
        self.options = options
        self.hash_mb = hash_mb
        self.ping_no = 0
        self.known = 0

    def read_features(self):
        deadline = time.monotonic() + 10
        seen_any = False
        while True:
            try:
                # protocol 1 engines say nothing: give up after 2 s
                t, line = self.proc.read(min(deadline, time.monotonic() + (2 if not seen_any else 10)))
            except EngineTimeout:
                if seen_any and self.features.get("done") == "0":
                    raise EngineError("%s: feature done=1 never came" % self.label)
                return
            if not line.startswith("feature "):
                continue
            seen_any = True
            for m in re.finditer(r'(\w+)=("([^"]*)"|\S+)', line[8:]):
                key = m.group(1)
                val = m.group(3) if m.group(3) is not None else m.group(2)
                if key == "option":
                    continue
                self.features[key] = val
                if key == "san" and val == "1":
                    self.proc.send("rejected san")
                elif key != "done":
                    self.proc.send("accepted %s" % key)
            if self.features.get("done") == "1":
                return

    def sync(self, timeout=30):
        """ping/pong; returns the lines read meanwhile."""
        if not self.has_ping:
            return []
        self.ping_no += 1
        n = self.ping_no
        self.proc.send("ping %d" % n)
        return self.proc.expect(lambda l: l.strip() == "pong %d" % n, timeout)

    def new_game(self, tc):
        self.proc.send("new")
        if self.variant.xboard != "normal":
            self.proc.send("variant %s" % self.variant.xboard)
        self.proc.send("force")
        if self.hash_mb and self.features.get("memory") == "1":
            self.proc.send("memory %d" % self.hash_mb)
        for name, value in self.options:
            if name.lower() in ("hash", "memory"):
                self.proc.send("memory %s" % value)
            else:
                self.proc.send("option %s=%s" % (name, value))
        if tc.movetime is not None:
            self.proc.send("st %d" % max(1, round(tc.movetime / 1000.0)))
        else:
            secs = int(round(tc.base / 1000.0))
            inc = tc.inc / 1000.0
            inc_s = ("%d" % inc) if inc == int(inc) else ("%g" % inc)
            self.proc.send("level 0 %d:%02d %s" % (secs // 60, secs % 60, inc_s))
        self.proc.send("post")
        self.proc.send("easy")
        self.known = 0
        self.check_lines(self.sync())

    def check_lines(self, lines):
        for l in lines:
            low = l.lower()
            if low.startswith("illegal move") or low.startswith("error"):
                raise Disagreement("%s: %s" % (self.name, l.strip()))

    def play(self, start_fen, moves, clocks, stm, tc, limit):
        if start_fen:
            raise EngineError("%s cannot start from a FEN (setboard=0)" % self.name)
        self.proc.send("force")
        for m in moves[self.known:]:
            self.proc.send(("usermove " if self.usermove else "") + m)
        self.known = len(moves)
        self.check_lines(self.sync())
        self.proc.drain()
        own = clocks[stm]
        opp = clocks[1 - stm]
        self.proc.send("time %d" % max(1, int(own / 10)))
        self.proc.send("otim %d" % max(1, int(opp / 10)))
        reply = MoveReply()
        t0 = time.monotonic()
        self.proc.send("go")
        deadline = t0 + limit / 1000.0
        while True:
            try:
                t, line = self.proc.read(deadline)
            except EngineTimeout:
                reply.timeout = True
                reply.elapsed = time.monotonic() - t0
                try:
                    self.proc.send("force")
                except EngineError:
                    pass
                return reply
            s = line.strip()
            m = re.match(r"^(?:move|My move is\s*:)\s+(\S+)", s)
            if m:
                reply.elapsed = t - t0
                reply.move = m.group(1)
                self.proc.send("force")
                self.known = len(moves) + 1
                return reply
            if s == "resign" or s.startswith("resign "):
                reply.elapsed = t - t0
                reply.resign = True
                return reply
            low = s.lower()
            if low.startswith("illegal move") or low.startswith("error"):
                raise Disagreement("%s: %s" % (self.name, s))
            m = re.match(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\b", s)
            if m:   # thinking output: ply score time(cs) nodes pv
                reply.depth = int(m.group(1))
                sc = int(m.group(2))
                if abs(sc) >= 100000:   # Fairy-Max: 100000 + plies to mate
                    plies = abs(sc) - 100000
                    reply.score = ("+M%d" if sc > 0 else "-M%d") % max(1, (plies + 1) // 2)
                else:
                    reply.score = "%+.2f" % (sc / 100.0)
                reply.time_ms = int(m.group(3)) * 10
                reply.nodes = int(m.group(4))

    def close(self):
        self.proc.close("quit")


# ---------------------------------------------------------------------------
# Referee

class Position:
    def __init__(self, fen, legal, in_check):
        self.fen = fen
        self.legal = legal
        self.in_check = in_check
        f = fen.split()
        self.stm = 0 if f[1] == "w" else 1
        self.halfmove = int(f[-2]) if len(f) >= 6 and f[-2].isdigit() else 0
        self.key = " ".join(f[:-2]) if len(f) >= 6 else fen


class Referee:
    def __init__(self, fsf_path, variant, log):
        self.eng = UCIEngine(fsf_path, "referee", variant.fsf, [("Threads", "1"), ("Hash", "1")],
                             log, ini=variant.ini)
        self.proc = self.eng.proc

    def position(self, start_fen, moves):
        pos = "position " + ("fen " + start_fen if start_fen else "startpos")
        if moves:
            pos += " moves " + " ".join(moves)
        self.proc.drain()
        self.proc.send(pos)
        self.proc.send("d")
        fen, checkers = None, None
        for l in self.proc.expect(lambda l: l.startswith("Checkers:"), 30):
            if l.startswith("Fen: "):
                fen = l[5:].strip()
            if l.startswith("Checkers:"):
                checkers = l[9:].strip()
        if fen is None:
            raise EngineError("referee printed no FEN")
        self.proc.send("go perft 1")
        legal = []
        for l in self.proc.expect(lambda l: l.startswith("Nodes searched"), 30):
            m = re.match(r"^(\S+): 1$", l.strip())
            if m:
                legal.append(m.group(1))
            elif l.startswith("Nodes searched"):
                n = int(l.split(":")[1])
                if n != len(legal):
                    raise EngineError("referee perft: %d moves listed, count %d" % (len(legal), n))
        return Position(fen, legal, bool(checkers))

    def close(self):
        self.eng.close()


# ---------------------------------------------------------------------------
# Board helpers (from FENs; only for notation and material)

SQ_RE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([a-z]?)$")


def parse_board(fen):
    rows = fen.split()[0].split("[")[0].split("/")
    n = len(rows)
    board = {}
    for i, row in enumerate(rows):
        r, f, j = n - i, 0, 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[k:j])
                continue
            if c.isalpha():
                board[(f, r)] = c
                f += 1
            j += 1
    return board


def parse_move(m):
    x = SQ_RE.match(m)
    if not x:
        return None
    return (ord(x.group(1)) - 97, int(x.group(2))), (ord(x.group(3)) - 97, int(x.group(4))), x.group(5)


def sqname(s):
    return "%s%d" % (chr(97 + s[0]), s[1])


def is_castling(board, frm, to, piece):
    if piece.upper() != "K":
        return False
    target = board.get(to)
    if target and target.upper() == "R" and target.isupper() == piece.isupper():
        return True
    return frm[1] == to[1] and abs(to[0] - frm[0]) >= 2


def to_san(fen, move, legal, check, mate):
    board = parse_board(fen)
    pm = parse_move(move)
    if not pm:
        return move
    frm, to, promo = pm
    piece = board.get(frm)
    if piece is None:
        return move
    up = piece.upper()
    suffix = "#" if mate else "+" if check else ""
    if is_castling(board, frm, to, piece):
        return ("O-O" if to[0] > frm[0] else "O-O-O") + suffix
    target = board.get(to)
    capture = (target is not None and target.isupper() != piece.isupper()) or (up == "P" and frm[0] != to[0])
    if up == "P":
        s = (chr(97 + frm[0]) + "x" if capture else "") + sqname(to)
        if promo:
            s += "=" + promo.upper()
        return s + suffix
    others = set()
    for lm in legal:
        p = parse_move(lm)
        if p and p[1] == to and p[0] != frm and board.get(p[0]) == piece:
            others.add(p[0])
    dis = ""
    if others:
        if all(o[0] != frm[0] for o in others):
            dis = chr(97 + frm[0])
        elif all(o[1] != frm[1] for o in others):
            dis = str(frm[1])
        else:
            dis = sqname(frm)
    return up + dis + ("x" if capture else "") + sqname(to) + ("=" + promo.upper() if promo else "") + suffix


def material(fen):
    """Pieces other than kings, per colour, as upper-case letters."""
    w, b = [], []
    for p in parse_board(fen).values():
        if p.upper() == "K":
            continue
        (w if p.isupper() else b).append(p.upper())
    return w, b


def cannot_mate(pieces):
    return len(pieces) == 0 or (len(pieces) == 1 and pieces[0] in ("B", "N"))


def insufficient(fen):
    w, b = material(fen)
    return (not w and not b) or (not w and cannot_mate(b)) or (not b and cannot_mate(w))


def translate(move, pos):
    """Map an engine's move text onto the referee's UCI move list."""
    legal = pos.legal
    m = move.strip().rstrip("+#!?")
    if not m.startswith(("O-", "0-")):
        m = m.replace("=", "").replace("-", "")
    if m in legal:
        return m
    board = parse_board(pos.fen)
    stm_upper = pos.stm == 0
    king = next((s for s, p in board.items() if p == ("K" if stm_upper else "k")), None)
    castles = []
    if king:
        for lm in legal:
            p = parse_move(lm)
            if p and p[0] == king and is_castling(board, p[0], p[1], board[king]):
                castles.append((p[1][0] - king[0], lm))
    if m in ("O-O", "0-0", "OO", "00"):
        c = [lm for d, lm in castles if d > 0]
        return c[0] if len(c) == 1 else move
    if m in ("O-O-O", "0-0-0", "OOO", "000"):
        c = [lm for d, lm in castles if d < 0]
        return c[0] if len(c) == 1 else move
    p = parse_move(m.lower()) if len(m) >= 4 else None
    if p is None:
        return move
    low = sqname(p[0]) + sqname(p[1]) + p[2]
    if low in legal:
        return low
    if king and p[0] == king and p[1][1] == king[1] and p[1] != king:
        # king-takes-rook or chess-style castling (e1g1) -> the referee's castling move
        direction = 1 if p[1][0] > king[0] else -1
        c = [lm for d, lm in castles if d * direction > 0]
        t = board.get(p[1])
        own_rook = t is not None and t.upper() == "R" and t.isupper() == stm_upper
        if len(c) == 1 and (own_rook or abs(p[1][0] - king[0]) >= 2):
            return c[0]
    return move


# ---------------------------------------------------------------------------
# Time control

class TimeControl:
    def __init__(self, text):
        self.text = text
        self.movetime = None
        self.base = self.inc = 0
        t = text.strip().lower()
        if t.startswith(("st=", "movetime=")):
            self.movetime = int(float(t.split("=", 1)[1]) * 1000)
            self.pgn = "1/%s" % t.split("=", 1)[1]
            return
        if "+" in t:
            b, i = t.split("+", 1)
        else:
            b, i = t, "0"
        self.base = int(round(float(b) * 1000))
        self.inc = int(round(float(i) * 1000))
        self.pgn = "%g+%g" % (self.base / 1000.0, self.inc / 1000.0)
        if self.base <= 0:
            raise ValueError("base time must be positive")


# ---------------------------------------------------------------------------
# Openings

def read_openings(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                out.append(line.split())
    return out


def generate_openings(n, plies, variant, seed, fsf_path, depth=6, window=50, final=120, log=None):
    """n distinct openings of `plies` plies: at every ply a random move among
    those Fairy-Stockfish (MultiPV, fixed depth) scores within `window`
    centipawns of its best (twice that for the first two plies, for variety);
    the end position must stay within `final` (FSF's raw scale)."""
    rng = random.Random(seed)
    eng = UCIEngine(fsf_path, "book", variant.fsf, [("Threads", "1"), ("Hash", "16"), ("MultiPV", "256")],
                    log, ini=variant.ini)
    seen, out = set(), []
    try:
        tries = 0
        while len(out) < n and tries < 20 * n:
            tries += 1
            eng.proc.send("ucinewgame")
            moves, ok, last = [], True, 0
            for ply in range(plies + 1):
                eng.proc.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
                eng.proc.send("go depth %d" % depth)
                lines = eng.proc.expect(lambda l: l.startswith("bestmove"), 120)
                best = {}
                for l in lines:
                    tok = l.split()
                    if tok[:1] != ["info"] or "multipv" not in tok or "pv" not in tok or "score" not in tok:
                        continue
                    if "lowerbound" in tok or "upperbound" in tok:
                        continue
                    d = int(tok[tok.index("depth") + 1])
                    k = int(tok[tok.index("multipv") + 1])
                    i = tok.index("score")
                    cp = int(tok[i + 2]) if tok[i + 1] == "cp" else (100000 if int(tok[i + 2]) > 0 else -100000)
                    best[k] = (d, cp, tok[tok.index("pv") + 1])
                if not best:
                    ok = False
                    break
                dmax = max(v[0] for v in best.values())
                cands = [(cp, mv) for d, cp, mv in best.values() if d == dmax]
                top = max(cp for cp, _ in cands)
                if ply == plies:
                    last = top
                    break
                w = window * 2 if ply < 2 else window
                pool = sorted(mv for cp, mv in cands if cp >= top - w and abs(cp) < 10000)
                if not pool:
                    ok = False
                    break
                moves.append(rng.choice(pool))
            if ok and abs(last) <= final and tuple(moves) not in seen:
                seen.add(tuple(moves))
                out.append(moves)
    finally:
        eng.close()
    return out


# ---------------------------------------------------------------------------
# Games

class Game:
    def __init__(self, number, opening, ours_white, engine=0):
        self.number = number    # the game's place in each build's series
        self.engine = engine    # which --engine plays it
        self.opening = opening
        self.ours_white = ours_white
        self.moves = []         # UCI, as checked by the referee
        self.san = []
        self.comments = []
        self.result = "*"
        self.termination = "unterminated"
        self.details = ""
        self.white = self.black = "?"
        self.fault = None       # (engine label, kind)
        self.error = None
        self.our_nodes = 0
        self.our_ms = 0
        self.our_depths = []
        self.our_nps = []
        self.date = datetime.date.today().strftime("%Y.%m.%d")
        self.start_time = time.time()
        self.duration = 0.0

    def our_score(self):
        if self.result == "1-0":
            return 1.0 if self.ours_white else 0.0
        if self.result == "0-1":
            return 0.0 if self.ours_white else 1.0
        if self.result == "1/2-1/2":
            return 0.5
        return None


def make_opponent(cfg, variant, log):
    if cfg.opponent == "fairymax":
        return XBoardEngine(cfg.opponent_path, "opponent", variant, cfg.opponent_options, log, cfg.hash)
    opts = list(cfg.opponent_options)
    if cfg.hash and not any(n.lower() == "hash" for n, _ in opts):
        opts.append(("Hash", str(cfg.hash)))
    return UCIEngine(cfg.opponent_path, "opponent", variant.fsf, opts, log, ini=variant.ini)


def play_game(cfg, game):
    variant = cfg.variant
    log = None
    if cfg.log_dir:
        log = open(os.path.join(cfg.log_dir, "game-%03d%s.log" % (
            game.number, "-" + cfg.labels[game.engine] if len(cfg.engines) > 1 else "")), "w")
    ours = opp = ref = None
    try:
        opts = list(cfg.engine_options)
        if cfg.skill is not None:
            opts.append(("Skill Level", str(cfg.skill)))
        if cfg.hash and not any(n.lower() == "hash" for n, _ in opts):
            opts.append(("Hash", str(cfg.hash)))
        ref = Referee(cfg.fsf, variant, log)
        ours = UCIEngine(cfg.engines[game.engine], "chancellor", variant.name, opts, log)
        if len(cfg.engines) > 1:
            ours.name = "%s (%s)" % (ours.name, cfg.labels[game.engine])
        opp = make_opponent(cfg, variant, log)
        players = [ours, opp] if game.ours_white else [opp, ours]
        game.white, game.black = players[0].name, players[1].name
        for e in players:
            e.new_game(cfg.tc)
        tc = cfg.tc
        clocks = [float(tc.base), float(tc.base)]
        reps = {}
        pos = ref.position(None, [])
        prev = None     # (position, move) whose SAN waits for the check flag
        book = list(game.opening)

        def finish_san(newpos):
            nonlocal prev
            if prev:
                p, mv = prev
                mate = newpos.in_check and not newpos.legal
                game.san.append(to_san(p.fen, mv, p.legal, newpos.in_check, mate))
                prev = None

        while True:
            if STOP.is_set():
                raise EngineError("match interrupted")
            finish_san(pos)
            reps[pos.key] = reps.get(pos.key, 0) + 1
            stm = pos.stm
            winner = "0-1" if stm == 0 else "1-0"
            if not pos.legal:
                if pos.in_check:
                    game.result, game.termination, game.details = winner, "normal", "checkmate"
                else:
                    game.result, game.termination, game.details = "1/2-1/2", "normal", "stalemate"
                break
            if reps[pos.key] >= 3:
                game.result, game.termination, game.details = "1/2-1/2", "normal", "threefold repetition"
                break
            if pos.halfmove >= 100:
                game.result, game.termination, game.details = "1/2-1/2", "normal", "50-move rule"
                break
            if insufficient(pos.fen):
                game.result, game.termination, game.details = "1/2-1/2", "normal", "insufficient material"
                break
            if len(game.moves) >= cfg.max_plies:
                game.result, game.termination, game.details = "1/2-1/2", "adjudication", "%d plies" % cfg.max_plies
                break

            if book:
                mv = book.pop(0)
                if mv not in pos.legal:
                    raise EngineError("opening move %s is illegal here (%s)" % (mv, pos.fen))
                game.comments.append("book")
            else:
                eng = players[stm]
                who = "Chancellor" if eng is ours else "opponent"
                if tc.movetime is not None:
                    limit = tc.movetime + cfg.margin
                else:
                    limit = clocks[stm] + cfg.margin
                try:
                    reply = eng.play(None, game.moves, clocks, stm, tc, max(limit, 1))
                except EngineDied as e:
                    game.result, game.termination = winner, "abandoned"
                    game.details = "%s crashed or exited: %s" % (eng.name, e)
                    game.fault = (who, "crash")
                    break
                over = reply.timeout or (reply.elapsed * 1000.0 > limit)
                if over:
                    w, b = material(pos.fen)
                    other = b if stm == 0 else w
                    game.result = "1/2-1/2" if cannot_mate(other) else winner
                    game.termination = "time forfeit"
                    game.details = "%s lost on time (%.0f ms used, %.0f ms left%s)" % (
                        eng.name, reply.elapsed * 1000.0, clocks[stm],
                        "; opponent cannot mate" if game.result == "1/2-1/2" else "")
                    game.fault = (who, "time")
                    game.flag_fen = pos.fen
                    break
                if reply.resign:
                    game.result, game.termination, game.details = winner, "normal", "%s resigns" % eng.name
                    break
                mv = translate(reply.move, pos)
                if mv not in pos.legal:
                    game.result, game.termination = winner, "rules infraction"
                    game.details = "%s played illegal move %s in %s" % (eng.name, reply.move, pos.fen)
                    game.fault = (who, "illegal")
                    break
                if tc.movetime is None:
                    clocks[stm] += tc.inc - reply.elapsed * 1000.0
                comment = "%s/%s %.2fs" % (reply.score or "?", reply.depth if reply.depth is not None else "?",
                                          reply.elapsed)
                game.comments.append(comment)
                if eng is ours:
                    if reply.nodes is not None and reply.time_ms:
                        game.our_nodes += reply.nodes
                        game.our_ms += reply.time_ms
                    if reply.nps:
                        game.our_nps.append(reply.nps)
                    if reply.depth is not None:
                        game.our_depths.append(reply.depth)
            prev = (pos, mv)
            game.moves.append(mv)
            pos = ref.position(None, game.moves)
        if prev:
            finish_san(pos)
        game.final_fen = pos.fen
    except Disagreement as e:
        game.result, game.termination, game.details = "*", "abandoned", "disagreement: %s" % e
        game.error = str(e)
        game.fault = ("opponent", "disagreement")
    except Exception as e:  # one broken game must not stop the match
        game.result, game.termination = "*", "abandoned"
        game.details = "harness error: %s" % e
        game.error = traceback.format_exc()
    finally:
        for e in (ours, opp, ref):
            if e is not None:
                try:
                    e.close()
                except Exception:
                    pass
        if log:
            if game.error:
                log.write(game.error + "\n")
            log.close()
        game.duration = time.time() - game.start_time
    # SAN list may lag behind on errors
    while len(game.san) < len(game.moves):
        game.san.append(game.moves[len(game.san)])
    return game


# ---------------------------------------------------------------------------
# Output

def pgn_escape(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def game_pgn(cfg, g, comments):
    tags = [
        ("Event", cfg.event),
        ("Site", "?"),
        ("Date", g.date),
        ("Round", str(g.number)),
        ("White", g.white),
        ("Black", g.black),
        ("Result", g.result),
    ]
    if cfg.variant.pgn:
        tags.append(("Variant", cfg.variant.pgn))
    tags += [
        ("TimeControl", cfg.tc.pgn),
        ("Termination", g.termination),
        ("TerminationDetails", g.details),
        ("PlyCount", str(len(g.moves))),
        ("Opening", " ".join(g.opening)),
    ]
    out = ["[%s \"%s\"]" % (k, pgn_escape(v)) for k, v in tags]
    out.append("")
    words = []
    for i, san in enumerate(g.san):
        if i % 2 == 0:
            words.append("%d." % (i // 2 + 1))
        words.append(san)
        if comments and i < len(g.comments):
            words.append("{%s}" % g.comments[i])
    words.append(g.result)
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            out.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    out.append(line)
    out.append("")
    return "\n".join(out) + "\n"


def elo_of(s):
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / s - 1.0)


def _pawns(comment):
    """A move comment's score, in pawns for the side that moved ("+0.35/12
    0.20s"; a mate +-100), or None ("book", "?")."""
    text = comment.split("/")[0]
    if text[:2] in ("+M", "-M"):
        return 100.0 if text[0] == "+" else -100.0
    try:
        return float(text)
    except ValueError:
        return None


def score_lag(games, threshold=1.0):
    """Over the games where both happened: the ply at which the opponent's
    score first reached +threshold pawns, the ply at which ours first fell
    to -threshold, and how many plies later ours did (medians), as a line;
    None when no game had both.  How long our engine fails to see what the
    opponent sees."""
    pairs = []
    for g in games:
        theirs = ours = None
        for i, comment in enumerate(g.comments):
            v = _pawns(comment)
            if v is None:
                continue
            if (i % 2 == 0) == g.ours_white:
                if ours is None and v <= -threshold:
                    ours = i + 1
            elif theirs is None and v >= threshold:
                theirs = i + 1
        if theirs is not None and ours is not None:
            pairs.append((theirs, ours))
    if not pairs:
        return None
    lags = sorted(o - t for t, o in pairs)
    return ("Scores a pawn apart: the opponent's first at +%.2f at ply %g, ours first at -%.2f at ply %g, "
            "%g plies later (medians; quartiles %d, %d; %d games)" % (
                threshold, statistics.median(t for t, _ in pairs), threshold,
                statistics.median(o for _, o in pairs), statistics.median(lags),
                lags[len(lags) // 4], lags[(3 * len(lags)) // 4], len(pairs)))


def time_profile(games, band=20):
    """Mean seconds a move, ours and the opponent's, per band of plies
    (from the comments' "... 0.20s"), as a line; None when no comment has
    a time.  Where each engine spends its clock."""
    spent = {}
    for g in games:
        for i, comment in enumerate(g.comments):
            m = re.search(r" ([0-9.]+)s$", comment)
            if not m:
                continue
            who = 0 if (i % 2 == 0) == g.ours_white else 1
            spent.setdefault(i // band, ([], []))[who].append(float(m.group(1)))
    if not spent:
        return None
    cells = []
    for b in sorted(spent):
        ours, theirs = spent[b]
        mean = lambda xs: "%.2f" % (sum(xs) / len(xs)) if xs else "-"
        cells.append("%d-%d %s/%s" % (b * band, b * band + band - 1, mean(ours), mean(theirs)))
    return "Seconds a move, ours/the opponent's, by plies: " + ", ".join(cells)

def games_from_pgn(text):
    """The games of a PGN this script wrote with --comments: White tag,
    comments in order (one a ply), result; enough for score_lag."""
    games = []
    for number, chunk in enumerate(re.split(r"\n(?=\[Event )", text.strip())):
        if not chunk.strip():
            continue
        white = re.search(r'^\[White "([^"]*)"\]', chunk, re.M)
        g = Game(number + 1, [], bool(white) and white.group(1).startswith("Chancellor"))
        body = re.sub(r'^\[.*\]\s*$', "", chunk, flags=re.M)
        g.comments = re.findall(r"\{([^}]*)\}", body)
        result = re.search(r'^\[Result "([^"]*)"\]', chunk, re.M)
        g.result = result.group(1) if result else "*"
        games.append(g)
    return games


def summary(cfg, games, opp_name, wall, engine=None):
    scored = [g for g in games if g.our_score() is not None]
    n = len(scored)
    w = sum(1 for g in scored if g.our_score() == 1.0)
    d = sum(1 for g in scored if g.our_score() == 0.5)
    l = sum(1 for g in scored if g.our_score() == 0.0)
    lines = []
    lines.append("Chancellor%s vs %s, %s, tc %s, %d games played (%d aborted), %.0f s" % (
        "" if engine is None else " (%s, %s)" % (cfg.labels[engine], cfg.engines[engine]),
        opp_name, cfg.variant.name, cfg.tc.text, len(games), len(games) - n, wall))
    if n:
        xs = [g.our_score() for g in scored]
        s = sum(xs) / n
        sd = math.sqrt(sum((x - s) ** 2 for x in xs) / n)
        se = sd / math.sqrt(n)
        lo, hi = elo_of(s - 1.96 * se), elo_of(s + 1.96 * se)
        margin = (hi - lo) / 2 if math.isfinite(lo) and math.isfinite(hi) else math.inf
        e = elo_of(s)
        lines.append("Chancellor W/D/L: %d/%d/%d  score %.1f%% (%.1f/%d)" % (w, d, l, 100 * s, sum(xs), n))
        lines.append("Elo difference: %+.1f +/- %.1f (95%%; interval %+.0f .. %+.0f)" % (e, margin, lo, hi))
        for col, flag in (("white", True), ("black", False)):
            sub = [g.our_score() for g in scored if g.ours_white == flag]
            if sub:
                lines.append("  as %s: +%d =%d -%d" % (col, sub.count(1.0), sub.count(0.5), sub.count(0.0)))
    terms = {}
    for g in games:
        k = g.details.split(":")[0] if g.termination in ("normal", "adjudication") else g.termination
        terms[k] = terms.get(k, 0) + 1
    lines.append("Terminations: " + ", ".join("%s %d" % kv for kv in sorted(terms.items())))
    lag = score_lag(games)
    if lag:
        lines.append(lag)
    profile = time_profile(games)
    if profile:
        lines.append(profile)
    nodes = sum(g.our_nodes for g in games)
    ms = sum(g.our_ms for g in games)
    nps = [x for g in games for x in g.our_nps]
    depths = [x for g in games for x in g.our_depths]
    if ms:
        lines.append("Chancellor speed: %.0f nps (total nodes / total search time), mean of reported nps %.0f, "
                     "mean depth %.1f" % (1000.0 * nodes / ms, sum(nps) / len(nps) if nps else 0,
                                          sum(depths) / len(depths) if depths else 0))
    for who in ("Chancellor", "opponent"):
        kinds = {"illegal": 0, "time": 0, "crash": 0, "disagreement": 0}
        for g in games:
            if g.fault and g.fault[0] == who:
                kinds[g.fault[1]] = kinds.get(g.fault[1], 0) + 1
        lines.append("%s: illegal moves %d, time losses %d, crashes %d%s" % (
            who if who == "Chancellor" else opp_name, kinds["illegal"], kinds["time"], kinds["crash"],
            (", rejected referee-legal moves %d" % kinds["disagreement"]) if who == "opponent" else ""))
    errs = [g for g in games if g.result == "*"]
    for g in errs:
        lines.append("  game %d aborted: %s" % (g.number, g.details))
    for g in games:
        if g.fault and g.fault[1] in ("time", "illegal", "crash"):
            lines.append("  game %d: %s" % (g.number, g.details))
    return "\n".join(lines)


def comparison(cfg, games):
    """Each build against the first, over the games both finished: the
    mean of the per-game score differences and its 95% margin (the games
    are paired, same opening, colour and time, so the opening's own bias
    cancels out)."""
    by = {(g.engine, g.number): g.our_score() for g in games}
    lines = []
    for k in range(1, len(cfg.engines)):
        diffs, base, new = [], [], []
        for (e, number), s in by.items():
            s0 = by.get((0, number))
            if e == k and s is not None and s0 is not None:
                diffs.append(s - s0)
                base.append(s0)
                new.append(s)
        n = len(diffs)
        if not n:
            lines.append("%s - %s: no game finished by both" % (cfg.labels[k], cfg.labels[0]))
            continue
        mean = sum(diffs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 1.0
        margin = 1.96 * sd / math.sqrt(n)
        s0, s1 = sum(base) / n, sum(new) / n
        lines.append("%s - %s over the %d games both finished: %.1f%% against %.1f%%, difference "
                     "%+.1f +/- %.1f points in 100 (95%%), Elo %+.0f against %+.0f" % (
                         cfg.labels[k], cfg.labels[0], n, 100 * s1, 100 * s0, 100 * mean, 100 * margin,
                         elo_of(s1), elo_of(s0)))
    return "\n".join(lines)


def build_labels(paths):
    """Short names for the builds: the file names, numbered where two are
    alike."""
    names = [os.path.basename(p) for p in paths]
    if len(set(names)) < len(names):
        names = ["%d:%s" % (i + 1, n) for i, n in enumerate(names)]
    return names


def self_test():
    """Checks the parts that need no engine: the paired comparison and the
    build names (sprt.py's self-test checks the refused --pgn)."""
    failures = 0

    def check(what, ok):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += not ok

    check("build names are file names", build_labels(["/a/x", "/b/y"]) == ["x", "y"])
    check("alike build names are numbered", build_labels(["/a/x", "/b/x"]) == ["1:x", "2:x"])
    cfg = argparse.Namespace(engines=["/a/base", "/b/new"], labels=["base", "new"])
    games = []
    # Base scores 1, 0.5, 0, 0 and the new build 1, 1, 0.5, * (unfinished):
    # over the three games both finished, differences 0, +0.5, +0.5.
    for number, (r0, r1) in enumerate((("1-0", "1-0"), ("1/2-1/2", "1-0"), ("0-1", "1/2-1/2"), ("0-1", "*"))):
        for e, r in enumerate((r0, r1)):
            g = Game(number + 1, [], True, e)
            g.result = r
            games.append(g)
    text = comparison(cfg, games)
    mean, sd = 1 / 3, math.sqrt(((0 - 1 / 3) ** 2 + 2 * (0.5 - 1 / 3) ** 2) / 2)
    want = "difference %+.1f +/- %.1f points" % (100 * mean, 100 * 1.96 * sd / math.sqrt(3))
    check("paired difference over the games both finished (%s)" % want,
          "over the 3 games" in text and want in text and "83.3% against 50.0%" in text)
    # Score lag: we are White; the opponent (Black) reaches +1.2 at ply 4
    # and a mate at ply 6, we see a mate against us at ply 7; book and
    # unknown scores are skipped.
    g = Game(1, [], True)
    g.comments = ["book", "book", "+0.10/9 0.1s", "+1.20/9 0.1s", "-0.30/9 0.1s", "+M7/9 0.1s",
                  "-M5/9 0.1s", "?/? 0.1s", "-1.00/9 0.1s"]
    lag = score_lag([g])
    check("score lag: the opponent at ply 4, we at ply 7 (%s)" % lag,
          lag is not None and "at ply 4," in lag and "at ply 7," in lag and "3 plies later" in lag)
    g.san = ["a%d" % (i + 1) for i in range(len(g.comments))]
    g.white, g.black = "Chancellor dev", "Fairy-Stockfish"
    pgn = game_pgn(argparse.Namespace(event="t", variant=argparse.Namespace(pgn=None),
                                      tc=argparse.Namespace(pgn="1+0")), g, True)
    again = games_from_pgn(pgn + "\n" + pgn)
    check("a PGN written with comments reads back for the lag",
          len(again) == 2 and again[1].comments == g.comments and again[0].ours_white
          and score_lag(again) == score_lag([g, g]))
    lag = score_lag([g], 50.0) or ""
    check("score lag: mates count as 100 pawns, the opponent's at ply 6, ours at 7 (%s)" % lag,
          "at ply 6," in lag and "at ply 7," in lag and "1 plies later" in lag)
    g.comments = ["book", "+0.10/9 0.30s", "+0.20/9 0.10s", "+0.10/9 0.50s", "-0.30/9 0.20s"]
    profile = time_profile([g], band=2) or ""
    check("time profile: ours 0.10 and 0.20 s, the opponent's 0.30 and 0.50 (%s)" % profile,
          profile.endswith("0-1 -/0.30, 2-3 0.10/0.50, 4-5 0.20/-"))
    print("self-test: %s" % ("all passed" if not failures else "%d failed" % failures))
    return 1 if failures else 0


# ---------------------------------------------------------------------------

def parse_option(text):
    if "=" not in text:
        raise argparse.ArgumentTypeError("expected NAME=VALUE, got %r" % text)
    n, v = text.split("=", 1)
    return n.strip(), v.strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", action="append", default=[],
                    help="chancellor-engine binary (default _build/src/cli/chancellor-engine); give it again to "
                         "compare builds on the same games, each game played by every build side by side")
    ap.add_argument("--opponent", choices=("fairymax", "fairy-stockfish"), default="fairymax")
    ap.add_argument("--opponent-path", help="opponent binary (default /usr/games/<opponent>)")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish", help="Fairy-Stockfish for the referee and book")
    ap.add_argument("--games", type=int, default=10, help="number of games (opening k is used by games 2k-1 and 2k)")
    ap.add_argument("--tc", default="10+0.1", help="BASE+INC in seconds, or st=SECONDS per move")
    ap.add_argument("--margin", type=int, default=200, help="ms an engine may overstep its clock")
    ap.add_argument("--variant", default="capablanca", choices=sorted(VARIANTS))
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--pgn", default="match.pgn", help="output PGN file (refused if it exists)")
    ap.add_argument("--comments", action="store_true", help="add {score/depth time} comments to the PGN")
    ap.add_argument("--seed", type=int, default=1, help="seed for generated openings")
    ap.add_argument("--openings", help="file of opening move lists (UCI, one opening a line); default: "
                    "tools/openings-VARIANT.txt if present, else generated")
    ap.add_argument("--random-openings", action="store_true", help="generate openings even if a file exists")
    ap.add_argument("--opening-plies", type=int, default=8)
    ap.add_argument("--make-openings", type=int, metavar="N",
                    help="only write N generated openings to --openings-out (or stdout) and exit")
    ap.add_argument("--openings-out")
    ap.add_argument("--skill", type=int, help="Skill Level for Chancellor")
    ap.add_argument("--hash", type=int, help="hash MB for both engines (XBoard: memory)")
    ap.add_argument("--engine-option", action="append", default=[], type=parse_option, metavar="NAME=VALUE")
    ap.add_argument("--opponent-option", action="append", default=[], type=parse_option, metavar="NAME=VALUE",
                    help="UCI setoption for fairy-stockfish; for fairymax 'option NAME=VALUE' (Hash -> memory)")
    ap.add_argument("--max-plies", type=int, default=300, help="adjudicate a draw after this many plies")
    ap.add_argument("--log-dir", help="write each game's protocol transcript here")
    ap.add_argument("--event", default="Chancellor match")
    ap.add_argument("--self-test", action="store_true", help="check the comparison arithmetic and exit")
    ap.add_argument("--score-lag", metavar="PGN", help="print the score lag (see the summary) of a PGN this "
                    "script wrote with --comments, and exit")
    cfg = ap.parse_args(argv)
    if cfg.self_test:
        return self_test()
    if cfg.score_lag:
        try:
            with open(cfg.score_lag, encoding="utf-8") as f:
                games = games_from_pgn(f.read())
        except OSError as e:
            print("match.py: cannot read %s: %s" % (cfg.score_lag, e.strerror), file=sys.stderr)
            return 1
        print(score_lag(games) or "%s: no game where both scores passed a pawn" % cfg.score_lag)
        print(time_profile(games) or "%s: no move with a time" % cfg.score_lag)
        return 0

    cfg.variant = VARIANTS[cfg.variant]
    if cfg.variant.note:
        print("note: " + cfg.variant.note, file=sys.stderr)
    cfg.tc = TimeControl(cfg.tc)
    if cfg.opponent_path is None:
        cfg.opponent_path = "/usr/games/" + cfg.opponent
    cfg.opponent_options = cfg.opponent_option
    cfg.engine_options = cfg.engine_option
    cfg.engines = cfg.engine or [os.path.join(REPO, "_build", "src", "cli", "chancellor-engine")]
    cfg.labels = build_labels(cfg.engines)

    if cfg.make_openings:
        ops = generate_openings(cfg.make_openings, cfg.opening_plies, cfg.variant, cfg.seed, cfg.fsf)
        text = "".join(" ".join(o) + "\n" for o in ops)
        header = ("# %d openings of %d plies for %s, generated by tools/match.py --make-openings "
                  "--seed %d\n" % (len(ops), cfg.opening_plies, cfg.variant.name, cfg.seed))
        if cfg.openings_out:
            with open(cfg.openings_out, "w") as f:
                f.write(header + text)
        else:
            sys.stdout.write(header + text)
        return 0

    if cfg.opponent == "fairymax" and cfg.variant.xboard is None:
        ap.error("fairymax does not play %s" % cfg.variant.name)
    for p in cfg.engines + [cfg.opponent_path, cfg.fsf]:
        if not os.access(p, os.X_OK):
            ap.error("not executable: %s" % p)
    if cfg.log_dir:
        os.makedirs(cfg.log_dir, exist_ok=True)

    pairs = (cfg.games + 1) // 2
    default_file = os.path.join(HERE, "openings-%s.txt" % cfg.variant.name)
    if cfg.openings:
        openings = read_openings(cfg.openings)
        src = cfg.openings
    elif os.path.exists(default_file) and not cfg.random_openings:
        openings = read_openings(default_file)
        src = default_file
    else:
        print("generating %d openings (seed %d)..." % (pairs, cfg.seed), flush=True)
        openings = generate_openings(pairs, cfg.opening_plies, cfg.variant, cfg.seed, cfg.fsf)
        src = "generated, seed %d" % cfg.seed
    if not openings:
        openings = [[]]
    try:
        pgn_file = open_new_pgn(cfg.pgn)
    except OSError as e:
        ap.error(str(e))
    games = []
    for i in range(cfg.games):
        for e in range(len(cfg.engines)):
            games.append(Game(i + 1, openings[(i // 2) % len(openings)], i % 2 == 0, e))

    def on_signal(signum, frame):
        STOP.set()
        kill_all()
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    print("Chancellor (%s) vs %s, %s, tc %s, %d games%s, concurrency %d, openings: %s" % (
        ", ".join(cfg.engines), cfg.opponent, cfg.variant.name, cfg.tc.text, cfg.games,
        " for each build" if len(cfg.engines) > 1 else "", cfg.concurrency, src), flush=True)
    t0 = time.time()
    done = []
    opp_name = cfg.opponent
    total = [0.0] * len(cfg.engines)
    ex = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, cfg.concurrency))
    try:
        futs = [ex.submit(play_game, cfg, g) for g in games]
        # Games are written as they end, so an interrupted run keeps them;
        # the file is rewritten in game order at the end.
        for f in concurrent.futures.as_completed(futs):
            g = f.result()
            done.append(g)
            pgn_file.write(game_pgn(cfg, g, cfg.comments))
            pgn_file.flush()
            s = g.our_score()
            total[g.engine] += s or 0
            if g.result != "*":
                opp_name = g.black if g.ours_white else g.white
            print("game %3d/%d%s  %-22s vs %-22s %-7s %-18s %3d plies %5.1fs  Chancellor %.1f/%d%s" % (
                g.number, cfg.games, (" " + cfg.labels[g.engine]) if len(cfg.engines) > 1 else "",
                g.white[:22], g.black[:22], g.result, g.details[:18], len(g.moves),
                g.duration, total[g.engine],
                sum(1 for x in done if x.engine == g.engine and x.our_score() is not None),
                ("  [%s]" % g.details) if (g.fault or g.result == "*") else ""), flush=True)
    except KeyboardInterrupt:
        STOP.set()
        kill_all()
        print("interrupted", file=sys.stderr)
    finally:
        STOP.set() if len(done) < len(games) else None
        ex.shutdown(wait=True, cancel_futures=True)
        kill_all()
    done.sort(key=lambda g: (g.number, g.engine))
    pgn_file.seek(0)
    pgn_file.truncate()
    for g in done:
        pgn_file.write(game_pgn(cfg, g, cfg.comments))
    pgn_file.close()
    print()
    wall = time.time() - t0
    if len(cfg.engines) == 1:
        print(summary(cfg, done, opp_name, wall))
    else:
        for e in range(len(cfg.engines)):
            print(summary(cfg, [g for g in done if g.engine == e], opp_name, wall, e))
            print()
        print(comparison(cfg, done))
    print("PGN: %s" % cfg.pgn)
    return 0 if len(done) == len(games) else 1


if __name__ == "__main__":
    sys.exit(main())
