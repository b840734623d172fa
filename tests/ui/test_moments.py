"""The table's moments, each from a stacked deck at 1x: a burst and the theme's sound
when a person calls UNO (their seat glows while they hold one card), a catch's
burst, the verdict's stamp on a challenged hand, a Creeper's fuse and blast, an
Urrrh's shriek. Each starts when the cards that bring it are down (never while
one is still in the air), with its sound in the same frame, and ends by itself;
at instant speed none plays and none holds the table up."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.engine import Card
from game.engine import events as ev
from game.ui.animation import SPEEDS
from game.ui.scenes.table import TableScene
from game.ui.table.choreography import BURST, SHOWPIECE, STAMP
from tests.ui.conftest import FRAME, run_until, settle_on_my_turn, table_for
from tests.ui.test_table_prompts import NO_MATCH, OTHER, _deal, _press, _ready, stacked


class Watch:
    """Frame by frame: when each moment was first shown, whether a card was in the
    air then, when it ended, and the frame each sound was played in."""

    def __init__(self, app: App, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app, self.table = app, table
        self.frame = 0
        self.began: dict[tuple[str, int | None], int] = {}
        self.ended: dict[tuple[str, int | None], int] = {}
        self.flying: dict[tuple[str, int | None], bool] = {}
        self.since_flight: dict[tuple[str, int | None], int] = {}  # frames since a card flew
        self.last_flight = -1000
        self.sounds: dict[str, int] = {}
        audio = table.picture.choreo.audio
        play = audio.play

        def played(name: str, fallback: str | None = None) -> None:
            self.sounds.setdefault(name, self.frame)
            play(name, fallback)

        monkeypatch.setattr(audio, "play", played)

    def run(self, frames: int, done: Callable[[], bool] = lambda: False) -> None:
        for _ in range(frames):
            self.step()
            if done():
                return

    def step(self) -> None:
        self.frame += 1
        self.app.step(FRAME)
        shown, choreo = self.table.picture.shown, self.table.picture.choreo
        now = {(m.kind, m.seat) for m in shown.moments}
        flying = any(not f.tween.finished for f in choreo.flights)
        for key in now - set(self.began):
            self.began[key] = self.frame
            self.flying[key] = flying
            self.since_flight[key] = self.frame - self.last_flight
        if flying:
            self.last_flight = self.frame
        for key in set(self.began) - now - set(self.ended):
            self.ended[key] = self.frame

    def played_whole(
        self, key: tuple[str, int | None], seconds: float, sound: str, on_landing: bool = True
    ) -> None:
        """The moment began with no card in the air (`on_landing`: in the frame the last
        card landed, or the next, where its event starts as the card's while runs out),
        with its sound, and lasted its while."""
        assert key in self.began, f"no {key} moment"
        assert not self.flying[key], f"{key} began while a card was in the air"
        if on_landing:
            late = self.since_flight[key]
            assert late in (1, 2), f"{key} began {late} frames after the last card landed"
        assert self.sounds.get(sound) == self.began[key], f"{sound} not played as {key} began"
        assert key in self.ended, f"{key} did not end"
        assert (self.ended[key] - self.began[key]) * FRAME == pytest.approx(seconds, abs=2 * FRAME)


def _two_reds(table: TableScene) -> None:
    """Test set-up only: seat 0 keeps its first two cards (two reds), so its next
    play leaves it one."""
    rnd = table.table.match.round
    rnd.hands[0] = rnd.hands[0][:2]
    rnd._legal = None
    table.seat.latest = table.table.update(table.seat.viewer)
    table.picture.sync(table.seat.latest.view)


def _uno_table(app: App, speed: str) -> TableScene:
    table = stacked(app, _deal(["red-1", "red-2", *NO_MATCH[2:]], OTHER) + ["red-5"], speed=speed)
    _ready(app, table, 0)
    _two_reds(table)
    return table


@pytest.mark.parametrize("speed", ["1x", "2x", "4x"])
def test_calling_uno_bursts_at_the_seat_as_the_card_lands_then_it_glows(
    app: App, monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    table = _uno_table(app, speed)
    watch = Watch(app, table, monkeypatch)
    assert not table.picture.shown.glows(0)
    table.press("uno")
    table.card_chosen(table.table.match.round.hand(0)[0])
    watch.run(240, lambda: ("uno", 0) in watch.ended)
    watch.played_whole(("uno", 0), BURST * SPEEDS[speed], "uno_call")
    assert table.picture.shown.glows(0)  # still one card: the seat glows on


def test_a_catch_bursts_at_the_caught_seat(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = _deal(["red-1", "red-2", *NO_MATCH[2:]], ["blue-7", "blue-8", *OTHER[2:]]) + ["red-5"]
    table = stacked(app, deck, humans=(0, 1), speed="1x")
    _ready(app, table, 0)
    _two_reds(table)
    table.card_chosen(table.table.match.round.hand(0)[0])  # down to one, UNO not called
    _ready(app, table, 1)
    watch = Watch(app, table, monkeypatch)
    table.press("catch:0")
    watch.run(240, lambda: ("catch", 0) in watch.ended)
    watch.played_whole(("catch", 0), BURST, "catch", on_landing=False)  # its card lay long ago
    assert not table.picture.shown.glows(0)  # caught: three cards, no glow


def test_the_verdict_is_stamped_once_the_challenged_hand_is_face_up(app: App) -> None:
    seat0 = ["wild-draw4", "red-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["red-5"], humans=(0, 1), speed="1x")
    _ready(app, table, 0)
    table.card_chosen(table.table.match.round.hand(0)[0])  # the Wild Draw Four
    _press(app, pygame.K_4)
    _ready(app, table, 1)
    table.press("challenge")
    shown = table.picture.shown
    assert run_until(app, lambda: shown.reveal is not None)
    reveal = shown.reveal
    assert reveal is not None and reveal.guilty and reveal.stamp == pytest.approx(STAMP)
    stamps = []
    for _ in range(120):  # the table holds under the open hand; its cards turn on
        stamps.append((reveal.turned(len(reveal.hand) - 1), reveal.stamped()))
        app.step(FRAME)
    assert shown.reveal is reveal  # held until the person closes it
    before = [stamp for turned, stamp in stamps if turned < 1.0]
    assert before and set(before) == {None}  # never before the last card is face up
    down = [stamp for _, stamp in stamps if stamp is not None]
    assert down[0] < 0.5 and down[-1] == 1.0 and down == sorted(down)
    assert table._words().verdict == "Bluff!"


def _special_moment(watch: Watch, kind: str, sound: str, *presses: str) -> None:
    """The person's `presses`, then the special card's moment played whole."""
    for key in presses:
        if key.startswith("play:"):
            watch.table.card_chosen(watch.table.table.match.round.hand(0)[0])
        else:
            watch.table.press(key)
    watch.run(400, lambda: (kind, None) in watch.ended)
    watch.played_whole((kind, None), SHOWPIECE, sound)


def test_a_creeper_drawn_burns_its_fuse_and_blows(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = _deal(NO_MATCH, OTHER) + ["red-5", "creeper"]
    table = stacked(app, deck, theme="minecraft", speed="1x")
    _ready(app, table, 0)
    _special_moment(Watch(app, table, monkeypatch), "creeper", "creeper_reveal", "draw")


def test_an_urrrh_shrieks_once_its_cards_are_given(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat0 = ["urrrh", "pink-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    table = stacked(app, _deal(seat0, OTHER) + ["pink-5"], theme="monster_high", speed="1x")
    _ready(app, table, 0)
    watch = Watch(app, table, monkeypatch)
    _special_moment(watch, "urrrh", "urrrh_giveaway", "play:first", "color:yellow", "give:green")


def test_an_urrrh_with_nothing_to_give_shrieks_as_it_lands(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand of wild cards alone has no colour to give: the Urrrh's moment all the
    same, once it is on the pile, its caption saying nothing was given."""
    seat0 = ["urrrh", "wild", "wild", "urrrh", "wild-draw4", "wild", "urrrh"]
    table = stacked(app, _deal(seat0, OTHER) + ["pink-5"], theme="monster_high", speed="1x")
    _ready(app, table, 0)
    watch = Watch(app, table, monkeypatch)
    captions: set[str] = set()
    step = watch.step

    def step_reading() -> None:
        step()
        captions.add(table._words().showpiece)

    monkeypatch.setattr(watch, "step", step_reading)
    _special_moment(watch, "urrrh", "urrrh_giveaway", "play:first", "color:yellow")
    assert len(table.table.match.round.hand(0)) == 6  # nothing was given away
    assert "Urrrh! Nothing to give away" in captions
    assert "Urrrh! Cards given away" not in captions


def test_at_instant_speed_no_moment_plays_or_holds_the_table(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _uno_table(app, "instant")
    watch = Watch(app, table, monkeypatch)
    table.press("uno")
    table.card_chosen(table.table.match.round.hand(0)[0])
    still = lambda: table.human_turn() and not table.picture.choreo.busy  # noqa: E731
    watch.run(10, still)
    assert still()  # the bot's answer shown too, a frame an event as at instant
    assert watch.began == {} and "uno_call" in watch.sounds  # heard, not watched
    assert table.picture.shown.glows(0)  # a state, not an animation: shown at once


def test_a_special_cards_moment_clears_the_word_over_the_pile(app: App) -> None:
    """A Draw Two's "+2" over the pile gives way to a Creeper's moment (the layout
    matrix found the two drawn over each other at a table of ten)."""
    table = table_for(app, theme="minecraft", speed="1x")
    assert settle_on_my_turn(app, table)
    shown = table.picture.shown
    shown.callout = ("+2", 0.9, 0.9)
    table.picture.choreo.start(ev.CreeperShown(1, Card.parse("creeper")))
    assert shown.showpiece is not None and shown.callout is None
    shown.callout = ("+2", 0.9, 0.9)  # one said after it waits while the moment plays
    assert table.renderer._callout(pygame.Surface(app.size), table.frame()) == []
