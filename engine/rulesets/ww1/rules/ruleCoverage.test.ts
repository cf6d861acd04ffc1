import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * Where each rule, ambiguity, gap and vector of the WWI digest stands in the engine: done, partly
 * done (what is missing is said), or not done (why). Every id the digest names must be listed,
 * and an id listed as done or partly done must appear in the engine's code, its catalogs or its
 * golden cases, where a reader finds it by searching for the id.
 */
type Status = 'done' | 'partial' | 'not done';
const COVERAGE: Readonly<Record<string, readonly [Status, string]>> = {
  'WW-1': ['done', 'male/female tanks in the catalogs'],
  'WW-1.1': ['done', 'scale is data only (data.ts); nothing in the rules reads it'],
  'WW-1.2': ['done', 'every tank type needs stats.sex male or female, refused otherwise (data.ts)'],
  'WW-1.3': [
    'partial',
    'each tank type has its own move, dice by range and close dice (placeholder values); per-type special rules are not in the seed, so none are played',
  ],
  'WW-2': ['done', 'tanks follow the general order, move and battle phases (turn.ts)'],
  'WW-2.1': [
    'done',
    'turn.ts orderProblem, move, planBattle: a tank is ordered, moves and battles',
  ],
  'WW-3': ['done', 'turn.ts move'],
  'WW-3.1': ['done', 'turn.ts move: wire does not stop a tank; golden t03'],
  'WW-3.2': ['done', 'turn.ts move and gainGround remove the wire; the hex board draws it gone'],
  'WW-4': ['done', 'turn.ts planBattle'],
  'WW-4.1': ['done', 'range from rangedDice, sight hex to hex with blocking terrain and units'],
  'WW-4.2': ['done', 'at one hex a battle is close combat, never fire'],
  'WW-4.3': ['done', 'planBattle refuses fire from a tank next to an enemy; golden t01'],
  'WW-4.4': ['done', 'planBattle: enteredBuilding; golden t02'],
  'WW-5': ['done', 'turn.ts planBattle, battle'],
  'WW-5.1': ['done', 'close combat at one hex with closeDice'],
  'WW-5.2': ['done', 'the WW-4.3 check: only adjacent targets'],
  'WW-5.3': [
    'done',
    'Tankschreken voids flag ignores in a tank close combat on a soldier unit; (a) building and (b) field artillery keep terrain ignores; goldens t04-t06',
  ],
  'WW-5.4': ['done', 'planBattle: enteredBuilding; golden t02'],
  'WW-5.5': [
    'done',
    'combat cards carry playableByTanks; Butt & Bayonet true (sourced), Steady Aim false',
  ],
  'WW-6': ['done', 'turn.ts gainGround'],
  'WW-6.1': ['done', 'success: the defender eliminated or retreated out of its hex (WW-A7)'],
  'WW-6.2': ['done', 'gainGround moves the tank at once, mandatory; golden t07'],
  'WW-6.3': [
    'done',
    '(a) stopped, (b) First Strike, (c) Surprise Ambush, (d) Butt & Bayonet (golden t08), (e) occupied or impassable hex',
  ],
  'WW-7': ['done', 'turn.ts gainGround and planBattle'],
  'WW-7.1': ['done', 'bog-down roll after gaining ground opens one optional bonus combat'],
  'WW-7.2': ['done', 'female: close, or fire when nothing is adjacent; golden t09'],
  'WW-7.3': ['done', 'male: close only (WW-A3); golden t10'],
  'WW-7.4': ['done', 'bogged down: no bonus combat'],
  'WW-7.5': [
    'done',
    'terrain keeping the tank out (6.3(e)) or a building entered (WW-A4) end both',
  ],
  'WW-7.6': ['done', 'one bonus combat per tank per turn'],
  'WW-7.7': ['done', 'a bonus close combat that succeeds gains ground and rolls again; golden t11'],
  'WW-A1': ['done', 'option stopTerrainCheck (positionAfterMove, vacatedHex)'],
  'WW-A2': [
    'done',
    'option tankschrekenVoidsAllIgnores; the machine-gun stand-in has its own ignore',
  ],
  'WW-A3': ['done', 'option maleBonusCombat (closeOnly, closeOrFire)'],
  'WW-A4': ['done', 'option buildingGainGroundEndsBonus'],
  'WW-A5': ['done', 'option wireInVacatedHex (removeKeepBonus, removeNoBonus)'],
  'WW-A6': [
    'done',
    'option onlyOrderedTanksGainGround; the stand-in combat card Counter-attack (effect unorderedUnit) lets an unordered unit close combat, and such a tank does not gain ground unless the option is false',
  ],
  'WW-A7': [
    'done',
    'option closeCombatSuccess hexVacated, the one reading (a tank cannot enter a hex still held)',
  ],
  'WW-G1': [
    'done',
    'placeholder command and combat decks with a small effect vocabulary (sections, units, dice, tankMayGainGround; battle, dice, voidFlagIgnores, playableByTanks, unorderedUnit), hand sizes, a draw per turn',
  ],
  'WW-G2': ['partial', 'placeholder stats for two tank types, no special rules per type'],
  'WW-G3': [
    'partial',
    'placeholder bog-down table by terrain (dice, faces that bog); the effect is no move next turn; no recovery roll',
  ],
  'WW-G4': [
    'done',
    'placeholder battle die (faces, which classes each hits, the flag), a retreat hex per flag toward the own edge, a figure lost when blocked',
  ],
  'WW-G5': [
    'done',
    'placeholder terrain: building, wire, stop movement, tank entry stops, LOS blocking, flag ignores, close dice reduction',
  ],
  'WW-G6': ['done', 'hex line centre to centre, both tie paths, blocking terrain and units'],
  'WW-G7': [
    'partial',
    'medals for eliminations and held objectives, medalsToWin from the scenario; sections from the map; no other scenario special rules',
  ],
  'WW-G8': [
    'partial',
    'infantry, machine guns and field artillery (placeholder values); no cavalry or others',
  ],
};

