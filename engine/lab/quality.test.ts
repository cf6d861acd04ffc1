import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { GameDef } from '../game/gameDef';
import { accepted } from '../game/reducer';
import { playLabGame } from './labGame';
import {
  cameBack,
  firstPlayerOf,
  leadChangesOf,
  lengthPercentiles,
  QUALITY_MEASURES,
  qualityLines,
  qualityOf,
  restrictedLines,
} from './quality';
import {
  restrictedRow,
  restrictedVariants,
  runRestricted,
  withRestricted,
} from './qualityRestricted';
import { labFileText, parseLabFile, withRun } from './labFile';
import { labReport } from './stats';
import { labGameOfText } from './testing';
import type { GameRecord, LabReport } from './types';
import { shareDifference, wilson } from './wilson';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const SIDES = [
  { id: 'a', name: 'A', colour: '', deployment: '' },
  { id: 'b', name: 'B', colour: '', deployment: '' },
];

/** A record with only what the quality measures read. */
function rec(seed: number, winner: string | null, more: Partial<GameRecord> = {}): GameRecord {
  return {
    seed,
    winner,
    text: '',
    turns: 5,
    sideTurns: 10,
    stoppedBy: winner === null ? 'stalled' : 'over',
    hash: String(seed),
    deaths: [],
    held: [],
    ...more,
  };
}

describe('lead changes and comebacks', () => {
  test('a level turn keeps the side ahead; each switch of the side ahead is a change', () => {
    expect(leadChangesOf(['a', null, 'a', 'b', 'b', null, 'a'])).toBe(2);
    expect(leadChangesOf([null, null])).toBe(0);
    expect(leadChangesOf(['b', 'a'])).toBe(1);
  });

  test('a comeback is the winner behind after the first turn and before the end', () => {
    // Behind only at the end of turn 1: not a comeback.
    expect(cameBack(['b', 'a', 'a', 'a'], 'a')).toBe(false);
    // Behind at the end of turn 2.
    expect(cameBack(['a', 'b', 'a', 'a'], 'a')).toBe(true);
    // Behind only in the final state (it won on its objective while behind on material).
    expect(cameBack(['a', 'a', 'a', 'b'], 'a')).toBe(false);
  });
});

