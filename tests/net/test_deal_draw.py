"""Deals no one side can steer: every person's client adds a secret to each deal
(commit, then reveal), a server that grinds its own secret cannot pick the
deal, a tampered chain fails `verify` naming the side at fault, and a client
that keeps its secret back does not hold the table up."""

from __future__ import annotations

import asyncio
import json
import random
import time
from copy import deepcopy
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from game.online.client import deal_secrets
from game.online.client.connection import Connection
from game.online.protocol import fairness
from game.online.protocol.deal_chain import deal_key, new_secret, server_commitment
from game.online.protocol.server_messages import Deal, Reveal, Update
from game.online.server import deal_draw
from game.online.server.deal_draw import Draw
from tests.net.helpers import FAST, host, join, run, served
from tests.net.test_fairness import _dealt, _record, _setup

PATIENT = replace(FAST, draw_wait=10.0)  # a slow machine leaves no secret out


def _wilds(key: bytes) -> int:
    hand = fairness.keyed_match(_setup(), key).round.hand(0)
    return sum(card.text.startswith("wild") for card in hand)


def test_a_server_that_grinds_its_secret_cannot_pick_the_deal(monkeypatch: Any) -> None:
    """The server grinds for a secret that deals seat 0 two wild cards, and commits
    to it; the person's secret is fixed only after that commitment, and the deal
    moves with it: each secret deals another hand, the one its chain says."""
    rng = random.Random(5)
    ground = next(
        s
        for s in (rng.randbytes(32) for _ in range(2000))
        if _wilds(deal_key(1, s, [None, None])) >= 2
    )
    monkeypatch.setattr(deal_draw, "Draw", partial(Draw, server_secret=ground))

    async def deal_with(secret: bytes) -> tuple[Deal, Any]:
        monkeypatch.setattr(deal_secrets, "new_secret", lambda: secret)
        async with served(room=PATIENT) as server:
            ann = await host(server, ["me", "bot:random"], timer=600)
            deal = None
            while True:
                message = await ann.read()
                if isinstance(message, Deal):
                    assert message.chain is not None
                    assert message.chain.server == server_commitment(ground)
                    deal = message
                if isinstance(message, Update):
                    await ann.close()
                    assert deal is not None
                    return deal, message.update

    hands = []
    for secret in (b"\x01" * 32, b"\x02" * 32):  # chosen after the server committed
        deal, first = run(deal_with(secret), 60)
        assert deal.chain.secrets[0] == secret.hex()
        key = deal_key(1, ground, [secret, None])
        expected = fairness.keyed_match(_setup(), key).round.hand(first.view.seat)
        assert sorted(c.text for c in first.view.hand) == sorted(c.text for c in expected)
        hands.append(tuple(first.view.hand))
    targeted = fairness.keyed_match(_setup(), deal_key(1, ground, [None, None])).round.hand(0)
    assert first.view.seat == 0 and tuple(targeted) not in hands  # not the hand ground for
    assert hands[0] != hands[1]  # the deal moved with the person's secret


def _lines(record: dict[str, Any]) -> list[str]:
    return fairness.problems(fairness.Record.read(record))


def test_a_tampered_chain_fails_verify_and_names_the_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(_dealt(players=3, people=(0, 1)), seat=1)
    assert _lines(record) == []
    other = new_secret().hex()
    server = _lines({**record, "server_secret": other})
    assert "the server's secret does not match its commitment (the server)" in server
    secrets = list(record["secrets"])
    secrets[1] = other
    seat = _lines({**record, "secrets": secrets})
    assert "seat 1's reveal does not match its commitment (seat 1)" in seat
    added = list(record["secrets"])
    added[2] = other  # a secret for a computer's seat, that never committed
    assert "seat 2's secret came with no commitment (the server)" in _lines(
        {**record, "secrets": added}
    )
    key = _lines({**record, "key": _dealt(players=3)[0].round_key.hex()})
    assert key[0] == "the key does not follow from the secrets (the server)"
    deck = record["deck"].split(" ")
    deck[0], deck[-1] = deck[-1], deck[0]
    dealt = _lines({**record, "deck": " ".join(deck)})
    assert dealt and all(line.startswith("the deal does not follow from the key") for line in dealt)
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record, "secrets": secrets}))
    from game.__main__ import main

    assert main(["verify", str(path)]) == 1
    assert "NOT VERIFIED: seat 1's reveal does not match" in capsys.readouterr().out


async def _read_on(conn: Connection, seen: list[Any]) -> None:
    while True:
        seen.append(await conn.read())


