# syntax=docker/dockerfile:1
# Multi-stage build: compile better-sqlite3 and the site, then run as a non-root user.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# Toolchain for better-sqlite3's native build.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The WhatsApp helper is an npm workspace: its package.json must be there for the install.
COPY helper/package.json ./helper/
# Same install command as CI (npm ci fails against our registry mirror).
RUN npm install --no-audit --no-fund
COPY . .
# The build bundles the site, the operator commands (build/scripts: npm run admin, backup, restore,
# purge-leads) with the helper modules they use (contacts, phone, token), and packs the helper for
# operators; what runs needs neither the helper nor its WhatsApp library, so the prune drops the
# workspace with the development packages (tsx included). runtime-tree.mjs then copies only what runs
# into /runtime: server.js and server/, the build, drizzle/, package.json with the two scripts npm
# start and npm run use, and the production node_modules without better-sqlite3's compilation files.
# tests/process/image-runtime.spec.ts rebuilds that folder the same way and runs the README's commands in it.
RUN npm run build && npm prune --omit=dev --workspaces=false && node scripts/runtime-tree.mjs /runtime

FROM node:22-bookworm-slim
# Fonts for the graduation picture's PNG (sharp renders its SVG text with what fontconfig finds;
# the slim image has none, and the text would come out as empty boxes).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-liberation fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX=2: glibc gives each libvips thread a malloc arena of its own and keeps their freed
# pages, so the photo processing's memory stayed after the uploads (decision 124).
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/site.db \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /runtime ./
# The volume's folder (a new named volume takes its owner and mode): the database, the secrets, the
# photos and the backups, readable by the node user only.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
