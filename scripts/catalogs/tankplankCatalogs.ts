/**
 * The Tankplank catalogs as data: BASIC, TW, ADV and the placeholder values for the digest's
 * gaps (section B). Numbers come from seed 000 (line numbers in `source`); the wording is ours.
 * `buildTankplankCatalogs.ts` writes them through `serializeDocument`.
 */
import type { CatalogDoc, UnitType } from '../../engine/format';
import { envelope, s, table } from './tankplankCommon';
import { armour, artilleryUnits, basicUnits, optionalVehicles } from './tankplankUnits';
import { artilleryWeapons, basicWeapons, cannonRanges } from './tankplankWeapons';
import { basicTerrain } from './tankplankTerrain';
import { basicTables } from './tankplankTables';

const basicConstants = {
  moveBudget: 1,
  halfMove: 0.5,
  coneSaveTarget: 5,
  heOpenSave: 5,
  heHardCoverSave: 3,
  passengerSave: 5,
  objectiveStripDepth: 6,
  holdTurns: 3,
  jumpableGap: 1,
  thinWallBreachCost: 0.5,
  mortarMinRange: 10,
  mortarMaxRange: 45,
  grenadeMinRange: 2,
  grenadeMaxRange: 4,
  cannonMaxRange: 40,
  cannonMaxRangeAlt: 45,
  highFirerMinAbove: 0.5,
  wreckPushPerTurn: 1,
  breachWidth: 2,
  roofBlastDiameter: 2,
  movementMinutes: 5,
  screenMovementMinutes: 6,
};

/** BASIC: the village game. */
export const basicCatalog: CatalogDoc = {
  ...envelope('Tankplank BASIC', 'Units, weapons, terrain and tables of the basic Tankplank game.'),
  id: 'tankplank.basic',
  ruleset: 'tankplank',
  layer: 'BASIC',
  units: [...basicUnits, ...optionalVehicles, ...artilleryUnits],
  weapons: [...basicWeapons, ...artilleryWeapons],
  terrainTypes: basicTerrain,
  tables: basicTables,
  constants: basicConstants,
};

// ---------------------------------------------------------------------------------------------
// TW: Tankette Waltz (1920-1939)

const twBands = (c: number, m: number, l: number, impactByBand = true) => [
  { band: 'close', max: c, toHit: 3, ...(impactByBand ? { impact: 1 } : {}) },
  { band: 'medium', max: m, toHit: 4, ...(impactByBand ? { impact: 0 } : {}) },
  { band: 'long', max: l, toHit: 5, ...(impactByBand ? { impact: -1 } : {}) },
];

