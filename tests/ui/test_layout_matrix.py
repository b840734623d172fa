"""Nothing overlaps, nothing is cut: every screen in the states a player reaches
from fixed seeds, at six window sizes, in three themes and two languages.

Each screen says what it draws where (`game/ui/layout_record.py`); a frame is
looked at in English and in Spanish (the words are asked while drawing, so the
same moment serves both) and every pair of things that touch without leave,
and every text cut or off the window, is a failure. One test per journey and
size keeps a failure's report short and the run within CI's minutes.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.app import App, Options
from game.engine.actions import Draw
from game.files import replay
from game.i18n import Translator
from game.online.protocol.server_messages import (
    Presence,
    Reaction,
    ServerClosing,
    TableClosed,
    Timeout,
    Votes,
)
from game.table import default_setup
from game.ui import layout_record
from game.ui.online_overlay import votable
from game.ui.scene import Scene
from tests.test_stats import finished_match
from tests.ui.conftest import FRAME
from tests.ui.online_stage import StagedRemote, staged_table

SIZES = ((640, 480), (800, 600), (1280, 720), (1280, 800), (1920, 1080), (800, 1280))
THEMES = ("classic", "minecraft", "monster_high")
LANGUAGES = ("en", "es")
EVERY = 6  # frames between two looks while a table plays on
SHOTS = os.environ.get("LAYOUT_SHOTS")  # a folder: each problem's frame saved there, to look at


class Looker:
    """Draws the stack as it stands in each language and keeps what is wrong."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.found: dict[str, str] = {}  # the two things (or the text) -> where first seen
        self.looks = 0

    def __call__(self, where: str) -> None:
        app = self.app
        language = app.i18n.language
        for lang in LANGUAGES:
            app.i18n = Translator(lang)
            app.stack.drawn_over()  # the whole frame, not the parts that changed
            with layout_record.recording(app.size) as record:
                app.stack.draw(app.screen)
                app.input.draw(app.screen, app.style(), app.gettext)
            self.looks += 1
            for problem in record.problems():
                pair = re.sub(r" ?Rect\([^)]*\)", "", problem)  # one entry for two things
                if pair not in self.found and SHOTS:
                    name = f"{where}-{app.size[0]}x{app.size[1]}-{lang}-{len(self.found)}.png"
                    pygame.image.save(app.screen, os.path.join(SHOTS, name))
                    with open(os.path.join(SHOTS, "problems.txt"), "a", encoding="utf-8") as out:
                        out.write(f"{name}: {problem}\n")
                self.found.setdefault(pair, f"{where} [{lang}]: {problem}")
        app.i18n = Translator(language)
        app.stack.drawn_over()

    def report(self) -> str:
        lines = list(self.found.values())
        return f"{len(lines)} problems in {self.looks} looks:\n" + "\n".join(lines[:40])


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(FRAME)


def settled(app: App, n: int = 30) -> Scene:
    frames(app, n)  # scenes fade and slide in
    return app.stack.top


# -- the journeys: each walks one screen through its states, looking at each ----------------


def menu_journey(app: App, look: Looker, theme: str) -> None:
    app.set_theme(theme)
    app.settings.lesson_offered = False
    app.start(app.scene("menu", offer_lesson=True))
    settled(app)
    look("first start's question")
    app.stack.pop()
    menu = settled(app)
    look("menu")
    menu.messages = ["Your statistics could not be read: stats.json was set aside."]  # type: ignore[attr-defined]
    look("menu with a notice")
    menu.messages = []  # type: ignore[attr-defined]
    menu.checking = object()  # type: ignore[attr-defined]  # the saved match is being checked
    look("menu checking the saved match")
    menu.checking = None  # type: ignore[attr-defined]
    owner = app.data.owner
    app.data.owner = False  # a second copy of the game
    look("menu of a read-only copy")
    app.data.owner = owner
    app.stack.push(app.scene("confirm", "Leave the table?", "Leave", "Stay", lambda: None))
    settled(app)
    look("a question")


