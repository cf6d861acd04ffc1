import type { GameAction } from './action';

/**
 * The actions a ruleset's reducer accepts, as data: each action type with its fields. Every
 * action that comes from outside the engine (a saved game, an action log, the CLI, a peer) is
 * checked against its ruleset's schema before the reducer sees it, so a reducer never meets a
 * `path` that is `null` or an action type it does not know: a bad one is refused with its index
 * and what is wrong.
 */

/** The farthest a point may be from the table's corner: the bound the file format sets. */
export const MAX_COORDINATE = 10_000;

export type FieldSpec =
  /** An id of a unit, side, weapon or feature: a non-empty string. */
  | { readonly kind: 'id' }
  /** One of a few words. */
  | { readonly kind: 'word'; readonly values: readonly string[] }
  | {
      readonly kind: 'number';
      readonly min: number;
      readonly max: number;
      readonly integer?: boolean;
    }
  | { readonly kind: 'boolean' }
  /** A table point [x, y] in inches. */
  | { readonly kind: 'point' }
  /** A list of table points. */
  | { readonly kind: 'points'; readonly min: number; readonly max: number }
  /** A list of ids (units ordered together). */
  | { readonly kind: 'ids'; readonly min: number; readonly max: number }
  /** A list of hexes {col, row} of a hex map (a path). */
  | { readonly kind: 'hexes'; readonly min: number; readonly max: number };

export interface ActionSpec {
  /** What the action does, for messages and for the schema's readers. */
  readonly description: string;
  readonly fields: Readonly<Record<string, FieldSpec & { readonly optional?: boolean }>>;
}

/** A ruleset's actions by type. */
export type ActionSchema = ReadonlyMap<string, ActionSpec>;

const MAX_ID = 128;

const describe = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? `a list of ${v.length}`
      : typeof v === 'object'
        ? 'an object'
        : typeof v === 'string'
          ? JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}...` : v)
          : String(v);

const finitePoint = (p: unknown): p is [number, number] =>
  Array.isArray(p) &&
  p.length === 2 &&
  p.every((n) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= MAX_COORDINATE);

function checkField(name: string, spec: FieldSpec, v: unknown): string | undefined {
  switch (spec.kind) {
    case 'id':
      return typeof v === 'string' && v.length > 0 && v.length <= MAX_ID
        ? undefined
        : `"${name}" must be an id (text of 1 to ${MAX_ID} characters), not ${describe(v)}`;
    case 'word':
      return typeof v === 'string' && spec.values.includes(v)
        ? undefined
        : `"${name}" must be one of ${spec.values.map((w) => `"${w}"`).join(', ')}, not ${describe(v)}`;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v))
        return `"${name}" must be a number, not ${describe(v)}`;
      if (spec.integer && !Number.isInteger(v)) return `"${name}" must be a whole number, not ${v}`;
      return v < spec.min || v > spec.max
        ? `"${name}" must be from ${spec.min} to ${spec.max}, not ${v}`
        : undefined;
    case 'boolean':
      return typeof v === 'boolean'
        ? undefined
        : `"${name}" must be true or false, not ${describe(v)}`;
    case 'point':
      return finitePoint(v)
        ? undefined
        : `"${name}" must be a point [x, y] in inches within ${MAX_COORDINATE} of the table's corner, not ${describe(v)}`;
    case 'points': {
      if (!Array.isArray(v)) return `"${name}" must be a list of points, not ${describe(v)}`;
      if (v.length < spec.min || v.length > spec.max)
        return `"${name}" must have ${spec.min} to ${spec.max} points, not ${v.length}`;
      const bad = v.findIndex((p) => !finitePoint(p));
      return bad < 0
        ? undefined
        : `point ${bad} of "${name}" must be [x, y] in inches within ${MAX_COORDINATE} of the table's corner, not ${describe(v[bad])}`;
    }
    case 'ids': {
      if (!Array.isArray(v)) return `"${name}" must be a list of ids, not ${describe(v)}`;
      if (v.length < spec.min || v.length > spec.max)
        return `"${name}" must have ${spec.min} to ${spec.max} ids, not ${v.length}`;
      const bad = v.findIndex((x) => typeof x !== 'string' || x.length === 0 || x.length > MAX_ID);
      return bad < 0
        ? undefined
        : `id ${bad} of "${name}" must be text of 1 to ${MAX_ID} characters, not ${describe(v[bad])}`;
    }
    case 'hexes': {
      if (!Array.isArray(v)) return `"${name}" must be a list of hexes, not ${describe(v)}`;
      if (v.length < spec.min || v.length > spec.max)
        return `"${name}" must have ${spec.min} to ${spec.max} hexes, not ${v.length}`;
      const hex = (h: unknown) =>
        h !== null &&
        typeof h === 'object' &&
        !Array.isArray(h) &&
        Object.keys(h).length === 2 &&
        [(h as { col?: unknown }).col, (h as { row?: unknown }).row].every(
          (n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_COORDINATE,
        );
      const bad = v.findIndex((h) => !hex(h));
      return bad < 0
        ? undefined
        : `hex ${bad} of "${name}" must be {"col", "row"}, whole numbers from 0 to ${MAX_COORDINATE}, not ${describe(v[bad])}`;
    }
  }
}

