"""The server: the lobby, connections, tables, computers and snapshots (headless)."""
