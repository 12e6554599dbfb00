// Writes dist/<project>/main.js, the entry an image runs: tsc keeps the workspace layout under
// dist/<project>/ (the app and the libraries it imports), so the entry only points at it.
const fs = require('node:fs');
const path = require('node:path');

const projectRoot = process.argv[2];
const entry = path.join('dist', projectRoot, 'main.js');
fs.writeFileSync(entry, `'use strict';\nrequire('./${projectRoot}/src/main.js');\n`);
