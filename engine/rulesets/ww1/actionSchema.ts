import type { ActionSchema, ActionSpec, FieldSpec } from '../../game/actionSchema';

/**
 * Every action a WWI game accepts (rules/turn.ts `Ww1Action`) as data: saved games and action
 * logs are checked against it before the reducer sees them. Fixed dice are not here: they are a
 * feature of the test driver, never of a file.
 */
const id: FieldSpec = { kind: 'id' };

const SPECS: Readonly<Record<string, ActionSpec>> = {
  playCard: {
    description: 'play a command card from the hand (WW-G1)',
    fields: { card: id },
  },
  order: {
    description: "order units in the card's sections, up to its count (WW-2.1, WW-G1)",
    fields: { units: { kind: 'ids', min: 1, max: 20 } },
  },
  move: {
    description: 'move an ordered unit hex by hex (WW-3, WW-G5)',
    fields: { unit: id, path: { kind: 'hexes', min: 1, max: 10 } },
  },
  endOrders: { description: 'end ordering: on to moving the ordered units', fields: {} },
  endMoves: { description: 'end ordering and moving: on to battles', fields: {} },
  battle: {
    description: 'battle an enemy unit, with a combat card if one is played (WW-4, WW-5, WW-7)',
    fields: { unit: id, target: id, card: { kind: 'id', optional: true } },
  },
  endTurn: { description: 'end the turn: draw cards, the other side plays', fields: {} },
};

export const WW1_ACTIONS: ActionSchema = new Map(Object.entries(SPECS));
