"""Names that cannot impersonate: look-alikes of another seat's, the computer's
suffix and "Player N" in either language, piles of combining marks."""

from __future__ import annotations

import asyncio

import pytest

from game.online.client.connection import Connection, ServerError
from game.online.protocol import names
from game.online.server.seats import computer_name
from tests.net.helpers import host, join, run, served, url


@pytest.mark.parametrize(
    ("name", "others"),
    [
        ("\u0410na", ["Ana"]),  # Cyrillic A
        ("B\u03bfb", ["Bob"]),  # Greek omicron
        ("Ian", ["lan"]),  # I and l
        ("\uff22ob", ["B\u043eb"]),  # fullwidth B, Cyrillic o
    ],
)
def test_look_alike_names_are_refused(name: str, others: list[str]) -> None:
    assert names.refusal(name, others) == names.CONFUSABLE


@pytest.mark.parametrize(
    "name",
    ["Bob (computer)", "Bob (ordenador)", "Player 1", "Jugador 7", "\u0420layer 2", "player 3"],
)
def test_reserved_names_are_refused(name: str) -> None:
    assert names.refusal(name, []) == names.RESERVED


def test_piled_marks_are_refused_and_ordinary_accents_are_not() -> None:
    assert names.refusal("Z" + "\u0301\u0302\u0303\u0304\u0306", []) == names.MARKS
    for ok in ("Jos\u00e9", "Nguy\u1ec5n", "Bj\u00f6rk", "\u0928\u092e\u0938\u094d\u0924\u0947"):
        assert names.refusal(ok, []) is None


def test_different_names_and_the_same_name_pass() -> None:
    assert names.refusal("Ana", ["Ann", "Bob"]) is None
    assert names.refusal("ana", ["Ana"]) is None  # the table numbers it instead
    assert names.refusal("Playful", []) is None
    assert names.refusal("Computer Bob", []) is None


def test_the_server_refuses_a_look_alike_at_the_table() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "open"], name="Ana")
            impostor = await Connection.open(url(server), "\u0410na")
            await impostor.send({"type": "join", "code": ann.code})
            refused = await impostor.expect_error()
            assert refused["code"] == names.CONFUSABLE
            assert [s.name for s in server.rooms[ann.code].slots] == ["Ana", "", ""]
            bob = await join(server, ann.code, "Bob")  # the seat is still free
            assert bob.seat == 1
            for conn in (ann, impostor, bob):
                await conn.close()

    run(go())


def test_the_server_refuses_a_reserved_name_and_keeps_no_table() -> None:
    async def go() -> None:
        async with served() as server:
            for name in ("Bea (computer)", "Jugador 2", "A" + "\u0300" * 6):
                conn = await Connection.open(url(server), name)
                await conn.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
                with pytest.raises(ServerError) as refused:
                    await conn.expect("joined")
                assert refused.value.code in (names.RESERVED, names.MARKS)
                await conn.close()
            assert not server.rooms

    run(go())


def test_a_client_calms_a_pile_of_marks_a_server_let_through() -> None:
    from game.online.protocol.reader import Reader

    zalgo = "A" + "\u0300\u0301\u0302\u0303\u0304\u0305\u0306" * 2
    shown = Reader({"name": zalgo}, "seats").name("name")
    assert not names.too_many_marks(shown) and shown.startswith("\u00c0")
    assert Reader({"name": "Nguy\u1ec5n"}, "seats").name("name") == "Nguy\u1ec5n"


def test_a_computer_never_takes_a_persons_name() -> None:
    """The computer "Bea" sat beside the person, who became "Bea 4": now the
    computer makes way, and the computers that fill open seats at the deal too."""
    assert computer_name(1) == "Bea" and computer_name(1, ["bea", "Ada"]) not in ("Bea", "Ada")

    async def go() -> list[str]:
        async with served() as server:
            ann = await host(server, ["me", "bot:easy", "open", "open"], name="Bea")
            dana = await join(server, ann.code, "Dana")  # seat 3's computer is "Dana"
            room = server.rooms[ann.code]
            await ann.send({"type": "start"})
            while room.table is None:
                await asyncio.sleep(0.01)
            for conn in (ann, dana):
                await conn.close()
            return [s.name for s in room.slots]

    seated = run(go(), 30)
    assert seated[0] == "Bea" and seated[2] == "Dana"
    assert len({n.casefold() for n in seated}) == 4, seated  # nobody numbered, nobody twice


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("\ufdfd" * 10, True),  # ten whole-phrase ligatures: the corpus's name
        ("\ufdfd" * 3, True),
        ("\u2e3b" * 9, True),  # three-em dashes
        ("\u6f22" * 12, False),  # twelve ideographs fit
        ("\u6f22" * 13, True),
        ("Ann-Marie Beaumont", False),
        ("Nguye\u0302\u0303n", False),  # marks draw no width of their own
        ("\ufdfd", False),  # one fits
    ],
)
def test_names_are_refused_by_the_width_they_draw_at(name: str, refused: bool) -> None:
    assert (names.refusal(name, []) == names.WIDE) is refused


def test_a_name_too_wide_to_draw_is_refused_when_its_person_sits_down() -> None:
    async def go() -> str:
        async with served() as server:
            wide = await Connection.open(url(server), "\ufdfd" * 10)
            await wide.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
            with pytest.raises(ServerError) as refused:
                await wide.expect("joined")
            return refused.value.code

    assert run(go(), 30) == "name_wide"
