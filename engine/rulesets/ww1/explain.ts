import type { ScenarioDoc } from '../../format';
import { withEntry } from '../../game/dict';
import type { Explanation, OddsQuestion, RulesetExplain, SightEnd } from '../types';
import { WW1_BUNDLED } from './catalogs';
import { ww1Context, type Ww1Context } from './game';
import { battleOdds } from './rules/odds';
import {
  cellDistance,
  cellKey,
  hexName,
  planBattle,
  setUpWw1,
  sightBlock,
  sightLine,
  specOf,
  type Ww1State,
} from './rules/turn';

/**
 * `sandtable los` and `sandtable odds` for a WWI scenario: the units at their scenario positions
 * at the start of the game, the shooter taken as ordered in its side's battle phase. `--weapon`
 * names a combat card played with the battle (Butt & Bayonet: ww1.card.buttAndBayonet).
 */

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const refusal = (message: string, exit: 1 | 2 = 2): Explanation => ({
  text: [message],
  json: { error: message },
  exit,
});

function start(scenario: ScenarioDoc): { ctx: Ww1Context; state: Ww1State } | Explanation {
  const ctx = ww1Context(scenario, WW1_BUNDLED);
  if (typeof ctx === 'string') return refusal(ctx, 1);
  const made = setUpWw1(scenario, ctx.rules, 0);
  if (!made.ok) return refusal(made.reason, 1);
  return { ctx, state: made.state };
}

const named = (ctx: Ww1Context, id: string) => `${ctx.names.get(id) ?? id} (${id})`;

function unitOf(state: Ww1State, end: SightEnd): string | Explanation {
  if ('point' in end)
    return refusal('WWI draws sight from hex to hex between units (WW-G6): give unit ids');
  if (!state.units[end.unit]) return refusal(`no unit "${end.unit}" in the scenario`);
  return end.unit;
}

function sight(scenario: ScenarioDoc, fromEnd: SightEnd, toEnd: SightEnd): Explanation {
  const s = start(scenario);
  if ('text' in s) return s;
  const { ctx, state } = s;
  const from = unitOf(state, fromEnd);
  if (typeof from !== 'string') return from;
  const to = unitOf(state, toEnd);
  if (typeof to !== 'string') return to;
  const a = state.units[from]!.at;
  const z = state.units[to]!.at;
  const b = ctx.board;
  const block = sightBlock(b, state, a, z);
  const distance = cellDistance(b, a, z);
  const line = sightLine(b, a, z, 'left').map(cellKey);
  const other = sightLine(b, a, z, 'right').map(cellKey);
  return {
    text: [
      `${block ? 'blocked' : 'visible'}: ${named(ctx, from)} at ${hexName(a)} to ${named(ctx, to)} at ${hexName(z)}, ${distance} hexes [WW-G6]`,
      `line through ${line.join(' ')}${other.join() !== line.join() ? ` (or ${other.join(' ')} where it runs along a hexside)` : ''}`,
      block
        ? `blocked by ${block.what} at ${hexName(block.at)} on every path [WW-G6]`
        : 'no blocking terrain or unit between them on at least one path',
    ],
    json: {
      visible: !block,
      distance,
      from: cellKey(a),
      to: cellKey(z),
      hexes: line,
      ...(other.join() !== line.join() ? { otherHexes: other } : {}),
      blockedBy: block ? { at: cellKey(block.at), what: block.what, ruleId: 'WW-G6' } : null,
      ruleId: 'WW-G6',
    },
    exit: block ? 1 : 0,
  };
}

