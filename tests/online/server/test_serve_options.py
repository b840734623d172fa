"""`uno-table serve`'s shard options: what reaches the server, and nonsense refused."""

from __future__ import annotations

import pytest

from game.online.server.serve import config, parser


def test_the_shard_options_reach_the_server() -> None:
    args = parser().parse_args(
        ["--redis", "redis://10.0.0.5:6379/2", "--public-address", "wss://uno.example.org/s1"]
        + ["--status-port", "9108"]
    )
    settings = config(args)
    assert settings.storage.redis == "redis://10.0.0.5:6379/2"
    assert settings.storage.public_address == "wss://uno.example.org/s1"
    assert settings.running.status_port == 9108 and settings.running.report
    alone = config(parser().parse_args([]))
    assert alone.storage.redis is None and alone.bind.shared_port is None  # alone, as ever


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--redis", "http://10.0.0.5:6379"], "not a redis:// address"),
        (["--redis", "redis://127.0.0.1:6379/0", "--save-dir", "x"], "no --save-dir"),
        (["--public-address", "uno.example.org"], "ws:// or wss://"),
        (["--processes", "0"], "--processes must be 1 to 256"),
        (["--status-port", "70000"], "not a port"),
    ],
)
def test_nonsense_is_refused(argv: list[str], said: str) -> None:
    with pytest.raises(SystemExit, match=said):
        config(parser().parse_args(argv))
