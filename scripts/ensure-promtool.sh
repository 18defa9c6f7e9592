#!/usr/bin/env bash
# The metrics test checks /metrics with Prometheus's own parser, promtool (Debian's `prometheus`
# package). Installed here when possible; never fails the run: without it that check is skipped.
set -uo pipefail
. "$(dirname "$0")/apt-install.sh"
if command -v promtool >/dev/null; then exit 0; fi
apt_install prometheus "(for promtool) for the metrics test" && exit 0
echo "promtool is missing (Debian package 'prometheus'): the metrics test will skip its promtool check." >&2
exit 0
