/**
 * The TANKS placeholder catalog: values for the gaps of the digest (section B), each named as
 * a placeholder until the real numbers are known.
 */
import type { CatalogDoc, UnitType } from '../../engine/format/index';
import { CREATED, envelope } from './common';
import { MA_TAIL, MA_TOTAL } from './tanksCatalog';

export function buildTanksPlaceholderCatalog(): CatalogDoc {
  const stand = (
    id: string,
    name: string,
    cls: UnitType['class'],
    stats: Record<string, number>,
    size: [number, number],
    points: number,
  ): UnitType => ({
    id,
    name,
    class: cls,
    points,
    stats,
    slots: { crew: cls === 'tank' ? 4 : 2 },
    size: { width: size[0], length: size[1] },
    placeholder: true,
  });
  return {
    ...envelope('sandtable.catalog'),
    meta: {
      title: 'TANKS: The Modern Age — placeholder values',
      author: 'Sandtable',
      created: CREATED,
      description:
        'Stand-ins for what the starter rules leave out, so the scenarios can be played: the Measuring Arrow size, full stat lines for the two tanks of the bundled scenarios and for the two helicopters the rules name (the Hind’s Missiles (4) is ours too), the effects and costs of the named cards, and a small Critical deck. None of these numbers come from the source; replace them with the printed cards when available. Like the Tankplank placeholders, this file extends the sourced catalog and only fills what it lacks: tanks.catalog.json wins wherever the source gives a value.',
    },
    id: 'tanks.placeholder',
    ruleset: 'tanks',
    layer: 'placeholder',
    extends: ['tanks.core'],
    placeholder: true,
    units: [
      stand(
        'tanks.t64',
        'T-64',
        'tank',
        // Attack and Damage Capacity are stand-ins, set so that bot-against-bot games of Your First
        // Game and Alpha 66 are not one-sided (measured with sandtable lab; README).
        { initiative: 4, attack: 4, defence: 1, damageCapacity: 4 },
        [1.35, 2.6],
        22,
      ),
      stand(
        'tanks.m1',
        'M1 Abrams',
        'tank',
        { initiative: 6, attack: 4, defence: 2, damageCapacity: 4 },
        [1.45, 3.1],
        30,
      ),
      // Helicopters stand on a round base (helicopter.baseDiameter), so they carry no hull size.
      {
        id: 'tanks.hind',
        name: 'Hind',
        class: 'helicopter',
        points: 20,
        stats: { initiative: 7, attack: 3, defence: 1, damageCapacity: 2 },
        keywords: ['Missiles (4)'],
        slots: { crew: 2, ammo: 2 },
        placeholder: true,
      },
      {
        id: 'tanks.cobra',
        name: 'Cobra',
        class: 'helicopter',
        points: 18,
        stats: { initiative: 7, attack: 2, defence: 1, damageCapacity: 2 },
        slots: { crew: 2, ammo: 2 },
        placeholder: true,
      },
    ],
    cards: [
      {
        id: 'tanks.platoon.redBanner',
        name: 'Red Banner',
        cardType: 'platoon',
        points: 0,
        text: 'Stand-in: no special rule.',
        placeholder: true,
      },
      {
        id: 'tanks.platoon.teamYankee',
        name: 'Team Yankee',
        cardType: 'platoon',
        points: 0,
        text: 'Stand-in: no special rule.',
        placeholder: true,
      },
      {
        id: 'tanks.platoon.sharpshooters',
        name: 'Sharpshooters',
        cardType: 'platoon',
        nations: ['US'],
        alliance: 'NATO',
        points: 0,
        text: 'Stand-in for the American rule the starter rules give as an example (Sharpshooter): when shooting, each Critical rolled may be turned into two Hits, and a die changed so is not modified again (TK-6.12).',
        effect: { criticalToTwoHits: true },
        placeholder: true,
      },
      {
        id: 'tanks.upgrade.alpha66',
        name: 'Alpha 66',
        cardType: 'upgrade',
        points: 2,
        text: 'Stand-in: +1 damage capacity.',
        effect: { damageCapacity: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.bannon',
        name: 'Sean Bannon',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in: +1 Initiative.',
        effect: { crewType: 'commander', initiative: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.folk',
        name: 'Robert Folk',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in: re-roll one attack die.',
        effect: { crewType: 'gunner', rerollAttackDice: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.kelp',
        name: 'Richard Kelp',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in: once per game, +1 attack die.',
        effect: { crewType: 'loader', attackOncePerGame: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.crew.ortelli',
        name: 'Joseph Ortelli',
        cardType: 'crew',
        points: 2,
        hero: true,
        text: 'Stand-in driver: +1 defence die when the tank moved.',
        effect: { crewType: 'driver', defenceWhenMoved: 1 },
        placeholder: true,
      },
      {
        id: 'tanks.critical.stunnedCrew',
        name: 'Stunned Crew',
        cardType: 'critical',
        count: 3,
        text: 'Stand-in: -1 Initiative and -1 Attack; repairable.',
        effect: { damage: 0, initiative: -1, attack: -1, repairable: true },
        placeholder: true,
      },
      {
        id: 'tanks.critical.ammoExplosion',
        name: 'Ammo Explosion',
        cardType: 'critical',
        count: 1,
        text: 'Stand-in: 2 damage, discard Ammo cards.',
        effect: { damage: 2, discardCardType: 'ammo', repairable: false },
        placeholder: true,
      },
      {
        id: 'tanks.critical.hullHit',
        name: 'Hull Hit',
        cardType: 'critical',
        count: 6,
        text: 'Stand-in: 1 damage.',
        effect: { damage: 1, repairable: false },
        placeholder: true,
      },
      {
        id: 'tanks.critical.trackDamage',
        name: 'Track Damage',
        cardType: 'critical',
        count: 3,
        text: 'Stand-in: Speed -1; repairable.',
        effect: { damage: 0, speed: -1, repairable: true },
        placeholder: true,
      },
      {
        id: 'tanks.critical.gunDamage',
        name: 'Gun Damage',
        cardType: 'critical',
        count: 3,
        text: 'Stand-in: Attack -1; repairable.',
        effect: { damage: 0, attack: -1, repairable: true },
        placeholder: true,
      },
      {
        id: 'tanks.critical.penetration',
        name: 'Penetration',
        cardType: 'critical',
        count: 4,
        text: 'Stand-in: 2 damage.',
        effect: { damage: 2, repairable: false },
        placeholder: true,
      },
    ],
    tables: {
      measuringArrow: {
        description:
          'Stand-in Measuring Arrow: the tail is one tank move, the whole arrow is one helicopter move and the unit of every range and placement rule (TK-G1).',
        ruleId: 'TK-G1',
        columns: ['part', 'inches'],
        rows: [
          { part: 'tail', inches: MA_TAIL },
          { part: 'total', inches: MA_TOTAL },
          { part: 'headWidth', inches: 1 },
        ],
        placeholder: true,
      },
      helicopterBase: {
        description: 'Stand-in helicopter flight stand (TK-G7).',
        ruleId: 'TK-G7',
        columns: ['part', 'inches'],
        rows: [
          { part: 'baseDiameter', inches: 2 },
          { part: 'stemOffset', inches: 0 },
        ],
        placeholder: true,
      },
    },
    constants: {
      'measuringArrow.tailLength': MA_TAIL,
      'measuringArrow.totalLength': MA_TOTAL,
      'measuringArrow.headWidth': 1,
      'helicopter.baseDiameter': 2,
      timeLimitMinutes: 60,
      // TK-G8: a game whose scenario sets no turn limit ends after this many turns, scored as a
      // time-out, so a game the bots cannot decide still ends (0 turns the default end off).
      defaultTurnLimit: 10,
      // TK-G2: the hull of a tank whose catalog gives no size (a BattleScribe import has none),
      // about the bundled T-64 and M1 at 1:100.
      'hull.defaultLength': 2.9,
      'hull.defaultWidth': 1.4,
    },
  };
}
