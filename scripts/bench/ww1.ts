/**
 * WWI benchmark: whole bot-versus-bot games per second of CPU time on the bundled ww1-wire
 * scenario through the one headless driver (each side's turn: a card, orders, moves, battles),
 * with the wins, turns and actions of the games; and the time to work out exact battle odds.
 * Prints numbers; it is not a test. Run: npm run bench:ww1 [-- --games 40]. It lives in scripts/
 * because it reads the WWI odds module itself, which the shared benchmarks may not.
 */
import { performance } from 'node:perf_hooks';
import { simulate } from '../../engine/game/simulate';
import { battleOdds } from '../../engine/rulesets/ww1/rules/odds';
import { planBattle } from '../../engine/rulesets/ww1/rules/turn';
import { ww1WireGame } from './ww1Wire';

const args = process.argv.slice(2);
const games = Number(args[args.indexOf('--games') + 1]) || 40;

const { game, ctx } = ww1WireGame();

console.log(`Bot against bot on ww1-wire, ${games} games (seeds 1..${games}), CPU time:`);
const wins = new Map<string, number>();
let turns = 0;
let actions = 0;
const c0 = process.cpuUsage();
for (let seed = 1; seed <= games; seed++) {
  const r = simulate(game, { seed, record: true });
  if (r.stoppedBy !== 'over') throw new Error(`seed ${seed}: ${r.stoppedBy} ${r.reason ?? ''}`);
  wins.set(r.result!.winner, (wins.get(r.result!.winner) ?? 0) + 1);
  turns += r.state.turn;
  actions += r.actions.length;
}
const cpu = process.cpuUsage(c0);
const seconds = (cpu.user + cpu.system) / 1e6;
console.log(
  `  ${(games / seconds).toFixed(2)} games/s (${((seconds / games) * 1000).toFixed(0)} ms a game, ${(turns / games).toFixed(1)} turns, ${(actions / games).toFixed(0)} actions; wins ${[...wins].map(([w, n]) => `${w} ${n}`).join(', ')})`,
);

// Exact odds of the battle with the most dice at the start of the game, either side shooting,
// with the male tank brought up next to the German trench (a close combat of 3 dice).
const start = game.newGame({ seed: 1 });
const s0 = {
  ...start,
  units: {
    ...start.units,
    'british.male1': { ...start.units['british.male1']!, at: { col: 6, row: 3 } },
  },
};
let best:
  | {
      s: typeof s0;
      target: string;
      plan: Extract<ReturnType<typeof planBattle>, { ok: true }>['plan'];
    }
  | undefined;
for (const u of Object.values(s0.units))
  for (const t of Object.values(s0.units)) {
    if (u.side === t.side) continue;
    const s = { ...s0, phase: 'battle' as const, active: u.side };
    const p = planBattle(ctx.board, s, u.id, t.id, undefined, true);
    if (p.ok && (!best || p.plan.dice > best.plan.dice)) best = { s, target: t.id, plan: p.plan };
  }
if (!best) throw new Error('no unit can battle at the start of ww1-wire');
const n = 20000;
let sum = 0;
const t0 = performance.now();
for (let i = 0; i < n; i++) sum += battleOdds(ctx.board, best.s, best.target, best.plan).pVacated;
const us = ((performance.now() - t0) / n) * 1000;
console.log(
  `Exact battle odds (${best.plan.dice} dice, every outcome resolved for retreats): ${us.toFixed(1)} µs (P(hex vacated) ${(sum / n).toFixed(4)})`,
);
