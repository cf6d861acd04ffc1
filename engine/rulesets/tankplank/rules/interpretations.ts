import type { TankplankCatalog } from './catalog';
import { tableRows } from './catalog';

/** The value an interpretation option takes. */
export type OptionValue = number | string | boolean;

/**
 * Interpretation registry: every ambiguity of the digest (TP-A…) is an option with the
 * recommended default from the catalog's `interpretations` table. A scenario may override an
 * option in `ruleset.options`, by its id ("TP-A18") or its name ("moraleScore").
 */
export interface Interpretations {
  /** The value of an option, by id or name. */
  get(idOrName: string): OptionValue;
  num(idOrName: string): number;
  bool(idOrName: string): boolean;
  str(idOrName: string): string;
  /** Every option with its value, default and whether the scenario changed it. */
  list(): readonly {
    id: string;
    option: string;
    value: OptionValue;
    default: OptionValue;
    overridden: boolean;
  }[];
}

/** Builds the registry from the catalog defaults and the scenario's overrides. */
export function interpretations(
  cat: TankplankCatalog,
  overrides: Readonly<Record<string, OptionValue>> = {},
): Interpretations {
  const rows = tableRows(cat, 'interpretations').map((r) => ({
    id: String(r['id']),
    option: String(r['option']),
    def: r['default'] as OptionValue,
  }));
  const byKey = new Map<string, { id: string; option: string; def: OptionValue }>();
  for (const r of rows) {
    byKey.set(r.id, r);
    byKey.set(r.option, r);
  }
  const value = (r: { id: string; option: string; def: OptionValue }) =>
    overrides[r.id] ?? overrides[r.option] ?? r.def;
  const get = (k: string): OptionValue => {
    const r = byKey.get(k);
    if (!r) throw new Error(`no interpretation option "${k}"`);
    return value(r);
  };
  return {
    get,
    num: (k) => Number(get(k)),
    bool: (k) => get(k) === true || get(k) === 'true',
    str: (k) => String(get(k)),
    list: () =>
      rows.map((r) => ({
        id: r.id,
        option: r.option,
        value: value(r),
        default: r.def,
        overridden: value(r) !== r.def,
      })),
  };
}
