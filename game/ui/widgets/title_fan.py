"""The title screen's fan: a hand of the theme's cards beside the menu, dealt in one
by one, then swaying and breathing gently. Angles are snapped to a few steps, so
after the first seconds every frame is cached blits."""

from __future__ import annotations

import math

import pygame

from game.themes.faces import preset_faces
from game.ui.style import Style

DEAL_EVERY = 0.09  # seconds between the cards appearing
SPREAD = 64.0  # degrees from the first card to the last
SWAY = 4.0  # degrees the whole fan rocks
ANGLE_STEP = 1.0  # degrees: how finely a swaying card is re-rotated (and cached)


def fan_faces(style: Style) -> list[str]:
    """Seven cards a player knows the theme by: one of each colour, a wild, and the
    theme's special card where it has one."""
    colours = [c.key for c in style.manifest.colours]
    faces = set(preset_faces(style.manifest.preset))
    special: list[str] = [f for f in ("creeper", "urrrh") if f in faces]
    picked = [
        f"{colours[0]}-7",
        f"{colours[1]}-skip",
        "wild-draw4",
        f"{colours[2]}-5",
        *(special or ["wild"]),
        f"{colours[3]}-reverse",
        f"{colours[0]}-draw2",
    ]
    return [f for f in picked if f in faces]


class TitleFan:
    """`phase` offsets the sway (two fans never rock in step); `mirrored` deals the
    cards in the other order."""

    def __init__(self, phase: float = 0.0, mirrored: bool = False) -> None:
        self.clock = 0.0
        self.phase = phase
        self.mirrored = mirrored

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface, style: Style, area: pygame.Rect) -> pygame.Rect | None:
        """The fan fitted into `area` (the room beside the menu); None if there is none."""
        faces = fan_faces(style)[:: -1 if self.mirrored else 1]
        card_w = min(area.w * 0.3, area.h * 0.3)
        if card_w < 36 or not faces:
            return None
        size = (round(card_w), round(card_w * 1.5))
        pivot = (area.centerx, area.centery + round(size[1] * 0.7))
        radius = size[1] * 1.05
        rock = SWAY * math.sin(self.clock * 0.9 + self.phase)
        breathe = 1 + 0.06 * math.sin(self.clock * 1.3 + self.phase)
        drawn: list[pygame.Rect] = []
        shown = min(len(faces), int(self.clock / DEAL_EVERY))
        for i, face in enumerate(faces[:shown]):
            t = i / max(1, len(faces) - 1) - 0.5
            angle = -(t * SPREAD * breathe + rock)
            angle = round(angle / ANGLE_STEP) * ANGLE_STEP
            rad = math.radians(angle)
            centre = (
                round(pivot[0] - radius * math.sin(rad)),
                round(pivot[1] - radius * math.cos(rad)),
            )
            image = style.card(face, size, angle)
            drawn.append(surface.blit(image, image.get_rect(center=centre)))
        return drawn[0].unionall(drawn[1:]) if drawn else None