/** TW patches BASIC: new weapons and tankettes, its own speeds (TP-19). */
export const twCatalog: CatalogDoc = {
  ...envelope(
    'Tankplank TW (Tankette Waltz)',
    'The 1920-1939 layer: tankettes, rifle grenades, pack guns, 20 mm and anti-tank rifles.',
  ),
  id: 'tankplank.tw',
  ruleset: 'tankplank',
  layer: 'TW',
  extends: ['tankplank.basic'],
  units: [
    {
      // The source does not say who carries rifle grenades (TP-A49): TW riflemen do, for now.
      ...basicUnits.find((u) => u.id === 'tp.rifleman')!,
      weapons: [
        { weapon: 'tp.rifle', mount: 'carried' },
        { weapon: 'tp.grenade', mount: 'carried' },
        { weapon: 'tp.rifleGrenade', mount: 'carried' },
      ],
      placeholder: true,
      source: 'placeholder (TP-A49: who carries rifle grenades is not given)',
    },
    {
      id: 'tp.tankette',
      name: 'Tankette',
      class: 'tank',
      mobility: 'tracked',
      speeds: { road: 8, offRoad: 6 },
      armour: armour(4, 3, 2),
      weapons: [{ weapon: 'tp.hmg', mount: 'hull', arcDeg: 45 }],
      crew: [{ role: 'vehicleCrew', count: 2 }],
      keywords: ['armoured', 'tank', 'tankette'],
      stats: { weightRank: 3 },
      source: s('L682, L702'),
    },
    {
      ...basicUnits.find((u) => u.id === 'tp.jeep')!,
      speeds: { road: 10, offRoad: 4 },
      source: s('L680'),
    },
    {
      ...optionalVehicles.find((u) => u.id === 'tp.lightTank')!,
      speeds: { road: 6, offRoad: 6 },
      source: s('L684'),
    },
    {
      ...optionalVehicles.find((u) => u.id === 'tp.heavyTank')!,
      speeds: { road: 4, offRoad: 4 },
      source: s('L686'),
    },
  ],
  weapons: [
    {
      id: 'tp.rifleGrenade',
      name: 'Rifle grenade',
      kind: 'grenade',
      ranges: twBands(3, 6, 9, false),
      minRange: 1,
      template: { shape: 'circle', width: 2 },
      stats: { impact: 2, rifleGrenade: true, ruleId: 'TP-19.3' },
      source: s('L692-700'),
    },
    {
      id: 'tp.packGun37',
      name: '37 mm pack gun',
      kind: 'howitzer',
      ranges: twBands(8, 16, 24),
      template: { shape: 'circle', width: 1 },
      stats: { impactHE: 1, rangeModifier: true, ruleId: 'TP-19.3' },
      source: s('L706-716'),
    },
    {
      id: 'tp.gun20',
      name: '20 mm gun',
      kind: 'cannon',
      ranges: twBands(7, 14, 20),
      stats: { impactAP: 1, rangeModifier: true, damageTable: true, ruleId: 'TP-19.3' },
      source: s('L718-728'),
    },
    {
      id: 'tp.atRifle',
      name: 'Anti-tank rifle',
      kind: 'cannon',
      ranges: twBands(6, 12, 18),
      stats: { impactAP: 0, rangeModifier: true, damageTable: true, ruleId: 'TP-19.3' },
      source: s('L736-746'),
    },
  ],
  tables: {
    movementRates: table('TP-19.1', s('L676-686'), 'Movement rates in inches per turn (TW).', [
      { mover: 'man', road: 3, offRoad: 3, ruleId: 'TP-19.1', source: s('L678') },
      { mover: 'wheeled', road: 10, offRoad: 4, ruleId: 'TP-19.1', source: s('L680') },
      { mover: 'tankette', road: 8, offRoad: 6, ruleId: 'TP-19.1', source: s('L682') },
      { mover: 'lightTank', road: 6, offRoad: 6, ruleId: 'TP-A15', source: s('L684') },
      { mover: 'heavyTank', road: 4, offRoad: 4, ruleId: 'TP-19.1', source: s('L686') },
    ]),
    damageTable: table(
      'TP-19.4',
      s('L730-734'),
      'After a 20 mm or anti-tank rifle penetration (d6).',
      [
        { min: 1, max: 2, result: 'noDamage', ruleId: 'TP-19.4', source: s('L730') },
        { min: 3, max: 4, result: 'weaponDisabled', ruleId: 'TP-19.4', source: s('L732') },
        { min: 5, max: 6, result: 'immobilised', ruleId: 'TP-A31', source: s('L734') },
      ],
    ),
    matrixCircles: table('TP-19.5', s('L758-764'), 'Aiming-matrix circle sizes.', [
      { diameter: 1, usedFor: '37 mm guns', ruleId: 'TP-19.5', source: s('L760') },
      {
        diameter: 2,
        usedFor: 'rifle grenades, light mortars',
        ruleId: 'TP-19.5',
        source: s('L762'),
      },
      {
        diameter: 3,
        usedFor: '75 mm howitzers, medium mortars',
        ruleId: 'TP-19.5',
        source: s('L764'),
      },
    ]),
  },
  constants: { tanketteIgnoresIndirect37: true, grenadeVsTanketteImpact: 2 },
};

// ---------------------------------------------------------------------------------------------
// ADV: advanced rules (vehicle classes, armour chart, gun impacts, burst sizes)

