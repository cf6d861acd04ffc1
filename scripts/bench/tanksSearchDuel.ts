/**
 * A TANKS duel's plans measured (issue 39 item 3; docs/tanks-bot.md): one side of Your First Game
 * (or another TANKS scenario) played by a policy against a style of the TANKS bot, seeds 1 to
 * --games, the side's wins, draws and losses and its share of the decided games. The policies:
 * `style` (the bot in --mystyle, default the opponent's), `still` (the bot, but it never moves:
 * Stationary every turn), `goto --at x,y [--moves n]` (it drives to a point, then stands),
 * `standplan` (the search's standing plan, search.ts standTurn), `own` (the bot the search plays
 * its own side with, GameDef.searchBot, in --mystyle), `search` (the search bot at
 * --strength, default 2; --explain prints its candidates). --start x,y,facing puts the side's tank
 * there first; --horizon H prints instead the mean standing (score.ts valueFor) H turns on, the
 * look ahead the search judges by; --trace prints every move and shot with its dice.
 * Prints numbers; it is not a test.
 *
 * Run: npm run bench:search-duel -- [--policy P] [--side sov|usa] [--style S] [--games N]
 */
import { readFileSync } from 'node:fs';
import { loadDocument } from '../../engine/format/index';
import type { BotStyle } from '../../engine/game/gameDef';
import { searchPlayer, searchTurn } from '../../engine/game/bots/search';
import { standTurn } from '../../engine/game/bots/searchCandidates';
import { StyleReader } from '../../engine/game/bots/styleReader';
import { valueFor } from '../../engine/game/score';
import { playSide, simulate, type Player } from '../../engine/game/simulate';
import {
  checkMove,
  currentActor,
  isRefusal,
  isRefused,
  oddsOf,
  planShot,
  squareFacings,
  type TanksAction,
  type TanksState,
} from '../../engine/rulesets/tanks/rules';
import { makeTanksGame } from '../../engine/rulesets/tanks/game';
import { TANKS_BUNDLED } from '../../engine/rulesets/tanks/catalogs';

