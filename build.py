#!/usr/bin/env python3
"""Set-up, build, serve and test Manyhands.

    python3 build.py serve    # set up, build dist/, serve it on 127.0.0.1, print the URL
    python3 build.py test     # set up and run every test (pytest args may follow)

Every step records a stamp of its inputs in .stamps/ and is skipped when they
have not changed, so a second run is fast. Only the standard library is used
here: this script is what installs everything else.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMPS = ROOT / ".stamps"
LOCK = ROOT / "requirements-dev.lock"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(*args: str | os.PathLike, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def fingerprint(*paths: Path) -> str:
    """A hash of the files' contents (directories: every file below them)."""
    digest = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            digest.update(str(file.relative_to(ROOT)).encode())
            digest.update(file.read_bytes() if file.exists() else b"-")
    return digest.hexdigest()


def up_to_date(step: str, stamp: str) -> bool:
    path = STAMPS / step
    return path.exists() and path.read_text() == stamp


def mark_done(step: str, stamp: str) -> None:
    STAMPS.mkdir(exist_ok=True)
    (STAMPS / step).write_text(stamp)


# --- steps ------------------------------------------------------------------------
def ensure_venv() -> Path:
    """.venv with the pinned test tools (requirements-dev.lock) and our packages."""
    python = venv_python()
    stamp = fingerprint(LOCK, ROOT / "pyproject.toml") + sys.version
    if python.exists() and up_to_date("venv", stamp):
        return python
    if not python.exists():
        log("creating .venv")
        run(sys.executable, "-m", "venv", VENV)
    log("installing the pinned Python tools (requirements-dev.lock)")
    run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", LOCK)
    mark_done("venv", stamp)
    return python


# --- commands -----------------------------------------------------------------------
def cmd_test(args: list[str]) -> int:
    python = ensure_venv()
    log("running the test suite")
    return subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT).returncode


def cmd_serve(args: list[str]) -> int:
    log("serve: the browser table (web/) is not built yet; only `python3 build.py test` works so far")
    return 2


COMMANDS = {"test": cmd_test, "serve": cmd_serve}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except subprocess.CalledProcessError as exc:
        log(f"step failed: {' '.join(map(str, exc.cmd))} (exit {exc.returncode})")
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
