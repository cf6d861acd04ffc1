import { hexLabel } from '../../../hex';
import { hexText } from './hexText';
import type { LogLine } from '../../../playtest/view';
import type { TankContext } from '../rules/context';
import type { MoraleMark, Plot, TankEvent, TankState } from '../rules/state';

/** Why a unit carries a morale marker, in the players' words. */
const MARK_WORDS: Readonly<Record<MoraleMark, string>> = {
  isolated: 'isolated from its platoon',
  firstLethalFire: 'first time under lethal fire',
  platoonLoss: 'its platoon lost a unit this turn',
  retreating: 'retreating',
};

const STEP_LABEL: Record<string, string> = {
  IF: 'Indirect fire',
  MORALE: 'Morale tests',
  DF: 'Direct fire',
  MV: 'Movement and opportunity fire',
  OF: 'Opportunity fire',
  MT_DT: 'Mounting and dismounting',
  FC: 'Facing changes',
  CLEANUP: 'End of turn',
};

export const stepLabel = (id: string): string => STEP_LABEL[id] ?? id;

const RESULT: Record<string, string> = {
  destroyed: 'destroyed',
  eliminated: 'eliminated',
  pinned: 'pinned',
  noEffect: 'no effect',
};

const MORALE: Record<string, string> = {
  noEffect: 'no effect',
  cancelMoveAndOverrun: 'its MV and OV missions are cancelled',
  cancelAllMissions: 'all its missions are cancelled',
  retire: 'Retire: it moves away from the enemy',
  retreat: 'Retreat: it moves its full allowance toward its entry edge',
  flee: 'Flee: it runs for its entry edge and is not tested again',
};

const at = (h: { col: number; row: number }) => hexLabel(h.col, h.row);
const key = (h: { col: number; row: number }) => `${h.col},${h.row}`;

/** A plot in words ("DF at T-34 no. 2", "MV 0305 → 0506 (4 MP)"). */
export function plotWords(ctx: TankContext, p: Plot): string {
  const name = (id: string | undefined) => (id ? (ctx.units.get(id)?.name ?? id) : '?');
  switch (p.mission) {
    case 'DF':
    case 'DF-P':
    case 'DF-CA':
      return `${p.mission} at ${name(p.target)}${p.phase === 'OF' ? ' (OF phase)' : ''}`;
    case 'SMF':
      return `SMF at ${name(p.target)}, moving to ${p.path?.length ? at(p.path[p.path.length - 1]!) : '—'}`;
    case 'MV':
    case 'MVR':
    case 'OV':
      return `${p.mission} to ${p.path?.length ? at(p.path[p.path.length - 1]!) : '—'} (${p.path?.length ?? 0} hexes)${p.forced ? `, forced by ${p.forced === 'panic' ? 'panic' : `morale (${p.forced})`}` : ''}`;
    case 'FC':
      return `FC to side ${p.facing}`;
    case 'IF':
    case 'SF':
      return `${p.mission} on ${p.hex ? at(p.hex) : '?'}`;
    case 'MT':
      return `MT onto ${name(p.target)}`;
    case 'DT':
      return `DT into ${p.hex ? at(p.hex) : '?'}`;
    case 'OF':
      return 'OF';
    case 'EN':
      return 'EN: dig in where it stands';
    case 'CLR':
      return `CLR: clear the rubble in ${p.hex ? at(p.hex) : '?'}`;
  }
}

