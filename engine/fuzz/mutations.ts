import fc from 'fast-check';

/**
 * Ways a file from a stranger differs from a good one: damaged bytes, values of the wrong size or
 * kind, repeated and dangling ids, ids that name Object.prototype members, loops of transports,
 * deep nesting, keys that reach prototypes. Each mutation is plain data (so a failing case prints
 * and shrinks), applied by `mutateBytes` to the text of a good file.
 */

/** Values that have broken parsers, schemas and game loops before. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 2,
  '',
  'valueOf',
  'constructor',
  'hasOwnProperty',
  '__proto__',
  'toString',
  'x'.repeat(5000),
  [],
  {},
  [0, 0],
  [
    [0, 0],
    [0, 0],
    [0, 0],
  ],
  { type: 'move' },
  'forceDice',
  '\u0000',
  '\uD800',
];

/** Ids that name members of Object.prototype: an id-keyed plain object would find these. */
export const PROTOTYPE_NAMES: readonly string[] = [
  'valueOf',
  'constructor',
  'hasOwnProperty',
  'toString',
  'isPrototypeOf',
  '__defineGetter__',
  'propertyIsEnumerable',
  'toLocaleString',
];

/** A route into a JSON value: at each level the child is the choice modulo the child count. */
type Path = readonly number[];

export type Mutation =
  | { readonly kind: 'replace'; readonly path: Path; readonly value: number }
  | { readonly kind: 'delete'; readonly path: Path }
  | { readonly kind: 'duplicate'; readonly path: Path }
  | { readonly kind: 'number'; readonly path: Path; readonly value: number }
  | { readonly kind: 'prototypeId'; readonly which: number; readonly name: number }
  | { readonly kind: 'carry'; readonly carrier: number; readonly passenger: number }
  /** A unit placed anywhere the format allows, on the table or far off it. */
  | { readonly kind: 'position'; readonly which: number; readonly x: number; readonly y: number }
  | { readonly kind: 'nest'; readonly path: Path; readonly depth: number }
  | { readonly kind: 'forbiddenKey'; readonly path: Path; readonly key: number }
  /** In a saved game: one action's field (or its type) set to a nasty value, or removed. */
  | {
      readonly kind: 'action';
      readonly which: number;
      readonly key: number;
      readonly value: number;
      readonly remove: boolean;
    };

export type ByteMutation =
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'byte'; readonly at: number; readonly value: number }
  | { readonly kind: 'insert'; readonly at: number; readonly bytes: readonly number[] }
  | { readonly kind: 'bom' }
  | { readonly kind: 'utf16' }
  | { readonly kind: 'repeatKey'; readonly at: number };

/** One case: structural mutations of the parsed file, then damage to its bytes. */
export interface MutationPlan {
  readonly base: number;
  readonly mutations: readonly Mutation[];
  readonly bytes: readonly ByteMutation[];
}

const path = fc.array(fc.nat(), { minLength: 1, maxLength: 9 });

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), path, value: fc.nat() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), path }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), path }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('number' as const),
      path,
      value: fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        fc.constantFrom(1e308, -1e308, 1e6, 1e9, -0.0001),
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('prototypeId' as const),
      which: fc.nat(),
      name: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('carry' as const),
      carrier: fc.nat(),
      passenger: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('position' as const),
      which: fc.nat(),
      x: fc.double({ min: -10_000, max: 10_000, noNaN: true }),
      y: fc.double({ min: -10_000, max: 10_000, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('nest' as const),
      path,
      depth: fc.integer({ min: 2, max: 12_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('forbiddenKey' as const),
      path,
      key: fc.nat({ max: 2 }),
    }),
  },
);

/** Mutations aimed at a saved game's action log (most of a game file is its scenario). */
export const actionMutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constant('action' as const),
  which: fc.nat(),
  key: fc.nat(),
  value: fc.nat(),
  remove: fc.boolean(),
});

