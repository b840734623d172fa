"""The guided first game: each theme's script plays through as written (every
computer move legal when its turn comes), and the whole lesson is finished with
a controller alone and with a touch screen alone; it is refused off-script,
skippable, offered once at a first start, and neither saved nor counted."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.engine.actions import ACCEPT, ActionKind
from game.table import saved_game
from game.tutorial import THEMES, lesson_for
from game.tutorial.guide import GuidedTable, lesson_setup
from tests.ui.conftest import FRAME
from tests.ui.test_pad_input import RIGHT, A, X, Y, press
from tests.ui.test_touch_input import drag, tap


def _play_headless(theme: str) -> GuidedTable:
    lesson = lesson_for(theme)
    guide = GuidedTable(lesson, lesson_setup(lesson, "instant"), pace=0)
    table = guide.table
    for _ in range(500):
        table.tick(1.0)
        table.step()
        step = guide.asked
        if table.over or step is None:
            break
        wanted = [a for a in table.update(0).legal if step.want.accepts(a)]
        if wanted:
            guide.submit(0, wanted[0])
    return guide


@pytest.mark.parametrize("theme", THEMES)
def test_each_script_plays_through_as_written(theme: str) -> None:
    guide = _play_headless(theme)
    table = guide.table
    assert guide.asked is None and table.over
    assert table.match.round.winner == 0
    # Every scripted computer move was played (the spare Accept is never reached).
    assert table.controllers[1].moves == [ACCEPT]
    kinds = [s.want.kind for s in guide.lesson.steps]
    for kind in (ActionKind.PLAY, ActionKind.DRAW, ActionKind.CATCH, ActionKind.CHALLENGE):
        assert kind in kinds
    assert any(s.want.uno for s in guide.lesson.steps)
    special = {"classic": None, "minecraft": "creeper", "monster_high": "urrrh"}[theme]
    if special:
        assert guide.lesson.steps[-1].want.card == special
        played = [a for seat, a in table.match.round.log if seat == 0 and a[0] == "play"]
        assert played[-1].card.text == special


def test_minecrafts_caught_computer_draws_a_creeper_and_three_more() -> None:
    guide = _play_headless("minecraft")
    shown = [e for e in guide.table.match.round.history if type(e).__name__ == "CreeperShown"]
    assert shown and shown[0].seat == 1


def test_an_action_off_the_script_is_refused_and_the_step_stays() -> None:
    lesson = lesson_for("classic")
    guide = GuidedTable(lesson, lesson_setup(lesson, "instant"), pace=0)
    from game.engine import IllegalAction
    from game.engine.actions import DRAW

    with pytest.raises(IllegalAction):
        guide.submit(0, DRAW)  # the coach asked for the red 2
    assert guide.step_index == 0 and len(guide.table.match.round.hand(0)) == 7


def _learn(app, theme: str):  # noqa: ANN001, ANN202
    app.settings.speed = "instant"
    scene = app.scene("learn", theme)
    app.start(scene)
    app.step(FRAME)
    return scene


def _ready(app, scene) -> bool:  # noqa: ANN001
    """Frames until the step can be answered (the reveal panel closed by `close`)."""
    t = scene.body
    for _ in range(600):
        if scene.guide.asked is None and app.stack.top is not scene:
            return False
        if t.picture.shown.reveal is not None:
            return True
        step = scene.guide.asked
        choices = t.seat.prompt.choices if step is not None and not t.picture.choreo.busy else ()
        if any(step.want.accepts(a) for c in choices for a in c.actions):
            return True
        app.step(FRAME)
    raise AssertionError("the lesson stalled")


def _pad_step(app, scene) -> None:  # noqa: ANN001
    t = scene.body
    if t.picture.shown.reveal is not None:
        press(A)  # any button closes Kai's revealed hand
        app.step(FRAME)
        return
    step = scene.guide.asked
    kind = step.point.partition(":")[0]
    if kind == "pile":
        press(X)
    elif kind in ("catch", "challenge"):
        press(Y)
    else:
        if kind == "uno":
            press(Y)
            app.step(FRAME)
        face = step.want.card
        for _ in range(len(t.picture.fan.cards) + 1):
            if (
                t.picture.focus is not None
                and t.picture.fan.cards[t.picture.focus].card.text == face
            ):
                break
            press(RIGHT)
            app.step(FRAME)
        press(A)
        app.step(FRAME)
        if t.seat.choice is not None:  # a wild: the picker; A names green
            press(A)
    app.step(FRAME)


def test_the_guided_game_is_finished_with_a_controller_alone(app) -> None:  # noqa: ANN001
    scene = _learn(app, "minecraft")
    steps = len(scene.guide.lesson.steps)
    for _ in range(steps * 3):
        if not _ready(app, scene):
            break
        _pad_step(app, scene)
    assert scene.guide.asked is None
    for _ in range(120):
        app.step(FRAME)
    assert type(app.stack.top).__name__ == "LessonEnd"
    press(A)
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "MenuScene"
    assert not saved_game.exists(app.data)  # never saved,
    assert app.data.load_checked("stats.json", "stats", 1, lambda d: d) is None  # nor counted


def _touch_step(app, scene) -> None:  # noqa: ANN001
    t = scene.body
    if t.picture.shown.reveal is not None:
        tap(app, (app.size[0] // 2, app.size[1] // 2))
        return
    step = scene.guide.asked
    kind = step.point.partition(":")[0]
    if kind in ("pile", "catch", "challenge"):
        wanted = {"pile": "pile", "catch": "catch:1", "challenge": "challenge"}[kind]
        if kind == "pile":
            rect = t.geometry.place("draw_pile")
        else:
            rect = next(b.rect for b in t.buttons() if b.key == wanted)
        tap(app, rect.center)
        return
    if kind == "uno":
        tap(app, t.geometry.place("uno_button").center)
    face = step.want.card
    index = next(i for i, h in enumerate(t.picture.fan.cards) if h.card.text == face)
    if face == "blue-7":  # one card dragged onto the pile, the others tapped
        drag(app, t.picture.fan.rect_of(index).center, t.geometry.place("discard_pile").center)
    else:
        tap(app, t.picture.fan.rect_of(index).center)
    if t.seat.choice is not None:
        p = t.picker()
        assert p is not None
        tap(app, next(seg.rect for seg in p.segments if seg.colour == "green").center)


def test_the_guided_game_is_finished_with_touch_alone(app) -> None:  # noqa: ANN001
    _touch_lesson(app)


def test_the_guided_game_is_finished_on_a_portrait_tablet_by_touch() -> None:
    from game.app import App, Options

    tablet = App(Options(fixed_dt=FRAME, fps_cap=0, size=(800, 1280)))
    try:
        tablet.complete_catalog()
        _touch_lesson(tablet, "classic")
    finally:
        tablet.close()


def _touch_lesson(app, theme: str = "monster_high") -> None:  # noqa: ANN001
    scene = _learn(app, theme)
    for _ in range(len(scene.guide.lesson.steps) * 3):
        if not _ready(app, scene):
            break
        _touch_step(app, scene)
        app.step(FRAME)
    assert scene.guide.asked is None
    for _ in range(120):
        app.step(FRAME)
    assert type(app.stack.top).__name__ == "LessonEnd"
    tap(app, (10, 10))
    assert type(app.stack.top).__name__ == "MenuScene"


def test_the_skip_button_leaves_the_lesson_at_any_time(app) -> None:  # noqa: ANN001
    scene = _learn(app, "classic")
    tap(app, scene.skip_button().rect.center)
    assert type(app.stack.top).__name__ == "MenuScene"


def test_backspace_skips_too(app) -> None:  # noqa: ANN001
    _learn(app, "classic")
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
    )
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "MenuScene"


def test_a_first_start_offers_the_lesson_once(app) -> None:  # noqa: ANN001
    from game.ui.launch import opening_scene

    app.data.owner = True
    app.settings.lesson_offered = False
    app.start(opening_scene(app, app.options))
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "ConfirmScene"
    assert app.settings.lesson_offered
    press(A)  # "Learn to play", chosen at first
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "LearnScene"
    app.stack.reset(opening_scene(app, app.options))
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "MenuScene"  # offered once only


def _player_pack(app, tmp_path: Path, source: str, as_id: str) -> None:  # noqa: ANN001
    """A copy of a shipped pack under its own id, in the player's packs."""
    from game.files import paths
    from game.themes.loader import discover

    folder = tmp_path / "packs" / as_id
    shutil.copytree(paths.themes_root() / source, folder)
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace(f'id = "{source}"', f'id = "{as_id}"', 1), encoding="utf-8")
    app.catalog = discover([(paths.themes_root(), True), (folder.parent, False)])
    assert app.catalog.choose(as_id).id == as_id


