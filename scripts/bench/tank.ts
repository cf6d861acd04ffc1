/**
 * TANK! benchmark: hex line-of-sight checks per second on the bundled contour map (random pairs
 * of hexes, Costello's rules with the units at their start hexes as friendly blockers, then the
 * base game's stand-in), and whole bot-versus-bot games of "Contour hills" per second of CPU
 * time through the one headless driver. Prints numbers; it is not a test.
 * Run: npm run bench:tank [-- --pairs 20000 --games 10].
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument, type ScenarioDoc } from '../../engine/format/index';
import { simulate } from '../../engine/game/simulate';
import { createTankContext } from '../../engine/rulesets/tank/rules/context';
import { blockersFor } from '../../engine/rulesets/tank/rules/fire';
import { sight } from '../../engine/rulesets/tank/rules/los';
import { newTankGame } from '../../engine/rulesets/tank/rules/reducer';
import { rulesetModule } from '../../engine/rulesets/registry';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) || d : d;
};
const pairs = opt('pairs', 20000);
const games = opt('games', 10);

const file = new URL('../../scenarios/tank-contour-hills.scenario.json', import.meta.url);
const loaded = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
if (!loaded.ok) throw new Error('tank-contour-hills does not load');
const doc = loaded.doc;

/** A small seeded generator (mulberry32) so every run checks the same pairs. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function losBench(label: string, scenario: ScenarioDoc) {
  const ctx = createTankContext(scenario);
  if (typeof ctx === 'string') throw new Error(ctx);
  const state = newTankGame(ctx, 1);
  const blocks = blockersFor(ctx, state, ctx.sides[0]);
  const r = rng(42);
  const list: [{ col: number; row: number }, { col: number; row: number }][] = [];
  for (let i = 0; i < pairs; i++) {
    const a = { col: Math.floor(r() * ctx.map.columns), row: Math.floor(r() * ctx.map.rows) };
    const b = { col: Math.floor(r() * ctx.map.columns), row: Math.floor(r() * ctx.map.rows) };
    list.push([a, b]);
  }
  for (const [a, b] of list.slice(0, 2000)) sight(ctx.rules, ctx.map, a, b, blocks); // warm up
  let visible = 0;
  let hexes = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const [a, b] of list) {
    const s = sight(ctx.rules, ctx.map, a, b, blocks);
    if (s.visible) visible++;
    hexes += s.hexes.length;
  }
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  console.log(
    `${label}: ${pairs} random pairs in ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU = ${Math.round((pairs / cpuMs) * 1000)} checks per CPU second (${((cpuMs * 1000) / pairs).toFixed(1)} µs each; ${((100 * visible) / pairs).toFixed(1)}% visible, ${(hexes / pairs).toFixed(1)} hexes per line)`,
  );
}

console.log(
  `TANK! on ${doc.meta.title} (${doc.map.kind === 'hex' ? `${doc.map.columns} × ${doc.map.rows} hexes` : ''})`,
);
losBench("Costello's LOS (TC-2, units as blockers)", doc);
losBench('Base-game stand-in LOS (no costello layer)', {
  ...doc,
  ruleset: { ...doc.ruleset, layers: ['optional'] },
  forces: {
    sides: doc.forces.sides.map((s) => ({
      ...s,
      formations: s.formations
        .map((f) => ({
          ...f,
          units: f.units.filter(
            (u) => u.type.startsWith('tank.') && !/dummy|Mortar|hmg/.test(u.type),
          ),
        }))
        .filter((f) => f.units.length > 0),
    })),
  },
});

const made = rulesetModule('tank')!.game!(doc);
if (!made.ok) throw new Error(made.reason);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const wins: Record<string, number> = {};
let sideTurns = 0;
for (let seed = 1; seed <= games; seed++) {
  const r = simulate(made.game, { seed, record: false });
  if (r.stoppedBy !== 'over')
    throw new Error(`game ${seed} stopped: ${r.stoppedBy} ${r.reason ?? ''}`);
  const w = r.result?.winner ?? 'none';
  wins[w] = (wins[w] ?? 0) + 1;
  sideTurns += r.sideTurns;
}
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `Bot vs bot, Contour hills: ${games} games in ${wall.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU = ${((games / cpuMs) * 1000).toFixed(2)} games per CPU second (${(sideTurns / games / 2).toFixed(1)} turns a game; winners ${JSON.stringify(wins)})`,
);
