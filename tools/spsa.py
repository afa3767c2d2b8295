#!/usr/bin/env python3
"""spsa.py -- tunes the search's numbers by self-play (SPSA).

Simultaneous perturbation stochastic approximation, as Stockfish's
fishtest runs it: each iteration moves every parameter a step c_k up or
down at random (theta+ and theta-), plays one game pair between the two
settings on a book opening (colours swapped), and moves each parameter
along its step by a_k / c_k times the pair's result (theta+'s wins less
its losses) times the step's sign.  The gains fall over the run:
c_k = c / k^0.101 and a_k = a / (A + k)^0.602, with A a tenth of the
planned iterations, c_end a twentieth of the parameter's range (or
--c NAME=VALUE) and a_end = r_end * c_end^2.

The engine is chancellor-engine started with --search-options, which
offers the parameters (src/engine/search-params.c) as UCI options with
their defaults and ranges.  Games are played and judged as tools/sprt.py
plays them (its referee, books, clocks and adjudication).  The state is
written to --state after every pair, and a run given an existing state
goes on from it.  Python 3 standard library only.  See tools/README.md.
"""

import argparse
import json
import os
import random
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sprt  # noqa: E402  (beside this file)

ALPHA, GAMMA = 0.602, 0.101


def schedule(c_end, r_end, iterations):
    """A parameter's c and a: its step c / k^GAMMA is c_end at the last
    iteration, where its gain over the step squared is r_end."""
    big_a = iterations / 10.0
    return c_end * iterations ** GAMMA, r_end * c_end ** 2 * (big_a + iterations) ** ALPHA


def step_and_gain(c, a, k, iterations):
    """The step c_k and the gain a_k of iteration k (1-based)."""
    return c / k ** GAMMA, a / (iterations / 10.0 + k) ** ALPHA


def self_test():
    c, a = schedule(10.0, 0.002, 1000)
    c_k, a_k = step_and_gain(c, a, 1000, 1000)
    checks = [("the last step is c_end", c_k, 10.0),
              ("the last gain over the step squared is r_end", a_k / c_k ** 2, 0.002),
              ("the first step is c_end * N^0.101", step_and_gain(c, a, 1, 1000)[0], 10.0 * 1000 ** GAMMA)]
    bad = 0
    for what, got, want in checks:
        ok = abs(got - want) <= 1e-9 * max(1.0, abs(want))
        bad += not ok
        print("%s %s: %r (want %r)" % ("ok" if ok else "FAIL", what, got, want))
    return 1 if bad else 0


class TuningEngine(sprt.Engine):
    """A chancellor-engine speaking UCI with the search's options offered."""

    def start(self):
        self.proc = sprt.Proc([self.path, "--search-options"], self.label)
        self.proc.send("uci")
        self.proc.expect(lambda l: l == "uciok", 10)
        self.apply(self.options)

    def apply(self, options):
        self.options = options
        for name, value in options:
            self.proc.send("setoption name %s value %s" % (name, value))
        self.sync()


def offered_params(path):
    """The spin options the engine offers beyond the usual ones:
    {name: (default, min, max)}, in its order."""
    proc = sprt.Proc([path, "--search-options"], "engine")
    try:
        proc.send("uci")
        params = {}
        while True:
            _, line = proc.expect(lambda l: True, 10)
            if line == "uciok":
                break
            w = line.split()
            if w[:2] == ["option", "name"] and "type" in w and w[w.index("type") + 1] == "spin":
                name = " ".join(w[2:w.index("type")])
                if name in ("Hash", "Threads", "Skill Level", "MultiPV", "Move Overhead"):
                    continue
                params[name] = tuple(int(w[w.index(k) + 1]) for k in ("default", "min", "max"))
        return params
    finally:
        proc.close()


