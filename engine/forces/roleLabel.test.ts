import { describe, expect, it } from 'vitest';
import type { UnitType } from '../format/types';
import { roleLabel } from './roleLabel';

const unit = (id: string, name: string, roles: string[]) =>
  [id, { id, name, roles } as unknown as UnitType] as const;

describe('roleLabel', () => {
  it('names a role by the one unit type that has it alone', () => {
    const units = new Map([
      unit('tp.lmgGunner', 'Light machine gunner', ['lmgGunner']),
      unit('tp.nco', 'NCO', ['nco', 'rifleman']),
    ]);
    expect(roleLabel('lmgGunner', { units })).toBe('Light machine gunner');
  });

  it('reads the id as words when no type names it, or two types name it differently', () => {
    const units = new Map([
      unit('a', 'Loader (early)', ['loader']),
      unit('b', 'Loader (late)', ['loader']),
    ]);
    expect(roleLabel('loader', { units })).toBe('loader');
    expect(roleLabel('ammoCarrier', { units })).toBe('ammo carrier');
    expect(roleLabel('HMGCrew', { units })).toBe('hmg crew');
    expect(roleLabel('tank_commander', { units })).toBe('tank commander');
  });
});
