// Resolves the tsconfig path aliases (@booking/*) for code run outside jest's module mapper.
const path = require('node:path');
const root = path.resolve(__dirname, '../..');
require('tsconfig-paths').register({
  baseUrl: root,
  paths: require(path.join(root, 'tsconfig.base.json')).compilerOptions.paths,
});
