#!/usr/bin/env bash
# The import bench's pgloader yardstick (Debian's `pgloader` package). Installed here when possible;
# never fails the run: without it the bench prints that the yardstick is missing and goes on.
set -uo pipefail
if command -v pgloader >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's pgloader for the import bench's yardstick..."
  if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgloader >/dev/null); then exit 0; fi
fi
echo "pgloader is missing (Debian package 'pgloader'): the import bench will go without its pgloader yardstick." >&2
exit 0
