#!/usr/bin/env python3
"""sprt.py -- self-play SPRT between two chancellor-engine builds.

A candidate engine plays a base engine, several games at once (each engine
one thread), each book opening twice with colours swapped (a game pair).
The rules come from tools/referee (our rules library, whose perft is
checked against reference counts): it checks every move, names it in SAN
and ends games on mate, stalemate, threefold repetition, the 50-move rule
and insufficient material.  Clocks are counted exactly, with no margin: the
time from sending ``go`` to reading ``bestmove``; an engine whose clock
runs out loses (a draw when the other side cannot mate).

The stop rule is a sequential probability ratio test on game pairs
(pentanomial statistics), with logistic Elo bounds elo0/elo1 and
alpha = beta = 0.05 by default; the Elo estimate comes from the same pair
scores.  Python 3 standard library only.  See tools/README.md.
"""

import argparse
import datetime
import math
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


# ---------------------------------------------------------------------------
# Statistics

def score_of_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / s - 1.0)


def penta_moments(penta):
    """Mean and variance of the pair score (0, 1/4, ..., 1) per pair."""
    n = sum(penta)
    if n == 0:
        return 0.5, 0.0, 0
    xs = [0.0, 0.25, 0.5, 0.75, 1.0]
    mu = sum(x * c for x, c in zip(xs, penta)) / n
    var = sum(c * (x - mu) ** 2 for x, c in zip(xs, penta)) / n
    return mu, var, n


