# A remote (public-mfe or admin-mfe): its static build, served by the static server
# (dist/static-server, from libs/static-server): content-hashed files cached for a year,
# remoteEntry.js never. Build context: the repository root; the remote and its port are build
# arguments, as docker-compose.yml gives them:
#   docker build -f tools/docker/remote.Dockerfile --build-arg APP=public-mfe --build-arg PORT=4201 .
FROM node:20-bookworm AS build
ARG APP
WORKDIR /workspace
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ARG GIT_COMMIT=unknown
ENV GIT_COMMIT=$GIT_COMMIT
RUN npx nx build ${APP} --configuration=production \
  && npx nx build static-server --configuration=production

FROM node:20-bookworm-slim AS runtime
ARG APP
ARG REMOTE
ARG PORT
ARG GIT_COMMIT=unknown
ENV NODE_ENV=production PORT=${PORT} REMOTE=${REMOTE} GIT_COMMIT=${GIT_COMMIT}
WORKDIR /app
COPY --from=build /workspace/dist/static-server ./static-server
COPY --from=build /workspace/dist/${APP} ./site
# The remote's versions, its own build among them, in a volume (compose mounts one per
# remote), so that an earlier version is there to roll back to. Each start prunes it to the
# last KEEP_VERSIONS (10) and those a pointer still needs or PINNED_VERSIONS names.
RUN mkdir -p /releases && chown node:node /releases
USER node
VOLUME ["/releases"]
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=5s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/').then(r => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))"]
# Publishes the image's build as a version at start (and, with DEPLOY_API_URL and an
# administrator's VITRINE_USERNAME and VITRINE_PASSWORD, records it and points DEPLOY_ENV at it
# if that pointer never named it, so a restart leaves a rollback be), then serves every version
# kept: /<version>/remoteEntry.js.
CMD ["sh", "-c", "exec node static-server/main.js --dir /releases --versioned --publish-from site --remote $REMOTE --port $PORT --host 0.0.0.0"]
