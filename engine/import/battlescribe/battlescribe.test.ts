import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../xml';
import { saxesXmlParser } from '../saxesXml';
import { importBattleScribe, type BsInputFile } from './battlescribe';
import { checkForces, composeRulesetCatalog } from '../../forces/index';
import type { Forces } from '../../format/types';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../../rulesets/registry';

const dir = join(import.meta.dirname, 'testdata');
const file = (name: string): BsInputFile => ({ name, bytes: readFileSync(join(dir, name)) });
const set = () => [file('tanks.gst'), file('us.cat'), file('soviet.cat')];

describe('BattleScribe import', () => {
  it('reads model cards with their stats, points, country and keywords', () => {
    const { catalog } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    const m1 = catalog.units!.find((u) => u.name === 'M1 Abrams')!;
    expect(m1).toMatchObject({
      class: 'tank',
      nation: 'US',
      points: 30,
      slots: { crew: 4 },
      stats: { initiative: 6, attack: 4, defence: 2, damageCapacity: 4 },
      keywords: ['Fast'],
    });
    const apache = catalog.units!.find((u) => u.name === 'AH-64 Apache')!;
    expect(apache).toMatchObject({ class: 'helicopter', slots: { crew: 2, ammo: 2 }, points: 36 });
    const t64 = catalog.units!.find((u) => u.name === 'T-64')!;
    expect(t64).toMatchObject({ nation: 'Soviet', points: 18, stats: { damageCapacity: 3 } });
    expect(catalog.ruleset).toBe('tanks');
  });

  it('reads crew, upgrade, ammo and platoon cards with cost, post, country and text', () => {
    const { catalog, report } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    const byName = (n: string) => catalog.cards!.find((c) => c.name === n)!;
    expect(byName('Superb Commander')).toMatchObject({
      cardType: 'crew',
      points: 2,
      effect: { crewType: 'commander' },
      text: '+1 Initiative.',
    });
    expect(byName('Superb Commander').nations).toBeUndefined();
    expect(byName('Extra Ammunition')).toMatchObject({ cardType: 'ammo', points: 2 });
    expect(byName('ERA')).toMatchObject({
      cardType: 'upgrade',
      effect: { upgradeType: 'armour' },
      appliesTo: ['tank'],
    });
    // Defined inside the M1's entry: only the M1 takes it.
    const m1 = catalog.units!.find((u) => u.name === 'M1 Abrams')!;
    expect(byName('120mm Smoothbore')).toMatchObject({ cardType: 'upgrade', appliesTo: [m1.id] });
    expect(byName('Team Yankee')).toMatchObject({ cardType: 'platoon', nations: ['US'] });
    expect(byName('Red Banner')).toMatchObject({ cardType: 'platoon', nations: ['Soviet'] });
    expect(byName('Sean Bannon')).toMatchObject({ cardType: 'crew', hero: true, nations: ['US'] });
    expect(report.units).toBe(3);
    expect(report.cards).toMatchObject({ crew: 2, upgrade: 2, ammo: 1, platoon: 2 });
  });

  it('lists what it could not carry over with file, element and line', () => {
    const { report } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    const msgs = report.notImported.map((p) => `${p.file} ${p.where}: ${p.message}`);
    expect(msgs).toContainEqual(
      expect.stringMatching(
        /^tanks\.gst <modifier> line \d+: "ERA": conditional change "set hidden true"/,
      ),
    );
    expect(msgs).toContainEqual(
      expect.stringMatching(
        /^us\.cat <constraint> line \d+: "M1 Abrams": constraint "max 3\.0 selections per roster"/,
      ),
    );
    expect(msgs).toContainEqual(
      expect.stringMatching(/soviet\.cat <entryLink name="Lost link"> line \d+: .*does-not-exist/),
    );
    expect(msgs).toContainEqual(
      expect.stringMatching(/soviet\.cat <selectionEntry name="Painted Flag"> line \d+/),
    );
    expect(msgs).toContainEqual(expect.stringMatching(/tanks\.gst <forceEntry name="Platoon">/));
    expect(msgs).toContainEqual(expect.stringMatching(/rule "Night Fighting" is not used/));
    // The max-1-per-model constraint is the TANKS rule itself, so it is not reported.
    expect(msgs.some((m) => m.includes('Superb Commander": constraint'))).toBe(false);
    const era = report.notImported.find((p) => p.message.includes('"ERA"'))!;
    const line = Number(/line (\d+)/.exec(era.where)![1]);
    expect(readFileSync(join(dir, 'tanks.gst'), 'utf8').split('\n')[line - 1]).toContain(
      '<modifier',
    );
  });

  it('gives a TANKS scenario units and cards it can use at once', () => {
    const { catalog } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    const m1 = catalog.units!.find((u) => u.name === 'M1 Abrams')!;
    const cmd = catalog.cards!.find((c) => c.name === 'Superb Commander')!;
    const yankee = catalog.cards!.find((c) => c.name === 'Team Yankee')!;
    const forces: Forces = {
      sides: [
        {
          id: 'us',
          name: 'US',
          nation: 'US',
          pointsLimit: 40,
          formations: [
            {
              id: 'p1',
              card: yankee.id,
              units: [{ id: 'a', type: m1.id, cards: [{ card: cmd.id }] }],
            },
          ],
        },
      ],
    };
    const ruleset = { id: 'tanks' as const };
    const errors = checkForces(
      ruleset,
      forces,
      composeRulesetCatalog(ruleset, [...BUNDLED_CATALOGS, catalog]),
      BUNDLED_RULESETS,
    );
    expect(errors.filter((p) => p.severity === 'error')).toEqual([]);
    // And the same units through the scenario's own catalog.
    const own = composeRulesetCatalog(ruleset, BUNDLED_CATALOGS, {
      units: catalog.units,
      cards: catalog.cards,
    });
    expect(
      checkForces(ruleset, forces, own, BUNDLED_RULESETS).filter((p) => p.severity === 'error'),
    ).toEqual([]);
  });

  it('gives the same ids on every import', () => {
    const a = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS).catalog;
    const b = importBattleScribe([...set()].reverse(), saxesXmlParser, BUNDLED_RULESETS).catalog;
    expect(b.units!.map((u) => u.id)).toEqual(a.units!.map((u) => u.id));
    expect(b.cards!.map((c) => c.id).sort()).toEqual(a.cards!.map((c) => c.id).sort());
  });

  it('reads zipped .gstz and .catz files', () => {
    const zip = (name: string, inner: string) => ({
      name,
      bytes: zipSync({ [inner]: readFileSync(join(dir, inner)) }),
    });
    const { report } = importBattleScribe(
      [zip('tanks.gstz', 'tanks.gst'), zip('us.catz', 'us.cat'), file('soviet.cat')],
      saxesXmlParser,
      BUNDLED_RULESETS,
    );
    expect(report.units).toBe(3);
  });

  it('refuses a broken catalogue with its line, and imports nothing', () => {
    const broken = readFileSync(join(dir, 'us.cat'), 'utf8').replace('</profiles>', '</profile>');
    const call = () =>
      importBattleScribe(
        [file('tanks.gst'), { name: 'us.cat', bytes: strToU8(broken) }],
        saxesXmlParser,
        BUNDLED_RULESETS,
      );
    expect(call).toThrow(ImportError);
    expect(call).toThrow(
      /us\.cat at line \d+, column \d+ \(inside <\w+> of line \d+\): the XML is not well formed/,
    );
  });

  it('refuses catalogues of another game system and a set without a .gst', () => {
    const other = readFileSync(join(dir, 'us.cat'), 'utf8').replace(
      'gameSystemId="sys-tanks-0001"',
      'gameSystemId="wh40k"',
    );
    expect(() =>
      importBattleScribe(
        [file('tanks.gst'), { name: 'us.cat', bytes: strToU8(other) }],
        saxesXmlParser,
        BUNDLED_RULESETS,
      ),
    ).toThrow(/belongs to game system wh40k/);
    expect(() => importBattleScribe([file('us.cat')], saxesXmlParser, BUNDLED_RULESETS)).toThrow(
      /no game system/,
    );
  });

  it('refuses entity tricks and huge files quickly', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><gameSystem id="x" name="&lol3;"/>`;
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<gameSystem id="x" name="&xxe;"/>`;
    const undeclared = `<?xml version="1.0"?>\n<gameSystem id="x" name="&lol9;"/>`;
    for (const [text, re] of [
      [laughs, /<!DOCTYPE> line 1: the file declares a document type/],
      [xxe, /<!DOCTYPE> line 2/],
      [undeclared, /line 2, column \d+: the XML is not well formed: undefined entity/],
    ] as const) {
      expect(() =>
        importBattleScribe(
          [{ name: 'evil.gst', bytes: strToU8(text) }],
          saxesXmlParser,
          BUNDLED_RULESETS,
        ),
      ).toThrow(re);
    }
    const big = new Uint8Array(100 * 1024 * 1024);
    const t0 = performance.now();
    expect(() =>
      importBattleScribe([{ name: 'big.gst', bytes: big }], saxesXmlParser, BUNDLED_RULESETS),
    ).toThrow(/100\.0 MB, more than/);
    expect(performance.now() - t0).toBeLessThan(1000);
    const bomb = zipSync({ 'bomb.cat': new Uint8Array(60 * 1024 * 1024) });
    expect(() =>
      importBattleScribe([{ name: 'bomb.catz', bytes: bomb }], saxesXmlParser, BUNDLED_RULESETS),
    ).toThrow(/zip bomb/);
  });
});
