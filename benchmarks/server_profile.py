"""`python -m game serve ...` under cProfile for the measured window only, for
`server_load.py --profile PATH` (not run alone).

    python benchmarks/server_profile.py PATH serve --port 0 ...

Setting up a thousand tables costs the server more than a minute of play, and
would fill a profile of the whole run; so the profiler starts at SIGUSR1 (the
measured window, as in `server_pauses.py`) and its statistics are written to
PATH when the server stops.
"""

from __future__ import annotations

import atexit
import cProfile
import runpy
import signal
import sys

_profile = cProfile.Profile()


def _start_window(*_: object) -> None:
    _profile.enable()


def _write(path: str) -> None:
    _profile.disable()
    _profile.dump_stats(path)


def main() -> None:
    path = sys.argv[1]
    signal.signal(signal.SIGUSR1, _start_window)
    atexit.register(_write, path)
    sys.argv = ["game", *sys.argv[2:]]
    runpy.run_module("game", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
