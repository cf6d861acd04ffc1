import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../format';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { searchTurn } from '../../game/bots/search';
import { actionRng } from '../../game/legal';
import { tankplankGame } from './game';
import { createContext } from './rules/context';

function village(screen: boolean): ScenarioDoc {
  const doc = bundledScenario('tankplank-village');
  return screen
    ? {
        ...doc,
        ruleset: { ...doc.ruleset, options: { ...doc.ruleset.options, 'BASIC.OPT.SCREEN': true } },
      }
    : doc;
}

describe('Tankplank determinize: the state as a side may believe it', () => {
  const screened = tankplankGame(createContext(village(true)));
  const start = screened.newGame({ seed: 2 });
  const [first, second] = screened.status(start).waitingFor as [string, string];
  const moved = (style: 'cautious' | 'aggressive') => screened.bot(start, first, style).state;

  it('hides nothing on an open table', () => {
    const open = tankplankGame(createContext(village(false)));
    const s = open.bot(open.newGame({ seed: 2 }), first).state;
    expect(open.determinize!(s, second, actionRng(1))).toBe(s);
  });

  it('on a screened first turn puts the other side back where the scenario placed it', () => {
    const s = moved('aggressive');
    const d = screened.determinize!(s, second, actionRng(1));
    let movedUnits = 0;
    for (const u of s.units.list()) {
      const seen = d.units.get(u.id)!;
      if (u.side === second) {
        expect(seen).toEqual(u);
        continue;
      }
      const placed = start.units.get(u.id)!;
      expect([seen.at, seen.facing, seen.embarkedIn, seen.moved]).toEqual([
        placed.at,
        placed.facing,
        placed.embarkedIn,
        placed.moved,
      ]);
      if (JSON.stringify(u.at) !== JSON.stringify(placed.at)) movedUnits++;
    }
    // The side did move (so the test can fail), and nothing else changed.
    expect(movedUnits).toBeGreaterThan(0);
    expect([d.turn, d.phase, d.ended, d.rng]).toEqual([s.turn, s.phase, s.ended, s.rng]);
    // After the screened turn, the table is open.
    const later = { ...s, turn: 2 };
    expect(screened.determinize!(later, second, actionRng(1))).toBe(later);
  });

  it('the search chooses the same turn whatever the other side did behind the screen', () => {
    const a = moved('cautious');
    const b = moved('aggressive');
    expect(screened.hash(a)).not.toBe(screened.hash(b));
    expect(a.rng).toEqual(b.rng);
    const one = searchTurn(screened, a, second, { seed: 4, strength: 1 });
    const two = searchTurn(screened, b, second, { seed: 4, strength: 1 });
    expect(one.actions.length).toBeGreaterThan(0);
    expect(two.actions).toEqual(one.actions);
    expect(two.explanation?.candidates).toEqual(one.explanation?.candidates);
  });
});
