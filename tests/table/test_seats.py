"""Seats: one kind each, settled names and seed, and the save format kept."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import RuleSet
from game.table import (
    GameSetup,
    SeatKind,
    SeatSetup,
    default_setup,
    settled,
    setup_from_data,
    setup_to_data,
)
from game.table.seats import player_number


def test_a_setup_round_trips_through_its_saved_form() -> None:
    setup = settled(default_setup("minecraft", "minecraft", players=5, seed=9, target=300))
    assert setup_from_data(setup_to_data(setup)) == setup


def test_saves_written_before_seat_kinds_still_read() -> None:
    data = {
        "theme": "classic",
        "rules": RuleSet.preset("classic").options(),
        "seats": [["Ana", True, "normal"], ["Bea", False, "hard"], ["Cy", False, "genius"]],
        "target": 500,
        "scoring": "standard",
        "seed": 4,
        "speed": "2x",
    }
    setup = setup_from_data(data)
    assert [s.kind for s in setup.seats] == [SeatKind.HUMAN, SeatKind.BOT, SeatKind.BOT]
    assert [s.level for s in setup.seats] == ["normal", "hard", "normal"]  # unknown: normal
    assert setup_to_data(setup)["seats"] == [
        ["Ana", True, "normal"],
        ["Bea", False, "hard"],
        ["Cy", False, "normal"],
    ]


def test_a_damaged_setup_says_so() -> None:
    data = setup_to_data(default_setup("classic", "classic", players=2, seed=1))
    data["seats"] = data["seats"][:1]
    with pytest.raises(ValueError, match="1 seats"):
        setup_from_data(data)


def test_settling_names_people_at_a_shared_computer_and_keeps_a_seed() -> None:
    seats = (SeatSetup("You", SeatKind.HUMAN), SeatSetup("Bea"), SeatSetup("You", SeatKind.HUMAN))
    setup = settled(GameSetup("classic", RuleSet.preset("classic"), seats))
    assert setup.names == ["Player 1", "Bea", "Player 3"] and setup.humans == [0, 2]
    assert isinstance(setup.seed, int) and settled(setup) == setup
    alone = settled(default_setup("classic", "classic", players=3, seed=5))
    assert alone.names[0] == "You" and alone.seed == 5


def _named(*seats: tuple[str, SeatKind]) -> GameSetup:
    return GameSetup("classic", RuleSet.preset("classic"), tuple(SeatSetup(n, k) for n, k in seats))


def test_a_player_who_takes_a_computer_players_name_keeps_it_and_the_bot_moves_over() -> None:
    you = ("Bea", SeatKind.HUMAN)
    setup = settled(_named(you, ("Bea", SeatKind.BOT), ("Carlos", SeatKind.BOT)))
    assert setup.names[0] == "Bea" and len({n.casefold() for n in setup.names}) == 3
    assert setup.names[1] not in ("Bea", "Carlos") and settled(setup) == setup
    # At the biggest table every default name is in use: still a name of its own.
    ten = settled(
        replace(
            default_setup("classic", "classic", players=10, seed=3),
            seats=(
                SeatSetup("bea ", SeatKind.HUMAN),
                *default_setup("classic", "classic", 10).seats[1:],
            ),
        )
    )
    assert len({n.strip().casefold() for n in ten.names}) == 10 and ten.names[0] == "bea "


@pytest.mark.parametrize("you", ["You", "Tú"])
def test_people_at_a_shared_computer_get_names_of_their_own_in_either_language(you: str) -> None:
    human = SeatKind.HUMAN
    setup = settled(_named((you, human), ("Ana", human), ("Ana", human), ("Ana", SeatKind.BOT)))
    assert setup.names[:3] == ["Player 1", "Ana", "Ana 2"]
    assert len(set(setup.names)) == 4 and settled(setup) == setup


def test_a_shared_computers_player_names_are_known_in_either_language() -> None:
    assert [player_number(n) for n in ("Player 2", "Jugador 10", "Player", "Bea 2")] == [
        2,
        10,
        None,
        None,
    ]
    human = SeatKind.HUMAN
    setup = settled(_named(("Jugador 2", human), ("Player 2", human), ("You", SeatKind.BOT)))
    assert len({player_number(n) or n for n in setup.names}) == 3  # one name per seat
