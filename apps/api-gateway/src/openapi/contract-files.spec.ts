import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractFiles } from './contract-files';

describe('docs/contracts', () => {
  it.each(Object.entries(contractFiles()))(
    'holds %s as the code generates it (npm run contracts)',
    (file, text) => {
      expect(readFileSync(join(__dirname, '../../../../docs/contracts', file), 'utf8')).toBe(text);
    },
  );
});
