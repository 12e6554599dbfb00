// Runs the TypeScript sources directly: ts-node in transpile-only mode (decorator metadata
// included, which Nest's injection needs) plus the tsconfig path aliases (@booking/*).
const path = require('node:path');
process.env.TS_NODE_PROJECT ??= path.resolve(__dirname, '../../tsconfig.json');
require('ts-node').register({ transpileOnly: true, project: process.env.TS_NODE_PROJECT });
require('./register-paths');
