/**
 * The Tankplank weapons (TP-6, TP-8, TP-9, TP-17) and the artillery of the optional rules.
 */
import type { WeaponType } from '../../engine/format';
import { s } from './tankplankCommon';

// ---------------------------------------------------------------------------------------------
// Weapons (TP-6, TP-8, TP-9, TP-17)

const smallArmsBands = (bands: [string, number, number][]) =>
  bands.map(([band, max, toHit]) => ({ band, max, toHit }));

export const cannonRanges = [
  { band: 'C1', max: 4, toHit: 2, impact: 2 },
  { band: 'C2', max: 10, toHit: 3, impact: 1 },
  { band: 'C3', max: 25, toHit: 4, impact: 0 },
  { band: 'C4', max: 40, toHit: 5, impact: -1 },
];

export const basicWeapons: WeaponType[] = [
  {
    id: 'tp.rifle',
    name: 'Rifle',
    kind: 'smallArms',
    ranges: smallArmsBands([
      ['close', 4, 3],
      ['medium', 8, 4],
      ['long', 12, 5],
    ]),
    stats: { weaponClass: 'personal', ruleId: 'TP-7.2', veryLongMax: 16, veryLongToHit: 6 },
    source: s('L200, L243'),
  },
  {
    id: 'tp.pistol',
    name: 'Pistol',
    kind: 'smallArms',
    ranges: smallArmsBands([['close', 2, 4]]),
    stats: { weaponClass: 'personal', ruleId: 'TP-7.6' },
    source: s('L203, L245'),
  },
  {
    id: 'tp.smg',
    name: 'Submachine gun',
    kind: 'machineGun',
    ranges: [{ band: 'cone', max: 3 }, ...smallArmsBands([['single', 6, 5]])],
    template: { shape: 'cone', length: 3, width: 1.5 },
    stats: { weaponClass: 'personal', impact: 2, arc: 'any', ruleId: 'TP-8.1' },
    source: s('L199, L227, L247'),
  },
  {
    id: 'tp.lmg',
    name: 'Light machine gun / automatic rifle',
    kind: 'machineGun',
    ranges: [{ band: 'cone', max: 12 }, ...smallArmsBands([['single', 18, 5]])],
    template: { shape: 'cone', length: 12, width: 1.5 },
    stats: { weaponClass: 'personal', impact: 2, arc: 'front', smgConeWithin: 3, ruleId: 'TP-8.1' },
    source: s('L201, L221, L229'),
  },
  {
    id: 'tp.hmg',
    name: 'Heavy machine gun',
    kind: 'machineGun',
    ranges: [{ band: 'cone', max: 20 }, ...smallArmsBands([['single', 30, 5]])],
    template: { shape: 'cone', length: 20, width: 2 },
    stats: {
      weaponClass: 'crew',
      impact: 2,
      arc: 'front',
      smgConeWithin: 3,
      ammo: 6,
      needsSetUp: true,
      ruleId: 'TP-8.1',
    },
    source: s('L202, L223, L229, L545'),
  },
  {
    id: 'tp.coax',
    name: 'Coaxial machine gun',
    kind: 'machineGun',
    ranges: [{ band: 'cone', max: 12 }],
    template: { shape: 'cone', length: 12, width: 1.5 },
    stats: { weaponClass: 'vehicle', impact: 2, followsTurret: true, ruleId: 'TP-8.6' },
    source: s('L207, L269-271'),
  },
  {
    id: 'tp.hullMg',
    name: 'Hull machine gun',
    kind: 'machineGun',
    ranges: [{ band: 'cone', max: 6 }],
    template: { shape: 'cone', length: 6, width: 1.5 },
    stats: { weaponClass: 'vehicle', impact: 2, ruleId: 'TP-8.7' },
    source: s('L208, L225, L265'),
  },
  {
    id: 'tp.aaMg',
    name: 'Turret-top machine gun (HMG)',
    kind: 'machineGun',
    ranges: [{ band: 'cone', max: 20 }, ...smallArmsBands([['single', 30, 5]])],
    template: { shape: 'cone', length: 20, width: 2 },
    stats: {
      weaponClass: 'vehicle',
      impact: 2,
      commanderExposed: true,
      maxMoveWhenFired: 0.5,
      ruleId: 'TP-8.8',
    },
    source: s('L273-279'),
  },
  {
    id: 'tp.grenade',
    name: 'Hand grenade',
    kind: 'grenade',
    ranges: [{ band: 'throw', max: 4 }],
    minRange: 2,
    template: { shape: 'circle', width: 2 },
    stats: { weaponClass: 'personal', impact: 2, longThrowBeyond: 3, ruleId: 'TP-13.1' },
    source: s('L205, L402-423'),
  },
  {
    id: 'tp.bazooka',
    name: 'Bazooka',
    kind: 'bazooka',
    ranges: [{ band: 'medium', max: 6, toHit: 4 }],
    minRange: 2,
    template: { shape: 'circle', width: 1 },
    stats: { weaponClass: 'crew', impact: 4, rangeModifier: false, ammo: 4, ruleId: 'TP-9.7' },
    source: s('L206, L360, L541'),
  },
  {
    id: 'tp.mortar60',
    name: '60 mm light mortar',
    kind: 'mortar',
    ranges: [{ band: 'indirect', max: 45 }],
    minRange: 10,
    template: { shape: 'aimingMatrix', width: 2 },
    stats: {
      weaponClass: 'crew',
      impact: 2,
      ammo: 6,
      needsSetUp: true,
      unarmouredOnly: true,
      canopyStandOff: 4,
      ruleId: 'TP-12.2',
    },
    source: s('L204, L380-398, L543'),
  },
  {
    id: 'tp.tankGun',
    name: 'Tank gun',
    kind: 'cannon',
    ranges: cannonRanges,
    template: { shape: 'sector', length: 2, angleDeg: 90 },
    stats: {
      weaponClass: 'vehicle',
      impactAP: 5,
      impactHE: 3,
      rangeModifier: true,
      ammoAP: 4,
      ammoHE: 4,
      ruleId: 'TP-9.4',
    },
    source: s('L283-285, L305-341, L364, L537'),
  },
  {
    id: 'tp.acGun',
    name: 'Armoured-car gun',
    kind: 'cannon',
    ranges: cannonRanges,
    stats: {
      weaponClass: 'vehicle',
      impactAP: 3,
      rangeModifier: true,
      ammoAP: 6,
      ruleId: 'TP-9.4',
    },
    source: s('L283, L321, L539'),
  },
  {
    id: 'tp.atGunGun',
    name: 'Anti-tank gun',
    kind: 'cannon',
    ranges: cannonRanges,
    stats: {
      weaponClass: 'crew',
      impactAP: 4,
      rangeModifier: true,
      ammoAP: 6,
      needsSetUp: true,
      ruleId: 'TP-9.4',
    },
    source: s('L283, L319, L539'),
  },
  {
    // The seed names a heavy AT gun only in the ammunition chart and groups (L561, L616); its
    // impact is the heavy tank gun's, as TP-G16 suggests.
    id: 'tp.heavyAtGunGun',
    name: 'Heavy anti-tank gun',
    kind: 'cannon',
    ranges: cannonRanges,
    stats: {
      weaponClass: 'crew',
      impactAP: 6,
      rangeModifier: true,
      ammoAP: 6,
      needsSetUp: true,
      ruleId: 'TP-G16',
    },
    source: 'TP-G16 (impact as the heavy tank gun); seed 000 L561, L616',
    placeholder: true,
  },
  {
    id: 'tp.heavyTankGun',
    name: 'Heavy tank gun',
    kind: 'cannon',
    ranges: cannonRanges,
    template: { shape: 'sector', length: 2, angleDeg: 90 },
    stats: {
      weaponClass: 'vehicle',
      impactAP: 6,
      impactHE: 3,
      rangeModifier: true,
      ammoAP: 4,
      ammoHE: 4,
      ruleId: 'TP-9.4',
    },
    source: s('L327, L578'),
  },
  {
    id: 'tp.howitzer',
    name: 'Howitzer',
    kind: 'howitzer',
    ranges: cannonRanges,
    template: { shape: 'sector', length: 2, angleDeg: 90 },
    stats: {
      weaponClass: 'vehicle',
      impactHE: 3,
      rangeModifier: true,
      ammoHE: 6,
      ruleId: 'TP-11.1',
    },
    source: s('L364, L547, L572'),
  },
];

