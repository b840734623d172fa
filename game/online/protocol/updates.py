"""A seat's update to JSON and back: the one place that says what a client is
told about a match.

The server sends only what `Table.update(seat)` already holds for that seat: its
`View` (own hand, counts of the others, the public piles and scores), its legal
actions and the events as `events.for_seat` redacted them. Nothing here reads
the `Round`, so nothing here can leak another hand, the draw pile or the seed.

A view's history grows with every event; sending it whole each time would make
a round's traffic grow with the square of its length. It is sent whole when a
seat (re)joins or a round starts (`full=True`); otherwise the client appends
the update's events to the history it holds (`ClientState`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from game.engine import Card, RuleSet, View
from game.engine.actions import from_text, to_text
from game.engine.serialise import decode_event, encode_event
from game.online.protocol.checks import Json
from game.table.updates import RoundResult, SeatUpdate

# View fields that hold cards, and whether as one card or a tuple of them.
_CARD = ("top", "drawn")
_CARDS = ("hand", "discard_pile")
_INTS = ("hand_counts", "scores")
# Sent once per connection (in `joined`), not with every update.
_ONCE = ("rules", "history")
VIEW_FIELDS = tuple(f.name for f in fields(View) if f.name not in _ONCE)


def encode_view(view: View) -> Json:
    data: Json = {}
    for name in VIEW_FIELDS:
        value = getattr(view, name)
        if name in _CARD:
            value = value.text if value is not None else None
        elif name in _CARDS:
            value = [c.text for c in value]
        elif name in _INTS:
            value = list(value)
        data[name] = value
    return data


def decode_view(data: Json, rules: RuleSet, history: tuple) -> View:
    values: Json = {}
    for name in VIEW_FIELDS:
        value = data[name]
        if name in _CARD:
            value = Card.parse(value) if value is not None else None
        elif name in _CARDS or name in _INTS:
            value = tuple(Card.parse(c) for c in value) if name in _CARDS else tuple(value)
        values[name] = value
    return View(rules=rules, history=history, **values)


def encode_result(result: RoundResult | None) -> Json | None:
    if result is None:
        return None
    return {
        "winner": result.winner,
        "hands": [[c.text for c in hand] for hand in result.hands],
        "before": list(result.before),
        "totals": list(result.totals),
        "match_over": result.match_over,
        "match_winners": list(result.match_winners),
    }


def decode_result(data: Json | None) -> RoundResult | None:
    if data is None:
        return None
    return RoundResult(
        winner=data["winner"],
        hands=tuple(tuple(Card.parse(c) for c in hand) for hand in data["hands"]),
        before=tuple(data["before"]),
        totals=tuple(data["totals"]),
        match_over=data["match_over"],
        match_winners=tuple(data["match_winners"]),
    )


def encode_update(update: SeatUpdate, full: bool = False) -> Json:
    """The `update` message. `full` adds the round's public history as the seat
    sees it (on joining, and when a round starts)."""
    message: Json = {
        "type": "update",
        "seat": update.seat,
        "token": update.token,
        "round": update.round_number,
        "actions": update.actions,
        "view": encode_view(update.view),
        "legal": [to_text(a) for a in update.legal],
        "events": [encode_event(e) for e in update.events],
        "result": encode_result(update.result),
    }
    if full:
        message["history"] = [encode_event(e) for e in update.view.history]
    return message


@dataclass
class ClientState:
    """What a client keeps between updates: the rules (from `joined`) and the
    round's history, rebuilt into the same `SeatUpdate` the server's table made."""

    rules: RuleSet
    history: list = field(default_factory=list)

    def read(self, message: Json) -> SeatUpdate:
        events = tuple(decode_event(e) for e in message["events"])
        if "history" in message:
            self.history = [decode_event(e) for e in message["history"]]
        else:
            self.history += events
        view = decode_view(message["view"], self.rules, tuple(self.history))
        return SeatUpdate(
            seat=message["seat"],
            token=message["token"],
            round_number=message["round"],
            actions=message["actions"],
            view=view,
            legal=tuple(from_text(text) for text in message["legal"]),
            events=events,
            result=decode_result(message["result"]),
        )
