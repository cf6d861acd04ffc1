import type { HexRef, ScenarioDoc } from '../../format';
import { hexDistance, hexLabel } from '../../hex';
import type { Explanation, OddsQuestion, RulesetExplain, SightEnd } from '../types';
import { createTankContext, type TankContext } from './rules/context';
import { assaultOdds, shotOdds } from './rules/fire';
import { sight } from './rules/los';
import { newTankGame } from './rules/reducer';
import type { TankState } from './rules/state';

/**
 * `sandtable los` and `sandtable odds` for a TANK! scenario: the units where the scenario puts
 * them at the start of the game (unspotted with Costello's revision, so a first shot takes the
 * +2 of TC-7.4), with the scenario's layers and readings. Every number is exact.
 */

const refusal = (message: string, exit: 1 | 2 = 2): Explanation => ({
  text: [message],
  json: { error: message },
  exit,
});
const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const sixths = (p: number) => `${Math.round(p * 6)}/6`;
const at = (h: HexRef) => `hex ${hexLabel(h.col, h.row)} (${h.col},${h.row})`;

function start(scenario: ScenarioDoc): { ctx: TankContext; state: TankState } | Explanation {
  const ctx = createTankContext(scenario);
  if (typeof ctx === 'string') return refusal(ctx, 1);
  return { ctx, state: newTankGame(ctx, 0) };
}

type End = { hex: HexRef; unit?: string; side?: string; name: string };

function place(ctx: TankContext, state: TankState, e: SightEnd): End | Explanation {
  if ('point' in e) {
    const [col, row] = e.point;
    if (!Number.isInteger(col) || !Number.isInteger(row))
      return refusal(
        `on a hex map a point is a hex: give column,row as whole numbers (got ${col},${row})`,
      );
    const hex = { col, row };
    if (!ctx.map.hex(ctx.map.toAxial(hex)))
      return refusal(`hex ${col},${row} is off the ${ctx.map.columns} × ${ctx.map.rows} map`);
    return { hex, name: at(hex) };
  }
  const info = ctx.units.get(e.unit);
  if (!info) return refusal(`no unit "${e.unit}" in the scenario`);
  const u = state.units[e.unit]!;
  return { hex: u.at!, unit: e.unit, side: info.side, name: `${info.name} at ${at(u.at!)}` };
}

function sightOf(scenario: ScenarioDoc, fromEnd: SightEnd, toEnd: SightEnd): Explanation {
  const s = start(scenario);
  if ('text' in s) return s;
  const { ctx, state } = s;
  const from = place(ctx, state, fromEnd);
  if ('text' in from) return from;
  const to = place(ctx, state, toEnd);
  if ('text' in to) return to;
  // Units friendly to the one looking block (TC-2.2, TC-A2); from a bare hex, no unit does.
  const held = new Set(
    ctx.order
      .filter(
        (id) =>
          from.side !== undefined &&
          (ctx.rules.options.blockingUnits === 'any' || ctx.units.get(id)!.side === from.side),
      )
      .map((id) => state.units[id]!.at)
      .filter((h): h is HexRef => h !== null)
      .map((h) => `${h.col},${h.row}`),
  );
  const r = sight(ctx.rules, ctx.map, from.hex, to.hex, (h) => held.has(`${h.col},${h.row}`));
  const level = (h: HexRef) => ctx.map.hex(ctx.map.toAxial(h))?.level ?? 0;
  const text: string[] = [
    `${r.visible ? 'VISIBLE' : 'BLOCKED'}: ${from.name}, level ${r.fromLevel} → ${to.name}, level ${r.toLevel}; range ${r.range} hexes`,
    ctx.rules.layers.costello
      ? `Rules: Costello's line of sight (TC-2): potential blocking hexes tested one by one, any one blocks (TC-2.9)`
      : `Rules: the base game's line of sight from the placeholder catalog (blocking terrain, a hex higher than both ends) (TC-G1)`,
    `Hexes crossed (${r.hexes.length}): ${r.hexes.map((h) => `${hexLabel(h.col, h.row)} L${level(h)}`).join(', ')}`,
  ];
  if (r.alongHexside)
    text.push(
      'The line runs along a hexside: it is blocked only if the hexes on both sides block (TC-G8).',
    );
  if (r.checks.length === 0) text.push('No potential blocking hex on the line (TC-2.1).');
  for (const c of r.checks) {
    const head = `  ${at(c.hex)}, level ${c.level}, ${c.why.join(' + ')}:`;
    if (c.case === 'sameLevel')
      text.push(
        `${head} both ends on level ${r.fromLevel}; it blocks unless at least one level lower than both → ${c.blocks ? 'blocks' : 'clear'} (${c.ruleId})`,
      );
    else if (c.case === 'adjacentLower')
      text.push(
        `${head} next to the lower unit: blocks whatever the table says (ED ${c.ed}, R ${c.R}, d ${c.d}) (${c.ruleId})`,
      );
    else if (c.case === 'edt')
      text.push(
        `${head} ED = L(high) + L(low) − 2 × L(block) = ${c.ed}; R = ${c.R}, d = ${c.d}; table row ${c.row} → ${c.blocks ? 'blocks' : 'clear'} (${c.ruleId})`,
      );
    else if (c.case === 'smoke')
      text.push(`${head} a smoke marker blocks sight through the hex → blocks (${c.ruleId})`);
    else
      text.push(
        `${head} ${c.why.includes('higher') ? 'higher than both ends' : 'blocking terrain'} → blocks (${c.ruleId})`,
      );
  }
  if (r.hullDown)
    text.push(
      `Hull-down: the line enters the target's hex through a ridge hexside: +2 defence for a vehicle (TC-1.2, TC-A1)`,
    );
  if (r.blockedBy) text.push(`Blocked at ${at(r.blockedBy.hex)} (${r.blockedBy.ruleId}).`);
  return {
    text,
    json: {
      visible: r.visible,
      from: { ...from.hex, level: r.fromLevel, ...(from.unit ? { unit: from.unit } : {}) },
      to: { ...to.hex, level: r.toLevel, ...(to.unit ? { unit: to.unit } : {}) },
      range: r.range,
      hexes: r.hexes.map((h) => ({ ...h, level: level(h) })),
      checks: r.checks,
      blockedBy: r.blockedBy ?? null,
      alongHexside: r.alongHexside,
      hullDown: r.hullDown,
      ruleId: r.ruleId,
    },
    exit: r.visible ? 0 : 1,
  };
}

