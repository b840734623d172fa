"""Every scene by name: a scene opens another with `host.scene("rules", ...)`, never
by importing it, so each scene module stands alone (and can be tested alone) and
the scenes form no import circle. Each scene's module is imported the first time
the scene is opened, which keeps the menu's start-up quick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from game.ui.scene import Host, Scene

SceneName = Literal[
    "menu",
    "setup",
    "table",
    "pause",
    "pass_device",
    "round_tally",
    "scoreboard",
    "rules",
    "settings",
    "theme_packs",
    "statistics",
    "replay",
    "online",
    "online_rules",
    "online_table",
    "online_pause",
    "host_pause",
    "lobby",
    "rematch",
    "public_tables",
    "confirm",
    "learn",
]


def _menu() -> Any:
    from game.ui.scenes.menu import MenuScene

    return MenuScene


def _setup() -> Any:
    from game.ui.scenes.setup import SetupScene

    return SetupScene


def _table() -> Any:
    from game.ui.scenes.table import TableScene

    return TableScene


def _pause() -> Any:
    from game.ui.scenes.pause import PauseScene

    return PauseScene


def _pass_device() -> Any:
    from game.ui.scenes.pass_device import PassScene

    return PassScene


def _round_tally() -> Any:
    from game.ui.scenes.round_tally import RoundTallyScene

    return RoundTallyScene


def _scoreboard() -> Any:
    from game.ui.scenes.scoreboard import ScoreboardScene

    return ScoreboardScene


def _rules() -> Any:
    from game.ui.scenes.rules import RulesScene

    return RulesScene


def _settings() -> Any:
    from game.ui.scenes.settings import SettingsScene

    return SettingsScene


def _theme_packs() -> Any:
    from game.ui.scenes.theme_packs import ThemePacksScene

    return ThemePacksScene


def _statistics() -> Any:
    from game.ui.scenes.statistics import StatisticsScene

    return StatisticsScene


def _replay() -> Any:
    from game.ui.scenes.replay import ReplayScene

    return ReplayScene


def _online() -> Any:
    from game.ui.scenes.online import OnlineScene

    return OnlineScene


def _online_rules() -> Any:
    from game.ui.scenes.online_rules import OnlineRulesScene

    return OnlineRulesScene


def _online_table() -> Any:
    from game.ui.scenes.online_table import OnlineTableScene

    return OnlineTableScene


def _online_pause() -> Any:
    from game.ui.scenes.online_pause import OnlinePauseScene

    return OnlinePauseScene


def _host_pause() -> Any:
    from game.ui.scenes.online_pause import HostPauseScene

    return HostPauseScene


def _lobby() -> Any:
    from game.ui.scenes.online import LobbyScene

    return LobbyScene


def _rematch() -> Any:
    from game.ui.scenes.rematch import RematchScene

    return RematchScene


def _public_tables() -> Any:
    from game.ui.scenes.public_tables import PublicTablesScene

    return PublicTablesScene


def _confirm() -> Any:
    from game.ui.scenes.confirm import ConfirmScene

    return ConfirmScene


def _learn() -> Any:
    from game.ui.scenes.learn import LearnScene

    return LearnScene


SCENES: dict[str, Callable[[], Any]] = {
    "menu": _menu,
    "setup": _setup,
    "table": _table,
    "pause": _pause,
    "pass_device": _pass_device,
    "round_tally": _round_tally,
    "scoreboard": _scoreboard,
    "rules": _rules,
    "settings": _settings,
    "theme_packs": _theme_packs,
    "statistics": _statistics,
    "replay": _replay,
    "online": _online,
    "online_rules": _online_rules,
    "online_table": _online_table,
    "online_pause": _online_pause,
    "host_pause": _host_pause,
    "lobby": _lobby,
    "rematch": _rematch,
    "public_tables": _public_tables,
    "confirm": _confirm,
    "learn": _learn,
}


def scene_class(name: SceneName) -> Any:
    """The class of the scene called `name` (KeyError for a name not listed); a
    class, so a caller may ask what it says of itself (`wanted`) before opening it."""
    return SCENES[name]()


def build_scene(host: Host, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
    """The scene called `name`, built for `host` with the scene's own arguments."""
    scene: Scene = scene_class(name)(host, *args, **kwargs)
    return scene
