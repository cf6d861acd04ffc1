import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { entry } from '../../game/dict';
import wire from '../../../scenarios/ww1-wire.scenario.json';
import { botTurn, exactBattleValue } from './bot';
import { WW1_BUNDLED } from './catalogs';
import { makeWw1Game } from './game';
import type { BattlePlan } from './rules/turn';

function made() {
  const m = makeWw1Game(wire as unknown as ScenarioDoc, WW1_BUNDLED);
  if (typeof m === 'string') throw new Error(m);
  return m;
}

describe('WWI bot: exact battle odds', () => {
  const { ctx, game } = made();
  const b = ctx.board;
  const start = game.newGame({ seed: 1 });
  const faces = b.rules.faces;
  const hitSymbols = [...new Set(faces)].filter((f) =>
    (entry(b.rules.hits, f) ?? []).includes('infantry'),
  );
  // One die at an infantry unit with one figure left, no flag it may ignore.
  const plan: BattlePlan = {
    close: false,
    bonus: false,
    distance: 2,
    baseDice: 1,
    dice: 1,
    diceModifiers: [],
    ignorable: 0,
    flagModifiers: [],
    hitSymbols,
    ruleIds: [],
  };
  const pHit = faces.filter((f) => hitSymbols.includes(f)).length / faces.length;
  const pFlag = faces.filter((f) => f === b.rules.flag).length / faces.length;
  const unit = start.units['german.inf3']!;

  it('a flag against a unit that can retreat pushes it back; one it cannot retreat from kills it', () => {
    const free = { ...unit, figures: 1, at: { col: 6, row: 2 } };
    const blocked = { ...unit, figures: 1, at: { col: 6, row: 0 } };
    const alone = (u: typeof unit) => ({ units: { [u.id]: u } });
    // A figure lost weighs 1, an elimination 3 more, a hex pushed back 0.3 (EXACT_WEIGHTS).
    expect(exactBattleValue(b, alone(free), plan, free)).toBeCloseTo(pHit * 4 + pFlag * 0.3, 9);
    expect(exactBattleValue(b, alone(blocked), plan, blocked)).toBeCloseTo((pHit + pFlag) * 4, 9);
  });

  it('the search plays its own side with the exact odds; the styles keep their rule', () => {
    expect(game.searchBot).toBeDefined();
    for (const side of ['british', 'german']) {
      let s = start;
      if (side === 'german') s = game.bot(s, 'british').state;
      const own = game.searchBot!(s, side, 'balanced');
      expect(own.actions).toEqual(botTurn(b, s, side, 'balanced', true).actions);
      expect(game.bot(s, side, 'balanced').actions).toEqual(
        botTurn(b, s, side, 'balanced').actions,
      );
      expect(own.actions.length).toBeGreaterThan(2);
    }
  });
});
