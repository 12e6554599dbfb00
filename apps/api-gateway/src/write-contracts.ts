// `npm run contracts`: writes the OpenAPI and AsyncAPI documents and one JSON Schema per event
// type under docs/contracts/, the files a code generator reads without a running platform.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contractFiles } from './openapi/contract-files';

const root = join(__dirname, '../../../docs/contracts');
for (const [file, text] of Object.entries(contractFiles())) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}
process.stdout.write(`wrote ${Object.keys(contractFiles()).length} files to docs/contracts/\n`);
