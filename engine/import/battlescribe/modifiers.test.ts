import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../xml';
import { saxesXmlParser } from '../saxesXml';
import { importBattleScribe, type BsInputFile } from './battlescribe';
import { checkForces, composeRulesetCatalog, sidePoints } from '../../forces/index';
import type { Forces } from '../../format/types';
import { testGame } from '../../rulesets/tanks/testing';
import { attacksOf, keyword } from '../../rulesets/tanks/rules';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../../rulesets/registry';

/*
 * Small hand-written data sets in the BattleScribe data format (gameSystem and catalogue
 * schemas): cost types and profile types in the game system; selection entries with costs,
 * profiles and info links; entry links, info links and profiles carrying <modifiers>. A modifier
 * without <conditions>, <conditionGroups> or <repeats> always applies; one with them applies only
 * when its conditions hold, which a Sandtable catalog cannot say.
 */

const GST = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<gameSystem id="gs-1" name="Modern Tanks (mini)" revision="1" battleScribeVersion="2.03" xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes>
    <costType id="ct-pts" name="pts" defaultCostLimit="-1.0" hidden="false"/>
  </costTypes>
  <profileTypes>
    <profileType id="pt-tank" name="Tank">
      <characteristicTypes>
        <characteristicType id="ch-crew" name="Crew Slots"/>
        <characteristicType id="ch-ini" name="Initiative"/>
        <characteristicType id="ch-att" name="Attack"/>
        <characteristicType id="ch-def" name="Defence"/>
        <characteristicType id="ch-dc" name="Damage Capacity"/>
      </characteristicTypes>
    </profileType>
    <profileType id="pt-upgrade" name="Upgrade Card">
      <characteristicTypes>
        <characteristicType id="up-text" name="Ability Text"/>
      </characteristicTypes>
    </profileType>
  </profileTypes>
  <categoryEntries>
    <categoryEntry id="cat-tank" name="Tank" hidden="false"/>
    <categoryEntry id="cat-crew" name="Crew" hidden="false"/>
  </categoryEntries>
  <sharedRules>
    <rule id="r-missiles" name="Missiles (X)" hidden="false">
      <description>This model may fire X Attack dice of missiles.</description>
    </rule>
    <rule id="r-wheeled" name="Wheeled" hidden="false">
      <description>Moves on wheels.</description>
    </rule>
  </sharedRules>
  <sharedProfiles>
    <profile id="p-hull" name="Light hull" hidden="false" typeId="pt-tank" typeName="Tank">
      <characteristics>
        <characteristic name="Crew Slots" typeId="ch-crew">2</characteristic>
        <characteristic name="Initiative" typeId="ch-ini">5</characteristic>
        <characteristic name="Attack" typeId="ch-att">2</characteristic>
        <characteristic name="Defence" typeId="ch-def">0</characteristic>
        <characteristic name="Damage Capacity" typeId="ch-dc">3</characteristic>
      </characteristics>
    </profile>
  </sharedProfiles>
  <sharedSelectionEntryGroups>
    <selectionEntryGroup id="g-crew" name="Crew: Driver (Global)" hidden="false" collective="false" import="true">
      <selectionEntries>
        <selectionEntry id="e-green" name="Green Crew" hidden="false" collective="false" import="true" type="upgrade">
          <profiles>
            <profile id="p-green" name="Green Crew" hidden="false" typeId="pt-upgrade" typeName="Upgrade Card">
              <characteristics>
                <characteristic name="Ability Text" typeId="up-text">-2 Initiative.</characteristic>
              </characteristics>
            </profile>
          </profiles>
          <categoryLinks>
            <categoryLink id="l-green" name="Crew" hidden="false" targetId="cat-crew" primary="false"/>
          </categoryLinks>
          <costs>
            <cost name="pts" typeId="ct-pts" value="-1.0"/>
          </costs>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
  </sharedSelectionEntryGroups>
