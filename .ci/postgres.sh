#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on loopback for the storage tests and print its
# URL on the last line of standard output:
#     export CARDTABLE_TEST_PG="$(bash .ci/postgres.sh | tail -n 1)"
# Installs Debian's postgresql when it is missing. The cluster lives in a temporary
# folder, listens on 127.0.0.1 only (port $PGPORT, default 54329), trusts local
# connections, and is stopped with:  bash .ci/postgres.sh stop
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGDIR="${PGDIR:-/tmp/cardtable-pg-$PGPORT}"

if [ "${1:-}" = "stop" ]; then
    bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    runuser -u postgres -- "$bin/pg_ctl" -D "$PGDIR/data" -m immediate stop >&2 || true
    exit 0
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "installing postgresql from Debian's packages" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"

if [ -f "$PGDIR/data/postmaster.pid" ]; then
    runuser -u postgres -- "$bin/pg_ctl" -D "$PGDIR/data" -m immediate stop >&2 || true
fi
rm -rf "$PGDIR"
mkdir -p "$PGDIR"
chown postgres:postgres "$PGDIR"
runuser -u postgres -- "$bin/initdb" -D "$PGDIR/data" -U postgres --auth=trust \
    --encoding=UTF8 --no-sync >&2
runuser -u postgres -- "$bin/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGDIR -c fsync=on" start >&2
runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres cardtable_test >&2
echo "postgresql://postgres@127.0.0.1:$PGPORT/cardtable_test"
