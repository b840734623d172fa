"""A tiny SVG writer for the art generators: just the elements nanosvg draws.

pygame-ce renders SVG with nanosvg, which skips <text>, <use> and patterns, so
everything here is plain shapes and paths.
"""

from __future__ import annotations

from collections.abc import Iterable


def num(value: float) -> str:
    """Short, stable number text so regenerated files diff cleanly."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**values: object) -> str:
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        text = num(value) if isinstance(value, float | int) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{text}"')
    return " ".join(parts)


def document(width: float, height: float, body: Iterable[str]) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" '
        f'height="{num(height)}" viewBox="0 0 {num(width)} {num(height)}">'
    )
    return "\n".join([head, *body, "</svg>", ""])


def rect(x: float, y: float, w: float, h: float, fill: str, **extra: object) -> str:
    return f"<rect {attrs(x=x, y=y, width=w, height=h, fill=fill, **extra)}/>"


def circle(cx: float, cy: float, r: float, fill: str, **extra: object) -> str:
    return f"<circle {attrs(cx=cx, cy=cy, r=r, fill=fill, **extra)}/>"


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, **extra: object) -> str:
    return f"<ellipse {attrs(cx=cx, cy=cy, rx=rx, ry=ry, fill=fill, **extra)}/>"


def path(d: str, fill: str = "none", **extra: object) -> str:
    return f"<path {attrs(d=d, fill=fill, **extra)}/>"


def polygon(points: Iterable[tuple[float, float]], fill: str, **extra: object) -> str:
    text = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f"<polygon {attrs(points=text, fill=fill, **extra)}/>"


def group(children: Iterable[str], transform: str | None = None, **extra: object) -> str:
    return "\n".join([f"<g {attrs(transform=transform, **extra)}>", *children, "</g>"])


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def shade(rgb: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    """Darker below 1, lighter above 1 (towards white)."""
    if factor <= 1:
        r, g, b = (round(c * factor) for c in rgb)
    else:
        r, g, b = (round(c + (255 - c) * (factor - 1)) for c in rgb)
    return (r, g, b)


def radial_gradient(gradient_id: str, centre_y: str, radius: str, inner: str, outer: str) -> str:
    """A centred radial gradient, referenced as fill="url(#gradient_id)"."""
    return (
        f"<defs><radialGradient id='{gradient_id}' cx='50%' cy='{centre_y}' r='{radius}'>"
        f"<stop offset='0' stop-color='{inner}'/><stop offset='1' stop-color='{outer}'/>"
        "</radialGradient></defs>"
    )


def sheen(x: float, y: float, w: float, h: float, rx: float = 0.0) -> list[str]:
    """A faint light from the top left across a card's face, fading by its middle."""
    return [
        "<defs><linearGradient id='sheen' x1='0' y1='0' x2='0.8' y2='1'>"
        "<stop offset='0' stop-color='#ffffff' stop-opacity='0.22'/>"
        "<stop offset='0.45' stop-color='#ffffff' stop-opacity='0'/>"
        "</linearGradient></defs>",
        rect(x, y, w, h, "url(#sheen)", rx=rx),
    ]