/** What is wrong with one action, or undefined when the schema accepts it. */
export function actionProblem(schema: ActionSchema, action: unknown): string | undefined {
  if (action === null || typeof action !== 'object' || Array.isArray(action))
    return `an action is an object with a "type", not ${describe(action)}`;
  const a = action as Record<string, unknown>;
  const type = a['type'];
  if (typeof type !== 'string') return `the action has no "type" (found ${describe(type)})`;
  if (type === 'forceDice')
    return 'fixed dice ("forceDice") are for the test driver only, never from a file';
  const spec = schema.get(type);
  if (!spec)
    return `"${type}" is not an action of this ruleset (its actions: ${[...schema.keys()].join(', ')})`;
  for (const [name, field] of Object.entries(spec.fields)) {
    if (!Object.hasOwn(a, name) || a[name] === undefined) {
      if (field.optional) continue;
      return `a "${type}" action needs "${name}"`;
    }
    const wrong = checkField(name, field, a[name]);
    if (wrong) return `in a "${type}" action, ${wrong}`;
  }
  for (const name of Object.keys(a)) {
    if (name !== 'type' && !Object.hasOwn(spec.fields, name))
      return `a "${type}" action has no field "${name}" (its fields: ${Object.keys(spec.fields).join(', ')})`;
  }
  return undefined;
}

/** An action log read from outside: the valid actions up to the first bad one, and what it was. */
export type CheckedLog =
  | { readonly ok: true; readonly actions: readonly GameAction[] }
  | {
      readonly ok: false;
      /** Index of the first bad entry; the actions before it are valid. */
      readonly index: number;
      readonly reason: string;
      readonly actions: readonly GameAction[];
    };

/**
 * Checks a log's entries in order and stops at the first the schema refuses: the game is then
 * played up to there, and what is wrong is said with its index.
 */
export function checkActionLog(schema: ActionSchema, entries: readonly unknown[]): CheckedLog {
  const actions: GameAction[] = [];
  for (const [index, entry] of entries.entries()) {
    const reason = actionProblem(schema, entry);
    if (reason !== undefined) return { ok: false, index, reason, actions };
    actions.push(entry as GameAction);
  }
  return { ok: true, actions };
}

/** "the game stops here, keeping the 3 actions before it", for a log stopped at `index`. */
export function stopsHere(index: number): string {
  const kept =
    index === 0
      ? 'no action before it'
      : index === 1
        ? 'the action before it'
        : `the ${index} actions before it`;
  return `the game stops here, keeping ${kept}`;
}