/** Log lines for one event. */
export function describeTankEvent(ctx: TankContext, e: TankEvent, _state: TankState): LogLine[] {
  const name = (id: string) => ctx.units.get(id)?.name ?? id;
  const line = (
    text: string,
    tone: LogLine['tone'],
    ruleIds: string[] = [],
    units: string[] = [],
    dice: number[] = [],
  ): LogLine[] => [{ text, tone, ruleIds, units, dice }];
  switch (e.type) {
    case 'turnStarted':
      return line(`Turn ${e.turn}: plot missions`, 'phase', ['TC-3']);
    case 'plotted':
      return line(`${name(e.unit)} plots ${plotWords(ctx, e.plot)}`, 'move', [], [e.unit]);
    case 'plotCleared':
      return line(`${name(e.unit)}: plot taken back`, 'move', [], [e.unit]);
    case 'plotsDone':
      return line(`${ctx.sideNames.get(e.side) ?? e.side} has plotted`, 'phase', ['TC-3']);
    case 'step':
      return line(`— ${stepLabel(e.step)} —`, 'phase', [e.ruleId]);
    case 'cohesion':
      return line(
        `${name(e.unit)} is near a friendly soft target: panic ${e.panic}% this turn`,
        'result',
        [e.ruleId],
        [e.unit],
      );
    case 'spotted':
      return line(
        `${name(e.unit)} is spotted${e.by ? ` by ${name(e.by)}` : ''}${e.reach !== undefined ? ` automatically at ${e.range} hexes (${e.why}: within ${e.reach})` : ''}`,
        'result',
        [e.ruleId],
        [e.unit],
      );
    case 'dummyRemoved':
      return line(`${name(e.unit)} was a dummy: removed`, 'result', [e.ruleId], [e.unit]);
    case 'fire': {
      const mods = e.mods.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label}`).join(', ');
      const cell =
        e.threshold === null ? '"."' : e.threshold >= 1 ? `1-${e.threshold}` : `${e.threshold}`;
      return line(
        `${e.kind} ${e.firers.map(name).join(' + ')} → ${name(e.target)}${e.at ? ` at ${at(e.at)} (after ${e.impulse} MP of its move)` : ''}: ${e.range} hexes, attack ${e.attack} − defence ${e.defence} = ${e.differential}, cell ${cell}; roll ${e.roll}${mods ? ` (${mods})` : ''} = ${e.adjusted}: ${RESULT[e.result]}`,
        'fire',
        [e.ruleId, ...e.mods.map((m) => m.ruleId)],
        [...e.firers, e.target],
        [e.roll],
      );
    }
    case 'noFire':
      return line(
        `${name(e.unit)} cannot fire at ${name(e.target)}: ${hexText(e.reason)}`,
        'fire',
        [e.ruleId],
        [e.unit],
      );
    case 'mortarCalled':
      return line(
        `${name(e.unit)} calls fire on ${at(e.hex)} (HE ${e.he}); it lands in turn ${e.lands}`,
        'fire',
        [e.ruleId],
        [e.unit],
      );
    case 'indirectFire':
      return line(
        `Indirect fire lands on ${at(e.hex)}: HE ${e.he} on ${e.column}, cell ${e.threshold ?? '.'}`,
        'fire',
        [e.ruleId],
      );
    case 'indirectResult':
      return line(
        `${name(e.unit)} under indirect fire: roll ${e.roll}, ${RESULT[e.result]}`,
        'result',
        [e.ruleId],
        [e.unit],
        [e.roll],
      );
    case 'moved':
      return line(
        `${name(e.unit)} moves ${e.path.length} hexes${e.path.length ? ` to ${at(e.path[e.path.length - 1]!)}` : ''}${e.stopped ? ` (stopped: ${hexText(e.stopped)})` : ''}`,
        'move',
        [],
        [e.unit],
      );
    case 'leftMap':
      return line(
        `${name(e.unit)} flees off the map (not destroyed)`,
        'result',
        [e.ruleId],
        [e.unit],
      );
    case 'overrun':
      return line(
        `${name(e.unit)} overruns ${name(e.target)}${e.roll !== null ? `: roll ${e.roll}` : ''}: ${RESULT[e.result]}`,
        'fire',
        [e.ruleId],
        [e.unit, e.target],
        e.roll !== null ? [e.roll] : [],
      );
    case 'faced':
      return line(`${name(e.unit)} faces side ${e.facing}`, 'move', [], [e.unit]);
    case 'pinRecovery':
      return line(
        `${name(e.unit)} ${e.unpinned ? 'recovers from its pin' : 'stays pinned'}${e.roll !== null ? ` (roll ${e.roll})` : ''}`,
        'roll',
        [e.ruleId],
        [e.unit],
        e.roll !== null ? [e.roll] : [],
      );
    case 'leftBehind':
      return line(`${name(e.unit)} is left behind by its platoon`, 'result', [e.ruleId], [e.unit]);
    case 'marked':
      return line(
        `${name(e.unit)} gets a morale marker (${MARK_WORDS[e.mark]})`,
        'result',
        [e.ruleId],
        [e.unit],
      );
    case 'morale': {
      const mods = e.mods
        .filter((m) => m.value !== 0)
        .map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label}`)
        .join(', ');
      return line(
        `${name(e.unit)} tests morale: d10 ${e.roll}${mods ? `, ${mods}` : ''} = ${e.score}: ${MORALE[e.result]}`,
        'roll',
        [e.ruleId, ...e.mods.map((m) => m.ruleId)],
        [e.unit],
        [e.roll],
      );
    }
    case 'smokePlaced':
      return line(
        `${name(e.unit)}'s smoke lands on ${at(e.hex)}: no sight through it until the end of turn ${e.until}`,
        'fire',
        [e.ruleId],
        [e.unit],
      );
    case 'smokeLifted':
      return line(`Smoke lifts from ${e.hexes.map(at).join(', ')}`, 'result', [e.ruleId]);
    case 'rubble':
      return line(
        e.collapsed
          ? `The building at ${at(e.hex)} collapses (roll ${e.roll} ≤ ${e.collapseMax}): rubble${e.scatter ? `, scattered into ${at(e.scatter)}, closed to vehicles` : ''}`
          : `The building at ${at(e.hex)} stands (roll ${e.roll} > ${e.collapseMax})`,
        'result',
        [e.ruleId],
        [],
        e.scatterRoll !== undefined ? [e.roll, e.scatterRoll] : [e.roll],
      );
    case 'mounted':
      return line(`${name(e.unit)} mounts ${name(e.carrier)}`, 'move', [e.ruleId], [e.unit]);
    case 'dismounted':
      return line(
        `${name(e.unit)} gets off ${name(e.carrier)} into ${at(e.hex)}${e.why ? ` (${e.why})` : ''}`,
        'move',
        [e.ruleId],
        [e.unit],
      );
    case 'noMount':
      return line(
        `${name(e.unit)} cannot mount ${name(e.carrier)}: ${hexText(e.reason)}`,
        'move',
        [e.ruleId],
        [e.unit],
      );
    case 'fallback':
      return line(
        `${name(e.unit)} carries out its fallback instead: ${plotWords(ctx, e.plot)}`,
        'move',
        [e.ruleId],
        [e.unit],
      );
    case 'panic':
      return line(
        `${name(e.unit)} under indirect fire tests panic (${e.panicPct}%): d10 ${e.roll}: ${
          !e.panicked
            ? 'holds'
            : e.stays
              ? 'panics, but is pinned and stays where it is'
              : `panics and runs ${e.path.length} hexes${e.path.length ? ` to ${at(e.path[e.path.length - 1]!)}` : ''}`
        }`,
        'roll',
        [e.ruleId],
        [e.unit],
        e.scatterRoll !== undefined ? [e.roll, e.scatterRoll] : [e.roll],
      );
    case 'stuck':
      return line(
        `${name(e.unit)} must stay in ${at(e.hex)} until the end of turn ${e.until} before leaving it`,
        'move',
        [e.ruleId],
        [e.unit],
      );
    case 'entrenched':
      return line(
        e.turns >= e.needed
          ? `${name(e.unit)} has dug in at ${at(e.hex)}: an Improved Position for it until it leaves`
          : `${name(e.unit)} digs in at ${at(e.hex)} (turn ${e.turns} of ${e.needed})`,
        'move',
        [e.ruleId],
        [e.unit],
      );
    case 'vehicleSmoke':
      return line(
        `Vehicle smoke over the wreck${e.units.length > 1 ? 's' : ''} of ${e.units.map(name).join(', ')} (${e.hexes.map(at).join(', ')}) until the end of turn ${e.until}`,
        'result',
        [e.ruleId],
        [...e.units],
      );
    case 'impactScattered':
      return line(
        key(e.from) === key(e.to)
          ? `${name(e.unit)}'s fire on ${at(e.from)} is unobserved but lands on its hex`
          : `${name(e.unit)}'s fire on ${at(e.from)} is unobserved and scatters to ${at(e.to)}`,
        'roll',
        [e.ruleId],
        [e.unit],
        [e.roll],
      );
    case 'mMarkers':
      return line(
        `M markers (${e.step === 'DF' ? 'fired' : 'moved'}): ${e.units.map(name).join(', ')}`,
        'move',
        [e.ruleId],
        [...e.units],
      );
    case 'airlanded':
      return line(
        `${name(e.unit)} lands by air at ${at(e.hex)}${e.result === 'landed' ? '' : e.result === 'pinned' ? ': a hard landing, pinned' : ': lost in the landing'}`,
        e.result === 'landed' ? 'move' : 'roll',
        [e.ruleId],
        [e.unit],
        [e.roll],
      );
    case 'cleared':
      return line(
        `${name(e.unit)} clears the rubble in ${at(e.hex)}: vehicles may pass again`,
        'move',
        [e.ruleId],
        [e.unit],
      );
    case 'held':
      return line(
        `${ctx.sideNames.get(e.side) ?? e.side} holds the objective (${e.turns} turn${e.turns > 1 ? 's' : ''})`,
        'result',
      );
    case 'gameOver': {
      // A result that already names its winner ("Bravo wins: the turn limit …") is not named twice.
      const winner = ctx.sideNames.get(e.winner) ?? e.winner;
      return line(
        e.winner === 'draw'
          ? `Draw: ${e.text}`
          : e.text.startsWith(`${winner} wins`)
            ? e.text
            : `${winner} wins: ${e.text}`,
        'end',
      );
    }
  }
}
