// Loads every compiled module of every app from a copy of dist/ that sits on production
// dependencies only (`npm ci --omit=dev`), as the image does: a runtime import of a dev tool
// (TypeScript, jest, a test helper) fails here instead of in a pod.
const fs = require('node:fs');
const path = require('node:path');

const [distDir] = process.argv.slice(2);
const modules = fs
  .readdirSync(distDir, { recursive: true })
  .filter((file) => file.endsWith('.js') && path.basename(file) !== 'main.js');
for (const file of modules) require(path.resolve(distDir, file));
process.stdout.write(`loaded ${modules.length} compiled modules on production dependencies only\n`);