const KINDS = ['DF', 'DF-P', 'SMF', 'DF-CA', 'IF'] as const;

/** What else indirect fire does after its roll: a building may fall (TC-1.3); base-game panic (OT-G5). */
function ifAfterEffects(ctx: TankContext, urban: boolean, he: number, panicPct: number): string[] {
  const out: string[] = [];
  const fall = [...ctx.rules.buildingCollapse].reverse().find((r) => r.heMin <= he);
  if (urban && fall)
    out.push(
      `The building may fall: rubble on a d6 of 1-${fall.collapseMax} with HE ${he}, scattering into a street by the rubbleScatter table (placeholder, TC-1.3, TC-G5)`,
    );
  const die = ctx.rules.constants['panicDie'];
  if (!ctx.rules.layers.costello && die !== undefined) {
    const upTo = Math.floor((panicPct * die) / 100);
    out.push(
      `Panic (placeholder, OT-G5): each unit left in the hex panics on a d${die} of ${upTo > 0 ? `1-${upTo}` : 'none'} (panic ${panicPct}%) and runs ${ctx.rules.constants['panicMoveHexes'] ?? 0} hexes; a pinned one stays (OT-32.81)`,
    );
  }
  return out;
}

function oddsOf(scenario: ScenarioDoc, q: OddsQuestion): Explanation {
  const s = start(scenario);
  if ('text' in s) return s;
  const { ctx, state } = s;
  const shooter = ctx.units.get(q.shooter);
  const target = ctx.units.get(q.target);
  if (!shooter) return refusal(`no unit "${q.shooter}" in the scenario`);
  if (!target) return refusal(`no unit "${q.target}" in the scenario`);
  const kind = (q.indirect ? 'IF' : (q.weapon ?? (shooter.mortar ? 'IF' : 'DF'))).toUpperCase();
  if (!(KINDS as readonly string[]).includes(kind))
    return refusal(
      `--weapon is one of ${KINDS.join(', ')} (the TANK! missions that attack); got "${q.weapon}"`,
    );
  const su = state.units[q.shooter]!;
  const tu = state.units[q.target]!;
  const sides = ctx.rules.constants['dieSides'] ?? 6;
  if (kind === 'IF') {
    if (!shooter.mortar)
      return refusal(`${shooter.name} is no mortar: only mortars fire indirectly (TC-4.4)`, 1);
    const r = hexDistance(ctx.map.toAxial(su.at!), ctx.map.toAxial(tu.at!));
    if (r < shooter.rangeMin || r > shooter.range)
      return refusal(
        `${target.name} is ${r} hexes away; ${shooter.name} reaches ${shooter.rangeMin}-${shooter.range} (TC-4.2)`,
        1,
      );
    const beyond = r > shooter.mortar.effective;
    const he = beyond
      ? Math.ceil(shooter.he * (ctx.rules.constants['beyondEffectiveFactor'] ?? 0.5))
      : shooter.he;
    const hex = ctx.map.hex(ctx.map.toAxial(tu.at!))!;
    const column = hex.urban || hex.terrain === 'rubble' ? 'urban' : hex.woods ? 'woods' : 'clear';
    const row = [...ctx.rules.ifCrt].reverse().find((x) => x.heMin <= he);
    const t = row?.cells[column] ?? null;
    const p = t === null ? 0 : Math.max(0, Math.min(sides, t)) / sides;
    const effect = target.soft ? ctx.rules.ifEffects.soft : ctx.rules.ifEffects.vehicle;
    return {
      text: [
        `IF ${shooter.name} → ${at(tu.at!)} (${target.name}): ${r} hexes; HE ${shooter.he}${beyond ? ` halved beyond ${shooter.mortar.effective} hexes, rounded up: ${he} (TC-4.3)` : ''}`,
        `Lands ${shooter.mortar.delay} turns after the call (TC-4.4, TC-A8); the HE of every call on the hex is added (TC-4.7)`,
        `IF CRT (placeholder, TC-G3): row HE ≥ ${row?.heMin ?? '—'}, column ${column}: cell ${t === null ? '"."' : `1-${t}`}`,
        `Die modifiers: none`,
        `Chances for ${target.name}: ${effect} ${sixths(p)} (${pct(p)}), no effect ${sixths(1 - p)} (${pct(1 - p)})`,
        ...ifAfterEffects(ctx, hex.urban, he, target.panicPct),
      ],
      json: {
        kind,
        range: r,
        he,
        column,
        heMin: row?.heMin ?? null,
        threshold: t,
        mods: [],
        outcomes: { [effect]: p, noEffect: 1 - p },
      },
      exit: 0,
    };
  }
  if (kind === 'DF-CA') {
    if (shooter.cls !== 'infantry')
      return refusal(`${shooter.name} is not infantry: only infantry close assault (OT-32.11)`, 1);
    if (hexDistance(ctx.map.toAxial(su.at!), ctx.map.toAxial(tu.at!)) !== 1)
      return refusal(`${target.name} is not next to ${shooter.name} (OT-32.11)`, 1);
    const o = assaultOdds(ctx, state, 1, q.target);
    return {
      text: [
        `DF-CA ${shooter.name} → ${target.name}: 1 assaulter against 1 defender, differential ${o.differential} on the CRT row ≤ ${o.rowMax} hexes (OT-32.11, OT-A7); terrain and aspect ignored`,
        `CRT cell: ${o.threshold === null ? '"." (no effect)' : `1-${o.threshold}`} (placeholder CRT, OT-G1)`,
        `Die modifiers: ${o.mods.length ? o.mods.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label} (${m.ruleId})`).join(', ') : 'none'}`,
        `Chances: ${target.soft ? 'eliminated' : 'destroyed'} ${sixths(o.p)} (${pct(o.p)}), no effect ${sixths(1 - o.p)}; ${o.autoPin ? 'pinned whatever the roll' : 'no automatic pin (a vehicle plotted to spend 6 MP or more)'} (OT-32.11)`,
      ],
      json: {
        kind,
        differential: o.differential,
        rowMax: o.rowMax,
        threshold: o.threshold,
        mods: o.mods,
        autoPin: o.autoPin,
        outcomes: { [target.soft ? 'eliminated' : 'destroyed']: o.p, noEffect: 1 - o.p },
      },
      exit: 0,
    };
  }
  const o = shotOdds(ctx, state, [q.shooter], q.target, kind as 'DF' | 'DF-P' | 'SMF');
  if (!o.legal)
    return {
      text: [`${kind} ${shooter.name} → ${target.name}: cannot fire: ${o.reason} (${o.ruleId})`],
      json: { kind, legal: false, reason: o.reason, ruleId: o.ruleId },
      exit: 1,
    };
  const outcomes: Record<string, number> = {};
  for (const [k, v] of Object.entries(o.odds)) if (v > 0) outcomes[k] = v;
  const cell =
    o.threshold === null
      ? '"." (no effect)'
      : o.threshold >= 1
        ? `1-${o.threshold}`
        : `${o.threshold} (a "." read as OT-32.8 extends it, OT-A1)`;
  return {
    text: [
      `${kind} ${shooter.name} → ${target.name}: range ${o.range} hexes, line of sight clear${o.sight?.hullDown ? ', target hull-down' : ''}`,
      `Attack ${o.attackLabel} ${o.attack} − defence ${o.defence} (${o.defenceParts.map((p) => `${p.label} ${p.value} [${p.ruleId}]`).join(' + ')}) = differential ${o.differential}`,
      `CRT cell: row ≤ ${o.rowMax} hexes, column ${o.differential}: ${cell} (placeholder CRT, OT-G1)`,
      `Die modifiers: ${o.mods.length ? o.mods.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label} (${m.ruleId})`).join(', ') : 'none'}`,
      ...(o.killMax !== undefined
        ? [
            `Soft target: adjusted rolls 1-${o.killMax} eliminate, ${o.killMax + 1}-${o.threshold} pin (OT-32.9, OT-A4)`,
          ]
        : []),
      `Chances (d${sides}, success when the adjusted roll is at most the cell): ${Object.entries(
        outcomes,
      )
        .map(([k, v]) => `${k} ${sixths(v)} (${pct(v)})`)
        .join(', ')}`,
    ],
    json: {
      kind,
      legal: true,
      range: o.range,
      rowMax: o.rowMax,
      attack: o.attack,
      defence: o.defence,
      defenceParts: o.defenceParts,
      differential: o.differential,
      threshold: o.threshold,
      mods: o.mods,
      killMax: o.killMax ?? null,
      hullDown: o.sight?.hullDown ?? false,
      outcomes,
    },
    exit: 0,
  };
}

export const tankExplain: RulesetExplain = { sight: sightOf, odds: oddsOf };
