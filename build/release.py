"""Build the standalone app with PyInstaller, then prove it runs.

    python build/release.py              # dist/uno-table/ (and uno-table.app on macOS)
    python build/release.py --onefile    # dist/uno-table-onefile[.exe]
    python build/release.py --archive    # also pack it for download (what CI attaches)
    python build/release.py --no-build   # smoke-test what is already in dist/

The smoke test runs the frozen app with --selftest, headless, from a foreign
working folder and with an empty user profile (where the platform lets us set
one), exactly as a first launch on a player's machine. It fails loudly, exit
code 1 and the app's output, if the app does not exit 0, if it leaves any file
beside its executable (user files belong in the platformdirs folders), or if the
one-folder app outgrows its size budget.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

import app_metadata  # build/app_metadata.py, beside this script
from desktop import write_linux_integration

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "pyinstaller.spec"
NAME = app_metadata.NAME
# The one-folder budget, issue 39's cap (47.4 MB on Linux: online play, its bot worker
# processes, and 4.8 MB of sound: three takes of every effect, three pieces of music a theme).
MAX_MB = 50
SELFTEST_TIMEOUT = 600  # seconds; a hung app (say, an error dialog) must not hang CI


def app_executable(dist: Path, onefile: bool = False) -> Path:
    """The program a player starts, as PyInstaller lays it out on this platform."""
    exe = ".exe" if sys.platform == "win32" else ""
    if onefile:
        return dist / f"{NAME}-onefile{exe}"
    bundle = dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    if sys.platform == "darwin" and bundle.exists():
        return bundle
    return dist / NAME / f"{NAME}{exe}"


def app_root(dist: Path, onefile: bool = False) -> Path:
    """What gets shipped: the one file, the .app on macOS, else the folder."""
    if onefile:
        return app_executable(dist, onefile)
    bundle = dist / f"{NAME}.app"
    return bundle if sys.platform == "darwin" and bundle.exists() else dist / NAME


def size_mb(path: Path) -> float:
    """Bytes on disk in MB (10**6), symlinks counted once as links."""
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return sum(p.lstat().st_size for p in files) / 1e6


def build(dist: Path, work: Path, onefile: bool) -> None:
    try:
        import PyInstaller  # noqa: F401  (only to say clearly that it is missing)
    except ImportError:
        fail("PyInstaller is not installed: python -m pip install pyinstaller")
    env = dict(os.environ, UNO_TABLE_ONEFILE="1" if onefile else "0")
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        str(SPEC),
    ]
    started = time.perf_counter()
    if subprocess.run(command, cwd=ROOT, env=env).returncode != 0:
        fail("PyInstaller failed (its messages are above)")
    print(f"built in {time.perf_counter() - started:.0f} s", flush=True)


def fresh_profile(home: Path) -> dict[str, str]:
    """Environment for a first launch: dummy SDL drivers and an empty user profile.
    (On Windows platformdirs asks the shell for the folders, so the real ones stay.)"""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_STATE_HOME=str(home / "state"),
    )
    env.pop("PYTHONPATH", None)  # the app must not lean on a Python install
    return env


def snapshot(root: Path) -> dict[str, float]:
    files = [root] if root.is_file() else list(root.rglob("*"))
    return {str(p.relative_to(root.parent)): p.lstat().st_mtime for p in files}


def smoke_test(dist: Path, onefile: bool) -> None:
    exe = app_executable(dist, onefile)
    if not exe.is_file():
        fail(f"no app at {exe}: build it first")
    shipped = app_root(dist, onefile)
    before = snapshot(shipped)
    with tempfile.TemporaryDirectory(prefix="uno-table-smoke-") as home:
        try:
            run = subprocess.run(
                [str(exe), "--selftest"],
                cwd=home,
                env=fresh_profile(Path(home)),
                capture_output=True,
                text=True,
                timeout=SELFTEST_TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            fail(f"{exe} --selftest did not finish within {SELFTEST_TIMEOUT} s")
    print(run.stdout + run.stderr, end="", flush=True)
    if run.returncode != 0:
        fail(f"{exe} --selftest exited {run.returncode}, not 0")
    changed = sorted(k for k, v in snapshot(shipped).items() if before.get(k) != v)
    if changed:
        fail(f"the app wrote beside its executable: {', '.join(changed[:5])}")
    print(f"smoke test passed: {exe}")


def check_size(dist: Path, onefile: bool, limit: float) -> None:
    megabytes = size_mb(app_root(dist, onefile))
    print(f"size: {megabytes:.1f} MB ({app_root(dist, onefile).name})")
    if not onefile and megabytes > limit:
        fail(f"the one-folder app is {megabytes:.1f} MB, over the {limit:g} MB budget")


def archive(dist: Path, onefile: bool) -> Path:
    """dist/uno-table-<version>-<os>-<cpu>.zip (Windows) or .tar.gz (tar keeps the .app's
    symlinks)."""
    base = dist / app_metadata.archive_stem(onefile)
    shipped = app_root(dist, onefile)
    fmt = "zip" if sys.platform == "win32" else "gztar"
    made = shutil.make_archive(str(base), fmt, root_dir=shipped.parent, base_dir=shipped.name)
    print(f"archive: {made}")
    return Path(made)


def fail(message: str) -> NoReturn:
    print(f"\nRELEASE FAILED: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-unpacking file")
    parser.add_argument("--no-build", action="store_true", help="only smoke-test dist/")
    parser.add_argument("--archive", action="store_true", help="pack the app for download")
    parser.add_argument("--distpath", type=Path, default=ROOT / "dist")
    parser.add_argument("--workpath", type=Path, default=ROOT / "build" / "pyinstaller")
    parser.add_argument("--max-mb", type=float, default=MAX_MB, help="one-folder size budget")
    args = parser.parse_args(argv)
    dist = args.distpath.resolve()
    if not args.no_build:
        build(dist, args.workpath.resolve(), args.onefile)
        if sys.platform.startswith("linux") and not args.onefile:
            write_linux_integration(app_root(dist))  # share/ and install-desktop.sh
    smoke_test(dist, args.onefile)
    check_size(dist, args.onefile, args.max_mb)
    if args.archive:
        archive(dist, args.onefile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
