"""Every table map names all its places, and the places scale to any window."""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from game.files import paths
from game.themes.layout import (
    PLACE_NAMES,
    PLAYER_COUNTS,
    REFERENCE_SIZE,
    Rect,
    TableLayout,
    load_layout,
)
from game.themes.loader import ThemeCatalog


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _classic_layout(shipped: ThemeCatalog) -> TableLayout:
    layout = shipped.packs["classic"].layout
    assert layout is not None
    return layout


def test_every_map_names_all_places_for_2_to_10_players(
    shipped: ThemeCatalog, pack_id: str
) -> None:
    layout = shipped.packs[pack_id].layout
    assert layout is not None
    assert layout.size == REFERENCE_SIZE
    assert set(layout.places) == set(PLACE_NAMES)
    for n in PLAYER_COUNTS:
        assert len(layout.seats[n]) == n


def test_seats_and_places_do_not_overlap(shipped: ThemeCatalog, pack_id: str) -> None:
    layout = shipped.packs[pack_id].layout
    fixed = [r for name, r in layout.places.items() if name != "direction"]
    for n in PLAYER_COUNTS:
        rects = [*fixed, *layout.seats[n]]
        clashes = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :] if _overlap(a, b)]
        assert clashes == [], f"{n} players"


def test_the_human_sits_at_the_bottom_and_seats_go_clockwise(shipped: ThemeCatalog) -> None:
    layout = _classic_layout(shipped)
    for n in PLAYER_COUNTS:
        seats = layout.seats[n]
        assert seats[0][1] == max(s[1] for s in seats)
        if n > 2:  # seat 1 is on the human's left, the last seat on the right
            assert seats[1][0] < REFERENCE_SIZE[0] / 2 < seats[-1][0]


def test_fit_to_reference_size_changes_nothing(shipped: ThemeCatalog) -> None:
    layout = _classic_layout(shipped)
    assert layout.fit(*REFERENCE_SIZE) == layout


def test_double_size_doubles_every_place(shipped: ThemeCatalog) -> None:
    layout = _classic_layout(shipped)
    big = layout.fit(2560, 1440)
    x, y, w, h = layout.places["hand"]
    assert big.places["hand"] == (2 * x, 2 * y, 2 * w, 2 * h)
    assert big.card_size == (2 * layout.card_size[0], 2 * layout.card_size[1])


def test_a_wide_window_spreads_places_but_keeps_card_shape(shipped: ThemeCatalog) -> None:
    layout = _classic_layout(shipped)
    wide = layout.fit(2560, 720)
    assert wide.card_size == layout.card_size
    assert wide.seat(4, 3)[0] > 2 * layout.seat(4, 3)[0]


@given(width=st.integers(320, 3840), height=st.integers(240, 2160))
def test_places_stay_inside_any_window(width: int, height: int) -> None:
    layout = _reference().fit(width, height)
    for x, y, w, h in [*layout.places.values(), *layout.seats[10]]:
        assert x >= -1 and x + w <= width + 1
        assert y >= -1 and y + h <= height + 1
        assert w > 0 and h > 0


@cache
def _reference() -> TableLayout:
    return load_layout(paths.themes_root() / "classic" / "table.tmx")
