"""The server end: tables, their players, and what several server processes share."""