function odds(scenario: ScenarioDoc, q: OddsQuestion): Explanation {
  if (q.ammo !== undefined) return refusal('WWI units have no ammunition choice (drop --ammo)');
  if (q.indirect) return refusal('WWI battles need range and sight; there is no indirect fire');
  const s = start(scenario);
  if ('text' in s) return s;
  const { ctx } = s;
  let state = s.state;
  const b = ctx.board;
  const shooter = state.units[q.shooter];
  if (!shooter) return refusal(`no unit "${q.shooter}" in the scenario`);
  const target = state.units[q.target];
  if (!target) return refusal(`no unit "${q.target}" in the scenario`);
  if (q.weapon !== undefined && !b.rules.combats[q.weapon])
    return refusal(
      `--weapon names a combat card played with the battle; "${q.weapon}" is not one (${Object.keys(b.rules.combats).join(', ')})`,
    );
  // The shooter's side is in its battle phase, holding the combat card asked about.
  state = {
    ...state,
    active: shooter.side,
    phase: 'battle',
    ...(q.weapon !== undefined
      ? {
          combat: {
            ...state.combat,
            hands: withEntry(state.combat.hands, shooter.side, [q.weapon]),
          },
        }
      : {}),
  };
  delete (state as { card?: string }).card;
  const p = planBattle(b, state, q.shooter, q.target, q.weapon, true);
  if (!p.ok)
    return {
      text: [`cannot battle: ${p.reason}`],
      json: { legal: false, reason: p.reason, ruleId: p.ruleId ?? null },
      exit: 1,
    };
  const plan = p.plan;
  const o = battleOdds(b, state, q.target, plan);
  const tank = specOf(b, shooter).cls === 'tank';
  const faces = b.rules.faces;
  const hitFaces = faces.filter((f) => plan.hitSymbols.includes(f)).length;
  const flagFaces = faces.filter((f) => f === b.rules.flag).length;
  const text = [
    `${named(ctx, q.shooter)} ${plan.close ? 'close combats' : 'fires at'} ${named(ctx, q.target)}, ${plan.distance} hex${plan.distance === 1 ? '' : 'es'} [${plan.ruleIds.join(', ')}]`,
    `dice: ${plan.baseDice} (${plan.close ? 'close combat dice' : `ranged dice at ${plan.distance} hexes`}) [WW-G2]`,
    ...plan.diceModifiers.map(
      (m) => `  ${m.value >= 0 ? '+' : '-'} ${Math.abs(m.value)} ${m.label} [${m.ruleId}]`,
    ),
    `  = ${plan.dice} dice`,
    `hits on ${plan.hitSymbols.join(', ')}: ${hitFaces} of ${faces.length} faces; a ${b.rules.flag} on ${flagFaces} of ${faces.length} [WW-G4]`,
    `flags ignored: ${plan.ignorable}${plan.flagModifiers.length ? ` (${plan.flagModifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]`).join(', ')})` : ''}`,
    'hits:',
    ...o.hits.map((p, k) => `  ${k}: ${pct(p)}`),
    'flags rolled:',
    ...o.flags.map((p, k) => `  ${k}: ${pct(p)}`),
    `expected hits ${o.expectedHits.toFixed(2)}; eliminated ${pct(o.pEliminated)}; hex vacated ${pct(o.pVacated)}${tank && plan.close ? ' (the tank then gains ground, WW-6.2, unless WW-6.3 forbids it)' : ''}`,
  ];
  return {
    text,
    json: {
      legal: true,
      close: plan.close,
      distance: plan.distance,
      baseDice: plan.baseDice,
      dice: plan.dice,
      modifiers: plan.diceModifiers,
      flagIgnores: plan.ignorable,
      flagModifiers: plan.flagModifiers,
      hitSymbols: plan.hitSymbols,
      ruleIds: plan.ruleIds,
      card: plan.card?.id ?? null,
      pHit: round(o.pHit),
      pFlag: round(o.pFlag),
      hits: o.hits.map(round),
      flags: o.flags.map(round),
      expectedHits: round(o.expectedHits),
      pEliminated: round(o.pEliminated),
      pVacated: round(o.pVacated),
    },
    exit: 0,
  };
}

export const ww1Explain: RulesetExplain = { sight, odds };