// ---------------------------------------------------------------------------------------------
// Optional artillery (TP-18.7, BASIC.OPT.ART). Burst figures are diameters (TP-A16); the light
// class's direct-fire impact and the indirect ranges are placeholders (see the placeholder catalog).

const artilleryWeapon = (
  cls: 'light' | 'medium' | 'heavy',
  name: string,
  calibre: [number, number | null],
  sectorA: number,
  burstDiameter: number,
  advBurstDiameter: number,
  impactHE: number | undefined,
): WeaponType => ({
  id: `tp.art${cls[0]!.toUpperCase()}${cls.slice(1)}`,
  name,
  kind: 'howitzer',
  ranges: cannonRanges,
  template: { shape: 'sector', length: sectorA, angleDeg: 90 },
  stats: {
    weaponClass: 'crew',
    artilleryClass: cls,
    calibreMin: calibre[0],
    ...(calibre[1] !== null ? { calibreMax: calibre[1] } : {}),
    burstDiameter,
    // With the advanced rules the calibre's burst from their table (TP-20.4, TP-A16).
    advBurstDiameter,
    directRange: 40,
    ...(impactHE !== undefined ? { impactHE } : {}),
    rangeModifier: true,
    needsSetUp: true,
    indirectOnOwnSight: cls === 'light',
    ruleId: 'TP-18.7',
  },
  source: s('L586-612'),
});

export const artilleryWeapons: WeaponType[] = [
  // ADV: the light class spans two rows of the calibre table (2" to 65 mm, 3" for 75-84 mm); the
  // 75 mm gun, the class's usual piece, gives its 3".
  artilleryWeapon('light', 'Light artillery (60-90 mm)', [60, 90], 2, 2, 3, undefined),
  artilleryWeapon('medium', 'Medium artillery (95-130 mm)', [95, 130], 2.5, 3, 4, 3),
  artilleryWeapon('heavy', 'Heavy artillery (150 mm and up)', [150, null], 3.5, 5, 5, 4),
];
