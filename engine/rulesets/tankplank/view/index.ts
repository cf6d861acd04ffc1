import { defineView } from '../../../playtest/viewBase';
import { dict } from '../../../game/dict';
import type { GameAction, GameDef } from '../../../game/gameDef';
import { tablePoint } from '../../../geometry/units';
import type {
  CounterView,
  ObjectiveView,
  PhaseInfo,
  ScoreLine,
  TablePlaytestView,
  Viewer,
} from '../../../playtest/view';
import {
  constant,
  countsAsTroops,
  houseAt,
  hullSize,
  info,
  lotTotals,
  onTable,
  roofBurning,
  roundsText,
  weaponKey,
  weaponsOf,
  type TankplankEvent,
  type TankplankState,
} from '../rules';
import { firePreview, weaponChoices } from './fireView';
import { type TankplankKit } from './kit';
import { describeEvent } from './log';
import { reachableView, unitCommands } from './unitCommands';
import { PHASES, glyphOf, halfs } from './words';
import { distinctGlyphs } from '../../../playtest/glyphs';
import { sidesToPlay } from '../rules/movementOrder';

/** The Tankplank game as the playtest screen shows it. */
export function tankplankView(
  kit: TankplankKit,
  game: GameDef<TankplankState, GameAction, TankplankEvent>,
): TablePlaytestView<TankplankState, TankplankEvent> {
  const { ctx, formationNames, sideName, screenTurn, unitLabel, shortLabel, planMove, named } = kit;
  const module: TablePlaytestView<TankplankState, TankplankEvent> = defineView<
    TankplankState,
    TankplankEvent,
    'table'
  >({
    board: 'table',
    game,
    label: 'Tankplank',
    words: (state, text) => named(text, state),
    table: { width: ctx.map.width, height: ctx.map.height },
    phase(state): PhaseInfo {
      const over = state.phase === 'ended';
      const waitingFor = over ? [] : sidesToPlay(ctx, state);
      const todo = dict<string[]>();
      for (const side of ctx.sides) {
        const own = state.units.list().filter((u) => u.side === side && u.alive);
        const lines: string[] = [];
        if (state.phase === 'movement') {
          const off = own.filter((u) => u.at === null && u.embarkedIn === null).length;
          const still = own.filter((u) => onTable(u) && u.moved === 0).length;
          const part = own.filter((u) => onTable(u) && u.moved > 0 && u.moved < 1 - 1e-9).length;
          if (off) lines.push(`${off} units still off the table (enter from the edge)`);
          if (still) lines.push(`${still} units on the table have not moved`);
          if (part) lines.push(`${part} units have part of their move left`);
        } else if (state.phase === 'firing') {
          // Only units on the table that have something to fire count (not an unarmed truck,
          // not a passenger, not a unit still off the table).
          const armed = own.filter(
            (u) => onTable(u) && weaponsOf(ctx, info(ctx, state, u.id)).length > 0,
          );
          const fired = armed.filter((u) => (state.fired[u.id]?.length ?? 0) > 0).length;
          lines.push(`${armed.length - fired} of ${armed.length} units have not fired`);
        }
        if (state.ended.includes(side)) lines.push('phase ended; waiting for the other side');
        todo[side] = lines;
      }
      const p = PHASES.find((x) => x.id === state.phase);
      return {
        turn: state.turn,
        turnLimit: state.turnLimit,
        phase: state.phase,
        phaseLabel: over ? 'Game over' : (p?.label ?? state.phase),
        phaseRuleId:
          state.phase === 'movement' ? 'TP-4.3' : state.phase === 'firing' ? 'TP-4.6' : undefined,
        phases: PHASES,
        waitingFor,
        todo,
        prompt:
          state.phase === 'movement'
            ? { kind: 'move' }
            : state.phase === 'firing'
              ? { kind: 'fire' }
              : { kind: 'wait', for: waitingFor },
        over,
      };
    },
    counters(state, viewer: Viewer): CounterView[] {
      const hideEnemy =
        screenTurn && viewer !== null && state.turn === 1 && state.phase === 'movement';
      const out: CounterView[] = [];
      // One glyph per unit type, told apart when two types share a letter (Rifleman, Radioman).
      const glyphs = distinctGlyphs(
        state.units.list().map((u) => info(ctx, state, u.id).type.name),
        glyphOf,
      );
      for (const u of state.units.list()) {
        if (!u.alive) continue;
        if (hideEnemy && u.side !== viewer) continue;
        const i = info(ctx, state, u.id);
        const status: string[] = [];
        if (u.doomed) status.push('hit');
        if (u.moved >= 1 - 1e-9) status.push('moved');
        else if (u.moved > 0) status.push(`moved ${halfs(u.moved)}`);
        if (u.noFire) status.push('no fire');
        if ((state.fired[u.id]?.length ?? 0) > 0) status.push('fired');
        if (u.immobilised) status.push('immobilised');
        if (u.boat) status.push('in a boat');
        if (u.carriedAmmo?.length) status.push(`carries ${roundsText(lotTotals(u.carriedAmmo))}`);
        if (u.recoveringTurn === state.turn) status.push('taking ammo aboard');
        if (u.reloadedTurn === state.turn) status.push('reloading');
        if (u.level) status.push(u.level === 'upper' ? 'upper floor' : 'on the roof');
        if (u.at && u.level === 'roof') {
          const house = houseAt(ctx, tablePoint(u.at[0], u.at[1]), 0);
          if (house && roofBurning(state, house.id)) status.push('roof burning');
        }
        if (u.aaMgTurn === state.turn) status.push('commander on AA MG');
        for (const m of weaponsOf(ctx, i)) {
          if (m.weapon.stats?.['needsSetUp'] !== true) continue;
          if (state.teamWeapons[weaponKey(i, m.weapon)]?.setUp) status.push('set up');
        }
        const order = state.formations.get(u.formation)?.morale;
        if (order && order.movesLeft > 0) status.push(order.result);
        const size = i.kind === 'figure' ? { length: 0.6, width: 0.6 } : hullSize(i);
        out.push({
          id: u.id,
          side: u.side,
          label: unitLabel(state, u.id),
          glyph: glyphs.get(i.type.name) ?? glyphOf(i.type.name),
          kind: i.kind,
          formation: u.formation,
          formationLabel: formationNames.get(u.formation) ?? u.formation,
          at: u.embarkedIn || !u.at ? null : [u.at[0], u.at[1]],
          facing: u.facing,
          turret: i.type.weapons?.some((w) => w.mount === 'turret') ? u.turret : undefined,
          size,
          embarkedIn: u.embarkedIn,
          passengers: u.passengers,
          status,
          moved: u.moved,
          alive: u.alive,
        });
      }
      for (const w of state.wrecks) {
        const type = ctx.catalog.units.get(w.type);
        out.push({
          id: w.id,
          side: w.side,
          label: `Wreck of ${shortLabel(state, w.unit)}`,
          glyph: '✕',
          kind: 'wreck',
          formation: '',
          formationLabel: '',
          at: [w.at[0], w.at[1]],
          facing: w.facing,
          turret: undefined,
          size: { length: type?.size?.length ?? 1.5, width: type?.size?.width ?? 1 },
          embarkedIn: null,
          passengers: [],
          status: ['wreck'],
          moved: 0,
          alive: false,
        });
      }
      return out;
    },
    objectives(state, viewer): ObjectiveView[] {
      return ctx.objectives.map((o) => {
        const os = o.owner ? state.objectives[o.owner] : undefined;
        const revealed = os?.revealed ?? o.hidden !== true;
        const known = viewer === null || o.owner === viewer || revealed || o.hidden !== true;
        const needed = o.holdTurns ?? ctx.options.num('TP-A47');
        const held = os?.heldTurns ?? 0;
        const ownerName = o.owner ? (sideName.get(o.owner) ?? o.owner) : 'nobody';
        // Tankplank scores only a side's own hold-the-zone objective (setup.ts): say so of any
        // other, where the panel read "nobody: held 0 of 1 turns" for one no side could ever hold.
        const scored = !!o.owner && o.kind === 'holdZone';
        return {
          id: o.id,
          name: known ? (o.name ?? o.id) : `${ownerName}'s secret objective`,
          owner: o.owner,
          area: known ? o.area : undefined,
          known,
          revealed,
          held,
          needed: scored ? needed : 0,
          text: !scored
            ? `${o.name ?? 'This objective'}: not scored in Tankplank, which scores each side's own hold-the-zone objective (TP-3.1); give it an owner and that kind in the Objectives tab`
            : known
              ? `${ownerName}: held ${held} of ${needed} turns${revealed ? '' : ' (secret, revealed on first entry TP-3.2)'}`
              : `${ownerName}: secret until their troops reach it (TP-3.1)`,
        };
      });
    },
    score(state): ScoreLine[] {
      const lines: ScoreLine[] = [];
      for (const side of ctx.sides) {
        // Troops only: a dropped heavy weapon or a boat is a thing, not a unit (TP-16.8, TP-G7).
        const all = state.units
          .list()
          .filter((u) => u.side === side && !u.spawned && countsAsTroops(ctx, state, u.id));
        const alive = all.filter((u) => u.alive).length;
        const o = state.objectives[side];
        const needed =
          ctx.objectives.find((x) => x.id === o?.objective)?.holdTurns ?? ctx.options.num('TP-A47');
        lines.push({
          side,
          label: sideName.get(side) ?? side,
          // A side with no objective of its own says so, not "objective held 0/3 turns".
          value: `${alive}/${all.length} units in play; ${o ? `objective held ${o.heldTurns}/${needed} turns` : 'no objective of its own'}`,
        });
      }
      return lines;
    },
    canAct(state, unit, side) {
      const u = state.units.get(unit);
      if (!u || !u.alive || u.side !== side || state.ended.includes(side)) return false;
      return state.phase === 'movement' || state.phase === 'firing';
    },
    commands: (state, unit) => unitCommands(kit, state, unit),
    reachable: (state, unit) => reachableView(kit, state, unit),
    planMove: (state, unit, to) => planMove(state, unit, to),
    faceAction(state, unit, facing) {
      const u = state.units.get(unit);
      if (!u) return undefined;
      return { type: 'face', unit, facing: Math.round(((facing % 360) + 360) % 360) };
    },
    weapons: (state, unit) => weaponChoices(kit, state, unit),
    previewFire: (state, shooter, choice, ammo, target) =>
      firePreview(kit, state, shooter, choice, ammo, target),
    clock(state) {
      if (state.phase !== 'movement') return undefined;
      const screened = screenTurn && state.turn === 1;
      return {
        seconds: constant(ctx.catalog, screened ? 'screenMovementMinutes' : 'movementMinutes') * 60,
        ruleId: screened ? 'TP-4.4' : 'TP-4.3',
        onTimeUp: 'units that have not moved stay where they are',
      };
    },
    describe: (e, state) => describeEvent(kit, e, state),
  });
  return module;
  return module;
}
