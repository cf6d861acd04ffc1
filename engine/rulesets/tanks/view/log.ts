import type { LogLine } from '../../../playtest/view';
import {
  objectiveLabel,
  pieceLabel,
  sideName,
  type TanksContext,
  type TanksEvent,
  type TanksState,
} from '../rules';

/** The log's words for TANKS events: each line with its rule ids, its dice and its models. */

const name = (ctx: TanksContext, id: string) => ctx.models.get(id)?.name ?? id;
const cardName = (ctx: TanksContext, id: string) => ctx.rules.cat.cards.get(id)?.name ?? id;
const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
const objectiveName = (ctx: TanksContext, id: string) => objectiveLabel(ctx, id);
const signed = (v: number) => (v >= 0 ? `+${v}` : `−${-v}`);

function line(
  text: string,
  tone: LogLine['tone'],
  ruleIds: readonly string[],
  units: readonly string[] = [],
  dice: readonly number[] = [],
): LogLine {
  return { text, tone, ruleIds, units, dice };
}

export function describeEvent(ctx: TanksContext, e: TanksEvent, _state: TanksState): LogLine[] {
  switch (e.type) {
    case 'TurnStarted':
      return [line(`Turn ${e.turn}`, 'phase', ['TK-3'])];
    case 'PhaseStarted': {
      const label =
        e.phase === 'command'
          ? 'Command phase'
          : e.phase === 'movement'
            ? 'Movement phase: tanks then helicopters, lowest Initiative first'
            : e.phase === 'shooting'
              ? 'Shooting phase: highest Initiative first'
              : e.phase === 'deployment'
                ? 'Deployment'
                : 'Game over';
      const rule = e.phase === 'command' ? 'TK-7' : e.phase === 'movement' ? 'TK-4.1' : 'TK-6.1';
      return [line(label, 'phase', [rule])];
    }
    case 'ModelDeployed':
      return [
        line(
          `${name(ctx, e.unit)} deploys at (${e.at[0].toFixed(1)}, ${e.at[1].toFixed(1)}) facing ${Math.round(e.facing)}°${e.elevation ? `, flying ${e.elevation}` : ''}`,
          'move',
          ['TK-2.5'],
          [e.unit],
        ),
      ];
    case 'ModelMoved':
      return [
        line(
          `${name(ctx, e.unit)} move ${e.move}: ${e.distance.toFixed(1)}" on ${Math.round(e.heading)}°, facing ${Math.round(e.facing)}°${e.speedToken ? ` (Speed token ${e.speedToken})` : ''}`,
          'move',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'DefensiveMeasures':
      return [
        line(
          `${name(ctx, e.unit)} takes Defensive Measures: Speed token ${e.tokens} without moving`,
          'move',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'ElevationChanged':
      return [
        line(
          `${name(ctx, e.unit)} climbs to ${e.elevation}${e.inPlace ? ' standing still (Speed token 1)' : ''}`.replace(
            'climbs to low',
            'drops low',
          ),
          'move',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'ActivationEnded':
      if (!e.passed) return [];
      return e.phase === 'movement'
        ? [
            line(
              `${name(ctx, e.unit)} stays put: Stationary, no Speed token`,
              'move',
              ['TK-4.5'],
              [e.unit],
            ),
          ]
        : e.phase === 'shooting'
          ? [line(`${name(ctx, e.unit)} holds its fire`, 'fire', ['TK-6.2'], [e.unit])]
          : [];
    case 'TerrainRollOff': {
      const tries = e.rolls
        .map((r) => ctx.sides.map((s) => `${sideName(ctx, s)} ${r[s]}`).join(', '))
        .join('; tie, again: ');
      return [
        line(
          `Roll-off for the terrain: ${tries}. ${sideName(ctx, e.side)} places the first Forest, then the sides take turns`,
          'roll',
          [e.ruleId],
          [],
          e.rolls.flatMap((r) => ctx.sides.map((s) => r[s] ?? 0)),
        ),
      ];
    }
    case 'TerrainTurned':
      return [
        line(
          `${sideName(ctx, e.side)} turns ${pieceLabel(ctx, e.piece)} to ${Math.round(e.rotation)}°`,
          'phase',
          [e.ruleId],
        ),
      ];
    case 'TerrainPlaced':
      return [
        line(
          `${sideName(ctx, e.side)} ${e.chosen ? 'places' : 'passes; the engine places'} ${pieceLabel(ctx, e.piece)} at (${e.at[0].toFixed(1)}, ${e.at[1].toFixed(1)})${e.rotation ? ` turned ${Math.round(e.rotation)}°` : ''}`,
          'phase',
          [e.ruleId, 'TK-2.3'],
        ),
      ];
    case 'TerrainSetAside':
      return [
        line(`${pieceLabel(ctx, e.piece)} stays off the table: ${e.reason}`, 'phase', [e.ruleId]),
      ];
    case 'ObjectivePlaced':
      return [
        line(
          `${sideName(ctx, e.side)} ${e.chosen ? 'places' : 'passes; the engine places'} ${objectiveName(ctx, e.objective)} at (${e.at[0].toFixed(1)}, ${e.at[1].toFixed(1)})`,
          'phase',
          [e.ruleId],
        ),
      ];
    case 'EdgeChosen':
      return [
        line(
          `${sideName(ctx, e.side)} (Defender) ${e.chosen ? 'takes' : 'keeps'} the ${e.edge} edge; the Attacker deploys on the ${e.attackerEdge} edge`,
          'phase',
          [e.ruleId],
        ),
      ];
    case 'CriticalsSplit':
      return [
        line(
          e.criticals === 0
            ? `${name(ctx, e.unit)} keeps its ${n(e.of, 'Critical')} (it could have made each two Hits)`
            : `${name(ctx, e.unit)} turns ${e.criticals} of ${n(e.of, 'Critical')} into two Hits each${e.chosen ? '' : ' (the default)'} → ${n(e.hits, 'Hit')}, ${n(e.left, 'Critical')}`,
          'roll',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'CardRevealed':
      return [
        line(
          `${name(ctx, e.unit)} reveals ${cardName(ctx, e.card)}`,
          'result',
          ['TK-8.7'],
          [e.unit],
        ),
      ];
    case 'AttackRolled': {
      const rr = e.rerolls.map((r) => `${r.from}→${r.to} (${r.reason})`).join(', ');
      const mods = e.modifiers.map((m) => `${signed(m.value)} ${m.label}`).join(', ');
      return [
        line(
          `${name(ctx, e.unit)} shoots ${name(ctx, e.target)}: ${e.pool}, ${n(e.dice, 'die', 'dice')} (${mods}) rolled ${e.rolls.join(' ') || 'nothing'}${rr ? `; re-rolled ${rr}` : ''}${e.brutal !== null ? '; Brutal makes a Hit a Critical' : ''}${e.splitCriticals ? `; ${n(e.splitCriticals, 'Critical')} split into Hits` : ''} → ${n(e.hits, 'Hit')}, ${n(e.criticals, 'Critical')}`,
          'fire',
          [e.ruleId, ...(e.rerolls.length ? ['TK-6.5'] : [])],
          [e.unit, e.target],
          e.final,
        ),
      ];
    }
    case 'DefenceRolled': {
      const mods = e.modifiers.map((m) => `${signed(m.value)} ${m.label}`).join(', ');
      const capped =
        e.raw !== e.pool
          ? ` = ${e.raw}, ${e.raw > e.pool ? 'capped' : 'floored'} at ${e.pool}`
          : '';
      return [
        line(
          `${name(ctx, e.unit)} defends with ${n(e.pool, 'die', 'dice')} (Defence ${e.base}${mods ? `, ${mods}` : ''}${capped}): rolled ${e.rolls.join(' ') || 'nothing'} → ${n(e.sixes, 'six', 'sixes')} for the target, ${n(e.fours, 'four or five', 'fours and fives')} for the shooter`,
          'roll',
          [e.ruleId],
          [e.shooter, e.unit],
          e.rolls,
        ),
      ];
    }
    case 'Cancelled':
      return [
        line(
          `${sideName(ctx, e.side)}${e.chosen ? ' chooses to cancel' : ' cancels'} ${n(e.hits, 'Hit')} and ${n(e.criticals, 'Critical')} with the ${e.by === 'target' ? 'sixes' : 'fours and fives'}`,
          'roll',
          [e.ruleId, 'TK-A12'],
        ),
      ];
    case 'DamageTaken':
      return [
        line(
          e.hits + e.criticals === 0
            ? `${name(ctx, e.unit)} is not hurt`
            : `${name(ctx, e.unit)} is hit: ${n(e.hits, 'Hit')}, ${n(e.criticals, 'Critical')}; damage ${e.damage} of ${e.capacity}`,
          'result',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'CriticalCardDrawn':
      return [
        line(
          `${name(ctx, e.unit)} draws the Critical card ${cardName(ctx, e.card)}: ${e.damage} damage${e.effects.length ? `, ${e.effects.join(', ')}` : ''}${e.repairable ? ' (repairable, stays on the model)' : ''}`,
          'result',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'CardsDiscarded':
      return [
        line(
          `${name(ctx, e.unit)} loses ${e.cards.map((c) => cardName(ctx, c)).join(', ')} (${e.reason})`,
          'result',
          ['TK-6.8'],
          [e.unit],
        ),
      ];
    case 'FinalFury':
      return [
        line(
          `${name(ctx, e.unit)} has reached its Damage Capacity: it fights on in Final Fury and is destroyed in the Command phase`,
          'result',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'HelicopterCrashed':
      return [
        line(`${name(ctx, e.unit)} crash-lands and is removed`, 'result', [e.ruleId], [e.unit]),
      ];
    case 'TankDestroyed':
      return [
        line(
          `${name(ctx, e.unit)} is destroyed${e.removed ? ' and removed (base Defence 0)' : ': its wreck blocks sight and movement'}`,
          'result',
          [e.ruleId],
          [e.unit],
        ),
      ];
    case 'VictoryPoints':
      return [
        line(
          `${sideName(ctx, e.side)} holds ${objectiveName(ctx, e.objective)}: +${e.vp} VP (${e.total})`,
          'result',
          [e.ruleId],
        ),
      ];
    case 'RepairRolled':
      return [
        line(
          `${name(ctx, e.unit)} tries to repair ${cardName(ctx, e.card)}: rolled ${e.roll}, ${e.repaired ? 'repaired (the damage stays)' : 'not repaired'}`,
          'roll',
          [e.ruleId],
          [e.unit],
          [e.roll],
        ),
      ];
    case 'AdvantageRolled': {
      const rolls = Object.entries(e.rolls)
        .map(([s, r]) => `${sideName(ctx, s)} ${r}`)
        .join(', ');
      return [
        line(
          `Advantage roll: ${rolls} → ${sideName(ctx, e.side)} has Advantage${e.tie ? ' (a tie goes to the Attacker)' : ''}`,
          'roll',
          [e.ruleId],
          [],
          Object.values(e.rolls),
        ),
      ];
    }
    case 'SpeedTokensCleared':
      return [
        line('Speed tokens removed; discarded Critical cards shuffled back', 'phase', [e.ruleId]),
      ];
    case 'Deck':
      return e.event.type === 'reshuffle'
        ? [line(`The Critical deck is shuffled (${e.event.count} cards)`, 'phase', ['TK-7'])]
        : [];
    case 'GameEnded':
      return [
        line(
          e.winner === 'draw'
            ? `Draw: ${e.reason}`
            : `${sideName(ctx, e.winner)} wins: ${e.reason}`,
          'end',
          [e.ruleId],
        ),
      ];
  }
}
