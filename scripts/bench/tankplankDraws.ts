/**
 * Why Tankplank bot games end as draws: plays bot-versus-bot games of a scenario (the village by
 * default) and, at the end of every turn, sorts each side's state at its own objective into one
 * of a few cases: held (its infantry with a radioman inside and no enemy troops: TP-3.3), a
 * radioman inside but enemy troops too, the objective clear but no radioman inside (with how far
 * the nearest living radioman is), enemy troops inside and no radioman, or no radioman left
 * alive. Prints the share of games decided, then each case's count per game over all turns and
 * over the last turns that can still start a hold, and the units most often found standing in
 * the way, then where each side's squads are turn by turn (alive, riding, near the objective, lost
 * with the carrier they rode in). Prints numbers; it is not a test.
 * Run: npm run bench:tankplank-draws [-- --games 40 --seed 101 --turn-limit 12
 *      --bots a=balanced,b=balanced --scenario scenarios/tankplank-village.scenario.json]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument, type Shape } from '../../engine/format/index';
import type { BotStyle } from '../../engine/game/gameDef';
import { tablePoint } from '../../engine/geometry/units';
import { botPhase } from '../../engine/rulesets/tankplank/bot';
import { createContext } from '../../engine/rulesets/tankplank/rules/context';
import { countsAsTroops } from '../../engine/rulesets/tankplank/rules/salvage';
import { newGame } from '../../engine/rulesets/tankplank/rules/setup';
import { info, onTable, positionOf } from '../../engine/rulesets/tankplank/rules/situation';
import type { TankplankState } from '../../engine/rulesets/tankplank/rules/state';
import { shapeContains } from '../../engine/rulesets/tankplank/rules/zones';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const num = (name: string, d: number) => {
  const v = Number(opt(name));
  return Number.isFinite(v) && v > 0 ? v : d;
};
const games = num('games', 40);
const firstSeed = num('seed', 101);
const turnLimit = opt('turn-limit') === undefined ? undefined : num('turn-limit', 12);
const file = opt('scenario') ?? 'scenarios/tankplank-village.scenario.json';
const STYLES: readonly BotStyle[] = ['cautious', 'balanced', 'aggressive'];
const bots = new Map<string, BotStyle>();
for (const part of (opt('bots') ?? '').split(',').filter(Boolean)) {
  const [side, style] = part.split('=');
  if (!side || !STYLES.includes(style as BotStyle)) {
    console.error(`--bots ${part}: write side=style, the style one of ${STYLES.join(', ')}`);
    process.exit(2);
  }
  bots.set(side, style as BotStyle);
}

const loaded = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
if (!loaded.ok) {
  console.error(`${file}: ${loaded.problems.map((p) => p.message).join('; ')}`);
  process.exit(2);
}
if (loaded.doc.ruleset.id !== 'tankplank') {
  console.error(
    `${file} is a ${loaded.doc.ruleset.id} scenario; this script reads Tankplank games`,
  );
  process.exit(2);
}
const ctx = createContext(loaded.doc);
const objectives = new Map<string, Shape>();
for (const o of ctx.objectives) if (o.owner && o.area) objectives.set(o.owner, o.area);

type Case =
  | 'held'
  | 'radioman in, enemy in'
  | 'clear, radioman out'
  | 'enemy in, radioman out'
  | 'no radioman alive';
const CASES: readonly Case[] = [
  'held',
  'radioman in, enemy in',
  'clear, radioman out',
  'enemy in, radioman out',
  'no radioman alive',
];

/** The side's case at its objective, and the enemies standing in it. */
function caseOf(s: TankplankState, side: string): { c: Case; far?: number; enemies: string[] } {
  const area = objectives.get(side)!;
  const inside = (x: number, y: number) => shapeContains(area, tablePoint(x, y), ctx.map);
  let men = 0;
  let radio = 0;
  const enemies: string[] = [];
  let far = Infinity;
  let radiomen = 0;
  for (const u of s.units.list()) {
    if (u.side === side && u.alive && u.role === 'radioman') {
      radiomen++;
      const p = positionOf(s, u.id);
      if (p && !inside(p.x, p.y)) far = Math.min(far, distanceTo(area, p.x, p.y));
    }
    if (!onTable(u) || !inside(u.at[0], u.at[1])) continue;
    const i = info(ctx, s, u.id);
    if (u.side === side && i.kind === 'figure' && i.type.class === 'infantry') {
      men++;
      if (u.role === 'radioman') radio++;
    }
    if (u.side !== side && countsAsTroops(ctx, s, u.id)) enemies.push(u.id);
  }
  if (radio > 0 && men > 1 && enemies.length === 0) return { c: 'held', enemies };
  if (radio > 0) return { c: 'radioman in, enemy in', enemies };
  if (radiomen === 0) return { c: 'no radioman alive', enemies };
  const out = far === Infinity ? undefined : far;
  return enemies.length === 0
    ? { c: 'clear, radioman out', ...(out !== undefined ? { far: out } : {}), enemies }
    : { c: 'enemy in, radioman out', enemies };
}

