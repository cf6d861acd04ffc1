/**
 * WWI score check: how well the standing (GameDef.score, engine/rulesets/ww1/score.ts) foretells
 * who wins. Plays every pair of the three styles on ww1-wire (--games seeds each, from --seed;
 * other seeds than the 1,000-1,149 the score was fitted on) and reads each position at the start
 * of a side turn: the British standing is taken as their chance to win and scored against the
 * result by log-loss (lower is better; 0.693 is a coin) and by how often the side ahead won. For
 * comparison, the same logistic of the medal lead alone. Prints numbers; it is not a test.
 * Run: npm run bench:ww1-score [-- --games 100 --seed 5000].
 */
import type { BotStyle } from '../../engine/game/gameDef';
import { simulate } from '../../engine/game/simulate';
import { medalsOf, type Ww1State } from '../../engine/rulesets/ww1/rules/turn';
import { ww1WireGame } from './ww1Wire';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const v = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} takes a whole number from 1`);
  return v;
};
const games = option('--games', 100);
const first = option('--seed', 5000);

const { game, ctx } = ww1WireGame();
const [a, z] = game.sides.map((s) => s.id) as [string, string];

const STYLES: readonly BotStyle[] = ['cautious', 'balanced', 'aggressive'];
/** One model's tally: log-loss summed, positions, those with a favourite, those it won. */
const tally = () => ({ loss: 0, n: 0, favoured: 0, right: 0 });
const byScore = tally();
const byMedals = tally();
const add = (t: ReturnType<typeof tally>, p: number, won: boolean) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  t.loss -= Math.log(won ? q : 1 - q);
  t.n++;
  if (p === 0.5) return;
  t.favoured++;
  if (p > 0.5 === won) t.right++;
};
let played = 0;
for (const x of STYLES)
  for (const y of STYLES)
    for (let seed = first; seed < first + games; seed++) {
      const seen: Ww1State[] = [];
      const r = simulate(game, {
        seed,
        record: false,
        players: { [a]: { kind: 'bot', style: x }, [z]: { kind: 'bot', style: y } },
        observe: (s) => {
          if (s.phase !== 'over') seen.push(s);
        },
      });
      if (r.stoppedBy !== 'over' || !r.result || r.result.winner === 'draw') continue;
      played++;
      const won = r.result.winner === a;
      for (const s of seen) {
        add(byScore, game.score!(s)[a]!, won);
        const m = medalsOf(ctx.board, s);
        add(byMedals, 1 / (1 + Math.exp(-1.4 * ((m[a] ?? 0) - (m[z] ?? 0)))), won);
      }
    }
const line = (name: string, t: ReturnType<typeof tally>) =>
  `  ${name.padEnd(28)} log-loss ${(t.loss / t.n).toFixed(3)}   favourite won ${((100 * t.right) / Math.max(1, t.favoured)).toFixed(1)}% of ${t.favoured}`;
console.log(
  `WWI standing as the chance to win, ww1-wire: ${played} decided games of the 9 style pairs (seeds ${first}-${first + games - 1}), ${byScore.n} positions`,
);
console.log(line('score (medals + partials)', byScore));
console.log(line('medal lead alone', byMedals));
