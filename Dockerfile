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
# The build bundles the two helper modules the site uses (contacts, token) and packs the helper for
# operators; the running site needs neither the helper nor its WhatsApp library, so the prune drops
# the workspace with the development packages.
RUN npm run build && npm prune --omit=dev --workspaces=false

FROM node:22-bookworm-slim
# Fonts for the graduation picture's PNG (sharp renders its SVG text with what fontconfig finds;
# the slim image has none, and the text would come out as empty boxes).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-liberation fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/site.db
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/drizzle ./drizzle
# Sources for the maintenance commands run with tsx (npm run admin / backup / purge-leads).
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/package.json /app/server.js /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
