"""Fair deals: a keyed generator nobody predicts, a commitment that verifies the
deal it was made for and fails for any other, and tables whose public opening
is the same but whose hidden cards differ."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.engine import Match, RuleSet
from game.engine.keyed_random import KEY_BYTES, KeyedRandom
from game.online.client.connection import Connection
from game.online.protocol import fairness
from game.online.protocol.deal_chain import (
    Chain,
    new_secret,
    seat_commitment,
    server_commitment,
)
from game.online.protocol.fairness import keyed_match
from game.table import GameSetup
from tests.net.helpers import host, run, served

Dealt = tuple[
    Match, Chain, bytes
]  # a match, what its first key was drawn from, the server's secret


def _draw(players: int, people: tuple[int, ...], round_number: int = 1) -> tuple[Chain, bytes]:
    """A draw as the server and `people`'s clients make it: each a fresh secret."""
    server = new_secret()
    mine = {seat: new_secret() for seat in people}
    chain = Chain(
        round_number,
        server_commitment(server),
        tuple(seat_commitment(mine[s]) if s in mine else None for s in range(players)),
        tuple(mine[s].hex() if s in mine else None for s in range(players)),
    )
    return chain, server


def _dealt(players: int = 2, people: tuple[int, ...] = (0, 1)) -> Dealt:
    chain, server = _draw(players, people)
    return keyed_match(_setup(players), chain.key(server)), chain, server


def _record(dealt: Dealt, seat: int = 1) -> dict[str, Any]:
    match, chain, server = dealt
    rnd = match.round
    key = match.round_key
    assert key is not None and len(key) == KEY_BYTES
    deck = fairness.deck_text(rnd)
    record = {
        "round": chain.round_number,
        **chain.to_data(),
        "server_secret": server.hex(),
        "rules": match.rules.options(),
        "players": match.players,
        "dealer": rnd.dealer,
        "commitment": fairness.commitment(key, deck),
        "key": key.hex(),
        "seat": seat,
        "hand": [c.text for c in rnd.hand(seat)],
        "top": rnd.top.text,
        "deck": deck,
    }
    return json.loads(json.dumps(record))  # as a file holds it


def test_the_keyed_generator_replays_from_its_state_and_not_without_its_key() -> None:
    rng = KeyedRandom()
    rng.random()
    again = KeyedRandom()
    again.setstate(rng.getstate())
    assert [rng.getrandbits(64) for _ in range(5)] == [again.getrandbits(64) for _ in range(5)]
    other = KeyedRandom()
    assert [rng.random() for _ in range(5)] != [other.random() for _ in range(5)]
    deck = list(range(108))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(108)) and deck != list(range(108))


def test_a_keyed_match_saves_and_resumes_with_its_key() -> None:
    match = Match(RuleSet.preset("classic"), 4, seed=1, rng=KeyedRandom(bytes(range(32))))
    back = Match.from_data(json.loads(json.dumps(match.to_data())))
    assert back.round_key == match.round_key
    assert back.round.draw_pile == match.round.draw_pile


def test_a_commitment_verifies_its_deal_and_a_tampered_one_fails() -> None:
    record = _record(_dealt())
    assert fairness.problems(fairness.Record.read(record)) == []
    deck = record["deck"].split(" ")
    swapped = deck[:]
    swapped[0], swapped[-1] = swapped[-1], swapped[0]  # the server "dealt" another deck
    assert fairness.problems(fairness.Record.read({**record, "deck": " ".join(swapped)}))
    other = _dealt()[0].round_key
    assert other is not None
    assert fairness.problems(fairness.Record.read({**record, "key": other.hex()}))  # another key
    hand = record["hand"][:]
    hand[0] = "wild" if hand[0] != "wild" else "red-1"
    assert fairness.problems(
        fairness.Record.read({**record, "hand": hand})
    )  # the hand seen is not the deal's


def test_uno_table_verify_says_verified_or_not(tmp_path: Path, capsys: Any) -> None:
    record = _record(_dealt())
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps({**record, "commitment": "0" * 64}))
    from game.__main__ import main

    assert main(["verify", str(good)]) == 0
    assert "server's secret and 2 people's secrets" in capsys.readouterr().out
    assert main(["verify", str(bad)]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().out


def _setup(players: int = 2) -> GameSetup:
    from game.table import SeatKind, SeatSetup

    seats = tuple(SeatSetup(f"P{i}", SeatKind.REMOTE) for i in range(players))
    return GameSetup("classic", RuleSet.preset("classic"), seats, seed=7)


def test_tables_with_the_same_public_opening_deal_different_hidden_cards() -> None:
    """Online tables made with one and the same seed: the dealer draw (all anyone
    sees before the deal) may match, the hands behind it do not."""
    by_opening: dict[tuple[str, ...], list[Match]] = {}
    for _ in range(400):
        match = keyed_match(_setup())
        opening = tuple(str(e) for e in match.opening_events)
        by_opening.setdefault(opening, []).append(match)
    same = [group for group in by_opening.values() if len(group) > 1]
    assert same, "no two openings alike in 400 tables"
    for group in same:
        hands = {tuple(m.round.hand(0)) for m in group}
        assert len(hands) == len(group)
    seeded = [Match(RuleSet.preset("classic"), 2, seed=7) for _ in range(2)]
    assert seeded[0].round.hand(0) == seeded[1].round.hand(0)  # local games keep their seeds


def test_every_seat_gets_the_commitment_then_the_key_and_the_deal_verifies() -> None:
    async def go() -> tuple[dict[str, Any], dict[str, Any], Any, Connection]:
        async with served() as server:
            ann = await host(server, ["me", "bot:random"], timer=600, target=10_000)
            ann.record = True
            deal = await ann.expect("deal")
            await ann.expect("update")
            first = ann.update
            rng = random.Random(3)
            message = {"type": "update"}
            while message["type"] != "reveal":
                update = ann.update
                if message["type"] == "update" and update and update.turn and update.legal:
                    await ann.act(update, rng.choice(update.legal))
                message = await ann.receive()
            return deal, message, first, ann

    deal, reveal, first, ann = run(go(), 60)
    assert reveal["commitment"] == deal["commitment"] and reveal["round"] == 1
    before = ann.received[:-1]  # every message until the reveal
    assert before and not any(reveal["key"] in text for text in before)
    assert not any(reveal["server_secret"] in text for text in before)
    record = {
        "round": 1,
        "server": deal["server"],
        "seats": deal["seats"],
        "secrets": deal["secrets"],
        "server_secret": reveal["server_secret"],
        "rules": first.view.rules.options(),
        "players": 2,
        "dealer": deal["dealer"],
        "commitment": deal["commitment"],
        "key": reveal["key"],
        "seat": ann.seat,
        "hand": [c.text for c in _dealt_hand(first)],
        "top": first.view.top.text,
    }
    record = json.loads(json.dumps(record))  # as a file holds it
    assert fairness.problems(fairness.Record.read(record)) == []
    assert fairness.problems(fairness.Record.read({**record, "key": "00" * 32}))


def _dealt_hand(update: Any) -> list[Any]:
    """The hand at the deal: the first update of a round comes before anyone moved,
    unless the seat to play first was someone else who already moved."""
    if update.actions:
        pytest.skip("someone moved before the first update was read")
    return list(update.view.hand)
