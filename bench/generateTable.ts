import type { Feature, ScenarioDoc } from '../engine/format/index';
import { minimalScenario } from '../engine/format/testFixtures';

/**
 * A deterministic table with `count` features of every kind, for benchmarks. Uses a small linear
 * congruential generator so the same count always gives the same file.
 */
export function generateTable(count: number, width = 144, height = 96): ScenarioDoc {
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const at = () => [r2(rnd() * width), r2(rnd() * height)] as [number, number];
  const poly = (n: number, radius: number): [number, number][] => {
    const [cx, cy] = at();
    return Array.from({ length: n }, (_, i) => {
      const a = (i / n) * Math.PI * 2;
      const r = radius * (0.7 + 0.3 * rnd());
      return [r2(cx + Math.cos(a) * r), r2(cy + Math.sin(a) * r)] as [number, number];
    });
  };
  const line = (n: number, step: number): [number, number][] => {
    let [x, y] = at();
    return Array.from({ length: n }, () => {
      x = r2(x + (rnd() - 0.3) * step);
      y = r2(y + (rnd() - 0.5) * step);
      return [x, y] as [number, number];
    });
  };
  const features: Feature[] = [];
  for (let i = 0; i < count; i++) {
    const id = `f${i}`;
    const pick = i % 10;
    switch (pick) {
      case 0:
        features.push({ id, kind: 'tree', x: at()[0], y: at()[1], canopyRadius: r2(0.8 + rnd()) });
        break;
      case 1:
        features.push({
          id,
          kind: 'building',
          x: at()[0],
          y: at()[1],
          width: r2(2 + rnd() * 3),
          depth: r2(2 + rnd() * 2),
          rotation: Math.round(rnd() * 90),
          buildingKind: rnd() < 0.5 ? 'open' : 'closed',
          floors: 1 + Math.floor(rnd() * 2),
        });
        break;
      case 2:
        features.push({
          id,
          kind: 'wall',
          points: line(3, 3),
          heightClass: 'low',
          strength: 'strong',
        });
        break;
      case 3:
        features.push({ id, kind: 'road', points: line(4, 6), width: rnd() < 0.3 ? 3 : 2 });
        break;
      case 4:
        features.push({ id, kind: 'bushes', points: poly(6, 1.5) });
        break;
      case 5:
        features.push({ id, kind: 'ground', points: poly(8, 5), level: 1, height: 0.75 });
        break;
      case 6:
        features.push({ id, kind: 'hedge', points: line(3, 4) });
        break;
      case 7:
        features.push({ id, kind: 'woods', points: poly(7, 3) });
        break;
      case 8:
        features.push({ id, kind: 'fence', points: line(2, 4) });
        break;
      default:
        features.push({ id, kind: 'obstacle', points: poly(4, 0.8), obstacleKind: 'tankObstacle' });
    }
  }
  const doc = minimalScenario();
  return {
    ...doc,
    meta: { title: `Generated table, ${count} features` },
    map: { kind: 'table', width, height, features },
    objectives: [],
    victory: { conditions: [] },
  };
}