export const byteMutationArb: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({
    kind: fc.constant('truncate' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('byte' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant('bom' as const) }),
  fc.record({ kind: fc.constant('utf16' as const) }),
  fc.record({
    kind: fc.constant('repeatKey' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
);

/** Mostly structural damage (it reaches past the parser); sometimes damaged bytes too. */
export function planArb(bases: number, games: readonly number[] = []): fc.Arbitrary<MutationPlan> {
  return fc.record({
    base: fc.nat({ max: bases - 1 }),
    mutations: fc.array(
      games.length ? fc.oneof(mutationArb, actionMutationArb, actionMutationArb) : mutationArb,
      { minLength: 1, maxLength: 4 },
    ),
    bytes: fc.oneof(
      { weight: 4, arbitrary: fc.constant([] as ByteMutation[]) },
      { weight: 1, arbitrary: fc.array(byteMutationArb, { minLength: 1, maxLength: 2 }) },
    ),
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The container and key a path leads to (the last step picks a child of the container). */
function locate(
  root: Json,
  route: Path,
): { parent: Json[] | Record<string, Json>; key: string | number } | undefined {
  let node: Json = root;
  let found: { parent: Json[] | Record<string, Json>; key: string | number } | undefined;
  for (const step of route) {
    if (Array.isArray(node)) {
      if (node.length === 0) break;
      const key = step % node.length;
      found = { parent: node, key };
      node = node[key]!;
    } else if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[step % keys.length]!;
      found = { parent: node, key };
      node = node[key]!;
    } else break;
  }
  return found;
}

/** Every object with a string `id` and where it is, in document order. */
function withIds(root: Json): Record<string, Json>[] {
  const out: Record<string, Json>[] = [];
  const stack: Json[] = [root];
  while (stack.length) {
    const v = stack.pop()!;
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]!);
    else if (v !== null && typeof v === 'object') {
      if (typeof v['id'] === 'string') out.push(v);
      for (const k of Object.keys(v).reverse()) stack.push(v[k]!);
    }
  }
  return out;
}

/** Replaces every string equal to `from` (an id and its references) with `to`. */
function renameEverywhere(root: Json, from: string, to: string): Json {
  if (root === from) return to;
  if (Array.isArray(root)) return root.map((v) => renameEverywhere(v, from, to));
  if (root !== null && typeof root === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(root)) out[k] = renameEverywhere(v, from, to);
    return out;
  }
  return root;
}

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'] as const;

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Nesting to write into the text: the marker string stands where the nested value goes. */
interface Nest {
  readonly marker: string;
  readonly depth: number;
  readonly inner: string;
}

function applyMutation(root: Json, m: Mutation, nests: Nest[]): Json {
  switch (m.kind) {
    case 'replace':
    case 'number': {
      const at = locate(root, m.path);
      if (!at) return root;
      const value =
        m.kind === 'number' ? m.value : (NASTY_VALUES[m.value % NASTY_VALUES.length] as Json);
      (at.parent as Record<string | number, Json>)[at.key] = clone(value);
      return root;
    }
    case 'delete': {
      const at = locate(root, m.path);
      if (!at) return root;
      if (Array.isArray(at.parent)) at.parent.splice(at.key as number, 1);
      else delete at.parent[at.key as string];
      return root;
    }
    case 'duplicate': {
      const at = locate(root, m.path);
      if (!at || !Array.isArray(at.parent)) return root;
      at.parent.splice(at.key as number, 0, clone(at.parent[at.key as number]!));
      return root;
    }
    case 'prototypeId': {
      const records = withIds(root);
      if (!records.length) return root;
      const from = records[m.which % records.length]!['id'] as string;
      const to = PROTOTYPE_NAMES[m.name % PROTOTYPE_NAMES.length]!;
      return renameEverywhere(root, from, to);
    }
    case 'carry': {
      // Units are the records with a `type` inside a formation's `units`.
      const units = withIds(root).filter((r) => typeof r['type'] === 'string');
      if (!units.length) return root;
      const carrier = units[m.carrier % units.length]!;
      const passenger = units[m.passenger % units.length]!;
      const list = Array.isArray(carrier['passengers']) ? carrier['passengers'] : [];
      carrier['passengers'] = [...list, passenger['id'] as string];
      return root;
    }
    case 'position': {
      const units = withIds(root).filter((r) => typeof r['type'] === 'string');
      if (!units.length) return root;
      units[m.which % units.length]!['position'] = [m.x, m.y];
      return root;
    }
    case 'nest': {
      // Deep nesting is written into the text afterwards (JSON.stringify itself recurses).
      const at = locate(root, m.path);
      if (!at) return root;
      const inner = (at.parent as Record<string | number, Json>)[at.key]!;
      const marker = `\u0001nest${nests.length}\u0001`;
      nests.push({ marker: JSON.stringify(marker), depth: m.depth, inner: JSON.stringify(inner) });
      (at.parent as Record<string | number, Json>)[at.key] = marker;
      return root;
    }
    case 'action': {
      const actions =
        root !== null && typeof root === 'object' && !Array.isArray(root) ? root['actions'] : null;
      if (!Array.isArray(actions) || actions.length === 0) return root;
      const a = actions[m.which % actions.length];
      if (a === null || typeof a !== 'object' || Array.isArray(a)) return root;
      const keys = Object.keys(a);
      const key = keys[m.key % keys.length] ?? 'type';
      if (m.remove) delete a[key];
      else a[key] = clone(NASTY_VALUES[m.value % NASTY_VALUES.length] as Json);
      return root;
    }
    case 'forbiddenKey': {
      const at = locate(root, m.path);
      const target = at ? (at.parent as Record<string | number, Json>)[at.key] : root;
      if (target === null || typeof target !== 'object' || Array.isArray(target)) return root;
      // An own, enumerable property, as JSON.parse would make it.
      Object.defineProperty(target, FORBIDDEN[m.key % 3]!, {
        value: { polluted: true },
        enumerable: true,
        configurable: true,
        writable: true,
      });
      return root;
    }
  }
}

function applyBytes(bytes: Uint8Array, m: ByteMutation): Uint8Array {
  const at = (f: number) => Math.min(bytes.length, Math.floor(f * bytes.length));
  switch (m.kind) {
    case 'truncate':
      return bytes.slice(0, at(m.at));
    case 'byte': {
      const out = bytes.slice();
      if (out.length) out[Math.min(out.length - 1, at(m.at))] = m.value;
      return out;
    }
    case 'insert': {
      const i = at(m.at);
      return new Uint8Array([...bytes.subarray(0, i), ...m.bytes, ...bytes.subarray(i)]);
    }
    case 'bom':
      return new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    case 'utf16': {
      const out = new Uint8Array(bytes.length * 2 + 2);
      out[0] = 0xff;
      out[1] = 0xfe;
      bytes.forEach((b, i) => (out[2 + i * 2] = b));
      return out;
    }
    case 'repeatKey': {
      // Repeat the first key found after the offset: {"a": 1} becomes {"a": 1, "a": 1}.
      let text = '';
      for (let i = 0; i < Math.min(bytes.length, 1 << 20); i += 4096)
        text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 4096)));
      const m2 = /"([A-Za-z]+)":\s*(-?\d+(?:\.\d+)?|"[^"\\]*"|true|false|null),/.exec(
        text.slice(at(m.at)),
      );
      if (!m2) return bytes;
      const i = at(m.at) + m2.index + m2[0].length;
      const extra = Array.from(`${m2[0]}`, (c) => c.charCodeAt(0));
      return new Uint8Array([...bytes.subarray(0, i), ...extra, ...bytes.subarray(i)]);
    }
  }
}

