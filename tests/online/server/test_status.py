"""The operator's figures: the minute's log line and the Prometheus text."""

from __future__ import annotations

from game.online.server import status
from game.online.server.server import Server
from tests.net.helpers import server_config


def test_the_minute_line_and_the_metrics_say_the_servers_figures() -> None:
    server = Server(server_config(port=0, bot_processes=0))
    figures = server.figures
    for ms in range(1, 101):  # 100 messages of 1 to 100 ms: the p99 is the 100th
        figures.handled(ms / 1000)
    figures.changed()
    window = figures.turn()
    window.began -= 10.0  # a window of (at least) ten seconds
    text = status.line(server, window)
    assert text.startswith("tables 0, connections 0, actions/s 0.1, p99 100.0 ms")
    assert "store" not in text  # a server alone has no store
    metrics = status.metrics(server)
    assert "uno_actions_total 1\n" in metrics and "uno_latency_p99_seconds 0.1\n" in metrics
    assert figures.now.actions == 0  # the next minute begins empty
    server.pool.close()