def test_a_client_that_keeps_its_secret_back_does_not_hold_the_table_up(
    monkeypatch: Any,
) -> None:
    """Bea commits and never reveals; Cid's client says nothing at all. The deal
    comes once the wait runs out, made of Ann's secret, and the chain says who
    gave nothing."""
    wait = 0.5

    async def go() -> tuple[Deal, float]:
        async with served(room=replace(FAST, draw_wait=wait)) as server:
            ann = await host(server, ["me", "open", "open"], timer=600)
            bea = await join(server, ann.code, "Bea")
            monkeypatch.setattr(bea.draw, "published", lambda message, seat: None)
            reading = asyncio.ensure_future(_read_on(bea, []))
            began = time.perf_counter()
            await join(server, ann.code, "Cid")  # the last seat: the draw begins; Cid is silent
            while not isinstance(message := await ann.read(), Deal):
                pass
            took = time.perf_counter() - began
            reading.cancel()
            return message, took

    deal, took = run(go(), 60)
    chain = deal.chain
    assert chain is not None and chain.people == 1
    assert chain.secrets[0] is not None and chain.seats[0] is not None  # Ann's, whole
    assert chain.seats[1] is not None and chain.secrets[1] is None  # Bea committed, kept back
    assert chain.seats[2] is None and chain.secrets[2] is None  # Cid said nothing
    assert took < 2 * wait + 5  # two waits at most, not a stalled table


def test_two_clients_draw_each_deal_and_the_round_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two real clients on 127.0.0.1 play a round and into the next: each deal's
    chain holds both secrets, each client finds its own in it, and the round's
    record verifies with `uno-table verify`."""

    async def play(conn: Connection, seen: dict[str, Any], rng: random.Random) -> None:
        while "next" not in seen:
            message = await conn.read()
            match message:
                case Deal(round_number=1):
                    seen["deal"] = message
                case Deal(round_number=2):
                    seen["next"] = message
                case Reveal(round_number=1):
                    seen["reveal"] = message
                case Update(update=update):
                    seen.setdefault("first", update)
                    if update.turn and update.legal:
                        await conn.act(update, rng.choice(update.legal))

    async def go() -> list[tuple[Connection, dict[str, Any]]]:
        async with served(room=PATIENT) as server:
            ann = await host(server, ["me", "open"], timer=600, target=10_000)
            bea = await join(server, ann.code, "Bea")
            seen: list[dict[str, Any]] = [{}, {}]
            await asyncio.gather(
                play(ann, seen[0], random.Random(1)), play(bea, seen[1], random.Random(2))
            )
            return [(ann, seen[0]), (bea, seen[1])]

    for conn, seen in run(go(), 120):
        deal, reveal, first = seen["deal"], seen["reveal"], seen["first"]
        assert deal.chain.people == 2 and seen["next"].chain.people == 2
        assert conn.draw.faults == {}
        if first.actions:
            continue  # the other moved before this seat's first update was read
        record = {
            "rules": first.view.rules.options(),
            "players": 2,
            "dealer": deal.dealer,
            "commitment": deal.commitment,
            "key": reveal.key,
            "round": 1,
            **deal.chain.to_data(),
            "server_secret": reveal.server_secret,
            "seat": conn.seat,
            "hand": [c.text for c in first.view.hand],
            "top": first.view.top.text,
        }
        path = tmp_path / f"seat{conn.seat}.json"
        path.write_text(json.dumps(record))
        from game.__main__ import main

        assert main(["verify", str(path)]) == 0
        assert "2 people's secrets" in capsys.readouterr().out


def test_the_client_finds_its_own_secret_changed_or_the_servers_commitment_moved() -> None:
    from game.online.client.deal_secrets import DealSecrets
    from game.online.protocol.deal_chain import Chain, seat_commitment
    from game.online.protocol.server_messages import DealAsk, DealCommitments

    draw = DealSecrets()
    commit = draw.asked(DealAsk(3))
    server = server_commitment(new_secret())
    reveal = draw.published(DealCommitments(3, server, (None, commit.commitment)), seat=1)
    assert reveal is not None and seat_commitment(bytes.fromhex(reveal.secret)) == commit.commitment

    def fault(server_said: str, mine: str | None) -> str:
        chain = Chain(3, server_said, (None, commit.commitment), (None, mine))
        return DealSecrets.dealt(deepcopy(draw), Deal.drawn(3, 0, "0" * 64, chain), seat=1)

    assert fault(server, reveal.secret) == ""
    assert fault(server, None) == ""  # left out (too late): said by the chain, no fault
    assert "not this seat's" in fault(server, new_secret().hex())
    assert "before the reveals" in fault(server_commitment(new_secret()), reveal.secret)
    other = DealSecrets()
    other.asked(DealAsk(4))
    assert other.published(DealCommitments(4, server, (None, "ab" * 32)), seat=1) is None
    assert "another commitment" in other.faults[4]  # ours was swapped: no reveal


def test_a_snapshot_keeps_the_chain_of_the_round_in_play(tmp_path: Path) -> None:
    """A server killed and started again still tells the server's secret at the
    round's end: the chain and the secret are in the table's snapshot."""
    from tests.net.test_restart import _table_file, rooms_taken_up

    good = _table_file(tmp_path)
    seal = good["data"]["seal"]
    assert len(seal) == 5 and server_commitment(bytes.fromhex(seal[3])) == seal[4]["server"]
    assert seal[4]["secrets"][0] is not None and seal[4]["secrets"][1] is None  # Ann; a computer
    assert rooms_taken_up(tmp_path) == [good["data"]["code"]]
