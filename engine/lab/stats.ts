import type { GameMap } from '../format';
import { styleFor } from './labGame';
import type { SideInfo } from '../game/gameDef';
import { wilson } from './wilson';
import { qualityOf } from './quality';
import type {
  GameRecord,
  HeatGrid,
  LabReport,
  LabSettings,
  ObjectiveControl,
  ObjectiveShortfall,
  PlanPair,
  Share,
} from './types';

export { wilson } from './wilson';

/** From this share of games undecided at the turn limit on, the lab says why it sees draws. */
export const LIMIT_ADVICE_SHARE = 0.5;

/**
 * What to tell a designer whose run mostly ran out of turns (undefined otherwise): such draws
 * say the limit is short for this layout or the bots slow, not that the sides are even. `how`
 * says where a longer limit is set (the command line's flag, the lab's box).
 */
export function limitAdvice(r: LabReport, how: string): string | undefined {
  const at = r.undecidedAtLimit;
  if (!at || at.of === 0 || at.share < LIMIT_ADVICE_SHARE) return undefined;
  return `${Math.round(at.share * 100)}% of games were still undecided when the turn limit came: the bots ran out of turns, so these draws do not say the sides are even. For who wins, run again with a longer turn limit (${how}).`;
}

/**
 * The split by plans as a text table: a header, then a row a pair of plans (each side's plan,
 * the games, each side's wins with the 95% interval, draws, mean length), columns padded to line
 * up; no lines without plans.
 */
