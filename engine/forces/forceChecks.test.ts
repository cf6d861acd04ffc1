import { describe, expect, it } from 'vitest';
import type { Forces, RulesetRef, Side, Unit } from '../format';
import { checkForces, type ForceCheckId } from './forceChecks';
import { composeRulesetCatalog } from './rulesetCatalog';
import { sidePoints } from './points';
import type { ScenarioDoc } from '../format';
import villageJson from '../../scenarios/tankplank-village.scenario.json';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../rulesets/registry';

const TANKS: RulesetRef = { id: 'tanks' };
const tanksCat = composeRulesetCatalog(TANKS, BUNDLED_CATALOGS);

const m1 = (id: string, cards: string[] = []): Unit => ({
  id,
  type: 'tanks.m1',
  ...(cards.length ? { cards: cards.map((card) => ({ card })) } : {}),
});

function usPlatoon(units: Unit[], patch: Partial<Side> = {}): Forces {
  return {
    sides: [
      {
        id: 'us',
        name: 'Americans',
        nation: 'US',
        alliance: 'NATO',
        pointsLimit: 50,
        formations: [
          { id: 'p', kind: 'platoon', name: 'Platoon', card: 'tanks.platoon.teamYankee', units },
        ],
        ...patch,
      },
    ],
  };
}

const checks = (forces: Forces, ruleset = TANKS, cat = tanksCat) =>
  checkForces(ruleset, forces, cat, BUNDLED_RULESETS).map((p) => p.check as ForceCheckId);