</gameSystem>
`;

const CAT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue id="cat-1" name="US" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="gs-1" gameSystemRevision="1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <entryLinks>
    <entryLink id="el-tow" name="Humvee-TOW" hidden="false" collective="false" import="true" targetId="se-tow" type="selectionEntry"/>
    <entryLink id="el-tank" name="M60" hidden="false" collective="false" import="true" targetId="se-m60" type="selectionEntry"/>
    <entryLink id="el-m60a3" name="M60A3" hidden="false" collective="false" import="true" targetId="se-m60" type="selectionEntry">
      <modifiers>
        <modifier type="append" field="name" value="A3"/>
        <modifier type="increment" field="ct-pts" value="2.0"/>
      </modifiers>
    </entryLink>
  </entryLinks>
  <rules>
    <rule id="r-yankee" name="Team Yankee" hidden="false">
      <description>Sharpshooter: models of this platoon may turn one Critical into two Hits beyond Close Range.</description>
    </rule>
  </rules>
  <sharedSelectionEntries>
    <selectionEntry id="se-tow" name="Humvee-TOW" hidden="false" collective="false" import="true" type="model">
      <profiles>
        <profile id="p-tow" name="Humvee-TOW" hidden="false" typeId="pt-tank" typeName="Tank">
          <characteristics>
            <characteristic name="Crew Slots" typeId="ch-crew">2</characteristic>
            <characteristic name="Initiative" typeId="ch-ini">4</characteristic>
            <characteristic name="Attack" typeId="ch-att">0</characteristic>
            <characteristic name="Defence" typeId="ch-def">0</characteristic>
            <characteristic name="Damage Capacity" typeId="ch-dc">2</characteristic>
          </characteristics>
        </profile>
      </profiles>
      <infoLinks>
        <infoLink id="il-tow-missiles" name="Missiles (X)" hidden="false" targetId="r-missiles" type="rule">
          <modifiers>
            <modifier type="set" field="name" value="Missiles (4)"/>
          </modifiers>
        </infoLink>
        <infoLink id="il-tow-wheeled" name="Wheeled" hidden="false" targetId="r-wheeled" type="rule"/>
      </infoLinks>
      <categoryLinks>
        <categoryLink id="l-tow-tank" name="Tank" hidden="false" targetId="cat-tank" primary="true"/>
      </categoryLinks>
      <entryLinks>
        <entryLink id="el-tow-crew" name="Crew: Driver (Global)" hidden="false" collective="false" import="true" targetId="g-crew" type="selectionEntryGroup"/>
      </entryLinks>
      <costs>
        <cost name="pts" typeId="ct-pts" value="12.0"/>
      </costs>
    </selectionEntry>
    <selectionEntry id="se-m60" name="M60" hidden="false" collective="false" import="true" type="model">
      <modifiers>
        <modifier type="decrement" field="ct-pts" value="1.0"/>
        <modifier type="decrement" field="ct-pts" value="3.0">
          <conditions>
            <condition field="selections" scope="roster" value="2.0" percentValue="false" shared="true" includeChildSelections="true" includeChildForces="false" childId="se-m60" type="atLeast"/>
          </conditions>
        </modifier>
      </modifiers>
      <infoLinks>
        <infoLink id="il-m60-hull" name="Light hull" hidden="false" targetId="p-hull" type="profile">
          <modifiers>
            <modifier type="set" field="name" value="M60"/>
            <modifier type="increment" field="ch-def" value="1.0"/>
            <modifier type="set" field="ch-att" value="4"/>
          </modifiers>
        </infoLink>
      </infoLinks>
      <categoryLinks>
        <categoryLink id="l-m60-tank" name="Tank" hidden="false" targetId="cat-tank" primary="true"/>
      </categoryLinks>
      <costs>
        <cost name="pts" typeId="ct-pts" value="15.0"/>
      </costs>
    </selectionEntry>
  </sharedSelectionEntries>
</catalogue>
`;

const bytes = (text: string) => strToU8(text);
const set = (cat = CAT, gstName = 'mini.gst'): BsInputFile[] => [
  { name: gstName, bytes: bytes(GST) },
  { name: 'us.cat', bytes: bytes(cat) },
];

