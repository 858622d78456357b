"""Print the fastest build of this Python on the machine, for `make` to build .venv with.

One Python version can be installed here more than once, built differently: this machine's
`python3` is a pyenv build of 3.11 without profile-guided or link-time optimisation, while
Debian's /usr/bin/python3.11 is built with both, and the games' Python rules run 25-40%
faster on it (docs/engine.md "Which Python"). The candidates are the interpreters of the same
minor version as the one running this script (so the same wheels and the same code paths), found
on PATH and in /usr/bin and /usr/local/bin, that can make a venv with pip and, where the
running one has its C headers (the kernels are compiled), have theirs too. Each runs the same
small piece of pure Python, best of nine by CPU time (a busy machine moves wall-clock
times); the fastest wins, the running one unless another is at least 5% faster. The choice
and the times go to stderr; `PY=... make setup` overrides.

Run as `python3 scripts/pick_python.py`; it prints one path and exits 0 whatever it finds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

MARGIN = 1.05  # another build must be this much faster to be taken over the running one

# What the rules do most: small objects, attribute and dict reads, calls, tuples, loops.
WORKLOAD = """
import time
class Piece:
    __slots__ = ("space", "side", "life")
    def __init__(self, space, side, life):
        self.space, self.side, self.life = space, side, life
def offers(pieces, table):
    out = []
    for p in pieces:
        for n in table.get(p.space, ()):
            if n != p.space and p.life > 0:
                out.append((p.side, n))
    return out
table = {i: tuple((i + k) % 500 for k in range(6)) for i in range(500)}
pieces = [Piece(i * 7 % 500, i % 2, i % 5) for i in range(200)]
best = float("inf")
for _ in range(9):
    start = time.process_time()
    for _ in range(200):
        offers(pieces, table)
    best = min(best, time.process_time() - start)
print(best)
"""

CHECK = """
import sys, sysconfig, os, venv, ensurepip
print(os.path.realpath(sys.executable), sys.version_info[0], sys.version_info[1])
print(int(os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))))
"""


def _candidates() -> list[str]:
    minor = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    found = [os.path.realpath(sys.executable)]
    where = os.environ.get("PATH", "").split(os.pathsep) + ["/usr/bin", "/usr/local/bin"]
    for folder in where:
        path = shutil.which(minor, path=folder) if folder else None
        if path and os.path.realpath(path) not in found:
            found.append(os.path.realpath(path))
    return found


def _usable(python: str, needs_headers: bool) -> str | None:
    """The interpreter itself (a launcher such as pyenv's shim resolved), if it is usable."""
    try:
        done = subprocess.run([python, "-c", CHECK], capture_output=True, text=True,
                              timeout=30, check=True)
        itself, major, minor, headers = done.stdout.split()
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    same = (int(major), int(minor)) == sys.version_info[:2]
    return itself if same and (headers == "1" or not needs_headers) else None


def _seconds(python: str) -> float:
    try:
        done = subprocess.run([python, "-c", WORKLOAD], capture_output=True, text=True,
                              timeout=60, check=True)
        return float(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return float("inf")


def main() -> None:
    running = os.path.realpath(sys.executable)
    headers = Path(sysconfig.get_paths()["include"], "Python.h").exists()
    usable = {running}
    for python in _candidates():
        itself = _usable(python, headers)
        if itself:
            usable.add(itself)
    times = {python: _seconds(python) for python in sorted(usable)}
    best = min(times, key=times.__getitem__)
    if times[best] * MARGIN > times[running]:
        best = running
    for python, seconds in times.items():
        mark = "  <- chosen" if python == best else ""
        print(f"pick_python: {python} {seconds * 1000:.1f} ms{mark}", file=sys.stderr)
    print(best)


if __name__ == "__main__":
    main()
