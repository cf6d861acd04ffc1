import type { ScenarioDoc } from '../format';
import type { BotStyle } from '../game/gameDef';
import {
  changeWords,
  combineVariants,
  leverVariants,
  LEVERS,
  type Lever,
  type LeverChange,
  type SkippedVariant,
  type Variant,
} from './advisorLevers';
import { qualityOf } from './quality';
import { qualityChanges, type QualityChange } from './qualityCompare';
import { wilson } from './stats';
import type { GameRecord, LabSettings, QualityReport, Share } from './types';
import type { RulesetLookup } from '../rulesets/lookup';

/**
 * The balance advisor: from "is it fair?" to "here is the fair version". It plays variants of a
 * scenario (advisorLevers.ts) in rounds of games, every variant on the same seeds as the original
 * (common random numbers: a change is compared on the same dice), and after each round decides
 * each variant by the 95% Wilson interval of the first side's share of the decided games:
 *
 * - out: the interval lies wholly outside target ± tolerance, so the change cannot make it fair;
 * - fair: the interval contains the target and is no wider than ± tolerance (on at least
 *   `minDecided` decided games): the games are enough to tell the share to the precision asked;
 * - open: neither yet; the next rounds go to the open variants likeliest to be fair (by the
 *   chance that the true share lies within the tolerance, from the games so far), and to
 *   variants not yet played in the order of how likely their change is to help. A variant whose
 *   interval contains the target plays bigger rounds (as many games again as it has, up to what
 *   the tolerance needs), so the budget goes where an answer is near.
 *
 * When no single change reaches the target but some move toward it, the best two are combined;
 * when that leaves no variant whose interval contains the target, it builds on the closest
 * variant (its levers pulled once more, up to three changes: a second unit of a type).
 * It stops when enough fair variants are found or the budget of games is spent, and reports the
 * best few (or, when the budget cannot reach the precision asked, the leads with how precise
 * they are and how many more games would tell), each with its change in words, its interval, how decisive its games are and how many
 * games it cost. The choices depend only on the games' results, and every game is a pure function
 * of its scenario and seed, so the same seeds give the same answer whatever plays the games
 * (threads, the queue, the app's workers) and however many there are.
 */

/** Games to play: one batch of seeds of one scenario. */
export interface AdvisorBatch {
  /** Which variant ("original" for the scenario as it is). */
  readonly variant: string;
  readonly scenario: ScenarioDoc;
  /** Seeds `settings.firstSeed`.. `+ settings.games - 1`. */
  readonly settings: LabSettings;
}

/**
 * Plays batches of games and gives each batch's records (in any order within a batch). The host
 * plays them on its threads, workers or queue, at once or one after another: the advisor does not
 * mind. A batch cut short by a stop gives the games it finished.
 */
export type PlayBatches = (
  batches: readonly AdvisorBatch[],
  onGame: () => void,
) => Promise<readonly (readonly GameRecord[])[]>;

export interface AdvisorOptions {
  /**
   * The rulesets the caller plays with (the registry's `BUNDLED_RULESETS` at an entry point):
   * every variant is admitted and played with them.
   */
  readonly rulesets: RulesetLookup;
  /** The first side's share of the decided games wanted (default 0.5). */
  readonly target?: number;
  /** How far from the target a share may be and still count as fair (default 0.03). */
  readonly tolerance?: number;
  readonly levers?: readonly Lever[];
  /** Games at most, original included (default 4000: enough to tell one variant to ± 3 points). */
  readonly budgetGames?: number;
  /** The first seed of every variant's games (default 1). */
  readonly firstSeed?: number;
  /** Bot styles by side id; the scenario's playtest styles otherwise. */
  readonly styles?: Readonly<Record<string, BotStyle>>;
  /** Games a variant plays a round (default 24). */
  readonly round?: number;
  /** Variants played a step, side by side (default 4); not tied to the workers, so answers are not either. */
  readonly perStep?: number;
  /** Decided games a fair verdict needs at least, however wide the tolerance (default 100). */
  readonly minDecided?: number;
  /** Fair variants to find before stopping (default 3). */
  readonly want?: number;
  /** Checked between steps: true stops the search and reports what it has. */
  readonly stopped?: () => boolean;
  readonly onProgress?: (p: AdvisorProgress) => void;
}

