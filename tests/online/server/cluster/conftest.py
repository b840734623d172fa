"""The `redis_server` fixture: a real redis-server per test (see helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.online.server.cluster.helpers import REQUIRED, SERVER, RedisProcess


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisProcess]:
    if SERVER is None:
        if REQUIRED:
            pytest.fail("CI must have redis-server for the cluster tests")
        pytest.skip("needs redis-server (apt-get install redis-server, brew install redis)")
    server = RedisProcess(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
