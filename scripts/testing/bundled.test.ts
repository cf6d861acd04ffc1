import { describe, expect, it } from 'vitest';
import { bundledScenario } from './bundled';

describe('bundledScenario', () => {
  it('loads a bundled scenario by its name, with or without the file ending', () => {
    const village = bundledScenario('tankplank-village');
    expect(village.ruleset.id).toBe('tankplank');
    expect(village.meta.title).toBe('Tankplank: the village on the creek');
    expect(bundledScenario('tankplank-village.scenario.json')).toEqual(village);
    expect(bundledScenario('ww1-wire').ruleset.id).toBe('ww1');
  });

  it('names the file when there is no such scenario, and refuses a path', () => {
    expect(() => bundledScenario('no-such-village')).toThrow(
      /scenarios\/no-such-village\.scenario\.json does not exist/,
    );
    expect(() => bundledScenario('../package')).toThrow(/not a path/);
  });
});