def llr(penta, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0) from pentanomial
    counts, in the normal (generalised SPRT) approximation:
    LLR = N (s1 - s0) (2 mu - s0 - s1) / (2 var)."""
    mu, var, n = penta_moments(penta)
    if n == 0:
        return 0.0
    # A floor on the variance (a real match has about 0.03-0.1), so that a
    # few alike pairs cannot look certain.
    var = max(var, 0.01)
    s0, s1 = score_of_elo(elo0), score_of_elo(elo1)
    return n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)


def sprt_bounds(alpha, beta):
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def elo_estimate(penta):
    """Elo and the half width of its 95% interval, from pair scores."""
    mu, var, n = penta_moments(penta)
    if n == 0:
        return 0.0, float("inf")
    se = math.sqrt(var / n) if n > 1 else 0.5
    lo, hi = elo_of_score(mu - 1.959964 * se), elo_of_score(mu + 1.959964 * se)
    return elo_of_score(mu), (hi - lo) / 2


def self_test():
    """Checks the arithmetic above against values worked by hand."""
    failures = 0

    def check(what, got, want, tol):
        nonlocal failures
        ok = abs(got - want) <= tol
        print(("ok   " if ok else "FAIL ") + "%s: %.6f (want %.6f)" % (what, got, want))
        failures += not ok

    check("score of +0 Elo", score_of_elo(0), 0.5, 1e-12)
    check("score of +10 Elo", score_of_elo(10), 0.514387, 1e-6)
    check("Elo of 75%", elo_of_score(0.75), 190.848501, 1e-5)
    check("Elo of 50%", elo_of_score(0.5), 0.0, 1e-9)
    a, b = sprt_bounds(0.05, 0.05)
    check("lower bound", a, -2.944439, 1e-6)
    check("upper bound", b, 2.944439, 1e-6)
    # 100 pairs 10/20/40/20/10: mean 0.5, variance 0.075, so
    # LLR = 100 * 0.014387 * (1 - 0.5 - 0.514387) / 0.15.
    mu, var, n = penta_moments([10, 20, 40, 20, 10])
    check("pair mean", mu, 0.5, 1e-12)
    check("pair variance", var, 0.075, 1e-12)
    s1 = score_of_elo(10)
    check("LLR [0,10] even", llr([10, 20, 40, 20, 10], 0, 10), 100 * (s1 - 0.5) * (0.5 - s1) / 0.15, 1e-9)
    check("LLR [0,10] even, value", llr([10, 20, 40, 20, 10], 0, 10), -0.137987, 1e-5)
    # A clearly better engine: mean 0.6 over 400 pairs passes H1.
    strong = [20, 60, 140, 120, 60]
    check("strong mean", penta_moments(strong)[0], (0.25 * 60 + 0.5 * 140 + 0.75 * 120 + 60) / 400, 1e-12)
    check("strong LLR above H1 bound", float(llr(strong, 0, 10) > b), 1.0, 0)
    elo, err = elo_estimate([10, 20, 40, 20, 10])
    check("Elo of an even match", elo, 0.0, 1e-9)
    # 95% interval: 0.5 +- 1.96 * sqrt(0.075 / 100) = 0.5 +- 0.053676.
    check("Elo error", err, (elo_of_score(0.5 + 1.959964 * math.sqrt(0.00075))
                             - elo_of_score(0.5 - 1.959964 * math.sqrt(0.00075))) / 2, 1e-9)
    check("--prior read", float(parse_penta("1,2,3,4,5") == [1, 2, 3, 4, 5]), 1.0, 0)
    for bad in ("1,2,3,4", "1,2,3,4,x", "1,2,-3,4,5", "1,2,3,4,5,6"):
        try:
            parse_penta(bad)
            refused = False
        except argparse.ArgumentTypeError:
            refused = True
        check("--prior %r refused" % bad, float(refused), 1.0, 0)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pgn")
        with open_new_pgn(path) as f:
            f.write("[Event \"kept\"]\n")
        try:
            open_new_pgn(path).close()
            refused = False
        except OSError as e:
            refused = "already exists" in str(e)
        check("an existing --pgn refused", float(refused), 1.0, 0)
        with open(path, encoding="utf-8") as f:
            check("an existing --pgn kept", float(f.read() == "[Event \"kept\"]\n"), 1.0, 0)
    print("self-test: %s" % ("all passed" if not failures else "%d failed" % failures))
    return 1 if failures else 0


def open_new_pgn(path):
    """The PGN file for writing, refused when it already exists: a second
    match started with the same --pgn would otherwise empty the first's
    games while it is still writing them."""
    try:
        return open(path, "x", encoding="utf-8")
    except FileExistsError:
        raise OSError("%s already exists (another match's games?): give --pgn a new name or remove it" % path)


# ---------------------------------------------------------------------------
# Processes

class EngineFailure(Exception):
    pass


class Proc:
    """A child process read line by line on a thread of its own; each line
    is stamped with the monotonic time it arrived."""

    def __init__(self, argv, label):
        self.label = label
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.t = threading.Thread(target=self._reader, daemon=True)
        self.t.start()

    def _reader(self):
        for line in self.p.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFailure("%s: cannot write (died)" % self.label)
        return time.monotonic()

    def read(self, deadline):
        """The next (time, line); None on timeout; raises when it died."""
        wait = deadline - time.monotonic()
        try:
            stamp, line = self.lines.get(timeout=max(wait, 0.0))
        except queue.Empty:
            return None
        if line is None:
            raise EngineFailure("%s: died" % self.label)
        return stamp, line

    def expect(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while True:
            got = self.read(deadline)
            if got is None:
                raise EngineFailure("%s: no answer" % self.label)
            if predicate(got[1]):
                return got

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=2)
        except Exception:
            pass
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()


class Engine:
    def __init__(self, path, label, options):
        self.path, self.label, self.options = path, label, options
        self.proc = None

    def start(self):
        self.proc = Proc([self.path], self.label)
        self.proc.send("uci")
        self.proc.expect(lambda l: l == "uciok", 10)
        for name, value in self.options:
            self.proc.send("setoption name %s value %s" % (name, value))
        self.sync()

    def sync(self):
        self.proc.send("isready")
        self.proc.expect(lambda l: l == "readyok", 30)

    def new_game(self, game):
        if self.proc is None or self.proc.p.poll() is not None:
            self.start()
        self.proc.send("setoption name UCI_Variant value %s" % game)
        self.proc.send("ucinewgame")
        self.sync()

    def go(self, fen, moves, wtime, btime, winc, binc, limit):
        """Sends the position and go; returns (bestmove, elapsed seconds,
        last score or None, nodes).  bestmove is None when no answer came
        within limit seconds."""
        pos = "position fen %s" % fen + (" moves " + " ".join(moves) if moves else "")
        self.proc.send(pos)
        start = self.proc.send("go wtime %d btime %d winc %d binc %d" % (wtime, btime, winc, binc))
        score, nodes = None, 0
        deadline = start + limit
        while True:
            got = self.proc.read(deadline)
            if got is None:
                return None, time.monotonic() - start, score, nodes
            stamp, line = got
            words = line.split()
            if not words:
                continue
            if words[0] == "bestmove":
                return (words[1] if len(words) > 1 else "0000"), stamp - start, score, nodes
            if words[0] == "info" and "score" in words:
                i = words.index("score")
                try:
                    value = int(words[i + 2])
                    score = value if words[i + 1] == "cp" else (100000 - abs(value)) * (1 if value > 0 else -1)
                except (IndexError, ValueError):
                    pass
                if "nodes" in words:
                    try:
                        nodes = int(words[words.index("nodes") + 1])
                    except (IndexError, ValueError):
                        pass

    def kill(self):
        if self.proc:
            self.proc.close()
            self.proc = None


class Referee:
    def __init__(self, path):
        self.proc = Proc([path], "referee")

    def ask(self, line):
        self.proc.send(line)
        return self.proc.expect(lambda l: True, 10)[1]

    def new(self, game, fen):
        answer = self.ask("new %s %s" % (game, fen))
        if answer != "ok":
            raise ValueError(answer[6:] if answer.startswith("error ") else answer)

    def move(self, uci):
        answer = self.ask("move %s" % uci)
        return answer[3:] if answer.startswith("ok ") else None

    def status(self):
        w = self.ask("status").split()
        # status WORD check C mating W B fen FEN...
        return {"status": w[1], "check": w[3] == "1", "mating": (w[5] == "1", w[6] == "1"),
                "fen": " ".join(w[8:])}

    def close(self):
        self.proc.close()


# ---------------------------------------------------------------------------
# Books and games

def read_book(path, game=None, referee=None):
    """FEN lines, '#' comments and blank lines skipped; a malformed line,
    or one the referee refuses for game, refuses the whole book with its
    line number."""
    fens = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 4 or fields[1] not in ("w", "b") or "/" not in fields[0]:
                raise ValueError("%s:%d: not a FEN: %r" % (path, number, line[:80]))
            if len(fields) == 4:
                fields += ["0", "1"]
            fen = " ".join(fields[:6])
            if referee:
                try:
                    referee.new(game, fen)
                except ValueError as e:
                    raise ValueError("%s:%d: not a position of %s: %s" % (path, number, game, e))
            fens.append(fen)
    if not fens:
        raise ValueError("%s: no positions" % path)
    return fens


class TimeControl:
    def __init__(self, text):
        base, _, inc = text.partition("+")
        self.base = float(base)
        self.inc = float(inc or 0)
        self.text = text

    def pgn(self):
        return "%g+%g" % (self.base, self.inc)


class GameRecord:
    def __init__(self, game, fen, white, black, round_):
        self.game, self.fen, self.white, self.black, self.round = game, fen, white, black, round_
        self.sans = []
        self.result = "*"
        self.reason = ""


def play_game(cfg, engines, referee, game, fen, new_is_white, round_):
    """Plays one game; returns its record and the score of the candidate."""
    new, base = engines
    white, black = (new, base) if new_is_white else (base, new)
    rec = GameRecord(game, fen, white.label, black.label, round_)
    referee.new(game, fen)
    for e in (white, black):
        e.new_game(game)
    moves = []
    clock = [cfg.tc.base, cfg.tc.base]
    inc_ms = int(round(cfg.tc.inc * 1000))
    stm = 0 if fen.split()[1] == "w" else 1
    scores = []                       # white's point of view, per ply
    result = None
    while result is None:
        st = referee.status()
        if st["status"] != "ongoing":
            if st["status"] == "checkmate":
                result = ("0-1" if stm == 0 else "1-0", "checkmate")
            else:
                result = ("1/2-1/2", st["status"])
            break
        if len(moves) >= cfg.max_plies:
            result = ("1/2-1/2", "adjudication: %d plies" % cfg.max_plies)
            break
        mover = white if stm == 0 else black
        limit = clock[stm] + cfg.time_margin + 5.0
        try:
            best, elapsed, score, nodes = mover.go(fen, moves, int(clock[0] * 1000), int(clock[1] * 1000),
                                                   inc_ms, inc_ms, limit)
        except EngineFailure as e:
            mover.kill()
            result = ("0-1" if stm == 0 else "1-0", "crash: %s" % e)
            cfg.stats_add(mover.label, "crashes")
            break
        cfg.stats_time(mover.label, clock[stm], elapsed)
        if best is None or elapsed > clock[stm] + cfg.time_margin:
            if best is None:
                mover.kill()
            cfg.stats_add(mover.label, "time losses")
            other_can_mate = st["mating"][1 - stm]
            result = (("0-1" if stm == 0 else "1-0") if other_can_mate else "1/2-1/2",
                      "time forfeit (%s over by %.0f ms)" % (mover.label, (elapsed - clock[stm]) * 1000))
            break
        san = referee.move(best)
        if san is None:
            cfg.stats_add(mover.label, "illegal moves")
            result = ("0-1" if stm == 0 else "1-0", "illegal move %s by %s" % (best, mover.label))
            break
        clock[stm] = max(clock[stm] - elapsed, 0.001) + cfg.tc.inc
        moves.append(best)
        rec.sans.append(san)
        scores.append(None if score is None else (score if stm == 0 else -score))
        stm = 1 - stm
        result = adjudicate(cfg, scores)
    rec.result, rec.reason = result
    points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[rec.result]
    return rec, points if new_is_white else 1.0 - points


def adjudicate(cfg, scores):
    """Both engines agree a side is winning by resign_score for
    resign_moves moves each, or the score stayed within draw_score for
    draw_moves moves each after draw_after plies."""
    n = 2 * cfg.resign_moves
    if cfg.resign_moves and len(scores) >= n:
        tail = scores[-n:]
        if all(s is not None and s >= cfg.resign_score for s in tail):
            return ("1-0", "adjudication: both engines score White above %d" % cfg.resign_score)
        if all(s is not None and s <= -cfg.resign_score for s in tail):
            return ("0-1", "adjudication: both engines score Black above %d" % cfg.resign_score)
    n = 2 * cfg.draw_moves
    if cfg.draw_moves and len(scores) >= max(n, cfg.draw_after):
        if all(s is not None and abs(s) <= cfg.draw_score for s in scores[-n:]):
            return ("1/2-1/2", "adjudication: scores within %d for %d moves" % (cfg.draw_score, cfg.draw_moves))
    return None


def pgn_of(rec, cfg, date):
    tags = [("Event", cfg.event), ("Site", "?"), ("Date", date), ("Round", str(rec.round)),
            ("White", rec.white), ("Black", rec.black), ("Result", rec.result),
            ("Variant", rec.game), ("SetUp", "1"), ("FEN", rec.fen),
            ("TimeControl", cfg.tc.pgn()), ("Termination", rec.reason)]
    out = ["[%s \"%s\"]" % (k, v.replace("\\", "\\\\").replace('"', '\\"')) for k, v in tags]
    out.append("")
    fields = rec.fen.split()
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    white_to_move = fields[1] == "w"
    words = []
    for i, san in enumerate(rec.sans):
        if white_to_move:
            words.append("%d. %s" % (number, san))
        elif i == 0:
            words.append("%d... %s" % (number, san))
        else:
            words.append(san)
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    words.append(rec.result)
    line, lines = "", []
    for w in words:
        if len(line) + len(w) + 1 > 79:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    lines.append(line)
    return "\n".join(out + lines) + "\n\n"


def run_worker(engines, referee, next_item, play, broken):
    """One worker thread's loop: play(item) for every item next_item()
    gives until it gives None.  An exception is printed and counted by
    broken() (a broken worker should not hang the match); the engines and
    the referee are closed at the end either way."""
    try:
        while True:
            item = next_item()
            if item is None:
                break
            play(item)
    except Exception as e:
        print("worker stopped: %r" % e, file=sys.stderr, flush=True)
        broken()
    finally:
        for e in engines:
            e.kill()
        referee.close()


def run_workers(worker, count, stop):
    """count threads running worker() until each returns.  SIGTERM (and
    SIGINT, which a background job ignores) sets stop, so that the workers
    finish the pairs under way and the caller prints its summary."""
    def finish(signum, frame):
        if not stop.is_set():
            print("signal %d: finishing the pairs under way" % signum, flush=True)
        stop.set()
    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        while t.is_alive():
            t.join(0.5)


# ---------------------------------------------------------------------------
# The match

class Match:
    def __init__(self, args):
        self.args = args
        self.tc = TimeControl(args.tc)
        self.max_plies = args.max_plies
        self.time_margin = args.timemargin / 1000.0
        self.resign_moves, self.resign_score = args.resign_moves, args.resign_score
        self.draw_moves, self.draw_score, self.draw_after = args.draw_moves, args.draw_score, args.draw_after
        self.event = "SPRT %s vs %s" % (args.new_name, args.base_name)
        self.lock = threading.Lock()
        self.penta = [0, 0, 0, 0, 0]
        self.prior = args.prior or [0, 0, 0, 0, 0]
        self.wdl = [0, 0, 0]
        self.by_game = {}
        self.counters = {}
        self.time_use = {}
        self.stop = threading.Event()
        self.decision = None
        self.pairs_started = 0
        self.worker_errors = 0
        self.round = 0
        self.started = time.monotonic()
        self.lower, self.upper = sprt_bounds(args.alpha, args.beta)

    def stats_add(self, label, what):
        with self.lock:
            self.counters[(label, what)] = self.counters.get((label, what), 0) + 1

    def stats_time(self, label, left, used):
        with self.lock:
            t = self.time_use.setdefault(label, {"moves": 0, "least margin ms": float("inf"), "overruns": 0})
            t["moves"] += 1
            t["least margin ms"] = min(t["least margin ms"], (left - used) * 1000)
            t["overruns"] += used > left

    def combined(self):
        """This run's pair counts with those of --prior (earlier runs)."""
        return [a + b for a, b in zip(self.penta, self.prior)]

    def line(self):
        games = sum(self.wdl)
        text = "games %d  W-D-L %d-%d-%d  penta %s" % (games, self.wdl[0], self.wdl[1], self.wdl[2], self.penta)
        if any(self.prior):
            elo, err = elo_estimate(self.penta) if sum(self.penta) else (0.0, 0.0)
            text += "  Elo %+.1f +- %.1f  with prior: games %d  penta %s" % (
                elo, err, 2 * sum(self.combined()), self.combined())
        elo, err = elo_estimate(self.combined())
        value = llr(self.combined(), self.args.elo0, self.args.elo1)
        return (text + "  Elo %+.1f +- %.1f  LLR %.2f (%.2f, %.2f) [%g, %g]"
                % (elo, err, value, self.lower, self.upper, self.args.elo0, self.args.elo1))

    def record_pair(self, game, points, recs):
        with self.lock:
            self.penta[int(round(sum(points) * 2))] += 1
            g = self.by_game.setdefault(game, [0, 0, 0])
            for p in points:
                k = 0 if p == 1.0 else 1 if p == 0.5 else 2
                self.wdl[k] += 1
                g[k] += 1
            if self.pgn:
                date = datetime.date.today().strftime("%Y.%m.%d")
                for r in recs:
                    self.pgn.write(pgn_of(r, self, date))
                self.pgn.flush()
            value = llr(self.combined(), self.args.elo0, self.args.elo1)
            print("%6.0fs %s" % (time.monotonic() - self.started, self.line()), flush=True)
            if self.args.sprt and self.decision is None and sum(self.combined()) >= self.args.min_pairs:
                if value >= self.upper:
                    self.decision = "H1 accepted"
                elif value <= self.lower:
                    self.decision = "H0 accepted"
                if self.decision:
                    self.stop.set()
            if sum(self.wdl) >= self.args.max_games:
                self.stop.set()

    def next_pair(self):
        with self.lock:
            if self.stop.is_set() or 2 * self.pairs_started >= self.args.max_games:
                return None
            task = self.tasks[self.pairs_started % len(self.tasks)]
            self.pairs_started += 1
            self.round += 1
            return task, self.round

    def worker(self):
        a = self.args
        new = Engine(a.new, a.new_name, a.new_options)
        base = Engine(a.base, a.base_name, a.base_options)
        referee = Referee(a.referee)

        def play(item):
            (game, fen), number = item
            points, recs = [], []
            for new_is_white in (True, False):
                rec, p = play_game(self, (new, base), referee, game, fen, new_is_white,
                                   "%d.%d" % (number, 1 if new_is_white else 2))
                recs.append(rec)
                points.append(p)
            self.record_pair(game, points, recs)

        def broken():
            with self.lock:
                self.worker_errors += 1
        run_worker((new, base), referee, self.next_pair, play, broken)

    def run(self):
        a = self.args
        rng = random.Random(a.seed)
        per_game = []
        referee = Referee(a.referee)
        try:
            for game in a.games:
                fens = read_book(os.path.join(a.books, game + ".epd"), game, referee)
                rng.shuffle(fens)
                per_game.append([(game, f) for f in fens])
        finally:
            referee.close()
        # Games take turns, so every prefix of the match mixes them.
        self.tasks = []
        for i in range(max(len(p) for p in per_game)):
            for p in per_game:
                if i < len(p):
                    self.tasks.append(p[i])
        self.pgn = open_new_pgn(a.pgn) if a.pgn else None
        run_workers(self.worker, a.concurrency, self.stop)
        if self.pgn:
            self.pgn.close()
        self.report()

    def report(self):
        print("\n== %s, tc %s, %d at once, games %s" % (self.event, self.tc.text, self.args.concurrency,
                                                      ",".join(self.args.games)))
        print(self.line())
        for game, (w, d, l) in sorted(self.by_game.items()):
            print("  %-26s W-D-L %d-%d-%d" % (game, w, d, l))
        for (label, what), n in sorted(self.counters.items()):
            print("  %s: %d %s" % (label, n, what))
        for label, t in sorted(self.time_use.items()):
            print("  %s: %d moves, %d over the clock, least time left after a move %.0f ms"
                  % (label, t["moves"], t["overruns"], t["least margin ms"]))
        print("SPRT: %s" % (self.decision or "no decision"))


