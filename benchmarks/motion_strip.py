"""A strip of frames of the table's motions, saved as one PNG each, to look at.

    python benchmarks/motion_strip.py [--out DIR] [--players 4] [--theme classic]
                                      [--speed 1x] [--every 3] [--seed 7]
                                      [--size 1280x720]

An autoplay match at 1280x720 or `--size` (the dummy video driver); game time advances 1/60 s
a frame. Saved: `deal.png`, the round's first frames, every `--every`th of them
until the first card is turned up; `reverse.png`, the centre of the table from a
Reverse landing until its arrows are still (every frame); `land.png`, the first
cards landing on the pile as they settle (every frame). Each frame is labelled
with its time from the strip's first.

Then the moments, each on a table settled on the person's turn and told the
events of one situation (every `--every`th frame, from the events' start until
the table is still): `play.png` (a card from a seat to the pile), `draw.png` (a
card drawn into the person's hand, turning face up), `verdict.png` (the reveal:
a challenged hand turning face up, then the verdict's stamp), `uno.png` (a
seat's last but one card and its call: the burst, then the glow), `catch.png`,
and `creeper.png` (in Minecraft) and `urrrh.png` (in Monster High).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402
from game.engine import Card  # noqa: E402
from game.engine import events as ev  # noqa: E402
from game.table import default_setup  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402

FRAME = 1 / 60
COLUMNS = 6


def sheet(frames: list[tuple[float, pygame.Surface]], width: int) -> pygame.Surface:
    """The frames in rows of COLUMNS, each `width` wide, its time written on it."""
    w0, h0 = frames[0][1].get_size()
    h = round(h0 * width / w0)
    rows = (len(frames) + COLUMNS - 1) // COLUMNS
    out = pygame.Surface((width * COLUMNS, h * rows))
    font = pygame.font.Font(None, 22)
    for i, (t, frame) in enumerate(frames):
        at = ((i % COLUMNS) * width, (i // COLUMNS) * h)
        out.blit(pygame.transform.smoothscale(frame, (width, h)), at)
        out.blit(font.render(f"{t * 1000:.0f} ms", True, (255, 255, 0), (0, 0, 0)), at)
    return out


def _cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


# Each moment: its theme (None: the one asked), its events (given the deck's colours)
# and the seat whose count is set first (at two cards, so the play leaves it one).
Events = Callable[[tuple[str, ...]], list]
MOMENTS: dict[str, tuple[str | None, Events, int | None]] = {
    "play": (None, lambda c: [ev.CardPlayed(2, _cards(f"{c[0]}-7")[0], False)], None),
    "draw": (None, lambda c: [ev.CardsDrawn(0, 1, _cards(f"{c[3]}-4"), "draw")], None),
    "uno": (
        None,
        lambda c: [ev.CardPlayed(2, _cards(f"{c[0]}-7")[0], False), ev.UnoDeclared(2)],
        2,
    ),
    "catch": (
        None,
        lambda c: [
            ev.CardPlayed(1, _cards(f"{c[0]}-7")[0], False),
            ev.Caught(0, 1),
            ev.CardsDrawn(1, 2, (), "catch"),
        ],
        1,
    ),
    "verdict": (
        None,
        lambda c: [
            ev.ChallengeResult(0, 1, True, _cards(f"{c[0]}-7", f"{c[1]}-skip", "wild", f"{c[2]}-2"))
        ],
        None,
    ),
    "creeper": (
        "minecraft",
        lambda c: [ev.CreeperShown(1, Card.parse("creeper")), ev.CardsDrawn(1, 3, (), "creeper")],
        None,
    ),
    "urrrh": (
        "monster_high",
        lambda c: [
            ev.CardPlayed(1, Card.parse("urrrh"), False),
            ev.CardsGiven(1, c[0], ((2, None), (3, None), (0, _cards(f"{c[0]}-3")[0]))),
        ],
        None,
    ),
}


def moment(app: App, name: str, args: argparse.Namespace) -> list[tuple[float, pygame.Surface]]:
    """The frames of one moment, from its events' start until the table is still."""
    theme, events, two = MOMENTS[name]
    pack = app.catalog.choose(theme or args.theme)
    setup = default_setup(
        pack.id, pack.manifest.preset, args.players, False, args.seed, 500, args.speed
    )
    table = TableScene(app, setup, threaded=False)
    app.start(table)
    for _ in range(6000):  # to the person's turn, the hand still
        app.step(FRAME)
        if table.human_turn() and not table.picture.choreo.busy:
            break
    for _ in range(30):
        app.step(FRAME)
    shown, choreo = table.picture.shown, table.picture.choreo
    if two is not None:
        shown.counts[two] = 2
    told = events(tuple(table.table.rules.colors))
    choreo.feed(told, [None] * len(told))
    frames: list[tuple[float, pygame.Surface]] = []
    area = _where(table, told).clip(app.screen.get_rect())
    for n in range(600):
        if n % args.every == 0:
            frames.append((n * FRAME, app.screen.subsurface(area).copy()))
        moving = choreo.flights or shown.moments or shown.showpiece is not None
        stamped = shown.reveal is None or shown.reveal.stamped() == 1.0
        if n > 10 and not moving and stamped:
            frames.append((n * FRAME, app.screen.subsurface(area).copy()))
            break
        app.step(FRAME)
    shown.reveal = None
    return frames


