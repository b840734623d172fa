"""A server's table made new (`create`), and to and from its snapshot in the
save folder (a killed server takes every table up again)."""

from __future__ import annotations

import secrets
from typing import Any

from game.engine import Match, RuleSet
from game.online.protocol import checks, fairness
from game.online.protocol.checks import MIN_TIMER
from game.online.protocol.client_messages import Create
from game.online.server.bot_pool import BotPool
from game.online.server.room import Room, RoomOptions
from game.online.server.seats import Slot, computer_name
from game.table import GameSetup


def new_room(code: str, create: Create, options: RoomOptions, pool: BotPool) -> Room:
    """The table a `create` asks for, its host at the `"me"` seat."""
    slots = []
    for seat, spec in enumerate(create.seats):
        kind, _, level = spec.partition(":")
        if kind == "bot":
            slots.append(Slot(seat, "bot", computer_name(seat), level))
        else:
            slots.append(Slot(seat, "open", ""))
    rules = RuleSet.preset(create.theme).replace(**create.options)
    seed = secrets.randbelow(2**31)  # the computers' choices and pauses; never the deal
    setup = GameSetup(
        create.theme, rules, (), target=create.target, scoring=create.scoring, seed=seed
    )
    room = Room(code, setup, slots, create.timer, options, pool, host=create.seats.index("me"))
    room.public, room.watchable = create.public, create.watch
    return room


def room_from_data(data: dict[str, Any], options: RoomOptions, pool: BotPool) -> Room:
    """A saved room: every person is away until they come back with their token.
    ValueError (or KeyError, TypeError) for a save that is not a table."""
    slots = [
        Slot(i, str(kind), str(name), str(level), str(token))
        for i, (kind, name, level, token) in enumerate(data["slots"])
    ]
    if not 2 <= len(slots) <= 10 or data["match"] is None:
        raise ValueError(f"a saved table of {len(slots)} seats, or not started")
    for slot in slots:
        if slot.kind not in ("person", "bot") or slot.level not in checks.LEVELS:
            raise ValueError(f"seat {slot.seat}: {slot.kind} {slot.level}"[:60])
    match = Match.from_data(data["match"])
    if match.players != len(slots) or not 0 <= data["host"] < len(slots):
        raise ValueError("the match and the seats do not agree")
    setup = GameSetup(
        data["theme"],
        RuleSet.from_options(data["rules"]),
        (),
        target=data["target"],
        scoring=data["scoring"],
        seed=int(data["seed"]),
    )
    timer = min(max(int(data["timer"]), MIN_TIMER), checks.MAX_TIMER)
    room = Room(str(data["code"]), setup, slots, timer, options, pool, host=data["host"])
    room.owner = str(data.get("owner", ""))
    room.public, room.watchable = data.get("public") is True, data.get("watch") is True
    room.match = match
    room.seal = fairness.Seal.from_data(data.get("seal"))
    for slot in slots:
        if slot.kind == "person":
            slot.controller = room.person_seat(slot)
    return room


def room_to_data(room: Room) -> dict[str, Any]:
    """A room as its snapshot holds it (`room_from_data` takes it up again)."""
    match = room.match
    return {
        "code": room.code,
        "theme": room.setup.theme,
        "rules": room.setup.rules.options(),
        "target": room.setup.target,
        "scoring": room.setup.scoring,
        "seed": room.setup.seed,
        "timer": room.timer,
        "host": room.host,
        "owner": room.owner,
        "public": room.public,
        "watch": room.watchable,
        "slots": [[s.kind, s.name, s.level, s.token] for s in room.slots],
        "seal": room.seal.to_data(),
        "match": match.to_data() if match is not None else None,
    }