const advArmour: [string, number, number, number, string][] = [
  ['mediumTank', 10, 8, 6, 'L841'],
  ['armouredCar', 6, 5, 4, 'L841'],
  ['assaultGun', 11, 7, 5, 'L842'],
  ['tankDestroyerOrLightTank', 8, 6, 4, 'L842'],
  ['spGun', 7, 5, 4, 'L843'],
  ['heavyTank', 12, 9, 6, 'L843'],
  ['halfTrack', 5, 5, 4, 'L844'],
  ['unarmoured', 3, 2, 2, 'L844'],
  ['modernHeavy', 13, 10, 6, 'L845'],
  ['earlyMainBattleTank', 11, 9, 6, 'L846'],
  ['earlyMedium', 9, 7, 5, 'L846'],
  ['tankette', 4, 3, 2, 'L847'],
];

/** ADV patches BASIC: class-based speeds and armour, per-calibre gun impacts, burst sizes (TP-20). */
export const advCatalog: CatalogDoc = {
  ...envelope(
    'Tankplank ADV (Advanced Rules)',
    'Vehicle classes, the armour chart, gun impacts by calibre and burst sizes.',
  ),
  id: 'tankplank.adv',
  ruleset: 'tankplank',
  layer: 'ADV',
  extends: ['tankplank.basic'],
  units: [
    {
      ...optionalVehicles.find((u) => u.id === 'tp.lightTank')!,
      speeds: { road: 8, offRoad: 6 },
      source: s('L824'),
    },
    {
      ...optionalVehicles.find((u) => u.id === 'tp.heavyTank')!,
      speeds: { road: 4, offRoad: 4 },
      weapons: [
        { weapon: 'tp.adv.gun88', mount: 'turret', arcDeg: 180, ammo: { AP: 4, HE: 4 } },
        { weapon: 'tp.coax', mount: 'coax', arcDeg: 180 },
        { weapon: 'tp.hullMg', mount: 'hull', arcDeg: 45 },
        { weapon: 'tp.aaMg', mount: 'pintle', arcDeg: 180 },
      ],
      source: s('L832, L862'),
    },
    {
      ...basicUnits.find((u) => u.id === 'tp.mediumTank')!,
      speeds: { road: 6, offRoad: 6 },
      source: s('L828'),
    },
    {
      id: 'tp.horseCavalry',
      name: 'Horse cavalry',
      class: 'infantry',
      mobility: 'foot',
      speeds: { road: 7, offRoad: 7 },
      source: s('L838'),
    },
  ],
  weapons: [
    ['tp.adv.gun20', '20 mm gun', 1, 'L849'],
    ['tp.adv.gun37', 'Armoured-car gun (37/45/short 50 mm)', 3, 'L851'],
    ['tp.adv.howitzer', 'Howitzer', 3, 'L852'],
    ['tp.adv.gun57', 'AT gun (57 mm, 6-pdr, 47 mm, long 50 mm)', 4, 'L853'],
    ['tp.adv.gun75early', 'US 75 mm (early)', 4, 'L854'],
    ['tp.adv.gun150', '150-155 mm gun', 4, 'L855'],
    ['tp.adv.gun75late', 'US 75 mm (late)', 5, 'L856'],
    ['tp.adv.pak40', 'German 75 mm (Pak 40/43)', 5, 'L857'],
    ['tp.adv.gun76', 'US 76 mm', 6, 'L858'],
    ['tp.adv.gun85', '85 mm, 17-pdr, Panther 75 mm', 7, 'L860'],
    ['tp.adv.gun88', 'Heavy tank gun (88/90/100 mm)', 8, 'L862'],
    ['tp.adv.gun105', '105 mm AT, 122 mm, 120 mm', 9, 'L864'],
  ].map(([id, name, impact, line]) => ({
    id: id as string,
    name: name as string,
    kind: 'cannon' as const,
    ranges: cannonRanges,
    stats: {
      weaponClass: 'vehicle',
      impactAP: impact as number,
      impactHE: 3,
      rangeModifier: true,
      ruleId: 'TP-20.3',
    },
    source: s(line as string),
  })),
  tables: {
    mobilityClasses: table('TP-5.1', s('L824-838'), 'ADV mobility classes.', [
      { class: 'Light', road: 8, offRoad: 6, ruleId: 'TP-A15', source: s('L824') },
      { class: 'Medium', road: 6, offRoad: 6, ruleId: 'TP-5.1', source: s('L828') },
      { class: 'Heavy', road: 4, offRoad: 4, ruleId: 'TP-5.1', source: s('L832') },
      { class: 'HorseCavalry', road: 7, offRoad: 7, ruleId: 'TP-5.1', source: s('L838') },
    ]),
    armour: table(
      'TP-20.2',
      s('L840-847'),
      'ADV armour chart (number to equal or beat).',
      advArmour.map(([vehicle, front, side, rear, line]) => ({
        vehicle,
        front,
        side,
        rear,
        ruleId: 'TP-20.2',
        source: s(line),
      })),
    ),
    bursts: table('TP-20.4', s('L866-874'), 'ADV burst diameters by calibre.', [
      { weapon: '37 mm howitzer', diameter: 1, ruleId: 'TP-20.4', source: s('L868') },
      {
        weapon: '50/60 mm mortar, grenade, 40-65 mm gun',
        diameter: 2,
        ruleId: 'TP-20.4',
        source: s('L870'),
      },
      { weapon: '75, 77, 84 mm gun', diameter: 3, ruleId: 'TP-20.4', source: s('L872') },
      { weapon: '100, 105, 122, 130 mm', diameter: 4, ruleId: 'TP-20.4', source: s('L873') },
      { weapon: '150, 152, 155 mm', diameter: 5, ruleId: 'TP-20.4', source: s('L874') },
    ]),
  },
};

