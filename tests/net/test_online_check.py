"""--selftest's online check plays a real round over 127.0.0.1, and names what broke."""

from __future__ import annotations

import pytest

from game.online import check


def test_a_working_install_plays_a_round_online() -> None:
    assert check.online_problem() is None


def test_a_missing_piece_is_named_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def lost(*args: object, **kwargs: object) -> None:
        raise ImportError("No module named 'zeroconf._services.info'")

    monkeypatch.setattr(check, "Advert", lost)
    assert check.online_problem() == "ImportError: No module named 'zeroconf._services.info'"


def test_a_round_that_never_ends_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "QUICK", check.RoomOptions(pace=30.0))  # a bot that dawdles
    monkeypatch.setattr(check, "ROUND_SECONDS", 0.5)
    assert check.online_problem() == "no online round was scored within 0.5 s"
