import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable } from './testing';

/**
 * Every command that reads a scenario admits it as `sandtable validate` does, and every command
 * that plays says so, and exits 1, when a game did not finish.
 */

const scenarios = join(import.meta.dirname, '..', 'scenarios');
let dir = '';
/** The TANKS first game with the T-64's type one no catalog lists. */
let unknownType = '';
/** TANKS Air Cover with 30 more Hinds than its deployment can take: the game stops at turn 0. */
let helicopters = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandtable-admit-'));
  const first = await readFile(join(scenarios, 'tanks-your-first-game.scenario.json'), 'utf8');
  unknownType = join(dir, 'unknown-type.scenario.json');
  await writeFile(unknownType, first.replace('"type": "tanks.t64"', '"type": "tanks.nope"'));
  const air = JSON.parse(
    await readFile(join(scenarios, 'tanks-air-cover.scenario.json'), 'utf8'),
  ) as {
    forces: { sides: { formations: { units: { id: string; type: string; name?: string }[] }[] }[] };
    deployment: { zones: { area: { depth: number } }[] };
  };
  const units = air.forces.sides[0]!.formations[0]!.units;
  const hind = air.forces.sides[0]!.formations.flatMap((f) => f.units).find(
    (u) => u.type === 'tanks.hind',
  )!;
  // As many models as TANKS plays (32), the Soviets' in a strip 1" deep: the bot cannot deploy
  // them all, so the game stops in deployment.
  for (let k = 0; k < 28; k++) units.push({ ...hind, id: `sov.hind${k}`, name: `Hind ${k}` });
  air.deployment.zones[0]!.area.depth = 1;
  helicopters = join(dir, 'helicopters.scenario.json');
  await writeFile(helicopters, JSON.stringify(air));
});

describe('a file validate rejects is refused by every command, located, with exit 1', () => {
  const where = '/forces/sides/0/formations/0/units/0';
  const commands: [string, string[]][] = [
    ['validate', []],
    ['los', ['--from', 'usa.m1', '--to', 'sov.t64']],
    ['odds', ['--shooter', 'usa.m1', '--target', 'sov.t64']],
    ['play', ['--seed', '1', '--bot']],
    ['simulate', ['--games', '1', '--workers', '1']],
  ];
  for (const [command, args] of commands)
    it(
      command,
      async () => {
        const r = await sandtable(command, unknownType, ...args);
        expect(r.code, r.stderr).toBe(1);
        // No stack: a located line that says what is wrong.
        expect(`${r.stdout}${r.stderr}`).toContain(`${unknownType} at ${where} (unknown-type)`);
        expect(r.stderr).not.toMatch(/\n\s+at .*\.ts:\d+/);
      },
      60_000,
    );
});

describe('a game that does not finish is no success', () => {
  it('play --bot says how it stopped and exits 1', async () => {
    const r = await sandtable('play', helicopters, '--seed', '1', '--bot');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('turn 0, deployment');
    expect(r.stderr).toMatch(/the game did not finish \(stuck, sov\): .*must be deployed/);
    const json = await sandtable('play', helicopters, '--seed', '1', '--bot', '--json');
    expect(json.code).toBe(1);
    const out = JSON.parse(json.stdout) as { finished: boolean; unfinished: { side: string } };
    expect(out.finished).toBe(false);
    expect(out.unfinished.side).toBe('sov');
  }, 60_000);

  it('simulate prints its report, then exits 1', async () => {
    const r = await sandtable('simulate', helicopters, '--games', '2', '--workers', '1');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('unfinished: 2');
    expect(r.stderr).toContain('2 of 2 games did not finish (first: seed 1');
  }, 60_000);

  it('a bot game that ends still exits 0', async () => {
    const r = await sandtable(
      'play',
      join(scenarios, 'tanks-your-first-game.scenario.json'),
      '--seed',
      '2',
      '--bot',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  }, 60_000);
});
