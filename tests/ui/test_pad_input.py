"""SDL controller events (posted, as SDL would send them; pygame-ce offers no
virtual controller) drive every scene: a round is played to its end with a pad alone."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine.actions import Play
from game.table import SeatKind, default_setup
from game.table.seats import SeatSetup
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME, play_round_by, run_until, table_for

PAD = 7  # an instance id SDL might give
A, B, X, Y = (
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_B,
    pygame.CONTROLLER_BUTTON_X,
    pygame.CONTROLLER_BUTTON_Y,
)
RIGHT, DOWN = pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_DOWN


def press(button: int, pad: int = PAD) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)
    )
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button))


def tilt(axis: int, value: int, pad: int = PAD) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis, value=value)
    )


def _pad_turn(app, table: TableScene) -> None:  # noqa: ANN001
    """One decision with the pad alone: a playable card by D-pad and A, else X."""
    prompt = table.seat.prompt
    if table.seat.choice is not None or (prompt.turn and prompt.of("colour") is not None):
        press(A)  # the picker: A names green
    elif prompt.of("keep") is not None:
        press(A if prompt.drawn in prompt.playable else X)
    elif prompt.of("take") is not None:
        press(X)
    else:
        plays = prompt.playable
        index = next((i for i, h in enumerate(table.picture.fan.cards) if h.card in plays), None)
        if index is None:
            press(X)
        else:
            focus = table.picture.focus  # None: nothing chosen, the first Right chooses card 0
            steps = index + 1 if focus is None else (index - focus) % len(table.picture.fan.cards)
            for _ in range(steps):
                press(RIGHT)
            press(A)
    app.step(FRAME)


def test_a_round_played_to_its_end_with_a_controller_alone(app) -> None:  # noqa: ANN001
    _pad_round(app)


def test_a_round_on_a_steam_decks_screen_with_a_controller_alone() -> None:
    from game.app import App, Options

    deck = App(Options(fixed_dt=FRAME, fps_cap=0, size=(1280, 800)))
    try:
        deck.complete_catalog()
        _pad_round(deck, players=4)
    finally:
        deck.close()


def _pad_round(app, players: int = 2) -> None:  # noqa: ANN001
    table = table_for(app, seed=3, players=players)
    mine = play_round_by(app, table, _pad_turn, 8000)
    assert any(isinstance(a, Play) for a in mine)
    assert app.input.mode == "pad"
    top = app.stack.top
    press(A)  # the tally or scoreboard goes on with A
    app.step(FRAME)
    assert app.stack.top is not top


def test_the_pad_walks_the_menu_to_the_rules_and_back(app) -> None:  # noqa: ANN001
    app.start(app.scene("menu"))
    app.step(FRAME)
    menu = app.stack.top
    keys = [b.key for b in menu.menu.buttons]
    while keys[menu.menu.focus] != "rules":
        press(DOWN)
        app.step(FRAME)
    press(A)
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "RulesScene"
    press(B)
    app.step(FRAME)
    assert app.stack.top is menu


def test_the_stick_moves_once_per_push_then_repeats_while_held(app) -> None:  # noqa: ANN001
    app.start(app.scene("menu"))
    app.step(FRAME)
    menu = app.stack.top
    first = menu.menu.focus
    tilt(pygame.CONTROLLER_AXIS_LEFTY, 30000)
    tilt(pygame.CONTROLLER_AXIS_LEFTY, 31000)  # still past the edge: no second step
    app.step(FRAME)
    after_push = menu.menu.focus
    assert after_push != first
    for _ in range(20):  # 0.33 s: not yet repeating
        app.step(FRAME)
    assert menu.menu.focus == after_push
    run_until(app, lambda: menu.menu.focus != after_push, 30)
    assert menu.menu.focus != after_push  # held: it repeats
    tilt(pygame.CONTROLLER_AXIS_LEFTY, 0)
    app.step(FRAME)
    settled = menu.menu.focus
    for _ in range(60):
        app.step(FRAME)
    assert menu.menu.focus == settled


def test_prompts_show_the_pad_glyphs_and_go_back_to_keys_with_the_mouse(app) -> None:  # noqa: ANN001
    table_for(app, seed=3, players=2)
    app.step(FRAME)
    assert app.input.mode == "keys"
    press(pygame.CONTROLLER_BUTTON_RIGHTSTICK)  # a button that does nothing still says "pad"
    app.step(FRAME)
    assert app.input.mode == "pad"
    w, h = app.size
    green = app.screen.get_at((0, 0))
    bar = [app.screen.get_at((x, h - 20))[:3] for x in range(0, w, 2)]
    assert (46, 160, 67) in bar, "the A glyph's green circle is in the bottom bar"
    assert green is not None
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.step(FRAME)
    assert app.input.mode == "keys"
    bar = [app.screen.get_at((x, h - 20))[:3] for x in range(0, w, 2)]
    assert (46, 160, 67) not in bar


def test_hot_plug_and_one_pad_per_person_at_a_shared_table(app) -> None:  # noqa: ANN001
    # Plugging a pad the dummy driver does not have is survived (SDL says added, the
    # open fails); the pads seen are people in order, and one unplugged frees its place.
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    pack = app.catalog.choose("classic")
    setup = default_setup(pack.id, pack.manifest.preset, 2, False, 3, 500, "instant")
    people = (SeatSetup("Ana", SeatKind.HUMAN), SeatSetup("Ben", SeatKind.HUMAN))
    table = TableScene(app, replace(setup, seats=people), threaded=False)
    app.start(table)
    app.step(FRAME)
    press(pygame.CONTROLLER_BUTTON_RIGHTSTICK, pad=1)  # Ana picks up pad 1
    press(pygame.CONTROLLER_BUTTON_RIGHTSTICK, pad=2)  # Ben pad 2
    app.step(FRAME)
    assert [app.input.pads.pads[i].place for i in (1, 2)] == [0, 1]
    pass_screen = app.stack.top
    assert type(pass_screen).__name__ == "PassScene"
    press(A, pad=2)  # the privacy screen: the seat's person says they are ready
    app.step(FRAME)
    run_until(app, lambda: table.human_turn() and app.stack.top is table, 600)
    mine = 1 + table.setup.humans.index(table.seat.viewer)  # the viewed person's pad
    other = 3 - mine
    focus = table.picture.focus
    press(RIGHT, pad=other)  # the other person's pad while this hand is shown: nothing
    app.step(FRAME)
    assert table.picture.focus == focus
    press(RIGHT, pad=mine)
    app.step(FRAME)
    assert table.picture.focus != focus
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=1))
    app.step(FRAME)
    assert 1 not in app.input.pads.pads
    press(pygame.CONTROLLER_BUTTON_RIGHTSTICK, pad=3)  # a new pad takes Ana's place
    app.step(FRAME)
    assert app.input.pads.pads[3].place == 0


def _menu_choose(app, menu, key: str) -> None:  # noqa: ANN001
    while menu.menu.buttons[menu.menu.focus].key != key:
        press(DOWN)
        app.step(FRAME)
    press(A)
    app.step(FRAME)


def test_every_menu_screen_opens_and_closes_with_the_pad(app) -> None:  # noqa: ANN001
    app.start(app.scene("menu"))
    app.step(FRAME)
    menu = app.stack.top
    for key in ("rules", "settings", "stats", "online"):
        _menu_choose(app, menu, key)
        assert app.stack.top is not menu, key
        for _ in range(3):  # B backs out (a screen with a field first leaves the field)
            if app.stack.top is menu:
                break
            press(B)
            app.step(FRAME)
        assert app.stack.top is menu, key


def test_a_new_game_starts_from_the_menu_with_the_pad(app) -> None:  # noqa: ANN001
    app.start(app.scene("menu"))
    app.step(FRAME)
    menu = app.stack.top
    _menu_choose(app, menu, "new")
    assert type(app.stack.top).__name__ == "SetupScene"
    press(pygame.CONTROLLER_BUTTON_START)
    app.step(FRAME)
    run_until(app, lambda: type(app.stack.top).__name__ == "TableScene", 60)
    assert type(app.stack.top).__name__ == "TableScene"
    press(B)  # pause
    app.step(FRAME)
    assert type(app.stack.top).__name__ == "PauseScene"


def test_the_face_buttons_name_their_printed_colours_and_pink_where_red_is_missing() -> None:
    from game.table.prompt import idle_prompt
    from game.ui.input.context import TableMoment
    from game.ui.input.controller import table_key

    classic = TableMoment(idle_prompt(0), ("red", "yellow", "green", "blue"))
    monster = TableMoment(idle_prompt(0), ("pink", "yellow", "green", "blue"))
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4]  # the picker's order
    assert table_key(A, classic) == keys[2]  # green
    assert table_key(B, classic) == keys[0]  # red
    assert table_key(X, classic) == keys[3]  # blue
    assert table_key(Y, classic) == keys[1]  # yellow
    assert table_key(B, monster) == keys[0]  # pink, the colour no button prints
    assert table_key(Y, monster) == keys[1]
