"""A recording client at 1,000 seeded matches: no byte it receives reveals a card
its seat may not know (another hand, the draw pile), nor the seed or the RNG.

The checks are written from the rules, not from the engine's own redaction
(`events.for_seat`): every card text anywhere in a message must sit at a place
where this seat may see a card, and each such place is checked against what the
seat may know there. The matches mix themes, seat counts and house options, so
Creepers, Urrrh give-aways, challenges, swaps and jump-ins all come by.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest

from game.engine import RuleSet
from game.engine.events import BY_NAME
from game.online.client.connection import Connection
from game.online.protocol.updates import VIEW_FIELDS
from game.table import make_bot
from tests.net.helpers import run, served, url

MATCHES = int(os.environ.get("NET_MATCHES", 1000))  # fewer while working on it
AT_ONCE = 10
HOUSE = tuple(option.name for option in RuleSet.house_options())  # each one on or off
CARDS = sorted({c.text for p in RuleSet.preset_names() for c in RuleSet.preset(p).deck()}, key=len)[
    ::-1
]
CARD_IN_TEXT = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, CARDS)) + r")(?![\w-])")
FORBIDDEN_KEYS = {"seed", "rng", "draw_pile", "log", "deck", "_draw", "draw4_guilty", "state"}
TOP_KEYS = {
    "update": {"type", "seat", "token", "round", "actions", "view", "legal", "events", "result"},
}


class Leak(AssertionError):
    pass


class Seat:
    """What one seat has been told, checked message by message. `watching`: a
    spectator, told seat 0's public view: never a card of any hand."""

    def __init__(self, seat: int, watching: bool = False) -> None:
        self.seat = seat
        self.watching = watching
        self.me = -1 if watching else seat  # whose private events it may see
        self.hand: Counter[str] | None = None
        self.messages = 0

    def check(self, raw: str) -> None:
        self.messages += 1
        message = json.loads(raw)
        _no_forbidden_keys(message)
        seen = Counter(CARD_IN_TEXT.findall(raw))
        accounted: Counter[str] = Counter()
        if message["type"] == "update":
            accounted = self._update(message)
        elif message["type"] in ("joined", "watching"):  # the rules name their special card
            accounted = Counter(_cards_in(message["rules"]["special"]))
        if seen != accounted:
            raise Leak(f"cards outside their places: {seen - accounted} in {raw[:300]}")

    def _update(self, m: dict[str, Any]) -> Counter[str]:
        keys = set(m) - {"history"}
        if keys != TOP_KEYS["update"] or m["seat"] != self.seat:
            raise Leak(f"unexpected fields {sorted(keys)} for seat {m['seat']}")
        view = m["view"]
        if set(view) != set(VIEW_FIELDS):
            raise Leak(f"view fields {sorted(view)}")
        hand = Counter(view["hand"])
        if self.watching and (hand or view["drawn"] is not None or m["legal"]):
            raise Leak(f"a spectator told a hand, a drawn card or moves: {view['hand']}")
        if view["hand_counts"][self.seat] != sum(hand.values()) and not self.watching:
            raise Leak("the hand is not this seat's")
        if view["drawn"] is not None and (
            view["current"] != self.seat or view["drawn"] not in hand
        ):
            raise Leak(f"a drawn card {view['drawn']} that is not this seat's")
        if view["discard_pile"][-1:] != [view["top"]]:
            raise Leak("the top card is not the discard pile's")
        events = m["events"] + m.get("history", [])
        shown = Counter[str]()
        for event in events:
            shown += self._event(event)
        self._hand_follows(hand, m, shown)
        accounted = hand + Counter(view["discard_pile"])
        accounted += Counter(c for c in [view["top"], view["drawn"]] if c)
        for text in m["legal"]:
            for card in CARD_IN_TEXT.findall(text):
                if card not in hand:
                    raise Leak(f"a legal play of {card}, which is not in the hand")
                accounted[card] += 1
        for event in events:
            accounted += Counter(_cards_in(event))
        if m["result"] is not None:  # the round is over: every hand is shown to all
            accounted += Counter(c for h in m["result"]["hands"] for c in h)
        return accounted

    def _event(self, event: list[Any]) -> Counter[str]:
        """Cards the event shows this seat privately; raises on one it may not see."""
        name, fields = event[0], dict(zip(BY_NAME[event[0]]._fields, event[1:], strict=True))
        me = self.me
        if name == "CardsDrawn" and fields["cards"]:
            if fields["seat"] != me:
                raise Leak(f"another seat's drawn cards: {event}")
            return Counter(fields["cards"])
        bystander = me not in (fields.get("challenger"), fields.get("challenged"))
        if name == "ChallengeResult" and fields["hand"] and bystander:
            raise Leak(f"a challenged hand shown to a bystander: {event}")
        if name == "CardsGiven":
            gifts = [(to, card) for to, card in fields["gifts"] if card is not None]
            if fields["giver"] != me and any(to != me for to, _ in gifts):
                raise Leak(f"another seat's gift shown: {event}")
            return Counter(card for to, card in gifts if to == me)
        return Counter()

    def _hand_follows(self, hand: Counter[str], m: dict[str, Any], shown: Counter[str]) -> None:
        """Within a round, a hand gains only cards this seat was shown arriving."""
        swapped = any(e[0] in ("HandsSwapped", "HandsPassed") for e in m["events"])
        if self.hand is not None and "history" not in m and not swapped:
            gained = hand - self.hand
            if gained - shown:
                raise Leak(f"cards in the hand that never arrived: {gained - shown}")
        self.hand = hand


