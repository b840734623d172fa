"""A server's table's settings: the game it plays (theme, rules, target, scoring,
the computers' seed), the turn timer, and who may find and watch it. The host
changes them (`settings`): the game's before the deal, `public` and `watch` at
any time."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from game.engine import RuleSet
from game.online.protocol.checks import BadMessage
from game.online.protocol.client_messages import ChangeSettings
from game.online.protocol.server_messages import Settings
from game.table import GameSetup, SeatSetup


@dataclass
class TableSettings:
    setup: GameSetup
    timer: int
    public: bool = False  # listed in the lobby (else only its code leads here)
    watchable: bool = False  # the host lets people watch by code

    def change(self, asked: ChangeSettings, started: bool) -> None:
        """The host's `settings`: the game's only before the deal (`started`)."""
        if started and (asked.options, asked.target, asked.scoring, asked.timer) != (None,) * 4:
            raise BadMessage("the game has started: its settings are kept", "started")
        self.public = self.public if asked.public is None else asked.public
        self.watchable = self.watchable if asked.watch is None else asked.watch
        if started:
            return
        setup = self.setup
        self.setup = GameSetup(
            setup.theme,
            setup.rules.replace(**(asked.options or {})),
            (),
            target=setup.target if asked.target is None else asked.target,
            scoring=setup.scoring if asked.scoring is None else asked.scoring,
            seed=setup.seed,
        )
        self.timer = self.timer if asked.timer is None else asked.timer

    def seat(self, seats: tuple[SeatSetup, ...]) -> None:
        """The seats the deal is for."""
        setup = self.setup
        self.setup = GameSetup(
            setup.theme, setup.rules, seats, setup.target, setup.scoring, setup.seed
        )

    def reseed(self) -> None:
        """A new match: no seats yet, fresh choices and pauses for the computers."""
        setup = self.setup
        self.setup = GameSetup(
            setup.theme, setup.rules, (), setup.target, setup.scoring, secrets.randbelow(2**31)
        )

    def house(self) -> tuple[str, ...]:
        """The house options this table plays with (the ones switched on)."""
        rules = self.setup.rules
        return tuple(o.name for o in RuleSet.house_options() if getattr(rules, o.name))

    def notice(self) -> Settings:
        setup = self.setup
        return Settings(
            setup.target, setup.scoring, self.timer, setup.rules, self.public, self.watchable
        )
