#!/usr/bin/env bash
# Back up an anaconda-poker database while the server runs (docs/deploy.md).
#   deploy/backup.sh DATABASE_URL DEST_DIR [KEEP]
# SQLite: Python's online backup API (a consistent copy even mid-hand).
# PostgreSQL: pg_dump in its custom format (restore with pg_restore).
# Keeps the newest KEEP backups (default 14) in DEST_DIR.
set -euo pipefail
url="${1:?usage: backup.sh DATABASE_URL DEST_DIR [KEEP]}"
dest="${2:?usage: backup.sh DATABASE_URL DEST_DIR [KEEP]}"
keep="${3:-14}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$dest"
case "$url" in
  sqlite:///*)
    src="${url#sqlite:///}"
    out="$dest/anaconda-poker-$stamp.sqlite3"
    python3 - "$src" "$out" <<'PY'
import sqlite3, sys
source = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
target = sqlite3.connect(sys.argv[2])
with target:
    source.backup(target)
ok = target.execute("PRAGMA integrity_check").fetchone()[0]
target.close()
source.close()
if ok != "ok":
    sys.exit(f"backup failed its integrity check: {ok}")
PY
    ;;
  postgresql://*|postgresql+psycopg://*|postgres://*)
    out="$dest/anaconda-poker-$stamp.dump"
    pg_dump --format=custom --file="$out" "${url/postgresql+psycopg:/postgresql:}"
    ;;
  *)
    echo "backup.sh: unsupported database URL (sqlite:///PATH or postgresql://...)" >&2
    exit 2
    ;;
esac
echo "$out"
# keep the newest $keep backups
ls -1t "$dest"/anaconda-poker-* 2>/dev/null | tail -n +"$((keep + 1))" | xargs -r rm --
