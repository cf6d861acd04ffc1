/**
 * The Tankplank unit types: men and teams, vehicles, the optional vehicles and the artillery.
 */
import type { UnitType } from '../../engine/format';
import { s } from './tankplankCommon';

// ---------------------------------------------------------------------------------------------
// Unit types (TP-2, TP-5.1, TP-10, TP-16)

const figure = (
  id: string,
  name: string,
  role: string,
  weapons: string[],
  extra: Partial<UnitType> = {},
): UnitType => ({
  id,
  name,
  class: 'infantry',
  roles: [role],
  mobility: 'foot',
  speeds: { road: 3, offRoad: 3 },
  weapons: weapons.map((weapon) => ({ weapon, mount: 'carried' as const })),
  source: s('L40-56, L130'),
  ...extra,
});

export const armour = (front: number, side: number, rear: number) => ({ front, side, rear });

export const basicUnits: UnitType[] = [
  figure('tp.rifleman', 'Rifleman', 'rifleman', ['tp.rifle', 'tp.grenade']),
  figure('tp.lmgGunner', 'Light machine gunner', 'lmgGunner', ['tp.lmg', 'tp.grenade']),
  figure('tp.autoRifleman', 'Automatic rifleman', 'autoRifleman', ['tp.lmg', 'tp.grenade']),
  figure('tp.nco', 'NCO', 'nco', ['tp.smg', 'tp.grenade']),
  figure('tp.hmgCrew', 'HMG crewman', 'hmgCrew', ['tp.hmg'], {
    class: 'team',
    keywords: ['heavyWeapons'],
  }),
  figure('tp.bazookaCrew', 'Bazooka crewman', 'bazookaCrew', ['tp.bazooka'], {
    class: 'team',
    keywords: ['heavyWeapons'],
  }),
  figure('tp.mortarCrew', 'Mortar crewman', 'mortarCrew', ['tp.mortar60'], {
    class: 'team',
    keywords: ['heavyWeapons'],
  }),
  figure('tp.officer', 'Officer', 'officer', [], { keywords: ['officer'] }),
  figure('tp.radioman', 'Radioman', 'radioman', [], { keywords: ['radioman'] }),
  figure('tp.driver', 'Driver', 'driver', [], { keywords: ['vehicleCrew'] }),
  figure('tp.atCrew', 'Anti-tank gun crewman', 'atCrew', [], {
    class: 'team',
    keywords: ['heavyWeapons'],
  }),
  {
    id: 'tp.atGun',
    name: 'Anti-tank gun',
    class: 'gun',
    mobility: 'towed',
    speeds: { road: 2, offRoad: 2 },
    weapons: [{ weapon: 'tp.atGunGun', mount: 'fixed', ammo: { AP: 6 } }],
    crew: [{ role: 'atCrew', count: 3 }],
    keywords: ['heavyWeapons'],
    source: s('L138, L172, L539'),
  },
  {
    id: 'tp.heavyAtGun',
    name: 'Heavy anti-tank gun',
    class: 'gun',
    mobility: 'towed',
    speeds: { road: 2, offRoad: 2 },
    weapons: [{ weapon: 'tp.heavyAtGunGun', mount: 'fixed', ammo: { AP: 6 } }],
    crew: [{ role: 'atCrew', count: 3 }],
    keywords: ['heavyWeapons', 'optional'],
    source: 'TP-G16: speed and crew as the AT gun; seed 000 L561, L616',
    placeholder: true,
  },
  {
    id: 'tp.jeep',
    name: 'Jeep',
    class: 'vehicle',
    mobility: 'wheeled',
    speeds: { road: 10, offRoad: 4 },
    armour: armour(3, 2, 2),
    weapons: [{ weapon: 'tp.hmg', mount: 'pintle', arcDeg: 180 }],
    crew: [
      { role: 'officer', count: 1 },
      { role: 'driver', count: 1 },
      { role: 'radioman', count: 1 },
    ],
    keywords: ['unarmoured', 'lightFast', 'wheeled', 'observer'],
    stats: { weightRank: 1 },
    source: s('L134, L357, L493, L527'),
  },
  {
    id: 'tp.truck',
    name: 'Truck',
    class: 'transport',
    mobility: 'wheeled',
    speeds: { road: 10, offRoad: 4 },
    armour: armour(3, 2, 2),
    weapons: [],
    crew: [
      { role: 'driver', count: 1 },
      { role: 'assistant', count: 1 },
    ],
    keywords: ['unarmoured', 'large', 'wheeled'],
    stats: { weightRank: 2 },
    source: s('L134, L357, L497'),
  },
  {
    id: 'tp.halfTrack',
    name: 'Half-track',
    class: 'transport',
    mobility: 'tracked',
    speeds: { road: 6, offRoad: 6 },
    armour: armour(5, 5, 4),
    weapons: [{ weapon: 'tp.hmg', mount: 'pintle', arcDeg: 180 }],
    crew: [
      { role: 'driver', count: 1 },
      { role: 'assistant', count: 1 },
    ],
    keywords: ['armoured', 'large', 'personnelCarrier', 'canFord'],
    stats: { weightRank: 3 },
    source: s('L132, L166, L356, L497'),
  },
  {
    id: 'tp.armouredCar',
    name: 'Armoured car',
    class: 'vehicle',
    mobility: 'wheeled',
    speeds: { road: 10, offRoad: 4 },
    armour: armour(6, 5, 4),
    weapons: [
      { weapon: 'tp.acGun', mount: 'turret', arcDeg: 180, ammo: { AP: 6 } },
      { weapon: 'tp.coax', mount: 'coax', arcDeg: 180 },
    ],
    crew: [{ role: 'vehicleCrew', count: 3 }],
    keywords: ['armoured', 'large', 'wheeled', 'observer'],
    stats: { weightRank: 4 },
    source: s('L134, L265, L349, L499, L539'),
  },
  {
    id: 'tp.mediumTank',
    name: 'Medium tank',
    class: 'tank',
    mobility: 'tracked',
    speeds: { road: 6, offRoad: 6 },
    armour: armour(10, 8, 6),
    weapons: [
      { weapon: 'tp.tankGun', mount: 'turret', arcDeg: 180, ammo: { AP: 4, HE: 4 } },
      { weapon: 'tp.coax', mount: 'coax', arcDeg: 180 },
      { weapon: 'tp.hullMg', mount: 'hull', arcDeg: 45 },
      { weapon: 'tp.aaMg', mount: 'pintle', arcDeg: 180 },
    ],
    crew: [{ role: 'vehicleCrew', count: 5 }],
    keywords: ['armoured', 'large', 'tank', 'canFord', 'breachesThinWalls', 'observer'],
    stats: { weightRank: 5 },
    source: s('L132, L166, L348, L501, L537'),
  },
];