def parse_penta(text):
    """Five pair counts, for --prior: "a,b,c,d,e", each a whole number >= 0."""
    parts = text.split(",")
    try:
        counts = [int(x) for x in parts]
    except ValueError:
        counts = []
    if len(parts) != 5 or len(counts) != 5 or min(counts) < 0:
        raise argparse.ArgumentTypeError("--prior must be five counts of game pairs, as a,b,c,d,e (got %r)" % text)
    return counts


def parse_option(text):
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError("option must be NAME=VALUE")
    return name, value


def main(argv=None):
    p = argparse.ArgumentParser(description="Self-play SPRT between two chancellor-engine builds.")
    p.add_argument("--self-test", action="store_true", help="check the SPRT arithmetic and exit")
    p.add_argument("--new", help="candidate engine")
    p.add_argument("--base", help="base engine")
    p.add_argument("--new-name", default="new")
    p.add_argument("--base-name", default="base")
    p.add_argument("--new-option", dest="new_options", action="append", type=parse_option, default=[],
                   metavar="NAME=VALUE")
    p.add_argument("--base-option", dest="base_options", action="append", type=parse_option, default=[],
                   metavar="NAME=VALUE")
    p.add_argument("--referee", default=os.path.join(REPO, "_build", "tools", "referee"))
    p.add_argument("--games", default="capablanca,ajax", help="comma-separated game ids")
    p.add_argument("--books", default=os.path.join(HERE, "books"))
    p.add_argument("--tc", default="2+0.02", help="seconds+increment")
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--timemargin", type=int, default=0, metavar="MS",
                   help="time an engine may exceed its clock by before it loses (default 0)")
    p.add_argument("--max-games", type=int, default=2000)
    p.add_argument("--no-sprt", dest="sprt", action="store_false", help="play max-games, no stop rule")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=10.0)
    p.add_argument("--min-pairs", type=int, default=20, help="game pairs before the SPRT may stop")
    p.add_argument("--prior", type=parse_penta, metavar="A,B,C,D,E",
                   help="pair counts (0, 1/2, 1, 3/2, 2 points) of earlier runs of the same two builds, "
                        "added to this run's for the estimate and the stop rule")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--resign-moves", type=int, default=4, help="0: no win adjudication")
    p.add_argument("--resign-score", type=int, default=1000)
    p.add_argument("--draw-moves", type=int, default=10, help="0: no draw adjudication")
    p.add_argument("--draw-score", type=int, default=5)
    p.add_argument("--draw-after", type=int, default=120, help="plies before a draw adjudication")
    p.add_argument("--seed", type=int, default=1, help="order of the book openings")
    p.add_argument("--pgn")
    p.add_argument("--check-clean", action="store_true",
                   help="exit 1 unless every game was played with no crash, illegal move or broken worker")
    a = p.parse_args(argv)
    if a.self_test:
        return self_test()
    if not a.new or not a.base:
        p.error("--new and --base are needed")
    a.games = [g for g in a.games.split(",") if g]
    for path in (a.new, a.base, a.referee):
        if not os.access(path, os.X_OK):
            p.error("not an executable: %s" % path)
    a.new, a.base, a.referee = (os.path.abspath(x) for x in (a.new, a.base, a.referee))
    m = Match(a)
    try:
        m.run()
    except (OSError, ValueError) as e:
        print("sprt.py: %s" % e, file=sys.stderr)
        return 2
    if a.check_clean:
        bad = sum(n for (label, what), n in m.counters.items() if what in ("crashes", "illegal moves"))
        if bad or m.worker_errors or sum(m.wdl) < min(a.max_games, 2 * len(m.tasks)) and not m.decision:
            print("not clean: %d crashes or illegal moves, %d broken workers, %d games"
                  % (bad, m.worker_errors, sum(m.wdl)))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
