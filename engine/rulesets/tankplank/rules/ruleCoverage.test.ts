import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * Every rule, ambiguity and gap of the Tankplank digest is implemented somewhere a reader can find
 * by its id: in the engine, its catalogs or the village generator, or, for the few handled under
 * another id or by data alone, in the list below, which names where.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const digest = join(root, '..', 'shared', 'rules', 'tankplank.md');
const haveDigest = existsSync(digest);
if (!haveDigest)
  console.log(
    `rule coverage skipped: the Tankplank digest is not at ${digest} (../shared missing)`,
  );

/** Ids carried by other rule ids or by catalog data alone, with where to look. */
const ELSEWHERE: Readonly<
  Record<string, { readonly via: readonly string[]; readonly where: string }>
> = {
  'TP-1.5': { via: ['TP-G1'], where: 'the village map generator keeps roads at ground level' },
  'TP-1.10': { via: ['TP-G1'], where: 'walls, hedges and bushes drawn by the village generator' },
  'TP-8.4': { via: ['TP-A7'], where: 'fire.ts: an LMG or HMG within 3" fires the SMG cone' },
  'TP-11.2': {
    via: ['TP-11.1', 'TP-A53'],
    where: 'fire.ts planGun: HE aimed as at a vehicle; a miss does nothing',
  },
  'TP-11.4': {
    via: ['TP-11.1'],
    where: 'fire.ts blastEffects: unarmoured vehicles take impact 2 on the strongest face',
  },
  'TP-12.5': { via: ['TP-17.1'], where: 'catalog: tp.mortar60 stats.ammo 6' },
  'TP-14.2': { via: ['TP-A42'], where: 'fire.ts saveFor: +1 light, +2 heavy cover on every save' },
  'TP-17.2': { via: ['TP-17.1'], where: 'UI only: ammunition shows on each counter' },
  'TP-18.3': { via: ['TP-A17'], where: 'catalog: tp.heavyTank' },
  'TP-18.4': { via: ['TP-A13'], where: 'catalog: tp.tankDestroyer' },
  'TP-18.5': { via: ['TP-A14'], where: 'catalog: tp.spGun' },
  'TP-18.6': { via: ['TP-A35'], where: 'catalog: tp.halfTrackGun with its 30° arc' },
  'TP-19.2': { via: ['TP-A36'], where: 'TW catalog: tankette armour 4/3/2' },
  'TP-19.6': { via: ['TP-A43'], where: 'TW catalog constant grenadeVsTanketteImpact' },
  'TP-20.1': {
    via: ['TP-A37'],
    where: 'ADV catalog: mobilityClasses and the armour chart by class',
  },
  'TP-G3': {
    via: ['TP-11.1'],
    where: 'geometry/templates.ts sector template, A per weapon in the catalog',
  },
  'TP-G4': { via: ['TP-17.1'], where: 'UI only: the ammo counters live on the unit' },
  'TP-G14': { via: ['TP-20.2'], where: 'ADV catalog: tp.horseCavalry' },
  'TP-G17': {
    via: ['TP-19.1'],
    where: 'TW catalog: each tankette lists its own weapons and rounds',
  },
  'TP-G18': { via: ['TP-A3'], where: 'ADV catalog: every gun uses the cannon bands C1–C4' },
  'TP-G22': { via: ['TP-8.8'], where: 'catalog: pintle MGs use the HMG profile' },
  'TP-G25': {
    via: ['TP-G19'],
    where: 'the hull MG fires in the front 90° (the digest cites G25 for G19)',
  },
};

function sources(): string {
  const files: string[] = [];
  const walk = (dir: string, keep: (f: string) => boolean) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = join(dir, e.name);
      if (e.isDirectory()) walk(rel, keep);
      else if (keep(e.name)) files.push(rel);
    }
  };
  const code = (f: string) => f.endsWith('.ts') && !f.endsWith('.test.ts');
  walk('engine/rulesets/tankplank', code);
  walk('engine/playtest', code);
  walk('engine/movement', code);
  walk('engine/los', code);
  walk('engine/geometry', code);
  walk('scenarios/catalogs', (f) => f.startsWith('tankplank'));
  // The village generator, its table and its forces.
  for (const f of ['tankplankVillage.ts', 'villageMap.ts', 'villageForces.ts'])
    files.push(`scripts/scenarios/${f}`);
  return files.map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
}

const idsIn = (text: string) =>
  new Set(text.match(/TP-(?:\d+(?:\.\d+)?[a-z]?|[AG]\d+)(?![\d.])/g) ?? []);

describe.skipIf(!haveDigest)('Tankplank rule coverage', () => {
  // Rules by number (TP-5.3), ambiguities (TP-A12) and gaps (TP-G7); whole sections are headings.
  const wanted = haveDigest
    ? [...idsIn(readFileSync(digest, 'utf8'))].filter((id) => /^TP-(\d+\.|[AG])/.test(id))
    : [];
  const found = haveDigest ? idsIn(sources()) : new Set<string>();

  test('every rule id of the digest is implemented where its id can be found', () => {
    const missing = wanted.filter((id) => !found.has(id) && !ELSEWHERE[id]);
    expect(missing).toEqual([]);
    expect(wanted.length).toBeGreaterThan(150);
  });

  test('what is carried under another id points at ids that are there, and is not stale', () => {
    for (const [id, e] of Object.entries(ELSEWHERE)) {
      expect(wanted, id).toContain(id);
      expect(found.has(id), `${id} is now referenced directly: drop it from ELSEWHERE`).toBe(false);
      for (const via of e.via) expect(found.has(via), `${id} via ${via}`).toBe(true);
    }
  });
});