/** Distance from a point to a shape's box (0 inside it): how far a radioman has still to go. */
function distanceTo(area: Shape, x: number, y: number): number {
  if (area.shape !== 'rect') return 0;
  const dx = Math.max(area.x - x, 0, x - (area.x + area.width));
  const dy = Math.max(area.y - y, 0, y - (area.y + area.height));
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Where a side's squads are at the end of a turn: men alive, riding, within 18" and within 6" of
 * the objective (inside counts as 0"), and how many died this turn while riding (in a carrier
 * that was destroyed).
 */
const SQUAD_COLUMNS = ['alive', 'riding', 'within 18"', 'within 6"', 'died riding'] as const;
function squadsAt(before: TankplankState, s: TankplankState, side: string): number[] {
  const area = objectives.get(side)!;
  const row = SQUAD_COLUMNS.map(() => 0);
  for (const f of ctx.formations.values()) {
    if (f.side !== side || f.kind !== 'squad') continue;
    for (const id of f.members) {
      const u = s.units.get(id);
      if (!u) continue;
      if (!u.alive) {
        if (before.units.get(id)?.alive && before.units.get(id)?.embarkedIn) row[4]!++;
        continue;
      }
      row[0]!++;
      if (u.embarkedIn) row[1]!++;
      const p = positionOf(s, u.id);
      if (!p) continue;
      const d = distanceTo(area, p.x, p.y);
      if (d <= 18) row[2]!++;
      if (d <= 6) row[3]!++;
    }
  }
  return row;
}

const holdTurns = (side: string) => ctx.objectives.find((o) => o.owner === side)?.holdTurns ?? 3;
const count = new Map<string, number>();
const add = (k: string, n = 1) => count.set(k, (count.get(k) ?? 0) + n);
const blockers = new Map<string, Map<string, number>>();
const results = new Map<string, number>();
let turnsPlayed = 0;
/** Per side and turn: the squads' columns summed over games, and how many games reached it. */
const squads = new Map<string, { sum: number[]; games: number }[]>();
const start = performance.now();
for (let g = 0; g < games; g++) {
  let s = newGame(ctx, { seed: firstSeed + g, ...(turnLimit ? { turnLimit } : {}) });
  let turn = s.turn;
  let atTurnStart = s;
  while (s.phase !== 'ended') {
    for (const side of ctx.sides) {
      if (s.phase === 'ended') break;
      s = botPhase(ctx, s, side, bots.get(side) ?? 'balanced').state;
    }
    if (s.turn === turn && s.phase !== 'ended') continue;
    for (const side of ctx.sides) {
      if (!objectives.has(side)) continue;
      const { c, far, enemies } = caseOf(s, side);
      // A hold that starts later than this turn cannot end before the limit.
      const late = turn > s.turnLimit - holdTurns(side) ? 'too late' : 'in time';
      add(`${side}|${c}|all`);
      add(`${side}|${c}|${late}`);
      if (far !== undefined)
        add(`${side}|far|${far <= 6 ? 'within 6"' : far <= 12 ? '6-12"' : 'over 12"'}`);
      const b = blockers.get(side) ?? new Map<string, number>();
      blockers.set(side, b);
      for (const id of enemies) {
        const u = s.units.get(id)!;
        const kind = `${info(ctx, s, id).type.id.replace(/^tp\./, '')}${u.spawned ? ' (crew out)' : ''}`;
        b.set(kind, (b.get(kind) ?? 0) + 1);
      }
    }
    for (const side of ctx.sides) {
      if (!objectives.has(side)) continue;
      const rows = squads.get(side) ?? [];
      squads.set(side, rows);
      const row = (rows[turn] ??= { sum: SQUAD_COLUMNS.map(() => 0), games: 0 });
      squadsAt(atTurnStart, s, side).forEach((v, k) => (row.sum[k]! += v));
      row.games++;
    }
    atTurnStart = s;
    turnsPlayed++;
    turn = s.turn;
  }
  const w = s.result?.winner ?? 'unfinished';
  results.set(w, (results.get(w) ?? 0) + 1);
}
const seconds = (performance.now() - start) / 1000;

const pct = (n: number) => `${((100 * n) / games).toFixed(1)}%`;
const decided = [...results].filter(([w]) => w !== 'draw' && w !== 'unfinished');
console.log(
  `${loaded.doc.meta.title}: ${games} games, seeds ${firstSeed}-${firstSeed + games - 1}, ` +
    `turn limit ${turnLimit ?? 'the scenario\u2019s'}, ${seconds.toFixed(1)} s, ${(turnsPlayed / games).toFixed(1)} turns a game`,
);
console.log(
  `decided ${pct(decided.reduce((a, [, n]) => a + n, 0))} (${decided.map(([w, n]) => `${w} ${n}`).join(', ') || 'none'}), draws ${pct(results.get('draw') ?? 0)}`,
);
for (const side of ctx.sides) {
  if (!objectives.has(side)) continue;
  console.log(
    `\nside ${side} (${bots.get(side) ?? 'balanced'}) at its objective, ends of turn per game:`,
  );
  console.log(`  ${'case'.padEnd(24)} ${'all turns'.padStart(10)} ${'in time'.padStart(9)}`);
  for (const c of CASES)
    console.log(
      `  ${c.padEnd(24)} ${((count.get(`${side}|${c}|all`) ?? 0) / games).toFixed(2).padStart(10)} ${((count.get(`${side}|${c}|in time`) ?? 0) / games).toFixed(2).padStart(9)}`,
    );
  const far = ['within 6"', '6-12"', 'over 12"']
    .map((k) => `${k} ${((count.get(`${side}|far|${k}`) ?? 0) / games).toFixed(2)}`)
    .join(', ');
  console.log(`  clear, radioman out: the nearest radioman ${far}`);
  const b = [...(blockers.get(side) ?? [])].sort((x, y) => y[1] - x[1]).slice(0, 8);
  console.log(
    `  enemy troops found inside, per game: ${b.map(([k, n]) => `${k} ${(n / games).toFixed(2)}`).join(', ') || 'none'}`,
  );
  console.log(
    `  squad men at the end of each turn, per game still going (distances to the objective):`,
  );
  console.log(`  turn ${SQUAD_COLUMNS.map((c) => c.padStart(12)).join('')}`);
  (squads.get(side) ?? []).forEach((row, t) =>
    console.log(
      `  ${String(t).padStart(4)} ${row.sum.map((v) => (v / row.games).toFixed(1).padStart(12)).join('')}`,
    ),
  );
}
