"""The set-up screen: Start is near at hand, a change of theme keeps the player's
house options and says what changed, and each control has a word of help."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine import RuleSet
from game.table import default_setup
from game.ui.scenes.setup import SetupScene, rules_for_theme
from tests.ui.conftest import FRAME


def _key(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


def _scene(app: App, players: int = 10) -> SetupScene:
    scene = SetupScene(app, default_setup("classic", "classic", players))
    app.start(scene)
    app.step(FRAME)
    return scene


def test_start_has_the_focus_and_tab_reaches_it_from_anywhere_in_two_presses(app: App) -> None:
    scene = _scene(app)
    assert scene.buttons[scene.focus].key == "start"
    _key(app, pygame.K_TAB)
    assert scene.focus_key == "theme"  # the match's group
    _key(app, pygame.K_TAB)
    assert scene.focus_key == "name:0"  # the seats
    _key(app, pygame.K_TAB)
    assert scene.focus_key == "start"
    scene.focus_key = "level:9"  # the last seat's level, deep in the list
    _key(app, pygame.K_TAB)
    assert scene.focus_key == "start"
    _key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus_key == "name:0"


def test_space_on_the_focused_start_starts(app: App) -> None:
    scene = _scene(app, players=2)
    _key(app, pygame.K_SPACE)
    assert app.stack.top is not scene and type(app.stack.top).__name__ == "TableScene"


def test_a_change_of_theme_keeps_the_players_house_options_and_says_what_changed(
    app: App,
) -> None:
    mine = RuleSet.preset("classic").replace(jump_in=True, stack_draw2=True)
    rules, changed, kept = rules_for_theme(mine, "minecraft")
    assert rules.name == "minecraft" and rules.special == "creeper"
    assert rules.jump_in and not rules.stack_draw2 and not rules.number_finish
    assert changed == ["stack_draw2", "number_finish"] and kept == ["jump_in"]
    scene = _scene(app)
    scene._press("opt:jump_in", 1)
    scene._press("theme", 1)
    assert scene.setup.theme == "minecraft" and scene.setup.rules.jump_in
    assert "Kept from your set-up: Jump in: on." in scene.help_text()
    assert "Stack Draw Twos: off" in scene.help_text()
    scene._press("players", 1)  # the next change: the notice has been read
    assert "Kept" not in scene.help_text()


def test_the_help_says_what_the_special_card_scoring_and_levels_are(app: App) -> None:
    scene = _scene(app)
    assert "no special card" in scene.help_text()  # Start focused, Classic
    scene._press("theme", 1)
    scene.notice = ""
    scene.focus_key = "start"
    assert scene.help_text().startswith("Special card:") and "Creeper" in scene.help_text()
    scene.focus_key = "scoring"
    assert scene.help_text().startswith("Standard scoring")
    scene._press("scoring", 1)
    assert "lowest total wins" in scene.help_text()
    scene.focus_key = "level:1"
    assert scene.help_text().startswith("Normal:")
