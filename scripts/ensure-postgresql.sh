#!/usr/bin/env bash
# The production recipe's test runs rehber on an external PostgreSQL from Debian's postgresql-15
# package (its initdb, pg_basebackup, pg_dump). Installed here when possible; never fails the run:
# without it that test is skipped, saying so.
set -uo pipefail
. "$(dirname "$0")/apt-install.sh"
if [ -x /usr/lib/postgresql/15/bin/pg_basebackup ] && [ -x /usr/lib/postgresql/15/bin/initdb ]; then exit 0; fi
apt_install postgresql-15 "for the production recipe test and BENCH_POSTGRES=debian" && exit 0
echo "PostgreSQL 15 is missing (Debian package 'postgresql-15'): the production recipe test will be skipped, and BENCH_POSTGRES=debian refused." >&2
exit 0
