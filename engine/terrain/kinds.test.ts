import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { FEATURE_KINDS, type Feature } from '../format';
import { footprintOf } from './featureGeometry';
import { GROUND_KINDS, GROUND_SHAPING_KINDS, KINDS, RING_KINDS, type KindOutline } from './kinds';

const SCENARIOS = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** Every table feature of the bundled scenarios. */
function bundledFeatures(): Feature[] {
  const out: Feature[] = [];
  for (const name of readdirSync(SCENARIOS).filter((n) => n.endsWith('.scenario.json'))) {
    const doc = bundledScenario(name);
    if (doc.map.kind === 'table') out.push(...doc.map.features);
  }
  return out;
}

/** The footprint type the terrain queries give each outline. */
const FOOTPRINT: Record<KindOutline, string> = {
  ring: 'area',
  strip: 'area',
  rect: 'area',
  channel: 'trench',
  line: 'line',
  circle: 'circle',
};

describe('terrain kinds table', () => {
  it('has one entry for every kind of the format', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...FEATURE_KINDS].sort());
  });

  it("says how each bundled feature's geometry is read, as the terrain queries read it", () => {
    const features = bundledFeatures();
    expect(new Set(features.map((f) => f.kind)).size).toBeGreaterThan(10);
    for (const f of features) {
      const spec = KINDS[f.kind];
      expect(footprintOf(f, 0.2).type, `${f.id} (${f.kind})`).toBe(FOOTPRINT[spec.outline]);
      const hasPoints = 'points' in f;
      expect(hasPoints, `${f.id} (${f.kind}) has points`).toBe(
        ['ring', 'strip', 'channel', 'line'].includes(spec.outline),
      );
    }
  });

  it('derives the sets the engine asks', () => {
    expect([...RING_KINDS].sort()).toEqual(
      ['bridge', 'bunker', 'bushes', 'catwalk', 'forest', 'ground', 'obstacle', 'woods'].sort(),
    );
    expect([...GROUND_KINDS].sort()).toEqual(['bridge', 'catwalk', 'creek', 'ground', 'gully']);
    expect([...GROUND_SHAPING_KINDS].sort()).toEqual([...GROUND_KINDS, 'road'].sort());
  });
});
