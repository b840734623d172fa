"""How the game starts its own processes: they run the game's code and nothing else.

`python -m game.x` puts the current folder first on the child's path: started from a
downloaded folder that holds a `game/` package (or a `multiprocessing/` one), the
child would import and run that folder's code. So every child runs isolated (`-I`:
no current folder, no PYTHON* variables, no user site) and is told where the game
is (the folder that holds the package this process imported), whether installed,
editable or a source checkout. The standalone app runs its own executable instead,
which looks at no folder but its bundle.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import game

GAME_ROOT = str(Path(game.__file__).resolve().parent.parent)  # the folder holding `game/`
# The variables that steer where an interpreter looks for code.
_STEERING = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "PYTHONPLATLIBDIR")
_environment_lock = threading.Lock()


def frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def python_command(module: str, *args: str) -> list[str]:
    """An isolated interpreter that runs `module` as `__main__` with `args` as argv[1:],
    importing the game from GAME_ROOT."""
    program = (
        f"import sys; sys.path.insert(0, {GAME_ROOT!r}); import runpy; "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )
    return [sys.executable, "-I", "-c", program, *args]


@contextlib.contextmanager
def isolated_spawn() -> Iterator[None]:
    """Around `multiprocessing`'s spawn of a child: its first interpreter (`python -c
    ...`, before it takes this process's path) would put the current folder first and
    read the user's PYTHON* variables; here it does neither. The environment is this
    process's, so the change is held for the start only, under a lock."""
    with _environment_lock:
        kept = {
            name: os.environ.get(name)
            for name in (*_STEERING, "PYTHONSAFEPATH", "PYTHONNOUSERSITE")
        }
        for name in _STEERING:
            os.environ.pop(name, None)
        os.environ["PYTHONSAFEPATH"] = "1"  # no current folder on the path (-P)
        os.environ["PYTHONNOUSERSITE"] = "1"  # no user site-packages (-s)
        try:
            yield
        finally:
            for name, value in kept.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