const args = process.argv.slice(2);
const opt = (n: string) => {
  const i = args.indexOf(`--${n}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = opt('scenario') ?? 'scenarios/tanks-your-first-game.scenario.json';
const games = Number(opt('games') ?? 100);
const style = (opt('style') ?? 'aggressive') as BotStyle;
const policy = opt('policy') ?? 'style';
const loaded = loadDocument(readFileSync(file, 'utf8'), { file, expect: ['sandtable.scenario'] });
if (!loaded.ok) throw new Error('load');
const mk = makeTanksGame(loaded.doc as never, TANKS_BUNDLED);
if (typeof mk === 'string') throw new Error(mk);
const { ctx } = mk;
const startAt = opt('start')?.split(',').map(Number);
const base0 = mk.game;
const game = startAt
  ? {
      ...base0,
      newGame: (o: Parameters<typeof mk.game.newGame>[0]) => {
        const st = mk.game.newGame(o);
        const m = st.models[me === 'sov' ? 'sov.t64' : 'usa.m1']!;
        return {
          ...st,
          models: {
            ...st.models,
            [m.id]: { ...m, at: [startAt[0]!, startAt[1]!] as const, facing: startAt[2]! },
          },
        };
      },
    }
  : base0;
const trace = args.includes('--trace');
function traced(p: Player<TanksState, TanksAction>, who: string): Player<TanksState, TanksAction> {
  if (!trace) return p;
  return {
    kind: 'source',
    next(state, side) {
      const acts =
        p.kind === 'bot'
          ? game.bot(state, side, p.style).actions
          : p.kind === 'source'
            ? p.next(state, side)
            : [];
      let s = state;
      for (const a of acts) {
        if (a.type === 'shoot') {
          const plan = planShot(ctx, s, a.unit, a.target, a.weapon);
          if (!isRefused(plan)) {
            const o = oddsOf(ctx, s, plan);
            console.log(
              `  t${s.turn} ${who} shoots: att ${plan.attack.dice}${plan.attack.stationary ? 'S' : ''} def ${plan.defence.dice} [${plan.defence.modifiers.map((m) => JSON.stringify(m)).join(' ')}] cr ${plan.closeRange} side ${plan.sideShot} exp ${o.expectedDamage.toFixed(2)}`,
            );
          }
        }
        const r = game.reduce(s, a);
        if (!r.ok) break;
        s = r.state;
      }
      if (state.phase === 'movement') {
        const m = Object.values(s.models).map(
          (m) =>
            `${m.id}@${m.at?.map((x) => x.toFixed(1))}/${Math.round(m.facing)} d${m.damage} v${m.speedToken}`,
        );
        console.log(
          `  t${state.turn} ${who} moved: ${JSON.stringify(acts.filter((a) => a.type !== 'endPhase'))} -> ${m.join(' ')}`,
        );
      }
      return acts;
    },
  };
}

const me = opt('side') ?? 'sov';
const other = game.sides.map((s) => s.id).find((s) => s !== me)!;

function player(seed: number): Player<TanksState, TanksAction> {
  if (policy === 'search' && args.includes('--explain')) {
    const reader = new StyleReader(game, me);
    return {
      kind: 'source',
      next(state, side) {
        const others = reader.before(state);
        const t = searchTurn(game, state, side, {
          seed: seed * 1000 + state.turn,
          strength: Number(opt('strength') ?? 2),
          ...(others ? { otherStyles: others } : {}),
        });
        reader.after(t.state);
        console.log(
          `  t${state.turn} ${state.phase} ${others?.join('/') ?? 'any'}: ${t.explanation?.notes.join(' | ')}`,
        );
        for (const c of t.explanation?.candidates ?? [])
          console.log(
            `     ${c.chosen ? '*' : ' '} ${(100 * c.score).toFixed(0)}% ${c.games}g ${c.label}`,
          );
        return t.actions;
      },
    };
  }
  if (policy === 'standplan')
    return {
      kind: 'source',
      next: (st, side) =>
        standTurn(game, st, side, (opt('mystyle') ?? 'aggressive') as BotStyle, 'movement')
          ?.actions ?? [],
    };
  if (policy === 'search') return searchPlayer(game, seed, Number(opt('strength') ?? 2));
  if (policy === 'style') return { kind: 'bot', style: (opt('mystyle') ?? style) as BotStyle };
  // The search bot's own side (GameDef.searchBot: on Terrain by players a Forest by its tank).
  if (policy === 'own')
    return {
      kind: 'source',
      next: (st, side) =>
        (game.searchBot ?? game.bot)(st, side, (opt('mystyle') ?? style) as BotStyle).actions,
    };
  return {
    kind: 'source',
    next(state, side) {
      const out: TanksAction[] = [];
      let s = state;
      for (let k = 0; k < 50; k++) {
        const st = game.status(s);
        if (st.over || st.waitingFor[0] !== side) break;
        let a: TanksAction | undefined;
        if (s.phase === 'movement' && !s.pending) a = moveStep(s, side);
        a ??= game.bot(s, side, 'aggressive').actions[0];
        if (!a) break;
        const r = game.reduce(s, a);
        if (!r.ok) {
          const b = game.bot(s, side, 'aggressive').actions[0];
          if (!b) break;
          const r2 = game.reduce(s, b);
          if (!r2.ok) break;
          out.push(b);
          s = r2.state;
          continue;
        }
        out.push(a);
        s = r.state;
      }
      return out;
    },
  };
}
const goal = opt('at')?.split(',').map(Number) as [number, number] | undefined;
function bearingTo(a: readonly [number, number], b: readonly [number, number]) {
  return (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
}
const angleOff = (x: number, y: number) => Math.abs(((x - y + 540) % 360) - 180);
function moveStep(s: TanksState, side: string): TanksAction | undefined {
  if (policy === 'still') return { type: 'endPhase', side };
  if (policy === 'goto' && goal) {
    const unit = currentActor(ctx, s);
    if (!unit) return undefined;
    const m = s.models[unit]!;
    const enemy = Object.values(s.models).find((x) => x.id !== unit && x.status === 'active');
    const d0 = Math.hypot(m.at![0] - goal[0], m.at![1] - goal[1]);
    if (d0 < 0.5 || m.moves >= Number(opt('moves') ?? 2)) return { type: 'endPhase', side };
    let best: { a: TanksAction; d: number; off: number } | undefined;
    for (let h = 0; h < 360; h += 5)
      for (let dist = 0.5; dist <= 4; dist += 0.5)
        for (const f of squareFacings(h)) {
          const r = checkMove(ctx, s, m, h, dist, f, undefined);
          if (isRefusal(r)) continue;
          const d = Math.hypot(r.to[0] - goal[0], r.to[1] - goal[1]);
          const off = enemy ? angleOff(f, bearingTo(r.to, enemy.at!)) : 0;
          if (!best || d < best.d - 0.05 || (Math.abs(d - best.d) <= 0.05 && off < best.off))
            best = { a: { type: 'move', unit, heading: h, distance: dist, facing: f }, d, off };
        }
    if (!best || best.d > d0 - 0.3) return { type: 'endPhase', side };
    return best.a;
  }
  return undefined;
}
const horizon = opt('horizon');
if (horizon !== undefined) {
  let sum = 0;
  for (let seed = 1; seed <= games; seed++) {
    let st = game.newGame({ seed });
    const players: Record<string, Player<TanksState, TanksAction>> = {
      [me]: player(seed),
      [other]: { kind: 'bot', style },
    };
    for (let k = 0; k < 100; k++) {
      const status = game.status(st);
      if (status.over || status.turn >= 1 + Number(horizon)) break;
      const next = status.waitingFor[0]!;
      const t = playSide(game, st, next, players[next]);
      if ('refused' in t) break;
      st = t.state;
    }
    sum += valueFor(game, st, me);
  }
  console.log(`${policy} horizon ${horizon}: mean value ${(sum / games).toFixed(3)} over ${games}`);
  process.exit(0);
}
let w = 0,
  l = 0,
  d = 0,
  turns = 0;
for (let seed = 1; seed <= games; seed++) {
  const r = simulate(game, {
    seed,
    record: false,
    players: { [me]: traced(player(seed), me), [other]: traced({ kind: 'bot', style }, other) },
  });
  const win = r.result?.winner;
  if (win === me) w++;
  else if (win === other) l++;
  else d++;
  turns += r.state.turn;
  if (trace) console.log(`seed ${seed}: ${win}`);
}
console.log(
  `${policy} as ${me} vs ${style}: ${w}-${d}-${l} (W-D-L), ${((100 * w) / Math.max(1, w + l)).toFixed(1)}% of decided; mean turns ${(turns / games).toFixed(1)}`,
);
