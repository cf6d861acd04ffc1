import { defineView } from '../../../playtest/viewBase';
import {
  hexDistance,
  hexLabel,
  hexNeighbour,
  hexNeighbours,
  type HexDirection,
} from '../../../hex';
import { hexText } from './hexText';
import type { GameAction } from '../../../game/gameDef';
import type {
  CounterView,
  FirePreview,
  HexCell,
  HexPlaytestView,
  MovePlan,
  ObjectiveView,
  PhaseInfo,
  ReachView,
  ScoreLine,
  UnitCommand,
  WeaponChoice,
} from '../../../playtest/view';
import { reachable } from '../bot';
import type { TankGame } from '../game';
import type { TankContext } from '../rules/context';
import { assaultOdds, dugIn, entrenchTurns, plotOf, shotOdds, sightFor } from '../rules/fire';
import {
  allowance,
  allowedFacings,
  carryCapacity,
  checkFallback,
  checkPlot,
  reverseSides,
  ridersOf,
  unitsAt,
} from '../rules/plot';
import type { Mission, Plot, TankAction, TankEvent } from '../rules/state';
import type { TankPlayState } from '../steps';
import { plotWords, stepLabel } from './log';
import { sightView } from './sight';
import { contextFor, describeFor, hiddenLabel, resolvePrompt } from './steps';

const GLYPH: Record<string, string> = { vehicle: 'T', infantry: 'I', atGun: 'G', team: 'W' };

export { sightView };

const pct = (p: number) => `${Math.round(p * 1000) / 10}%`;

