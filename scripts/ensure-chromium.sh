#!/usr/bin/env bash
# The browser tests drive Debian's Chromium: a test tool's own browser download
# cannot reach the internet from these machines. Two of Debian's Chromium
# packages: `chromium`, the browser the bench measures pages in as a guest's
# browser, and `chromium-headless-shell`, the same Chromium built without the
# browser's window layer, which the journeys drive when it is there: the same
# journeys took a fifth to a third less time in it (ADR 050).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
wanted=()
[ -x "$chromium_path" ] || wanted+=(chromium)
[ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ] || wanted+=(chromium-headless-shell)
if [ ${#wanted[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  if [ -x "$chromium_path" ]; then
    # The journeys fall back to the full browser (e2e/playwright.config.ts).
    echo "chromium-headless-shell is missing; the journeys run in $chromium_path, more slowly. Install it with: sudo apt-get install -y chromium-headless-shell" >&2
    exit 0
  fi
  echo "Missing: ${wanted[*]}. Install with: sudo apt-get install -y ${wanted[*]}" >&2
  exit 1
fi
echo "Installing Debian's ${wanted[*]} for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${wanted[@]}" >/dev/null