def _cards_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value in CARDS else []
    if isinstance(value, list):
        return [c for v in value for c in _cards_in(v)]
    return []


def _no_forbidden_keys(value: Any) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in FORBIDDEN_KEYS:
                raise Leak(f"a field {key!r} went over the wire")
            _no_forbidden_keys(inner)
    elif isinstance(value, list):
        for inner in value:
            _no_forbidden_keys(inner)


async def _one_match(server_url: str, number: int) -> int:
    rng = random.Random(number)
    theme = RuleSet.preset_names()[number % 3]
    players = rng.randint(2, 6)
    seats = ["me"] + [f"bot:{rng.choice(['random', 'easy'])}" for _ in range(players - 1)]
    house = {name: rng.random() < 0.3 for name in HOUSE}
    conn = await Connection.open(server_url, "Rec", record=True)
    create = {"theme": theme, "seats": seats, "options": house, "target": 1, "timer": 600}
    await conn.send({"type": "create", **create, "watch": True})
    watching = None
    if number % 2:  # every other match has a spectator, checked as strictly
        await conn.expect("joined")
        watching = asyncio.create_task(_spectator(server_url, conn.code))
    bot = make_bot("random", rng)
    seat: Seat | None = None
    while True:
        message = await conn.receive()
        if seat is None and conn.seat >= 0:
            seat = Seat(conn.seat)
        if seat is not None:
            seat.check(conn.received[-1])
        if message["type"] == "table_closed":
            break
        update = conn.update
        if message["type"] == "update" and update is not None and update.legal:
            legal = list(update.legal)
            choice = (
                bot.choose(update.view, legal) if update.turn else bot.react(update.view, legal)
            )
            if choice is not None:
                await conn.act(update, choice)
    await conn.close()
    assert seat is not None
    return seat.messages + (await watching if watching is not None else 0)


async def _spectator(server_url: str, code: str) -> int:
    """Watch table `code` to its end, checking every message; how many came."""
    conn = await Connection.open(server_url, "Spy", record=True)
    await conn.send({"type": "watch", "code": code})
    checker = Seat(0, watching=True)
    while True:
        message = await conn.receive()
        checker.check(conn.received[-1])
        if message["type"] == "table_closed":
            break
        if message["type"] == "error" and checker.messages == 1:
            break  # a quick match was over before the watch came: nothing to watch
    await conn.close()
    return checker.messages


def test_no_message_reveals_a_card_the_seat_may_not_know() -> None:
    async def go() -> list[int]:
        async with served() as server:
            address = url(server)
            counts: list[int] = []
            for first in range(0, MATCHES, AT_ONCE):
                batch = [_one_match(address, n) for n in range(first, first + AT_ONCE)]
                counts += await asyncio.gather(*batch)
            return counts

    counts = run(go(), timeout=1200)
    assert len(counts) == MATCHES
    assert sum(counts) > MATCHES * 20


def test_the_checker_catches_a_leak() -> None:
    """The checks above can fail: another seat's drawn card, a hand that grows
    from nowhere, a card in an odd field, a seed."""
    view = {name: None for name in VIEW_FIELDS}
    view.update(
        hand=["red-1"], hand_counts=[1, 1], top="blue-2", discard_pile=["blue-2"], current=1
    )
    base = {"type": "update", "seat": 0, "token": 1, "round": 1, "actions": 0, "legal": []}
    first = {**base, "view": view, "events": [], "result": None, "history": []}
    later = {k: v for k, v in first.items() if k != "history"}
    leaks = [
        {**later, "events": [["CardsDrawn", 1, 1, ["red-9"], "draw"]]},
        {**later, "view": {**view, "hand": ["red-1", "red-9"], "hand_counts": [2, 1]}},
        {**later, "legal": ["play wild color=red"]},
        {**later, "view": {**view, "seed": 7}},
        {**later, "events": [["CardsGiven", 1, "red", [[2, "red-3"]]]]},
        {**later, "events": [["ChallengeResult", 1, 2, True, ["red-3"]]]},
        {**later, "note": "red-5"},
    ]

    for leak in leaks:
        checker = Seat(0)
        checker.check(json.dumps(first))
        with pytest.raises(Leak):
            checker.check(json.dumps(leak))
    # A spectator may not see even seat 0's own cards.
    empty = {**first, "view": {**view, "hand": [], "hand_counts": [1, 1]}}
    for leak in (
        first,
        {**empty, "events": [["CardsDrawn", 0, 1, ["red-9"], "draw"]]},
        {**empty, "legal": ["draw"]},
    ):
        with pytest.raises(Leak):
            Seat(0, watching=True).check(json.dumps(leak))
    Seat(0, watching=True).check(json.dumps(empty))
