import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** `npm start` on other ports: the dev server answers /config.json from the environment it was given. */
function configFromEnvironment(): Plugin {
  return {
    name: 'config-from-environment',
    configureServer(server) {
      server.middlewares.use('/config.json', (_request, response, next) => {
        const { WEB_API_URL, WEB_OIDC_ISSUER, WEB_CLIENT_ID } = process.env;
        if (!WEB_API_URL || !WEB_OIDC_ISSUER) return next();
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            apiUrl: WEB_API_URL,
            issuer: WEB_OIDC_ISSUER,
            clientId: WEB_CLIENT_ID ?? 'booking-web',
          }),
        );
      });
    },
  };
}

// Static files for production (dist/apps/web); `npm start` serves the same sources with Vite's dev server.
export default defineConfig({
  root,
  plugins: [react(), configFromEnvironment()],
  build: { outDir: fileURLToPath(new URL('../../dist/apps/web', import.meta.url)), emptyOutDir: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
});