describe('length percentiles', () => {
  test('nearest rank: the 10th, 50th and 90th of 1..10 are 1, 5 and 9', () => {
    expect(lengthPercentiles([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual({
      p10: 1,
      p50: 5,
      p90: 9,
      mean: 5.5,
    });
    expect(lengthPercentiles([])).toEqual({ p10: 0, p50: 0, p90: 0, mean: 0 });
  });
});

describe("Newcombe's interval of a difference of two shares", () => {
  test("Newcombe's (1998) example, 56/70 against 48/80: 0.2 [0.0524, 0.3339]", () => {
    const d = shareDifference(wilson(56, 70), wilson(48, 80));
    expect(d.difference).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
  });

  test('stays within [-1, 1] at the extremes', () => {
    const d = shareDifference(wilson(10, 10), wilson(0, 10));
    expect(d.difference).toBe(1);
    expect(d.high).toBeLessThanOrEqual(1);
    expect(d.low).toBeGreaterThan(0.5);
  });
});

describe('quality of a set of games', () => {
  test('counts decided games, draws, draws at the limit, lead changes and comebacks', () => {
    const games = [
      rec(1, 'a', { leaders: ['a', 'b', 'b', 'a'] }),
      rec(2, 'b', { leaders: ['b', 'b', 'b', 'b'] }),
      rec(3, 'draw', { atTurnLimit: true, leaders: ['a', 'a', null] }),
      rec(4, null),
    ];
    const q = qualityOf(games, SIDES);
    expect(q.decisiveness).toMatchObject({ count: 2, of: 4 });
    expect(q.draws).toMatchObject({ count: 1, of: 4 });
    expect(q.drawsAtLimit).toMatchObject({ count: 1, of: 4 });
    // Three games recorded leaders: 2 changes, 0, 0.
    expect(q.leadChanges).toMatchObject({ games: 3, anyChange: { count: 1, of: 3 } });
    expect(q.leadChanges!.mean).toBeCloseTo(2 / 3, 10);
    // Of the two decided games with leaders, a came back in one.
    expect(q.comebacks).toMatchObject({ count: 1, of: 2 });
  });

  test('games without leaders (older records) leave lead changes and comebacks out', () => {
    const q = qualityOf([rec(1, 'a'), rec(2, 'b')], SIDES);
    expect(q.leadChanges).toBeUndefined();
    expect(q.comebacks).toBeUndefined();
  });

  test('first-player advantage: the first mover’s share of decided games, or why not', () => {
    const drawn = [
      rec(1, 'a', { firstPlayer: 'a' }),
      rec(2, 'a', { firstPlayer: 'b' }),
      rec(3, 'b', { firstPlayer: 'b' }),
      rec(4, 'draw', { firstPlayer: 'a' }),
    ];
    const fp = firstPlayerOf(drawn, SIDES);
    expect(fp).toMatchObject({
      applies: true,
      wins: { count: 2, of: 3 },
      movedFirst: { a: 2, b: 2 },
    });
    const fixed = firstPlayerOf(
      [rec(1, 'a', { firstPlayer: 'a' }), rec(2, 'b', { firstPlayer: 'a' })],
      SIDES,
    );
    expect(fixed).toMatchObject({ applies: false });
    expect(fixed.applies === false && fixed.why).toMatch(/^A moved first in every game/);
    expect(firstPlayerOf([rec(1, 'a')], SIDES)).toMatchObject({ applies: false });
  });

  test('every measure has its line of meaning and good range, and a value line', () => {
    const q = qualityOf([rec(1, 'a', { leaders: ['a'], firstPlayer: 'a' })], SIDES);
    for (const l of qualityLines(q)) {
      expect(QUALITY_MEASURES[l.measure].means.length).toBeGreaterThan(10);
      expect(QUALITY_MEASURES[l.measure].good.length).toBeGreaterThan(5);
      expect(l.value).not.toBe('');
    }
    expect(qualityLines(q).map((l) => l.measure)).toEqual([
      'decisiveness',
      'draws',
      'drawsAtLimit',
      'length',
      'leadChanges',
      'comebacks',
      'firstPlayer',
    ]);
  });
});

/** Three turns; a's piece falls in turn 2 and b's in turn 3, so the lead goes b, then level. */
interface S {
  readonly turn: number;
  readonly next: 'a' | 'b';
  readonly over: boolean;
}
type A = { readonly type: 'endPhase'; readonly side: string };
const duel: GameDef<S, A, never> = {
  rulesetId: 'test',
  sides: SIDES,
  newGame: () => ({ turn: 1, next: 'a', over: false }),
  reduce: (s) => {
    if (s.next === 'a') return accepted({ ...s, next: 'b' }, []);
    return s.turn === 3
      ? accepted({ ...s, over: true }, [])
      : accepted({ ...s, next: 'a', turn: s.turn + 1 }, []);
  },
  status: (s) => ({
    turn: s.turn,
    phase: 'play',
    waitingFor: s.over ? [] : [s.next],
    over: s.over,
  }),
  result: (s) => (s.over ? { winner: 'b', text: 'b wins' } : undefined),
  hash: (s) => JSON.stringify(s),
  eventVisible: () => true,
  actionSide: (_s, a) => a.side,
  endPhaseAction: (_s, side) => ({ type: 'endPhase', side }),
  bot: (s) => ({ actions: [], state: s, events: [] }),
  pieces: (s) => [
    { id: 'a1', side: 'a', type: 't', at: [0, 0], alive: s.turn < 2 },
    { id: 'b1', side: 'b', type: 't', at: [1, 0], alive: s.turn < 3 || !s.over },
  ],
  dice: { get: () => ({ s0: 0, s1: 0, s2: 0, s3: 0 }) as never, set: (s) => s },
};

describe('a lab game records the side ahead at the end of each turn', () => {
  const settings = { games: 1, firstSeed: 1, styles: {} };

  test('from the estimate by pieces when the game has no score', () => {
    const r = playLabGame(duel as never, 1, settings);
    // End of turn 1 (the first state of turn 2): a's piece is down; turn 2 the same; the final
    // state (turn 3, over): both down, level.
    expect(r.leaders).toEqual(['b', 'b', null]);
    expect(r.firstPlayer).toBeUndefined();
  });

  test("from the ruleset's score, read once a turn, and its first player", () => {
    let reads = 0;
    const scored = {
      ...duel,
      score: (s: S) => {
        reads++;
        return s.turn === 2 ? { a: 1, b: 0 } : { a: 0, b: 1 };
      },
      firstPlayer: () => 'a',
    };
    const r = playLabGame(scored as never, 1, settings);
    expect(r.leaders).toEqual(['a', 'b', 'b']);
    expect(reads).toBe(3);
    expect(r.firstPlayer).toBe('a');
    // The score reads the state only: the game is the same.
    expect(r.hash).toBe(playLabGame(duel as never, 1, settings).hash);
  });
});

describe('restricted play', () => {
  const text = readFileSync('scenarios/ww1-wire.scenario.json', 'utf8');
  const { doc } = labGameOfText('ww1-wire', text);

  test('a variant a unit type of a side, without that side’s units of the type', () => {
    const variants = restrictedVariants(doc, BUNDLED_RULESETS);
    const types = (side: string) =>
      new Set(
        doc.forces.sides
          .find((s) => s.id === side)!
          .formations.flatMap((f) => f.units.map((u) => u.type)),
      );
    expect(variants.length).toBe(doc.forces.sides.reduce((n, s) => n + types(s.id).size, 0));
    for (const v of variants) {
      const side = v.scenario?.forces.sides.find((s) => s.id === v.side);
      if (!side) continue;
      const left = side.formations.flatMap((f) => f.units.map((u) => u.type));
      expect(left).not.toContain(v.type);
      // The other side keeps its force.
      const other = v.scenario!.forces.sides.find((s) => s.id !== v.side)!;
      expect(other).toEqual(doc.forces.sides.find((s) => s.id === other.id));
    }
  });

  test('the drop is the win share with the type minus without it, with its interval', () => {
    const base = { played: 40, sides: [{ id: 'a', wins: wilson(30, 40) }] } as unknown as LabReport;
    const without = {
      played: 40,
      sides: [{ id: 'a', wins: wilson(10, 40) }],
    } as unknown as LabReport;
    // By hand: 0.5 − √((0.75 − 0.598)² + (0.4016 − 0.25)²) = 0.285, 0.5 + √(0.1081² + 0.1081²) = 0.653.
    const row = restrictedRow(base, { side: 'a', type: 't', name: 'T', units: 2 }, without);
    expect(row.drop!.difference).toBeCloseTo(0.5, 10);
    expect(row.drop!.low).toBeGreaterThan(0);
    expect(row.games).toBe(40);
    const unplayable = restrictedRow(
      base,
      { side: 'a', type: 't', name: 'T', units: 2, unplayable: 'no units' },
      undefined,
    );
    expect(unplayable).toMatchObject({ games: 0, unplayable: 'no units' });
    const report = labReport(
      { title: 't', rulesetId: 'test', map: { kind: 'table', width: 10, height: 10 } as never },
      SIDES,
      { games: 1, firstSeed: 1, styles: {} },
      [rec(1, 'a')],
    );
    const withRows = withRestricted(report, [row, unplayable]);
    expect(withRows.quality!.restricted).toHaveLength(2);
    expect(restrictedLines(withRows.quality!, SIDES)).toEqual([
      '  A without T (2): wins 25.0% [14.2%, 40.2%], drop +50.0 points [+28.5, +65.3]',
      '  A without T (2): cannot be played: no units',
    ]);
  });
});

describe('the user guide', () => {
  test("gives every measure's meaning and good range in the words the lab uses", () => {
    // The table's rows, cells trimmed (Prettier pads them).
    const rows = readFileSync('docs/user-guide.md', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim())
          .join(' | '),
      );
    for (const t of Object.values(QUALITY_MEASURES))
      expect(rows).toContain(`${t.label} | ${t.means} | ${t.good}`);
  });
});

describe('the saved lab file', () => {
  test('keeps the quality measures and restricted play, and reads them back', () => {
    const report = labReport(
      { title: 't', rulesetId: 'test', map: { kind: 'table', width: 10, height: 10 } as never },
      SIDES,
      { games: 2, firstSeed: 1, styles: {}, restricted: true },
      [
        rec(1, 'a', { leaders: ['b', 'b', 'a'], firstPlayer: 'b' }),
        rec(2, 'b', { leaders: ['a'], firstPlayer: 'a' }),
      ],
    );
    const row = restrictedRow(
      report,
      { side: 'a', type: 't', name: 'T', units: 1 },
      { ...report, sides: report.sides.map((s) => ({ ...s, wins: wilson(0, 2) })) },
    );
    const full = withRestricted(report, [
      row,
      { side: 'b', type: 'u', name: 'U', units: 1, games: 0, unplayable: 'no units left' },
    ]);
    const text = labFileText(
      withRun(undefined, { savedAt: '2026-01-01T00:00:00Z', report: full }, { title: 't' }),
    );
    const back = parseLabFile(text, 't.lab.json');
    expect(back.ok).toBe(true);
    expect(back.ok && back.lab.runs[0]!.report.quality).toEqual(full.quality);
    // A run saved before the measures (no quality field) still loads.
    const { quality: _q, ...old } = report;
    const oldText = labFileText(
      withRun(
        undefined,
        { savedAt: '2025-01-01T00:00:00Z', report: old as LabReport },
        { title: 't' },
      ),
    );
    expect(parseLabFile(oldText, 'old.lab.json').ok).toBe(true);
    // A quality field of the wrong shape is refused where it is.
    const bad = JSON.parse(text) as { runs: { report: { quality: { comebacks: unknown } } }[] };
    bad.runs[0]!.report.quality.comebacks = 'many';
    const refused = parseLabFile(JSON.stringify(bad), 'bad.lab.json');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.join('\n')).toContain(
      '/runs/0/report/quality/comebacks',
    );
  });
});

describe('runRestricted', () => {
  const { doc } = labGameOfText(
    'ww1-wire',
    readFileSync('scenarios/ww1-wire.scenario.json', 'utf8'),
  );
  const base = labReport(
    { title: 'wire', rulesetId: 'ww1', map: doc.map },
    doc.forces.sides.map((s) => ({ id: s.id, name: s.name, colour: '', deployment: '' })),
    { games: 2, firstSeed: 1, styles: {}, restricted: true },
    [rec(1, doc.forces.sides[0]!.id), rec(2, doc.forces.sides[1]!.id)],
  );

  test("plays every variant on the run's seeds; a variant whose games fail is said so", async () => {
    const asked: { games: number; firstSeed: number }[] = [];
    const progress: number[] = [];
    let calls = 0;
    const r = runRestricted(
      base,
      doc,
      base.settings,
      (scenario, settings, onProgress) => {
        calls++;
        asked.push({ games: settings.games, firstSeed: settings.firstSeed });
        onProgress({ done: settings.games, total: settings.games });
        const fail = calls === 2;
        return {
          // Every variant's side loses all its games.
          done: fail
            ? Promise.reject(new Error('a game broke'))
            : Promise.resolve({
                ...base,
                sides: base.sides.map((s) => ({ ...s, wins: wilson(0, 2) })),
                scenario: scenario.meta.title,
              }),
          cancel: () => undefined,
        };
      },
      BUNDLED_RULESETS,
      (p) => progress.push(p.done),
    );
    const report = await r.done;
    const rows = report.quality!.restricted!;
    expect(rows).toHaveLength(6);
    expect(asked.every((a) => a.games === 2 && a.firstSeed === 1)).toBe(true);
    expect(rows[1]!.unplayable).toBe('its games failed: a game broke');
    expect(rows.filter((row) => row.drop)).toHaveLength(5);
    // Progress counts the games of all variants.
    expect(progress[progress.length - 1]).toBe(12);
  });
});
