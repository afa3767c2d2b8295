#!/usr/bin/env python3
"""calibrate.py — evaluation weights fitted to Fairy-Stockfish's evaluation terms.

For a game Fairy-Stockfish can play (Capablanca Chess: --game capablanca),
from positions of datagen files (GAME<TAB>RESULT<TAB>FEN, lines of other
games skipped) or plain FEN lists:

1. Asks Fairy-Stockfish (one process) for its classical `eval` of each
   position and reads the table of terms (in pawns, MG and EG, White's,
   Black's and the total); positions in check have none and are skipped.
2. Traces our evaluation of each (`tune --trace`) and fits, by least
   squares with a small ridge toward the current weights, one group of our
   weights to one of its terms, its pawns converted to our centipawns by
   --scale-mg / --scale-eg:
     king safety  its per-side "King safety" against that side's
                  EVAL_KING_SHELTER, _FILE_OPEN, _FILE_BARE, _ESCAPE and,
                  negated, the enemy's EVAL_KING_WEAK, EVAL_SAFE_CHECK and
                  EVAL_KING_ATTACK of each kind (its endgame part / 4, as
                  evaluate() has it); a constant soaks up its offsets;
                  the middlegame part from positions of --king-mg-phase
                  (128 of 256) or more only: in endings its middlegame
                  king danger is no guide;
     threats      "Threats" (White's minus Black's) against
                  EVAL_THREAT_BY_PAWN, EVAL_THREAT_BY_LESSER, EVAL_HANGING;
     passed       "Passed" against EVAL_PASSED by step and EVAL_PASSED_FREE;
     mobility     "Mobility" against EVAL_MOBILITY per kind, with each
                  kind's piece count beside it (a nuisance: SF's mobility
                  bonus has a large constant per piece), its fit dropped.
   A weight enters a fit only where its coefficient is not 0 in at least
   --min-count positions (kinds the game lacks never do), and not named
   by --keep (a weight left as it is).  A passed-pawn step no position
   has (on 8 ranks the scaled advance skips step 5) is set between its
   fitted neighbours.
3. Calibrates material: for each position and each kind White has there
   (not the king), the position with the first such piece of White (in
   FEN order) taken off, castling and en passant rights dropped from both
   (a position that is then illegal or in check is skipped).  Our worth
   of the piece is the drop of our middlegame and endgame totals (from the
   trace and the new weights), Fairy-Stockfish's the drop of its "Total"
   MG and EG; each kind's EVAL_MATERIAL is moved so that its mean worth
   is the scale times Fairy-Stockfish's mean worth.
4. Prints R^2 per group before and after, and the correlation and RMS of
   our static evaluation (middlegame and endgame totals blended by our
   phase) against Fairy-Stockfish's (its Total MG and EG, scaled, blended
   the same way), and writes the weights it set as a file of NAME MG EG
   lines (--set-out) whose '#' notes say how; with --out, `tune --set FILE
   --iterations 0 --out OUT` writes the table file from it.

Python 3 standard library only.  --self-test checks the parsing and the
fitting on synthetic input (no Fairy-Stockfish needed).
"""

import argparse
import datetime
import math
import os
import random
import subprocess
import sys
import tempfile
import threading

from training_lines import Refused, read_training_lines

FSF = "/usr/games/fairy-stockfish"


# ---------------------------------------------------------------- reading

def read_positions(paths, fens, game):
    """The FEN of every position of game in the datagen files paths and
    the plain FEN files fens, and where each comes from ("path:line"); a
    malformed datagen line refuses the file with its line number."""
    out, origins = [], []
    for path in paths:
        for number, fen, _ in read_training_lines(path, game):
            out.append(fen)
            origins.append("%s:%d" % (path, number))
    for path in fens:
        try:
            f = open(path, encoding="utf-8")
        except OSError as e:
            raise Refused("cannot read %s: %s" % (path, e.strerror))
        with f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if "\t" in line:
                    raise Refused("%s:%d: expected a FEN (datagen files go with --data)" % (path, number))
                if line and not line.startswith("#"):
                    out.append(line)
                    origins.append("%s:%d" % (path, number))
    return out, origins


