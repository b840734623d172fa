"""Every scene at a Steam Deck's 1280x800 and a portrait tablet's 800x1280: each
thing a finger or a pad presses is at least 9 mm on a 13-inch screen
(`min_target_px`), lies wholly on screen, and covers no other."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pygame
import pytest

from game.app import App, Options
from game.files import replay
from game.table import default_setup
from game.ui.input.router import click_events, key_event
from game.ui.input.touch import min_target_px
from game.ui.scene import Scene
from game.ui.widgets.button import Button
from game.ui.widgets.menu_list import MenuList
from tests.test_stats import finished_match
from tests.ui.conftest import FRAME, settle_on_my_turn, table_for

SIZES = ((1280, 800), (800, 1280))


def targets(scene: Scene) -> list[Button]:
    """The buttons the scene draws and takes presses on: its own, its menu's and a
    table's (whose list follows what the table asks)."""
    found: list[Button] = []
    own = getattr(scene, "buttons", None)
    values = list(vars(scene).values()) + [own() if callable(own) else own]
    for value in values:
        if isinstance(value, MenuList):
            value = value.buttons
        items = value if isinstance(value, (list, tuple)) else [value]
        found += [b for b in items if isinstance(b, Button) and b not in found]
    return found


def check(scene: Scene, size: tuple[int, int], where: str) -> None:
    least = min_target_px(size)
    screen = pygame.Rect((0, 0), size)
    buttons = targets(scene)
    body = getattr(scene, "body", None)  # the lesson: its table, and Skip over it
    if body is not None:
        buttons = [scene.skip_button(), *targets(body)]  # type: ignore[attr-defined]
    assert buttons, f"{where}: no buttons found"
    for b in buttons:
        assert min(b.rect.size) >= least, f"{where}: {b.key} {b.rect} under {least} px"
        assert screen.contains(b.rect), f"{where}: {b.key} {b.rect} off the screen"
    for i, a in enumerate(buttons):
        for b in buttons[i + 1 :]:
            assert not a.rect.colliderect(b.rect), f"{where}: {a.key} {a.rect} on {b.key} {b.rect}"


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=request.param, language="en"))
    application.complete_catalog()
    yield application
    application.close()


def _settle(app: App, frames: int = 30) -> Scene:
    for _ in range(frames):  # scenes fade and slide in
        app.step(FRAME)
    return app.stack.top


def _alone(name: str, *args: object) -> Callable[[App], Scene]:
    def build(app: App) -> Scene:
        app.start(app.scene(name, *args))  # type: ignore[arg-type]
        return _settle(app)

    return build


def _over_table(name: str, *args: object) -> Callable[[App], Scene]:
    def build(app: App) -> Scene:
        table = table_for(app, players=4)
        assert settle_on_my_turn(app, table)
        app.stack.push(app.scene(name, *args))  # type: ignore[arg-type]
        return _settle(app)

    return build


def _setup(players: int) -> Callable[[App], Scene]:
    def build(app: App) -> Scene:
        pack = app.catalog.choose("classic")
        setup = default_setup(pack.id, pack.manifest.preset, players, False, 4, 500, "1x")
        app.start(app.scene("setup", setup))
        return _settle(app)

    return build


def _replay(app: App) -> Scene:
    setup, rounds, winners = finished_match(5)
    replay.keep(app.data, replay.Replay("2026-11-26 10:00", setup, rounds, winners))
    replay.load(app.data)
    stats = app.scene("statistics")
    app.start(stats)
    app.step(FRAME)
    stats.choose(next(b.key for b in stats.buttons if b.key.startswith("replay:")))  # type: ignore[attr-defined]
    return _settle(app)


def _statistics_with_replays(app: App) -> Scene:
    setup, rounds, winners = finished_match(5)
    replay.keep(app.data, replay.Replay("2026-11-26 10:00", setup, rounds, winners))
    replay.load(app.data)
    return _alone("statistics")(app)


