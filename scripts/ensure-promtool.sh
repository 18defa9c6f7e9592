#!/usr/bin/env bash
# The metrics test checks /metrics with Prometheus's own parser, promtool (Debian's `prometheus`
# package). Installed here when possible; never fails the run: without it that check is skipped.
set -uo pipefail
if command -v promtool >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's prometheus (for promtool) for the metrics test..."
  if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null); then exit 0; fi
fi
echo "promtool is missing (Debian package 'prometheus'): the metrics test will skip its promtool check." >&2
exit 0
