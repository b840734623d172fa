"""The server's computers: decisions in worker processes, one in flight per
table, tables served in turn, so one table's experts never hold up another's."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from game.engine import Match, RuleSet
from game.engine.actions import to_text
from game.net import bot_pool
from game.net.bot_pool import BotPool, Job


def _job(level: str, seed: str) -> Job:
    rnd = Match(RuleSet.preset("classic"), 4, seed=3).round
    seat = rnd.current
    legal = tuple(to_text(a) for a in rnd.legal_actions(seat))
    return Job(level, seed, rnd.view(seat), legal, True)


def test_a_worker_process_decides_a_legal_move() -> None:
    pool = BotPool(processes=1)
    try:
        job = _job("hard", "s")
        answer = pool.ask("T1", job).result(timeout=60)
        assert answer is not None and to_text(answer) in job.legal
    finally:
        pool.close()


def test_one_tables_queue_of_experts_does_not_hold_up_another_table() -> None:
    pool = BotPool(processes=0)
    try:
        slow: list[Future] = [pool.ask("BUSY", _job("expert", f"e{i}")) for i in range(8)]
        quick = pool.ask("OTHER", _job("easy", "q"))
        quick.result(timeout=60)
        waiting = sum(not f.done() for f in slow)
        assert waiting >= 6  # the other table's one decision went second, not ninth
        for f in slow:
            f.result(timeout=60)
    finally:
        pool.close()


def test_a_table_over_its_budget_has_its_experts_think_as_hard(monkeypatch: Any) -> None:
    levels: list[str] = []
    decide = bot_pool.decide

    def recording(job: Job) -> tuple[str | None, float]:
        levels.append(job.level)
        return decide(job)

    monkeypatch.setattr(bot_pool, "decide", recording)
    pool = BotPool(processes=0, budget=0.0)
    try:
        pool.ask("T", _job("expert", "a")).result(timeout=60)  # spends something
        pool.ask("T", _job("expert", "b")).result(timeout=60)
        pool.ask("U", _job("expert", "c")).result(timeout=60)  # another table: its own budget
        assert pool.spent("T") > 0
        assert levels == ["expert", "hard", "expert"]
    finally:
        pool.close()