/** The playtest view of a TANK! game on the hex board. */
export function tankView(
  ctx: TankContext,
  game: TankGame,
): HexPlaytestView<TankPlayState, TankEvent> {
  const reduceOk = (s: TankPlayState, a: TankAction) => game.reduce(s, a).ok;
  const phases = ctx.rules.sequence
    .filter((s) => s !== 'MT_DT' && (s !== 'MORALE' || ctx.rules.layers.costello))
    .map((id) => ({ id, label: id === 'PLOT' ? 'Plot' : stepLabel(id) }));
  const pendingOf = (s: TankPlayState, side: string) =>
    ctx.order.filter((id) => {
      const i = ctx.units.get(id)!;
      const u = s.units[id]!;
      return i.side === side && u.alive && u.at !== null && !s.plots[side]?.[id];
    });
  // The hexes a rider may dismount into: its carrier's and the ones next to it (OT-32.8 (8)).
  const dismountHexes = (s: TankPlayState, unit: string): HexCell[] => {
    const carrier = s.units[unit]?.carriedBy;
    const at = carrier ? s.units[carrier]?.at : undefined;
    if (!at) return [];
    const around = hexNeighbours(ctx.map.toAxial(at))
      .filter((a) => ctx.map.hex(a))
      .map((a) => ctx.map.toRef(a));
    return [at, ...around];
  };
  const plotAction = (unit: string, plot: Plot): TankAction => ({
    type: 'plot',
    unit,
    mission: plot.mission,
    ...(plot.target ? { target: plot.target } : {}),
    ...(plot.hex ? { at: [plot.hex.col, plot.hex.row] as const } : {}),
    ...(plot.path ? { path: plot.path.map((h) => [h.col, h.row] as const) } : {}),
    ...(plot.facing !== undefined ? { facing: plot.facing } : {}),
  });
  const command = (
    s: TankPlayState,
    unit: string,
    id: string,
    label: string,
    plot: Plot,
    ruleId: string,
  ): UnitCommand => {
    const c = checkPlot(ctx, s, unit, plot);
    return {
      id,
      label,
      action: c.ok ? (plotAction(unit, plot) as unknown as GameAction) : undefined,
      ...(c.ok ? {} : { disabledReason: hexText(c.reason) }),
      ruleId: c.ok ? ruleId : c.ruleId,
    };
  };

  const view: HexPlaytestView<TankPlayState, TankEvent> = defineView<
    TankPlayState,
    TankEvent,
    'hex'
  >({
    board: 'hex',
    game,
    label: 'TANK!',
    table: { width: ctx.map.columns, height: ctx.map.rows },
    phase(s): PhaseInfo {
      if (s.resolving) {
        // Every side has plotted; the person who asked plays the steps (the prompt for everybody).
        const prompt = resolvePrompt(ctx, game, s, null);
        const current = prompt.steps[Math.max(0, prompt.done - 1)];
        return {
          turn: s.turn,
          turnLimit: s.turnLimit,
          phase: prompt.done > 0 && current ? current.id : 'PLOT',
          phaseLabel: 'Resolution',
          phaseRuleId: ctx.rules.layers.costello ? 'TC-3' : 'OT-G7',
          phases,
          waitingFor: [s.resolving.by],
          todo: Object.fromEntries(
            ctx.sides.map((side) => [
              side,
              side === s.resolving!.by
                ? [
                    `${prompt.steps.length - prompt.done} of ${prompt.steps.length} steps left to resolve`,
                  ]
                : [],
            ]),
          ),
          prompt,
          over: false,
        };
      }
      const waiting = s.phase === 'over' ? [] : ctx.sides.filter((x) => !s.done.includes(x));
      const todo: Record<string, string[]> = {};
      for (const side of ctx.sides) {
        const n = pendingOf(s, side).length;
        todo[side] = s.done.includes(side)
          ? []
          : n
            ? [`${n} unit${n > 1 ? 's' : ''} without a plot (they hold)`]
            : [];
      }
      const first = waiting[0];
      return {
        turn: s.turn,
        turnLimit: s.turnLimit,
        phase: s.phase === 'over' ? 'over' : 'PLOT',
        phaseLabel: s.phase === 'over' ? 'Game over' : 'Plot missions',
        phaseRuleId: ctx.rules.layers.costello ? 'TC-3' : 'OT-G7',
        phases,
        waitingFor: waiting,
        todo,
        prompt:
          s.phase === 'over' || !first
            ? { kind: 'wait', for: [] }
            : { kind: 'plot', pending: pendingOf(s, first) },
        over: s.phase === 'over',
      };
    },
    counters(s, viewer): CounterView<'hex'>[] {
      const out: CounterView<'hex'>[] = [];
      const known = contextFor(ctx, s, viewer);
      const nameFor = (x: string) => known.units.get(x)?.name ?? x;
      for (const id of ctx.order) {
        const i = ctx.units.get(id)!;
        const u = s.units[id]!;
        if (!u.at) continue;
        if (!u.alive && (i.dummy || i.soft)) continue;
        const own = viewer === null || viewer === i.side;
        const hidden = !own && ctx.rules.layers.costello && !u.spotted;
        const plot = own && s.phase === 'plot' && viewer !== null ? plotOf(ctx, s, id) : undefined;
        const status: string[] = [];
        if (!u.alive) status.push('destroyed');
        if (u.pinned) status.push('pinned');
        if (ctx.rules.layers.costello) status.push(u.spotted ? 'spotted' : 'unspotted');
        if (own && u.marks.length) status.push(`morale: ${u.marks.join(', ')}`);
        if (u.retreating) status.push('retreating');
        if (u.carriedBy) status.push(`riding ${nameFor(u.carriedBy)}`);
        const riders = i.cls === 'vehicle' ? ridersOf(ctx, s, id) : [];
        if (riders.length) status.push(`carrying ${riders.map(nameFor).join(', ')}`);
        if (own && i.dummy) status.push('dummy');
        if (u.mMarker) status.push('M marker: fired or moved last step (easier to spot)');
        const need = entrenchTurns(ctx);
        if (u.entrench && need !== undefined)
          status.push(
            dugIn(ctx, u)
              ? 'dug in: an Improved Position for it'
              : `digging in (${u.entrench.turns} of ${need} turns)`,
          );
        if (plot) status.push(`plot: ${plotWords(ctx, plot)}`);
        const badges: string[] = [];
        if (u.pinned) badges.push('P');
        if (dugIn(ctx, u)) badges.push('IP');
        if (own && u.marks.length) badges.push('M');
        if (ctx.rules.layers.costello && !u.spotted) badges.push('?');
        const kind = !u.alive
          ? 'wreck'
          : i.cls === 'vehicle'
            ? 'vehicle'
            : i.cls === 'atGun'
              ? 'gun'
              : 'figure';
        const look = hidden ? hiddenLabel(i) : i.name;
        out.push({
          id,
          side: i.side,
          label: hidden ? look : `${i.name}${own && i.dummy ? ' (dummy)' : ''}`,
          glyph: hidden ? '?' : i.dummy && own ? 'D' : (GLYPH[i.cls] ?? '?'),
          kind,
          formation: u.platoon ?? `${i.side}.independent`,
          formationLabel: u.platoon
            ? (ctx.platoons.get(u.platoon)?.name ?? u.platoon)
            : 'independent',
          at: u.at,
          facing: u.facing,
          turret: undefined,
          size: { length: 1, width: 1 },
          embarkedIn: u.carriedBy,
          passengers: riders,
          status,
          badges,
          moved: plot?.path ? Math.min(1, plot.path.length / Math.max(1, i.ma)) : 0,
          alive: u.alive,
        });
      }
      return out;
    },
    objectives(s): ObjectiveView[] {
      if (!ctx.hold) return [];
      return [
        {
          id: 'hold',
          name: ctx.hold.name,
          owner: ctx.hold.side,
          area: { shape: 'hexes', hexes: [...ctx.hold.hexes] },
          known: true,
          revealed: true,
          held: s.held,
          needed: ctx.hold.turns,
          text: `${ctx.sideNames.get(ctx.hold.side)} must hold it ${ctx.hold.turns} turns in a row with no enemy on it`,
        },
      ];
    },
    score(s): ScoreLine[] {
      return ctx.sides.map((side) => {
        const mine = ctx.order.filter(
          (id) =>
            ctx.units.get(id)!.side === side &&
            !ctx.units.get(id)!.dummy &&
            ctx.units.get(id)!.cls !== 'team',
        );
        const left = mine.filter((id) => s.units[id]!.alive && s.units[id]!.at).length;
        // The side's name leads, as in every ruleset's score ("Alpha (German): 1 of 4 units …").
        return {
          side,
          label: ctx.sideNames.get(side) ?? side,
          value: `${left} of ${mine.length} units on the map`,
        };
      });
    },
    canAct(s, unit, side) {
      const i = ctx.units.get(unit);
      const u = s.units[unit];
      return (
        !!i &&
        !!u &&
        s.phase === 'plot' &&
        i.side === side &&
        !s.done.includes(side) &&
        u.alive &&
        u.at !== null
      );
    },
    commands(s, unit): UnitCommand[] {
      const i = ctx.units.get(unit);
      const u = s.units[unit];
      if (!i || !u?.at || s.phase !== 'plot') return [];
      const take: UnitCommand[] = plotOf(ctx, s, unit)
        ? [{ id: 'clear', label: 'Take back the plot', action: { type: 'clearPlot', unit } }]
        : [];
      // A rider may only dismount (DT), into its carrier's hex or one next to it (OT-32.8 (8)).
      if (u.carriedBy)
        return [
          ...dismountHexes(s, unit).map((h) =>
            command(
              s,
              unit,
              `DT-${h.col}-${h.row}`,
              `Dismount into ${hexLabel(h.col, h.row)} (DT)`,
              { mission: 'DT', hex: h },
              'OT-32.8',
            ),
          ),
          ...take,
        ];
      const out: UnitCommand[] = [
        command(s, unit, 'OF', 'Opportunity fire (OF)', { mission: 'OF' }, 'OT-G7'),
      ];
      // Infantry mounts a friendly vehicle in or next to its hex after movement (MT).
      if (i.cls === 'infantry')
        for (const v of ctx.order) {
          const vi = ctx.units.get(v)!;
          const vu = s.units[v]!;
          if (vi.side !== i.side || !vu.alive || !vu.at || carryCapacity(ctx, v) === 0) continue;
          if (hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(vu.at)) > 1) continue;
          out.push(
            command(
              s,
              unit,
              `MT-${v}`,
              `Mount ${vi.name} (MT, ${ridersOf(ctx, s, v).length}/${carryCapacity(ctx, v)} aboard)`,
              { mission: 'MT', target: v },
              'OT-32.8',
            ),
          );
        }
      // Backing up one hex keeps the facing (MVR): one command per hex behind the unit.
      if (i.ma > 0 && i.cls !== 'team' && !i.dummy)
        for (const rel of reverseSides(ctx)) {
          const d = ((u.facing + rel) % 6) as HexDirection;
          const h = ctx.map.toRef(hexNeighbour(ctx.map.grid.orientation, ctx.map.toAxial(u.at), d));
          if (!ctx.map.hex(ctx.map.toAxial(h))) continue;
          out.push(
            command(
              s,
              unit,
              `MVR-${h.col}-${h.row}`,
              `Back up to ${hexLabel(h.col, h.row)} (MVR)`,
              { mission: 'MVR', path: [h] },
              'TC-G2',
            ),
          );
          // With a mission plotted, the same backing up as the fallback a morale result that
          // cancels every mission leaves it (TC-6.4).
          const main = plotOf(ctx, s, unit);
          if (ctx.rules.layers.costello && main) {
            const fb: Plot = { mission: 'MVR', path: [h] };
            const c = checkFallback(ctx, s, unit, fb);
            out.push({
              id: `MVR-fallback-${h.col}-${h.row}`,
              label: `If morale cancels its missions: back up to ${hexLabel(h.col, h.row)} (MVR)`,
              action: c.ok
                ? ({ ...plotAction(unit, fb), fallback: true } as unknown as GameAction)
                : undefined,
              ...(c.ok ? {} : { disabledReason: hexText(c.reason) }),
              ruleId: c.ok ? 'TC-6.4' : c.ruleId,
            });
          }
        }
      // Infantry digs in where it stands (EN, TC-4.8); a sapper clears rubble next to it (CLR, TC-4.9).
      const need = entrenchTurns(ctx);
      if (ctx.rules.layers.costello && i.cls === 'infantry' && !i.dummy && need !== undefined)
        out.push(
          command(
            s,
            unit,
            'EN',
            `Dig in here (EN, ${Math.min(need, (u.entrench?.turns ?? 0) + 1)} of ${need} turns)`,
            { mission: 'EN' },
            'TC-4.8',
          ),
        );
      if (ctx.rules.layers.costello && i.sapper)
        for (const r of s.rubble) {
          if (!r.blocksVehicles || hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(r.hex)) > 1)
            continue;
          out.push(
            command(
              s,
              unit,
              `CLR-${r.hex.col}-${r.hex.row}`,
              `Clear the rubble in ${hexLabel(r.hex.col, r.hex.row)} (CLR)`,
              { mission: 'CLR', hex: r.hex },
              'TC-4.9',
            ),
          );
        }
      if (ctx.rules.layers.optional && i.cls === 'infantry')
        for (const e of ctx.order) {
          const eu = s.units[e]!;
          const ei = ctx.units.get(e)!;
          if (ei.side === i.side || !eu.alive || !eu.at || ei.cls === 'team') continue;
          if (hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(eu.at)) !== 1) continue;
          const o = assaultOdds(ctx, s, 1, e);
          out.push(
            command(
              s,
              unit,
              `CA-${e}`,
              `Close assault ${ctx.units.get(e)!.name} (${pct(o.p)} alone)`,
              { mission: 'DF-CA', target: e },
              'OT-32.11',
            ),
          );
        }
      if (i.dummy) return out; // a dummy only moves (TC-7.1): its one command says why it cannot fire
      const allowed = allowedFacings(ctx, s, unit);
      for (const f of [0, 1, 2, 3, 4, 5])
        if (f !== u.facing && (!allowed || allowed.facings.includes(f)))
          out.push(
            command(
              s,
              unit,
              `FC-${f}`,
              `Face side ${f} (FC)`,
              { mission: 'FC', facing: f },
              allowed?.ruleId ?? 'OT-G7',
            ),
          );
      return [...out, ...take];
    },
    reachable(s, unit): ReachView | undefined {
      const i = ctx.units.get(unit);
      const u = s.units[unit];
      if (i && u?.carriedBy && s.phase === 'plot')
        return {
          grid: undefined,
          hexes: dismountHexes(s, unit).map((cell) => ({ cell, cost: 0 })),
          budget: 1,
          rate: 'dismount (DT)',
          bands: [{ max: 1, label: "the carrier's hex or one next to it (DT, OT-32.8)" }],
        };
      if (!i || !u?.at || s.phase !== 'plot' || i.cls === 'team' || i.ma === 0 || u.pinned)
        return undefined;
      const ma = allowance(ctx, unit, 'MV');
      const r = reachable(ctx, s, unit, ma);
      return {
        grid: undefined,
        hexes: [...r.values()].map((x) => ({ cell: x.hex, cost: x.cost / ma })),
        budget: 1,
        rate: `${ma} MP`,
        bands: [
          {
            max: 0.5,
            label: `half the allowance or less (SMF moves ${allowance(ctx, unit, 'SMF')} MP, OT-32.14)`,
          },
          { max: 1, label: 'the rest of the allowance' },
        ],
      };
    },
    planMove(s, unit, to): MovePlan<'hex'> {
      const i = ctx.units.get(unit);
      const u = s.units[unit];
      if (!i || !u?.at) return { ok: false, reason: `no unit ${unit} on the map` };
      if (u.carriedBy) {
        // A rider's click is where it dismounts (DT).
        const plot: Plot = { mission: 'DT', hex: to };
        const c = checkPlot(ctx, s, unit, plot);
        if (!c.ok) return { ok: false, reason: hexText(c.reason), ruleId: c.ruleId };
        return {
          ok: true,
          action: plotAction(unit, plot) as unknown as GameAction,
          to,
          path: [u.at, to],
          snapped: false,
          explanation: `${i.name} plots ${plotWords(ctx, plot)}`,
        };
      }
      const enemyThere = unitsAt(ctx, s, to).filter((o) => ctx.units.get(o)!.side !== i.side);
      const ma = allowance(ctx, unit, 'MV');
      const r = reachable(ctx, s, unit, ma);
      let path: HexCell[] | undefined = r.get(`${to.col},${to.row}`)?.path;
      let mission: Mission = 'MV';
      if (!path && enemyThere.length && i.cls === 'vehicle') {
        // An overrun: the cheapest reachable neighbour of the enemy's hex, then into it (OT-G6).
        const before = [...r.values()]
          .filter((x) => hexDistance(ctx.map.toAxial(x.hex), ctx.map.toAxial(to)) === 1)
          .sort((a, b) => a.cost - b.cost)[0];
        const adjacentNow = hexDistance(ctx.map.toAxial(u.at), ctx.map.toAxial(to)) === 1;
        path = before ? [...before.path, to] : adjacentNow ? [to] : undefined;
        mission = 'OV';
      }
      if (!path)
        return {
          ok: false,
          reason: `${hexLabel(to.col, to.row)} is beyond ${i.name}'s ${ma} MP`,
          ruleId: 'OT-G2',
        };
      const current = plotOf(ctx, s, unit);
      const plot: Plot =
        current?.mission === 'SMF' && current.target ? { ...current, path } : { mission, path };
      const c = checkPlot(ctx, s, unit, plot);
      if (!c.ok) return { ok: false, reason: hexText(c.reason), ruleId: c.ruleId };
      return {
        ok: true,
        action: plotAction(unit, plot) as unknown as GameAction,
        to,
        path: [u.at, ...path],
        snapped: false,
        explanation: `${i.name} plots ${plotWords(ctx, plot)}`,
      };
    },
    faceAction(s, unit, facing) {
      const a: TankAction = { type: 'plot', unit, mission: 'FC', facing };
      return reduceOk(s, a) ? (a as unknown as GameAction) : undefined;
    },
    weapons(s, unit): WeaponChoice[] {
      const i = ctx.units.get(unit);
      if (!i || i.dummy || s.phase !== 'plot') return [];
      const out: WeaponChoice[] = [];
      const w = (id: string, label: string, atPoint = false, range = i.range): WeaponChoice => ({
        id,
        label,
        ammo: [],
        atPoint,
        maxRange: range,
        remaining: 'one mission a turn',
      });
      if (i.mortar)
        return [
          w('IF', `Mortar call (IF), lands in ${i.mortar.delay} turns`, true),
          w('SF', `Smoke (SF), lands in ${i.mortar.delay} turns`, true),
        ];
      if (i.ap > 0 || i.he > 0) out.push(w('DF', 'Direct fire (DF)'));
      if (ctx.rules.layers.optional && i.cls === 'vehicle' && i.he > 0)
        out.push(w('DF-P', 'Pinning fire (DF-P)'));
      if (ctx.rules.layers.optional && i.cls !== 'team' && i.ma > 0)
        out.push(w('SMF', 'Move and fire (SMF): plot the move, then the target'));
      return out;
    },
    previewFire(s, shooter, weapon, _ammo, target): FirePreview<'hex'> {
      const empty = {
        sight: undefined,
        range: undefined,
        band: undefined,
        steps: [],
        odds: [],
        templates: [],
      };
      const i = ctx.units.get(shooter);
      const u = s.units[shooter];
      if (!i || !u?.at)
        return { legal: false, reason: `no unit ${shooter}`, ...empty, action: undefined };
      if (weapon === 'IF' || weapon === 'SF') {
        if (!target.at)
          return {
            legal: false,
            reason: 'click a hex for the mortar call',
            ruleId: 'TC-4.4',
            ...empty,
            action: undefined,
          };
        const plot: Plot = { mission: weapon, hex: target.at };
        const c = checkPlot(ctx, s, shooter, plot);
        const sv = sightFor(ctx, s, i.side, u.at, target.at);
        return {
          legal: c.ok,
          ...(c.ok ? {} : { reason: hexText(c.reason), ruleId: c.ruleId }),
          ...empty,
          sight: sightView(sv),
          range: sv.range,
          steps: [],
          action: c.ok ? (plotAction(shooter, plot) as unknown as GameAction) : undefined,
        };
      }
      if (!target.unit)
        return { legal: false, reason: 'click an enemy unit', ...empty, action: undefined };
      const current = plotOf(ctx, s, shooter);
      const plot: Plot =
        weapon === 'SMF'
          ? { mission: 'SMF', target: target.unit, path: current?.path ?? [] }
          : { mission: weapon as Mission, target: target.unit };
      const c = checkPlot(ctx, s, shooter, plot);
      const o = shotOdds(
        ctx,
        s,
        [shooter],
        target.unit,
        weapon === 'DF-P' ? 'DF-P' : weapon === 'SMF' ? 'SMF' : 'DF',
      );
      const cell =
        o.threshold === null
          ? '"."'
          : o.threshold >= 1
            ? `1-${o.threshold}`
            : `${o.threshold} (extended ".")`;
      return {
        legal: c.ok,
        ...(c.ok ? {} : { reason: hexText(c.reason), ruleId: c.ruleId }),
        sight: o.sight ? sightView(o.sight) : undefined,
        range: o.range || undefined,
        band: o.rowMax !== undefined ? `CRT row ≤ ${o.rowMax} hexes` : undefined,
        steps: o.legal
          ? [
              {
                label: `${o.attackLabel} ${o.attack} − defence ${o.defence} (${o.defenceParts.map((p) => `${p.label} ${p.value}`).join(' + ')}) = ${o.differential}`,
                base: `cell ${cell}`,
                modifiers: o.mods,
                needed:
                  o.threshold === null
                    ? 'no effect'
                    : `d6 ${o.mod ? `${o.mod > 0 ? '+' : ''}${o.mod} ` : ''}≤ ${o.threshold}`,
                ruleId: weapon === 'DF-P' ? 'OT-32.8' : 'OT-G1',
              },
            ]
          : [],
        odds: o.legal
          ? [
              ...(o.odds.destroyed ? [{ label: 'destroyed', p: o.odds.destroyed }] : []),
              ...(o.odds.eliminated ? [{ label: 'eliminated', p: o.odds.eliminated }] : []),
              ...(o.odds.pinned ? [{ label: 'pinned', p: o.odds.pinned }] : []),
              { label: 'no effect', p: o.odds.noEffect },
            ]
          : [],
        templates: [],
        action: c.ok ? (plotAction(shooter, plot) as unknown as GameAction) : undefined,
      };
    },
    describe: (e, s, viewer) => describeFor(ctx, e, s, viewer),
    // The turn's steps for a viewer: what each step did, as much as that side may know.
    promptFor: (s, viewer) =>
      s.resolving ? resolvePrompt(ctx, game, s, viewer) : view.phase(s).prompt,
    // A person ending plotting asks to see the turn resolve step by step; bots never do.
    personEndsPhase: (s, side) =>
      s.resolving ? { type: 'resolve', all: true } : { type: 'endPlot', side, steps: true },
    // Rubble made in play and smoke on the map, for everybody; the viewer's own plotted moves and
    // mortar calls lit on the board, never the other side's.
    hexMarks(s, viewer) {
      const changed = s.rubble.map((r) => ({
        cell: r.hex,
        set: { terrain: 'rubble', rubble: true, urban: false, building: false },
      }));
      const clouds = s.smoke.map((m) => ({
        cell: m.hex,
        label: `${m.kind === 'vehicle' ? 'vehicle smoke' : 'smoke'} to turn ${m.until}`,
      }));
      const marks = { changed, ...(clouds.length ? { clouds } : {}) };
      // One person testing both sides (no viewer) sees the plots of the side plotting now.
      const side = viewer ?? ctx.sides.find((x) => !s.done.includes(x));
      if (s.phase !== 'plot' || !side || !ctx.sides.includes(side)) return marks;
      const hexes: HexCell[] = [];
      for (const p of Object.values(s.plots[side] ?? {})) {
        for (const h of p.path ?? []) hexes.push(h);
        if (p.hex) hexes.push(p.hex);
      }
      return hexes.length
        ? { ...marks, highlight: { hexes, label: `${ctx.sideNames.get(side) ?? side}: plotted` } }
        : marks;
    },
  });
  return view;
}
