#!/bin/sh
# The container's start command (Dockerfile CMD). One image, three ways to run (docs/operations.md):
#   default              npm start: migrations, then the compiled server (build/server/main.js under
#                        plain Node), database and uploads on /data
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
  # LITESTREAM_CONFIG is for the crash test (tests/resilience/litestream.test.ts), which runs this
  # same path with a replica on the local disk.
  config="${LITESTREAM_CONFIG:-/app/litestream.yml}"
  litestream restore -config "$config" -if-db-not-exists -if-replica-exists "$DATABASE_PATH"
  # Migrations first: under a replicating Litestream, prisma's migration could not get the database
  # ("SocketTimeout", found by that test), so the server then starts without them.
  npm run db:migrate
  exec litestream replicate -config "$config" -exec "npm start -- --skip-migrations"
fi

exec npm start