def test_a_copy_of_monster_high_plays_its_lesson_in_its_own_colours(app, tmp_path: Path) -> None:  # noqa: ANN001
    _player_pack(app, tmp_path, "monster_high", "my_monsters")
    scene = _learn(app, "my_monsters")
    assert scene.theme == "my_monsters" and scene.note == ""
    assert scene.setup.theme == "my_monsters"
    dealt = {c.text for c in scene.guide.table.match.round.hand(0)}
    assert "pink-2" in dealt and not any(c.startswith("red-") for c in dealt)
    for _ in range(len(scene.guide.lesson.steps) * 3):  # the whole lesson, by touch
        if not _ready(app, scene):
            break
        _touch_step(app, scene)
        app.step(FRAME)
    assert scene.guide.asked is None


def test_a_pack_that_lacks_the_lessons_cards_plays_it_in_a_shipped_pack(
    app,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
) -> None:
    from game.ui.scenes import learn

    _player_pack(app, tmp_path, "monster_high", "my_monsters")
    # A pack whose deck lacks a card the script deals (as one of a preset with no
    # script of its own, or of colours of its own, would).
    real = learn._faces
    monkeypatch.setattr(learn, "_faces", lambda manifest: real(manifest) - {"pink-2"})
    scene = _learn(app, "my_monsters")
    assert scene.theme == "monster_high" and scene.setup.theme == "monster_high"
    assert "lacks cards this lesson deals" in scene.note and "Monster High" in scene.note
    for _ in range(30):
        app.step(FRAME)
    words = {c.text for c in scene.guide.table.match.round.hand(0)}
    assert "pink-2" in words