def setup_journey(app: App, look: Looker, theme: str) -> None:
    for players in (4, 10):
        pack = app.catalog.choose(theme)
        setup = default_setup(pack.id, pack.manifest.preset, players, False, 4, 500, "1x")
        app.start(app.scene("setup", setup))
        settled(app)
        look(f"set-up of {players}")
        with read_only(app):
            look(f"set-up of {players} in a read-only copy")


@contextmanager
def read_only(app: App) -> Iterator[None]:
    """A second copy of the game: it saves nothing, and says so."""
    owner = app.data.owner
    app.data.owner = False
    try:
        yield
    finally:
        app.data.owner = owner


def pages_journey(app: App, look: Looker, theme: str) -> None:
    app.set_theme(theme)
    app.start(app.scene("menu"))
    app.stack.push(app.scene("statistics"))
    settled(app)
    look("statistics, none yet")
    app.stack.pop()
    for name in ("settings", "theme_packs"):
        app.stack.push(app.scene(name, theme) if name == "settings" else app.scene(name))
        settled(app)
        look(name)
        app.stack.pop()
    app.stack.push(app.scene("rules", theme))
    settled(app, 5)
    for step in range(12):  # scrolled down the whole page
        look(f"rules scrolled {step}")
        for _ in range(8):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
        frames(app, 2)


def replays_journey(app: App, look: Looker, theme: str) -> None:
    setup, rounds, winners = finished_match(5)
    replay.keep(app.data, replay.Replay("2026-11-26 10:00", setup, rounds, winners))
    replay.load(app.data)
    app.start(app.scene("statistics"))
    stats = settled(app)
    look("statistics with a replay")
    stats.choose(next(b.key for b in stats.buttons if b.key.startswith("replay:")))  # type: ignore[attr-defined]
    settled(app)
    for step in range(6):
        look(f"replay, move {step * 10}")
        for _ in range(10):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
        frames(app, 3)


def _decide(app: App, table) -> None:  # noqa: ANN001 - the table scene
    """The person's move by a plain policy that meets every prompt: colours first,
    a catch, a challenge (every other time), the first playable card, else draw or keep."""
    keys = [b.key for b in table.buttons() if b.enabled]
    picker = table.picker()
    if picker is not None:
        table.press(next(f"{picker.prefix}:{s.colour}" for s in picker.segments if s.enabled))
        return
    for wanted in ("catch:", "challenge" if app.frame % 2 else "take", "take", "color:", "swap:"):
        key = next((k for k in keys if k.startswith(wanted)), None)
        if key is not None:
            table.press(key)
            return
    play = next((c for c in table.seat.prompt.choices if c.card is not None), None)
    if play is not None:
        if len(table.picture.fan.cards) == 2 and app.frame % 3:
            table.press("uno")
        table.card_chosen(play.card)
    elif "keep" in keys:
        table.press("keep")
    else:
        table.press("draw")


def table_journey(players: int) -> Callable[[App, Looker, str], None]:
    def journey(app: App, look: Looker, theme: str) -> None:
        pack = app.catalog.choose(theme)
        setup = default_setup(pack.id, pack.manifest.preset, players, False, 7, 1, "4x")
        app.start(app.scene("menu"))
        app.stack.push(app.scene("table", setup))
        table = app.stack.top
        for frame in range(4000):
            top = app.stack.top
            if top is table and table.human_turn() and not table.picture.choreo.busy:
                look("the table asks")
                if frame < 400:  # a second copy of the game says it saves nothing
                    with read_only(app):
                        look("the table of a read-only copy")
                _decide(app, table)
            elif top is table and table.picture.shown.reveal is not None and frame % 30 == 29:
                look("a challenged hand revealed")  # read, then closed as a person does
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
            elif frame % EVERY == 0:
                look(f"{type(top).__name__} at frame {frame}")
            if top is not table and type(top).__name__ == "ScoreboardScene":
                frames(app, 60)
                look("match end")
                app.stack.push(app.scene("statistics"))
                settled(app)
                look("statistics after a match")
                return
            if top is not table and frame % 90 == 89:  # the tally: on to the scores
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
            app.step(FRAME)
        raise AssertionError(f"the match did not end: {type(app.stack.top).__name__} on top")

    return journey


