import type { ScenarioDoc } from '../../format';
import type { Explanation, OddsQuestion, RulesetExplain, SightEnd } from '../types';
import { TANKS_BUNDLED } from './catalogs';
import {
  attacksOf,
  createContext,
  info,
  isRefused,
  newGame,
  ODDS_POLICY,
  oddsOf,
  planShot,
  sightBetween,
  type TanksContext,
  type TanksState,
  type Weapon,
} from './rules';

/**
 * `sandtable los` and `sandtable odds` for a TANKS scenario: the models at their scenario
 * positions, Stationary (no Speed tokens), at the start of the game. Odds are exact (rules/odds.ts)
 * and state the allocation and re-roll policy they assume.
 */

const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const refusal = (message: string, exit: 1 | 2 = 2): Explanation => ({
  text: [message],
  json: { error: message },
  exit,
});

type Start = { ctx: TanksContext; state: TanksState } | Explanation;

function start(scenario: ScenarioDoc): Start {
  const ctx = createContext(scenario, TANKS_BUNDLED);
  if (typeof ctx === 'string') return refusal(ctx, 1);
  return { ctx, state: newGame(ctx, { seed: 0 }) };
}

/** A model on the table, or why the question cannot be answered. */
function placed(ctx: TanksContext, state: TanksState, end: SightEnd): string | Explanation {
  if ('point' in end)
    return refusal(
      'TANKS draws sight from model to model (turret, hull front or stem to a hull or base, TK-5.2): give unit ids, not points',
    );
  if (!ctx.models.has(end.unit)) return refusal(`no model "${end.unit}" in the scenario`);
  if (!state.models[end.unit]!.at)
    return refusal(
      `${info(ctx, end.unit).name} has no position in the scenario: it is placed at deployment (TK-2.5)`,
      1,
    );
  return end.unit;
}

function sight(scenario: ScenarioDoc, fromEnd: SightEnd, toEnd: SightEnd): Explanation {
  const s = start(scenario);
  if ('text' in s) return s;
  const { ctx, state } = s;
  const from = placed(ctx, state, fromEnd);
  if (typeof from !== 'string') return from;
  const to = placed(ctx, state, toEnd);
  if (typeof to !== 'string') return to;
  const r = sightBetween(ctx, state, from, to);
  const distance = Math.hypot(r.to.x - r.from.x, r.to.y - r.from.y);
  const text = [
    `${r.visible ? 'visible' : 'blocked'}: ${info(ctx, from).name} sees from ${r.eyeFrom} [${r.ruleId}]`,
    r.blockedBy
      ? `blocked by ${r.blockedBy.kind} ${r.blockedBy.name} at ${round(r.blockedBy.at, 2)}" [${r.blockedBy.ruleId}]`
      : `line to (${round(r.to.x, 2)}, ${round(r.to.y, 2)}), ${round(distance, 2)}"`,
    `cover: ${r.coverText} [${r.coverRuleId}]`,
    ...r.corners.map(
      (c, k) =>
        `  corner ${k + 1} (${round(c.corner.x, 2)}, ${round(c.corner.y, 2)}): ${c.clear ? 'clear' : `not clear (${c.by})`}`,
    ),
    ...(r.ignored.length
      ? [`ignores ${r.ignored.join(', ')}, the terrain it stands in [TK-A6]`]
      : []),
    ...(r.highFlyer ? ['a high-flying helicopter sees and is seen by all [TK-5.4]'] : []),
    ...(r.crossed.length ? ['terrain crossed:', ...r.crossed.map((c) => `  ${c}`)] : []),
    ...(ctx.terrainPool.length
      ? [
          `not on the table: ${ctx.terrainPool.map((p) => p.name).join(', ')}, which the players place in the game [TK-2.2]`,
        ]
      : []),
  ];
  return {
    text,
    json: {
      visible: r.visible,
      ruleId: r.ruleId,
      from: [round(r.from.x), round(r.from.y)],
      to: [round(r.to.x), round(r.to.y)],
      distance: round(distance),
      blockedBy: r.blockedBy
        ? {
            id: r.blockedBy.id,
            name: r.blockedBy.name,
            kind: r.blockedBy.kind,
            at: round(r.blockedBy.at),
            ruleId: r.blockedBy.ruleId,
          }
        : null,
      cover: r.cover,
      coverRuleId: r.coverRuleId,
      coverText: r.coverText,
      corners: r.corners.map((c) => ({
        corner: [round(c.corner.x), round(c.corner.y)],
        clear: c.clear,
        by: c.by ?? null,
      })),
      ignored: r.ignored,
      highFlyer: r.highFlyer,
      crossed: r.crossed,
      notPlaced: ctx.terrainPool.map((p) => p.id),
    },
    exit: r.visible ? 0 : 1,
  };
}

const WEAPONS: readonly Weapon[] = ['gun', 'missiles', 'rapidFire'];