export type Verdict = 'fair' | 'out' | 'open';

/** How a variant (or the original) played so far. */
export interface VariantResult {
  readonly id: string;
  /** In words, "remove one Medium tank from Side B; and turn limit 24 → 26" ("no change" for the original). */
  readonly change: string;
  readonly changes: readonly LeverChange[];
  readonly games: number;
  /** The first side's wins among the decided games, with the 95% Wilson interval. */
  readonly share: Share;
  /** Quality: the share of games a side won (decisiveness). */
  readonly decided: Share;
  readonly draws: Share;
  /** Draws on the turn limit: games the bots ran out of time in. */
  readonly undecidedAtLimit: Share;
  /** Games that did not end (stalled, stuck). */
  readonly unfinished: number;
  readonly meanTurns: number;
  /** Games by the turn they ended in (`byTurn[t]` games ended in turn t), to compare lengths. */
  readonly byTurn: readonly number[];
  /** The lab's game-quality measures of these games (engine/lab/quality.ts). */
  readonly quality: QualityReport;
  readonly verdict: Verdict;
}

/** A proposal: a variant's result and the scenario to adopt. */
export interface Suggestion extends VariantResult {
  readonly scenario: ScenarioDoc;
  /** Decisiveness change against the original, in points of percentage (negative: fewer decided). */
  readonly decisivenessChange: number;
  /**
   * For a lead not yet confirmed fair: about how many more games it needs for its interval to
   * be ± tolerance wide (from its decided share so far); 0 for a fair suggestion.
   */
  readonly moreGames: number;
  /**
   * Its quality measures against the original's (decisiveness, length, lead changes, comebacks,
   * first-player advantage): then, now, the difference and whether it is meaningful.
   */
  readonly againstOriginal: readonly QualityChange[];
}

export interface AdvisorProgress {
  readonly games: number;
  readonly budget: number;
  /** Variants still open, decided fair and ruled out. */
  readonly open: number;
  readonly fair: number;
  readonly out: number;
  /** What is being played now, in words. */
  readonly playing: readonly string[];
  /** The closest to the target so far (undefined before the first variant is played). */
  readonly best?: VariantResult;
  readonly original?: VariantResult;
}

export interface AdvisorReport {
  readonly scenario: string;
  readonly target: number;
  readonly tolerance: number;
  /** The side whose share is measured (the first). */
  readonly side: { readonly id: string; readonly name: string };
  readonly original: VariantResult;
  /**
   * 'already fair': the original is fair (its interval contains the target and is ± tolerance
   * wide) and nothing is proposed; 'undecided': the original's interval contains the target but
   * the budget ran out before it was ± tolerance wide, so it may be fair and nothing is proposed
   * (`moreGames` says how many more games would tell); 'suggestions': fair variants found;
   * 'closest': none confirmed fair in the budget, the leads whose intervals contain the target
   * are shown with their precision; 'none': nothing to try or nothing played.
   */
  readonly answer: 'already fair' | 'undecided' | 'suggestions' | 'closest' | 'none';
  /**
   * For 'undecided' and 'closest': about how many more games the original (undecided) or the
   * first lead (closest) needs to be told to ± tolerance; a budget of `games + moreGames` would
   * do. 0 otherwise.
   */
  readonly moreGames: number;
  /** Decided games an interval ± tolerance wide takes near the target (about). */
  readonly decidedNeeded: number;
  readonly suggestions: readonly Suggestion[];
  /** Every variant tried, closest to the target first. */
  readonly tried: readonly VariantResult[];
  readonly skipped: readonly SkippedVariant[];
  readonly absent: readonly SkippedVariant[];
  readonly games: number;
  readonly budget: number;
  /** True when stopped before an answer (Ctrl-C, Stop): the report is the best so far. */
  readonly stopped: boolean;
  readonly settings: {
    readonly firstSeed: number;
    readonly round: number;
    readonly minDecided: number;
  };
}

interface Arm {
  readonly variant: Variant;
  readonly records: GameRecord[];
  verdict: Verdict;
}

