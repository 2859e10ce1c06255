#!/bin/sh
# The container's start command (Dockerfile CMD). One image, three ways to run (docs/deploy.md):
#   default              npm start: migrations, then the server, database and uploads on /data
#   LITESTREAM_BUCKET=…  the same under Litestream, which streams the database to S3-compatible
#                        storage (and restores it first when the volume is empty)
#   LITEFS=on            under LiteFS: the database on /litefs, replicated across regions
# FIELDLINE_MAINTENANCE=1 starts nothing but keeps the machine up with its volume mounted, so
# that `fly ssh console` can run `npm run restore` with no server holding the database.
set -eu

if [ "${FIELDLINE_MAINTENANCE:-0}" = "1" ]; then
  echo "Maintenance mode: the server is not started (unset FIELDLINE_MAINTENANCE to serve)."
  exec sleep infinity
fi

if [ "${LITEFS:-off}" = "on" ]; then
  # LiteFS's proxy takes Fly's internal port 8080; the app listens behind it on 8081.
  export LITEFS_DIR=/litefs DATABASE_URL=file:/litefs/fieldline.db PORT=8081
  exec litefs mount -config /app/litefs.yml
fi

if [ -n "${LITESTREAM_BUCKET:-}" ]; then
  export DATABASE_PATH="${DATABASE_URL#file:}"
  litestream restore -config /app/litestream.yml -if-db-not-exists -if-replica-exists "$DATABASE_PATH"
  exec litestream replicate -config /app/litestream.yml -exec "npm start"
fi

exec npm start
