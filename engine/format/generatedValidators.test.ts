import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateValidators } from '../../scripts/compileValidators';

describe('compiled validators', () => {
  it('engine/format/generated matches the schemas (run "npm run schemas" after editing a schema)', async () => {
    const dir = join(import.meta.dirname, 'generated');
    const { js, dts } = generateValidators();
    expect(await readFile(join(dir, 'validators.js'), 'utf8')).toBe(js);
    expect(await readFile(join(dir, 'validators.d.ts'), 'utf8')).toBe(dts);
  });

  it('contain no eval or Function constructor', async () => {
    const js = await readFile(join(import.meta.dirname, 'generated', 'validators.js'), 'utf8');
    expect(js).not.toMatch(/\beval\(|new Function\(/);
  });
});
