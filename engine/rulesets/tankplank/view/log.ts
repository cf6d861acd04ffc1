import type { LogLine } from '../../../playtest/view';
import { roundsText, type Modifier, type TankplankEvent, type TankplankState } from '../rules';
import { type TankplankKit } from './kit';
import { salvageLines } from './salvage';
import { PHASES, forcedText, halfs, needText, r1 } from './words';

/** A move's length: tenths, or hundredths for the last sliver of a move (never '0.0"'). */
const distance = (inches: number) => (inches >= 0.05 ? `${r1(inches)}"` : `${inches.toFixed(2)}"`);

/** Log lines for one event, in the players' words, with rule ids and dice. */
export function describeEvent(
  kit: TankplankKit,
  e: TankplankEvent,
  state: TankplankState,
): LogLine[] {
  const { ctx, formationNames, sideName, shortLabel, weaponName, artilleryUnit } = kit;
  const L = (
    text: string,
    tone: LogLine['tone'],
    ruleIds: readonly (string | undefined)[] = [],
    dice: readonly number[] = [],
    units: readonly string[] = [],
  ): LogLine => ({
    text,
    tone,
    ruleIds: ruleIds.filter((x): x is string => !!x),
    dice,
    units,
  });
  const mods = (m: readonly Modifier[]) =>
    m.length === 0
      ? ''
      : ` (${m.map((x) => `${x.value >= 0 ? '+' : '−'}${Math.abs(x.value)} ${x.label} ${x.ruleId}`).join('; ')})`;
  const n = (id: string) => shortLabel(state, id);
  switch (e.type) {
    case 'TurnStarted':
      return [
        L(
          `Turn ${e.turn} begins; movement sweeps ${e.sweep === 'rightToLeft' ? 'right to left' : 'left to right'}`,
          'phase',
          [e.ruleId],
        ),
      ];
    case 'PhaseStarted':
      return [
        L(
          `${PHASES.find((p) => p.id === e.phase)?.label ?? e.phase} phase, turn ${e.turn}`,
          'phase',
          [e.ruleId],
        ),
      ];
    case 'PhaseEnded':
      return e.timeUp
        ? [
            L(
              `Time is up for ${sideName.get(e.side) ?? e.side}: units that had not moved stay where they are`,
              'phase',
              [e.ruleId ?? 'TP-4.3'],
            ),
          ]
        : [L(`${sideName.get(e.side) ?? e.side} ends the ${e.phase} phase`, 'phase')];
    case 'UnitMoved':
      if (e.level)
        return [
          L(
            `${n(e.unit)} climbs ${e.level === 'ground' ? 'down to the ground' : e.level === 'upper' ? 'to the upper floor' : 'onto the roof'}, ${halfs(e.cost)} of a turn${e.forced ? ` — forced: ${forcedText(e.forced)}` : ''}`,
            'move',
            e.ruleIds,
            [],
            [e.unit],
          ),
        ];
      return [
        L(
          `${n(e.unit)} ${!e.from ? `enters ${r1(e.inches)}"` : e.inches === 0 ? 'stays' : `moves ${distance(e.inches)}`} ${e.inches === 0 && e.from ? 'at' : 'to'} (${r1(e.to[0])}, ${r1(e.to[1])}), ${halfs(e.cost)} of a turn at ${e.rate}"/turn${e.forced ? ` — forced: ${forcedText(e.forced)}` : ''}`,
          'move',
          e.ruleIds,
          [],
          [e.unit],
        ),
      ];
    case 'UnitFaced':
      return [
        L(
          `${n(e.unit)} faces ${Math.round(e.facing)}°${e.cost ? ` (costs ${halfs(e.cost)} of a turn)` : ''}`,
          'move',
          e.cost ? ['TP-8.5'] : [],
          [],
          [e.unit],
        ),
      ];
    case 'UnitMounted':
      return [L(`${n(e.unit)} gets into ${n(e.vehicle)}`, 'move', [e.ruleId], [], [e.unit])];
    case 'UnitDismounted':
      return [L(`${n(e.unit)} gets out of ${n(e.vehicle)}`, 'move', [e.ruleId], [], [e.unit])];
    case 'WeaponSetUp':
      return [
        L(`${n(e.unit)} sets up the ${weaponName(e.weapon)}`, 'move', [e.ruleId], [], [e.unit]),
      ];
    case 'WeaponBrokenDown':
      return [
        L(`${n(e.unit)} breaks down the ${weaponName(e.weapon)}`, 'move', [e.ruleId], [], [e.unit]),
      ];
    case 'ShotResolved':
      return [
        L(
          `${n(e.unit)} fires ${weaponName(e.weapon)} at ${e.target ? n(e.target) : `(${r1(e.at[0])}, ${r1(e.at[1])})`}: range ${r1(e.range)}" (${e.band}), needs ${needText(e.needed)} (base ${e.base}+${mods(e.modifiers)}); rolled ${e.roll}: ${e.hit ? 'HIT' : 'miss'}`,
          'fire',
          [e.ruleId, ...e.modifiers.map((m) => m.ruleId)],
          [e.roll],
          e.target ? [e.unit, e.target] : [e.unit],
        ),
      ];
    case 'PenetrationResolved':
      return [
        L(
          `Penetration of ${n(e.target)} (${e.face} armour ${e.armour}): rolled ${e.roll} + impact ${e.impact}${e.rangeModifier ? ` ${e.rangeModifier >= 0 ? '+' : '−'} ${Math.abs(e.rangeModifier)} range` : ''} = ${e.total}: ${e.penetrated ? 'PENETRATED' : 'no penetration'}`,
          'roll',
          [e.ruleId],
          [e.roll],
          [e.target],
        ),
      ];
    case 'TemplatePlaced':
      return [
        L(
          `${weaponName(e.weapon)} ${e.template} placed at (${r1(e.at[0])}, ${r1(e.at[1])}): ${e.caught.length} caught${e.caught.length ? ` (${e.caught.map(n).join(', ')})` : ''}`,
          'fire',
          [e.ruleId],
          [],
          e.caught,
        ),
      ];
    case 'GrenadeThrown':
      return [
        L(
          `${n(e.unit)} throws a grenade: rolled ${e.roll}${mods(e.modifiers)}: ${e.result}`,
          'fire',
          [e.ruleId],
          [e.roll],
          [e.unit],
        ),
      ];
    case 'MortarRound':
      return [
        L(
          `${n(e.unit)} ${artilleryUnit(e.unit) ? 'artillery' : 'mortar'} round: rolled ${e.roll}: ${e.landed ? `lands at (${r1(e.landed[0])}, ${r1(e.landed[1])})` : 'dud'}`,
          'fire',
          [e.ruleId],
          [e.roll],
          [e.unit],
        ),
      ];
    case 'RifleGrenadeLanded':
      return [
        L(
          `${n(e.unit)} rifle grenade (area fire): rolled ${e.roll}: ${e.landed ? `lands at (${r1(e.landed[0])}, ${r1(e.landed[1])})` : 'miss'}`,
          'fire',
          [e.ruleId],
          [e.roll],
          [e.unit],
        ),
      ];
    case 'HouseHit':
      return [
        L(
          e.part === 'wall'
            ? `HE from ${n(e.unit)} blows a 2" hole in the wall of ${e.house} at (${r1(e.at[0])}, ${r1(e.at[1])})`
            : `HE from ${n(e.unit)} hits the roof of ${e.house}${e.burning ? ': the roof is on fire for the rest of the game' : ''}`,
          'fire',
          [e.ruleId],
          [],
          [e.unit],
        ),
      ];
    case 'AaMgManned':
      return [
        L(
          `${n(e.unit)}: the commander takes the AA MG; ${e.maxMove === 0 ? 'the tank may not move this turn' : `the tank may use at most ${halfs(e.maxMove)} of its move this turn`}`,
          'move',
          [e.ruleId],
          [],
          [e.unit],
        ),
      ];
    case 'FireCalled':
      return [
        L(
          `${n(e.observer)} calls ${weaponName(e.weapon)} fire on (${r1(e.at[0])}, ${r1(e.at[1])})`,
          'fire',
          [e.ruleId],
        ),
      ];
    case 'SaveRolled':
      return [
        L(
          `${state.units.get(e.unit) ? n(e.unit) : crewName(e.unit, n)} saves on ${needText(e.needed)}${mods(e.modifiers)}: rolled ${e.roll}: ${e.saved ? 'saved' : 'casualty'}`,
          'roll',
          [e.ruleId, ...e.modifiers.map((m) => m.ruleId)],
          [e.roll],
          [e.unit],
        ),
      ];
    case 'CasualtyMarked':
      return [
        L(
          `${n(e.unit)} is hit (fires on, removed at the end of the phase)`,
          'result',
          [e.ruleId],
          [],
          [e.unit],
        ),
      ];
    case 'CasualtyRemoved':
      return [L(`${n(e.unit)} is removed`, 'result', [e.ruleId], [], [e.unit])];
    case 'VehicleDestroyed':
      return [
        L(`${n(e.unit)} is destroyed and leaves a wreck`, 'result', [e.ruleId], [], [e.unit]),
      ];
    case 'CrewBailedOut':
      return [
        L(
          `${state.units.has(e.unit) ? n(e.unit) : e.role} bails out of ${n(e.vehicle)}`,
          'result',
          [e.ruleId],
          [],
          [e.unit],
        ),
      ];
    case 'MoraleTested': {
      // Each modifier as it was applied: under the reading that subtracts the printed numbers
      // (TP-A18), "+2 officer" lowers the score, so the line shows it as "−2 officer".
      const total = e.modifiers.reduce((sum, m) => sum + m.value, 0);
      const sign = total !== 0 && e.score - e.roll === -total ? -1 : 1;
      const terms = e.modifiers
        .map((m) => {
          const v = m.value * sign;
          return `, ${v >= 0 ? '+' : '−'}${Math.abs(v)} ${m.label} (${m.ruleId})`;
        })
        .join('');
      const outcome: Record<typeof e.result, string> = {
        hold: 'holds',
        toCover: 'goes to cover',
        fallBack: 'falls back',
        rout: 'routs',
      };
      return [
        L(
          `${formationNames.get(e.formation) ?? e.formation} tests morale (${e.triggers.map((t) => `${t.trigger} ${t.ruleId}`).join('; ')}): rolled ${e.roll}${terms} = ${e.score}: ${outcome[e.result]}`,
          'roll',
          [e.ruleId, ...e.triggers.map((t) => t.ruleId), ...e.modifiers.map((m) => m.ruleId)],
          [e.roll],
        ),
      ];
    }
    case 'AmmoRecovered':
      return [
        L(
          `${n(e.unit)} recovers ammunition from ${e.wreck}: ${roundsText(e.rounds)}${e.loaded && Object.values(e.loaded).some((x) => x > 0) ? `; loads ${roundsText(e.loaded)}` : ''}${e.carried && Object.values(e.carried).some((x) => x > 0) ? `; carries ${roundsText(e.carried)} for other vehicles` : ''}`,
          'move',
          [e.ruleId],
          [],
          [e.unit],
        ),
      ];
    case 'AmmoHandedOver':
      return [
        L(
          `${n(e.unit)} hands ${roundsText(e.rounds)} to ${n(e.to)}, which is being reloaded this turn (AA MG only, ½ move)${Object.keys(e.left).length > 0 ? `; still carries ${roundsText(e.left)}` : ''}`,
          'move',
          [e.ruleId, 'TP-5.13'],
          [],
          [e.unit, e.to],
        ),
      ];
    case 'CarriedAmmoLost':
      return [
        L(
          `${n(e.unit)} is hit and loses the ammunition it carried (${roundsText(e.rounds)})`,
          'result',
          [e.ruleId, 'TP-17.3'],
          [],
          [e.unit],
        ),
      ];
    case 'WreckPushed':
      return [
        L(
          `${n(e.unit)} pushes ${e.wreck} ${r1(Math.hypot(e.to[0] - e.from[0], e.to[1] - e.from[1]))}" aside`,
          'move',
          [e.ruleId],
          [],
          [e.unit],
        ),
      ];
    case 'ObjectiveRevealed':
      return [
        L(
          `${sideName.get(e.side) ?? e.side} reveals its objective: ${ctx.objectives.find((o) => o.id === e.objective)?.name ?? e.objective}${e.verified ? ' (matches the sealed choice)' : ' (DOES NOT match the sealed choice)'}`,
          'result',
          [e.ruleId],
        ),
      ];
    case 'ObjectiveHeld':
      return [
        L(
          `${sideName.get(e.side) ?? e.side} holds its objective: ${e.turns} turn${e.turns === 1 ? '' : 's'}`,
          'result',
          [e.ruleId],
        ),
      ];
    case 'BoatBoarded':
    case 'BoatCrossed':
    case 'BoatSwamped':
    case 'WeaponAbandoned':
    case 'WeaponPickedUp':
    case 'WeaponDropped':
    case 'CrewJoined':
    case 'CapturedGunFired':
      return salvageLines(e, n).map((l) => L(l.text, l.tone, l.ruleIds, [], l.units));
    case 'GameEnded':
      return [
        L(
          e.winner === 'draw'
            ? `Game over: draw — ${e.reason}`
            : `Game over: ${sideName.get(e.winner) ?? e.winner} wins — ${e.reason}`,
          'end',
          [e.ruleId],
        ),
      ];
  }
}

/**
 * A vehicle's crewman who is not a unit of the game (yet: he becomes one if he saves) by the
 * vehicle's name, "Truck 2 (Trucks) crewman 1", where the log showed "b.truck2.crew1".
 */
function crewName(id: string, n: (id: string) => string): string {
  const m = /^(.+)\.crew(\d+)$/.exec(id);
  return m ? `${n(m[1]!)} crewman ${m[2]}` : id;
}
