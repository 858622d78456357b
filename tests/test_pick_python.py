"""scripts/pick_python.py: `make` builds .venv on the fastest build of python3's version."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "pick_python.py"
sys.path.insert(0, str(SCRIPT.parent))

import pick_python  # noqa: E402


def _fake(folder: Path, answer: str, seconds: str = "0.5") -> str:
    """A 'python3.X' that answers the usability check with `answer` and times `seconds`."""
    path = folder / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    path.write_text(f"#!/bin/sh\ncase \"$2\" in *venv*) echo '{answer}';; "
                    f"*) echo '{seconds}';; esac\n")
    path.chmod(0o755)
    return str(path)


def test_only_a_build_of_the_same_minor_version_with_headers_is_usable(tmp_path: Path) -> None:
    major, minor = sys.version_info[:2]
    ok = _fake(tmp_path, f"/opt/fast/python {major} {minor} 1")
    assert pick_python._usable(ok, needs_headers=True) == "/opt/fast/python"
    (tmp_path / "other").mkdir()
    newer = _fake(tmp_path / "other", f"/opt/new/python {major} {minor + 1} 1")
    assert pick_python._usable(newer, needs_headers=False) is None
    (tmp_path / "bare").mkdir()
    bare = _fake(tmp_path / "bare", f"/opt/bare/python {major} {minor} 0")
    assert pick_python._usable(bare, needs_headers=True) is None
    assert pick_python._usable(bare, needs_headers=False) == "/opt/bare/python"
    assert pick_python._usable(str(tmp_path / "missing"), needs_headers=False) is None


def test_the_running_python_is_kept_unless_another_is_clearly_faster(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    running = os.path.realpath(sys.executable)
    monkeypatch.setattr(pick_python, "_candidates", lambda: [running, "/opt/other"])
    monkeypatch.setattr(pick_python, "_usable", lambda python, headers: python)
    times = {running: 0.010, "/opt/other": 0.0098}  # 2% faster: not worth a change
    monkeypatch.setattr(pick_python, "_seconds", times.__getitem__)
    pick_python.main()
    assert capsys.readouterr().out.strip() == running
    times["/opt/other"] = 0.007  # 30% faster: taken
    pick_python.main()
    out, err = capsys.readouterr()
    assert out.strip() == "/opt/other" and "/opt/other 7.0 ms  <- chosen" in err


def test_it_prints_a_python_of_the_running_version() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          check=True, timeout=120)
    chosen = done.stdout.strip()
    version = subprocess.run([chosen, "-c", "import sys; print(sys.version_info[:2])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    assert version == str(sys.version_info[:2])
    assert "<- chosen" in done.stderr
