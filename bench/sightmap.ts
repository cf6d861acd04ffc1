/**
 * Sight-map benchmark: the time to shade what one point sees over a whole 36" × 24" table at
 * 1/4" cells (13,824 cells) on the Tankplank village, at a man's and a vehicle's eye height; a
 * side's entry strip as the viewer with the other side's strip as the enemy (dead ground); the
 * update after a building is moved (what the editor does while one is dragged); the line-of-sight
 * checks per second the map ran at; and a hex map hex by hex. Times are CPU milliseconds of this
 * process (what a map costs a free core, however loaded the machine), with wall time where it
 * says. Prints numbers; not a test.
 * Run: npm run bench:sightmap
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument, type Feature, type Point, type ScenarioDoc } from '../engine/format/index';
import { hexCentre, hexGrid } from '../engine/hex';
import {
  areaViewers,
  pointSightOf,
  rowBands,
  SightMapper,
  type SightRequest,
} from '../engine/sight/sightMap';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';

function load(name: string): ScenarioDoc {
  const file = new URL(`../scenarios/${name}`, import.meta.url);
  const loaded = loadDocument(readFileSync(file, 'utf8'), {
    file: name,
    expect: ['sandtable.scenario'],
  });
  if (!loaded.ok) throw new Error(`${name}: ${loaded.problems.map((p) => p.message).join('; ')}`);
  return loaded.doc;
}

/** Best of `runs` timings of a fresh map (the first run warms the JIT up and is not counted). */
/**
 * Best of `runs` timings of a fresh map (the first run warms the JIT up and is not counted): wall
 * milliseconds, and CPU milliseconds of this process (what the map costs a free core, whatever
 * else the machine runs).
 */
