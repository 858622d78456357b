"""Write the encodings' layout tables into docs/research.md (between its markers), from the
code: `python scripts/research_tables.py`. With --check, only say whether they differ
(tests/envs/test_layouts.py fails when they do). Prints the digests to record in
deadtable/envs/layouts.py when a layout changes."""

from __future__ import annotations

import sys
from pathlib import Path

from deadtable.envs import layouts

DOCS = Path(__file__).resolve().parent.parent / "docs" / "research.md"


def main(argv: list[str]) -> int:
    text = DOCS.read_text(encoding="utf-8")
    new = layouts.replace_section(text, layouts.markdown())
    for name, digest in layouts.digests().items():
        print(f"{name}: {digest}")
    if "--check" in argv:
        if new != text:
            print("docs/research.md's layout tables differ from the code", file=sys.stderr)
            return 1
        return 0
    DOCS.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
