import type { ActionSchema, ActionSpec, FieldSpec } from '../../game/actionSchema';
import { MISSIONS } from './rules/state';

/**
 * Every action a TANK! game accepts (rules/state.ts `TankAction`) as data. Hexes are written as
 * [column, row] pairs. Fixed dice are not here: they are a feature of the test driver.
 */
const id: FieldSpec = { kind: 'id' };
const opt = <F extends FieldSpec>(f: F) => ({ ...f, optional: true }) as F & { optional: true };

const SPECS: Readonly<Record<string, ActionSpec>> = {
  plot: {
    description:
      "write a unit's mission for this turn: DF, DF-P, DF-CA or SMF at a target, OF, MV, MVR or OV along a path of hexes, FC to a facing, IF or SF on a hex, MT onto a friendly vehicle (target), DT into a hex (at); with fallback, an FC or MVR done instead if morale cancels all missions (OT-G7, TC-3, TC-6.4)",
    fields: {
      unit: id,
      mission: { kind: 'word', values: MISSIONS },
      target: opt(id),
      at: opt({ kind: 'point' }),
      path: opt({ kind: 'points', min: 1, max: 60 }),
      facing: opt({ kind: 'number', min: 0, max: 5, integer: true }),
      phase: opt({ kind: 'word', values: ['DF', 'OF'] }),
      fallback: opt({ kind: 'boolean' }),
    },
  },
  clearPlot: {
    description: "take back a unit's plot before the side has finished plotting",
    fields: { unit: id },
  },
  endPlot: {
    description: 'finish plotting for a side; the turn resolves when both have',
    fields: { side: id },
  },
};

export const TANK_ACTIONS: ActionSchema = new Map(Object.entries(SPECS));