describe('TANKS platoon building (TK-8)', () => {
  it('a legal platoon within its points has no problems', () => {
    const forces = usPlatoon([m1('a', ['tanks.crew.bannon', 'tanks.crew.folk'])]);
    expect(checkForces(TANKS, forces, tanksCat, BUNDLED_RULESETS)).toEqual([]);
    // Placeholder costs: M1 30, each hero crew card 2, Team Yankee 0.
    expect(sidePoints(forces.sides[0]!, tanksCat)).toBe(34);
  });

  it('points-limit (TK-8.1): over the limit, then fixed', () => {
    const over = usPlatoon([m1('a'), m1('b')]);
    const problems = checkForces(TANKS, over, tanksCat, BUNDLED_RULESETS);
    expect(problems.map((p) => p.check)).toEqual(['points-limit']);
    expect(problems[0]!.message).toMatch(/60 points, over its limit of 50 by 10/);
    expect(problems[0]!.ruleId).toBe('TK-8.1');
    expect(checks(usPlatoon([m1('a')]))).toEqual([]);
  });

  it('a card that costs less than nothing counts off the total, and no model goes below nothing', () => {
    // A catalog like an imported BattleScribe one: a crew card that costs -1 pts.
    const cheap = composeRulesetCatalog(TANKS, BUNDLED_CATALOGS, {
      cards: [
        { id: 'x.crew.green', name: 'Green Crew', cardType: 'crew', points: -1 },
        { id: 'x.crew.conscripts', name: 'Conscripts', cardType: 'crew', points: -40 },
      ],
    });
    const two = usPlatoon([m1('a', ['x.crew.green']), m1('b')], { pointsLimit: 59 });
    expect(sidePoints(two.sides[0]!, cheap)).toBe(59);
    expect(
      checkForces(TANKS, two, cheap, BUNDLED_RULESETS).filter((p) => p.check === 'points-limit'),
    ).toEqual([]);
    const over = usPlatoon([m1('a', ['x.crew.green']), m1('b')], { pointsLimit: 58 });
    const [p] = checkForces(TANKS, over, cheap, BUNDLED_RULESETS).filter(
      (q) => q.check === 'points-limit',
    );
    expect(p!.message).toMatch(
      /costs 59 points \(1 taken off by Green Crew\), over its limit of 58 by 1/,
    );
    const negative = usPlatoon([m1('a', ['x.crew.conscripts'])]);
    const [n] = checkForces(TANKS, negative, cheap, BUNDLED_RULESETS).filter(
      (q) => q.check === 'points-limit',
    );
    expect(n).toMatchObject({ subjects: [{ kind: 'unit', id: 'a' }] });
    expect(n!.message).toMatch(/costs -10 points with its cards: Conscripts -40 take off more/);
  });

  it('hero-unique (TK-8.6): a Hero card twice in a platoon', () => {
    const twice = usPlatoon([m1('a', ['tanks.crew.bannon']), m1('b', ['tanks.crew.bannon'])], {
      pointsLimit: 100,
    });
    const problems = checkForces(TANKS, twice, tanksCat, BUNDLED_RULESETS);
    expect(problems.map((p) => p.check)).toEqual(['hero-unique']);
    expect(problems[0]!.subjects.map((s) => s.id)).toEqual(['a', 'b']);
    expect(
      checks(
        usPlatoon([m1('a', ['tanks.crew.bannon']), m1('b', ['tanks.crew.folk'])], {
          pointsLimit: 100,
        }),
      ),
    ).toEqual([]);
  });

  it('card-type-limit and crew-slots (TK-8.5)', () => {
    const cat = composeRulesetCatalog(TANKS, BUNDLED_CATALOGS, {
      cards: [
        { id: 'x.gunner', name: 'Spare gunner', cardType: 'crew', effect: { crewType: 'gunner' } },
        { id: 'x.crew', name: 'Extra hand', cardType: 'crew', effect: { crewType: 'spare' } },
      ],
    });
    const two = usPlatoon([m1('a', ['tanks.crew.folk', 'x.gunner'])], { pointsLimit: 100 });
    expect(checks(two, TANKS, cat)).toEqual(['card-type-limit']);
    const five = usPlatoon(
      [
        m1('a', [
          'tanks.crew.bannon',
          'tanks.crew.folk',
          'tanks.crew.kelp',
          'tanks.crew.ortelli',
          'x.crew',
        ]),
      ],
      { pointsLimit: 100 },
    );
    const problems = checkForces(TANKS, five, cat, BUNDLED_RULESETS);
    expect(problems.map((p) => p.check)).toEqual(['crew-slots']);
    expect(problems[0]!.message).toMatch(/5 Crew cards and 4 crew slot/);
  });

  it('country and card permission (TK-8.2, TK-8.4)', () => {
    const mixed = usPlatoon([m1('a'), { id: 't', type: 'tanks.t64' }], { pointsLimit: 100 });
    expect(checks(mixed)).toEqual(['country']);
    const soviet: Forces = {
      sides: [
        {
          id: 'su',
          name: 'Soviets',
          nation: 'Soviet',
          pointsLimit: 100,
          formations: [
            {
              id: 'p',
              kind: 'platoon',
              card: 'tanks.platoon.redBanner',
              units: [{ id: 't', type: 'tanks.t64', cards: [{ card: 'tanks.crew.bannon' }] }],
            },
          ],
        },
      ],
    };
    const problems = checkForces(TANKS, soviet, tanksCat, BUNDLED_RULESETS);
    expect(problems.map((p) => p.check)).toEqual(['card-permission']);
    expect(problems[0]!.message).toMatch(/Sean Bannon is a card for US/);
    const wrongPlatoonCard = usPlatoon([m1('a')], {});
    wrongPlatoonCard.sides[0]!.formations[0]!.card = 'tanks.platoon.redBanner';
    expect(checks(wrongPlatoonCard)).toEqual(['platoon-card']);
  });

  it('card-applies: an upgrade restricted to another model', () => {
    const cat = composeRulesetCatalog(TANKS, BUNDLED_CATALOGS, {
      units: [{ id: 'x.m1a1', name: 'M1A1', class: 'tank', nation: 'US', points: 32 }],
    });
    const wrong = usPlatoon([
      { id: 'a', type: 'x.m1a1', cards: [{ card: 'tanks.upgrade.alpha66' }] },
    ]);
    expect(checks(wrong, TANKS, cat)).toEqual(['card-applies']);
    expect(checks(usPlatoon([m1('a', ['tanks.upgrade.alpha66'])]), TANKS, cat)).toEqual([]);
  });

  it('eye-card-hidden (TK-8.7) and unknown types', () => {
    const cat = composeRulesetCatalog(TANKS, BUNDLED_CATALOGS, {
      cards: [{ id: 'x.eye', name: 'Spotter', cardType: 'upgrade', effect: { eye: true } }],
    });
    const hidden = usPlatoon([
      { id: 'a', type: 'tanks.m1', cards: [{ card: 'x.eye', hidden: true }] },
    ]);
    expect(checks(hidden, TANKS, cat)).toEqual(['eye-card-hidden']);
    expect(checks(usPlatoon([{ id: 'a', type: 'tanks.nope' }]))).toContain('unknown-type');
  });
});

