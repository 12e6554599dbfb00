# Two images from one build. The default (last) stage runs the five services; the command picks the app:
#   docker build -t booking-platform .            docker run booking-platform dist/apps/booking/main.js
# `--target sandbox` builds the local stand-ins for the providers, for development stacks only.

FROM node:26-bookworm-slim AS build
WORKDIR /src
ENV NX_DAEMON=false
COPY package.json package-lock.json ./
RUN npm ci --omit=optional --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build

# Production dependencies only: no TypeScript, no test tools.
FROM node:26-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:26-bookworm-slim AS runtime
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
# The image's `node` user, by number: the kubelet can only check runAsNonRoot against a numeric user.
USER 1000:1000
ENTRYPOINT ["node", "--enable-source-maps"]

FROM runtime AS sandbox
ENV NODE_ENV=development
COPY --from=build /src/dist/apps/payment-sandbox ./dist/apps/payment-sandbox
COPY --from=build /src/dist/apps/messaging-sandbox ./dist/apps/messaging-sandbox
COPY --from=build /src/dist/apps/google-sandbox ./dist/apps/google-sandbox
CMD ["dist/apps/payment-sandbox/main.js"]

FROM runtime AS service
ENV NODE_ENV=production
COPY --from=build /src/dist/apps/api-gateway ./dist/apps/api-gateway
COPY --from=build /src/dist/apps/booking ./dist/apps/booking
COPY --from=build /src/dist/apps/payment ./dist/apps/payment
COPY --from=build /src/dist/apps/refund ./dist/apps/refund
COPY --from=build /src/dist/apps/notification ./dist/apps/notification
CMD ["dist/apps/api-gateway/main.js"]
