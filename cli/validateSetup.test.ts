import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serializeDocument } from '../engine/format/index';
import { newScenario } from '../engine/document/newScenario';

const exec = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'bin', 'sandtable.mjs');

describe('sandtable validate: forces and set-up checks', () => {
  it('fails a TANKS platoon over its points limit and names the rule', async () => {
    const doc = newScenario({ ruleset: 'tanks', map: { kind: 'table', width: 36, height: 36 } });
    doc.forces.sides[0] = {
      id: 'us',
      name: 'Americans',
      nation: 'US',
      pointsLimit: 50,
      formations: [
        {
          id: 'p',
          kind: 'platoon',
          card: 'tanks.platoon.teamYankee',
          units: [
            { id: 'a', type: 'tanks.m1' },
            { id: 'b', type: 'tanks.m1' },
          ],
        },
      ],
    };
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-'));
    const file = join(dir, 'platoon.scenario.json');
    await writeFile(file, serializeDocument(doc));
    const out = await exec(process.execPath, [bin, 'validate', file]).then(
      () => ({ code: 0, stdout: '' }),
      (e: { code: number; stdout: string }) => e,
    );
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(
      /FAIL .* at \/forces\/sides\/0 \(points-limit\): Americans costs 60 points, over its limit of 50 by 10.*\[TK-8\.1\]/,
    );
  }, 60_000);
});
