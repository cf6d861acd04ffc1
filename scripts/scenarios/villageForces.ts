/**
 * The village's forces (digest section 2; seed 000 L39-L50): each side's squads, heavy weapons,
 * command teams, AT gun and vehicles.
 */
import type { Formation, Side, Unit } from '../../engine/format/index';

// ---- forces (digest section 2; seed 000 L39-L50) ----

export type Prefix = 'a' | 'b';

const figure = (id: string, type: string, role: string, name?: string): Unit => ({
  id,
  type: `tp.${type}`,
  role,
  ...(name ? { name } : {}),
});

function rifleSquad(p: Prefix, n: number, support: 'lmgGunner' | 'autoRifleman'): Formation {
  const id = `${p}.sq${n}`;
  return {
    id,
    name: `${n === 1 ? '1st' : n === 2 ? '2nd' : '3rd'} Squad`,
    kind: 'squad',
    leader: `${id}.nco`,
    units: [
      figure(`${id}.nco`, 'nco', 'nco', 'Squad leader'),
      figure(`${id}.${support === 'lmgGunner' ? 'lmg' : 'ar'}`, support, support),
      ...Array.from({ length: 8 }, (_, i) => figure(`${id}.r${i + 1}`, 'rifleman', 'rifleman')),
    ],
  };
}

function heavyWeapons(p: Prefix): Formation {
  const id = `${p}.hw`;
  const team = (t: string, type: string, count: number, name: string): Formation => ({
    id: `${id}.${t}`,
    name,
    kind: 'team',
    units: Array.from({ length: count }, (_, i) => figure(`${id}.${t}${i + 1}`, type, type)),
  });
  return {
    id,
    name: 'Heavy weapons section',
    kind: 'section',
    leader: `${id}.officer`,
    units: [
      figure(`${id}.officer`, 'officer', 'officer'),
      figure(`${id}.radioman`, 'radioman', 'radioman'),
    ],
    formations: [
      team('hmg', 'hmgCrew', 2, 'HMG team'),
      team('bazooka', 'bazookaCrew', 2, 'Bazooka team'),
      team('mortar', 'mortarCrew', 3, 'Light mortar team'),
    ],
  };
}

/** A command team rides its jeep: the jeep's crew are the team's officer, driver and radioman (TP-16.1). */
function commandTeam(p: Prefix, n: number): Formation {
  const id = `${p}.cmd${n}`;
  const crew = [`${id}.officer`, `${id}.driver`, `${id}.radioman`];
  return {
    id,
    name: `Command team ${n}`,
    kind: 'commandTeam',
    leader: `${id}.officer`,
    units: [
      figure(crew[0]!, 'officer', 'officer'),
      figure(crew[1]!, 'driver', 'driver'),
      figure(crew[2]!, 'radioman', 'radioman'),
      { id: `${id}.jeep`, type: 'tp.jeep', name: `Jeep ${n}`, passengers: crew },
    ],
  };
}

function atGun(p: Prefix): Formation {
  const id = `${p}.at`;
  return {
    id,
    name: 'Anti-tank gun',
    kind: 'team',
    units: [
      { id: `${id}.gun`, type: 'tp.atGun', name: 'AT gun' },
      ...[1, 2, 3].map((i) => figure(`${id}.crew${i}`, 'atCrew', 'atCrew')),
    ],
  };
}

const vehicles = (
  p: Prefix,
  key: string,
  type: string,
  label: string,
  count: number,
  crew: [string, number][],
  kind: Formation['kind'],
  name: string,
): Formation => ({
  id: `${p}.${key}`,
  name,
  kind,
  units: Array.from({ length: count }, (_, i) => ({
    id: `${p}.${key}${i + 1}`,
    type: `tp.${type}`,
    name: `${label} ${i + 1}`,
    crew: crew.map(([role, n]) => ({ role, count: n })),
  })),
});

export function side(p: Prefix, name: string, colour: string): Side {
  return {
    id: p,
    name,
    colour,
    formations: [
      rifleSquad(p, 1, 'lmgGunner'),
      rifleSquad(p, 2, 'lmgGunner'),
      rifleSquad(p, 3, 'autoRifleman'),
      heavyWeapons(p),
      commandTeam(p, 1),
      commandTeam(p, 2),
      commandTeam(p, 3),
      atGun(p),
      vehicles(
        p,
        'truck',
        'truck',
        'Truck',
        3,
        [
          ['driver', 1],
          ['assistant', 1],
        ],
        'group',
        'Trucks',
      ),
      vehicles(
        p,
        'ht',
        'halfTrack',
        'Half-track',
        2,
        [
          ['driver', 1],
          ['assistant', 1],
        ],
        'group',
        'Half-tracks',
      ),
      vehicles(
        p,
        'ac',
        'armouredCar',
        'Armoured car',
        1,
        [
          ['commander', 1],
          ['gunner', 1],
          ['driver', 1],
        ],
        'group',
        'Armoured car',
      ),
      vehicles(
        p,
        'tank',
        'mediumTank',
        'Tank',
        2,
        [
          ['commander', 1],
          ['gunner', 1],
          ['loader', 1],
          ['driver', 1],
          ['assistant', 1],
        ],
        'platoon',
        'Tank section',
      ),
    ],
  };
}

export const holders = {
  classes: ['infantry'],
  requiredRoles: [{ role: 'radioman', min: 1 }],
  excludeEnemy: true,
};