// ---------------------------------------------------------------------------------------------
// Placeholders for the digest's gaps (section B). Not from the source.

const gap = (
  id: string,
  name: string,
  cls: UnitType['class'],
  extra: Partial<UnitType>,
): UnitType => ({
  id,
  name,
  class: cls,
  placeholder: true,
  ...extra,
});

/** Values the source does not give (TP-G…), each marked as a placeholder awaiting the real figure. */
export const placeholderCatalog: CatalogDoc = {
  ...envelope(
    'Tankplank placeholders',
    'Stand-in values for the gaps of the Tankplank digest (section B). None is from the source.',
  ),
  id: 'tankplank.placeholder',
  ruleset: 'tankplank',
  layer: 'PLACEHOLDER',
  placeholder: true,
  extends: ['tankplank.basic'],
  units: [
    gap('tp.jeep', 'Jeep', 'vehicle', {
      capacity: 3,
      size: { width: 1, length: 1.6, height: 0.7 },
      source: 'TP-G7, TP-G20',
    }),
    gap('tp.truck', 'Truck', 'transport', {
      capacity: 10,
      size: { width: 1.2, length: 2.6, height: 1.1 },
      source: 'TP-G7, TP-G20',
    }),
    gap('tp.halfTrack', 'Half-track', 'transport', {
      capacity: 10,
      size: { width: 1.2, length: 2.6, height: 1 },
      source: 'TP-G7, TP-G20',
    }),
    gap('tp.armouredCar', 'Armoured car', 'vehicle', {
      capacity: 0,
      size: { width: 1.2, length: 2.2, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.mediumTank', 'Medium tank', 'tank', {
      capacity: 0,
      size: { width: 1.4, length: 2.6, height: 1.1 },
      source: 'TP-G20',
    }),
    gap('tp.assaultGun', 'Assault gun', 'tank', {
      size: { width: 1.4, length: 2.5, height: 0.9 },
      source: 'TP-G20',
    }),
    gap('tp.lightTank', 'Light tank', 'tank', {
      size: { width: 1.2, length: 2, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.heavyTank', 'Heavy tank', 'tank', {
      size: { width: 1.6, length: 3, height: 1.2 },
      source: 'TP-G20',
    }),
    gap('tp.tankDestroyer', 'Tank destroyer', 'tank', {
      size: { width: 1.4, length: 2.6, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.spGun', 'Self-propelled gun', 'tank', {
      size: { width: 1.3, length: 2.4, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.halfTrackGun', 'Half-track with gun', 'vehicle', {
      size: { width: 1.2, length: 2.6, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.atGun', 'Anti-tank gun', 'gun', {
      size: { width: 0.8, length: 1.2, height: 0.5 },
      source: 'TP-G20',
    }),
    gap('tp.heavyAtGun', 'Heavy anti-tank gun', 'gun', {
      size: { width: 1, length: 1.5, height: 0.6 },
      source: 'TP-G20',
    }),
    gap('tp.artLightTowed', 'Light towed artillery', 'gun', {
      speeds: { road: 1, offRoad: 1 },
      size: { width: 0.9, length: 1.4, height: 0.6 },
      source: 'TP-18.7 (man-handling rate not given), TP-G20',
    }),
    gap('tp.artLightSP', 'Light self-propelled artillery', 'tank', {
      size: { width: 1.3, length: 2.4, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.artMediumTowed', 'Medium towed artillery', 'gun', {
      speeds: { road: 1, offRoad: 1 },
      size: { width: 1.1, length: 1.8, height: 0.8 },
      source: 'TP-18.7 (man-handling rate not given), TP-G20',
    }),
    gap('tp.artMediumSP', 'Medium self-propelled artillery', 'tank', {
      size: { width: 1.3, length: 2.4, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.artHeavyTowed', 'Heavy towed artillery', 'gun', {
      speeds: { road: 1, offRoad: 1 },
      size: { width: 1.3, length: 2.2, height: 0.9 },
      source: 'TP-18.7 (man-handling rate not given), TP-G20',
    }),
    gap('tp.artHeavySP', 'Heavy self-propelled artillery', 'tank', {
      size: { width: 1.3, length: 2.4, height: 1 },
      source: 'TP-G20',
    }),
    gap('tp.tankette', 'Tankette', 'tank', {
      size: { width: 0.9, length: 1.4, height: 0.6 },
      source: 'TP-G20',
    }),
    // Boats are not in the force list: a scenario may give a side some (TP-G7).
    gap('tp.assaultBoat', 'Assault boat', 'transport', {
      mobility: 'static',
      speeds: { road: 0, offRoad: 0 },
      capacity: 6,
      armour: { front: 3, side: 3, rear: 3 },
      size: { width: 0.8, length: 1.8, height: 0.3 },
      keywords: ['boat', 'crossingOnly', 'unarmoured'],
      source: 'TP-G7',
    }),
    // A heavy weapon left on the table when its team is gone (TP-16.8): it moves only when carried.
    ...(
      [
        ['tp.piece.hmg', 'Dropped heavy machine gun', 'tp.hmg'],
        ['tp.piece.bazooka', 'Dropped bazooka', 'tp.bazooka'],
        ['tp.piece.mortar', 'Dropped light mortar', 'tp.mortar60'],
      ] as const
    ).map(([id, name, weapon]) =>
      gap(id, name, 'gun', {
        mobility: 'static',
        speeds: { road: 0, offRoad: 0 },
        weapons: [{ weapon, mount: 'fixed' as const }],
        size: { width: 0.4, length: 0.8, height: 0.3 },
        keywords: ['weaponPiece'],
        source: 'TP-16.8',
      }),
    ),
  ],
  weapons: [
    {
      id: 'tp.rifle',
      name: 'Rifle',
      kind: 'smallArms',
      stats: { impactVsVehicles: 'none' },
      source: 'TP-G5',
      placeholder: true,
    },
    {
      id: 'tp.pistol',
      name: 'Pistol',
      kind: 'smallArms',
      stats: { impactVsVehicles: 'none' },
      source: 'TP-G5',
      placeholder: true,
    },
    {
      id: 'tp.hmg',
      name: 'Heavy machine gun',
      kind: 'machineGun',
      stats: { minCrew: 2 },
      source: 'TP-G10',
      placeholder: true,
    },
    {
      id: 'tp.bazooka',
      name: 'Bazooka',
      kind: 'bazooka',
      stats: { minCrew: 1 },
      source: 'TP-G10',
      placeholder: true,
    },
    {
      id: 'tp.mortar60',
      name: '60 mm light mortar',
      kind: 'mortar',
      stats: { minCrew: 2 },
      source: 'TP-G10',
      placeholder: true,
    },
    {
      id: 'tp.atGunGun',
      name: 'Anti-tank gun',
      kind: 'cannon',
      stats: { minCrew: 2 },
      source: 'TP-G10',
      placeholder: true,
    },
    {
      id: 'tp.heavyAtGunGun',
      name: 'Heavy anti-tank gun',
      kind: 'cannon',
      stats: { minCrew: 2 },
      source: 'TP-G10',
      placeholder: true,
    },
    {
      id: 'tp.artLight',
      name: 'Light artillery',
      kind: 'howitzer',
      stats: { impactHE: 3, indirectMinRange: 10, indirectMaxRange: 45 },
      source:
        'TP-18.7 (direct-fire impact not given: the 75 mm howitzer value; indirect ranges not given: the mortar band)',
      placeholder: true,
    },
    {
      id: 'tp.artMedium',
      name: 'Medium artillery',
      kind: 'howitzer',
      stats: { indirectMinRange: 10, indirectMaxRange: 45 },
      source: 'TP-18.7 (indirect ranges not given: the mortar band)',
      placeholder: true,
    },
    {
      id: 'tp.artHeavy',
      name: 'Heavy artillery',
      kind: 'howitzer',
      stats: { indirectMinRange: 10, indirectMaxRange: 45 },
      source: 'TP-18.7 (indirect ranges not given: the mortar band)',
      placeholder: true,
    },
  ],
  tables: {
    aimingMatrix: table(
      'TP-G2',
      'TP-G2 (non-source)',
      'Aiming-matrix layout: roll to circle offset in diameters, x toward the firer, y to the right.',
      [
        { roll: 2, dx: -1, dy: 0, ruleId: 'TP-G2', source: 'placeholder' },
        { roll: 3, dx: 0, dy: -1, ruleId: 'TP-G2', source: 'placeholder' },
        { roll: 4, dx: 0, dy: 1, ruleId: 'TP-G2', source: 'placeholder' },
        { roll: 5, dx: 1, dy: 0, ruleId: 'TP-G2', source: 'placeholder' },
        { roll: 6, dx: 0, dy: 0, ruleId: 'TP-G2', source: 'placeholder' },
      ],
      { placeholder: true },
    ),
    figureWeapons: table(
      'TP-G8',
      'TP-G8 (non-source)',
      'Weapons of figures the force list does not arm.',
      [
        { role: 'officer', weapon: 'tp.pistol', ruleId: 'TP-G8', source: 'placeholder' },
        { role: 'vehicleCrew', weapon: 'tp.pistol', ruleId: 'TP-G8', source: 'placeholder' },
        { role: 'radioman', weapon: 'tp.rifle', ruleId: 'TP-G8', source: 'placeholder' },
        { role: 'driver', weapon: 'tp.rifle', ruleId: 'TP-G8', source: 'placeholder' },
        { role: 'assistant', weapon: 'tp.rifle', ruleId: 'TP-G8', source: 'placeholder' },
        { role: 'atCrew', weapon: 'tp.pistol', ruleId: 'TP-G8', source: 'placeholder' },
      ],
      { placeholder: true },
    ),
    terrainHeights: table(
      'TP-G20',
      'TP-G20 (non-source)',
      'Heights in inches of features the map leaves unmeasured.',
      [
        { kind: 'wall.small', height: 0.5, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'wall.strong', height: 1, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'fence', height: 0.5, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'hedge', height: 1, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'bushes', height: 0.6, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'tree', height: 4, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'woods', height: 4, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'forest', height: 5, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'obstacle.low', height: 0.4, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'obstacle.high', height: 1, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'bunker', height: 0.8, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'wreck', height: 0.8, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'building', height: 1.5, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'ground', height: 0, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'creek', height: 0, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'gully', height: 0, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'road', height: 0, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'bridge', height: 0, ruleId: 'TP-G20', source: 'placeholder' },
        { kind: 'catwalk', height: 0, ruleId: 'TP-G20', source: 'placeholder' },
      ],
      { placeholder: true },
    ),
  },
  constants: {
    manHeight: 0.75,
    floorHeight: 1.25,
    roofHeight: 0.75,
    canopyBase: 1.5,
    trunkRadius: 0.15,
    coverProximity: 2,
    tankSupportRange: 6,
    crewProximity: 2,
    turnLimit: 12,
    mgConeVsVehicles: true,
    figureBaseRadius: 0.4,
    reachableCellSize: 0.5,
    mountReach: 1,
    pickUpWeaponCost: 0.5,
    houseWallBand: 0.5,
    ammoTransferReach: 4,
    pushContactGap: 0.5,
  },
};
