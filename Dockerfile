# One image for every service; the command picks the app (see docker-compose.yml, infra/k8s).
FROM node:20.19-slim
WORKDIR /app
ENV NODE_ENV=production NX_DAEMON=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY libs ./libs
COPY apps ./apps
COPY infra/local/register.js infra/local/register-paths.js ./infra/local/
USER node
# Sources are transpiled on load by infra/local/register.js (no type check at start-up).
ENTRYPOINT ["node", "-r", "./infra/local/register.js"]
CMD ["apps/api-gateway/src/main.ts"]
