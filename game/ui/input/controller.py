"""Game controllers (SDL's game-controller API through pygame-ce): each pad's
buttons and stick become the keys the scenes already take.

The mapping at a table: D-pad or stick left/right moves between the cards, A plays
the card in focus (or what the hint said, or the drawn card), B pauses (and puts
back a card whose colour is being chosen), X draws (keeps the drawn card, takes a
penalty), Y calls UNO (catches when someone may be caught, challenges a Wild Draw
Four), the left shoulder asks the coach, the right one changes the speed, Back
catches. While the colour picker is up the face buttons name the colour of their
own print: A green, B red, X blue, Y yellow. Everywhere else: D-pad/stick move the
focus, A chooses, B goes back, shoulders change a value left and right.

Pads are people: the first pad seen is the first person at this computer, the
second the second, and so on (a pad unplugged frees its place for the next one).
At a table shared by several people, only the viewed seat's pad plays; with one
pad, it plays every seat (it is passed round with the privacy screen).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.input.context import TableMoment

log = logging.getLogger(__name__)

STICK_ON = 16000  # of 32767: a stick pushed past this is a direction
STICK_OFF = 9000  # and back under this lets go (no flicker at the edge)
REPEAT_FIRST = 0.45  # seconds a direction is held before it repeats
REPEAT_EVERY = 0.14

C = pygame
DIRECTIONS = {
    C.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    C.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    C.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    C.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
}
MENU_KEYS = {
    C.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    C.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    C.CONTROLLER_BUTTON_X: pygame.K_SPACE,
    C.CONTROLLER_BUTTON_Y: pygame.K_TAB,
    C.CONTROLLER_BUTTON_START: pygame.K_RETURN,
    C.CONTROLLER_BUTTON_BACK: pygame.K_ESCAPE,
    C.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_LEFT,
    C.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_RIGHT,
}
TABLE_KEYS = {
    C.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    C.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    C.CONTROLLER_BUTTON_X: pygame.K_d,
    C.CONTROLLER_BUTTON_Y: pygame.K_u,
    C.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    C.CONTROLLER_BUTTON_BACK: pygame.K_x,
    C.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_h,
    C.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_s,
}
# A face button names the colour printed on it (an Xbox pad's) in the colour picker.
FACE_COLOURS = {
    C.CONTROLLER_BUTTON_A: "green",
    C.CONTROLLER_BUTTON_B: "red",
    C.CONTROLLER_BUTTON_X: "blue",
    C.CONTROLLER_BUTTON_Y: "yellow",
}
PICKER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


def table_key(button: int, moment: TableMoment) -> int | None:
    """The key a pad's button means at the table at this moment."""
    if button in DIRECTIONS:
        return DIRECTIONS[button]
    if moment.colours and button in FACE_COLOURS:
        named = face_colours(moment.colours).get(button)
        return _colour_key(named, moment.colours) if named else None
    if button == C.CONTROLLER_BUTTON_X and moment.keep:
        return pygame.K_k
    if button == C.CONTROLLER_BUTTON_Y and moment.challenge:
        return pygame.K_c
    if button == C.CONTROLLER_BUTTON_Y and moment.catch:
        return pygame.K_x
    return TABLE_KEYS.get(button)


def face_colours(colours: tuple[str, ...]) -> dict[int, str]:
    """Which theme colour each face button names: its printed colour where the theme
    has it, else (Monster High's pink for red) a theme colour no button prints."""
    spare = [c for c in colours if c not in FACE_COLOURS.values()]
    out = {}
    for button, printed in FACE_COLOURS.items():
        if printed in colours:
            out[button] = printed
        elif spare:
            out[button] = spare.pop(0)
    return out


def _colour_key(colour: str, colours: tuple[str, ...]) -> int | None:
    """The picker's number key for `colour` (the picker lists the colours in order)."""
    index = colours.index(colour)
    return PICKER_KEYS[index] if index < len(PICKER_KEYS) else None


def menu_key(button: int) -> int | None:
    return DIRECTIONS.get(button) or MENU_KEYS.get(button)


@dataclass
class Held:
    """A direction held down (the D-pad's or the stick's), for key repeat."""

    key: int
    wait: float = REPEAT_FIRST


@dataclass
class Pad:
    instance_id: int
    place: int  # which person at this computer holds it (0: the first)
    device: object | None = None  # the open pygame._sdl2.controller.Controller, if any
    held: dict[str, Held] = field(default_factory=dict)  # "dpad"/"stick" -> held key


class Pads:
    """The pads plugged in, in the order people picked them up."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._sdl: Any = controller
        except (ImportError, pygame.error) as error:  # a build without it: no pads
            log.info("game controllers unavailable: %s", error)
            self._sdl = None

    def added(self, device_index: int) -> None:
        """A pad was plugged in (CONTROLLERDEVICEADDED): open it, so SDL sends its input."""
        if self._sdl is None:
            return
        try:
            device = self._sdl.Controller(device_index)
            joystick = device.as_joystick()
            instance = joystick.get_instance_id()
        except (pygame.error, AttributeError) as error:
            log.info("controller %s could not be opened: %s", device_index, error)
            return
        self.pad(instance).device = device
        log.info("controller plugged in: %s", device.name)

    def removed(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        if pad is not None and pad.device is not None:
            quit_pad = getattr(pad.device, "quit", None)
            if quit_pad is not None:
                quit_pad()

    def pad(self, instance_id: int) -> Pad:
        """The pad with this id; one not seen before takes the first free place."""
        pad = self.pads.get(instance_id)
        if pad is None:
            taken = {p.place for p in self.pads.values()}
            place = next(i for i in range(len(taken) + 1) if i not in taken)
            pad = self.pads[instance_id] = Pad(instance_id, place)
        return pad

    def may_play(self, pad: Pad, moment: TableMoment | None) -> bool:
        """At a table of several people, only the viewed seat's own pad plays (one pad
        alone plays every seat: it is passed round)."""
        if moment is None or moment.people < 2 or len(self.pads) < 2:
            return True
        return pad.place == moment.owner

    def direction(self, pad: Pad, source: str, key: int | None) -> int | None:
        """A direction pressed (or let go: None); the key to send now, if any."""
        if key is None:
            pad.held.pop(source, None)
            return None
        if source in pad.held and pad.held[source].key == key:
            return None  # the stick still past the edge: it repeats on its own clock
        pad.held[source] = Held(key)
        return key

    def repeats(self, dt: float) -> list[tuple[Pad, int]]:
        """Directions held long enough to repeat this frame."""
        out = []
        for pad in self.pads.values():
            for held in pad.held.values():
                held.wait -= dt
                if held.wait <= 0:
                    held.wait = REPEAT_EVERY
                    out.append((pad, held.key))
        return out


def stick_key(axis: int, value: int, current: int | None) -> int | None | bool:
    """The direction a stick axis now points (None: centred); False: no change."""
    if axis == C.CONTROLLER_AXIS_LEFTX:
        keys = (pygame.K_LEFT, pygame.K_RIGHT)
    elif axis == C.CONTROLLER_AXIS_LEFTY:
        keys = (pygame.K_UP, pygame.K_DOWN)
    else:
        return False
    if abs(value) >= STICK_ON:
        return keys[0] if value < 0 else keys[1]
    if abs(value) <= STICK_OFF and current in keys:
        return None
    return False
