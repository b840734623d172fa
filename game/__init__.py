"""uno-table: a desktop UNO card game."""

__version__ = "0.1.0"
