#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core (never `playwright install`).
set -euo pipefail
for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$c" ] && [ -x "$c" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || {
    echo "Could not install chromium; install Debian's 'chromium' package (apt-get install chromium) and run make test again." >&2; exit 1; }
  exit 0
fi
echo "Chromium is missing: install Debian's 'chromium' package (sudo apt-get install chromium), or set CHROMIUM_PATH." >&2
exit 1
