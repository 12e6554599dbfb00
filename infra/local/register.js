// Runs the TypeScript sources directly: each .ts file is transpiled on load with TypeScript's own
// transpileModule (no type check; decorator metadata included, which Nest's injection needs), plus
// the tsconfig path aliases (@booking/*). Not ts-node: loading it pulls in node:repl and with it
// node:domain, which wraps every EventEmitter.emit of the process (measured ~10 % of a service's CPU).
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(__dirname, '../..');
const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile);
const { options } = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, root);
const compilerOptions = {
  ...options,
  module: ts.ModuleKind.CommonJS,
  sourceMap: false,
  inlineSourceMap: true,
  inlineSources: false,
  noEmit: false,
};

process.setSourceMapsEnabled(true);
require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
require('./register-paths');
