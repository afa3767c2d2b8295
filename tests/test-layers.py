#!/usr/bin/env python3
"""test-layers.py — the build keeps the three layers apart.

    test-layers.py BUILDDIR

Compiles small probes with the very command the build uses for a file of
each layer (from BUILDDIR/compile_commands.json): what a layer may include
compiles, a reach past it does not.  Output is TAP.
"""

import json
import os
import shlex
import subprocess
import sys
import tempfile

# (a file of the layer, the header probed, whether it must compile)
PROBES = [
    ("src/ui/chancellor-window.c", '"chancellor-game.h"', True),
    ("src/ui/chancellor-window.c", "<gtk/gtk.h>", True),
    ("src/ui/chancellor-window.c", '"position.h"', False),
    ("src/ui/chancellor-window.c", '"movegen.h"', False),
    ("src/ui/chancellor-window.c", '"types.h"', False),
    ("tests/ui/test-window.c", '"chancellor-window-private.h"', True),
    ("tests/ui/test-window.c", '"position.h"', False),
    ("src/core/chancellor-game.c", '"position.h"', True),
    ("src/core/chancellor-game.c", "<gio/gio.h>", True),
    ("src/core/chancellor-game.c", "<gtk/gtk.h>", False),
    ("src/engine/position.c", '"types.h"', True),
    ("src/engine/position.c", "<glib.h>", False),
]


def command_for(entries, source):
    for entry in entries:
        if os.path.normpath(os.path.join(entry["directory"], entry["file"])).endswith(source):
            return entry
    return None


def main():
    build_dir = sys.argv[1]
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)

    failures = 0
    print("1..%d" % len(PROBES))
    with tempfile.TemporaryDirectory() as tmp:
        for number, (source, header, allowed) in enumerate(PROBES, 1):
            entry = command_for(entries, source)
            name = "%s %s %s" % (source, "includes" if allowed else "cannot include", header)
            if entry is None:
                print("not ok %d - %s: no compile command for %s" % (number, name, source))
                failures += 1
                continue
            probe = os.path.join(tmp, "probe-%d.c" % number)
            with open(probe, "w", encoding="utf-8") as f:
                f.write("#include %s\nint probe_%d;\n" % (header, number))
            args = shlex.split(entry["command"])
            # The same compiler and flags, on the probe, checking syntax only.
            kept = []
            skip = False
            for arg in args:
                if skip:
                    skip = False
                    continue
                if arg in ("-o", "-MF", "-MQ", "-MT", "-c"):
                    skip = arg != "-c"
                    continue
                if arg in ("-MD", "-MMD") or arg == entry["file"]:
                    continue
                kept.append(arg)
            kept += ["-fsyntax-only", probe]
            result = subprocess.run(kept, cwd=entry["directory"], capture_output=True, text=True)
            compiled = result.returncode == 0
            if compiled == allowed:
                print("ok %d - %s" % (number, name))
            else:
                failures += 1
                print("not ok %d - %s" % (number, name))
                for line in result.stderr.splitlines()[:5]:
                    print("# " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