const VECTORS = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10', 'T11'];

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const digest = join(root, '..', 'shared', 'rules', 'ww1-tanks.md');
const haveDigest = existsSync(digest);
if (!haveDigest)
  console.log(`rule coverage skipped: the WWI digest is not at ${digest} (../shared missing)`);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return (p.endsWith('.ts') && !p.endsWith('.test.ts')) || p.endsWith('.json') ? [p] : [];
  });
}

describe('WWI rule coverage', () => {
  test.skipIf(!haveDigest)('every id of the digest is listed with where it stands', () => {
    const ids = new Set(
      readFileSync(digest, 'utf8').match(/WW-(?:\d+\.\d+|[AG]\d+|\d+)(?![.\d])/g) ?? [],
    );
    expect([...ids].filter((id) => !(id in COVERAGE))).toEqual([]);
  });

  test('every id done or partly done can be found in the engine, its catalogs or goldens', () => {
    const text = [
      ...files(join(root, 'engine', 'rulesets', 'ww1')),
      join(root, 'scenarios', 'catalogs', 'ww1.catalog.json'),
      join(root, 'scenarios', 'catalogs', 'ww1.placeholder.catalog.json'),
    ]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const absent = Object.entries(COVERAGE)
      .filter(
        ([id, [status]]) => status !== 'not done' && !new RegExp(`${id}(?![\\d.])`).test(text),
      )
      .map(([id]) => id);
    expect(absent).toEqual([]);
  });

  test('every test vector of the digest is a golden case', () => {
    const golden = readdirSync(join(root, 'engine', 'rulesets', 'ww1', 'golden'));
    for (const t of VECTORS) {
      const n = t.slice(1).padStart(2, '0');
      const dir = golden.find((g) => g.startsWith(`t${n}-`));
      expect(dir, t).toBeDefined();
      const expected = readFileSync(
        join(root, 'engine', 'rulesets', 'ww1', 'golden', dir!, 'expected.json'),
        'utf8',
      );
      expect(expected).toContain(`"${t}:`);
    }
  });
});