class Tuner:
    def __init__(self, args, params):
        self.args = args
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.started = time.monotonic()
        self.counters = {}
        self.broken = 0
        self.tc = sprt.TimeControl(args.tc)
        self.max_plies = args.max_plies
        self.time_margin = 0.0
        self.resign_moves, self.resign_score = 4, 1000
        self.draw_moves, self.draw_score, self.draw_after = 10, 5, 120
        self.rng = random.Random(args.seed)
        self.state = self.load_state(params)
        self.issued = self.state["iteration"]
        for p in self.state["params"].values():
            p["c"], p["a"] = schedule(p["c_end"], args.r_end, self.state["iterations"])

    def load_state(self, params):
        a = self.args
        if a.state and os.path.exists(a.state):
            try:
                with open(a.state, encoding="utf-8") as f:
                    state = json.load(f)
                for p in state["params"].values():
                    for key in ("theta", "start", "min", "max", "c_end"):
                        float(p[key])
                int(state["iteration"]), int(state["iterations"])
                if len(state["pairs"]) != 5:
                    raise ValueError("five pair counts wanted")
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError("%s: not a state this tool wrote (%s)" % (a.state, e))
            missing = [n for n in state["params"] if n not in params]
            if missing:
                raise ValueError("%s: the engine does not offer %s" % (a.state, ", ".join(missing)))
            print("going on from %s at iteration %d of %d" % (a.state, state["iteration"], state["iterations"]),
                  flush=True)
            return state
        names = a.params.split(",") if a.params else list(params)
        chosen = {}
        for name in names:
            if name not in params:
                raise ValueError("the engine offers no parameter %r" % name)
            default, low, high = params[name]
            c_end = a.c.get(name, (high - low) / 20.0)
            chosen[name] = {"theta": float(default), "start": default, "min": low, "max": high, "c_end": c_end}
        return {"iteration": 0, "iterations": a.iterations, "pairs": [0, 0, 0, 0, 0], "params": chosen}

    def save_state(self):
        if not self.args.state:
            return
        keep = {k: v for k, v in self.state.items() if k != "params"}
        keep["params"] = {n: {k: v for k, v in p.items() if k not in ("a", "c")}
                          for n, p in self.state["params"].items()}
        tmp = self.args.state + ".new"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(keep, f, indent=1, sort_keys=True)
            f.write("\n")
        os.replace(tmp, self.args.state)

    # sprt.play_game's configuration
    def stats_add(self, label, what):
        with self.lock:
            self.counters[(label, what)] = self.counters.get((label, what), 0) + 1

    def stats_time(self, label, left, used):
        pass

    def next_iteration(self):
        """(k, signs, plus options, minus options), or None at the end."""
        with self.lock:
            if self.stop.is_set() or self.issued >= self.state["iterations"]:
                return None
            if self.args.minutes and time.monotonic() - self.started > 60 * self.args.minutes:
                return None
            self.issued += 1
            k = self.issued
            signs, plus, minus = {}, [], []
            for name, p in self.state["params"].items():
                c_k = step_and_gain(p["c"], p["a"], k, self.state["iterations"])[0]
                s = self.rng.choice((-1, 1))
                signs[name] = s
                hi = min(max(p["theta"] + s * c_k, p["min"]), p["max"])
                lo = min(max(p["theta"] - s * c_k, p["min"]), p["max"])
                plus.append((name, int(round(hi))))
                minus.append((name, int(round(lo))))
            game, fen = self.openings[self.rng.randrange(len(self.openings))]
            return k, signs, plus, minus, game, fen

    def record(self, k, signs, points):
        """points: theta+'s score over the pair (0 .. 2)."""
        result = 2 * points - 2
        with self.lock:
            for name, p in self.state["params"].items():
                c_k, a_k = step_and_gain(p["c"], p["a"], k, self.state["iterations"])
                p["theta"] = min(max(p["theta"] + a_k / c_k * result * signs[name], p["min"]), p["max"])
            self.state["iteration"] += 1
            self.state["pairs"][int(round(points * 2))] += 1
            self.save_state()
            done = self.state["iteration"]
            if done % self.args.report == 0 or done == self.state["iterations"]:
                print("%6.0fs %s" % (time.monotonic() - self.started, self.line()), flush=True)

    def line(self):
        values = " ".join("%s %.1f" % (n, p["theta"]) for n, p in self.state["params"].items())
        return "iteration %d/%d  pairs %s  %s" % (self.state["iteration"], self.state["iterations"],
                                                  self.state["pairs"], values)

    def worker(self):
        a = self.args
        extra = a.options
        plus_engine = TuningEngine(a.engine, "plus", extra)
        minus_engine = TuningEngine(a.engine, "minus", extra)
        referee = sprt.Referee(a.referee)

        def play(item):
            k, signs, plus, minus, game, fen = item
            for e, values in ((plus_engine, plus), (minus_engine, minus)):
                if e.proc is None or e.proc.p.poll() is not None:
                    e.options = extra + values
                    e.start()
                else:
                    e.apply(extra + values)
            points = 0.0
            for plus_white in (True, False):
                points += sprt.play_game(self, (plus_engine, minus_engine), referee, game, fen, plus_white, k)[1]
            self.record(k, signs, points)

        def broken():
            with self.lock:
                self.broken += 1
        sprt.run_worker((plus_engine, minus_engine), referee, self.next_iteration, play, broken)

    def run(self):
        a = self.args
        referee = sprt.Referee(a.referee)
        try:
            self.openings = [(g, f) for g in a.games
                             for f in sprt.read_book(os.path.join(a.books, g + ".epd"), g, referee)]
        finally:
            referee.close()

        sprt.run_workers(self.worker, a.concurrency, self.stop)
        print("\n== SPSA, tc %s, %d at once, games %s, r_end %g" % (self.tc.text, a.concurrency,
                                                                  ",".join(a.games), a.r_end))
        print(self.line())
        for (label, what), n in sorted(self.counters.items()):
            print("%s: %d %s" % (label, n, what))
        print("values (name, start, now):")
        for name, p in self.state["params"].items():
            print("  %-16s %6d %8.1f" % (name, p["start"], p["theta"]))


