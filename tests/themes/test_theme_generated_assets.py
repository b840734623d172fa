"""The committed art and maps are exactly what build/themes/make_assets.py writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.files import paths

REPO = Path(__file__).resolve().parents[2]


def test_generated_files_are_up_to_date(tmp_path: Path) -> None:
    script = REPO / "build" / "themes" / "make_assets.py"
    result = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    generated = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert len(generated) > 180
    stale = [
        str(rel)
        for rel in generated
        if (paths.themes_root() / rel).read_bytes() != (tmp_path / rel).read_bytes()
    ]
    assert stale == [], "run: python build/themes/make_assets.py"
