"""uno-table: a desktop UNO card game."""