/** UTF-8 bytes of a string, without TextEncoder (the engine has no DOM or Node types). */
export function utf8(s: string): Uint8Array {
  const out: number[] = [];
  for (const ch of s) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate cannot be encoded
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else
      out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(out);
}

/** The bytes of `text` after the plan's mutations. */
export function mutateText(
  text: string,
  plan: Pick<MutationPlan, 'mutations' | 'bytes'>,
): Uint8Array {
  let root = JSON.parse(text) as Json;
  const nests: Nest[] = [];
  for (const m of plan.mutations) root = applyMutation(root, m, nests);
  let out = JSON.stringify(root, null, 1);
  for (const n of nests.reverse())
    out = out.replace(n.marker, () => `${'['.repeat(n.depth)}${n.inner}${']'.repeat(n.depth)}`);
  let bytes = utf8(out);
  for (const b of plan.bytes) bytes = applyBytes(bytes, b);
  return bytes;
}

/** A short account of a plan, for the fuzz script's log and for failure messages. */
export function describePlan(plan: MutationPlan, names: readonly string[]): string {
  const what = [
    ...plan.mutations.map((m) => m.kind),
    ...plan.bytes.map((b) => `bytes:${b.kind}`),
  ].join(', ');
  return `${names[plan.base] ?? plan.base}: ${what}`;
}
