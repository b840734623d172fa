"""Reactions and quick phrases: codes told to everyone, rate-limited per sender."""

from __future__ import annotations

import pytest

from game.online.client.connection import Connection
from game.online.server import reactions
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


def test_coming_back_on_a_new_connection_does_not_refill_the_allowance() -> None:
    """A flooder cannot reconnect for a fresh burst: the allowance is the seat's,
    and a spectator's is their address's."""

    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:random"], watch=True, timer=600)
            bob = await join(server, ann.code)
            for _ in range(reactions.BURST):
                await bob.send({"type": "react", "code": "laugh"})
            await bob.close()
            again = await Connection.open(url(server), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            await again.expect("joined")
            await again.send({"type": "react", "code": "laugh"})
            assert (await again.expect_error())["code"] == "reactions"
            eve = await Connection.open(url(server), "Eve")
            await eve.send({"type": "watch", "code": ann.code})
            await eve.expect("watching")
            for _ in range(reactions.BURST):
                await eve.send({"type": "react", "code": "wow"})
            await eve.close()
            eve_again = await Connection.open(url(server), "Eve")
            await eve_again.send({"type": "watch", "code": ann.code})
            await eve_again.expect("watching")
            await eve_again.send({"type": "react", "code": "wow"})
            assert (await eve_again.expect_error())["code"] == "reactions"
            for conn in (ann, again, eve_again):
                await conn.close()

    run(go())
