"""How a speed is said: "2x" reads the same in every language, "instant" does not."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_
from game.limits import Speed

INSTANT = N_("instant")


def speed_words(speed: str, gettext: Callable[[str], str]) -> str:
    return gettext(INSTANT) if speed == Speed.INSTANT else speed