describe('BattleScribe modifiers, negative costs and mobility', () => {
  it('imports a card with a negative cost, and a force counts it off the total', () => {
    const { catalog } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    const green = catalog.cards!.find((c) => c.name === 'Green Crew')!;
    expect(green).toMatchObject({ cardType: 'crew', points: -1 });
    const tow = catalog.units!.find((u) => u.name === 'Humvee-TOW')!;
    const forces: Forces = {
      sides: [
        {
          id: 'us',
          name: 'US',
          nation: 'US',
          pointsLimit: 11,
          formations: [
            { id: 'p', units: [{ id: 'a', type: tow.id, cards: [{ card: green.id }] }] },
          ],
        },
      ],
    };
    const ruleset = { id: 'tanks' as const };
    const cat = composeRulesetCatalog(ruleset, [...BUNDLED_CATALOGS, catalog]);
    expect(sidePoints(forces.sides[0]!, cat)).toBe(11);
    const problems = checkForces(ruleset, forces, cat, BUNDLED_RULESETS);
    expect(problems.filter((p) => p.check === 'points-limit')).toEqual([]);
    // Without the cheaper crew the same model is over a limit of 11.
    const without: Forces = {
      sides: [
        { ...forces.sides[0]!, formations: [{ id: 'p', units: [{ id: 'a', type: tow.id }] }] },
      ],
    };
    const limit = { sides: [{ ...without.sides[0]!, pointsLimit: 11 }] };
    expect(sidePoints(limit.sides[0]!, cat)).toBe(12);
    expect(
      checkForces(ruleset, limit, cat, BUNDLED_RULESETS).some((p) => p.check === 'points-limit'),
    ).toBe(true);
  });

  it('names a rule as the link sets it: Missiles (X) becomes Missiles (4), so the model can fire', () => {
    const { catalog } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    const tow = catalog.units!.find((u) => u.name === 'Humvee-TOW')!;
    expect(tow.keywords).toContain('Missiles (4)');
    expect(tow.keywords).not.toContain('Missiles (X)');
    expect(tow.stats).toMatchObject({ attack: 0 });
    // In a TANKS game the model has Missiles 4 to shoot with.
    const g = testGame({
      types: [tow],
      models: [
        { id: 'tow', side: 'a', type: tow.id, at: [10, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [10, 20], facing: 270 },
      ],
    });
    expect(keyword(g.ctx, g.state, 'tow', 'Missiles')).toBe(4);
    expect(attacksOf(g.ctx, g.state, 'tow')).toContain('missiles');
  });

  it('gives a model with the Wheeled keyword wheeled mobility, and one without tracks', () => {
    const { catalog } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    expect(catalog.units!.find((u) => u.name === 'Humvee-TOW')!.mobility).toBe('wheeled');
    expect(catalog.units!.find((u) => u.name === 'M60')!.mobility).toBe('tracked');
  });

  it('applies unconditional changes to costs, characteristics and names; reports conditional ones', () => {
    const { catalog, report } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    // decrement 1 on the entry (the conditional decrement of 3 is not applied).
    const m60 = catalog.units!.find((u) => u.name === 'M60')!;
    expect(m60).toMatchObject({ points: 14, stats: { attack: 4, defence: 1, initiative: 5 } });
    // The second link appends to the name and adds 2 points: a model of its own.
    const a3 = catalog.units!.find((u) => u.name === 'M60 A3')!;
    expect(a3).toMatchObject({ points: 16, stats: { attack: 4, defence: 1 } });
    expect(a3.id).not.toBe(m60.id);
    const conditional = report.notImported.filter((p) => /conditional change/.test(p.message));
    // Once, though the entry is read through two links.
    expect(conditional.map((p) => `${p.file} ${p.where}: ${p.message}`)).toEqual([
      expect.stringMatching(
        /^us\.cat <modifier> line \d+: "M60": conditional change "decrement pts 3\.0"/,
      ),
    ]);
    // No unconditional change is reported as not imported.
    expect(report.notImported.some((p) => /Missiles \(4\)|append|increment/.test(p.message))).toBe(
      false,
    );
  });

  it("reads a country's own rule as its platoon card", () => {
    const { catalog } = importBattleScribe(set(), saxesXmlParser, BUNDLED_RULESETS);
    expect(catalog.cards!.find((c) => c.name === 'Team Yankee')).toMatchObject({
      cardType: 'platoon',
      nations: ['US'],
      text: expect.stringMatching(/^Sharpshooter: /),
      source: expect.stringMatching(/^BattleScribe us\.cat <rule name="Team Yankee"> line \d+$/),
    });
  });

  it('records only the file name as the source, not the folder it was read from', () => {
    const { catalog } = importBattleScribe(
      [
        { name: '/home/someone/private/mini.gst', bytes: bytes(GST) },
        { name: 'C:\\Users\\someone\\us.cat', bytes: bytes(CAT) },
      ],
      saxesXmlParser,
      BUNDLED_RULESETS,
    );
    const all = [...catalog.units!, ...catalog.cards!];
    expect(all.length).toBeGreaterThan(0);
    for (const x of all)
      expect(x.source).toMatch(/^BattleScribe (mini\.gst|us\.cat) <(selectionEntry|rule)/);
    expect(catalog.meta.source).toBe('mini.gst, us.cat');
    expect(JSON.stringify(catalog)).not.toMatch(/someone/);
  });

  it('refuses a value the catalog cannot hold, naming the file, the element and its line', () => {
    const broken = CAT.replace('value="12.0"', 'value="2000000.0"');
    const lineOf =
      broken.split('\n').findIndex((l) => l.includes('<selectionEntry id="se-tow"')) + 1;
    let error: unknown;
    try {
      importBattleScribe(set(broken), saxesXmlParser, BUNDLED_RULESETS);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportError);
    const [p] = (error as ImportError).problems;
    expect(p).toMatchObject({
      file: 'us.cat',
      where: `<selectionEntry name="Humvee-TOW"> line ${lineOf}`,
      message: expect.stringMatching(
        /^"Humvee-TOW" cannot be imported: its field "points" is too large: number 2000000 is above .*\(expected at most 1000000/,
      ),
    });
    expect((error as ImportError).message).toMatch(
      new RegExp(`^us\\.cat at <selectionEntry name="Humvee-TOW"> line ${lineOf}: `),
    );
  });

  it('refuses a file that is not well formed, naming the file, the open element and the line', () => {
    const broken = CAT.replace('</infoLinks>', '</infoLink>');
    expect(() => importBattleScribe(set(broken), saxesXmlParser, BUNDLED_RULESETS)).toThrow(
      /^us\.cat at line \d+, column \d+ \(inside <infoLinks> of line \d+\): the XML is not well formed/,
    );
  });
});
