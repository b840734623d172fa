"""Fail when PyInstaller is installed but no frozen-app test ran and passed.

    python .ci/frozen_tests_ran.py junit.xml

pytest skips a whole module whose import is skipped, and it never collects a folder
its settings exclude, and both look like success. This reads pytest's JUnit report
and insists that the frozen-app tests were there and passed.
"""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ElementTree

FROZEN_MODULE = "tests.packaging.test_frozen_app"


def frozen_results(report: str) -> tuple[int, int]:
    """(passed, not passed) among the frozen-app test cases in the report."""
    passed = other = 0
    for case in ElementTree.parse(report).iter("testcase"):
        if not case.get("classname", "").startswith(FROZEN_MODULE):
            continue
        if any(child.tag in ("skipped", "failure", "error") for child in case):
            other += 1
        else:
            passed += 1
    return passed, other


def main(argv: list[str]) -> int:
    if importlib.util.find_spec("PyInstaller") is None:
        print("PyInstaller is not installed: the frozen-app tests were not required")
        return 0
    passed, other = frozen_results(argv[1])
    if passed == 0 or other:
        print(
            f"FAILED: PyInstaller is installed but {passed} frozen-app tests passed "
            f"and {other} were skipped or failed ({FROZEN_MODULE})",
            file=sys.stderr,
        )
        return 1
    print(f"frozen-app tests: {passed} passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