/** Standard normal distribution function (Abramowitz–Stegun 7.1.26 through erf). */
function phi(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** What a set of games says, measured for `side`. */
export function measure(
  id: string,
  changes: readonly LeverChange[],
  records: readonly GameRecord[],
  sides: readonly { readonly id: string; readonly name: string }[],
  verdict: Verdict,
): VariantResult {
  const side = sides[0]!.id;
  const n = records.length;
  const decided = records.filter((r) => r.winner !== null && r.winner !== 'draw');
  const won = decided.filter((r) => r.winner === side).length;
  const draws = records.filter((r) => r.winner === 'draw');
  return {
    id,
    change: changeWords({ changes }),
    changes,
    games: n,
    share: wilson(won, decided.length),
    decided: wilson(decided.length, n),
    draws: wilson(draws.length, n),
    undecidedAtLimit: wilson(draws.filter((r) => r.atTurnLimit).length, n),
    unfinished: records.filter((r) => r.winner === null).length,
    meanTurns: n === 0 ? 0 : records.reduce((s, r) => s + r.turns, 0) / n,
    byTurn: records.reduce<number[]>((by, r) => {
      while (by.length <= r.turns) by.push(0);
      by[r.turns]!++;
      return by;
    }, []),
    quality: qualityOf(records, sides),
    verdict,
  };
}

/** Half the width of a share's 95% interval: how precisely the games so far tell it. */
export const halfWidth = (s: Share): number => (s.high - s.low) / 2;

/**
 * The decided games a share at `target` takes for its 95% Wilson interval to be no wider than
 * ± `tolerance` (1,065 for 50% ± 3 points, 382 for ± 5), at least `minDecided`.
 */
export function decidedFor(target: number, tolerance: number, minDecided = 1): number {
  const z = 1.959963984540054;
  let n = Math.max(minDecided, Math.floor((z * z * target * (1 - target)) / tolerance ** 2) - 2);
  while (halfWidth(wilson(Math.round(n * target), n)) > tolerance) n++;
  return n;
}

/**
 * The verdict on a share for the target and tolerance: out when the interval lies wholly outside
 * target ± tolerance (the change cannot make it fair); fair when the interval contains the target
 * and is no wider than ± tolerance, on at least `minDecided` decided games (the games are enough
 * to tell the share to the precision asked); open otherwise (more games would tell).
 */
export function verdictOf(
  s: Share,
  target: number,
  tolerance: number,
  minDecided: number,
): Verdict {
  if (s.of === 0) return 'open';
  if (s.low > target + tolerance || s.high < target - tolerance) return 'out';
  const contains = s.low <= target && target <= s.high;
  if (contains && s.of >= minDecided && halfWidth(s) <= tolerance + 1e-12) return 'fair';
  return 'open';
}

/** Whether a share's interval contains the target: it may be fair, more games would tell. */
const containsTarget = (s: Share, target: number) =>
  s.of > 0 && s.low <= target && target <= s.high;

/**
 * About how many more games a set of games needs for its share's interval to be ± tolerance
 * wide: the decided games missing, over the share of games decided so far.
 */
export function gamesToTell(r: VariantResult, need: number): number {
  const missing = Math.max(0, need - r.share.of);
  if (missing === 0) return 0;
  const rate = r.games > 0 && r.share.of > 0 ? r.share.of / r.games : 0.5;
  return Math.ceil(missing / rate);
}

/**
 * How likely the true share is within the tolerance of the target, from `won` of `of` decided
 * games (normal approximation of a Beta(won + 1, of − won + 1)); the next games go where this
 * is highest. The band is at least ±5 points so a few games can already tell near from far.
 */
function chanceFair(s: Share, target: number, tolerance: number): number {
  const p = (s.count + 1) / (s.of + 2);
  const se = Math.sqrt((p * (1 - p)) / (s.of + 3));
  const band = Math.max(tolerance, 0.05);
  return phi((target + band - p) / se) - phi((target - band - p) / se);
}

const distance = (r: VariantResult, target: number) =>
  r.share.of === 0 ? Infinity : Math.abs(r.share.share - target);

/** Runs the advisor on a scenario, playing its games through `play`. */
export async function adviseBalance(
  scenario: ScenarioDoc,
  play: PlayBatches,
  options: AdvisorOptions,
): Promise<AdvisorReport> {
  const target = options.target ?? 0.5;
  const tolerance = options.tolerance ?? 0.03;
  const budget = Math.max(1, Math.floor(options.budgetGames ?? 4000));
  const firstSeed = options.firstSeed ?? 1;
  const round = Math.max(1, Math.floor(options.round ?? 24));
  const perStep = Math.max(1, Math.floor(options.perStep ?? 4));
  const minDecided = Math.max(1, Math.floor(options.minDecided ?? 100));
  const want = Math.max(1, Math.floor(options.want ?? 3));
  const levers = options.levers ?? LEVERS;
  const side = scenario.forces.sides[0]!;
  const sideList = scenario.forces.sides.map((x) => ({ id: x.id, name: x.name }));
  const styles = { ...(scenario.playtest?.bots ?? {}), ...(options.styles ?? {}) };
  let games = 0;
  let stopped = false;
  const isStopped = () => stopped || (options.stopped?.() ?? false);

  const resultOf = (arm: Arm) =>
    measure(arm.variant.id, arm.variant.changes, arm.records, sideList, arm.verdict);
  const judge = (arm: Arm) => {
    arm.verdict = verdictOf(resultOf(arm).share, target, tolerance, minDecided);
  };
  const arms: Arm[] = [];
  const original: Arm = {
    variant: { id: 'original', changes: [], scenario, prior: 1 },
    records: [],
    verdict: 'open',
  };
  const progress = (playing: readonly Arm[]) => {
    const results = arms.filter((a) => a.records.length > 0).map(resultOf);
    const best = results.sort((a, b) => distance(a, target) - distance(b, target))[0];
    options.onProgress?.({
      games,
      budget,
      open: arms.filter((a) => a.verdict === 'open').length,
      fair: arms.filter((a) => a.verdict === 'fair').length,
      out: arms.filter((a) => a.verdict === 'out').length,
      playing: playing.map((a) => changeWords(a.variant)),
      ...(best ? { best } : {}),
      ...(original.records.length > 0 ? { original: resultOf(original) } : {}),
    });
  };
  const need = decidedFor(target, tolerance, minDecided);
  /**
   * The games an arm plays next: a round; as many games again as it has (up to what the
   * tolerance still needs) once its interval contains the target, so a near answer is told in a
   * few big rounds rather than many small ones.
   */
  /** Games the original is to be played up to (besides its rounds): see the top-up below. */
  let originalUpTo = 0;
  const wanted = (arm: Arm) => {
    if (arm === original && originalUpTo > arm.records.length)
      return originalUpTo - arm.records.length;
    const r = resultOf(arm);
    if (arm.records.length < 2 * round || !containsTarget(r.share, target)) return round;
    return Math.max(round, Math.min(arm.records.length, gamesToTell(r, need)));
  };
  /** Plays the next round of each arm (fewer games when the budget runs short). */
  const step = async (chosen: readonly Arm[]) => {
    let left = budget - games;
    const batches = chosen
      .map((arm) => {
        const size = Math.min(wanted(arm), Math.max(0, left));
        left -= size;
        return {
          arm,
          batch: {
            variant: arm.variant.id,
            scenario: arm.variant.scenario,
            settings: {
              games: size,
              firstSeed: firstSeed + arm.records.length,
              styles,
            },
          },
        };
      })
      .filter((b) => b.batch.settings.games > 0);
    if (batches.length === 0) return false;
    progress(batches.map((b) => b.arm));
    const results = await play(
      batches.map((b) => b.batch),
      () => {
        games++;
      },
    );
    batches.forEach((b, k) => {
      const got = [...(results[k] ?? [])].sort((x, y) => x.seed - y.seed);
      b.arm.records.push(...got);
      judge(b.arm);
    });
    progress([]);
    return true;
  };

  // The original first: up to a quarter of the budget to tell fair, unfair or unclear; then, while
  // its interval still contains the target, the rest: no change can be shown fairer than a
  // scenario that may be fair as it is, so telling that comes before any variant.
  const originalBudget = Math.max(round, Math.floor(budget / 4));
  while (!isStopped() && original.verdict === 'open' && original.records.length < originalBudget) {
    if (!(await step([original]))) break;
  }
  while (
    !isStopped() &&
    original.verdict === 'open' &&
    containsTarget(resultOf(original).share, target) &&
    games < budget
  ) {
    if (!(await step([original]))) break;
  }
  stopped = isStopped();
  const originalResult = resultOf(original);
  const base = {
    scenario: scenario.meta.title,
    target,
    tolerance,
    side: { id: side.id, name: side.name },
    budget,
    decidedNeeded: need,
    settings: { firstSeed, round, minDecided },
  };
  if (
    original.verdict === 'fair' ||
    (original.verdict === 'open' && containsTarget(originalResult.share, target))
  ) {
    return {
      ...base,
      original: originalResult,
      answer: original.verdict === 'fair' ? 'already fair' : 'undecided',
      moreGames: original.verdict === 'fair' ? 0 : gamesToTell(originalResult, need),
      suggestions: [],
      tried: [],
      skipped: [],
      absent: [],
      games,
      stopped,
    };
  }

  // Which side the original favours, when its interval says so: units move from it.
  const s = originalResult.share;
  const others = scenario.forces.sides.slice(1).map((x) => x.id);
  const favoured =
    s.low > target ? side.id : s.high < target && others.length === 1 ? others[0] : undefined;
  const made = leverVariants(scenario, {
    levers,
    rulesets: options.rulesets,
    ...(favoured !== undefined ? { favoured } : {}),
  });
  for (const variant of made.variants) arms.push({ variant, records: [], verdict: 'open' });
  let combined = false;
  const builtOn = new Set<string>();
  const known = new Set(arms.map((a) => a.variant.id));

  const originalShare = s.share;
  const towardTarget = (r: VariantResult) =>
    r.share.of > 0 && Math.abs(r.share.share - target) < Math.abs(originalShare - target);

  while (!stopped && games < budget) {
    if (isStopped()) {
      stopped = true;
      break;
    }
    // A fair variant is compared with the original (decisiveness, length, lead changes): the
    // original, often ruled out after a round or two, is played on the same seeds up to the
    // fair variant's games first, so the comparison is not one of 48 games against 500.
    const fairGames = Math.max(
      0,
      ...arms.filter((a) => a.verdict === 'fair').map((a) => a.records.length),
    );
    if (original.records.length < fairGames) {
      originalUpTo = fairGames;
      if (!(await step([original]))) break;
      continue;
    }
    if (arms.filter((a) => a.verdict === 'fair').length >= want) break;
    const open = arms.filter((a) => a.verdict === 'open');
    // When every change so far has been played and none is fair or even a lead (an interval
    // with the target in it), build on the one that came closest: its own levers pulled once
    // more (a second unit of a type, or a unit and the turn limit), up to three changes.
    const noLead = open.every(
      (a) => a.records.length > 0 && !containsTarget(resultOf(a).share, target),
    );
    if (combined && noLead && arms.every((a) => a.verdict !== 'fair')) {
      const base = arms
        .filter((a) => a.records.length > 0 && a.variant.changes.length < 3)
        .filter((a) => !builtOn.has(a.variant.id))
        .map((a) => ({ a, r: resultOf(a) }))
        .filter(({ r }) => towardTarget(r))
        .sort(
          (x, y) => distance(x.r, target) - distance(y.r, target) || x.r.id.localeCompare(y.r.id),
        )[0];
      if (base) {
        builtOn.add(base.a.variant.id);
        const b = base.r.share;
        const leaning =
          b.low > target ? side.id : b.high < target && others.length === 1 ? others[0] : undefined;
        const next = leverVariants(base.a.variant.scenario, {
          levers,
          rulesets: options.rulesets,
          ...(leaning !== undefined ? { favoured: leaning } : {}),
        });
        for (const v of next.variants) {
          const id = `${base.a.variant.id}>${v.id}`;
          if (known.has(id)) continue;
          known.add(id);
          arms.push({
            variant: {
              id,
              changes: [...base.a.variant.changes, ...v.changes],
              scenario: v.scenario,
              prior: 0.8 * v.prior,
            },
            records: [],
            verdict: 'open',
          });
        }
        continue;
      }
    }
    if (open.length === 0 && combined) break;
    // When every single change has been played once and none is fair, try the best two together.
    if (!combined && (open.length === 0 || open.every((a) => a.records.length > 0))) {
      combined = true;
      if (arms.every((a) => a.verdict !== 'fair')) {
        const leads = arms
          .filter((a) => a.records.length > 0)
          .map((a) => ({ a, r: resultOf(a) }))
          .filter(({ r }) => towardTarget(r) && r.share.high < 1 && r.share.low > 0)
          .sort((x, y) => distance(x.r, target) - distance(y.r, target))
          .slice(0, 3);
        for (let i = 0; i < leads.length; i++)
          for (let j = i + 1; j < leads.length; j++) {
            const both = combineVariants(
              scenario,
              leads[i]!.a.variant,
              leads[j]!.a.variant,
              options.rulesets,
            );
            if (both) arms.push({ variant: { ...both, prior: 0.9 }, records: [], verdict: 'open' });
          }
      }
      continue;
    }
    // Where the next games go: unplayed variants by their prior, played ones by their chance of
    // being fair; a tie goes to the one with fewer games (more to learn), then the stable id.
    const score = (a: Arm) =>
      a.records.length === 0
        ? a.variant.prior * 0.6
        : chanceFair(resultOf(a).share, target, tolerance);
    const chosen = [...open]
      .sort(
        (a, b) =>
          score(b) - score(a) ||
          a.records.length - b.records.length ||
          a.variant.id.localeCompare(b.variant.id),
      )
      .slice(0, perStep);
    if (!(await step(chosen))) break;
  }
  stopped = stopped || isStopped();
  // The original as it stands now: topped up to a fair variant's games when the budget let it.
  const originalNow = resultOf(original);

  const tried = arms
    .filter((a) => a.records.length > 0)
    .map((a) => ({ arm: a, r: resultOf(a) }))
    .sort(
      (x, y) =>
        Number(y.r.verdict === 'fair') - Number(x.r.verdict === 'fair') ||
        distance(x.r, target) - distance(y.r, target) ||
        x.r.id.localeCompare(y.r.id),
    );
  const decisiveness = (r: VariantResult) => 100 * (r.decided.share - originalNow.decided.share);
  const fair = tried.filter((t) => t.r.verdict === 'fair');
  const offDecisive = (r: VariantResult) => Number(Math.abs(decisiveness(r)) > 10);
  // Among the fair, those whose games stay as decisive as the original's come first; without a
  // fair one, the open variants whose interval contains the target, likeliest fair first.
  const ranked =
    fair.length > 0
      ? [...fair].sort(
          (x, y) =>
            offDecisive(x.r) - offDecisive(y.r) ||
            distance(x.r, target) - distance(y.r, target) ||
            x.r.id.localeCompare(y.r.id),
        )
      : tried
          .filter(
            (t) => t.r.verdict === 'open' && t.r.share.low <= target && target <= t.r.share.high,
          )
          .sort(
            (x, y) =>
              chanceFair(y.r.share, target, tolerance) - chanceFair(x.r.share, target, tolerance) ||
              x.r.id.localeCompare(y.r.id),
          );
  ranked.splice(want);
  const suggestions: Suggestion[] = ranked.map((t) => ({
    ...t.r,
    scenario: t.arm.variant.scenario,
    decisivenessChange: decisiveness(t.r),
    moreGames: t.r.verdict === 'fair' ? 0 : gamesToTell(t.r, need),
    againstOriginal: qualityChanges(originalNow, t.r),
  }));
  const answer = fair.length > 0 ? 'suggestions' : suggestions.length > 0 ? 'closest' : 'none';
  return {
    ...base,
    original: originalNow,
    answer,
    moreGames: answer === 'closest' ? suggestions[0]!.moreGames : 0,
    suggestions,
    tried: tried.map((t) => t.r),
    skipped: made.skipped,
    absent: made.absent,
    games,
    stopped,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A share with its interval: "48.2% [41.0%, 55.5%] of 183". */
export function shareText(s: Share): string {
  return `${pct(s.share)} [${pct(s.low)}, ${pct(s.high)}] of ${s.of}`;
}

const points = (x: number) => (100 * x).toFixed(1).replace(/\.0$/, '');

/** How precisely games tell a share: "within ±4.1 pts after 600 games (512 decided)". */
export function precisionText(r: VariantResult): string {
  return `within ±${points(halfWidth(r.share))} pts after ${r.games} games (${r.share.of} decided)`;
}

/** A budget that would tell to the tolerance, rounded up to the hundred: "--budget-games 4300". */
export function budgetToTell(r: AdvisorReport): number {
  return Math.ceil((r.games + r.moreGames) / 100) * 100;
}

/** The advisor's answer as lines of text, for the command line and the bench. */
export function advisorLines(r: AdvisorReport): string[] {
  const lines: string[] = [];
  const o = r.original;
  const what = `${r.side.name}'s share of the decided games`;
  const tol = `±${points(r.tolerance)}`;
  lines.push(
    `${r.scenario}: ${what} ${shareText(o.share)} in ${o.games} games; decided ${pct(o.decided.share)}, draws ${pct(o.draws.share)}, mean ${o.meanTurns.toFixed(1)} turns`,
  );
  lines.push(
    `target ${pct(r.target)} ± ${pct(r.tolerance)} (about ${r.decidedNeeded} decided games tell a share that precisely); ${r.games} of ${r.budget} games played${r.stopped ? ' (stopped: the best so far)' : ''}`,
  );
  const raise = `raise --budget-games to about ${budgetToTell(r)} to reach ${tol}`;
  switch (r.answer) {
    case 'already fair':
      lines.push(
        `already fair: the interval contains ${pct(r.target)} and is ${precisionText(o)}; nothing to change`,
      );
      return lines;
    case 'undecided':
      lines.push(
        `not decided: the interval contains ${pct(r.target)}, so it may be fair as it is, but it is only ${precisionText(o)}; ${raise}. Nothing is proposed: no change can be shown fairer until then`,
      );
      return lines;
    case 'none':
      lines.push(
        r.tried.length > 0 && r.tried.every((t) => t.verdict === 'out')
          ? 'no suggestion: every variant tried was ruled out, so no change along these levers (one, or the best two together) makes it fair; try other levers or a larger change by hand'
          : r.tried.length > 0
            ? `no suggestion: ${r.tried.filter((t) => t.verdict === 'out').length} variants ruled out and ${r.tried.filter((t) => t.verdict === 'open').length} still open, none with ${pct(r.target)} in its interval; a larger --budget-games or other levers may find one`
            : 'no suggestion: no variant was played to an answer (see the levers below)',
      );
      break;
    case 'closest':
      lines.push(
        `no variant was confirmed fair to ${tol} pts within the budget; the leads, whose intervals contain ${pct(r.target)}: ${raise}`,
      );
      break;
    case 'suggestions':
      lines.push(
        `suggestions (each fair to ${tol} pts, played for the games its interval states):`,
      );
      break;
  }
  r.suggestions.forEach((s, k) => {
    const d = s.decisivenessChange;
    lines.push(
      `  ${k + 1}. ${s.change}: ${shareText(s.share)}; decided ${pct(s.decided.share)} (${d >= 0 ? '+' : ''}${d.toFixed(1)} points), draws ${pct(s.draws.share)}, mean ${s.meanTurns.toFixed(1)} turns; ${s.games} games`,
    );
    if (s.verdict !== 'fair')
      lines.push(
        `     not confirmed: ${precisionText(s)}; about ${s.moreGames} more games would tell it to ${tol}`,
      );
    const q = s.quality;
    const lead = q.leadChanges
      ? `; lead changes ${q.leadChanges.mean.toFixed(1)} a game, comebacks ${q.comebacks ? pct(q.comebacks.share) : '-'}`
      : '';
    lines.push(
      `     length ${q.length.p10}-${q.length.p50}-${q.length.p90} turns (10th-50th-90th percentile)${lead}`,
    );
    lines.push('     against the original:');
    for (const c of s.againstOriginal) lines.push(`       ${c.text}`);
  });
  const out = r.tried.filter((t) => t.verdict === 'out').length;
  const open = r.tried.filter((t) => t.verdict === 'open').length;
  lines.push(`variants tried: ${r.tried.length} (${out} ruled out, ${open} still open)`);
  for (const a of r.absent) lines.push(`  not tried: ${a.change}: ${a.why}`);
  if (r.skipped.length > 0)
    lines.push(
      `  ${r.skipped.length} change${r.skipped.length === 1 ? '' : 's'} skipped as invalid scenarios (first: ${r.skipped[0]!.change}: ${r.skipped[0]!.why})`,
    );
  return lines;
}
