import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import type { BotStyle } from '../../game/gameDef';
import { playSide, simulate } from '../../game/simulate';
import { botTurn } from './bot';
import { TANKS_BUNDLED } from './catalogs';
import { fixtureType } from './fixtures';
import { makeTanksGame, sideToAct } from './game';
import { sittingSide, testGame } from './testing';

/**
 * No passive bot (issue 39, item 2): against a side that deploys and then never acts, every style
 * goes and finds it and wins, on every bundled TANKS scenario, and no game stalls; its side turns
 * say in words what it plans and why it held its fire. The 200-game version against `random` is
 * scripts/bench/tanksBots.ts.
 */

const STYLES: readonly BotStyle[] = ['cautious', 'balanced', 'aggressive'];
const FILES = readdirSync('scenarios')
  .filter((f) => f.startsWith('tanks-') && f.endsWith('.scenario.json'))
  .sort();

const made = (file: string) => {
  const m = makeTanksGame(bundledScenario(file), TANKS_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m;
};

describe('every style finds a side that never acts and beats it', () => {
  test('the bundled scenarios are all here', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(4);
  });
  for (const file of FILES) {
    test(file, () => {
      const { game } = made(file);
      const [a, b] = game.sides.map((s) => s.id) as [string, string];
      for (const style of STYLES) {
        for (const seed of [1, 2]) {
          const botSide = seed % 2 ? a : b;
          const other = botSide === a ? b : a;
          const r = simulate(game, {
            seed,
            record: false,
            players: { [botSide]: { kind: 'bot', style }, [other]: sittingSide(game) },
          });
          const what = `${style}, seed ${seed}, bot plays ${botSide}: ${r.result?.text ?? r.reason}`;
          expect(r.stoppedBy, what).toBe('over');
          expect(r.result?.winner, what).toBe(botSide);
        }
      }
    });
  }
});

describe('the bot says what it plans', () => {
  test('Your First Game: it goes after the M1 or keeps a firing position on it, and fires at it', () => {
    const { game } = made('tanks-your-first-game.scenario.json');
    const sitter = sittingSide(game);
    let state = game.newGame({ seed: 3 });
    const notes: string[] = [];
    for (let i = 0; i < 200 && !game.status(state).over; i++) {
      const side = game.status(state).waitingFor[0]!;
      const turn =
        side === 'sov' ? game.bot(state, side, 'cautious') : playSide(game, state, side, sitter);
      if ('refused' in turn) throw new Error(turn.refused);
      if (side === 'sov') notes.push(...(turn.explanation?.notes ?? []));
      state = turn.state;
    }
    expect(game.result(state)?.winner).toBe('sov');
    expect(
      notes.some((n) =>
        /^T-64 (advances on|takes a firing position against|stays in its firing position against) M1 Abrams/.test(
          n,
        ),
      ),
    ).toBe(true);
    expect(notes.some((n) => /^T-64 fires gun at M1 Abrams: \d\.\d Damage expected/.test(n))).toBe(
      true,
    );
  });

  test('with no shot that can do Damage it holds its fire and says why', () => {
    const g = testGame({
      models: [
        { id: 'decoy', side: 'a', type: 'fx.decoy', at: [18, 4], facing: 90 },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [18, 30], facing: 270 },
      ],
      types: [
        fixtureType('fx.decoy', 'tank', {
          initiative: 6,
          attack: 0,
          defence: 2,
          damageCapacity: 3,
        }),
      ],
    });
    // Both sides pass their moves, and b its shot if it shoots first: a is to shoot.
    for (
      let i = 0;
      i < 6 && !(g.state.phase === 'shooting' && sideToAct(g.ctx, g.state) === 'a');
      i++
    )
      g.act({ type: 'endPhase', side: sideToAct(g.ctx, g.state)! });
    expect(g.state.phase).toBe('shooting');
    expect(sideToAct(g.ctx, g.state)).toBe('a');
    const turn = botTurn(g.ctx, g.state, 'a');
    expect(turn.actions.some((a) => a.type === 'shoot')).toBe(false);
    expect(turn.explanation?.notes).toContain('decoy holds fire: no shot it has can do Damage');
  });
});
