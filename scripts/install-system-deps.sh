#!/usr/bin/env bash
# Debian packages the test suite needs: Chromium for the browser tests (driven by
# Playwright with executable_path=/usr/bin/chromium; never a test tool's own browser download).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing Debian packages: ${need[*]} (run: sudo apt-get install ${need[*]})" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
