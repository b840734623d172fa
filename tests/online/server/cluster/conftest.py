"""The `redis_server` fixture: a real redis-server per test (see helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.online.server.cluster.helpers import RedisProcess, need_redis


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisProcess]:
    need_redis()
    server = RedisProcess(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