def _where(table: TableScene, told: list) -> pygame.Rect:
    """The part of the window a moment plays in: about the seat it happens to, the
    person's hand for a draw, else the table's centre."""
    g = table.geometry
    seat = next((e.target for e in told if isinstance(e, ev.Caught)), None)
    seat = next((e.seat for e in told if isinstance(e, ev.UnoDeclared)), seat)
    if seat is not None:
        area = pygame.Rect(0, 0, 480, 300)
        area.center = tuple(round(v) for v in g.backs_center(seat))
        return area
    if isinstance(told[0], ev.CardsDrawn) and g.is_viewer(told[0].seat):
        pile = g.place("draw_pile")  # down to the window's foot: the hand is there
        return pygame.Rect(pile.x - 240, pile.y - 60, 720, table.host.size[1] - pile.y + 60)
    return g.place("direction").inflate(420, 240)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=Path("motion_strips"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--speed", default="1x")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", default="1280x720", help="the window, WIDTHxHEIGHT")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    width, height = (int(n) for n in args.size.split("x"))
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(width, height)))
    app.complete_catalog()
    pack = app.catalog.choose(args.theme)
    setup = default_setup(
        pack.id, pack.manifest.preset, args.players, True, args.seed, 500, args.speed
    )
    table = TableScene(app, setup, threaded=False)
    app.start(table)
    shown = table.picture.shown
    deal: list[tuple[float, pygame.Surface]] = []
    reverse: list[tuple[float, pygame.Surface]] = []
    land: list[tuple[float, pygame.Surface]] = []
    settling = False
    turned = 0  # the frame the arrows began to turn
    centre = table.geometry.place("direction").inflate(60, 60)
    for n in range(20_000):
        app.step(FRAME)
        shown = table.picture.shown
        if not shown.discard and n % args.every == 0:
            deal.append((n * FRAME, app.screen.copy()))
        if len(land) < 24 and (shown.settle is not None or settling):  # and the frame after
            land.append((n * FRAME, app.screen.subsurface(centre).copy()))
        settling = shown.settle is not None
        if shown.spin > 0 or (reverse and n - turned < 4):  # and a few still frames after
            turned = n if not reverse else turned
            reverse.append(((n - turned) * FRAME, app.screen.subsurface(centre).copy()))
        elif reverse:
            break
    if deal:
        pygame.image.save(sheet(deal, 320), str(args.out / "deal.png"))
    if reverse:
        pygame.image.save(sheet(reverse, 200), str(args.out / "reverse.png"))
    if land:
        pygame.image.save(sheet(land, 200), str(args.out / "land.png"))
    print(f"deal: {len(deal)} frames, reverse: {len(reverse)} frames, in {args.out}")
    for name in MOMENTS:
        frames = moment(app, name, args)
        pygame.image.save(sheet(frames, 320), str(args.out / f"{name}.png"))
        print(f"{name}: {len(frames)} frames")
    app.close()


if __name__ == "__main__":
    main()
