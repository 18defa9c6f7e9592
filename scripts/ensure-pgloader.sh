#!/usr/bin/env bash
# The import bench's pgloader yardstick (Debian's `pgloader` package). Installed here when possible;
# never fails the run: without it the bench prints that the yardstick is missing and goes on.
set -uo pipefail
. "$(dirname "$0")/apt-install.sh"
if command -v pgloader >/dev/null; then exit 0; fi
apt_install pgloader "for the import bench's yardstick" && exit 0
echo "pgloader is missing (Debian package 'pgloader'): the import bench will go without its pgloader yardstick." >&2
exit 0