function timeFresh(
  req: SightRequest,
  runs = 3,
): { ms: number; cpu: number; checks: number; seen: number } {
  let best = { ms: Infinity, cpu: Infinity, checks: 0, seen: 0 };
  for (let k = 0; k <= runs; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const map = new SightMapper(BUNDLED_RULESETS, () => performance.now()).run(req);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000;
    const seen = map.seen.reduce((a, b) => a + b, 0) / map.seen.length;
    if (k > 0 && cpu < best.cpu) best = { ms, cpu, checks: map.checks, seen };
  }
  return best;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const pct = (v: number) => `${(v * 100).toFixed(0)}%`;

// ---- the village ----------------------------------------------------------------------------
const village = load('tankplank-village.scenario.json');
if (village.map.kind !== 'table') throw new Error('the village is a table');
const { width, height } = village.map;
console.log(
  `village ${width}"×${height}", ${village.map.features.length} features, cells 1/4" (${(width * 4) | 0}×${(height * 4) | 0} = ${fmt(width * 4 * height * 4)})`,
);
const centre: Point = [width / 2, height / 2];
// Warm the JIT up on whole maps first, so the first timing is not the slowest.
for (let k = 0; k < 2; k++)
  new SightMapper(BUNDLED_RULESETS).run({ scenario: village, eye: 'man', viewers: [centre] });
for (const eye of ['man', 'vehicle'] as const) {
  const r = timeFresh({ scenario: village, eye, viewers: [centre] });
  console.log(
    `  one point (${centre.join(', ')}), ${eye} eye: ${r.cpu.toFixed(1)} ms of CPU per map (${r.ms.toFixed(1)} ms wall), ${fmt(r.checks)} checks, ${fmt((r.checks / r.cpu) * 1000)} checks per CPU second, ${pct(r.seen)} seen`,
  );
}

// The app splits a map into bands of rows, one per worker (sightClient): with two cores the wall
// time is that of the slower band. Timed here one after the other (CPU time), each band's best.
for (const workers of [2, 4]) {
  const bands = rowBands(Math.round(height * 4), workers).map((rows) => {
    const r = timeFresh({ scenario: village, eye: 'man', viewers: [centre], rows });
    return r.cpu;
  });
  console.log(
    `  one point, man eye, ${workers} bands of rows: ${bands.map((b) => b.toFixed(0)).join(' + ')} ms of CPU; with ${workers} workers on ${workers} free cores about ${Math.max(...bands).toFixed(0)} ms per map`,
  );
}

// A new viewer first gets a quick preview (every fourth cell of every fourth row).
{
  let best = Infinity;
  let checks = 0;
  for (let k = 0; k < 4; k++) {
    const c0 = process.cpuUsage();
    const m = new SightMapper(BUNDLED_RULESETS).preview({
      scenario: village,
      eye: 'man',
      viewers: [centre],
    });
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    if (k > 0 && ms < best) [best, checks] = [ms, m.checks];
  }
  console.log(
    `  one point, quick preview (1 cell in 16): ${best.toFixed(1)} ms of CPU, ${fmt(checks)} checks`,
  );
}

// The sight checker alone (its set-up is part of every map above).
{
  const t0 = performance.now();
  for (let k = 0; k < 5; k++) pointSightOf(village, 'man', BUNDLED_RULESETS);
  console.log(
    `  building the checker (terrain index): ${((performance.now() - t0) / 5).toFixed(1)} ms`,
  );
}

// A side's entry strip against the other's: the union of what its sample points see, and the
// ground dead to the enemy.
const edges = village.deployment.entryEdges ?? [];
if (edges.length >= 2) {
  const strip = (e: (typeof edges)[number]) =>
    areaViewers({ shape: 'edgeStrip', edge: e.edge, depth: 2 }, village.map, 16);
  const viewers = strip(edges[0]!);
  const enemy = strip(edges[1]!);
  const r = timeFresh({ scenario: village, eye: 'man', viewers, enemy }, 1);
  console.log(
    `  zone (${edges[0]!.edge} strip, ${viewers.length} points) + enemy (${edges[1]!.edge} strip, ${enemy.length} points): ${r.cpu.toFixed(0)} ms of CPU per map, ${fmt(r.checks)} checks, ${fmt((r.checks / r.cpu) * 1000)} checks per CPU second`,
  );
}

// Dragging a building: each step moves it 1/4" and the map is updated from the last one.
{
  const building = village.map.features.find((f) => f.kind === 'building')!;
  const moved = (dx: number): ScenarioDoc =>
    village.map.kind !== 'table'
      ? village
      : {
          ...village,
          map: {
            ...village.map,
            features: village.map.features.map((f): Feature =>
              f.id === building.id && f.kind === 'building' ? { ...f, x: f.x + dx } : f,
            ),
          },
        };
  const mapper = new SightMapper(BUNDLED_RULESETS, () => performance.now());
  const base = { eye: 'man' as const, viewers: [centre] };
  mapper.run({ ...base, scenario: village });
  const steps = 12;
  let checks = 0;
  let cells = 0;
  const c0 = process.cpuUsage();
  for (let k = 1; k <= steps; k++) {
    const m = mapper.run({ ...base, scenario: moved(k * 0.25) });
    checks += m.checks;
    cells += m.cellsChecked;
  }
  const c = process.cpuUsage(c0);
  const ms = (c.user + c.system) / 1000 / steps;
  console.log(
    `  drag "${building.name ?? building.id}" 1/4" a step: ${ms.toFixed(1)} ms of CPU per update, ${fmt(cells / steps)} cells and ${fmt(checks / steps)} checks a step`,
  );
}

// ---- a hex map ------------------------------------------------------------------------------
const hex = load('tank-contour-hills.scenario.json');
if (hex.map.kind === 'hex') {
  const m = hex.map;
  const cells = m.columns * m.rows;
  const mid = { col: Math.floor(m.columns / 2), row: Math.floor(m.rows / 2) };
  const at = hexCentre(hexGrid(m), mid.col, mid.row);
  const r = timeFresh({ scenario: hex, eye: 'man', viewers: [at] }, 5);
  console.log(
    `hex map "${hex.meta.title}" ${m.columns}×${m.rows} (${cells} hexes), hex by hex from (${mid.col}, ${mid.row}): ${r.cpu.toFixed(2)} ms of CPU per map, ${fmt((r.checks / r.cpu) * 1000)} checks per CPU second, ${pct(r.seen)} seen`,
  );
  const zone = hex.deployment.zones?.[0];
  if (zone) {
    const viewers = areaViewers(zone.area, m);
    const z = timeFresh({ scenario: hex, eye: 'vehicle', viewers }, 3);
    console.log(
      `  zone "${zone.name ?? zone.id}" (${viewers.length} hexes), vehicle eye: ${z.cpu.toFixed(1)} ms of CPU per map`,
    );
  }
}