export function planPairLines(r: LabReport): string[] {
  const pairs = r.byPlan ?? [];
  if (pairs.length === 0) return [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const share = (s: Share) => `${pct(s.share)} [${pct(s.low)}, ${pct(s.high)}]`;
  const rows = [
    [
      ...r.sides.map((s) => `${s.name}'s plan`),
      'games',
      ...r.sides.map((s) => `${s.name} wins`),
      'draws',
      'mean turns',
    ],
    ...pairs.map((p) => [
      ...r.sides.map((s) => p.plans[s.id] ?? '(no plan)'),
      String(p.games),
      ...r.sides.map((s) => share(p.wins[s.id] ?? wilson(0, p.games))),
      pct(p.draws.share),
      p.meanTurns.toFixed(1),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  // Plans read left to right; numbers line up on the right.
  const plans = r.sides.length;
  return rows.map((row) =>
    row
      .map((cell, c) => (c < plans ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** Cells of a heatmap over a map: 1" squares on a table (coarser past 72"), one per hex. */
export function heatGridShape(map: GameMap): { columns: number; rows: number; cell: number } {
  if (map.kind === 'hex') return { columns: map.columns, rows: map.rows, cell: 1 };
  const cell = Math.max(1, Math.ceil(Math.max(map.width, map.height) / 72));
  return {
    columns: Math.max(1, Math.ceil(map.width / cell)),
    rows: Math.max(1, Math.ceil(map.height / cell)),
    cell,
  };
}

function heat(
  shape: { columns: number; rows: number; cell: number },
  hexes: boolean,
  points: Iterable<readonly [number, number]>,
): HeatGrid {
  const counts = new Array<number>(shape.columns * shape.rows).fill(0);
  for (const [x, y] of points) {
    // A hex map's pieces stand on whole columns and rows; a table's anywhere on it.
    const c = hexes ? Math.round(x) : Math.floor(x / shape.cell);
    const r = hexes ? Math.round(y) : Math.floor(y / shape.cell);
    const col = Math.min(shape.columns - 1, Math.max(0, c));
    const row = Math.min(shape.rows - 1, Math.max(0, r));
    counts[row * shape.columns + col]!++;
  }
  return { ...shape, counts, max: counts.reduce((m, v) => Math.max(m, v), 0) };
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Who held each objective at the end of every turn, over games in seed order: per turn the games
 * that reached its end and, per side, those in which the side held the objective then.
 */
export function objectiveControl(
  games: readonly GameRecord[],
  names: Readonly<Record<string, string>> = {},
): ObjectiveControl[] {
  const ids: string[] = [];
  for (const g of games)
    for (const id of Object.keys(g.control ?? {})) if (!ids.includes(id)) ids.push(id);
  return ids.map((id) => {
    const turns = games.reduce((m, g) => Math.max(m, g.control?.[id]?.length ?? 0), 0);
    const byTurn = Array.from({ length: turns }, (_, i) => {
      const held: Record<string, number> = {};
      let reached = 0;
      for (const g of games) {
        const row = g.control?.[id];
        if (!row || row.length <= i) continue;
        reached++;
        const side = row[i];
        if (side) held[side] = (held[side] ?? 0) + 1;
      }
      return { turn: i + 1, games: reached, held };
    });
    return { id, name: names[id] ?? id, byTurn };
  });
}

/**
 * What each objective's taker lacked in the games the turn limit ended (`GameRecord.lacking`):
 * per objective, in the order first met, each thing lacked with its share of those games, most
 * games first (ties by the words, so every run lists them alike). A game in which the ruleset
 * said nothing for an objective counts for none of its shortfalls. Empty when no game ended on
 * the limit with something lacking.
 */
export function objectiveShortfalls(
  games: readonly GameRecord[],
  names: Readonly<Record<string, string>> = {},
): ObjectiveShortfall[] {
  const atLimit = games.filter((g) => g.atTurnLimit === true);
  const counts = new Map<string, Map<string, number>>();
  for (const g of atLimit)
    for (const [id, lacking] of Object.entries(g.lacking ?? {})) {
      let byWhat = counts.get(id);
      if (!byWhat) counts.set(id, (byWhat = new Map()));
      byWhat.set(lacking, (byWhat.get(lacking) ?? 0) + 1);
    }
  return [...counts].map(([id, byWhat]) => ({
    id,
    name: names[id] ?? id,
    shortfalls: [...byWhat]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .map(([lacking, k]) => ({ lacking, games: wilson(k, atLimit.length) })),
  }));
}

/**
 * The shortfalls at the turn limit as text: a heading with the games the limit ended, then a
 * line an objective with what its taker lacked and in what share of them; no lines without.
 */
export function shortfallLines(r: LabReport): string[] {
  const objectives = r.atLimit ?? [];
  const first = objectives[0]?.shortfalls[0];
  if (!first) return [];
  // A few games of many are not nothing: under half a percent reads "<1%", not "0%".
  const pct = (x: number) => (x > 0 && x < 0.005 ? '<1%' : `${Math.round(100 * x)}%`);
  return [
    `What kept the ${first.games.of} games the turn limit ended from being won:`,
    ...objectives.map(
      (o) =>
        `  ${o.name}: ${o.shortfalls.map((s) => `${s.lacking} ${pct(s.games.share)}`).join(', ')}`,
    ),
  ];
}

/** One string per pair of plans, for grouping games and picking a pair out: the plans in side order. */
export function planKey(
  sides: readonly { readonly id: string }[],
  plans: Readonly<Record<string, string>>,
): string {
  return JSON.stringify(sides.map((s) => plans[s.id] ?? ''));
}

/** A pair of plans in words: "Side A by Bridge 2, south, Side B by Bridge 1, north". */
export function planPairText(
  sides: readonly { readonly id: string; readonly name: string }[],
  plans: Readonly<Record<string, string>>,
): string {
  return sides.map((s) => `${s.name} ${plans[s.id] ?? '(no plan)'}`).join(', ');
}

/**
 * The games split by the pair of plans the bots followed (`GameRecord.plans`), in the order of
 * their plans' names side by side (the same order in every run, to compare runs); games without
 * plans are left out, and no games with plans gives no pairs.
 */
export function planPairs(games: readonly GameRecord[], sides: readonly SideInfo[]): PlanPair[] {
  const groups = new Map<string, GameRecord[]>();
  for (const g of games) {
    if (!g.plans) continue;
    const key = planKey(sides, g.plans);
    const list = groups.get(key);
    if (list) list.push(g);
    else groups.set(key, [g]);
  }
  const pairs = [...groups].map(([key, list]) => {
    const n = list.length;
    return {
      key,
      pair: {
        // Every game of the group has these plans: the key is made of them.
        plans: list[0]!.plans!,
        games: n,
        wins: Object.fromEntries(
          sides.map((s) => [s.id, wilson(list.filter((g) => g.winner === s.id).length, n)]),
        ),
        draws: wilson(list.filter((g) => g.winner === 'draw').length, n),
        meanTurns: list.reduce((a, g) => a + g.turns, 0) / n,
      },
    };
  });
  pairs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return pairs.map((p) => p.pair);
}

/**
 * What a set of games says: win shares with their intervals, draws, decided games, lengths,
 * losses by type and the heatmaps. The records are taken in seed order, so the report does not
 * depend on which worker played which game or in what order they came back.
 */
export function labReport(
  scenario: { readonly title: string; readonly rulesetId: string; readonly map: GameMap },
  sides: readonly SideInfo[],
  settings: LabSettings,
  records: readonly GameRecord[],
  objectiveNames: Readonly<Record<string, string>> = {},
): LabReport {
  const games = [...records].sort((a, b) => a.seed - b.seed);
  const n = games.length;
  const shape = heatGridShape(scenario.map);
  const hexes = scenario.map.kind === 'hex';
  const finished = games.filter((g) => g.winner !== null);
  const lengths = games.map((g) => g.turns).sort((a, b) => a - b);
  const byTurn = new Array<number>((lengths[lengths.length - 1] ?? 0) + 1).fill(0);
  for (const t of lengths) byTurn[t]!++;
  const unfinished = games.filter((g) => g.winner === null);
  const byPlan = planPairs(games, sides);
  const withKills = games.some((g) => g.kills);
  // Games a side won (neither drawn nor unfinished).
  const decidedGames = games.filter((g) => g.winner !== null && g.winner !== 'draw').length;
  const atLimit = objectiveShortfalls(games, objectiveNames);
  return {
    scenario: scenario.title,
    rulesetId: scenario.rulesetId,
    settings,
    played: n,
    sides: sides.map((s) => {
      const losses: Record<string, number> = {};
      for (const g of games)
        for (const d of g.deaths) if (d.side === s.id) losses[d.type] = (losses[d.type] ?? 0) + 1;
      const won = games.filter((g) => g.winner === s.id).length;
      const perGame = Object.fromEntries(
        Object.entries(losses)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([type, k]) => [type, n ? k / n : 0]),
      );
      return {
        id: s.id,
        name: s.name,
        style: styleFor(settings, s.id),
        wins: wilson(won, n),
        decidedWins: wilson(won, decidedGames),
        lossesPerGame: perGame,
        deaths: heat(
          shape,
          hexes,
          games.flatMap((g) => g.deaths.filter((d) => d.side === s.id).map((d) => d.at)),
        ),
        ...(withKills
          ? {
              kills: heat(
                shape,
                hexes,
                games.flatMap((g) =>
                  (g.kills ?? []).filter((k) => k.side === s.id).map((k) => k.at),
                ),
              ),
            }
          : {}),
      };
    }),
    draws: wilson(finished.filter((g) => g.winner === 'draw').length, n),
    decided: wilson(decidedGames, n),
    undecidedAtLimit: wilson(games.filter((g) => g.atTurnLimit === true).length, n),
    unfinished: unfinished.length,
    ...(unfinished[0]
      ? {
          firstUnfinished: {
            seed: unfinished[0].seed,
            reason: unfinished[0].reason ?? unfinished[0].text,
          },
        }
      : {}),
    length: {
      mean: n ? lengths.reduce((a, b) => a + b, 0) / n : 0,
      median: median(lengths),
      min: lengths[0] ?? 0,
      max: lengths[lengths.length - 1] ?? 0,
      byTurn,
    },
    held: heat(
      shape,
      hexes,
      games.flatMap((g) => g.held),
    ),
    hashes: games.map((g) => ({ seed: g.seed, hash: g.hash })),
    objectives: objectiveControl(games, objectiveNames),
    games: games.map((g) => ({
      seed: g.seed,
      winner: g.winner,
      turns: g.turns,
      text: g.text,
      hash: g.hash,
      ...(g.plans ? { plans: g.plans } : {}),
      ...(g.lacking ? { lacking: g.lacking } : {}),
    })),
    ...(byPlan.length > 0 ? { byPlan } : {}),
    ...(atLimit.length > 0 ? { atLimit } : {}),
    quality: qualityOf(games, sides),
  };
}
