# Shared by scripts/play and scripts/test: make .venv and install what is needed into it.
# shellcheck shell=bash

setup_venv() {
    # $1: the extra to install ("" for the game alone, "test" for the test tools)
    local extra="${1:-}"
    local python="${PYTHON:-python3}"
    if [ ! -x .venv/bin/python ]; then
        "$python" -m venv .venv
    fi
    local spec="."
    [ -n "$extra" ] && spec=".[${extra}]"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
}

setup_system_packages() {
    # Debian packages the browser (chromium) and database (postgresql) tests and the browser
    # modules' type check (nodejs, npm) use; installed when missing and possible.
    local wanted=()
    command -v chromium >/dev/null 2>&1 || wanted+=(chromium)
    command -v node >/dev/null 2>&1 || wanted+=(nodejs)
    command -v npm >/dev/null 2>&1 || wanted+=(npm)
    compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || wanted+=(postgresql)
    if [ "${#wanted[@]}" -gt 0 ]; then
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "== installing ${wanted[*]} with apt-get"
            DEBIAN_FRONTEND=noninteractive apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${wanted[@]}" >/dev/null
        else
            echo "scripts/test: please install: ${wanted[*]} (Debian packages)" >&2
        fi
    fi
}

check_browser_types() {
    # The browser's ES modules' JSDoc types, checked by TypeScript (tsc --noEmit --checkJs, as
    # tsconfig.json says), installed from the npm registry by the lock file; first, the
    # protocol's types (protocol.d.ts) and schema must be what the server's models make
    # (scripts/types --check fails on a stale copy).
    npm ci --no-audit --no-fund --loglevel=error
    scripts/types --check
    node_modules/.bin/tsc -p tsconfig.json
}
