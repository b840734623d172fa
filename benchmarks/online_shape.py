"""The shape of game/online in three figures: lines typed `dict[str, Any]` or a
bare `Any` (what the type checker cannot follow), and the largest classes by
attributes and by lines (one object doing several jobs).

    python benchmarks/online_shape.py            # the figures, and the five largest of each
    python benchmarks/online_shape.py --top 10

A class's attributes are its fields (class-level annotations, ClassVars left out)
and every `self.<name>` it assigns; its lines run from `class` to its last line.
tests/test_layering.py holds the figures at the targets below.
"""

from __future__ import annotations

import argparse
import ast
import re
from dataclasses import dataclass
from pathlib import Path

ONLINE = Path(__file__).resolve().parent.parent / "game" / "online"
UNTYPED = re.compile(r"dict\[str, Any\]|\bAny\b")
MOST_UNTYPED, MOST_ATTRIBUTES, MOST_LINES = 10, 15, 250  # the targets (issue 40)


@dataclass(frozen=True)
class ClassShape:
    where: str  # path:class
    attributes: int
    lines: int


def untyped_lines(root: Path = ONLINE) -> int:
    """Lines with `dict[str, Any]` or a bare `Any`, as `grep -rE` counts them."""
    return sum(
        1
        for path in sorted(root.rglob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if UNTYPED.search(line)
    )


def classes(root: Path = ONLINE) -> list[ClassShape]:
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                where = f"{path.relative_to(root.parent.parent)}:{node.name}"
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append(ClassShape(where, len(_attributes(node)), lines))
    return found


def _attributes(cls: ast.ClassDef) -> set[str]:
    names = {
        item.target.id
        for item in cls.body
        if isinstance(item, ast.AnnAssign)
        and isinstance(item.target, ast.Name)
        and "ClassVar" not in ast.unparse(item.annotation)
    }
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id == "self"
                ):
                    names.add(part.attr)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=5)
    top = parser.parse_args().top
    shapes = classes()
    print(f"dict[str, Any] and bare Any: {untyped_lines()} lines (target <= {MOST_UNTYPED})")
    print(f"most attributes (target <= {MOST_ATTRIBUTES}):")
    for shape in sorted(shapes, key=lambda s: -s.attributes)[:top]:
        print(f"  {shape.attributes:4d}  {shape.where}")
    print(f"most lines (target <= {MOST_LINES}):")
    for shape in sorted(shapes, key=lambda s: -s.lines)[:top]:
        print(f"  {shape.lines:4d}  {shape.where}")


if __name__ == "__main__":
    main()
