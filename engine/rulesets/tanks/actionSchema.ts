import type { ActionSchema, ActionSpec, FieldSpec } from '../../game/actionSchema';

/**
 * Every action a TANKS game accepts (rules/state.ts `TanksAction`) as data: saved games and
 * action logs are checked against it before the reducer sees them. Fixed dice are not here: they
 * are a feature of the test driver, never of a file.
 */
const id: FieldSpec = { kind: 'id' };
const degrees: FieldSpec = { kind: 'number', min: -3600, max: 3600 };
const elevation: FieldSpec = { kind: 'word', values: ['low', 'high'] };
const opt = <F extends FieldSpec>(f: F) => ({ ...f, optional: true }) as F & { optional: true };

const SPECS: Readonly<Record<string, ActionSpec>> = {
  deploy: {
    description: 'place a model in its deployment zone (TK-2.5 to TK-2.7)',
    fields: { unit: id, at: { kind: 'point' }, facing: degrees, elevation: opt(elevation) },
  },
  move: {
    description:
      'one move along the Measuring Arrow: heading, distance, final facing (TK-4.3, TK-4.4)',
    fields: {
      unit: id,
      heading: degrees,
      distance: { kind: 'number', min: 0, max: 1000 },
      facing: degrees,
      elevation: opt(elevation),
    },
  },
  defend: {
    description: 'take Speed tokens instead of moving (Defensive Measures, TK-4.7)',
    fields: { unit: id, tokens: { kind: 'number', min: 1, max: 10, integer: true } },
  },
  switchElevation: {
    description: 'a helicopter changes elevation standing still (TK-4.8)',
    fields: { unit: id },
  },
  shoot: {
    description: 'shoot at a model with the gun (or AAMG), Missiles or Rapid Fire (TK-6)',
    fields: {
      unit: id,
      target: id,
      weapon: { kind: 'word', values: ['gun', 'missiles', 'rapidFire'] },
      boost: opt({ kind: 'boolean' }),
    },
  },
  cancel: {
    description: "choose how many Criticals a side's defence dice cancel (TK-6.7)",
    fields: { side: id, criticals: { kind: 'number', min: 0, max: 100, integer: true } },
  },
  split: {
    description: 'choose how many Criticals become two Hits each (TK-6.12, a card allows it)',
    fields: { side: id, criticals: { kind: 'number', min: 0, max: 100, integer: true } },
  },
  chooseEdge: {
    description: 'the Defender picks its table edge; the Attacker takes the opposite (TK-2.4)',
    fields: { side: id, edge: { kind: 'word', values: ['north', 'south', 'east', 'west'] } },
  },
  placeObjective: {
    description:
      "put the next objective token within one Measuring Arrow of the opponent's edge (TK-9)",
    fields: { side: id, objective: id, at: { kind: 'point' } },
  },
  rollForTerrain: {
    description: 'both players roll a die; the higher places the first Forest (TK-2.2)',
    fields: { side: id },
  },
  turnTerrain: {
    description: 'turn the terrain piece about to be placed, degrees from how the map draws it',
    fields: { side: id, piece: id, rotation: degrees },
  },
  placeTerrain: {
    description:
      'put the next terrain piece down, one Measuring Arrow clear of every piece and edge (TK-2.2, TK-2.3)',
    fields: { side: id, piece: id, at: { kind: 'point' }, rotation: opt(degrees) },
  },
  reveal: {
    description: 'turn a face-down crew or upgrade card face up (TK-8.7)',
    fields: { unit: id, card: id },
  },
  endPhase: {
    description: "end the acting model's turn, or take the default choice",
    fields: { side: id, timeUp: opt({ kind: 'boolean' }) },
  },
};

export const TANKS_ACTIONS: ActionSchema = new Map(Object.entries(SPECS));