function odds(scenario: ScenarioDoc, q: OddsQuestion): Explanation {
  if (q.ammo !== undefined) return refusal('TANKS models have no ammunition choice (drop --ammo)');
  if (q.indirect)
    return refusal('TANKS has no indirect fire: every shot needs a line of sight (TK-5.1)');
  const s = start(scenario);
  if ('text' in s) return s;
  const { ctx, state } = s;
  const shooter = placed(ctx, state, { unit: q.shooter });
  if (typeof shooter !== 'string') return shooter;
  const target = placed(ctx, state, { unit: q.target });
  if (typeof target !== 'string') return target;
  const [base, extra] = (q.weapon ?? '').split(':');
  if (q.weapon && (!WEAPONS.includes(base as Weapon) || (extra !== undefined && extra !== 'boost')))
    return refusal(
      `weapon "${q.weapon}" is not a TANKS attack: gun, missiles or rapidFire (add ":boost" to spend once-a-game dice)`,
    );
  const asked: { weapon: Weapon; boost: boolean }[] = q.weapon
    ? [{ weapon: base as Weapon, boost: extra === 'boost' }]
    : attacksOf(ctx, state, shooter).map((w) => ({ weapon: w, boost: false }));
  const answers = asked.map(({ weapon, boost }) => {
    const plan = planShot(ctx, state, shooter, target, weapon, boost);
    if (isRefused(plan))
      return { weapon, refused: { reason: plan.refused, ruleId: plan.ruleId } } as const;
    const o = oddsOf(ctx, state, plan);
    return {
      weapon,
      boost,
      attackDice: plan.attack.dice,
      attack: {
        pool: plan.attack.label,
        modifiers: plan.attack.modifiers,
        hitOn: plan.attack.hitOn,
        criticalOn: plan.attack.criticalOn,
        stationaryReroll: plan.attack.stationary,
        rerolls: plan.attack.rerolls,
        brutal: plan.attack.brutal,
        splitCriticals: plan.attack.splitCriticals,
        ruleId: plan.attack.ruleId,
      },
      defencePool: plan.defence.dice,
      defence: {
        base: plan.defence.base,
        modifiers: plan.defence.modifiers,
        raw: plan.defence.raw,
      },
      cover: plan.sight.cover,
      coverText: plan.sight.coverText,
      closeRange: plan.closeRange,
      gap: round(plan.gap),
      sideShot: plan.sideShot,
      outcomes: o.outcomes.map((x) => ({ hits: x.hits, criticals: x.criticals, p: x.p })),
      expectedHits: o.expectedHits,
      expectedCriticals: o.expectedCriticals,
      pNoEffect: o.pNoEffect,
      expectedDamage: o.expectedDamage,
      pDestroyed: o.pDestroyed,
    };
  });
  const text: string[] = [
    `${info(ctx, shooter).name} shoots ${info(ctx, target).name} (both as placed, Stationary; odds are exact)`,
  ];
  for (const a of answers) {
    if ('refused' in a && a.refused) {
      text.push(`${a.weapon}: cannot shoot: ${a.refused.reason} [${a.refused.ruleId}]`);
      continue;
    }
    if ('refused' in a) continue;
    text.push(
      `${a.weapon}${a.boost ? ' (once-a-game dice)' : ''}: ${a.attack.pool} [${a.attack.ruleId}]`,
    );
    text.push(`  attack dice ${a.attackDice}:`);
    for (const m of a.attack.modifiers)
      text.push(`    ${m.value >= 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]`);
    text.push(
      `    Hit on ${a.attack.hitOn.join(', ') || 'nothing'}, Critical on ${a.attack.criticalOn.join(', ') || 'nothing'}${a.attack.stationaryReroll ? '; Stationary: failed dice re-rolled [TK-6.5]' : ''}${a.attack.rerolls.map((r) => `; ${r.label} re-rolls ${r.value} [${r.ruleId}]`).join('')}${a.attack.brutal ? '; Brutal [TK-6.11]' : ''}`,
    );
    text.push(
      `  defence dice ${a.defencePool} (base Defence ${a.defence.base}, raw ${a.defence.raw}, 0 to 6) [TK-6.6]:`,
    );
    for (const m of a.defence.modifiers)
      text.push(`    ${m.value >= 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]`);
    text.push(`  cover: ${a.coverText}`);
    text.push('  uncancelled Hits and Criticals:');
    for (const x of a.outcomes)
      text.push(`    ${x.hits} Hit(s), ${x.criticals} Critical(s): ${pct(x.p)}`);
    text.push(
      `  expected Hits ${round(a.expectedHits, 3)}, Criticals ${round(a.expectedCriticals, 3)}, damage ${round(a.expectedDamage, 3)}; no effect ${pct(a.pNoEffect)}; destroyed by this shot ${pct(a.pDestroyed)}`,
    );
  }
  text.push(`policy: ${ODDS_POLICY.join('; ')}`);
  const first = answers.find((a) => !('refused' in a));
  return {
    text,
    json: {
      shooter,
      target,
      ...(first && !('refused' in first) ? first : {}),
      weapons: answers,
      policy: ODDS_POLICY,
    },
    exit: first ? 0 : 1,
  };
}

/** What `sandtable los` and `sandtable odds` print for a TANKS scenario. */
export const tanksExplain: RulesetExplain = { sight, odds };
