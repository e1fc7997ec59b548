# The portal for production-like runs (docker-compose.yml): Node 20 with the built web app and server.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && mkdir -p /app/data && chown node:node /app/data
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER node
CMD ["node", "bin/start.js"]
