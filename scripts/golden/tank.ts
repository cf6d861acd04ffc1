/**
 * Writes the TANK! golden cases (engine/rulesets/tank/golden/<case>/) for the digests' test
 * vectors OT-E T1-T15 and TC-E T1-T15: `npx tsx scripts/golden/tank.ts`. Each case is a small
 * scenario, an action log with fixed dice and the events it must produce; the golden runner
 * (engine/game/golden.test.ts) replays them. Vectors whose numbers need the real base CRT use the
 * placeholder CRT's cells, and their titles say so. Pass `--show` to print each case's events.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { join } from 'node:path';
import type { UnitType } from '../../engine/format';
import { loadDocument, serializeDocument } from '../../engine/format';
import { replayLog, type LogEntry } from '../../engine/game/simulate';
import { fixtureScenario, type FixtureOptions } from '../../engine/rulesets/tank/fixtures';
import { makeTankGame } from '../../engine/rulesets/tank/game';
import type { TankAction } from '../../engine/rulesets/tank/rules/state';

const ROOT = join(import.meta.dirname, '..', '..', 'engine', 'rulesets', 'tank', 'golden');

const unitType = (
  id: string,
  o: {
    ap?: number;
    he?: number;
    def?: number;
    ma?: number;
    range?: number;
    panic?: number;
    cls?: UnitType['class'];
  },
): UnitType => ({
  id: `test.${id}`,
  name: id,
  class: o.cls ?? 'tank',
  mobility: o.cls === 'infantry' ? 'foot' : 'tracked',
  armour: { front: o.def ?? 6, side: o.def ?? 6, rear: o.def ?? 6 },
  speeds: { ma: o.ma ?? 10 },
  points: 5,
  stats: {
    apAttack: o.ap ?? 6,
    heAttack: o.he ?? 6,
    rangeHexes: o.range ?? 20,
    panicPct: o.panic ?? 20,
  },
});

interface Case {
  readonly name: string;
  readonly vector: string;
  readonly scenario: FixtureOptions;
  readonly actions: LogEntry<TankAction>[];
  readonly events: Record<string, unknown>[];
  readonly refused?: { action: number; reason: string }[];
}

const plot = (
  unit: string,
  mission: TankAction extends infer A ? (A extends { mission: infer M } ? M : never) : never,
  extra: Partial<Extract<TankAction, { type: 'plot' }>> = {},
): TankAction => ({
  type: 'plot',
  unit,
  mission,
  ...extra,
});
const end = (side: string): TankAction => ({ type: 'endPlot', side });
const dice = (...rolls: number[]): LogEntry<TankAction> => ({ type: 'forceDice', rolls });
const turn = (...a: TankAction[]) => [...a, end('alpha'), end('bravo')];

const OPT = ['optional'];
const BOTH = ['optional', 'costello'];

/** A DF-P at a 6-defence vehicle 3 hexes away from a firer of HE `he` (placeholder CRT row ≤ 5 hexes). */
const pinning = (
  name: string,
  vector: string,
  he: number,
  roll: number,
  events: Record<string, unknown>[],
): Case => ({
  name,
  vector,
  scenario: {
    layers: OPT,
    units: [unitType('gun', { he, ap: 1 }), unitType('tank', {})],
    alpha: [{ id: 'a1', type: 'test.gun', at: [2, 2], facing: 3 }],
    bravo: [{ id: 'b1', type: 'test.tank', at: [2, 5] }],
  },
  actions: [plot('a1', 'DF-P', { target: 'b1' }), dice(roll), ...turn()],
  events,
});

/** A level column for the line-of-sight vectors: col 2, rows 0.. */
const column = (levels: number[], terrain: Record<number, string> = {}) => ({
  levels: levels.map((l, row) => [2, row, l] as const),
  terrain: Object.entries(terrain).map(([row, t]) => [2, Number(row), t] as const),
});
const losCase = (
  name: string,
  vector: string,
  levels: number[],
  terrain: Record<number, string>,
  visible: boolean,
  rule: string,
  options?: FixtureOptions['options'],
): Case => ({
  name,
  vector,
  scenario: {
    layers: BOTH,
    ...(options ? { options } : {}),
    columns: 6,
    rows: levels.length,
    ...column(levels, terrain),
    alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 0], facing: 3 }],
    bravo: [{ id: 'b1', type: 'tank.t34', at: [2, levels.length - 1] }],
  },
  actions: [plot('a1', 'DF', { target: 'b1' })],
  events: visible ? [{ type: 'plotted', unit: 'a1', plot: { mission: 'DF', target: 'b1' } }] : [],
  ...(visible ? {} : { refused: [{ action: 0, reason: rule }] }),
});

