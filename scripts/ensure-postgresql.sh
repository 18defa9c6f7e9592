#!/usr/bin/env bash
# The production recipe's test runs rehber on an external PostgreSQL from Debian's postgresql-15
# package (its initdb, pg_basebackup, pg_dump). Installed here when possible; never fails the run:
# without it that test is skipped, saying so.
set -uo pipefail
if [ -x /usr/lib/postgresql/15/bin/pg_basebackup ] && [ -x /usr/lib/postgresql/15/bin/initdb ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's postgresql-15 for the production recipe test..."
  if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o Dpkg::Options::=--force-confold postgresql-15 >/dev/null); then exit 0; fi
fi
echo "PostgreSQL 15 is missing (Debian package 'postgresql-15'): the production recipe test will be skipped." >&2
exit 0
