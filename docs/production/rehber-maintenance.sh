#!/usr/bin/env bash
# The nightly job of rehber-maintenance.service, run from the checkout with the server's environment:
# sitemaps for PUBLIC_BASE_URL, a pg_dump of DATABASE_URL and a copy of UPLOAD_DIR into BACKUP_DIR,
# files older than two weeks removed. Fails (exit non-zero, systemd logs it) rather than leave a
# half-written backup under a final name.
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL must be set}" "${UPLOAD_DIR:?UPLOAD_DIR must be set}"
backup_dir="${BACKUP_DIR:-/var/backups/rehber}"
# pg_dump must be of the server's major version or newer: Debian's postgresql-client-15 for PostgreSQL 15.
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
stamp="$(date +%F)"

node bin/rehber.js sitemap generate

mkdir -p "$backup_dir"
umask 077
# The database first, then the uploads: every upload the dump records then has its file.
"$pg_bin/pg_dump" --format=custom --no-owner --file="$backup_dir/.rehber-$stamp.dump.partial" "$DATABASE_URL"
mv "$backup_dir/.rehber-$stamp.dump.partial" "$backup_dir/rehber-$stamp.dump"
tar -czf "$backup_dir/.rehber-uploads-$stamp.tar.gz.partial" -C "$UPLOAD_DIR" .
mv "$backup_dir/.rehber-uploads-$stamp.tar.gz.partial" "$backup_dir/rehber-uploads-$stamp.tar.gz"
echo "Backed up the database and uploads to $backup_dir/rehber-$stamp.dump and rehber-uploads-$stamp.tar.gz"

find "$backup_dir" -maxdepth 1 \( -name 'rehber-*.dump' -o -name 'rehber-uploads-*.tar.gz' \) -mtime +14 -delete
find "$backup_dir" -maxdepth 1 -name '.rehber-*.partial' -mmin +1440 -delete
