import type { GameDef } from '../../../game/gameDef';
import { defineView } from '../../../playtest/viewBase';
import type { PlaytestView } from '../../../playtest/view';
import type { DuelAction, DuelEvent, DuelState } from './game';

/** The duel on the playtest screen: two counters, whose turn it is, and the shots in the log. */
export function duelView(
  game: GameDef<DuelState, DuelAction, DuelEvent>,
  size: { readonly columns: number; readonly rows: number },
): PlaytestView<DuelState, DuelEvent, 'hex'> {
  const name = (s: DuelState, id: string) => s.tanks.find((t) => t.id === id)?.name ?? id;
  return defineView<DuelState, DuelEvent, 'hex'>({
    board: 'hex',
    game,
    label: 'Duel',
    table: { width: size.columns, height: size.rows },
    phase: (s) => {
      const status = game.status(s);
      return {
        turn: status.turn,
        turnLimit: s.turnLimit,
        phase: 'fire',
        phaseLabel: 'Fire',
        phaseRuleId: undefined,
        phases: [{ id: 'fire', label: 'Fire' }],
        waitingFor: status.waitingFor,
        todo: {},
        prompt: status.over ? { kind: 'wait', for: [] } : { kind: 'fire' },
        over: status.over,
      };
    },
    counters: (s) =>
      s.tanks.map((t) => ({
        id: t.id,
        side: t.side,
        label: t.name,
        glyph: 'T',
        kind: t.hits > 0 ? 'vehicle' : 'wreck',
        formation: t.side,
        formationLabel: t.side,
        at: { col: t.col, row: t.row },
        facing: 0,
        turret: undefined,
        size: { length: 1, width: 1 },
        embarkedIn: null,
        passengers: [],
        status: [`${t.hits} hits left`],
        moved: 0,
        alive: t.hits > 0,
      })),
    canAct: (s, unit, side) =>
      game.status(s).waitingFor.includes(side) &&
      s.tanks.some((t) => t.id === unit && t.side === side),
    describe: (e, s) => {
      switch (e.kind) {
        case 'fired':
          return [
            {
              text: `${name(s, e.by)} fires at ${name(s, e.at)}: ${e.roll}, ${e.hit ? 'a hit' : 'a miss'}`,
              ruleIds: [],
              dice: [e.roll],
              tone: 'fire',
              units: [e.by, e.at],
            },
          ];
        case 'knockedOut':
          return [
            {
              text: `${name(s, e.tank)} is knocked out`,
              ruleIds: [],
              dice: [],
              tone: 'result',
              units: [e.tank],
            },
          ];
        case 'turnEnded':
          return [
            {
              text: `${e.side} ends turn ${e.turn}`,
              ruleIds: [],
              dice: [],
              tone: 'end',
              units: [],
            },
          ];
      }
    },
  });
}
