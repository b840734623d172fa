"""Which installed packages the standalone app may carry: the game's runtime
dependencies and what they in turn require, nothing else.

PyInstaller follows every import it can see, optional ones included, so a build
run in a busy environment bundles whatever the game's libraries would use if it
were there (numpy, cryptography, cffi...): 80 MB on a CI machine with those
installed, against 48 MB from a fresh venv. The runtime dependencies come from
pyproject.toml (the one list), their requirements from the installed metadata;
the top-level modules of every other installed distribution are excluded.
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_EXTRA = re.compile(r"\bextra\s*==")


def canonical(name: str) -> str:
    """A distribution name as PEP 503 compares them: 'Pygame_CE' -> 'pygame-ce'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_requirements() -> list[str]:
    """The game's own dependencies, as pyproject.toml lists them."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    return list(project["dependencies"])


def requirement_name(requirement: str) -> str | None:
    """The distribution a requirement line names; None for an extra's requirement
    (an optional feature the game does not ask for)."""
    if _EXTRA.search(requirement):
        return None
    match = _NAME.match(requirement.strip())
    return canonical(match.group()) if match else None


def dependency_closure(requirements: list[str]) -> set[str]:
    """Every installed distribution the requirements reach, transitively. Markers
    other than extras are not evaluated: keeping one library too many is harmless."""
    wanted: set[str] = set()
    queue = [name for name in map(requirement_name, requirements) if name]
    while queue:
        name = queue.pop()
        if name in wanted:
            continue
        wanted.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue  # not installed: PyInstaller will not find it either
        queue.extend(found for found in map(requirement_name, requires) if found)
    return wanted


def foreign_modules(requirements: list[str] | None = None) -> list[str]:
    """Top-level modules of installed distributions the game does not depend on.
    The standard library and the game itself are never in the list."""
    allowed = dependency_closure(runtime_requirements() if requirements is None else requirements)
    foreign = set()
    for module, distributions in metadata.packages_distributions().items():
        if module in sys.stdlib_module_names or module == "game" or not module.isidentifier():
            continue
        if not any(canonical(dist) in allowed for dist in distributions):
            foreign.add(module)
    return sorted(foreign)


def compiled_as_source(
    binaries: list[tuple[str, str, str]], pure: list[tuple[str, str, str]], package: str
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """PyInstaller's TOCs with `package`'s compiled extension modules swapped for the
    pure-Python source each was compiled from (Cython's pure-Python mode), where that
    source sits beside it. Returns (binaries, pure)."""
    kept, sources = [], []
    for dest, src, kind in binaries:
        source = _source_of(dest, src) if kind == "EXTENSION" else None
        if source is None or not dest.replace("\\", "/").startswith(package + "/"):
            kept.append((dest, src, kind))
        else:
            sources.append(source)
    return kept, [*pure, *sources]


def _source_of(dest: str, src: str) -> tuple[str, str, str] | None:
    """('pkg.mod', '/.../pkg/mod.py', 'PYMODULE') for 'pkg/mod.<abi>.so', if mod.py exists."""
    for suffix in EXTENSION_SUFFIXES:
        if dest.endswith(suffix):
            source = Path(src[: -len(suffix)] + ".py")
            module = dest[: -len(suffix)].replace("\\", "/").replace("/", ".")
            module = module.removesuffix(".__init__")  # a compiled package's own module
            return (module, str(source), "PYMODULE") if source.is_file() else None
    return None


if __name__ == "__main__":
    print("\n".join(foreign_modules()))