def parse_weights(text):
    """tune --weights: {name: index}, [(mg, eg)] by index."""
    index, weights = {}, []
    for line in text.splitlines():
        p, name, mg, eg = line.split("\t")
        index[name] = int(p)
        weights.append((int(mg), int(eg)))
    return index, weights


def parse_pieces(text):
    """tune --pieces: [(letter, kind index, kind id)], the king first."""
    out = []
    for line in text.splitlines():
        letter, kind, name = line.split("\t")
        out.append((letter, int(kind), name))
    return out


def parse_trace(line):
    """One line of tune --trace: None for a position marked bad, else
    {phase, side, check, score, coef: ({index: n} White, {index: n} Black)}."""
    fields = line.split("\t")
    if fields[0] == "-":
        return None
    coef = []
    for text in fields[4:6]:
        coef.append({int(p): int(n) for p, n in (pair.split(":") for pair in text.split())})
    return {"phase": int(fields[0]), "side": fields[1], "check": fields[2] == "1", "score": int(fields[3]),
            "coef": tuple(coef)}


def parse_fsf_tables(lines):
    """Fairy-Stockfish's `eval` output: one entry per "Total evaluation"
    line, a dict {term: ((w_mg, w_eg), (b_mg, b_eg), (t_mg, t_eg))}
    (None where it prints ----), or None where it printed no table."""
    out, rows = [], {}
    for line in lines:
        if line.startswith("Total evaluation"):
            out.append(rows or None)
            rows = {}
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 4 or not parts[0] or parts[0] == "Term" or parts[1].startswith("MG"):
            continue
        cells = []
        for part in parts[1:]:
            values = part.split()
            if len(values) != 2:
                break
            cells.append(tuple(None if v == "----" else float(v) for v in values))
        if len(cells) == 3:
            rows[parts[0]] = tuple(cells)
    return out


# ---------------------------------------------------------------- FEN edits

def board_rows(fen):
    """The FEN's board as rows of one-character cells ('.' empty)."""
    rows = []
    for text in fen.split()[0].split("/"):
        cells, number = [], ""
        for ch in text:
            if ch.isdigit():
                number += ch
                continue
            if number:
                cells += ["."] * int(number)
                number = ""
            cells.append(ch)
        if number:
            cells += ["."] * int(number)
        rows.append(cells)
    return rows


def rows_fen(rows):
    out = []
    for cells in rows:
        text, empty = "", 0
        for c in cells:
            if c == ".":
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += c
        if empty:
            text += str(empty)
        out.append(text)
    return "/".join(out)


def without_rights(fen):
    """The FEN with castling and en passant rights dropped."""
    fields = fen.split()
    fields += ["w", "-", "-", "0", "1"][len(fields) - 1:]
    fields[2], fields[3] = "-", "-"
    return " ".join(fields)


def removals(fen, letters):
    """[(letter, FEN)]: for each of White's letters present, the position
    (rights dropped) with the first such piece in FEN order taken off."""
    rows = board_rows(fen)
    rest = without_rights(fen).split(" ", 1)[1]
    out = []
    for letter in letters:
        for r, cells in enumerate(rows):
            if letter in cells:
                changed = [list(c) for c in rows]
                changed[r][cells.index(letter)] = "."
                out.append((letter, rows_fen(changed) + " " + rest))
                break
    return out


# ---------------------------------------------------------------- engines

def run_tune(tune, args):
    result = subprocess.run([tune] + args, capture_output=True, text=True)
    if result.returncode != 0:
        raise Refused("%s %s: %s" % (tune, " ".join(args), result.stderr.strip()))
    return result.stdout


def trace(tune, fens, game, mark_bad=False, origins=None):
    """tune --trace of fens; a position tune refuses is named by its
    origin ("path:line") when origins are given."""
    with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
        f.write("".join(fen + "\n" for fen in fens))
        path = f.name
    try:
        result = subprocess.run([tune, "--trace", path, "--game", game] + (["--mark-bad"] if mark_bad else []),
                                capture_output=True, text=True)
    finally:
        os.unlink(path)
    if result.returncode != 0:
        why = result.stderr.strip()
        if origins and why.startswith("tune: %s:" % path):
            number, _colon, rest = why[len("tune: %s:" % path):].partition(":")
            if number.isdigit() and 0 < int(number) <= len(origins):
                raise Refused("%s:%s; nothing calibrated" % (origins[int(number) - 1], rest.split(";")[0]))
        raise Refused("tune --trace: %s" % why)
    out = result.stdout
    traces = [parse_trace(line) for line in out.splitlines()]
    if len(traces) != len(fens):
        raise Refused("tune --trace gave %d lines for %d positions" % (len(traces), len(fens)))
    return traces