const CASES: Case[] = [
  pinning(
    'ot-t01-dfp-1-3-roll-5',
    'OT-E T1: DF-P on a "1-3" cell (placeholder CRT, differential 0 at 3 hexes), roll 5: 5 − 2 = 3, pinned',
    6,
    5,
    [
      {
        type: 'fire',
        kind: 'DF-P',
        differential: 0,
        threshold: 3,
        roll: 5,
        adjusted: 3,
        result: 'pinned',
        ruleId: 'OT-32.8',
      },
    ],
  ),
  pinning(
    'ot-t02-dfp-1-roll-4',
    'OT-E T2: DF-P on a "1" cell (placeholder CRT, differential −2), roll 4: 4 − 2 = 2 > 1, not pinned',
    4,
    4,
    [
      {
        type: 'fire',
        kind: 'DF-P',
        differential: -2,
        threshold: 1,
        roll: 4,
        adjusted: 2,
        result: 'noEffect',
      },
    ],
  ),
  pinning(
    'ot-t03-dfp-first-dot-roll-2',
    'OT-E T3: DF-P on the "." left of the "1" cell (differential −3) reads "1-2": roll 2 pins',
    3,
    2,
    [
      {
        type: 'fire',
        kind: 'DF-P',
        differential: -3,
        threshold: 0,
        roll: 2,
        adjusted: 0,
        result: 'pinned',
      },
    ],
  ),
  pinning(
    'ot-t04-dfp-third-dot-roll-1',
    'OT-E T4 (OT-A1): DF-P on the third "." left of the "1" cell (differential −5): no effect even on a 1',
    1,
    1,
    [
      {
        type: 'fire',
        kind: 'DF-P',
        differential: -5,
        threshold: -2,
        roll: 1,
        adjusted: -1,
        result: 'noEffect',
      },
    ],
  ),
  {
    name: 'ot-t05-pin-recovery-4-and-5',
    vector:
      'OT-E T5: two vehicles pinned; at the end of the turn recovery rolls of 4 and 5: the first is unpinned, the second stays pinned',
    scenario: {
      layers: OPT,
      units: [unitType('gun', { he: 6, ap: 1 }), unitType('tank', {})],
      alpha: [
        { id: 'a1', type: 'test.gun', at: [2, 2], facing: 3 },
        { id: 'a2', type: 'test.gun', at: [6, 2], facing: 3 },
      ],
      bravo: [
        { id: 'b1', type: 'test.tank', at: [2, 5] },
        { id: 'b2', type: 'test.tank', at: [6, 5] },
      ],
    },
    actions: [
      plot('a1', 'DF-P', { target: 'b1' }),
      plot('a2', 'DF-P', { target: 'b2' }),
      dice(1, 1, 4, 5),
      ...turn(),
    ],
    events: [
      { type: 'fire', kind: 'DF-P', target: 'b1', result: 'pinned' },
      { type: 'fire', kind: 'DF-P', target: 'b2', result: 'pinned' },
      { type: 'pinRecovery', unit: 'b1', roll: 4, unpinned: true, ruleId: 'OT-32.82' },
      { type: 'pinRecovery', unit: 'b2', roll: 5, unpinned: false, ruleId: 'OT-32.82' },
    ],
  },
  {
    name: 'ot-t06-he-on-infantry',
    vector:
      'OT-E T6 with the placeholder CRT: HE on infantry, cell "1-6" (the real CRT\'s "1-8" splits 1-2 / 3-8): the lowest quarter, floor(6 × 0.25) = 1, eliminates; rolls 1 and 2 give eliminated and pinned',
    scenario: {
      layers: OPT,
      alpha: [
        { id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 },
        { id: 'a2', type: 'tank.pzIV', at: [8, 2], facing: 3 },
      ],
      bravo: [
        { id: 'b1', type: 'tank.infantrySquad', at: [2, 5] },
        { id: 'b2', type: 'tank.infantrySquad', at: [8, 5] },
      ],
    },
    actions: [
      plot('a1', 'DF', { target: 'b1' }),
      plot('a2', 'DF', { target: 'b2' }),
      dice(1, 2),
      ...turn(),
    ],
    events: [
      {
        type: 'fire',
        kind: 'DF',
        target: 'b1',
        threshold: 6,
        killMax: 1,
        roll: 1,
        result: 'eliminated',
        ruleId: 'OT-32.9',
      },
      {
        type: 'fire',
        kind: 'DF',
        target: 'b2',
        threshold: 6,
        killMax: 1,
        roll: 2,
        result: 'pinned',
        ruleId: 'OT-32.9',
      },
    ],
  },
  {
    name: 'ot-t07-he-on-at-gun',
    vector:
      'OT-E T7 with the placeholder CRT: HE on an AT gun, cell "1-6" (the real "1-8" splits 1-4 / 5-8): the lower half, 3, eliminates; rolls 3 and 4 give eliminated and pinned',
    scenario: {
      layers: OPT,
      alpha: [
        { id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 },
        { id: 'a2', type: 'tank.pzIV', at: [8, 2], facing: 3 },
      ],
      bravo: [
        { id: 'b1', type: 'tank.atGun', at: [2, 5] },
        { id: 'b2', type: 'tank.atGun', at: [8, 5] },
      ],
    },
    actions: [
      plot('a1', 'DF', { target: 'b1' }),
      plot('a2', 'DF', { target: 'b2' }),
      dice(3, 4),
      ...turn(),
    ],
    events: [
      { type: 'fire', kind: 'DF', target: 'b1', killMax: 3, roll: 3, result: 'eliminated' },
      { type: 'fire', kind: 'DF', target: 'b2', killMax: 3, roll: 4, result: 'pinned' },
    ],
  },
  {
    name: 'ot-t08-three-assault-fast-vehicle',
    vector:
      'OT-E T8: three infantry close assault a vehicle plotted to spend 6 MP: differential +2, +1 to the die, and no automatic pin for it',
    scenario: {
      layers: OPT,
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [4, 3] },
        { id: 'a2', type: 'tank.infantrySquad', at: [5, 4] },
        { id: 'a3', type: 'tank.infantrySquad', at: [3, 4] },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [4, 4] }],
    },
    actions: [
      plot('a1', 'DF-CA', { target: 'b1' }),
      plot('a2', 'DF-CA', { target: 'b1' }),
      plot('a3', 'DF-CA', { target: 'b1' }),
      end('alpha'),
      plot('b1', 'MV', {
        path: [
          [4, 5],
          [4, 6],
          [4, 7],
          [4, 8],
          [4, 9],
          [4, 10],
        ],
      }),
      dice(6),
      end('bravo'),
    ],
    events: [
      {
        type: 'fire',
        kind: 'DF-CA',
        target: 'b1',
        attack: 3,
        differential: 2,
        mods: [{ value: 1, ruleId: 'OT-32.11' }],
        roll: 6,
        adjusted: 7,
        result: 'noEffect',
      },
      { type: 'moved', unit: 'b1', mp: 6 },
    ],
  },
  {
    name: 'ot-t09-assault-pinned-infantry',
    vector:
      'OT-E T9: two infantry close assault a pinned infantry unit: −2 to the die; it is pinned whatever the roll (it already was)',
    scenario: {
      layers: OPT,
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [4, 3] },
        { id: 'a2', type: 'tank.infantrySquad', at: [5, 4] },
        { id: 'a3', type: 'tank.pzIV', at: [4, 8], facing: 0 },
      ],
      bravo: [{ id: 'b1', type: 'tank.infantrySquad', at: [4, 4] }],
    },
    actions: [
      plot('a3', 'DF', { target: 'b1' }),
      dice(2, 5),
      ...turn(),
      plot('a1', 'DF-CA', { target: 'b1' }),
      plot('a2', 'DF-CA', { target: 'b1' }),
      dice(6),
      ...turn(),
    ],
    events: [
      { type: 'fire', kind: 'DF', target: 'b1', result: 'pinned' },
      { type: 'pinRecovery', unit: 'b1', roll: 5, unpinned: false },
      {
        type: 'fire',
        kind: 'DF-CA',
        target: 'b1',
        differential: 1,
        mods: [{ value: -2, label: 'defender pinned' }],
        roll: 6,
        adjusted: 4,
      },
    ],
  },
  {
    name: 'ot-t10-overrun-infantry-in-woods',
    vector:
      'OT-E T10: unpinned infantry overrun in woods rolls 4: pinned, not eliminated; the tank falls back',
    scenario: {
      layers: OPT,
      terrain: [[4, 5, 'woods']],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [4, 4], facing: 3 }],
      bravo: [{ id: 'b1', type: 'tank.infantrySquad', at: [4, 5] }],
    },
    actions: [plot('a1', 'OV', { path: [[4, 5]] }), dice(4), ...turn()],
    // The moves of the MV step are logged first, then what happened on the way (OT-G7).
    events: [
      { type: 'moved', unit: 'a1', path: [], stopped: 'the overrun did not clear the hex' },
      { type: 'overrun', unit: 'a1', target: 'b1', roll: 4, result: 'pinned', ruleId: 'OT-32.12' },
    ],
  },
  {
    name: 'ot-t11-smf-halves',
    vector:
      'OT-E T11: SMF with attack 7 and movement 9 fires at 3 and moves 4 (a 5-hex path is refused)',
    scenario: {
      layers: OPT,
      units: [unitType('smf', { ap: 7, he: 7, ma: 9 }), unitType('tank', {})],
      alpha: [{ id: 'a1', type: 'test.smf', at: [2, 2], facing: 3 }],
      bravo: [{ id: 'b1', type: 'test.tank', at: [2, 6] }],
    },
    actions: [
      plot('a1', 'SMF', {
        target: 'b1',
        path: [
          [3, 2],
          [4, 2],
          [5, 2],
          [6, 2],
          [7, 2],
        ],
      }),
      plot('a1', 'SMF', {
        target: 'b1',
        path: [
          [3, 2],
          [4, 2],
          [5, 2],
          [6, 2],
        ],
      }),
      dice(6),
      ...turn(),
    ],
    events: [
      { type: 'fire', kind: 'SMF', target: 'b1', attack: 3, ruleId: 'OT-32.14' },
      { type: 'moved', unit: 'a1', mp: 4 },
    ],
    refused: [{ action: 0, reason: 'OT-32.14' }],
  },
  {
    name: 'ot-t12-cohesion',
    vector:
      'OT-E T12: a soft target at panic 30% starting its turn 2 hexes from a friendly soft target has panic 20% that turn',
    scenario: {
      layers: OPT,
      units: [
        unitType('squad', { cls: 'infantry', def: 1, he: 4, ap: 1, ma: 3, range: 8, panic: 30 }),
      ],
      alpha: [
        { id: 'a1', type: 'test.squad', at: [4, 4] },
        { id: 'a2', type: 'test.squad', at: [4, 6] },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [14, 10] }],
    },
    actions: turn(),
    events: [
      { type: 'turnStarted', turn: 2 },
      { type: 'cohesion', unit: 'a1', panic: 20, ruleId: 'OT-32.10' },
    ],
  },
  {
    name: 'ot-t13-loose-facing-needs-panic-20',
    vector:
      "OT-E T13: a platoon member at panic 30% may not face one hexside off its leader (needs 20% or less); the leader's facing is allowed",
    scenario: {
      layers: OPT,
      units: [unitType('tank30', { panic: 30 })],
      alpha: [
        { id: 'a1', type: 'test.tank30', at: [4, 4], facing: 0, platoon: 'p' },
        { id: 'a2', type: 'test.tank30', at: [6, 4], facing: 0, platoon: 'p' },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [14, 10] }],
    },
    actions: [plot('a2', 'FC', { facing: 1 }), plot('a2', 'FC', { facing: 0 })],
    events: [{ type: 'plotted', unit: 'a2', plot: { mission: 'FC', facing: 0 } }],
    refused: [{ action: 0, reason: 'OT-32.13' }],
  },
  {
    name: 'ot-t14-dfp-not-in-of',
    vector: 'OT-E T14: DF-P plotted for the Opportunity Fire phase is refused when plotted',
    scenario: {
      layers: OPT,
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [2, 5] }],
    },
    actions: [plot('a1', 'DF-P', { target: 'b1', phase: 'OF' })],
    events: [],
    refused: [{ action: 0, reason: 'OT-32.8' }],
  },
  {
    name: 'ot-t15-df-and-ca-one-target',
    vector:
      'OT-E T15: the same target plotted for close assault and for DF in one turn is refused (either order)',
    scenario: {
      layers: OPT,
      alpha: [
        { id: 'a1', type: 'tank.infantrySquad', at: [4, 3] },
        { id: 'a2', type: 'tank.pzIV', at: [4, 7], facing: 0 },
        { id: 'a3', type: 'tank.infantrySquad', at: [9, 3] },
      ],
      bravo: [
        { id: 'b1', type: 'tank.t34', at: [4, 4] },
        { id: 'b2', type: 'tank.t34', at: [9, 4] },
      ],
    },
    actions: [
      plot('a1', 'DF-CA', { target: 'b1' }),
      plot('a2', 'DF', { target: 'b1' }),
      plot('a2', 'DF', { target: 'b2' }),
      plot('a3', 'DF-CA', { target: 'b2' }),
    ],
    events: [
      { type: 'plotted', unit: 'a1', plot: { mission: 'DF-CA' } },
      { type: 'plotted', unit: 'a2', plot: { mission: 'DF', target: 'b2' } },
    ],
    refused: [
      { action: 1, reason: 'OT-32.11' },
      { action: 3, reason: 'OT-32.11' },
    ],
  },
  losCase(
    'tc-t01-edt-sight',
    'TC-E T1: firer L3, target L0, woods L1 at d = 2, R = 10: ED 1, 10 ≥ 6, the DF plot is accepted',
    [3, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    { 2: 'woods' },
    true,
    '',
  ),
  losCase(
    'tc-t02-edt-blocked',
    'TC-E T2: the same with d = 4: 10 < 12, the DF plot is refused (TC-2.7)',
    [3, 3, 3, 3, 1, 0, 0, 0, 0, 0, 0],
    { 4: 'woods' },
    false,
    'TC-2.7',
  ),
  // TC-A3, the two readings of the Elevation Differential. Firer L2, target L1 at R = 5, woods
  // at L0 three hexes from the firer: the target stands a level above the woods.
  losCase(
    'tc-a3-ed-signed',
    'TC-A3 signed (default): firer L2, target L1, woods L0 at d = 3, R = 5: ED 2 + 1 = 3, 5 ≥ 4.5, the DF plot is accepted',
    [2, 2, 2, 0, 1, 1],
    { 3: 'woods' },
    true,
    '',
  ),
  losCase(
    'tc-a3-ed-literal',
    'TC-A3 literal: the same; the target above the woods adds nothing: ED 2, 5 < 6, the DF plot is refused (TC-2.7)',
    [2, 2, 2, 0, 1, 1],
    { 3: 'woods' },
    false,
    'TC-2.7',
    { edCounts: 'literal' },
  ),
  losCase(
    'tc-t03-next-to-lower',
    'TC-E T3: the woods next to the target block automatically (TC-2.8)',
    [3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 0],
    { 9: 'woods' },
    false,
    'TC-2.8',
  ),
  losCase(
    'tc-t04-same-level-lower-woods',
    'TC-E T4: both L2, woods at L1 between: sight',
    [2, 2, 2, 2, 1, 2, 2, 2],
    { 4: 'woods' },
    true,
    '',
  ),
  losCase(
    'tc-t05-same-level-urban',
    'TC-E T5: both L2, urban at L2 between: refused (TC-2.5)',
    [2, 2, 2, 2, 2, 2, 2, 2],
    { 4: 'urban' },
    false,
    'TC-2.5',
  ),
  losCase(
    'tc-t06-valley',
    'TC-E T6: both L2 across a valley at L1: the twin-contour hex is lower than both, sight',
    [2, 2, 2, 1, 1, 1, 2, 2, 2],
    {},
    true,
    '',
  ),
  losCase(
    'tc-t07-hill',
    'TC-E T7: both L1 across a hill at L2: the twin-contour hex blocks (TC-2.5)',
    [1, 1, 1, 2, 2, 2, 1, 1, 1],
    {},
    false,
    'TC-2.5',
  ),
  {
    name: 'tc-t08-morale-isolated',
    vector:
      'TC-E T8: an isolated unit at panic 20% rolls d10 = 5: 5 − 2 − 3 = 0, all its missions are cancelled',
    scenario: {
      layers: ['costello'],
      alpha: [
        { id: 'a1', type: 'tank.pzIV', at: [2, 1], platoon: 'p' },
        { id: 'a2', type: 'tank.pzIV', at: [2, 8], platoon: 'p' },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [14, 10] }],
    },
    actions: [...turn(), plot('a2', 'MV', { path: [[2, 9]] }), dice(5), ...turn()],
    events: [
      { type: 'marked', unit: 'a2', mark: 'isolated', ruleId: 'TC-5.1' },
      { type: 'step', step: 'MORALE' },
      {
        type: 'morale',
        unit: 'a2',
        roll: 5,
        mods: [
          { value: -2, ruleId: 'TC-6.2' },
          { value: -3, label: 'isolated' },
        ],
        score: 0,
        result: 'cancelAllMissions',
      },
      { type: 'step', step: 'DF' },
      { type: 'step', step: 'MV' },
      { type: 'step', step: 'FC' },
    ],
  },
  {
    name: 'tc-t09-morale-ip-platoon-loss',
    vector:
      'TC-E T9: d10 = 9 in an Improved Position with one platoon unit destroyed: 9 + 2 − 2 = 9, no effect (the tested unit has panic 0%)',
    scenario: {
      layers: ['costello'],
      improved: [[2, 2]],
      units: [unitType('calm', { panic: 0 }), unitType('tank', {})],
      alpha: [
        { id: 'a1', type: 'test.calm', at: [2, 2], platoon: 'p' },
        { id: 'a2', type: 'test.tank', at: [4, 2], platoon: 'p' },
      ],
      bravo: [{ id: 'b1', type: 'tank.pzV', at: [4, 7], facing: 0 }],
    },
    actions: [plot('b1', 'DF', { target: 'a2' }), dice(1), ...turn(), dice(9), ...turn()],
    events: [
      { type: 'spotted', unit: 'a2', by: 'b1', ruleId: 'TC-7.3' },
      { type: 'fire', target: 'a2', result: 'destroyed' },
      { type: 'marked', unit: 'a1', mark: 'platoonLoss' },
      {
        type: 'morale',
        unit: 'a1',
        roll: 9,
        mods: [
          { value: -0, ruleId: 'TC-6.2' },
          { value: -2, ruleId: 'TC-6.3' },
          { value: 2, label: 'in an Improved Position' },
        ],
        score: 9,
        result: 'noEffect',
      },
    ],
  },
  {
    name: 'tc-t10-morale-flee',
    vector:
      'TC-E T10: a morale score of −9 (d10 0, panic 60%, isolated) is Flee: the unit runs off its entry edge, is never tested again and is not destroyed',
    scenario: {
      layers: ['costello'],
      units: [unitType('shaky', { panic: 60, ma: 12 })],
      alpha: [
        { id: 'a1', type: 'test.shaky', at: [8, 1], platoon: 'p' },
        { id: 'a2', type: 'test.shaky', at: [2, 8], platoon: 'p' },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [14, 10] }],
    },
    actions: [...turn(), dice(10), ...turn()],
    events: [
      { type: 'marked', unit: 'a2', mark: 'isolated' },
      { type: 'morale', unit: 'a2', roll: 0, score: -9, result: 'flee' },
      { type: 'moved', unit: 'a2' },
      { type: 'leftMap', unit: 'a2', ruleId: 'TC-6.4' },
    ],
  },
  {
    name: 'tc-t11-mortar-beyond-20',
    vector:
      'TC-E T11 and TC-A8: a medium mortar calling fire 25 hexes away has HE 2 (3 halved, rounded up); called in turn 1 it lands in turn 3, and its team may not move meanwhile',
    scenario: {
      layers: ['costello'],
      columns: 30,
      alpha: [
        { id: 'sq', type: 'tank.infantrySquad', at: [0, 5] },
        { id: 'mo', type: 'tank.mediumMortar', at: [0, 5] },
        { id: 'ob', type: 'tank.pzIV', at: [20, 5], facing: 1 },
      ],
      bravo: [{ id: 'b1', type: 'tank.infantrySquad', at: [25, 5] }],
    },
    actions: [
      plot('mo', 'IF', { at: [25, 5] }),
      ...turn(),
      plot('sq', 'MV', { path: [[1, 5]] }),
      ...turn(),
      dice(1),
      ...turn(),
    ],
    events: [
      { type: 'mortarCalled', unit: 'mo', he: 2, lands: 3, ruleId: 'TC-4.3' },
      { type: 'turnStarted', turn: 3 },
      { type: 'indirectFire', hex: { col: 25, row: 5 }, he: 2, ruleId: 'TC-4.7' },
      { type: 'indirectResult', unit: 'b1', roll: 1, result: 'eliminated' },
    ],
    refused: [{ action: 3, reason: 'TC-4.4' }],
  },
  {
    name: 'tc-t13-spotted-this-turn',
    vector: 'TC-E T13: fire at a unit that had to be spotted this turn adds +2 to the die',
    scenario: {
      layers: ['costello'],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [2, 6] }],
    },
    actions: [plot('a1', 'DF', { target: 'b1' }), dice(4), ...turn()],
    events: [
      { type: 'spotted', unit: 'b1', by: 'a1', ruleId: 'TC-7.3' },
      { type: 'fire', target: 'b1', mods: [{ value: 2, ruleId: 'TC-7.4' }], roll: 4, adjusted: 6 },
    ],
  },
  {
    name: 'tc-t14-dummy-spotted',
    vector:
      'TC-E T14: a dummy is eliminated when it is spotted (here by the unit that fires at it)',
    scenario: {
      layers: ['costello'],
      alpha: [{ id: 'a1', type: 'tank.pzIV', at: [2, 2], facing: 3 }],
      bravo: [
        { id: 'b1', type: 'tank.dummy.vehicle', at: [2, 6] },
        { id: 'b2', type: 'tank.t34', at: [14, 10] },
      ],
    },
    actions: [plot('a1', 'DF', { target: 'b1' }), plot('b1', 'DF', { target: 'a1' }), ...turn()],
    events: [
      { type: 'spotted', unit: 'b1', by: 'a1' },
      { type: 'dummyRemoved', unit: 'b1', ruleId: 'TC-7.1' },
    ],
    refused: [{ action: 1, reason: 'TC-7.1' }],
  },
  {
    name: 'tc-t15-conformity-chain',
    vector:
      'TC-E T15: a platoon of 4 in a chain with 3-hex links, one unit 4 hexes from everyone: that unit alone is isolated',
    scenario: {
      layers: ['costello'],
      alpha: [
        { id: 'a1', type: 'tank.pzIV', at: [2, 0], platoon: 'p' },
        { id: 'a2', type: 'tank.pzIV', at: [2, 3], platoon: 'p' },
        { id: 'a3', type: 'tank.pzIV', at: [2, 6], platoon: 'p' },
        { id: 'a4', type: 'tank.pzIV', at: [2, 10], platoon: 'p' },
      ],
      bravo: [{ id: 'b1', type: 'tank.t34', at: [14, 10] }],
    },
    actions: turn(),
    events: [
      { type: 'step', step: 'MV' },
      { type: 'marked', unit: 'a4', mark: 'isolated', ruleId: 'TC-5.1' },
      { type: 'step', step: 'FC' },
    ],
  },
];

