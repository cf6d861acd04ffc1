import { resolve, type SchemaNode } from './schemaFields';

type Obj = Record<string, unknown>;

/** Whether a schema node allows the JSON type `t`. */
export const isType = (s: SchemaNode, t: string) =>
  s.type === t || (Array.isArray(s.type) && s.type.includes(t));

/**
 * Sets or removes (undefined) a value at a path inside a copy of obj. Path steps into arrays are
 * indices; removing an array item closes the gap. An object left empty is removed.
 */
export function setIn(obj: Obj, path: readonly string[], value: unknown): Obj {
  return setInAny(obj, path, value) as Obj;
}

function setInAny(obj: unknown, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (Array.isArray(obj)) {
    const copy = [...(obj as unknown[])];
    const i = Number(head);
    if (!rest.length) {
      if (value === undefined) copy.splice(i, 1);
      else copy[i] = value;
      return copy;
    }
    copy[i] = setInAny(copy[i] ?? {}, rest, value);
    return copy;
  }
  const copy: Obj = { ...((obj as Obj | undefined) ?? {}) };
  if (!rest.length) {
    if (value === undefined) delete copy[head!];
    else copy[head!] = value;
    return copy;
  }
  const child = setInAny(copy[head!] ?? (/^\d+$/.test(rest[0]!) ? [] : {}), rest, value);
  const empty =
    !Array.isArray(child) && typeof child === 'object' && Object.keys(child as Obj).length === 0;
  if (empty) delete copy[head!];
  else copy[head!] = child;
  return copy;
}

/** A new list item with every required property at its first valid value. */
export function newItemOf(items: SchemaNode): Obj {
  const out: Obj = {};
  for (const key of items.required ?? []) {
    const p = resolve((items.properties ?? {})[key]!);
    if (p.enum) out[key] = p.enum[0];
    else if (isType(p, 'number') || isType(p, 'integer'))
      out[key] =
        (typeof p.default === 'number' ? p.default : undefined) ??
        (p.exclusiveMinimum !== undefined ? p.exclusiveMinimum + 1 : (p.minimum ?? 0));
    else if (isType(p, 'boolean')) out[key] = false;
    else if (isType(p, 'string')) out[key] = '';
  }
  return out;
}
