"""A server's table made new (`create`), and to and from its snapshot in the
save folder (a killed server takes every table up again)."""

from __future__ import annotations

import secrets

from game.engine import Match, RuleSet
from game.engine.validate import MAX_SEED
from game.limits import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SCORINGS
from game.online.protocol import checks, fairness
from game.online.protocol.checks import MIN_TIMER, Json
from game.online.protocol.client_messages import Create
from game.online.protocol.deal_chain import Chain
from game.online.protocol.reader import BadServerMessage, Reader, check_int
from game.online.protocol.server_messages import SEAT_TOKEN
from game.online.server.bot_pool import BotPool
from game.online.server.play import Play
from game.online.server.room import Room, RoomOptions
from game.online.server.seats import Seating, Slot, computer_name
from game.online.server.table_settings import TableSettings
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
    settings = TableSettings(setup, create.timer, create.public, create.watch)
    return Room(code, settings, Seating(slots, create.seats.index("me")), options, pool)


def room_from_data(data: Json, options: RoomOptions, pool: BotPool) -> Room:
    """A saved room: every person is away until they come back with their token.
    Every field is checked against the limits a save and the wire keep, so a table
    taken up can be joined again; ValueError (BadServerMessage) names the first that
    is not, and the snapshot is set aside."""
    read = Reader(data, "snapshot")
    code = read.string("code")
    if len(code) != checks.CODE_LENGTH or not set(code) <= set(checks.CODE_ALPHABET):
        raise read.fail("code", "is not a table code")
    theme = read.choice("theme", RuleSet.preset_names())
    rules = read.rules()
    target = read.integer("target", 1, MAX_TARGET)
    scoring = read.choice("scoring", SCORINGS)
    seed = read.integer("seed", -MAX_SEED, MAX_SEED)
    timer = read.integer("timer", MIN_TIMER, checks.MAX_TIMER)
    slots = [
        _slot(seat, raw) for seat, raw in enumerate(read.items("slots", MAX_PLAYERS, MIN_PLAYERS))
    ]
    host = read.integer("host", 0, len(slots) - 1)
    owner = read.string("owner") if read.has("owner") else ""
    if len(owner) > MAX_OWNER:
        raise read.fail("owner", "is not an address")
    public = read.flag("public") if read.has("public") else False
    watchable = read.flag("watch") if read.has("watch") else False
    seal = _seal(read.raw("seal"), len(slots)) if read.has("seal") else fairness.Seal()
    match = Match.from_data(read.mapping("match"))
    read.done()
    if (match.players, match.target, match.scoring) != (len(slots), target, scoring):
        raise ValueError("the match and the table do not agree")
    if match.rules != rules or rules.name != theme:
        raise ValueError("the match and the table play different rules")
    setup = GameSetup(theme, rules, (), target=target, scoring=scoring, seed=seed)
    settings = TableSettings(setup, timer, public, watchable)
    room = Room(code, settings, Seating(slots, host), options, pool)
    room.owner, room.play.match, room.play.deals.seal = owner, match, seal
    for slot in slots:
        if slot.kind == "person":
            slot.controller = room.play.person_seat(slot)
    return room


MAX_OWNER = 64  # an address, or an IPv6 /64 (`server.address_key`)
MAX_ROUNDS = 10**9  # a round number: far beyond any match


def _slot(seat: int, raw: object) -> Slot:
    """A seat of a started table: a person (name and seat token) or a computer."""
    if not isinstance(raw, list) or len(raw) != 4 or not all(isinstance(v, str) for v in raw):
        raise BadServerMessage(f"snapshot: slot {seat} must be four texts")
    kind, name, level, token = raw
    if kind not in ("person", "bot") or level not in checks.LEVELS:
        raise BadServerMessage(f"snapshot: slot {seat} is not a seat ({kind:.10} {level:.10})")
    if name != checks.clean_name(name, ""):
        raise BadServerMessage(f"snapshot: slot {seat}'s name is not one the server gives")
    if kind == "person" and not SEAT_TOKEN.fullmatch(token):
        raise BadServerMessage(f"snapshot: slot {seat}'s token is not a seat token")
    return Slot(seat, kind, name, level, token)


def _seal(raw: object, players: int) -> fairness.Seal:
    """The commitment of the round in play: [round, commitment or "", last revealed],
    and what its key was drawn from: [..., server's secret, chain]."""
    if not raw:
        return fairness.Seal()
    if not isinstance(raw, list) or len(raw) not in (3, 5):
        raise BadServerMessage("snapshot: seal must be [round, commitment, revealed, ...]")
    round_number = check_int(raw[0], 0, MAX_ROUNDS, name="snapshot: seal's round")
    revealed = check_int(raw[2], 0, MAX_ROUNDS, name="snapshot: seal's revealed round")
    sealed = raw[1]
    if not isinstance(sealed, str) or not (sealed == "" or fairness.HEX_64.fullmatch(sealed)):
        raise BadServerMessage("snapshot: seal's commitment is not 64 hexadecimal digits")
    seal = fairness.Seal(round_number, sealed, revealed)
    if len(raw) == 5:
        if not isinstance(raw[3], str) or not fairness.HEX_64.fullmatch(raw[3]):
            raise BadServerMessage("snapshot: seal's server secret is not 64 hexadecimal digits")
        seal.drawn(Chain.from_data(raw[4], round_number, players), bytes.fromhex(raw[3]))
    return seal


def room_to_data(
    code: str, owner: str, settings: TableSettings, seats: Seating, play: Play
) -> Json:
    """A room as its snapshot holds it (`room_from_data` takes it up again):
    `Room.to_data`."""
    setup, match = settings.setup, play.match
    return {
        "code": code,
        "theme": setup.theme,
        "rules": setup.rules.options(),
        "target": setup.target,
        "scoring": setup.scoring,
        "seed": setup.seed,
        "timer": settings.timer,
        "host": seats.host,
        "owner": owner,
        "public": settings.public,
        "watch": settings.watchable,
        "slots": [[s.kind, s.name, s.level, s.token] for s in seats.slots],
        "seal": play.deals.seal.to_data(),
        "match": match.to_data() if match is not None else None,
    }