export const optionalVehicles: UnitType[] = [
  {
    id: 'tp.assaultGun',
    name: 'Assault gun',
    class: 'tank',
    mobility: 'tracked',
    speeds: { road: 6, offRoad: 6 },
    armour: armour(11, 7, 5),
    weapons: [{ weapon: 'tp.howitzer', mount: 'fixed', arcDeg: 15, ammo: { HE: 6 } }],
    crew: [{ role: 'vehicleCrew', count: 4 }],
    keywords: [
      'armoured',
      'large',
      'tank',
      'assaultGun',
      'canFord',
      'breachesThinWalls',
      'optional',
    ],
    stats: { weightRank: 5, toHitModifierAgainst: -1 },
    source: s('L355, L547, L572'),
  },
  {
    id: 'tp.lightTank',
    name: 'Light tank',
    class: 'tank',
    mobility: 'tracked',
    speeds: { road: 7, offRoad: 7 },
    armour: armour(8, 6, 4),
    weapons: [
      { weapon: 'tp.acGun', mount: 'turret', arcDeg: 180, ammo: { AP: 6 } },
      { weapon: 'tp.coax', mount: 'coax', arcDeg: 180 },
    ],
    crew: [{ role: 'vehicleCrew', count: 4 }],
    keywords: ['armoured', 'large', 'tank', 'canFord', 'breachesThinWalls', 'optional', 'observer'],
    stats: { weightRank: 5 },
    source: s('L354, L576'),
  },
  {
    id: 'tp.heavyTank',
    name: 'Heavy tank',
    class: 'tank',
    mobility: 'tracked',
    speeds: { road: 4, offRoad: 4 },
    armour: armour(12, 9, 6),
    weapons: [
      { weapon: 'tp.heavyTankGun', mount: 'turret', arcDeg: 180, ammo: { AP: 4, HE: 4 } },
      { weapon: 'tp.coax', mount: 'coax', arcDeg: 180 },
      { weapon: 'tp.hullMg', mount: 'hull', arcDeg: 45 },
      { weapon: 'tp.aaMg', mount: 'pintle', arcDeg: 180 },
    ],
    crew: [{ role: 'vehicleCrew', count: 5 }],
    keywords: ['armoured', 'large', 'tank', 'canFord', 'breachesThinWalls', 'optional', 'observer'],
    stats: { weightRank: 6 },
    source: s('L358, L578'),
  },
  {
    id: 'tp.tankDestroyer',
    name: 'Tank destroyer',
    class: 'tank',
    mobility: 'tracked',
    speeds: { road: 6, offRoad: 6 },
    armour: armour(8, 6, 4),
    weapons: [{ weapon: 'tp.heavyTankGun', mount: 'turret', arcDeg: 180, ammo: { AP: 6 } }],
    crew: [{ role: 'vehicleCrew', count: 4 }],
    keywords: ['armoured', 'large', 'tank', 'canFord', 'breachesThinWalls', 'optional'],
    stats: { weightRank: 5 },
    source: s('L354, L580'),
  },
  {
    id: 'tp.spGun',
    name: 'Self-propelled gun',
    class: 'tank',
    mobility: 'tracked',
    speeds: { road: 7, offRoad: 7 },
    armour: armour(7, 5, 4),
    weapons: [{ weapon: 'tp.howitzer', mount: 'turret', arcDeg: 180, ammo: { HE: 6 } }],
    crew: [{ role: 'vehicleCrew', count: 4 }],
    keywords: ['armoured', 'large', 'canFord', 'optional'],
    stats: { weightRank: 4 },
    source: s('L355, L582'),
  },
  {
    id: 'tp.halfTrackGun',
    name: 'Half-track with gun',
    class: 'vehicle',
    mobility: 'tracked',
    speeds: { road: 6, offRoad: 6 },
    armour: armour(5, 5, 4),
    weapons: [{ weapon: 'tp.atGunGun', mount: 'fixed', arcDeg: 15, ammo: { AP: 6 } }],
    crew: [{ role: 'vehicleCrew', count: 2 }],
    keywords: ['armoured', 'large', 'personnelCarrier', 'canFord', 'optional'],
    stats: { weightRank: 3 },
    source: s('L356, L584'),
  },
];

