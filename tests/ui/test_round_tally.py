"""The round's end: the other hands turn face up, the losers' cards fly into the
winner's points, which count up as each hand lands, then the scoreboard; a key
finishes the motion first and never skips the result; none at speed instant."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.engine.scoring import hand_points
from game.ui.scenes.round_tally import CARDS_SHOWN, RoundTallyScene, mood_of
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME, run_until, table_for


def _tally(app: App, speed: str = "4x") -> RoundTallyScene:
    """An autoplay round played out at `speed` up to its tally."""
    return _tally_at(app, speed)[0]


def _tally_at(app: App, speed: str = "4x") -> tuple[RoundTallyScene, TableScene]:
    """The tally and the table under it."""
    table = table_for(app, seed=4, players=4, speed=speed, autoplay=True)
    ended = (RoundTallyScene, ScoreboardScene)
    assert run_until(app, lambda: isinstance(app.stack.top, ended), 100_000)
    tally = app.stack.top
    assert isinstance(tally, RoundTallyScene)
    return tally, table


def test_each_hand_flies_in_and_the_winners_points_count_up(app: App) -> None:
    tally, table = _tally_at(app)
    winner, result = tally.winner, tally.end.result
    assert result == table.seat.latest.result  # the tally is given the round's result
    losers = [s for s, h in enumerate(result.hands) if s != winner and h]
    assert len([s for s in losers if hand_points(result.hands[s])]) >= 2
    # Every hand is turned face up where it lies, then flies to the count: a few cards
    # of each, the number carries the rest.
    assert sorted(tally.revealed) == losers
    flipped = [seat for seat, cards in tally.revealed.items() if all(c.flip for c in cards)]
    assert flipped == [s for s in losers if not table.geometry.is_viewer(s)]
    assert len(tally.flights) == sum(min(CARDS_SHOWN, len(result.hands[s])) for s in losers)
    assert {f.end() for f in tally.flights} == {tally._box().center}
    seen = []
    while app.stack.top is tally:
        assert table.picture.shown.scores is not None
        seen.append(table.picture.shown.scores[winner])
        app.step(FRAME)
    # Hand by hand, from the total before the round to the total after it.
    assert seen[0] == result.before[winner] and seen[-1] == result.totals[winner]
    assert seen == sorted(seen) and len(set(seen)) > len(losers)  # it runs up, hand by hand
    board = app.stack.top
    assert isinstance(board, ScoreboardScene)
    assert table.picture.shown.scores is None


@pytest.mark.parametrize("speed", ["1x", "2x", "4x"])
def test_the_count_ends_on_the_engines_score_at_every_speed(app: App, speed: str) -> None:
    tally, table = _tally_at(app, speed)
    frames = 0
    while app.stack.top is tally:
        app.step(FRAME)
        frames += 1
    assert isinstance(app.stack.top, ScoreboardScene)
    # The last count shown is the engine's total, and the slower the speed the longer
    # the motion (its hold for reading is the same at every speed).
    engine = table.table.match.scores
    assert tally.on_screen == tally.counted
    assert tally.before[tally.winner] + tally.counted == engine[tally.winner]
    assert frames > {"1x": 260, "2x": 190, "4x": 150}[speed]


@pytest.mark.parametrize("event", [pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN])
def test_a_key_finishes_the_motion_and_a_second_goes_on(app: App, event: int) -> None:
    tally, table = _tally_at(app, speed="1x")
    app.step(FRAME)
    fields = {"key": pygame.K_SPACE} if event == pygame.KEYDOWN else {"button": 1, "pos": (5, 5)}
    assert tally.moving and tally.counted == 0
    pygame.event.post(pygame.event.Event(event, **fields))
    app.step(FRAME)
    # Every hand in and the count at the engine's total: the result, not skipped.
    assert app.stack.top is tally and not tally.moving
    assert all(f.tween.finished for f in tally.flights) and not tally.revealed
    winner = tally.winner
    assert table.picture.shown.scores is not None
    assert table.picture.shown.scores[winner] == table.table.match.scores[winner]
    pygame.event.post(pygame.event.Event(event, **fields))
    app.step(FRAME)
    assert isinstance(app.stack.top, ScoreboardScene)
    assert tally.end.picture.shown.scores is None


def test_at_speed_instant_the_scoreboard_comes_at_once(app: App) -> None:
    table_for(app, seed=4, players=4, speed="instant", autoplay=True)
    seen: set[type] = set()
    assert run_until(
        app,
        lambda: seen.add(type(app.stack.top)) or isinstance(app.stack.top, ScoreboardScene),
        100_000,
    )
    assert RoundTallyScene not in seen


def test_winning_is_bright_with_a_burst_and_losing_is_calm(app: App) -> None:
    assert [mood_of(you, 2) for you in (2, 0, None)] == ["won", "lost", "watch"]
    tally, table = _tally_at(app)
    assert tally.mood == "watch"  # a table of computers: nobody's win or loss
    corners = {}
    for mood in ("won", "lost"):
        tally.mood, tally.burst = mood, []
        tally._finale()
        assert bool(tally.burst) is (mood == "won")  # the burst is for a win only
        surface = pygame.Surface(app.size)
        table.draw(surface)
        tally.draw(surface)
        corners[mood] = sum(surface.get_at((app.size[0] // 2, 3))[:3])
    assert corners["lost"] < corners["won"]  # the table darkens more for a loss


SIZES = ((640, 480), (800, 600), (1280, 720), (1280, 800), (1920, 1080), (800, 1280))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turned_hands_at_a_table_of_ten_keep_off_every_name(size: tuple[int, int]) -> None:
    """Recorded for the layout test, the turned hands lie on their seats' backs and
    never on a seat's name plate or face (a card at the table's size would)."""
    from game.app import Options
    from game.ui import layout_record

    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size))
    app.complete_catalog()
    try:
        table_for(app, seed=7, players=10, speed="4x", autoplay=True, target=1)
        assert run_until(app, lambda: isinstance(app.stack.top, RoundTallyScene), 100_000)
        tally = app.stack.top
        assert isinstance(tally, RoundTallyScene)
        for _ in range(12):  # every hand turned over, none flown yet
            app.step(FRAME)
        assert tally.revealed and not any(f.tween.started for f in tally.flights)
        app.stack.drawn_over()
        with layout_record.recording(app.size) as record:
            app.stack.draw(app.screen)
        turned = [item for item in record.items if item.name.endswith("'s turned hand")]
        assert len(turned) >= 2 * len(tally.revealed) - 2  # a few cards of each hand
        assert [p for p in record.problems() if "turned hand" in p] == []
    finally:
        app.close()


def test_a_table_of_ten_renders_its_turned_hands_a_few_a_frame(app: App) -> None:
    """The turned faces are rendered a few a frame before they turn, not all in the
    frame that opens the tally (~30 ms at a ten-seat table at 1080p)."""
    table = table_for(app, seed=4, players=10, speed="2x", autoplay=True)
    cards = table.style._cards
    made: list[int] = []  # faces rendered in each frame from the tally's first on
    while len(made) < 40:
        before = len(cards)
        app.step(FRAME)
        if made or isinstance(app.stack.top, RoundTallyScene):
            made.append(len(cards) - before)
        assert not isinstance(app.stack.top, ScoreboardScene)  # a tally at every round's end
    tally = app.stack.top
    assert isinstance(tally, RoundTallyScene)
    turned = [flight for flights in tally.revealed.values() for flight in flights]
    assert len(turned) > 20  # nine hands, most with several cards
    assert max(made) <= len(turned) // 3 and sum(made) >= len(turned) // 2
