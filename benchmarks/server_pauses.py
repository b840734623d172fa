"""`python -m game serve ...` with the garbage collector's pauses timed, for
`server_load.py --pauses` (not run alone).

    python benchmarks/server_pauses.py serve --port 0 ...

The collector stops the server's loop while it runs; a collection of the whole
heap of a thousand tables took hundreds of milliseconds, so it is timed here
(`gc.callbacks`). SIGUSR1 starts the measured window and SIGUSR2 ends it (the
server's own shutdown is not measured); when the server stops, one
JSON line on stdout gives the pauses in the window: how many, the longest of
each generation, the most CPU one took, and their total.
"""

from __future__ import annotations

import atexit
import gc
import json
import runpy
import signal
import sys
import time
from typing import Any

# (when it began, seconds, generation, CPU seconds: without the time the process
# waited for a core, which on a loaded machine is much of a pause's wall time)
_pauses: list[tuple[float, float, int, float]] = []
_began = [0.0, 0.0]
_collected: list[int] = []  # objects each pause found to be garbage
_window = [float("inf"), float("inf")]  # start, end


def _timed(phase: str, info: dict[str, Any]) -> None:
    now, cpu = time.perf_counter(), time.thread_time()
    if phase == "start":
        _began[:] = [now, cpu]
    else:
        _pauses.append((_began[0], now - _began[0], info["generation"], cpu - _began[1]))
        _collected.append(info["collected"])


def _start_window(*_: object) -> None:
    _window[0] = time.perf_counter()


def _end_window(*_: object) -> None:
    _window[1] = time.perf_counter()


def _report() -> None:
    def within(p: tuple[float, float, int, float]) -> bool:
        return _window[0] <= p[0] < _window[1]

    inside = [p for p in _pauses if within(p)]
    worst = max(range(len(_pauses)), key=lambda i: _pauses[i][3] * within(_pauses[i]))
    longest = {
        str(g): max((p[1] for p in inside if p[2] == g), default=0.0) * 1000 for g in (0, 1, 2)
    }
    report = {
        "pauses": len(inside),
        "longest_ms": longest,
        "longest_cpu_ms": max((p[3] for p in inside), default=0.0) * 1000,
        "total_ms": sum(p[1] for p in inside) * 1000,
        # the pause that took the most CPU: its generation and the garbage it found
        "costliest": [_pauses[worst][2], _collected[worst]] if inside else None,
    }
    print(json.dumps({"collector": report}), flush=True)


def main() -> None:
    gc.callbacks.append(_timed)
    signal.signal(signal.SIGUSR1, _start_window)
    signal.signal(signal.SIGUSR2, _end_window)
    atexit.register(_report)
    sys.argv = ["game", *sys.argv[1:]]
    runpy.run_module("game", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
