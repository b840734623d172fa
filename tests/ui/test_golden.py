"""Golden images: each scene, in each built-in theme, looks as it did.

Every scene is drawn at 1280x720 from a fixed seed in virtual time (the dummy
video driver), shrunk to a thumbnail and compared with the one kept in
tests/ui/golden/. Thumbnails keep the images small and forgive the odd pixel a
font rasteriser places differently; the tolerance below forgives the rest, so
what fails is a changed look: a panel moved, a colour changed, a word added.

A deliberate change of look: regenerate with

    UPDATE_GOLDEN=1 PYTHONPATH=$PWD python -m pytest tests/ui/test_golden.py

then look at the new images (git diff shows which) before committing them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App, Options
from game.table import default_setup
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pass_device import PassScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.round_tally import RoundTallyScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME, run_until, settle_on_my_turn

GOLDEN = Path(__file__).parent / "golden"
SIZE = (1280, 720)
OTHER_SIZES = ((1280, 800), (800, 1280))  # the table only: a Deck's and a portrait tablet's
THUMB = (256, 144)  # a fifth: small files, and a font's stray pixel averages away
THEMES = ("classic", "minecraft", "monster_high")
# A thumbnail pixel "differs" past this on any channel; the scene differs when more
# than DIFFERING_SHARE of its pixels do, or the mean difference passes MEAN_MOST.
PIXEL_TOLERANCE = 40
DIFFERING_SHARE = 0.01
MEAN_MOST = 2.0
SEED = 4


@pytest.fixture
def golden_app() -> Iterator[App]:
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=SIZE, language="en"))
    application.complete_catalog()
    yield application
    application.close()


def _table(
    app: App, theme: str, autoplay: bool = False, players: int = 4, target: int = 500
) -> TableScene:
    pack = app.catalog.choose(theme)
    setup = default_setup(pack.id, pack.manifest.preset, players, autoplay, SEED, target, "1x")
    table = TableScene(app, setup, threaded=False)
    app.start(table)
    return table


def _mid_round(app: App, theme: str) -> None:
    table = _table(app, theme)
    assert settle_on_my_turn(app, table)


def _ended(app: App, theme: str, wanted: type) -> None:
    _table(app, theme, autoplay=True)
    assert run_until(app, lambda: isinstance(app.stack.top, wanted), 100_000)


def _tally(app: App, theme: str) -> None:
    _ended(app, theme, RoundTallyScene)
    for _ in range(40):  # hands on their way to the winner's count
        app.step(FRAME)


def _scoreboard(app: App, theme: str) -> None:
    _ended(app, theme, ScoreboardScene)
    for _ in range(240):  # its count-up done
        app.step(FRAME)


def _match_end(app: App, theme: str) -> None:
    """A one-point match's end: the podium, its celebration over."""
    _table(app, theme, autoplay=True, players=5, target=1)
    assert run_until(app, lambda: isinstance(app.stack.top, ScoreboardScene), 100_000)
    for _ in range(240):
        app.step(FRAME)


def _over_table(make: Callable[[App, str], object]) -> Callable[[App, str], None]:
    """A scene pushed over a settled table."""

    def build(app: App, theme: str) -> None:
        _mid_round(app, theme)
        app.stack.push(make(app, theme))  # type: ignore[arg-type]

    return build


def _alone(make: Callable[[App, str], object]) -> Callable[[App, str], None]:
    def build(app: App, theme: str) -> None:
        app.set_theme(theme)
        app.start(make(app, theme))  # type: ignore[arg-type]

    return build


def _setup(app: App, theme: str) -> SetupScene:
    pack = app.catalog.choose(theme)
    return SetupScene(app, default_setup(pack.id, pack.manifest.preset, 4, False, SEED, 500, "1x"))


SCENES: dict[str, Callable[[App, str], None]] = {
    "table": _mid_round,
    "tally": _tally,
    "scoreboard": _scoreboard,
    "match-end": _match_end,
    "menu": _alone(lambda app, theme: MenuScene(app)),
    "setup": _alone(_setup),
    "settings": _alone(lambda app, theme: SettingsScene(app, theme)),
    "statistics": _alone(lambda app, theme: StatisticsScene(app)),
    "rules": _alone(lambda app, theme: RulesScene(app, theme)),
    "pause": _over_table(lambda app, theme: PauseScene(app, theme)),
    "pass": _over_table(lambda app, theme: PassScene(app, theme, "Bea", lambda: None)),
}


def _thumbnail(app: App, size: tuple[int, int] = THUMB) -> pygame.Surface:
    for _ in range(30):  # scenes fade and slide in
        app.step(FRAME)
    return pygame.transform.smoothscale(app.screen, size).convert(24)


def _difference(shot: pygame.Surface, kept: pygame.Surface) -> tuple[float, float]:
    """The share of thumbnail pixels that differ, and the mean channel difference."""
    a, b = pygame.image.tobytes(shot, "RGB"), pygame.image.tobytes(kept, "RGB")
    differing = total = 0
    for i in range(0, len(a), 3):
        d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
        total += d
        differing += d > PIXEL_TOLERANCE
    pixels = len(a) // 3
    return differing / pixels, total / pixels


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("scene", list(SCENES))
def test_each_scene_looks_as_it_did(golden_app: App, scene: str, theme: str) -> None:
    SCENES[scene](golden_app, theme)
    _compare(_thumbnail(golden_app), GOLDEN / f"{scene}-{theme}.png")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", OTHER_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_looks_as_it_did_on_a_deck_and_a_tablet(
    size: tuple[int, int], theme: str
) -> None:
    """The table at a Steam Deck's 1280x800 and a portrait tablet's 800x1280 (its own
    arrangement: game/themes/portrait.py); thumbnails a fifth of the window."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size, language="en"))
    try:
        app.complete_catalog()
        _mid_round(app, theme)
        shot = _thumbnail(app, (size[0] // 5, size[1] // 5))
        _compare(shot, GOLDEN / f"table-{size[0]}x{size[1]}-{theme}.png")
    finally:
        app.close()


def _compare(shot: pygame.Surface, path: Path) -> None:
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(shot, str(path))
        return
    assert path.exists(), f"no golden image {path.name}: run with UPDATE_GOLDEN=1"
    kept = pygame.image.load(str(path))
    assert kept.get_size() == shot.get_size()
    share, mean = _difference(shot, kept)
    assert share <= DIFFERING_SHARE and mean <= MEAN_MOST, (
        f"{path.name}: {share:.1%} of pixels differ, mean {mean:.1f}; if the change is "
        "meant, regenerate with UPDATE_GOLDEN=1 and look at the images"
    )
