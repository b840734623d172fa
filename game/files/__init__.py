"""The player's files: where they live, how they are read, checked, written and locked."""