def parse_named(text):
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError("expected NAME=VALUE, got %r" % text)
    return name, value


def main(argv=None):
    p = argparse.ArgumentParser(description="Tunes the search's numbers by self-play (SPSA).")
    p.add_argument("--self-test", action="store_true", help="check the gains' arithmetic and exit")
    p.add_argument("--engine", help="chancellor-engine (started with --search-options)")
    p.add_argument("--referee", default=os.path.join(sprt.REPO, "_build", "tools", "referee"))
    p.add_argument("--books", default=os.path.join(HERE, "books"))
    p.add_argument("--games", default="capablanca,ajax,prime-ministers-random,ajax-capablanca-ministers")
    p.add_argument("--tc", default="1+0.01", help="seconds+increment")
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--iterations", type=int, default=2000, help="game pairs the gains are planned for")
    p.add_argument("--minutes", type=float, default=0, help="stop starting pairs after this long (0: never)")
    p.add_argument("--params", help="comma-separated names (default: every one offered)")
    p.add_argument("--c", action="append", type=parse_named, default=[], metavar="NAME=VALUE",
                   help="a parameter's last step (default a twentieth of its range)")
    p.add_argument("--r-end", type=float, default=0.002, help="the last gain over the last step squared")
    p.add_argument("--option", dest="options", action="append", type=parse_named, default=[],
                   metavar="NAME=VALUE", help="a UCI option both sides get (Hash, Move Overhead)")
    p.add_argument("--state", help="JSON file written after each pair; an existing one is gone on from")
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--report", type=int, default=20, help="print the values every this many pairs")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    if a.self_test:
        return self_test()
    if not a.engine:
        p.error("--engine is needed")
    a.games = [g for g in a.games.split(",") if g]
    try:
        a.c = {name: float(value) for name, value in a.c}
    except ValueError:
        p.error("--c wants NAME=NUMBER")
    for path in (a.engine, a.referee):
        if not os.access(path, os.X_OK):
            p.error("not an executable: %s" % path)
    a.engine, a.referee = os.path.abspath(a.engine), os.path.abspath(a.referee)
    try:
        tuner = Tuner(a, offered_params(a.engine))
        tuner.run()
        bad = sum(n for (label, what), n in tuner.counters.items() if what in ("crashes", "illegal moves"))
        if bad or tuner.broken:
            print("spsa.py: %d crashes or illegal moves, %d broken workers" % (bad, tuner.broken), file=sys.stderr)
            return 1
    except (OSError, ValueError, sprt.EngineFailure) as e:
        print("spsa.py: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
