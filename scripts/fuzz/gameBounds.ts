/**
 * How long one bot game takes, at worst, on every bundled scenario and on the variants a file can
 * inflate within the schemas: every crew at the schemas' maxima (as many roles as a crew list
 * holds, each as many men as a role may have), on every Tankplank scenario. Prints the slowest
 * game of each and whether the loader and checks admit the variant (a crew past the maxima must
 * be refused). A benchmark: it prints numbers, it does not pass or fail.
 *
 *   npx tsx scripts/fuzz/gameBounds.ts [--seeds 5]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { admitScenario } from '../../engine/lab/checkedDocument';
import { simulate } from '../../engine/game/simulate';
import { labGameOf } from '../../engine/lab/worker';
import forcesSchema from '../../schemas/forces.schema.json' with { type: 'json' };
import { BUNDLED_RULESETS } from '../../engine/rulesets/registry';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '5' } } });
const seeds = Number(values.seeds);
const dir = path.resolve(import.meta.dirname, '..', '..', 'scenarios');

interface CrewSchema {
  maxItems: number;
  items: { properties: { count: { maximum: number } } };
}
const crewSchema = (
  forcesSchema as unknown as {
    $defs: { unit: { properties: { crew: CrewSchema } } };
  }
).$defs.unit.properties.crew;
const MAX_ROLES = crewSchema.maxItems;
const MAX_COUNT = crewSchema.items.properties.count.maximum;

/** Every crew list of the scenario's forces set to `roles` roles of `count` men. */
function withCrews(text: string, roles: number, count: number): string {
  const doc = JSON.parse(text) as { forces: unknown };
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) o.forEach(walk);
    else if (o && typeof o === 'object') {
      const rec = o as Record<string, unknown>;
      for (const [key, v] of Object.entries(rec)) {
        if (key === 'crew' && Array.isArray(v))
          rec[key] = Array.from({ length: roles }, (_, k) => ({
            role: k === 0 ? 'driver' : `role${k}`,
            count,
          }));
        else walk(v);
      }
    }
  };
  walk(doc.forces);
  return JSON.stringify(doc);
}

function worstGame(name: string, text: string): void {
  const admitted = admitScenario(new TextEncoder().encode(text), name, BUNDLED_RULESETS);
  if (!admitted.ok) {
    console.log(`${name.padEnd(58)} refused: ${admitted.lines[0]?.slice(0, 120)}`);
    return;
  }
  const made = labGameOf(admitted.scenario, BUNDLED_RULESETS);
  if ('error' in made) {
    console.log(`${name.padEnd(58)} ${made.error}`);
    return;
  }
  let worst = 0;
  let worstSeed = 0;
  const stops = new Map<string, number>();
  for (let seed = 1; seed <= seeds; seed++) {
    const t = performance.now();
    const r = simulate(made.game, { seed, record: false });
    const ms = performance.now() - t;
    stops.set(r.stoppedBy, (stops.get(r.stoppedBy) ?? 0) + 1);
    if (ms > worst) {
      worst = ms;
      worstSeed = seed;
    }
  }
  console.log(
    `${name.padEnd(58)} worst ${(worst / 1000).toFixed(2).padStart(6)} s (seed ${worstSeed}); ${[
      ...stops,
    ]
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
}

console.log(
  `one bot game, seeds 1-${seeds}, this process (engine warm after the first); crews at most ${MAX_ROLES} roles of ${MAX_COUNT}`,
);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.scenario.json'))
  .sort()) {
  const text = readFileSync(path.join(dir, file), 'utf8');
  worstGame(file, text);
  if (!file.startsWith('tankplank')) continue;
  worstGame(`${file} crews ${MAX_ROLES}x${MAX_COUNT}`, withCrews(text, MAX_ROLES, MAX_COUNT));
  worstGame(`${file} crews of 1000`, withCrews(text, 2, 1000));
}
