"""Reactions and quick phrases: codes told to everyone, rate-limited per sender."""

from __future__ import annotations

import pytest

from game.net import reactions
from game.net.client import Connection
from tests.net.helpers import host, join, run, served, url


def test_an_allowance_gives_a_burst_then_one_every_few_seconds() -> None:
    allowance = reactions.Allowance(now=0.0)
    assert [allowance.take(0.0) for _ in range(reactions.BURST + 1)] == [True] * 3 + [False]
    assert not allowance.take(reactions.EVERY * 0.5)
    assert allowance.take(reactions.EVERY * 1.01)


def test_a_reaction_reaches_everyone_and_a_flood_of_them_is_refused() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "open"], watch=True)
            bob = await join(server, ann.code)
            eve = await Connection.open(url(server), "Eve")
            await eve.send({"type": "watch", "code": ann.code})
            await eve.expect("watching")
            for code in ("thumbs_up", "laugh", "uno", "nice_one"):
                await ann.send({"type": "react", "code": code})
            refused = await ann.expect_error()
            assert refused["code"] == "reactions"
            told = [(await bob.expect("reaction")) for _ in range(3)]
            assert [(m["seat"], m["code"]) for m in told] == [
                (0, "thumbs_up"),
                (0, "laugh"),
                (0, "uno"),
            ]
            assert [(await eve.expect("reaction"))["code"] for _ in range(3)][-1] == "uno"
            await eve.send({"type": "react", "code": "wow"})  # a spectator's: seat -1
            assert (await bob.expect("reaction")) == {"type": "reaction", "seat": -1, "code": "wow"}
            for conn in (ann, bob, eve):
                await conn.close()

    run(go())


@pytest.mark.parametrize("code", ["hello", "", "THUMBS_UP", "you are bad"])
def test_free_text_is_not_a_reaction(code: str) -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"])
            await ann.send({"type": "react", "code": code})
            assert (await ann.expect_error())["code"] == "bad_message"
            await ann.close()

    run(go())