def overlays_journey(app: App, look: Looker, theme: str) -> None:
    pack = app.catalog.choose(theme)
    setup = default_setup(pack.id, pack.manifest.preset, 4, False, 4, 500, "instant")
    app.start(app.scene("table", setup))
    table = app.stack.top
    frames(app, 200)
    table.press("hint")  # type: ignore[attr-defined]
    frames(app, 20)
    look("the hint")
    app.stack.push(app.scene("pause", theme, table.table.rules, lambda speed: None))  # type: ignore[attr-defined]
    settled(app)
    look("pause")
    app.stack.pop()
    app.stack.push(app.scene("pass_device", theme, "Bea", lambda: None))
    settled(app)
    look("pass the computer")


def lesson_journey(app: App, look: Looker, theme: str) -> None:
    app.settings.speed = "2x"
    app.start(app.scene("menu"))
    lesson = app.scene("learn", theme)
    app.stack.push(lesson)
    for frame in range(6000):
        top = app.stack.top
        if top is not lesson:
            look(f"{type(top).__name__} after the lesson")
            return
        body, step = lesson.body, lesson.guide.asked  # type: ignore[attr-defined]
        if body.picture.shown.reveal is not None and frame % 40 == 39:
            look("a revealed hand")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        elif step is not None and not body.picture.choreo.busy and body.seat.prompt.choices:
            wanted = [
                a for c in body.seat.prompt.choices for a in c.actions if step.want.accepts(a)
            ]
            if wanted:
                look(f"lesson step {lesson.guide.step_index}")  # type: ignore[attr-defined]
                body.submit(wanted[0])
        elif frame % EVERY == 0:
            look(f"lesson at frame {frame}")
        app.step(FRAME)
    raise AssertionError("the lesson did not end")


def online_journey(app: App, look: Looker, theme: str) -> None:
    """A table online, fed as a client is (tests/ui/online_stage.py), through what
    only a network game shows: who is away, played for or back, the turn clock and
    the vote, a seat handed to a computer, the reactions and bubbles, spectators,
    the menu over it, a dropped connection, the match's end, the table closing."""
    remote, table = staged_table(app, theme)
    frames(app, 120)
    look("online table")
    for seat, state, seconds in ((1, "away", 45.0), (3, "left", None), (1, "computer", None)):
        remote.news.take(Presence(seat, state, seconds))
        frames(app, 20)
        look(f"seat {seat} {state}")
    remote.news.take(Presence(1, "back"))
    remote.news.take(Presence(0, "computer"))  # the others handed this seat over
    remote.news.people.votes[1] = Votes(1, 1, 2)
    remote.news.social.watchers = 3
    for code, seat in (("laugh", 1), ("good_game", 0), ("wow", -1), ("thumbs_up", -1)):
        remote.news.social.take(Reaction(seat, code))
    frames(app, 10)
    look("back, handed over, reactions, watchers")
    table.saying = True  # type: ignore[attr-defined]
    look("Say... open")
    table.saying = False  # type: ignore[attr-defined]
    remote.news.take(Presence(0, "back"))
    remote.line.retrying = 1
    settled(app, 10)
    look("the connection dropped")
    remote.line.retrying = 0
    frames(app, 10)
    for menu in ("online_pause", "host_pause"):
        app.stack.push(app.scene(menu, theme, remote.rules, lambda speed: None))
        settled(app)
        look(menu)
        app.stack.top.choose("menu")  # type: ignore[attr-defined]  # warned first
        look(f"{menu}, leaving asked")
        app.stack.pop()
    for frame in range(3000):
        top = app.stack.top
        if top is table and table.human_turn() and not table.picture.choreo.busy:
            if remote.update(0).current == 0 and remote.news.people.clock is None:
                remote.news.people.clock = (0, time.monotonic() + 25)  # a timed turn
                look("your turn, timed")
            _decide(app, table)
        elif top is table and remote.update(0).current == 1 and 1 not in remote.news.people.votes:
            remote.news.people.clock = (1, time.monotonic() + 12)  # idle long enough for a vote
            remote.news.people.votes[1] = Votes(1, 0, 2)
            look("a friend's turn, timed: a vote")
        elif top is table and table.picture.shown.reveal is not None and frame % 30 == 29:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        elif frame % EVERY == 0:
            look(f"online {type(top).__name__} at frame {frame}")
        if type(top).__name__ == "RematchScene":
            frames(app, 30)
            look("play again?")
            break
        app.step(FRAME)
    else:
        raise AssertionError(f"the match did not end: {type(app.stack.top).__name__} on top")
    remote.news.watching = True  # a spectator's view of the table
    frames(app, 10)
    look("a spectator at the match's end")
    endings = (
        ("closed", TableClosed("host_left", "The host left.")),
        ("closed", ServerClosing("server_stopping", "The server is stopping.")),
        ("failure_code", "lost"),
    )
    for name, value in endings:
        while app.stack.top is not table:
            app.stack.pop()
        table.told_closed = False  # type: ignore[attr-defined]
        holder = remote.news if name == "closed" else remote.line
        setattr(holder, name, value)
        remote.line.failure = "lost" if name == "failure_code" else ""
        settled(app, 10)
        look(f"the table has ended: {value}")
        setattr(holder, name, None if name == "closed" else "")
        remote.news.closed = None


