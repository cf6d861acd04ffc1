/**
 * TANKS benchmark: the time to work out exact odds for the largest pools (6 attack dice against
 * 6 defence dice, with re-rolls), with the distributions' cache cleared before each so the
 * enumeration itself is timed; and whole bot-versus-bot games per second of CPU time on three
 * bundled scenarios (one with the terrain placed by the bots, TK-2.2), through the one headless
 * driver. Prints numbers; it is not a test.
 * Run: npm run bench:tanks [-- --games 20]. It lives in scripts/ because it reads the TANKS odds
 * module itself, which the shared benchmarks under bench/ may not (sharedCode.test.ts).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument } from '../../engine/format/index';
import { simulate } from '../../engine/game/simulate';
import { rulesetModule } from '../../engine/rulesets/registry';
import {
  clearOddsCache,
  shotOdds,
  type AttackSpec,
  type DefenceSpec,
} from '../../engine/rulesets/tanks/rules/odds';

const args = process.argv.slice(2);
const games = Number(args[args.indexOf('--games') + 1]) || 20;

const attack = (over: Partial<AttackSpec>): AttackSpec => ({
  label: 'Attack',
  dice: 6,
  modifiers: [],
  hitOn: [4, 5],
  criticalOn: [6],
  stationary: false,
  rerolls: [],
  brutal: false,
  splitCriticals: false,
  ruleId: 'TK-6.3',
  ...over,
});
const defence: DefenceSpec = { base: 6, modifiers: [], raw: 6, dice: 6, cancelMin: 4 };
// The placeholder Critical deck's Damage values (20 cards).
const pile = [0, 0, 0, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];

const variants: [string, AttackSpec][] = [
  ['Attack 6, Stationary (every failed die re-rolled)', attack({ stationary: true })],
  [
    'Attack 6, moving, Advanced Stabiliser + crew card (3 re-rolls), Brutal',
    attack({
      rerolls: [
        { label: 'Advanced Stabiliser', value: 2, ruleId: 'TK-6.5' },
        { label: 'crew', value: 1, ruleId: 'TK-8' },
      ],
      brutal: true,
    }),
  ],
];
console.log('Exact odds, 6 attack dice against 6 defence dice, cache cleared each time:');
for (const [name, spec] of variants) {
  const n = 2000;
  let sum = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    clearOddsCache();
    sum += shotOdds(spec, defence, 'targetFirst', { pile, discard: [] }, 4).expectedDamage;
  }
  const us = ((performance.now() - t0) / n) * 1000;
  console.log(`  ${name}: ${us.toFixed(1)} µs per shot (expected damage ${(sum / n).toFixed(4)})`);
}

const module = rulesetModule('tanks');
if (!module?.game) throw new Error('TANKS has no rules engine');
console.log(`Bot against bot, ${games} games each (seeds 1..${games}), CPU time:`);
for (const name of [
  'tanks-your-first-game',
  'tanks-last-battle-of-alpha-66',
  'tanks-terrain-by-players',
]) {
  const file = new URL(`../../scenarios/${name}.scenario.json`, import.meta.url);
  const loaded = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
  const made = module.game(loaded.doc);
  if (!made.ok) throw new Error(made.reason);
  const wins = new Map<string, number>();
  let turns = 0;
  const c0 = process.cpuUsage();
  for (let seed = 1; seed <= games; seed++) {
    const r = simulate(made.game, { seed, record: false });
    if (r.stoppedBy !== 'over')
      throw new Error(`${name} seed ${seed}: ${r.stoppedBy} ${r.reason ?? ''}`);
    wins.set(r.result!.winner, (wins.get(r.result!.winner) ?? 0) + 1);
    turns += made.game.status(r.state).turn;
  }
  const cpu = process.cpuUsage(c0);
  const seconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `  ${name}: ${(games / seconds).toFixed(2)} games/s (${((seconds / games) * 1000).toFixed(0)} ms a game, ${(turns / games).toFixed(1)} turns; wins ${[...wins].map(([w, n]) => `${w} ${n}`).join(', ')})`,
  );
}
