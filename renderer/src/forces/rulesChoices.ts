import type { CatalogDoc, RulesTable, RulesetRef } from '../../../engine/format/types';
import type { RulesetCatalog } from '../../../engine/forces';

/** A value an option of `ruleset.options` takes. */
export type OptionValue = boolean | number | string;

/** A row of a catalog's `optionalRules` table: an era layer or an optional rule. */
export interface OptionalRule {
  /** Written to `ruleset.layers` (kind layer) or as a key of `ruleset.options` (kind option). */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly ruleId: string;
  readonly kind: 'layer' | 'option';
  /** Rows of one group exclude each other (the era layers); empty for independent rules. */
  readonly group: string;
}

/** A row of a catalog's `interpretations` table: one ambiguity of the rules and its readings. */
export interface Interpretation {
  readonly id: string;
  /** The option's name; `ruleset.options` may key the choice by it instead of the id. */
  readonly option: string;
  readonly summary: string;
  /** The recommended reading. */
  readonly default: OptionValue;
  /** The other readings the engine understands. */
  readonly alternatives: readonly OptionValue[];
}

/** A figure scale of a catalog's `scales` table (TP-21). */
export interface FigureScale {
  readonly figureScale: string;
  readonly factor: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const isValue = (v: unknown): v is OptionValue =>
  typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string';

const rowsOf = (t: RulesTable | undefined) => t?.rows ?? [];

/** The optional rules a catalog offers; empty when it has no `optionalRules` table. */
export function optionalRules(cat: RulesetCatalog): OptionalRule[] {
  return rowsOf(cat.tables['optionalRules']).map((r) => ({
    id: text(r['id']),
    name: text(r['name']) || text(r['id']),
    description: text(r['description']),
    ruleId: text(r['ruleId']),
    kind: r['kind'] === 'layer' ? 'layer' : 'option',
    group: text(r['group']),
  }));
}

/** The interpretation options a catalog lists; empty when it has none. */
export function interpretationList(cat: RulesetCatalog): Interpretation[] {
  return rowsOf(cat.tables['interpretations']).flatMap((r) => {
    const def = r['default'];
    if (!isValue(def)) return [];
    const alts = Array.isArray(r['alternatives']) ? r['alternatives'].filter(isValue) : [];
    return [
      {
        id: text(r['id']),
        option: text(r['option']),
        summary: text(r['summary']),
        default: def,
        alternatives: alts.filter((a) => a !== def),
      },
    ];
  });
}

/** The figure scales a catalog offers (TP-21); empty when it has no `scales` table. */
export function figureScales(cat: RulesetCatalog): FigureScale[] {
  return rowsOf(cat.tables['scales']).flatMap((r) =>
    typeof r['factor'] === 'number'
      ? [{ figureScale: text(r['figureScale']), factor: r['factor'] }]
      : [],
  );
}

/** The layer catalogs a ruleset can add beyond its base (bundled catalogs with another layer). */
export function layerCatalogs(
  ruleset: RulesetRef['id'],
  catalogs: readonly CatalogDoc[],
): { layer: string; title: string; description: string }[] {
  const seen = new Set<string>();
  const out: { layer: string; title: string; description: string }[] = [];
  for (const c of catalogs) {
    if (c.ruleset !== ruleset || c.placeholder) continue;
    const base = ['base', 'basic'].includes(c.layer.toLowerCase());
    if (base || seen.has(c.layer)) continue;
    seen.add(c.layer);
    out.push({
      layer: c.layer,
      title: c.meta?.title ?? c.layer,
      description: c.meta?.description ?? '',
    });
  }
  return out;
}

/** A ruleset with `layers` or `options` dropped when empty, so saved files stay clean. */
function tidy(r: RulesetRef): RulesetRef {
  const out: RulesetRef = { ...r };
  if (out.layers && out.layers.length === 0) delete out.layers;
  if (out.options && Object.keys(out.options).length === 0) delete out.options;
  return out;
}

/** Whether a layer is selected (layer names compare without case, as the catalogs do). */
export function hasLayer(r: RulesetRef, layer: string): boolean {
  return (r.layers ?? []).some((l) => l.toLowerCase() === layer.toLowerCase());
}

/** Turns one layer on or off, leaving the others as they are. */
export function withLayer(r: RulesetRef, layer: string, on: boolean): RulesetRef {
  const rest = (r.layers ?? []).filter((l) => l.toLowerCase() !== layer.toLowerCase());
  return tidy({ ...r, layers: on ? [...rest, layer] : rest });
}

/**
 * Chooses the layer of an exclusive group (the era: TW or ADV), or none of them for the base
 * game. Layers outside the group are kept.
 */
export function withGroupLayer(
  r: RulesetRef,
  rules: readonly OptionalRule[],
  group: string,
  layer: string | null,
): RulesetRef {
  const inGroup = new Set(
    rules.filter((x) => x.kind === 'layer' && x.group === group).map((x) => x.id.toLowerCase()),
  );
  const rest = (r.layers ?? []).filter((l) => !inGroup.has(l.toLowerCase()));
  return tidy({ ...r, layers: layer ? [...rest, layer] : rest });
}

/** The layer chosen in a group, if any. */
export function groupLayer(
  r: RulesetRef,
  rules: readonly OptionalRule[],
  group: string,
): string | null {
  return (
    rules.find((x) => x.kind === 'layer' && x.group === group && hasLayer(r, x.id))?.id ?? null
  );
}

/**
 * Whether an optional rule is on. Older files listed options such as `BASIC.OPT.SCREEN` among the
 * layers; that still counts.
 */
export function optionOn(r: RulesetRef, key: string): boolean {
  return r.options?.[key] === true || hasLayer(r, key);
}

/**
 * Turns an optional rule on (`options[key] = true`) or off (the key is removed: off is the
 * default). The old place in `layers` is cleared either way.
 */
export function withOption(r: RulesetRef, key: string, on: boolean): RulesetRef {
  const options = { ...(r.options ?? {}) };
  delete options[key];
  if (on) options[key] = true;
  const layers = (r.layers ?? []).filter((l) => l.toLowerCase() !== key.toLowerCase());
  return tidy({ ...r, layers, options });
}

/** The reading a scenario plays an interpretation with: its override by id or name, else the default. */
export function interpretationValue(r: RulesetRef, i: Interpretation): OptionValue {
  return r.options?.[i.id] ?? r.options?.[i.option] ?? i.default;
}

/** Whether a scenario plays an interpretation with another reading than the recommended one. */
export function isOverridden(r: RulesetRef, i: Interpretation): boolean {
  return interpretationValue(r, i) !== i.default;
}

/**
 * Chooses a reading. The recommended one removes the override (by id and by name) so the file
 * says only what differs; any other is written under the option's id.
 */
export function withInterpretation(
  r: RulesetRef,
  i: Interpretation,
  value: OptionValue,
): RulesetRef {
  const options = { ...(r.options ?? {}) };
  delete options[i.id];
  delete options[i.option];
  if (value !== i.default) options[i.id] = value;
  return tidy({ ...r, options });
}

/** Puts every interpretation back to its recommended reading. */
export function withAllRecommended(r: RulesetRef, list: readonly Interpretation[]): RulesetRef {
  return list.reduce((acc, i) => withInterpretation(acc, i, i.default), r);
}

/** How many rule choices differ from the plain game: optional rules, era layers, readings. */
export function overrideCount(
  r: RulesetRef,
  rules: readonly OptionalRule[],
  list: readonly Interpretation[],
): number {
  const chosen = rules.filter((x) => (x.kind === 'layer' ? hasLayer(r, x.id) : optionOn(r, x.id)));
  return chosen.length + list.filter((i) => isOverridden(r, i)).length;
}

/** Whether an interpretation matches a filter text (id, option name or summary). */
export function matchesFilter(i: Interpretation, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  if (!f) return true;
  return [i.id, i.option, i.summary].some((s) => s.toLowerCase().includes(f));
}
