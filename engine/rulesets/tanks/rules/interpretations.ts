import type { RulesetCatalog } from '../../../forces/rulesetCatalog';

/** The value an interpretation option takes. */
export type OptionValue = number | string | boolean;

/** One interpretation with its value in this game. */
export interface OptionEntry {
  readonly id: string;
  readonly option: string;
  readonly value: OptionValue;
  readonly default: OptionValue;
  readonly alternatives: readonly OptionValue[];
  readonly overridden: boolean;
}

/**
 * The interpretation registry of TANKS: every ambiguity of the digest (TK-A1 to TK-A25) is a row
 * of the catalog's `interpretations` table with its recommended default. A scenario picks another
 * reading in `ruleset.options`, keyed by the row id ("TK-A6") or the option name
 * ("ignoreUnderlyingMode"). A value the engine does not play is refused when the game starts.
 */
export interface Interpretations {
  get(idOrName: string): OptionValue;
  bool(idOrName: string): boolean;
  str(idOrName: string): string;
  list(): readonly OptionEntry[];
}

const isValue = (v: unknown): v is OptionValue =>
  typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string';

/** Builds the registry, or says which option of the scenario has a reading the engine lacks. */
export function interpretations(
  cat: RulesetCatalog,
  overrides: Readonly<Record<string, OptionValue>> = {},
): Interpretations | string {
  const rows = (cat.tables['interpretations']?.rows ?? []).flatMap((r) => {
    const def = r['default'];
    if (!isValue(def)) return [];
    const alts = Array.isArray(r['alternatives']) ? r['alternatives'].filter(isValue) : [];
    return [{ id: String(r['id']), option: String(r['option']), def, alts }];
  });
  if (rows.length === 0)
    return 'the catalogs have no "interpretations" table; TANKS needs one row per ambiguity TK-A1 to TK-A25';
  const entries: OptionEntry[] = [];
  for (const r of rows) {
    const chosen = overrides[r.id] ?? overrides[r.option];
    const value = chosen ?? r.def;
    if (value !== r.def && !r.alts.includes(value)) {
      const readings = [r.def, ...r.alts].map((v) => JSON.stringify(v)).join(', ');
      return `ruleset option ${r.id} (${r.option}) is ${JSON.stringify(value)}, a reading the TANKS engine does not play; use one of ${readings}`;
    }
    entries.push({
      id: r.id,
      option: r.option,
      value,
      default: r.def,
      alternatives: r.alts,
      overridden: value !== r.def,
    });
  }
  const byKey = new Map<string, OptionEntry>();
  for (const e of entries) {
    byKey.set(e.id, e);
    byKey.set(e.option, e);
  }
  const get = (k: string): OptionValue => {
    const e = byKey.get(k);
    if (!e) throw new Error(`no TANKS interpretation option "${k}" in the catalog`);
    return e.value;
  };
  return {
    get,
    bool: (k) => get(k) === true,
    str: (k) => String(get(k)),
    list: () => entries,
  };
}
