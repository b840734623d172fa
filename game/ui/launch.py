"""The first scene for the command line's options."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.limits import Speed
from game.table import default_seats, default_setup
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App, Options


def opening_scene(app: App, options: Options) -> Scene:
    pack = app.catalog.choose(options.theme)
    preset = pack.manifest.preset if pack.manifest else "classic"
    setup = default_setup(
        pack.id,
        preset,
        options.players,
        options.autoplay,
        options.seed,
        options.target,
        options.speed,
    )
    if setup.seats[0].human:  # the player's own name, or "You" in their language
        name = app.settings.player_name
        you = replace(setup.seats[0], name=app.gettext(name) if name == "You" else name)
        setup = replace(setup, seats=(you, *setup.seats[1:]))
    if options.start == "table":
        return app.scene("table", setup)
    if options.start == "setup":
        return app.scene("setup", setup)
    if options.start == "rules":
        return app.scene("rules", pack.id)
    if options.start == "settings":
        return app.scene("settings")
    if options.start == "statistics":
        return app.scene("statistics")
    if options.start == "scoreboard":  # a round played out at once, to look at its scores
        quick = replace(setup, speed=Speed.INSTANT, seats=default_seats(options.players, True))
        return app.scene("table", quick, threaded=False)
    # A first start (the player's own files, no lesson offered yet) offers the guided game.
    first = not app.settings.lesson_offered and options.screenshot is None
    own = app.data.owner and options.screenshot is None
    return app.scene("menu", offer_lesson=first and app.data.owner, offer_rejoin=own)