def fsf_eval(fsf, variant, fens):
    """Fairy-Stockfish's eval tables of fens, one process."""
    process = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1 << 16)

    def feed():
        try:
            process.stdin.write("uci\nsetoption name UCI_Variant value %s\n" % variant)
            for fen in fens:
                process.stdin.write("position fen %s\neval\n" % fen)
            process.stdin.write("quit\n")
            process.stdin.close()
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    tables = parse_fsf_tables(process.stdout)
    writer.join()
    process.wait()
    if len(tables) != len(fens):
        raise Refused("%s answered %d evals of %d positions (exit %s)" % (fsf, len(tables), len(fens), process.returncode))
    return tables


# ---------------------------------------------------------------- fitting

def solve(a, b):
    """x with a x = b (Gaussian elimination, partial pivoting)."""
    n = len(b)
    m = [list(a[i]) + [b[i]] for i in range(n)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if m[c][c] == 0:
            continue
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def least_squares(rows, targets, prior, ridge, fixed=None):
    """Weights w minimising sum (y - x.w)^2 + ridge * N * sum (w - prior)^2.
    rows are dense lists; with fixed (a list of bools and values in prior),
    the fixed ones keep prior's values and only the others are fitted."""
    n = len(prior)
    free = [j for j in range(n) if not (fixed and fixed[j])]
    a = [[0.0] * len(free) for _ in free]
    b = [0.0] * len(free)
    for x, y in zip(rows, targets):
        rest = y - sum(x[j] * prior[j] for j in range(n) if fixed and fixed[j])
        for i, j in enumerate(free):
            if x[j]:
                b[i] += x[j] * rest
                for k, l in enumerate(free):
                    a[i][k] += x[j] * x[l]
    size = len(rows)
    for i, j in enumerate(free):
        a[i][i] += ridge * size
        b[i] += ridge * size * prior[j]
    solved = solve(a, b)
    w = list(prior)
    for i, j in enumerate(free):
        w[j] = solved[i]
    return w


def r_squared(rows, targets, w):
    if not targets:
        return 0.0
    mean = sum(targets) / len(targets)
    total = sum((y - mean) ** 2 for y in targets)
    error = sum((y - sum(a * c for a, c in zip(x, w))) ** 2 for x, y in zip(rows, targets))
    return 1 - error / total if total else 0.0


def fit_group(rows, targets, current, nuisance, ridge):
    """Fits one phase of one group: rows hold the group's regressors then
    the nuisance ones.  Returns (fitted weights of the group, R^2 with the
    current weights (nuisance fitted), R^2 fitted)."""
    prior = list(current) + [0.0] * nuisance
    before = least_squares(rows, targets, prior, ridge, [True] * len(current) + [False] * nuisance)
    after = least_squares(rows, targets, prior, ridge)
    return after[:len(current)], r_squared(rows, targets, before), r_squared(rows, targets, after)


# ---------------------------------------------------------------- our evaluation

class Model:
    """Our evaluation as a function of the weights, as eval_from_trace."""

    def __init__(self, index, weights):
        self.index = index
        self.flat_first = index["EVAL_MOP_UP"]
        self.tempo = index["EVAL_TEMPO"]
        self.king_attack = {p for name, p in index.items() if name.startswith("EVAL_KING_ATTACK+")}
        self.weights = [list(w) for w in weights]

    def totals(self, t):
        """White's middlegame and endgame totals (no flat terms), exact."""
        mg = eg = 0
        for c, sign in ((0, 1), (1, -1)):
            own_mg = own_eg = zone_eg = 0
            for p, n in t["coef"][c].items():
                if p >= self.flat_first:
                    continue
                own_mg += self.weights[p][0] * n
                if p in self.king_attack:
                    zone_eg += self.weights[p][1] * n
                else:
                    own_eg += self.weights[p][1] * n
            mg += sign * own_mg
            eg += sign * (own_eg + int(zone_eg / 4))
        return mg, eg

    def blended(self, t):
        mg, eg = self.totals(t)
        return int((mg * t["phase"] + eg * (256 - t["phase"])) / 256)

    def score(self, t):
        """evaluate(): the side to move's score."""
        total = self.blended(t)
        for c, sign in ((0, 1), (1, -1)):
            for p, n in t["coef"][c].items():
                if self.flat_first <= p < self.tempo:
                    total += sign * self.weights[p][0] * n
        side = 0 if t["side"] == "w" else 1
        total = total if side == 0 else -total
        return total + self.weights[self.tempo][0] * t["coef"][side].get(self.tempo, 0)


def kinds_of(index, group, pieces):
    """The indices of group (e.g. "EVAL_MOBILITY") for the game's kinds but
    the king and the pawn, with their letters."""
    out = []
    for letter, _kind, name in pieces:
        if name in ("king", "pawn"):
            continue
        out.append((letter, index["%s+KIND_%s" % (group, name.upper().replace("-", "_"))]))
    return out


def group_specs(index, pieces):
    """(label, FSF term, per side?, [(name, index, role)], [(name, index)]
    nuisance): role "own" counts for that side, "enemy" for the other side
    (negated), "net" White's minus Black's."""
    def named(prefix, letter=None):
        return "%s %s" % (prefix, letter) if letter else prefix
    king = [(n, index[n], "own") for n in ("EVAL_KING_SHELTER", "EVAL_KING_FILE_OPEN", "EVAL_KING_FILE_BARE",
                                          "EVAL_KING_ESCAPE")]
    king.append(("EVAL_KING_WEAK", index["EVAL_KING_WEAK"], "enemy"))
    for group in ("EVAL_SAFE_CHECK", "EVAL_KING_ATTACK"):
        king += [(named(group, letter), p, "enemy") for letter, p in kinds_of(index, group, pieces)]
    threats = []
    for group in ("EVAL_THREAT_BY_PAWN", "EVAL_THREAT_BY_LESSER"):
        threats += [(named(group, letter), p, "net") for letter, p in kinds_of(index, group, pieces)]
    pawn = [letter for letter, _k, name in pieces if name == "pawn"]
    threats += [("EVAL_HANGING " + l, index["EVAL_HANGING+KIND_PAWN"], "net") for l in pawn]
    threats += [(named("EVAL_HANGING", letter), p, "net") for letter, p in kinds_of(index, "EVAL_HANGING", pieces)]
    passed = [("EVAL_PASSED+%d" % i, index["EVAL_PASSED+%d" % i], "net") for i in range(7)
              if "EVAL_PASSED+%d" % i in index]
    passed.append(("EVAL_PASSED_FREE", index["EVAL_PASSED_FREE"], "net"))
    mobility = [(named("EVAL_MOBILITY", letter), p, "net") for letter, p in kinds_of(index, "EVAL_MOBILITY", pieces)]
    counts = [(named("pieces", letter), p) for letter, p in kinds_of(index, "EVAL_MATERIAL", pieces)]
    return [("king safety", "King safety", True, king, [("constant", None)]),
            ("threats", "Threats", False, threats, []),
            ("passed", "Passed", False, passed, []),
            ("mobility", "Mobility", False, mobility, counts)]


def samples(spec, positions, scales, king_attack, mg_phase=0):
    """Rows and targets of one group for each phase, from positions
    [(trace, FSF table)]: per side for a per-side term, else one each;
    the middlegame's only from positions of mg_phase or more."""
    _label, term, per_side, terms, nuisance = spec
    out = ([], []), ([], [])
    for t, table in positions:
        if term not in table:
            continue
        for side in ((0, 1) if per_side else (None,)):
            for phase in (0, 1):
                if phase == 0 and t["phase"] < mg_phase:
                    continue
                if per_side:
                    y = table[term][side][phase]
                    own, enemy = t["coef"][side], t["coef"][1 - side]
                else:
                    y = table[term][2][phase]
                if y is None:
                    continue
                row = []
                for _name, p, role in terms:
                    if role == "own":
                        x = own.get(p, 0)
                    elif role == "enemy":
                        x = -enemy.get(p, 0)
                    else:
                        x = t["coef"][0].get(p, 0) - t["coef"][1].get(p, 0)
                    if phase == 1 and p in king_attack:
                        x /= 4
                    row.append(x)
                for _name, p in nuisance:
                    if p is None:
                        row.append(1)
                    else:
                        row.append(t["coef"][0].get(p, 0) - t["coef"][1].get(p, 0))
                out[phase][0].append(row)
                out[phase][1].append(y * scales[phase])
    return out


def calibrate_groups(positions, model, index, pieces, scales, ridge, min_count, keep, king_mg_phase, report):
    """Fits every group into model.weights, but the weights named in keep;
    report gets lines."""
    for spec in group_specs(index, pieces):
        label, term, per_side, terms, nuisance = spec
        terms = [item for item in terms if item[1] not in keep]
        seen = [0] * len(terms)
        for t, table in positions:
            for i, (_name, p, role) in enumerate(terms):
                if t["coef"][0].get(p, 0) or t["coef"][1].get(p, 0):
                    seen[i] += 1
        kept = [i for i in range(len(terms)) if seen[i] >= min_count]
        spec = (label, term, per_side, [terms[i] for i in kept], nuisance)
        rows = samples(spec, positions, scales, model.king_attack, king_mg_phase if per_side else 0)
        fitted = []
        for phase in (0, 1):
            current = [model.weights[terms[i][1]][phase] for i in kept]
            w, before, after = fit_group(rows[phase][0], rows[phase][1], current, len(nuisance), ridge)
            fitted.append(w)
            report.append("%s (%s) %s: %d samples, R^2 %.3f with the current weights, %.3f fitted"
                          % (label, term, ("mg", "eg")[phase], len(rows[phase][1]), before, after))
        for i, j in enumerate(kept):
            name, p, _role = terms[j]
            old = model.weights[p]
            model.weights[p] = [int(round(fitted[0][i])), int(round(fitted[1][i]))]
            report.append("  %-26s %5d %5d -> %5d %5d" % (name, old[0], old[1], *model.weights[p]))
        for i in range(len(terms)):
            if i not in kept:
                report.append("  %-26s kept (seen in %d positions)" % (terms[i][0], seen[i]))
        fill_steps(model, index, {terms[i][1] for i in kept}, keep, report)


def fill_steps(model, index, fitted, keep, report):
    """A passed-pawn step no position had (on 8 ranks the scaled advance
    skips 5) goes between its fitted neighbours, so the steps still rise
    for the boards that have it."""
    steps = [index[name] for name in ("EVAL_PASSED+%d" % i for i in range(16)) if name in index]
    for i, p in enumerate(steps):
        if p in fitted or p in keep:
            continue
        below = [j for j in range(i) if steps[j] in fitted]
        above = [j for j in range(i + 1, len(steps)) if steps[j] in fitted]
        if not below or not above:
            continue
        lo, hi = below[-1], above[0]
        old = model.weights[p]
        model.weights[p] = [int(round(model.weights[steps[lo]][ph] + (model.weights[steps[hi]][ph] - model.weights[steps[lo]][ph])
                                      * (i - lo) / (hi - lo))) for ph in (0, 1)]
        report.append("  %-26s %5d %5d -> %5d %5d (between steps %d and %d)" % ("EVAL_PASSED+%d" % i, *old,
                                                                              *model.weights[p], lo, hi))


def calibrate_material(bases, removed, model, index, pieces, scales, min_count, keep, report):
    """bases: [(trace, FSF table of the position without rights)];
    removed: for each base, [(letter, trace, FSF table)]."""
    kind_index = {letter: p for letter, p in kinds_of(index, "EVAL_MATERIAL", pieces)}
    for letter, _k, name in pieces:
        if name == "pawn":
            kind_index[letter] = index["EVAL_MATERIAL+KIND_PAWN"]
    drops = {letter: [] for letter in kind_index}
    for (t, table), gone in zip(bases, removed):
        ours = model.totals(t)
        for letter, t2, table2 in gone:
            if letter not in drops:
                continue
            ours2 = model.totals(t2)
            theirs = [table["Total"][2][ph] - table2["Total"][2][ph] for ph in (0, 1)]
            drops[letter].append((ours[0] - ours2[0], ours[1] - ours2[1], theirs[0], theirs[1]))
    report.append("material: mean worth of one piece taken off (ours; Fairy-Stockfish's x scale)")
    for letter, p in kind_index.items():
        d = drops[letter]
        if p in keep or len(d) < min_count:
            report.append("  %s kept (%s)" % (letter, "--keep" if p in keep else "%d positions" % len(d)))
            continue
        mean = [sum(x[j] for x in d) / len(d) for j in range(4)]
        old = model.weights[p]
        model.weights[p] = [int(round(old[ph] + scales[ph] * mean[2 + ph] - mean[ph])) for ph in (0, 1)]
        report.append("  %s %6d positions: ours %6.0f %6.0f, FSF %6.0f %6.0f; EVAL_MATERIAL %5d %5d -> %5d %5d"
                      % (letter, len(d), mean[0], mean[1], scales[0] * mean[2], scales[1] * mean[3],
                         old[0], old[1], *model.weights[p]))


def agreement(positions, model, scales, limit):
    """Correlation, slope and RMS of our blended totals against FSF's
    (its Total MG and EG scaled and blended by our phase), on positions
    where FSF's is within limit centipawns."""
    xs, ys = [], []
    for t, table in positions:
        if "Total" not in table:
            continue
        ph = t["phase"]
        theirs = (table["Total"][2][0] * scales[0] * ph + table["Total"][2][1] * scales[1] * (256 - ph)) / 256
        if abs(theirs) > limit:
            continue
        xs.append(theirs)
        ys.append(model.blended(t))
    n = len(xs)
    if n < 2:
        return n, 0.0, 0.0, 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    corr = sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0
    rms = math.sqrt(sum((y - x) ** 2 for x, y in zip(xs, ys)) / n)
    return n, corr, sxy / sxx if sxx else 0.0, rms


# ---------------------------------------------------------------- main

def calibrate(args):
    tune = args.tune
    index, weights = parse_weights(run_tune(tune, ["--weights"]))
    names = {p: name for name, p in index.items()}
    pieces = parse_pieces(run_tune(tune, ["--pieces", args.game]))
    letters = [letter for letter, _k, name in pieces if name != "king"]
    scales = (args.scale_mg, args.scale_eg)

    fens, origins = read_positions(args.data, args.fens, args.game)
    if not fens:
        raise Refused("no position of %s in the data" % args.game)
    found = len(fens)
    if args.sample and len(fens) > args.sample:
        chosen = sorted(random.Random(args.seed).sample(range(len(fens)), args.sample))
        fens = [fens[i] for i in chosen]
        origins = [origins[i] for i in chosen]
    print("calibrate: %d positions of %s (of %d), tracing" % (len(fens), args.game, found), file=sys.stderr)
    traces = trace(tune, fens, args.game, origins=origins)
    model = Model(index, weights)
    for t in traces:
        if model.score(t) != t["score"]:
            raise Refused("our evaluation from the trace differs from evaluate(): tune and this script disagree")
    keep = [i for i, t in enumerate(traces) if not t["check"]]
    if not keep:
        raise Refused("every position is in check")
    fens = [fens[i] for i in keep]
    traces = [traces[i] for i in keep]

    plain = [without_rights(f) for f in fens]
    gone = [removals(f, letters) for f in fens]
    flat = [(b, letter, fen) for b, items in enumerate(gone) for letter, fen in items]
    gone_traces = trace(tune, [fen for _b, _l, fen in flat], args.game, mark_bad=True) if flat else []
    asked = fens + plain + [fen for (_b, _l, fen), t in zip(flat, gone_traces) if t and not t["check"]]
    print("calibrate: %d positions, %d with a piece taken off; asking Fairy-Stockfish %d evals"
          % (len(fens), len(flat), len(asked)), file=sys.stderr)
    tables = fsf_eval(args.fsf, args.fsf_variant or args.game, asked)
    positions = [(t, tables[i]) for i, t in enumerate(traces) if tables[i]]
    bases = [(t, tables[len(fens) + i]) for i, t in enumerate(traces)]
    removed = [[] for _ in fens]
    next_table = 2 * len(fens)
    for (b, letter, _fen), t in zip(flat, gone_traces):
        if t and not t["check"]:
            if tables[next_table] and bases[b][1]:
                removed[b].append((letter, t, tables[next_table]))
            next_table += 1

    report = []
    start = Model(index, weights)
    keep = set()
    for name in args.keep:
        if name not in index:
            raise Refused("--keep %s: no weight has that name (tune --weights lists them)" % name)
        keep.add(index[name])
    calibrate_groups(positions, model, index, pieces, scales, args.ridge, args.min_count, keep, args.king_mg_phase,
                     report)
    calibrate_material([(t, table or {}) for t, table in bases], removed, model, index, pieces, scales,
                       args.min_count, keep, report)
    for label, m in (("current", start), ("calibrated", model)):
        n, corr, slope, rms = agreement(positions, m, scales, args.limit)
        report.append("%s weights against Fairy-Stockfish (%d positions within %d cp): correlation %.3f, "
                      "slope %.2f, RMS %.0f cp" % (label, n, args.limit, corr, slope, rms))
    print("\n".join(report))

    if args.set_out:
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        command = "tools/calibrate.py " + " ".join(sys.argv[1:])
        with open(args.set_out, "w", encoding="utf-8") as f:
            f.write("# Calibrated by tools/calibrate.py on Fairy-Stockfish %s's evaluation terms (variant %s),\n"
                    % (fsf_version(args.fsf), args.fsf_variant or args.game))
            f.write("# %s.  Command: %s\n" % (date, command))
            f.write("# Data: %d positions of %s (of %d in %s), scales %.1f / %.1f cp per FSF pawn, ridge %g,\n"
                    "# middlegame king safety from phase %d up.\n"
                    % (len(fens), args.game, found, ", ".join(args.data + args.fens), scales[0], scales[1],
                       args.ridge, args.king_mg_phase))
            for line in report:
                if not line.startswith("  EVAL_"):   # each weight's own line: the weights say it
                    f.write("# %s\n" % line)
            for p, (mg, eg) in enumerate(model.weights):
                if [mg, eg] != list(weights[p]):
                    f.write("%s %d %d\n" % (names[p], mg, eg))
        if args.out:
            run_tune(tune, ["--set", args.set_out, "--iterations", "0", "--out", args.out])
            print("calibrate: wrote %s (tune --set %s)" % (args.out, args.set_out), file=sys.stderr)


def fsf_version(fsf):
    try:
        first = subprocess.run([fsf], input="quit\n", capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
        words = first.split()
        return words[1] if len(words) > 1 else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


# ---------------------------------------------------------------- self-test

SAMPLE_TABLE = """\
     Term    |    White    |    Black    |    Total
             |   MG    EG  |   MG    EG  |   MG    EG
 ------------+-------------+-------------+------------
    Material |  ----  ---- |  ----  ---- |  0.05  0.17
 King safety |  0.70 -0.05 |  0.67 -0.05 |  0.04  0.00
     Threats |  0.16  0.16 |  0.16  0.16 |  0.00  0.00
 ------------+-------------+-------------+------------
       Total |  ----  ---- |  ----  ---- | -0.69 -0.82

Total evaluation: -0.82 (white side)
Total evaluation: none (in check)
"""


def self_test():
    failures = 0

    def check(ok, what):
        nonlocal failures
        print("%s - %s" % ("ok" if ok else "not ok", what))
        failures += not ok

    tables = parse_fsf_tables(SAMPLE_TABLE.splitlines())
    check(len(tables) == 2 and tables[1] is None, "one table per Total evaluation line, none in check")
    check(tables[0]["King safety"] == ((0.70, -0.05), (0.67, -0.05), (0.04, 0.00)), "a term's six values read")
    check(tables[0]["Material"][0] == (None, None) and tables[0]["Total"][2] == (-0.69, -0.82), "---- read as none")

    fen = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3KB3R w KQkq - 0 1"
    gone = dict(removals(fen, ["P", "R", "B", "N"]))
    check(sorted(gone) == ["B", "P", "R"], "a removal for each letter White has")
    check(gone["R"] == "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/4KB3R w - - 0 1", "the first rook in FEN order")
    check(gone["P"] == "r3k4r/pppppppppp/10/10/10/10/1PPPPPPPPP/R3KB3R w - - 0 1", "the first pawn, rights dropped")

    t = parse_trace("128\tb\t0\t-7\t1:2 3:1\t1:3")
    check(t["phase"] == 128 and t["side"] == "b" and t["coef"] == ({1: 2, 3: 1}, {1: 3}), "a trace line read")
    check(parse_trace("-\tnot a position") is None, "a bad line marked")

    with tempfile.TemporaryDirectory() as directory:
        data = os.path.join(directory, "data.txt")
        with open(data, "w", encoding="utf-8") as f:
            f.write("chess\t1-0\t%s\ncapablanca\t0-1\t%s\nchess\t1-0\n" % (fen, fen))
        try:
            read_positions([data], [], "capablanca")
            check(False, "a broken datagen line is refused")
        except Refused as e:
            check(str(e).startswith(data + ":3: "), "a broken datagen line is refused with its line (%s)" % e)
        with open(data, "w", encoding="utf-8") as f:
            f.write("chess\t1-0\t%s\ncapablanca\t0-1\t%s\n" % (fen, fen))
        fens, origins = read_positions([data], [], "capablanca")
        check(fens == [fen] and origins == [data + ":2"], "only the game's lines are read, with their origin")
        try:
            read_positions([], [data], "capablanca")
            check(False, "a datagen line in a FEN list is refused")
        except Refused as e:
            check(str(e).startswith(data + ":1: "), "a datagen line in a FEN list is refused with its line")

    # A synthetic group: y = 3 x0 - 2 x1 + 5 (the constant a nuisance),
    # noise-free: the fit finds 3 and -2 whatever it starts from.
    rng = random.Random(1)
    rows, ys = [], []
    for _ in range(200):
        x = [rng.randint(0, 5), rng.randint(0, 3), 1]
        rows.append(x)
        ys.append(3 * x[0] - 2 * x[1] + 5)
    w, before, after = fit_group(rows, ys, [0, 0], 1, 0)
    check(abs(w[0] - 3) < 1e-9 and abs(w[1] + 2) < 1e-9, "least squares finds the weights (%.3f, %.3f)" % tuple(w))
    check(after > 0.999999 and before < after, "R^2 %.3f before, %.6f after" % (before, after))
    w, _b, _a = fit_group(rows, ys, [0, 0], 1, 10)
    check(abs(w[0]) < 3 and w[0] > 0, "a ridge pulls toward the current weights (%.3f)" % w[0])
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tune", default="_build/tools/tune", help="tools/tune, built (default %(default)s)")
    parser.add_argument("--game", default="capablanca", help="our game id (default %(default)s)")
    parser.add_argument("--fsf", default=FSF, help="Fairy-Stockfish (default %(default)s)")
    parser.add_argument("--fsf-variant", help="its UCI_Variant (default: the game id)")
    parser.add_argument("--data", action="append", default=[], help="a datagen file (GAME<TAB>RESULT<TAB>FEN)")
    parser.add_argument("--fens", action="append", default=[], help="a file of FEN lines of the game")
    parser.add_argument("--sample", type=int, default=20000, help="positions drawn at random (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale-mg", type=float, default=52.8, help="our cp per FSF middlegame pawn")
    parser.add_argument("--scale-eg", type=float, default=90.8, help="our cp per FSF endgame pawn")
    parser.add_argument("--ridge", type=float, default=1e-3, help="pull toward the current weights")
    parser.add_argument("--king-mg-phase", type=int, default=128,
                        help="the middlegame king safety from positions of this phase (0-256) or more")
    parser.add_argument("--min-count", type=int, default=50, help="positions a weight must count in")
    parser.add_argument("--keep", action="append", default=[], metavar="NAME",
                        help="a weight left as it is (e.g. EVAL_THREAT_BY_LESSER+KIND_ARCHBISHOP)")
    parser.add_argument("--limit", type=int, default=600, help="|FSF| in cp for the agreement figures")
    parser.add_argument("--set-out", help="write the weights set, NAME MG EG lines, here")
    parser.add_argument("--out", help="and the table file (tune --set), e.g. src/engine/eval-params.c")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if args.out and not args.set_out:
        parser.error("--out needs --set-out")
    try:
        calibrate(args)
    except (Refused, OSError) as e:
        print("calibrate: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
