// Runs the TypeScript sources directly: each .ts file is transpiled on load with TypeScript's own
// transpileModule (no type check; decorator metadata included, which Nest's injection needs), plus
// the tsconfig path aliases (@booking/*). Not ts-node: loading it pulls in node:repl and with it
// node:domain, which wraps every EventEmitter.emit of the process (measured ~10 % of a service's CPU).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const tsconfigPath = path.join(root, 'tsconfig.base.json');

/** TypeScript and the options it transpiles with, loaded only when a file is not in the cache. */
let transpiler;
function loadTranspiler() {
  if (transpiler) return transpiler;
  const ts = require('typescript');
  const config = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, root);
  const compilerOptions = {
    ...options,
    module: ts.ModuleKind.CommonJS,
    sourceMap: false,
    inlineSourceMap: true,
    inlineSources: false,
    noEmit: false,
  };
  transpiler = (source, fileName) => ts.transpileModule(source, { compilerOptions, fileName }).outputText;
  return transpiler;
}

// Transpiled output kept by the hash of its source, the tsconfig, TypeScript's version and this
// file: a restarted process loads its files without loading TypeScript (measured: a service's
// start from 4.4 s to under 2 s).
const cacheDir = path.join(process.env.BOOKING_CACHE_DIR ?? path.join(root, '.cache'), 'transpiled');
const settingsHash = crypto
  .createHash('sha1')
  .update(fs.readFileSync(tsconfigPath))
  .update(require('typescript/package.json').version)
  .update(fs.readFileSync(__filename))
  .digest('hex');

function transpiled(source, filename) {
  const key = crypto.createHash('sha1').update(settingsHash).update(filename).update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    const outputText = loadTranspiler()(source, filename);
    // Written aside and renamed, so a process starting alongside never reads half a file.
    const partial = `${cached}.${process.pid}`;
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      fs.writeFileSync(partial, outputText);
      fs.renameSync(partial, cached);
    } catch {
      // A read-only tree still runs, transpiling each time.
    }
    return outputText;
  }
}

process.setSourceMapsEnabled(true);
require.extensions['.ts'] = (module, filename) => {
  module._compile(transpiled(fs.readFileSync(filename, 'utf8'), filename), filename);
};
require('./register-paths');
