"""Every input event on its way to the scenes: a controller's buttons and a touch
screen's fingers become the keys and clicks the scenes already take; the mouse
and keyboard pass as they are. It remembers which was used last, so the screen
shows a controller's glyphs while one is in use and the keyboard's words after."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.input.context import TableMoment, discard_rect, table_moment
from game.ui.input.controller import Pad, Pads, menu_key, stick_key, table_key
from game.ui.input.glyphs import MENU_PROMPTS, draw_prompt_bar, table_prompts
from game.ui.input.touch import Gesture, Touch

OFF = (-1, -1)  # where a lifted finger is: over nothing
PAD_EVENTS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)


def key_event(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


class InputRouter:
    """`translate(event)`: the events the top scene should get for it;
    `update(dt)`: those time makes (a held direction, a long press)."""

    def __init__(self, top: Callable[[], Any], size: Callable[[], tuple[int, int]]) -> None:
        self._top, self._size = top, size
        self.pads = Pads()
        self.touch = Touch()
        self.mode = "keys"  # "keys" (mouse and keyboard), "pad" or "touch": what was used last

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self.pads.added(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.removed(event.instance_id)
            return []
        if kind in PAD_EVENTS:
            return self._pad(event)
        if kind == pygame.CONTROLLERBUTTONUP:
            self.button_up(event)
            return []
        if kind in FINGER_EVENTS:
            self.mode = "touch"
            return self._finger(event)
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if getattr(event, "touch", False):
                return []  # SDL's copy of a touch: the finger's own events say it
            self.mode = "keys"
        elif kind == pygame.KEYDOWN:
            self.mode = "keys"
        return [event]

    def update(self, dt: float) -> list[pygame.event.Event]:
        out = []
        for pad, key in self.pads.repeats(dt):
            if self.pads.may_play(pad, self._moment()):
                out.append(key_event(key))
        for gesture in self.touch.update(dt):
            out += self._gesture(gesture)
        return out

    # -- controllers --------------------------------------------------------------

    def _moment(self) -> TableMoment | None:
        return table_moment(self._top())

    def _pad(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        pad = self.pads.pad(event.instance_id)
        self.mode = "pad"
        moment = self._moment()
        if not self.pads.may_play(pad, moment):
            return []  # another person's controller: not their seat's turn to look
        if event.type == pygame.CONTROLLERAXISMOTION:
            return self._stick(pad, event.axis, event.value)
        key = table_key(event.button, moment) if moment else menu_key(event.button)
        if key is None:
            return []
        if event.button in (
            pygame.CONTROLLER_BUTTON_DPAD_UP,
            pygame.CONTROLLER_BUTTON_DPAD_DOWN,
            pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        ):
            self.pads.direction(pad, "dpad", key)
        return [key_event(key)]

    def button_up(self, event: pygame.event.Event) -> None:
        pad = self.pads.pads.get(event.instance_id)
        if pad is not None and event.button in (
            pygame.CONTROLLER_BUTTON_DPAD_UP,
            pygame.CONTROLLER_BUTTON_DPAD_DOWN,
            pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        ):
            self.pads.direction(pad, "dpad", None)

    def _stick(self, pad: Pad, axis: int, value: int) -> list[pygame.event.Event]:
        held = pad.held.get("stick")
        key = stick_key(axis, value, held.key if held else None)
        if key is False:
            return []
        sent = self.pads.direction(pad, "stick", key if isinstance(key, int) else None)
        return [key_event(sent)] if sent is not None else []

    # -- touch --------------------------------------------------------------------

    def _finger(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        w, h = self._size()
        pos = (min(w - 1, max(0, round(event.x * w))), min(h - 1, max(0, round(event.y * h))))
        if event.type == pygame.FINGERDOWN:
            gestures = self.touch.down(event.finger_id, pos)
        elif event.type == pygame.FINGERMOTION:
            gestures = self.touch.motion(event.finger_id, pos, (w, h))
        else:
            gestures = self.touch.up(event.finger_id, pos)
        out = [e for g in gestures for e in self._gesture(g)]
        if event.type == pygame.FINGERUP:  # a lifted finger hovers nothing: no card stays raised
            out.append(
                pygame.event.Event(pygame.MOUSEMOTION, pos=OFF, rel=(0, 0), buttons=(0, 0, 0))
            )
        return out

    def _gesture(self, gesture: Gesture) -> list[pygame.event.Event]:
        if gesture.kind == "move":
            return [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=gesture.pos, rel=(0, 0), buttons=(0, 0, 0)
                )
            ]
        if gesture.kind == "tap":
            return click_events(gesture.pos)
        scene = self._top()
        if gesture.kind == "scroll":
            return [
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=gesture.notches,
                    flipped=False,
                    precise_x=0.0,
                    precise_y=float(gesture.notches),
                )
            ]
        if gesture.kind == "long":
            return [key_event(pygame.K_h)] if table_moment(scene) is not None else []
        pile = discard_rect(scene)  # "drop": a card let go on the discard pile is played
        if pile is not None and pile.inflate(pile.w // 2, pile.h // 2).collidepoint(gesture.pos):
            return click_events(gesture.start)
        return []

    # -- the screen ---------------------------------------------------------------

    def draw(self, surface: pygame.Surface, style: Any, gettext: Callable[[str], str]) -> None:
        """The controller's prompts while a controller is in use."""
        if self.mode != "pad" or self._top() is None:
            return
        moment = self._moment()
        prompts = table_prompts(moment) if moment is not None else MENU_PROMPTS
        draw_prompt_bar(surface, style, prompts, gettext)
