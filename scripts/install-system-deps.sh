#!/usr/bin/env bash
# Debian packages the test suite needs:
# - Chromium for the browser tests (driven by Playwright with executable_path=/usr/bin/chromium;
#   never a test tool's own browser download);
# - PostgreSQL's server binaries (initdb, pg_ctl, postgres) for the tests that run the game
#   server on PostgreSQL: the fixture starts a throwaway server in a temporary folder (as the
#   'postgres' user when run as root); no cluster of the package is used or started;
# - nginx for the reverse-proxy tests (tests/web/test_proxy.py runs deploy/nginx's config in
#   the foreground on loopback ports; the package's own service is not needed).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/sbin/nginx ] || need+=(nginx)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need+=(postgresql)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing Debian packages: ${need[*]} (run: sudo apt-get install ${need[*]})" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
