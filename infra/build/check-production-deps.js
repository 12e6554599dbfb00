// Loads every compiled module of every app from a copy of dist/ that sits on production
// dependencies only (`npm ci --omit=dev`), as the image does: a runtime import of a dev tool
// (TypeScript, jest, a test helper) fails here instead of in a pod.
const fs = require('node:fs');
const path = require('node:path');

const [distDir] = process.argv.slice(2);
// apps/web is a browser bundle served as static files: nothing of it runs on Node.
const BROWSER_BUNDLES = new Set([path.join('apps', 'web')]);
const modules = fs
  .readdirSync(distDir, { recursive: true })
  .filter((file) => file.endsWith('.js') && path.basename(file) !== 'main.js')
  .filter((file) => !BROWSER_BUNDLES.has(file.split(path.sep).slice(0, 2).join(path.sep)));
for (const file of modules) require(path.resolve(distDir, file));
process.stdout.write(`loaded ${modules.length} compiled modules on production dependencies only\n`);
