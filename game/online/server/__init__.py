"""The server: the lobby, connections, tables, computers and snapshots (headless), and
what several server processes will share (`cluster/`)."""
