"""Load on one dedicated server: N tables of four headless bot clients over loopback.

    python benchmarks/server_load.py                 # N = 50, 100, 200, 400
    python benchmarks/server_load.py --tables 200 --seconds 30 --think 0.25

For each N it starts one server process (`uno-table serve`, run as
`python -m game serve`), then client processes holding 4*N websocket
connections, each a load client that plays a random legal move, read from the
message without building a view (the clients' own work is not what is measured),
after waiting `--think` seconds on its turn.
Over `--seconds` of play it prints:

- actions/s: moves applied at all tables together, counted from the updates;
- latency p50/p99: from a client sending its move to it receiving the update
  that shows it applied, as the client sees it (the server's queueing included);
- server CPU: the server process's CPU seconds per wall second (1.0 = one core);
- RSS per table: the server's resident memory over its idle size, divided by N;
- clients CPU: the client processes' CPU seconds per wall second, all together;
- kB/action: bytes the clients received, per move made.

`--catch-window` is passed to the server: it holds play up to that long after a
player is left catchable for a forgotten UNO (a rule, not a delay; 0 leaves it out).

The clients run on the same machine as the server, so they take CPU from it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.client import Connection, ServerError  # noqa: E402


async def _seat(
    conn: Connection, think: float, stop_at: float, rng: random.Random, got: list[int]
) -> int:
    """Play until `stop_at`; the number of actions this seat saw the table make.
    Adds the bytes it received to `got[0]`.

    A load client, not a player: it reads each message as JSON and answers a random
    legal move straight from it, building no view (a 4-seat table's updates cost a
    client more to decode than the server spends making them, and the clients share
    the machine with the server)."""
    first = last = None
    while time.perf_counter() < stop_at:
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), stop_at - time.perf_counter())
        except TimeoutError:
            break
        got[0] += len(raw)
        message = json.loads(raw)
        kind = message["type"]
        if kind in ("table_closed", "server_closing"):
            break
        if kind != "update":
            continue
        token = message["token"]
        if conn.sent_at and token != last:
            conn.latencies.append(time.perf_counter() - conn.sent_at)
            conn.sent_at = 0.0
        first = token if first is None else first
        last = token
        if message["result"] is not None:
            await conn.send({"type": "next"})
        elif message["legal"] and message["view"]["current"] == conn.seat:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            conn.sent_at = time.perf_counter()
            action = rng.choice(message["legal"])
            await conn.send({"type": "act", "token": token, "action": action})
    return (last or 0) - (first or 0)


async def _table(url: str, think: float, seconds: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    host = await Connection.open(url, "Host")
    await host.send(
        {
            "type": "create",
            "theme": "classic",
            "seats": ["me", "open", "open", "open"],
            "target": 10000,
            "timer": 0,
        }
    )
    await host.expect("joined")
    others = []
    for i in range(3):
        conn = await Connection.open(url, f"Guest {i}")
        await conn.send({"type": "join", "code": host.code})
        await conn.expect("joined")
        others.append(conn)
    return {"conns": [host, *others], "rng": rng}


async def _worker(url: str, tables: int, think: float, seconds: float, seed: int) -> None:
    made = []
    for t in range(tables):
        try:
            made.append(await _table(url, think, seconds, seed * 1000 + t))
        except (OSError, ServerError) as err:
            print(json.dumps({"error": str(err)}), flush=True)
            return
    print(json.dumps({"ready": True}), flush=True)
    sys.stdin.readline()  # the parent starts every worker's clock together
    stop_at = time.perf_counter() + seconds
    cpu0 = time.process_time()
    got = [0]
    runs = [
        _seat(conn, think, stop_at, random.Random(seed * 7 + i), got)
        for t in made
        for i, conn in enumerate(t["conns"])
    ]
    counts = await asyncio.gather(*runs)
    actions = sum(counts[i] for i in range(0, len(counts), 4))  # one seat per table counts
    latencies = [lat for t in made for conn in t["conns"] for lat in conn.latencies]
    cpu = (time.process_time() - cpu0) / seconds
    report = {"actions": actions, "latencies": latencies, "bytes": got[0], "cpu": cpu}
    print(json.dumps(report), flush=True)
    for t in made:
        for conn in t["conns"]:
            await conn.close()


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _proc_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _start_server(tables: int, catch_window: float) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable,
        "-m",
        "game",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--max-tables",
        str(tables),
        "--pace",
        "0",
        "--round-break",
        "0",
        "--catch-window",
        str(catch_window),
        "--log",
        "error",
    ]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    return server, line.split()[-1]


def measure(
    tables: int, think: float, seconds: float, workers: int, catch_window: float
) -> dict[str, Any]:
    server, url = _start_server(tables, catch_window)
    time.sleep(0.5)
    idle_rss = _proc_rss(server.pid)
    per = [tables // workers + (i < tables % workers) for i in range(workers)]
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", url, str(n), str(think), str(seconds), str(i)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for i, n in enumerate(per)
        if n
    ]
    errors = []
    for p in procs:
        assert p.stdout is not None
        ready = json.loads(p.stdout.readline() or '{"error": "worker died"}')
        errors += [ready["error"]] if "error" in ready else []
    cpu0, wall0 = _proc_cpu(server.pid), time.perf_counter()
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    results = []
    for p in procs:
        assert p.stdout is not None
        line = p.stdout.readline()
        if line:
            results.append(json.loads(line))
    cpu = (_proc_cpu(server.pid) - cpu0) / (time.perf_counter() - wall0)
    rss = _proc_rss(server.pid)
    for p in procs:
        p.wait()
    server.terminate()
    server.wait()
    latencies = sorted(lat for r in results for lat in r.get("latencies", []))
    actions = sum(r.get("actions", 0) for r in results)
    return {
        "tables": tables,
        "actions_per_s": actions / seconds,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "cpu": cpu,
        "client_cpu": sum(r.get("cpu", 0.0) for r in results),
        "kb_per_action": sum(r.get("bytes", 0) for r in results) / 1024 / max(actions, 1),
        "rss_per_table_kb": (rss - idle_rss) / tables / 1024,
        "errors": errors,
    }


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        url, n, think, seconds, seed = sys.argv[2:7]
        asyncio.run(_worker(url, int(n), float(think), float(seconds), int(seed)))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[50, 100, 200, 400])
    parser.add_argument("--think", type=float, default=0.5, help="seconds before each move")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured play per N")
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument(
        "--catch-window",
        type=float,
        default=0.5,
        help="the server's hold for catching a forgotten UNO (its default 0.5 s)",
    )
    args = parser.parse_args()
    print(
        f"think {args.think} s a move, {args.seconds:.0f} s measured per N, "
        f"{args.workers} client processes, {os.cpu_count()} cores (shared with the clients)"
    )
    print(
        f"{'tables':>6} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'server CPU':>10} "
        f"{'RSS/table':>10} {'clients CPU':>11} {'kB/action':>9}"
    )
    for n in args.tables:
        r = measure(n, args.think, args.seconds, args.workers, args.catch_window)
        print(
            f"{r['tables']:>6} {r['actions_per_s']:>10.0f} {r['p50_ms']:>8.1f} "
            f"{r['p99_ms']:>8.1f} {r['cpu']:>10.2f} {r['rss_per_table_kb']:>8.0f} kB "
            f"{r['client_cpu']:>11.2f} {r['kb_per_action']:>9.1f}",
            flush=True,
        )
        for error in r["errors"]:
            print(f"       a client could not sit down: {error}")


if __name__ == "__main__":
    main()