describe('transports and ids', () => {
  it('passengers beyond capacity, in two transports, or unknown', () => {
    const cat = composeRulesetCatalog({ id: 'tankplank', layers: ['BASIC'] }, BUNDLED_CATALOGS);
    const forces: Forces = {
      sides: [
        {
          id: 'a',
          name: 'A',
          formations: [
            {
              id: 'f',
              units: [
                { id: 'j1', type: 'tp.jeep', passengers: ['m1', 'm2', 'm3', 'm4'] },
                { id: 'j2', type: 'tp.jeep', passengers: ['m1', 'ghost'] },
                { id: 'm1', type: 'tp.rifleman' },
                { id: 'm2', type: 'tp.rifleman' },
                { id: 'm3', type: 'tp.rifleman' },
                { id: 'm4', type: 'tp.rifleman' },
              ],
            },
          ],
        },
      ],
    };
    const found = checkForces(
      { id: 'tankplank', layers: ['BASIC'] },
      forces,
      cat,
      BUNDLED_RULESETS,
    ).filter((p) => p.check === 'transport');
    expect(found.map((p) => p.message)).toEqual([
      expect.stringMatching(/carries 4 passengers; it has room for 3/),
      expect.stringMatching(/rides in both j1 and j2/),
      expect.stringMatching(/lists passenger "ghost"/),
    ]);
  });
});

describe('Tankplank order of battle (TP-2)', () => {
  const ruleset: RulesetRef = { id: 'tankplank', layers: ['BASIC'] };
  const cat = composeRulesetCatalog(ruleset, BUNDLED_CATALOGS);
  const village = villageJson as unknown as ScenarioDoc;

  it('the bundled village sides match the order of battle', () => {
    expect(checkForces(ruleset, village.forces, cat, BUNDLED_RULESETS)).toEqual([]);
  });

  it('with the assault-gun option a side fields 3 assault guns instead of its medium tanks', () => {
    const forces = JSON.parse(JSON.stringify(village.forces)) as Forces;
    for (const s of forces.sides) {
      s.formations = s.formations.map((f) =>
        f.kind === 'platoon'
          ? {
              ...f,
              units: [1, 2, 3].map((n) => ({ id: `${s.id}.ag${n}`, type: 'tp.assaultGun' })),
            }
          : f,
      );
    }
    const withAg: RulesetRef = { ...ruleset, options: { 'BASIC.OPT.AG': true } };
    expect(checkForces(withAg, forces, cat, BUNDLED_RULESETS)).toEqual([]);
    expect(checkForces(ruleset, forces, cat, BUNDLED_RULESETS).map((p) => p.message)).toEqual([
      expect.stringMatching(/Side A .* has 0 medium tanks/),
      expect.stringMatching(/Side B .* has 0 medium tanks/),
    ]);
  });

  it('a side short of a tank and a squad short of a man are reported', () => {
    const forces = JSON.parse(JSON.stringify(village.forces)) as Forces;
    const a = forces.sides[0]!;
    a.formations = a.formations.map((f) =>
      f.id === 'a.tank' ? { ...f, units: f.units.slice(0, 1) } : f,
    );
    a.formations[0]!.units.pop();
    const problems = checkForces(ruleset, forces, cat, BUNDLED_RULESETS);
    expect(problems.map((p) => p.message).sort()).toEqual([
      expect.stringMatching(/^1st Squad of Side A \(west\) has 9 men; a squad has 10/),
      expect.stringMatching(/^Side A \(west\) has 1 medium tanks; .* gives each side 2/),
    ]);
    expect(problems.every((p) => p.ruleId === 'TP-2')).toBe(true);
  });
});

describe('unit count', () => {
  const village = villageJson as unknown as ScenarioDoc;
  const cat = composeRulesetCatalog(village.ruleset, BUNDLED_CATALOGS);
  /** The village's forces with each formation's units `k` times over. */
  const times = (k: number): Forces => ({
    sides: village.forces.sides.map((s) => ({
      ...s,
      formations: s.formations.map(function grow(f): typeof f {
        return {
          ...f,
          units: Array.from({ length: k }, (_, i) =>
            f.units.map((u) => ({ ...u, id: i ? `${u.id}-${i}` : u.id })),
          ).flat(),
          ...(f.formations ? { formations: f.formations.map(grow) } : {}),
        };
      }),
    })),
  });

  it('refuses more units than a game of the ruleset plays in seconds, and says how many a side has', () => {
    expect(checks(village.forces, village.ruleset, cat)).not.toContain('unit-count');
    const problems = checkForces(village.ruleset, times(5), cat, BUNDLED_RULESETS).filter(
      (p) => p.check === 'unit-count',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('630 units (Side A (west) 315, Side B (east) 315)');
    expect(problems[0]!.message).toContain('more than the 600');
    expect(problems[0]!.severity).toBe('error');
  });
});
