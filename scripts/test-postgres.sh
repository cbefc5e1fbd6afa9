#!/usr/bin/env bash
# Start a throw-away PostgreSQL server on 127.0.0.1 for the store contract tests and print its URL.
# Usage: eval "$(scripts/test-postgres.sh)"   → exports QUARTERMASTER_TEST_PG_URL
# Uses Debian's postgresql binaries (apt-get install postgresql); runs as user postgres when root.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "echo 'no PostgreSQL server binaries found' >&2"; exit 0; }
port=${QUARTERMASTER_TEST_PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
dir=$(mktemp -d /tmp/qm-pg.XXXXXX)
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_owner "$bin/initdb" -D "$dir/data" -U qm --auth=trust >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off" start >/dev/null
echo "export QUARTERMASTER_TEST_PG_URL='postgresql+psycopg://qm@127.0.0.1:$port/postgres'"
stop="$bin/pg_ctl -D $dir/data stop -m fast"
[ "$(id -u)" = 0 ] && stop="runuser -u postgres -- $stop"
echo "export QUARTERMASTER_TEST_PG_STOP='$stop'"
