"""The match in progress: saved after every action, resumed exactly by Continue."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.engine import ActionKind, Match, RuleSet
from game.files import stats as user_stats
from game.files.replay import load as load_replays
from game.table import (
    BotRunner,
    BotSeat,
    GameSetup,
    SeatKind,
    SeatSetup,
    make_bot,
    new_match,
    saved_game,
    settled,
)
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.table import TableScene
from game.ui.widgets.event_log import LINES_KEPT
from tests.ui.conftest import run_until, settle_on_my_turn, table_for


def _play_some(match: Match, actions: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    rnd = match.round
    for _ in range(actions):
        if rnd.over:
            break
        seat = rnd.current
        rnd.apply(rng.choice(rnd.legal_actions(seat)), seat)


def test_mid_turn_save_gives_the_same_legal_actions_and_events(app: App) -> None:
    setup = GameSetup(
        "monster_high",
        RuleSet.preset("monster_high"),
        (
            SeatSetup("Ana", SeatKind.HUMAN),
            SeatSetup("Bea", SeatKind.BOT, "hard"),
            SeatSetup("Cy", SeatKind.BOT, "easy"),
        ),
        target=200,
        seed=11,
        speed="2x",
    )
    setup = settled(setup)
    match = new_match(setup)
    _play_some(match, 17)
    assert saved_game.save(app.data, setup, match, 0)
    loaded = saved_game.load(app.data)
    assert loaded is not None and loaded.setup == setup
    a, b = match.round, loaded.match.round
    for _ in range(30):
        if a.over:
            break
        seat = a.current
        legal = a.legal_actions(seat)
        assert b.legal_actions(seat) == legal and b.view(seat) == a.view(seat)
        action = random.Random(len(a.log)).choice(legal)
        assert a.apply(action, seat) == b.apply(action, seat)


def test_continue_resumes_the_table_where_it_was(app: App) -> None:
    table = table_for(app, seed=5, players=3)
    assert settle_on_my_turn(app, table)
    app.step()  # the frame's save, handed to the writer thread
    table.table.flush(wait=True)
    log = list(table.table.match.round.log)
    hand = table.table.match.round.hand(0)
    assert saved_game.exists(app.data)
    app.stack.reset(MenuScene(app))
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.menu.buttons[1].enabled
    menu.choose("continue")
    menu.wait_for_check()
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.table.match.round.log == log
    assert resumed.table.match.round.hand(0) == hand and resumed.setup.seats == table.setup.seats
    assert settle_on_my_turn(app, resumed, 60)
    assert sorted(c.card.text for c in resumed.picture.fan.cards) == sorted(c.text for c in hand)


def test_a_damaged_save_is_set_aside_and_the_menu_says_so(app: App, user_folders) -> None:  # noqa: ANN001
    folder: Path = user_folders["data"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / saved_game.FILE).write_text(
        '{"format": "uno-table", "kind": "match", "version": 1, "data": {"setup": 3}}'
    )
    menu = MenuScene(app)
    app.start(menu)
    assert menu.menu.buttons[1].enabled
    menu.choose("continue")
    menu.wait_for_check()
    assert app.stack.top is menu and not menu.menu.buttons[1].enabled
    assert any("match.json" in m for m in menu.messages)
    assert list(folder.glob("match.json.bad-*"))


def test_a_finished_match_deletes_the_save_and_counts_and_keeps_a_replay(app: App) -> None:
    setup = GameSetup(
        "classic",
        RuleSet.preset("classic"),
        (SeatSetup("Ana", SeatKind.HUMAN), SeatSetup("Bea", SeatKind.BOT)),
        target=30,
        seed=2,
        speed="instant",
    )
    table = TableScene(app, setup, threaded=False)
    # The person's cards play themselves; the seat still counts as the person's.
    table.table.controllers[0] = BotSeat(make_bot("easy", random.Random(1)), BotRunner(False))
    app.start(table)

    def scoreboard() -> bool:
        table.picture.shown.reveal = None  # the stand-in person reads a challenged hand at once
        return isinstance(app.stack.top, ScoreboardScene)

    assert run_until(app, scoreboard, 20000)
    while not app.stack.top.match_over:  # type: ignore[union-attr]
        assert saved_game.exists(app.data)
        app.stack.top._choose("next")  # type: ignore[union-attr]
        assert run_until(app, scoreboard, 20000)
    assert not saved_game.exists(app.data)
    assert not list(app.data.folder.glob(".match.json.*"))  # no temporary file left behind
    stats = user_stats.load(app.data).theme("classic")
    assert stats.matches_played == 1
    assert stats.rounds_played == len(stats.recent) == len(table.table.match.round_logs) + 1
    kept = load_replays(app.data)
    assert len(kept) == 1 and kept[0].setup["seed"] == 2
    return_to = kept[0]
    # The replay plays the same match again, action for action.
    from game.ui.replay_table import replay_scene

    app.stack.reset(MenuScene(app))
    watched = replay_scene(app, return_to)
    assert isinstance(watched, TableScene)
    watched.speed = "instant"
    app.stack.push(watched)
    assert run_until(
        app, lambda: isinstance(app.stack.top, ScoreboardScene) and app.stack.top.match_over, 40000
    ) or _next_rounds(app)
    match = watched.table.match
    assert [list(log) for log in match.round_logs] + [list(match.round.log)] == [
        list(log) for log in return_to.rounds
    ]
    assert user_stats.load(app.data).theme("classic").matches_played == 1  # not counted again


def _next_rounds(app: App) -> bool:
    for _ in range(20):
        top = app.stack.top
        if isinstance(top, ScoreboardScene) and top.match_over:
            return True
        if isinstance(top, ScoreboardScene):
            top._choose("next")
        run_until(
            app,
            lambda shown=top: (
                isinstance(app.stack.top, ScoreboardScene) and app.stack.top is not shown
            ),
            40000,
        )
    return False


def test_a_match_without_people_is_neither_saved_nor_counted(app: App) -> None:
    table = table_for(app, seed=3, autoplay=True)
    for _ in range(120):
        app.step()
    table.table.flush(wait=True)
    assert not saved_game.exists(app.data)
    assert user_stats.load(app.data).themes == {}


def test_continue_tells_the_round_so_far_and_keeps_the_players_speed(app: App) -> None:
    table = table_for(app, seed=5, players=3)
    for _ in range(2):  # the person plays twice, the computer players between
        assert settle_on_my_turn(app, table)
        table.table.submit(0, table.seat.latest.legal[0])
    assert settle_on_my_turn(app, table)
    table.cycle_speed()  # the table's speed button: instant -> 1x -> 2x
    table.cycle_speed()
    told = list(table.log.lines)
    assert len(told) > 6
    app.step()
    table.table.flush(wait=True)
    app.stack.reset(MenuScene(app))
    app.stack.top.choose("continue")  # type: ignore[attr-defined]
    app.stack.top.wait_for_check()  # type: ignore[attr-defined]
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert resumed.log.lines == ["Round 1 resumed.", *told]
    assert resumed.speed == "2x" == app.settings.speed and resumed.table.pace == 0.5


def test_continue_writes_nothing_until_the_match_changes_then_the_whole_match(app: App) -> None:
    table = table_for(app, seed=5, players=3)
    assert settle_on_my_turn(app, table)
    app.step()
    table.table.flush(wait=True)
    rounds_before = list(table.table.match.round_logs)
    app.stack.reset(MenuScene(app))
    path = app.data.path(saved_game.FILE)
    written = path.stat().st_ino  # a save replaces the file (written aside, then renamed)
    app.stack.top.choose("continue")  # type: ignore[attr-defined]
    app.stack.top.wait_for_check()  # type: ignore[attr-defined]
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert settle_on_my_turn(app, resumed, 60)
    for _ in range(5):
        app.step()
    resumed.table.flush(wait=True)
    assert path.stat().st_ino == written  # opened as it was: nothing to write
    resumed.table.submit(0, resumed.seat.latest.legal[0])
    app.step()
    resumed.table.flush(wait=True)
    assert path.stat().st_ino != written
    saved = saved_game.load(app.data)
    match = resumed.table.match
    assert saved is not None and saved.match.round.log == match.round.log
    assert saved.match.round_logs == rounds_before == match.round_logs
    assert saved.match.to_data() == match.to_data()


def test_a_long_round_continued_tells_the_last_lines_of_its_whole_history(app: App) -> None:
    setup = settled(
        GameSetup(
            "classic",
            RuleSet.preset("classic"),
            (
                SeatSetup("Ana", SeatKind.HUMAN),
                SeatSetup("Bea", SeatKind.BOT, "easy"),
                SeatSetup("Cy", SeatKind.BOT, "easy"),
            ),
            target=500,
            seed=2,
        )
    )
    match = new_match(setup)
    rng, rnd = random.Random(4), match.round
    while len(rnd.history) < 12 * LINES_KEPT:  # drawing often: a long round
        legal = rnd.legal_actions()
        slow = [a for a in legal if a[0] != ActionKind.PLAY] or legal
        rnd.apply(rng.choice(slow if rng.random() < 0.5 else legal))
        assert not rnd.over
    history = rnd.view(0).history
    assert saved_game.save(app.data, setup, match, 0)
    menu = MenuScene(app)
    app.start(menu)
    menu.choose("continue")
    menu.wait_for_check()
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    whole = [text for text in resumed.narrator().tell(history) if text][::-1]  # newest first
    lines = resumed.log.lines
    assert len(lines) == LINES_KEPT and lines[0] == "Round 1 resumed."
    # the oldest line may be told alone where the whole history tells it with the one before
    assert lines[1:-1] == whole[: LINES_KEPT - 2]


def test_a_continued_table_opens_behind_a_note_then_shows_what_it_would_at_once(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_for(app, seed=5, players=3)
    assert settle_on_my_turn(app, table)
    app.step()
    table.table.flush(wait=True)
    at_once = TableScene(app, table.setup, saved=saved_game.load(app.data))
    at_once.opening = None  # everything in the frame that opens it, as before
    app.stack.reset(at_once)
    expected = _what_shows(at_once)
    app.stack.reset(MenuScene(app))
    app.stack.top.choose("continue")  # type: ignore[attr-defined]
    app.stack.top.wait_for_check()  # type: ignore[attr-defined]
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.opening is not None
    drawn: list[pygame.Surface] = []
    draw = resumed.renderer.draw
    monkeypatch.setattr(
        resumed.renderer, "draw", lambda s, f, *kept: (drawn.append(s), draw(s, f, *kept))
    )
    moves = len(resumed.table.match.round.log)
    frames = 0
    while resumed.opening is not None and frames < 120:
        app.step()
        frames += 1
        if resumed.opening is not None:  # the note, not a table half made
            assert not any(surface is app.screen for surface in drawn)
        assert len(resumed.table.match.round.log) == moves  # nobody plays unseen
    assert resumed.opening is None and 1 < frames < 120
    assert drawn[-1] is app.screen  # open: the table from that frame on
    assert _what_shows(resumed) == expected


def _what_shows(scene: TableScene) -> tuple:
    picture = scene.picture
    return (
        list(scene.log.lines),
        [sprite.card for sprite in picture.fan.cards],
        [card for card, _ in picture.shown.discard],
        list(picture.shown.counts),
        picture.shown.color,
    )
