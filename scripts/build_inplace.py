"""Build the C extensions pyproject.toml lists ([[tool.setuptools.ext-modules]]) in place,
beside their sources, without installing: `python scripts/build_inplace.py [name-part ...]`
(only the modules whose name contains one of the parts, e.g. `_geometry`).

What `pip install -e .` builds, for a worktree whose venv points elsewhere or a setuptools too
old to read pyproject.toml's ext-modules (it runs setuptools from a temporary directory, so
that setuptools does not parse the project's configuration). A failed optional module is
reported and skipped, as the install would."""

from __future__ import annotations

import os
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(parts: list[str]) -> int:
    from setuptools import Extension, setup

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    failed = 0
    for spec in config["tool"]["setuptools"].get("ext-modules", []):
        name = spec["name"]
        if parts and not any(p in name for p in parts):
            continue
        ext = Extension(
            name, [str(ROOT / s) for s in spec["sources"]],
            include_dirs=[str(ROOT / d) for d in spec.get("include-dirs", [])],
            depends=[str(ROOT / d) for d in spec.get("depends", [])],
            extra_compile_args=spec.get("extra-compile-args", []))
        with tempfile.TemporaryDirectory() as temp:
            here = os.getcwd()
            os.chdir(temp)
            try:
                setup(name="deadtable-inplace", ext_modules=[ext],
                      script_args=["-q", "build_ext", "--build-lib", str(ROOT),
                                   "--build-temp", temp, "--force"])
                print(f"built {name}")
            except (SystemExit, Exception) as error:  # noqa: BLE001 - report and go on
                failed += 1
                print(f"failed {name}: {error}", file=sys.stderr)
            finally:
                os.chdir(here)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