SCENES: dict[str, Callable[[App], Scene]] = {
    "menu": _alone("menu"),
    "setup": _setup(4),
    "setup of ten": _setup(10),
    "settings": _alone("settings", "classic"),
    "statistics": _statistics_with_replays,
    "replay": _replay,
    "online": _alone("online"),
    "learn": _alone("learn", "classic"),
    "pause": _over_table("pause", "classic"),
    "pass": _over_table("pass_device", "classic", "Bea", lambda: None),
    "confirm": _alone("confirm", "Leave the table?", "Leave", "Stay", lambda: None),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_every_target_is_finger_sized_on_screen_and_apart(sized: App, name: str) -> None:
    scene = SCENES[name](sized)
    check(scene, sized.size, f"{name} at {sized.size}")


@pytest.mark.parametrize("name", ("rules", "theme_packs"))
def test_a_page_to_read_is_one_target_a_tap_anywhere_goes_back(sized: App, name: str) -> None:
    app = sized
    app.start(app.scene("menu"))
    app.stack.push(app.scene(name, "classic") if name == "rules" else app.scene(name))
    page = _settle(app, 5)
    assert not targets(page)  # nothing smaller than the page to aim at
    w, h = app.size
    for event in click_events((w // 3, h // 3)):
        pygame.event.post(event)
    app.step(FRAME)
    assert app.stack.top is not page


@pytest.mark.parametrize("players", (2, 4, 10))
def test_the_tables_targets_and_cards_are_finger_sized(sized: App, players: int) -> None:
    table = table_for(sized, seed=4, players=players)
    assert settle_on_my_turn(sized, table)
    where = f"table of {players} at {sized.size}"
    check(table, sized.size, where)
    least = min_target_px(sized.size)
    fan = table.picture.fan
    rects = [fan.rect_of(i) for i in range(len(fan.cards))]
    for a, b in zip(rects, rects[1:], strict=False):  # each card shows a finger's width
        assert b.x - a.x >= least, f"{where}: cards {a} and {b} overlap past a finger"
    screen = pygame.Rect((0, 0), sized.size)
    assert all(screen.contains(r) for r in rects), where
    buttons = [b.rect for b in targets(table)]
    assert not any(r.colliderect(b) for r in rects for b in buttons), where


def test_a_big_hand_keeps_the_tables_targets_apart(sized: App) -> None:
    """Drawing turn after turn to a hand of two rows: the controls move up with it."""
    table = table_for(sized, seed=4, players=2)
    for _ in range(40):
        assert settle_on_my_turn(sized, table)
        if len(table.picture.fan.cards) >= 21:
            break
        for key in (pygame.K_d, pygame.K_k):  # draw, keep it
            pygame.event.post(key_event(key))
            for _ in range(30):
                sized.step(FRAME)
    for _ in range(60):
        sized.step(FRAME)
    assert table.picture.fan.rise > 0, "no second row"
    where = f"a hand of {len(table.picture.fan.cards)} at {sized.size}"
    check(table, sized.size, where)
    fan = table.picture.fan
    cards = [fan.rect_of(i) for i in range(len(fan.cards))]
    for b in targets(table):
        assert not any(b.rect.colliderect(c) for c in cards), (where, b.key, b.rect)


def test_the_portrait_table_is_laid_out_for_portrait() -> None:
    """At 800x1280 the cards are large (not the landscape map at 0.625), the hand
    runs along the bottom, the piles sit in the middle and no seat covers another."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(800, 1280), language="en"))
    try:
        for players in (2, 4, 10):
            table = table_for(app, seed=4, players=players)
            app.step(FRAME)
            g = table.geometry
            assert g.card_size[1] >= 160  # landscape squeezed: 90
            assert g.place("hand").bottom > 1200 and g.place("hand").w > 700
            assert 300 < g.draw_center[1] < 640
            seats = [g.seat_rect(s) for s in range(players)]
            for i, a in enumerate(seats):
                assert pygame.Rect(0, 0, 800, 1280).contains(a)
                assert not any(a.colliderect(b) for b in seats[i + 1 :]), (players, a)
            for name in ("event_log", "score_panel", "direction"):
                assert not any(g.place(name).colliderect(s) for s in seats), (players, name)
            app.stack.pop()
    finally:
        app.close()


def test_a_controller_puts_its_glyphs_on_the_tables_buttons_and_the_mouse_the_keys(
    app: App,
) -> None:
    table = table_for(app, seed=3, players=2)
    assert settle_on_my_turn(app, table)

    def labels() -> dict[str, tuple[str, str]]:
        return {b.key: (b.glyph, b.label) for b in table.buttons()}

    keys = labels()
    assert keys["hint"] == ("", "Hint (H)") and keys["uno"][0] == ""
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_RIGHTSTICK
        )
    )
    app.step(FRAME)
    pad = labels()
    assert pad["hint"] == ("LB", "Hint")
    assert pad["speed"][0] == "RB" and pad["pause"][0] == "B" and pad["uno"][0] == "Y"
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.step(FRAME)
    assert labels() == keys


def test_a_penalty_and_a_catch_show_the_pad_button_that_answers_them() -> None:
    from game.table.prompt import Choice, ChoiceKind, Prompt, idle_prompt
    from game.ui.input.context import TableMoment
    from game.ui.input.glyphs import button_glyph

    take = Choice(ChoiceKind.TAKE, (), "take", "t")
    challenge = Choice(ChoiceKind.CHALLENGE, (), "challenge", "c")
    wild = replace(idle_prompt(0), choices=(challenge, take), pending=4)
    moment = TableMoment(wild)
    assert button_glyph("take", pygame.K_t, moment) == "X"  # X draws: here it takes
    assert button_glyph("challenge", pygame.K_c, moment) == "Y"
    catch = Choice(ChoiceKind.CATCH, (), "catch:1", "x", target=1)
    caught = TableMoment(Prompt(0, False, idle_prompt(0).phase, (catch,)))
    assert button_glyph("catch:1", pygame.K_x, caught) == "Y"
    assert button_glyph("uno", pygame.K_u, TableMoment(idle_prompt(0))) == "Y"


def _fan(size: tuple[int, int], cards: int, finger: int) -> list[pygame.Rect]:
    from pathlib import Path

    from game.engine.cards import all_faces
    from game.themes import load_layout
    from game.themes.portrait import table_layout
    from game.ui.widgets.hand_fan import HandFan

    layout = table_layout(load_layout(Path("assets/themes/classic/table.tmx")), size)
    fan = HandFan()
    fan.place(pygame.Rect(layout.places["hand"]), layout.card_size, size[0], finger)
    fan.set_cards(list(all_faces()[:cards]))
    return [fan.rect_of(i) for i in range(cards)]


def _steps(rects: list[pygame.Rect]) -> list[int]:
    """How far each card lies from the one before it in its row (a row rides a gentle
    arc; the back row sits 30% of a card higher)."""
    same_row = [(a, b) for a, b in zip(rects, rects[1:], strict=False) if abs(a.y - b.y) < a.h // 7]
    assert len(same_row) >= len(rects) - 2
    return [b.x - a.x for a, b in same_row]


def _rows(rects: list[pygame.Rect]) -> int:
    return 1 + sum(abs(a.y - b.y) >= a.h // 7 for a, b in zip(rects, rects[1:], strict=False))


def test_a_big_hand_in_portrait_splits_into_rows_a_finger_wide_each() -> None:
    finger = min_target_px((800, 1280))
    for cards in (12, 16, 18, 20, 24):
        rects = _fan((800, 1280), cards, finger)
        assert min(_steps(rects)) >= finger, cards
        assert all(pygame.Rect(0, 0, 800, 1280).contains(r) for r in rects), cards
    assert _rows(_fan((800, 1280), 18, finger)) == 2
    assert _rows(_fan((800, 1280), 18, 0)) == 1  # without the rule: one row, too tight
    assert min(_steps(_fan((800, 1280), 18, 0))) < finger


def test_the_hints_on_screen_name_the_device_used_last(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.style import Style
    from tests.ui.conftest import recorded

    said = recorded(monkeypatch, "blit_text", Style, keep=lambda args, result: args[2])
    app.start(app.scene("menu"))
    app.stack.push(app.scene("rules", "classic"))
    app.step(FRAME)
    assert "Esc or click: back.  Arrows or wheel: scroll." in said
    pad = pygame.CONTROLLER_BUTTON_RIGHTSTICK  # a button that does nothing here
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pad))
    said.clear()
    app.step(FRAME)
    assert "B: back.  D-pad: scroll." in said
    assert not any("Esc" in str(words) for words in said)
    pygame.event.post(
        pygame.event.Event(
            pygame.FINGERDOWN, touch_id=1, finger_id=1, x=0.5, y=0.5, dx=0.0, dy=0.0, pressure=1.0
        )
    )
    said.clear()
    app.step(FRAME)
    assert "Tap: back.  Drag up or down: scroll." in said
