import type { ActionSchema, ActionSpec, FieldSpec } from '../../game/actionSchema';

/**
 * Every action a Tankplank game accepts (rules/actions.ts `TankplankAction`) as data: a saved
 * game's or an action log's entries are checked against it before the reducer sees them.
 * `forceDice` is not here: fixed dice are a feature of the test driver, never of a file.
 */
const id: FieldSpec = { kind: 'id' };
const point: FieldSpec = { kind: 'point' };
const degrees: FieldSpec = { kind: 'number', min: -3600, max: 3600 };
const ammo: FieldSpec = { kind: 'word', values: ['AP', 'HE'] };
const opt = <F extends FieldSpec>(f: F) => ({ ...f, optional: true }) as F & { optional: true };

const SPECS: Readonly<Record<string, ActionSpec>> = {
  move: {
    description: 'move a unit along straight legs (TP-4.1)',
    fields: {
      unit: id,
      path: { kind: 'points', min: 1, max: 1000 },
      facing: opt(degrees),
    },
  },
  face: {
    description: 'turn a unit (and its turret) in place',
    fields: { unit: id, facing: degrees, turret: opt(degrees) },
  },
  mount: { description: 'get into a vehicle', fields: { unit: id, vehicle: id } },
  dismount: { description: 'get out of a vehicle at a point', fields: { unit: id, at: point } },
  setUp: { description: 'set up a heavy weapon', fields: { unit: id } },
  breakDown: { description: 'break down a heavy weapon', fields: { unit: id } },
  fire: {
    description: 'fire one weapon at a unit or a point',
    fields: {
      unit: id,
      weapon: id,
      target: opt(id),
      at: opt(point),
      ammo: opt(ammo),
      indirect: opt({ kind: 'boolean' }),
    },
  },
  callFire: {
    description: 'an observer calls a mortar onto a point (TP-12.4)',
    fields: { unit: id, mortar: id, at: point },
  },
  climb: {
    description: 'climb to a floor or roof of a house, or a tree, or back down',
    fields: { unit: id, to: { kind: 'word', values: ['ground', 'upper', 'roof', 'tree'] } },
  },
  recoverAmmo: {
    description: 'recover rounds from a friendly wreck (TP-17.3)',
    fields: { unit: id, wreck: id },
  },
  handAmmo: {
    description: 'hand recovered rounds to a friendly vehicle (TP-17.3c)',
    fields: { unit: id, to: id },
  },
  pushWreck: {
    description: 'push a lighter wreck aside (TP-5.10)',
    fields: { unit: id, wreck: id, to: point },
  },
  manAaMg: { description: "a tank's commander takes the AA MG (TP-5.11)", fields: { unit: id } },
  endPhase: {
    description: "end the side's part of the phase",
    fields: { side: id, timeUp: opt({ kind: 'boolean' }) },
  },
  boardBoat: { description: 'get into a boat at the creek', fields: { unit: id, boat: id } },
  crossInBoat: { description: 'cross the creek in a boat', fields: { unit: id } },
  pickUpWeapon: { description: 'pick up a dropped heavy weapon', fields: { unit: id, piece: id } },
  dropWeapon: { description: 'put down a carried heavy weapon', fields: { unit: id } },
  joinCrew: {
    description: 'an officer orders a crewman into a heavy-weapons crew (TP-16.5)',
    fields: { officer: id, unit: id, crew: id },
  },
  fireCaptured: {
    description: 'work an abandoned enemy AT gun (TP-16.7)',
    fields: { unit: id, gun: id, target: opt(id), at: opt(point), ammo: opt(ammo) },
  },
};

export const TANKPLANK_ACTIONS: ActionSchema = new Map(Object.entries(SPECS));
