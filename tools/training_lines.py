"""training_lines.py — the training files of tools/datagen, read for the
Python tools (fsf-label.py, calibrate.py).

A line is GAME<TAB>RESULT<TAB>FEN, RESULT one of 1-0, 1/2-1/2, 0-1 or
White's expected score from 0 to 1 (as fsf-label.py writes it).  A line
of any other shape refuses the whole file: Refused names the file and
the line.
"""

RESULTS = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}


class Refused(Exception):
    """Input that cannot be used, with where and why."""


def read_training_lines(path, game):
    """(line number, FEN, White's result) of every line of game in the
    file path, every line of it checked."""
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        raise Refused("cannot read %s: %s" % (path, e.strerror))
    out = []
    with f:
        for number, line in enumerate(f, 1):
            parts = line.rstrip("\r\n").split("\t")
            if len(parts) != 3:
                raise Refused("%s:%d: expected GAME<TAB>RESULT<TAB>FEN" % (path, number))
            result = RESULTS.get(parts[1])
            if result is None:
                try:
                    result = float(parts[1])
                except ValueError:
                    result = -1.0
                if not 0.0 <= result <= 1.0:
                    raise Refused("%s:%d: result '%s' is none of 1-0, 1/2-1/2, 0-1 nor a score from 0 to 1"
                                  % (path, number, parts[1]))
            if parts[0] == game:
                out.append((number, parts[2], result))
    return out
