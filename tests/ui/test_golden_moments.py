"""Golden images of the table's moments, in each theme: the burst and glow of an UNO
call, a catch's burst, the verdict's stamp on a challenged hand, and the special
card's moment of the themes that have one (a Creeper's blast, an Urrrh's shriek).

Each is the part of the window the moment plays in, held at one point of it and
drawn whole, kept as a half-size thumbnail (see test_golden for the tolerance and
for regenerating with UPDATE_GOLDEN=1)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.engine import Card
from game.engine import events as ev
from game.ui.scenes.table import TableScene
from game.ui.table.state import ShownTable
from tests.ui.conftest import FRAME, run_until, settle_on_my_turn
from tests.ui.test_golden import GOLDEN, THEMES, _compare, _table, golden_app  # noqa: F401


def _events(name: str, colours: tuple[str, ...]) -> list:
    """The events of the moment, with cards of the theme's `colours`."""
    seven = Card.parse(f"{colours[0]}-7")
    hand = (
        seven,
        Card.parse(f"{colours[1]}-skip"),
        Card.parse("wild"),
        Card.parse(f"{colours[2]}-2"),
    )
    return {
        "uno": [ev.CardPlayed(2, seven, False), ev.UnoDeclared(2)],
        "catch": [ev.CardPlayed(1, seven, False), ev.Caught(0, 1)],
        "verdict": [ev.ChallengeResult(0, 1, True, hand)],
        "creeper": [ev.CreeperShown(1, Card.parse("creeper"))],
        "urrrh": [ev.CardsGiven(1, colours[0], ((2, None), (3, None)))],
    }[name]


def _at(share: float) -> Callable[[ShownTable], bool]:
    """Holds the moment under way `share` of its time through (the first one shown)."""

    def held(shown: ShownTable) -> bool:
        if not shown.moments:
            return False
        moment = shown.moments[0]
        moment.left = moment.total * (1 - share)
        return True

    return held


def _stamped(shown: ShownTable) -> bool:
    return shown.reveal is not None and shown.reveal.stamped() == 1.0


HELD: dict[str, Callable[[ShownTable], bool]] = {
    "uno": _at(0.2),
    "catch": _at(0.2),
    "verdict": _stamped,
    "creeper": _at(0.7),  # the blast
    "urrrh": _at(0.45),
}
CASES = [(name, theme) for name in ("uno", "catch", "verdict") for theme in THEMES] + [
    ("creeper", "minecraft"),
    ("urrrh", "monster_high"),
]


def _area(table: TableScene, name: str) -> pygame.Rect:
    g = table.geometry
    if name in ("uno", "catch"):
        seat = 2 if name == "uno" else 1
        area = pygame.Rect(0, 0, 480, 300)
        area.center = tuple(round(v) for v in g.backs_center(seat))
        return area.clamp(table.host.screen.get_rect())
    return g.place("direction").inflate(420, 240).clip(table.host.screen.get_rect())


@pytest.mark.parametrize(("name", "theme"), CASES)
def test_each_moment_looks_as_it_did(golden_app: App, name: str, theme: str) -> None:  # noqa: F811
    app = golden_app
    table = _table(app, theme)
    assert settle_on_my_turn(app, table)
    shown = table.picture.shown
    if name == "uno":
        shown.counts[2] = 2
    told = _events(name, tuple(table.table.rules.colors))
    table.picture.choreo.feed(told, [None] * len(told))
    assert run_until(app, lambda: HELD[name](shown), 600)
    table.renderer.draw(app.screen, table.frame())  # the whole frame, as it is held
    area = _area(table, name)
    shot = app.screen.subsurface(area)
    thumb = pygame.transform.smoothscale(shot, (area.w // 2, area.h // 2)).convert(24)
    _compare(thumb, GOLDEN / f"moment-{name}-{theme}.png")
    app.step(FRAME)
