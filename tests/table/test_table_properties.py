"""Any mix of seats and house options: the table finishes the round, tells each
seat only what it may see, and its record replays to the same round."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import RuleSet, events
from game.table import (
    BotRunner,
    GameSetup,
    Script,
    SeatKind,
    SeatSetup,
    SeatUpdate,
    Table,
    seat_controllers,
    settled,
)

PRESETS = ("classic", "minecraft", "monster_high")
OPTIONS = tuple(option.name for option in RuleSet.house_options())  # a new one is tried too


def _hidden_leaks(update: SeatUpdate) -> list[object]:
    """Events in `update` that show another seat's hidden cards."""
    leaks: list[object] = []
    for e in update.events:
        if isinstance(e, events.CardsDrawn) and e.seat != update.seat and e.cards:
            leaks.append(e)
        elif isinstance(e, events.CardsGiven) and e.giver != update.seat:
            leaks += [e for to, card in e.gifts if to != update.seat and card is not None]
        elif isinstance(e, events.ChallengeResult) and update.seat not in (
            e.challenger,
            e.challenged,
        ):
            leaks += [e] if e.hand else []
    return leaks


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    options=st.dictionaries(st.sampled_from(OPTIONS), st.booleans()),
    kinds=st.lists(st.sampled_from([SeatKind.HUMAN, SeatKind.BOT]), min_size=2, max_size=6),
    seed=st.integers(0, 10_000),
)
def test_any_table_finishes_its_round_and_replays_it(
    preset: str, options: dict[str, bool], kinds: list[SeatKind], seed: int
) -> None:
    rules = RuleSet.preset(preset).replace(**options)
    seats = tuple(SeatSetup(f"P{i}", k, "easy") for i, k in enumerate(kinds))
    setup = settled(GameSetup(preset, rules, seats, seed=seed))
    table = Table(setup, seat_controllers(setup, BotRunner(False)), pace=0)
    told: list[SeatUpdate] = []
    for seat in range(setup.players):
        table.watch(seat, told.append)
    rng = random.Random(seed)
    for _ in range(20_000):
        if table.over:
            break
        people = [s for s in setup.humans if table.update(s).turn]
        if people:  # a person on turn plays a card when one fits; bots react as they will
            seat = people[0]
            legal = table.update(seat).legal
            plays = [a for a in legal if a[0] == "play"]
            table.submit(seat, rng.choice(plays or list(legal)))
        else:
            table.step()
    assert table.over
    assert [u for u in told if _hidden_leaks(u)] == []
    tokens = [u.token for u in told]
    assert tokens == sorted(tokens)

    watched = settled(
        GameSetup(
            preset, rules, tuple(SeatSetup(s.name, SeatKind.REPLAY) for s in seats), seed=seed
        )
    )
    replay = Table(watched, seat_controllers(watched, BotRunner(False), Script(table.round_logs())))
    replay.pace = 0
    while not replay.over:
        assert replay.step()
    assert replay.round_logs() == table.round_logs()
    assert replay.result() == table.result()