def idle_friend(app: App, remote: StagedRemote, table: Scene, look: Looker, both: bool) -> bool:
    """A friend (Bea) slow to move: each of her turns waits, its clock runs, until
    the others may vote a computer in; this player's own turn had just run out
    (the note that the table moved for them is up). `both`: the others had handed
    this player's seat to a computer too, and Bea is away: both buttons show.
    Whether it looked now."""
    people = remote.news.people
    if remote.local.match.round.current != 1:
        remote.held = 1  # her next turn waits too
        return False
    if remote.held != 1:
        return False
    if people.clock is None or people.clock[0] != 1:
        people.clock = (1, time.monotonic() + 12)  # idle long enough for a vote
    if votable(remote) != 1 or table.picture.busy:  # type: ignore[attr-defined]
        return False
    if both:
        remote.news.take(Presence(0, "computer"))
        remote.news.take(Presence(1, "away", 40.0))
    remote.news.take(Timeout(0, Draw()))
    people.votes[1] = Votes(1, 0, 2)
    frames(app, 2)
    look("time is up, then a friend's turn: a vote" + (" and my seat to take back" if both else ""))
    if both:
        remote.news.take(Presence(0, "back"))
        remote.news.take(Presence(1, "back"))
    remote.held = people.clock = None
    return True


def online_vote_journey(app: App, look: Looker, theme: str) -> None:
    """A table online where a friend is slow to move (`idle_friend`): the vote to
    let a computer play for her, under the note that this player's own time ran
    out; every other time with this player's seat handed to a computer too, so
    both buttons show. (The online journey's friends move at once: no vote.)"""
    remote, table = staged_table(app, theme)
    votes = 0
    for frame in range(3000):
        top = app.stack.top
        if votes == 4:
            return
        if top is table and table.human_turn() and not table.picture.choreo.busy:
            _decide(app, table)
        elif top is table and idle_friend(app, remote, table, look, votes % 2 == 1):
            votes += 1
        elif top is table and table.picture.shown.reveal is not None and frame % 30 == 29:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
        app.step(FRAME)
    raise AssertionError(f"{votes} votes offered: {type(app.stack.top).__name__} on top")


JOURNEYS: dict[str, Callable[[App, Looker, str], None]] = {
    "menu": menu_journey,
    "setup": setup_journey,
    "pages": pages_journey,
    "replays": replays_journey,
    "table of 4": table_journey(4),
    "table of 10": table_journey(10),
    "overlays": overlays_journey,
    "lesson": lesson_journey,
    "online": online_journey,
    "online vote": online_vote_journey,
}


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=request.param, language="en"))
    application.complete_catalog()
    yield application
    application.close()


@pytest.mark.parametrize("journey", list(JOURNEYS))
def test_nothing_overlaps_and_no_text_is_cut(sized: App, journey: str) -> None:
    look = Looker(sized)
    for theme in THEMES:
        JOURNEYS[journey](sized, look, theme)
        while len(sized.stack):
            sized.stack.pop()
    assert look.looks > 0
    assert not look.found, look.report()
