#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the web tests (Debian's postgresql package).
#
#   eval "$(scripts/postgres.sh start)"   # starts it; exports DOUBLESIX_TEST_POSTGRES_URL
#                                         # and DOUBLESIX_TEST_POSTGRES_DIR
#   scripts/postgres.sh stop              # stops it and deletes its files
#
# The cluster lives in a new temporary directory, listens on 127.0.0.1 port 55432 (or
# $DOUBLESIX_TEST_POSTGRES_PORT) with trust authentication, and runs as user postgres when
# started by root (PostgreSQL refuses to run as root). Only the export lines go to stdout;
# progress and errors go to stderr.
set -euo pipefail

port="${DOUBLESIX_TEST_POSTGRES_PORT:-55432}"
user=doublesix
database=doublesix_test

die() { echo "scripts/postgres.sh: $*" >&2; exit 1; }

bindir() {
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    [ -n "$dir" ] && [ -x "$dir/initdb" ] || die "PostgreSQL is not installed (Debian: apt-get install postgresql)"
    echo "$dir"
}

# Run a command as the cluster's owner: postgres when we are root, else ourselves.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

start() {
    local bin dir
    bin="$(bindir)"
    if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" 2>/dev/null; then
        die "something already listens on 127.0.0.1:$port (stop it, or set DOUBLESIX_TEST_POSTGRES_PORT)"
    fi
    dir="$(mktemp -d "${TMPDIR:-/tmp}/doublesix-postgres.XXXXXX")"
    chmod 755 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    echo "== starting PostgreSQL ($bin) in $dir on port $port" >&2
    as_owner "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust -E UTF8 --no-sync \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        start >&2 || { cat "$dir/server.log" >&2; die "the server did not start"; }
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U "$user" "$database" >&2 \
        || die "could not create database $database"
    echo "export DOUBLESIX_TEST_POSTGRES_URL=postgresql+psycopg://$user@127.0.0.1:$port/$database"
    echo "export DOUBLESIX_TEST_POSTGRES_DIR=$dir"
}

stop() {
    local dir="${1:-${DOUBLESIX_TEST_POSTGRES_DIR:-}}"
    [ -n "$dir" ] || die "stop: which cluster? (DOUBLESIX_TEST_POSTGRES_DIR is not set)"
    [ -d "$dir/data" ] || die "stop: $dir holds no cluster"
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
    echo "== stopped PostgreSQL in $dir" >&2
}

case "${1:-}" in
    start) start ;;
    stop) stop "${2:-}" ;;
    *) die "usage: scripts/postgres.sh start | stop [DIR]" ;;
esac
