#!/bin/sh
# Two real windows at one table, through two shards; the shard holding the table is
# killed (kill -9); both windows should carry on at the other. Screenshots in OUT.
#   sh tests/ui/shard_windows.sh OUT
set -eu
OUT=${1:-/tmp/shard-windows}
PY=${PY:-.venv/bin/python}
mkdir -p "$OUT"; rm -f "$OUT"/code "$OUT"/killed "$OUT"/*.png
RPORT=$($PY -c 'from game.online.server.processes import free_port; print(free_port("127.0.0.1"))')
redis-server --port "$RPORT" --bind 127.0.0.1 --save "" --appendonly no >/dev/null &
RPID=$!
sleep 0.5
serve() { $PY -m game serve --host 127.0.0.1 --port "$1" --redis "redis://127.0.0.1:$RPORT/0" \
    --bot-processes 0 --log warning > "$OUT/shard-$1.log" 2>&1 & echo $!; }
A=$($PY -c 'from game.online.server.processes import free_port; print(free_port("127.0.0.1"))')
B=$($PY -c 'from game.online.server.processes import free_port; print(free_port("127.0.0.1"))')
APID=$(serve "$A"); BPID=$(serve "$B")
sleep 3
export SDL_AUDIODRIVER=dummy PYTHONUTF8=1
HOME="$OUT/ann-home" xvfb-run -a -s "-screen 0 1280x720x24" \
    $PY tests/ui/shard_windows_session.py ann "ws://127.0.0.1:$A" "$OUT" > "$OUT/ann.log" 2>&1 &
ANN=$!
HOME="$OUT/bea-home" xvfb-run -a -s "-screen 0 1280x720x24" \
    $PY tests/ui/shard_windows_session.py bea "ws://127.0.0.1:$B" "$OUT" > "$OUT/bea.log" 2>&1 &
BEA=$!
for _ in $(seq 120); do
    grep -q "at the table" "$OUT/ann.log" 2>/dev/null && grep -q "at the table" "$OUT/bea.log" 2>/dev/null && break
    sleep 1
done
sleep 2
kill -9 "$APID"; touch "$OUT/killed"; echo "killed shard A ($A) at $(date +%T)"
wait "$ANN" "$BEA" || true
kill "$BPID"; wait "$BPID" || true; kill "$RPID"; wait "$RPID" || true
cat "$OUT/ann.log" "$OUT/bea.log" | grep -v "^pid"