const show = process.argv.includes('--show');
for (const c of CASES) {
  const doc = fixtureScenario(c.scenario);
  const text = serializeDocument(doc);
  const loaded = loadDocument(text, { expect: ['sandtable.scenario'] });
  if (!loaded.ok)
    throw new Error(
      `${c.name}: ${loaded.problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}`,
    );
  const made = makeTankGame(loaded.doc);
  if (typeof made === 'string') throw new Error(`${c.name}: ${made}`);
  const r = replayLog(made.game, made.game.newGame({ seed: 1 }), c.actions, {
    allowForcedDice: true,
  });
  if (show) {
    console.log(`\n== ${c.name}`);
    for (const e of r.events) console.log(JSON.stringify(e.event));
    console.log('refused', JSON.stringify(r.refused));
  }
  const dir = join(ROOT, c.name);
  mkdirSync(dir, { recursive: true });
  // Written as prettier formats JSON, so regenerating leaves unchanged cases unchanged.
  const write = async (name: string, value: unknown) =>
    writeFileSync(
      join(dir, name),
      await format(JSON.stringify(value, null, 2), { parser: 'json', printWidth: 100 }),
    );
  await write('scenario.json', JSON.parse(text));
  await write('actions.json', { seed: 1, allowForcedDice: true, actions: c.actions });
  await write('expected.json', {
    vector: c.vector,
    events: c.events,
    ...(c.refused ? { refused: c.refused } : {}),
  });
}
console.log(`wrote ${CASES.length} TANK! golden cases`);
