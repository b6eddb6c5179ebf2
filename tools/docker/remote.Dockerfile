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
ARG PORT
ENV NODE_ENV=production PORT=${PORT}
WORKDIR /app
COPY --from=build /workspace/dist/static-server ./static-server
COPY --from=build /workspace/dist/${APP} ./site
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=5s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["sh", "-c", "exec node static-server/main.js --dir site --port $PORT --host 0.0.0.0"]
