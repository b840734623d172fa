"""The game's window: scenes, widgets, animation and sound. The only package
(with game/themes/render.py) that imports pygame."""
