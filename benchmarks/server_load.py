"""Load on dedicated servers: N tables of four seats, people over loopback and
the server's own computers.

    python benchmarks/server_load.py                 # N = 50, 100, 200, 400
    python benchmarks/server_load.py --tables 500 2000 --seconds 30 --think 2 5 --bots 2
    python benchmarks/server_load.py --bots 2 --level expert --processes 2
    python benchmarks/server_load.py --tables 200 --redis auto --processes 2

For each N it starts `--processes` server processes (`uno-table serve`, run as
`python -m game serve`; the tables are shared out among them), then client
processes holding the people's websocket connections: 4 - `--bots` per table,
each a load client that plays a random legal move, read from the message
without building a view (the clients' own work is not what is measured), after
thinking a time drawn from `--think MIN MAX` seconds (a person: 2 to 5). The
other `--bots` seats are the server's computers of `--level`, which decide in
the server's worker processes (`--bot-processes`) at the server's usual pace.
After `--warmup` seconds of play (10: at the start every table moves at once,
its people's first thinking times all begun together, a wave the steady state
never sees), over `--seconds` of play it prints:

- actions/s: moves applied at all tables together, counted from the updates;
- latency p50/p99: from a client sending its move to it receiving the update
  that shows it applied, as the client sees it (the server's queueing included);
- server CPU: the server processes' CPU seconds per wall second (1.0 = one core),
  their bot workers included; and the same per action, in ms (what the server's
  work costs, whatever else the machine is doing); loop CPU: the server
  processes alone, without their bot workers (1.0: the event loop is saturated);
- RSS per table: the server's resident memory over its idle size, divided by N;
- clients CPU: the client processes' CPU seconds per wall second, all together;
- kB/action: bytes the clients received, per move made;
- B/act player, B/act watcher, msg/act: bytes and messages one person's
  connection, and one spectator's (`--spectators K` watch each table), received
  per move made at their table: what a spectator costs beside a player.

`--save-dir DIR` has each server snapshot its tables (in a new folder in DIR),
as a real server does; `--profile PATH` runs each server under cProfile
for the measured window (`benchmarks/server_profile.py`; not with `--pauses`), its
profile written to PATH.N when it stops (PATH.N.K-shard.I: shard I of K on Redis).

`--pauses` runs each server under `benchmarks/server_pauses.py`, which times the
garbage collector's pauses (they stop the loop) and prints, per N, the longest
in the measured window, and the longest collection of the whole heap.

`--catch-window` is passed to the server: it holds play up to that long after a
player is left catchable for a forgotten UNO (a rule, not a delay; 0 leaves it out).

`--redis URL` (or `auto`: a redis-server started for the run) runs each N three
times, side by side: one process without Redis, one shard on Redis, and
`--processes` shards (at least 2); the database is emptied before each shard run.
Each server is read through its status page (`--status-port`) for the store's
commands and round trips per action (redis B/act: the bytes Redis read from its
clients per action, from its INFO), and a line per N gives CPU per action with
Redis against one process without (target <= 1.15x; also with the redis-server's
own CPU, when the run started it) and commands per action (target <= 3).

The clients run on the same machine as the server, so they take CPU from it.
The last line gives the knee: the largest N whose p99 stayed within `--p99`
milliseconds (the target: 100), and where actions/s stopped growing with N.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.online.client.connection import Connection, ServerError  # noqa: E402
from game.online.protocol.server_messages import DealAsk, DealCommitments  # noqa: E402
from game.online.server.processes import MachineRedis, free_port  # noqa: E402

Think = tuple[float, float]


async def _seat(
    conn: Connection,
    think: Think,
    rng: random.Random,
    got: list[int],
    seen: list[int],
    measure_from: float,
) -> None:
    """Play until cancelled; from `measure_from` on, `seen` holds the first and last
    token this seat saw (the table's actions between them), `got[0]` counts the
    bytes it received and its moves' latencies are kept.

    A load client, not a player: it reads each message as JSON and answers a random
    legal move straight from it, building no view (a 4-seat table's updates cost a
    client more to decode than the server spends making them, and the clients share
    the machine with the server)."""
    while True:
        raw = await conn.ws.recv()
        measured = time.perf_counter() >= measure_from
        if measured:
            got[0] += len(raw)
            got[1] += 1
        message = json.loads(raw)
        kind = message["type"]
        if kind in ("table_closed", "server_closing"):
            return
        if kind in ("deal_ask", "deal_commitments"):  # its secret in each deal, as a game's
            await _draw(conn, message)
        if kind != "update":
            continue
        token = message["token"]
        if conn.sent_at and token != seen[1]:
            if conn.sent_at >= measure_from:
                conn.latencies.append(time.perf_counter() - conn.sent_at)
            conn.sent_at = 0.0
        if measured:
            seen[:] = [token if seen[0] < 0 else seen[0], token]
        else:
            seen[1] = token
        if message["result"] is not None:
            await conn.send({"type": "next"})
        elif message["legal"] and message["view"]["current"] == conn.seat:
            await asyncio.sleep(rng.uniform(*think))
            conn.sent_at = time.perf_counter()
            action = rng.choice(message["legal"])
            await conn.send({"type": "act", "token": token, "action": action})


async def _draw(conn: Connection, message: dict[str, Any]) -> None:
    """This seat's part in drawing the deal's key: a commitment, then the secret."""
    number = message["round"]
    if message["type"] == "deal_ask":
        await conn.send(conn.draw.asked(DealAsk(number)))
        return
    published = DealCommitments(number, message["server"], tuple(message["seats"]))
    reveal = conn.draw.published(published, conn.seat)
    if reveal is not None:
        await conn.send(reveal)


async def _table(url: str, bots: int, level: str, seed: int, watchers: int) -> dict[str, Any]:
    rng = random.Random(seed)
    host = await Connection.open(url, "Host")
    seats = ["me"] + ["open"] * (3 - bots) + [f"bot:{level}"] * bots
    create = {"theme": "classic", "seats": seats, "target": 10000, "timer": 600, "watch": True}
    await host.send({"type": "create", **create})
    await host.expect("joined")
    watching = []
    for i in range(watchers):
        conn = await Connection.open(url, f"Watcher {i}")
        await conn.send({"type": "watch", "code": host.code})
        await conn.expect("watching")
        watching.append(conn)
    others = []
    for i in range(3 - bots):
        conn = await Connection.open(url, f"Guest {i}")
        await conn.send({"type": "join", "code": host.code})
        await conn.expect("joined")
        others.append(conn)
    return {"conns": [host, *others], "rng": rng, "watching": watching}


async def _watch(conn: Connection, got: list[int], measure_from: float) -> None:
    """A spectator: reads until cancelled, adding the bytes to `got[0]` from
    `measure_from` on."""
    while True:
        raw = await conn.ws.recv()
        if time.perf_counter() >= measure_from:
            got[0] += len(raw)
            got[1] += 1


async def _play(runs: list[Any], seconds: float) -> None:
    """Every seat and spectator for `seconds`, then stopped: one timer for them all
    (a timeout on each message read made a task and a timer per message, which
    took as much of the machine as the server)."""
    tasks = [asyncio.ensure_future(run) for run in runs]
    await asyncio.wait(tasks, timeout=seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _worker(
    urls: list[str],
    tables: int,
    think: Think,
    seconds: float,
    seed: int,
    bots: int,
    level: str,
    watchers: int = 0,
    warmup: float = 0.0,
) -> None:
    _more_descriptors()
    made = []
    for t in range(tables):
        try:
            url = urls[t % len(urls)]
            made.append(await _table(url, bots, level, seed * 1000 + t, watchers))
        except (OSError, ServerError) as err:
            print(json.dumps({"error": str(err)}), flush=True)
            return
    # The clients' own collector pauses (a full collection of a thousand connections'
    # objects took 100-200 ms) are not the server's latency: what lives now is set aside.
    gc.collect()
    gc.freeze()
    print(json.dumps({"ready": True}), flush=True)
    sys.stdin.readline()  # the parent starts every worker's clock together
    measure_from = time.perf_counter() + warmup
    got, watched = [0, 0], [0, 0]  # bytes, messages
    seen = [[-1, -1] for t in made for _ in t["conns"]]
    conns = [(i, c) for t in made for i, c in enumerate(t["conns"])]
    runs = [
        _seat(conn, think, random.Random(seed * 7 + i), got, seen[n], measure_from)
        for n, (i, conn) in enumerate(conns)
    ]
    runs += [_watch(conn, watched, measure_from) for t in made for conn in t["watching"]]
    cpu0 = [time.process_time()]
    asyncio.get_running_loop().call_later(warmup, lambda: cpu0.__setitem__(0, time.process_time()))
    await _play(runs, warmup + seconds)
    people = 4 - bots
    # one seat per table counts the table's actions
    actions = sum(last - first for first, last in seen[::people] if first >= 0)
    latencies = [lat for t in made for conn in t["conns"] for lat in conn.latencies]
    cpu = (time.process_time() - cpu0[0]) / seconds
    report = {
        "actions": actions,
        "latencies": latencies,
        "bytes": got[0],
        "cpu": cpu,
        "watched": watched[0],
        "messages": got[1],
        "watched_messages": watched[1],
        "people": people * len(made),
        "watchers": watchers * len(made),
    }
    print(json.dumps(report), flush=True)
    for t in made:
        for conn in [*t["conns"], *t["watching"]]:
            await conn.close()


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The server's bot worker processes (and their resource tracker)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


def _proc_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _more_descriptors() -> None:
    """A client process holds a thousand connections and more."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _metrics(port: int) -> dict[str, float]:
    """A server's figures from its status page (game/online/server/status.py)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as page:
        rows = page.read().decode().splitlines()
    return {r.split()[0]: float(r.split()[-1]) for r in rows if r and r[0] != "#" and "{" not in r}


def _start_server(
    tables: int, args: argparse.Namespace, redis: str | None = None, name: str = ""
) -> tuple[subprocess.Popen[str], str, int]:
    many = str(100 * tables + 100)  # every client is on 127.0.0.1: no per-address cap here
    run = ["-m", "game"]
    if args.pauses:
        run = [str(ROOT / "benchmarks" / "server_pauses.py")]
    if args.profile is not None:  # the measured window only
        run = [str(ROOT / "benchmarks" / "server_profile.py"), f"{args.profile}.{tables}{name}"]
    command = [
        sys.executable,
        *run,
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--max-tables",
        str(tables),
        "--pace",
        str(args.pace),
        "--round-break",
        "0",
        "--catch-window",
        str(args.catch_window),
        "--per-address",
        many,
        "--tables-per-address",
        many,
        "--log",
        "error",
    ]
    if args.bot_processes is not None:
        command += ["--bot-processes", str(args.bot_processes)]
    status = free_port("127.0.0.1")
    command += ["--status-port", str(status)]
    if redis is not None:
        command += ["--redis", redis]
    if args.save_dir is not None:
        folder = args.save_dir / f"{tables}-{len(os.listdir(args.save_dir))}"
        command += ["--save-dir", str(folder)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    return server, line.split()[-1], status


def measure(
    tables: int, args: argparse.Namespace, processes: int = 1, redis: str | None = None
) -> dict[str, Any]:
    # Each server's profile apart: PATH.N alone, PATH.N.K-shard.I on Redis.
    names = [f".{processes}-shard.{i}" if redis else "" for i in range(processes)]
    servers = [_start_server(tables, args, redis, name) for name in names]
    urls = ",".join(url for _, url, _ in servers)
    time.sleep(2.0)  # the bot workers start
    pids = [server.pid for server, _, _ in servers]
    pids += [c for pid in pids for c in _children(pid)]
    idle_rss = sum(_proc_rss(pid) for pid in pids)
    workers, think, seconds = args.workers, args.think, args.seconds
    per = [tables // workers + (i < tables % workers) for i in range(workers)]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--worker",
                urls,
                str(n),
                f"{think[0]},{think[1]}",
                str(seconds),
                str(i),
                str(args.bots),
                args.level,
                str(args.spectators),
                str(args.warmup),
            ],
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
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    time.sleep(args.warmup)  # every table's first moves at once: not the steady state
    mains = [server.pid for server, _, _ in servers]
    pids = mains + [c for pid in mains for c in _children(pid)]  # workers start on demand
    cpu0, wall0 = sum(_proc_cpu(pid) for pid in pids), time.perf_counter()
    loop0 = sum(_proc_cpu(pid) for pid in mains)
    store0 = _store_figures(servers)
    redis0 = _proc_cpu(args.redis_pid) if redis and args.redis_pid else 0.0
    sent0 = _redis_input(redis) if redis else 0
    if args.pauses or args.profile is not None:
        for pid in mains:  # server_pauses.py, server_profile.py: the measured window starts
            os.kill(pid, signal.SIGUSR1)
    results = []
    for p in procs:
        assert p.stdout is not None
        line = p.stdout.readline()
        if line:
            results.append(json.loads(line))
    wall = time.perf_counter() - wall0
    cpu = (sum(_proc_cpu(pid) for pid in pids) - cpu0) / wall
    loop_cpu = (sum(_proc_cpu(pid) for pid in mains) - loop0) / wall
    store = [b - a for a, b in zip(store0, _store_figures(servers), strict=True)]
    redis_cpu = (_proc_cpu(args.redis_pid) - redis0) / wall if redis and args.redis_pid else 0.0
    sent = _redis_input(redis) - sent0 if redis else 0
    rss = sum(_proc_rss(pid) for pid in pids)
    for p in procs:
        p.wait()
    collector: list[dict[str, Any]] = []
    for server, _, _ in servers:
        if args.pauses:
            server.send_signal(signal.SIGUSR2)  # server_pauses.py: the window ends
        server.terminate()
        out, _ = server.communicate()
        collector += [
            json.loads(line)["collector"] for line in out.splitlines() if "collector" in line
        ]
    latencies = sorted(lat for r in results for lat in r.get("latencies", []))
    actions = sum(r.get("actions", 0) for r in results)
    per_table = max(actions, 1) / tables  # moves made at one table

    def per_connection(kind: str, count: str) -> float:
        """Bytes one connection of `kind` received per move at its table."""
        total, conns = (sum(r.get(k, 0) for r in results) for k in (kind, count))
        return total / conns / per_table if conns else float("nan")

    return {
        "tables": tables,
        "actions_per_s": actions / seconds,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "cpu": cpu,
        "loop_cpu": loop_cpu,
        "client_cpu": sum(r.get("cpu", 0.0) for r in results),
        "kb_per_action": sum(r.get("bytes", 0) for r in results) / 1024 / max(actions, 1),
        "rss_per_table_kb": (rss - idle_rss) / tables / 1024,
        "player_bytes": per_connection("bytes", "people"),
        "watcher_bytes": per_connection("watched", "watchers"),
        "player_messages": per_connection("messages", "people"),
        "watcher_messages": per_connection("watched_messages", "watchers"),
        "errors": errors,
        "store_commands": store[0] / max(actions, 1),  # Redis commands per action
        "store_trips": store[1] / max(actions, 1),
        "redis_cpu": redis_cpu,  # the redis-server's CPU seconds per wall second
        "redis_bytes": sent / max(actions, 1),  # bytes the shards sent Redis per action
        # server_pauses.py: the collector's longest pause of the whole heap (generation
        # 2), and of any generation, in the measured window (ms); NaN without --pauses
        "gc_full_ms": max((c["longest_ms"]["2"] for c in collector), default=float("nan")),
        "gc_max_ms": max((max(c["longest_ms"].values()) for c in collector), default=float("nan")),
        "gc_cpu_ms": max((c["longest_cpu_ms"] for c in collector), default=float("nan")),
        "gc_costliest": max(collector, key=lambda c: c["longest_cpu_ms"])["costliest"]
        if collector
        else None,
    }


def _store_figures(servers: list[tuple[subprocess.Popen[str], str, int]]) -> tuple[float, float]:
    """Redis commands and round trips the servers have sent so far (0 without Redis)."""
    figures = [_metrics(status) for _, _, status in servers]
    return (
        sum(f.get("uno_store_commands_total", 0.0) for f in figures),
        sum(f.get("uno_store_round_trips_total", 0.0) for f in figures),
    )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        urls, n, think, seconds, seed, bots, level, watchers, warmup = sys.argv[2:11]
        low, high = (float(x) for x in think.split(","))
        job = _worker(
            urls.split(","),
            int(n),
            (low, high),
            float(seconds),
            int(seed),
            int(bots),
            level,
            int(watchers),
            float(warmup),
        )
        asyncio.run(job)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[50, 100, 200, 400])
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=[2.0, 5.0],
        metavar=("MIN", "MAX"),
        help="seconds a person thinks before each move (default 2 5)",
    )
    parser.add_argument(
        "--bots",
        type=int,
        default=2,
        choices=(0, 1, 2, 3),
        help="seats per table played by the server's computers (default 2)",
    )
    parser.add_argument(
        "--level", default="hard", choices=("random", "easy", "normal", "hard", "expert")
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes (default 1)")
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        help="each server's bot worker processes (default: its own, one per core)",
    )
    parser.add_argument(
        "--pace", type=float, default=1.0, help="the computers' thinking pause (default 1: real)"
    )
    parser.add_argument(
        "--save-dir",
        type=Path,
        help="an empty folder: each server snapshots its tables in a new folder in it",
    )
    parser.add_argument(
        "--profile",
        metavar="PATH",
        help="profile each server process (cProfile), written to PATH.N[.K-shard.I] when it stops",
    )
    parser.add_argument(
        "--pauses",
        action="store_true",
        help="time the servers' garbage collector pauses (benchmarks/server_pauses.py)",
    )
    parser.add_argument("--p99", type=float, default=100.0, help="the knee's p99 limit, ms")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured play per N")
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="seconds of play before the measured window (default 10): at the start every "
        "table moves at once, all of its people's first thinking times begun together",
    )
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument(
        "--spectators", type=int, default=0, help="spectators watching each table (default 0)"
    )
    parser.add_argument(
        "--catch-window",
        type=float,
        default=0.5,
        help="the server's hold for catching a forgotten UNO (its default 0.5 s)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="also run each N as shards on this Redis (redis://HOST:PORT/N, emptied between "
        "runs; 'auto': a redis-server started here): one process without it, 1 shard and "
        "--processes shards (at least 2), side by side",
    )
    args = parser.parse_args()
    args.redis_pid = None
    machine = None
    if args.redis == "auto":
        machine = MachineRedis(None)
        args.redis, args.redis_pid = machine.url, machine.process.pid
    try:
        run(args)
    finally:
        if machine is not None:
            machine.stop()


def run(args: argparse.Namespace) -> None:
    setups: list[tuple[str, int, str | None]] = [(f"{args.processes} proc", args.processes, None)]
    if args.redis:
        shards = max(2, args.processes)
        setups = [
            ("alone", 1, None),
            ("1 shard", 1, args.redis),
            (f"{shards} shard", shards, args.redis),
        ]
    print(
        f"think {args.think[0]:g}-{args.think[1]:g} s a move, {args.bots} of 4 seats "
        f"{args.level} computers, {args.processes} server process(es), "
        f"{args.seconds:.0f} s measured per N after {args.warmup:g} s of play, "
        f"{args.workers} client processes, "
        f"{os.cpu_count()} cores (shared with the clients), load average "
        f"{os.getloadavg()[0]:.1f} at the start"
    )
    print(
        f"{'setup':>8} {'tables':>6} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'server CPU':>10} "
        f"{'CPU ms/act':>10} {'loop CPU':>8} "
        f"{'RSS/table':>10} {'clients CPU':>11} {'kB/action':>9} "
        f"{'B/act player':>12} {'B/act watcher':>13} {'msg/act player':>14} {'watcher':>7} "
        f"{'store cmd/act':>13} {'trips/act':>9} {'redis CPU':>9} {'redis B/act':>11}"
    )
    rows: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in setups}
    for n in args.tables:
        for label, processes, redis in setups:
            if redis is not None:
                _empty(redis)
            r = measure(n, args, processes, redis)
            rows[label].append(r)
            _print_row(label, r, args)
        if args.redis:
            print(_compare(rows, setups))
    for label, measured in rows.items():
        print(f"{label}: {knee(measured, args.p99)}")


def _redis_input(url: str) -> int:
    """Bytes Redis has read from its clients (the shards' commands) since it started."""
    import redis

    client = redis.Redis.from_url(url)
    read = int(client.info("stats")["total_net_input_bytes"])
    client.close()
    return read


def _empty(url: str) -> None:
    """A run leaves its tables in Redis, which the next run's shards would take over."""
    import redis

    client = redis.Redis.from_url(url)
    client.flushdb()
    client.close()


def _compare(
    rows: dict[str, list[dict[str, Any]]], setups: list[tuple[str, int, str | None]]
) -> str:
    """This N's CPU per action on Redis against the one process without, and the
    store's commands per action (targets: 1.15x and 3)."""
    alone, shard, more = (rows[label][-1] for label, _, _ in setups)

    def per_action(r: dict[str, Any], with_redis: bool = False) -> float:
        cpu = r["cpu"] + (r["redis_cpu"] if with_redis else 0.0)
        return cpu / max(r["actions_per_s"], 1e-9)

    ratio = per_action(shard) / per_action(alone)
    whole = per_action(shard, True) / per_action(alone)
    return (
        f"         {alone['tables']} tables: CPU per action with --redis {ratio:.2f}x the one "
        f"process's (target <= 1.15; {whole:.2f}x with the redis-server's own), "
        f"store commands per action {shard['store_commands']:.2f} (1 shard), "
        f"{more['store_commands']:.2f} ({setups[2][0]}s) (target <= 3)"
    )


def _print_row(label: str, r: dict[str, Any], args: argparse.Namespace) -> None:
    print(
        f"{label:>8} {r['tables']:>6} {r['actions_per_s']:>10.0f} {r['p50_ms']:>8.1f} "
        f"{r['p99_ms']:>8.1f} {r['cpu']:>10.2f} "
        f"{1000 * r['cpu'] / max(r['actions_per_s'], 1e-9):>10.2f} {r['loop_cpu']:>8.2f} "
        f"{r['rss_per_table_kb']:>8.0f} kB "
        f"{r['client_cpu']:>11.2f} {r['kb_per_action']:>9.1f} "
        f"{r['player_bytes']:>12.0f} {r['watcher_bytes']:>13.0f} "
        f"{r['player_messages']:>14.2f} {r['watcher_messages']:>7.2f} "
        f"{r['store_commands']:>13.2f} {r['store_trips']:>9.2f} {r['redis_cpu']:>9.2f} "
        f"{r['redis_bytes']:>11.0f}",
        flush=True,
    )
    if args.pauses:
        print(
            f"       collector pauses in the window: longest {r['gc_max_ms']:.0f} ms "
            f"(the most CPU one took: {r['gc_cpu_ms']:.0f} ms, "
            f"[generation, garbage found]: {r['gc_costliest']}), "
            f"longest of the whole heap {r['gc_full_ms']:.0f} ms",
            flush=True,
        )
    for error in r["errors"]:
        print(f"       a client could not sit down: {error}")


def knee(rows: list[dict[str, Any]], p99: float) -> str:
    """The largest N within the p99 limit, and the first N whose actions/s grew
    less than half as fast as N (the server saturating)."""
    within = [r["tables"] for r in rows if r["p99_ms"] <= p99 and not r["errors"]]
    flat = None
    for a, b in zip(rows, rows[1:], strict=False):
        grew = b["actions_per_s"] / max(a["actions_per_s"], 1e-9)
        if grew - 1 < 0.5 * (b["tables"] / a["tables"] - 1):
            flat = b["tables"]
            break
    said = (
        f"knee: p99 <= {p99:g} ms up to {max(within)} tables"
        if within
        else (f"knee: p99 over {p99:g} ms at every N measured")
    )
    return said + (f"; actions/s stops growing with N at {flat}" if flat else "")


if __name__ == "__main__":
    main()