/** Artillery pieces (TP-18.7): towed guns served by artillery crewmen, and self-propelled ones. */
const artilleryPiece = (
  cls: 'light' | 'medium' | 'heavy',
  selfPropelled: boolean,
  fullCrew: number,
): UnitType => {
  const Cls = `${cls[0]!.toUpperCase()}${cls.slice(1)}`;
  const weapon = `tp.art${Cls}`;
  const crew = [{ role: 'artilleryCrew', count: fullCrew }];
  return selfPropelled
    ? {
        id: `tp.art${Cls}SP`,
        name: `${Cls} self-propelled artillery`,
        class: 'tank',
        mobility: 'tracked',
        speeds: { road: 7, offRoad: 7 },
        armour: armour(7, 5, 4),
        weapons: [{ weapon, mount: 'turret', arcDeg: 180 }],
        crew,
        keywords: ['armoured', 'large', 'canFord', 'optional', 'artillery', 'selfPropelled'],
        stats: { weightRank: 4, artilleryClass: cls, fullCrew },
        source: s('L355, L582, L586-612'),
      }
    : {
        id: `tp.art${Cls}Towed`,
        name: `${Cls} towed artillery`,
        class: 'gun',
        mobility: 'towed',
        weapons: [{ weapon, mount: 'fixed' }],
        crew,
        keywords: ['heavyWeapons', 'optional', 'artillery'],
        stats: { artilleryClass: cls, fullCrew },
        source: s('L586-612'),
      };
};

export const artilleryUnits: UnitType[] = [
  figure('tp.artilleryCrew', 'Artillery crewman', 'artilleryCrew', [], {
    class: 'team',
    keywords: ['heavyWeapons', 'artilleryCrew', 'optional'],
    source: s('L600-606'),
  }),
  artilleryPiece('light', false, 4),
  artilleryPiece('medium', false, 6),
  artilleryPiece('heavy', false, 6),
  artilleryPiece('light', true, 4),
  artilleryPiece('medium', true, 6),
  artilleryPiece('heavy', true, 6),
];
