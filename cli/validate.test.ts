import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandtable } from './testing';
import { serializeDocument } from '../engine/format/index';
import { minimalScenario } from '../engine/format/testFixtures';

describe('sandtable validate', () => {
  it('exits 0 for valid files and 1 with the problem list otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-'));
    const good = join(dir, 'good.scenario.json');
    const bad = join(dir, 'bad.scenario.json');
    await writeFile(good, serializeDocument(minimalScenario()));
    await writeFile(
      bad,
      serializeDocument(minimalScenario()).replace('"width": 36', '"width": "36"'),
    );

    const ok = await sandtable('validate', good);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('1 of 1 file(s) valid');

    const fail = await sandtable('validate', good, bad);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(
      /FAIL .*bad\.scenario\.json:\d+:\d+ at \/map\/width: .*expected number/,
    );

    const json = await sandtable('validate', '--json', bad);
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as {
      valid: boolean;
      files: { problems: { pointer: string; line: number }[] }[];
    };
    expect(parsed.valid).toBe(false);
    expect(parsed.files[0]!.problems[0]).toMatchObject({ pointer: '/map/width' });
    expect(parsed.files[0]!.problems[0]!.line).toBeGreaterThan(1);
  }, 60_000);

  it('runs the layout checks on scenarios: errors fail, warnings fail only with --strict', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-'));
    const warn = minimalScenario();
    if (warn.map.kind !== 'table') throw new Error('fixture is a table');
    warn.map.features.push({
      id: 'shed',
      kind: 'building',
      x: 6,
      y: 12,
      width: 2,
      depth: 2,
      buildingKind: 'closed',
      floors: 1,
    });
    const warnFile = join(dir, 'warn.scenario.json');
    await writeFile(warnFile, serializeDocument(warn));
    const lenient = await sandtable('validate', warnFile);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(
      /warn .*\/map\/features\/5 \(overlap\): building shed and road road-1 overlap|warn .*\(overlap\): road road-1 and building shed overlap/,
    );
    expect((await sandtable('validate', '--strict', warnFile)).code).toBe(1);

    const broken = minimalScenario();
    if (broken.map.kind !== 'table') throw new Error('fixture is a table');
    broken.map.features[2] = {
      id: 'bridge-1',
      kind: 'bridge',
      points: [
        [17, 10],
        [19, 10],
        [19, 14],
        [17, 14],
      ],
      spans: 'creek',
      carries: 'road-1',
    };
    const brokenFile = join(dir, 'broken.scenario.json');
    await writeFile(brokenFile, serializeDocument(broken));
    const fail = await sandtable('validate', '--json', brokenFile);
    expect(fail.code).toBe(1);
    const report = JSON.parse(fail.stdout) as {
      files: { layout: { check: string; severity: string }[] }[];
    };
    expect(report.files[0]!.layout).toContainEqual(
      expect.objectContaining({ check: 'bridge-span', severity: 'error' }),
    );
  }, 60_000);

  it('reports a missing file and bad usage clearly', async () => {
    const missing = await sandtable('validate', '/no/such/file.json');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('does not exist');
    const usage = await sandtable('validate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('no files given');
    const unknown = await sandtable('frobnicate');
    expect(unknown.code).toBe(2);
  }, 60_000);
});
