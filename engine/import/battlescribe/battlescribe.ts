import type { Card, CatalogDoc, RulesetId, Stats, UnitType } from '../../format/types';
import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../../format/version';
import { formatProblem, loadDocument } from '../../format/index';
import {
  child,
  ImportError,
  whereXml,
  type ImportProblem,
  type XmlElement,
  type XmlParser,
} from '../xml';
import { slug, uniqueId } from '../ids';
import type { RulesetLookup } from '../../rulesets/lookup';
import {
  type BsFile,
  type BsImportOptions,
  type BsImportResult,
  type BsInputFile,
  type Located,
  bsFileText,
} from './bsInput';
import { baseName, linkedIds, listOf, mobilityOf, nationOf, norm, uniq } from './bsEntries';

export { MAX_BS_BYTES, bsFileText } from './bsInput';
export type { BsImportOptions, BsImportReport, BsImportResult, BsInputFile } from './bsInput';
export { baseName } from './bsEntries';

/** The ruleset of `rulesets` whose module takes BattleScribe catalogues (`catalogImports`). */
export function battleScribeRuleset(rulesets: RulesetLookup): RulesetId {
  const m = rulesets.list.find((r) => r.catalogImports?.includes('battlescribe'));
  if (!m) throw new Error('no ruleset of this build imports BattleScribe catalogues');
  return m.id;
}

const KIND_CATEGORIES = new Set([
  'tank',
  // not a ruleset: BattleScribe's category for tank models
  'tanks',
  'helicopter',
  'helicopters',
  'crew',
  'upgrade',
  'upgrades',
  'ammo',
  'platoon',
  'platoon card',
  'model',
  'unit',
  'configuration',
]);

/** Characteristic names of a TANKS model card and where they go. */
const MODEL_STATS: Record<string, { stat?: string; slot?: 'crew' | 'ammo' }> = {
  initiative: { stat: 'initiative' },
  attack: { stat: 'attack' },
  defence: { stat: 'defence' },
  defense: { stat: 'defence' },
  'damage capacity': { stat: 'damageCapacity' },
  damage: { stat: 'damageCapacity' },
  'crew slots': { slot: 'crew' },
  crew: { slot: 'crew' },
  'ammo slots': { slot: 'ammo' },
  ammo: { slot: 'ammo' },
};

const camel = (s: string) =>
  norm(s)
    .replace(/[^a-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^[^a-z]+/, '') || 'value';

function numberOrText(v: string): number | string {
  const t = v.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** A profile resolved to its type name and characteristic values. */
interface Profile {
  readonly el: XmlElement;
  readonly file: BsFile;
  readonly name: string;
  readonly typeName: string;
  readonly values: { name: string; value: string; el: XmlElement; typeId?: string }[];
}

/** A BattleScribe modifier that always applies (no conditions, no repeats). */
interface Modifier {
  readonly el: XmlElement;
  readonly file: BsFile;
  /** set, increment, decrement, append (add, remove for categories). */
  readonly type: string;
  /** `name`, `hidden`, `category`, or the id of a cost type or characteristic type. */
  readonly field: string;
  readonly value: string;
}

/** A modifier or modifier group that applies only when its conditions hold, or repeats. */
function conditional(m: XmlElement): boolean {
  return ['conditions', 'conditionGroups', 'localConditionGroups', 'repeats'].some((s) => {
    const c = child(m, s);
    return !!c && c.children.length > 0;
  });
}

interface CardDraft {
  card: Card;
  appliesTo: Set<string>;
  global: boolean;
}

/**
 * Reads a BattleScribe/NewRecruit game system (`.gst`) and its catalogues (`.cat`) into a
 * Sandtable TANKS catalog: model cards (profiles with Initiative, Attack, Defence, Damage
 * Capacity, crew and ammo slots) become unit types with their points, country and keywords;
 * crew, upgrade, ammo and platoon cards become cards with their cost, post and text. Shared
 * selection entries and groups are followed through entry links and info links. Modifiers that
 * always apply (no conditions, no repeats) are applied where they sit: on an entry, on the entry
 * link it is read through, on a profile or on an info link (set, increment, decrement, append on
 * names, costs and characteristics), so a rule link that sets "Missiles (X)" to "Missiles (4)"
 * gives the model the keyword Missiles (4). Costs may be negative (a cheaper crew). A model's
 * mobility comes from its keywords (Wheeled). `source` names the file, never its folder. Anything
 * without a place in the catalog (conditional modifiers, most constraints, other cost types,
 * force organisation) is listed in the report with its file, element and line. Throws
 * {@link ImportError} when a file is not well-formed or the set does not hang together; every
 * problem names the file, and the element and line it comes from.
 */
export function importBattleScribe(
  inputs: readonly BsInputFile[],
  parseXml: XmlParser,
  /** The rulesets the caller plays with; the catalog made is of the one that takes BattleScribe. */
  rulesets: RulesetLookup,
  options: BsImportOptions = {},
): BsImportResult {
  const problems: ImportProblem[] = [];
  const files: BsFile[] = [];
  for (const input of inputs) {
    try {
      const root = parseXml(bsFileText(input), input.name);
      if (root.name !== 'gameSystem' && root.name !== 'catalogue') {
        problems.push({
          file: input.name,
          where: whereXml(root),
          message: `the root element is <${root.name}>; a BattleScribe game system starts with <gameSystem> and a catalogue with <catalogue>`,
        });
        continue;
      }
      const library = root.attrs['library'] === 'true';
      const name = root.attrs['name'] ?? input.name;
      files.push({
        name: input.name,
        root,
        kind: root.name,
        library,
        ...(root.name === 'catalogue' && !library ? { nation: nationOf(name) } : {}),
      });
    } catch (e) {
      if (e instanceof ImportError) problems.push(...e.problems);
      else throw e;
    }
  }
  if (problems.length) throw new ImportError(problems);

  const systems = files.filter((f) => f.kind === 'gameSystem');
  if (systems.length !== 1) {
    throw new ImportError([
      {
        file: files.map((f) => f.name).join(', ') || '(no files)',
        where: '',
        message:
          systems.length === 0
            ? 'no game system (.gst) among the files; give the .gst with its .cat files'
            : `${systems.length} game systems (${systems.map((s) => s.name).join(', ')}); give one .gst with its catalogues`,
      },
    ]);
  }
  const system = systems[0]!;
  const systemId = system.root.attrs['id'];
  for (const f of files) {
    if (f.kind !== 'catalogue') continue;
    const gs = f.root.attrs['gameSystemId'];
    if (gs !== undefined && gs !== systemId) {
      problems.push({
        file: f.name,
        where: whereXml(f.root),
        message: `this catalogue belongs to game system ${gs}, not to ${system.root.attrs['name'] ?? system.name} (${systemId})`,
      });
    }
  }
  if (problems.length) throw new ImportError(problems);

  // Every element with an id, across all files, so links resolve wherever their target lives.
  const byId = new Map<string, Located>();
  const indexIds = (el: XmlElement, file: BsFile) => {
    const id = el.attrs['id'];
    if (id !== undefined && el.name !== 'entryLink' && el.name !== 'infoLink' && !byId.has(id))
      byId.set(id, { el, file });
    for (const c of el.children) indexIds(c, file);
  };
  for (const f of files) indexIds(f.root, f);

  const notImported: ImportProblem[] = [];
  const noted = new Set<string>();
  // An entry read through several links is reported once.
  const note = (file: BsFile, el: XmlElement, message: string) => {
    const where = whereXml(el);
    const key = `${file.name}\n${where}\n${message}`;
    if (noted.has(key)) return;
    noted.add(key);
    notImported.push({ file: file.name, where, message });
  };

  const costName = (typeId: string | undefined, fallback: string | undefined) => {
    const t = typeId ? byId.get(typeId) : undefined;
    return (t?.el.attrs['name'] ?? fallback ?? '').trim();
  };
  const categoryName = (link: XmlElement) => {
    const t = link.attrs['targetId'] ? byId.get(link.attrs['targetId']) : undefined;
    return (t?.el.attrs['name'] ?? link.attrs['name'] ?? '').trim();
  };

  const systemName = system.root.attrs['name'] ?? system.name;
  const prefix = options.id ?? `bs.${slug(systemName, 40)}`;
  const usedIds = new Set<string>();
  const units = new Map<string, UnitType>();
  const cards = new Map<string, CardDraft>();
  const unitIdOf = new Map<string, string>();
  /** Where each unit type and card was read from, to name it when the catalog is refused. */
  const origin = new Map<string, Located>();
  const visited = new Set<string>();

  /**
   * The modifiers of `el` that always apply: those without conditions or repeats, and those of
   * modifier groups without conditions or repeats. Conditional ones are listed as not imported
   * (a Sandtable catalog has no conditions).
   */
  const modifiersOf = (el: XmlElement, file: BsFile, what: string): Modifier[] => {
    const out: Modifier[] = [];
    const walk = (holder: XmlElement) => {
      for (const m of listOf(holder, 'modifiers', 'modifier')) {
        if (conditional(m)) {
          note(
            file,
            m,
            `${what}: conditional change "${m.attrs['type'] ?? ''} ${fieldName(m.attrs['field'])} ${m.attrs['value'] ?? ''}" is not imported (a Sandtable catalog has no conditions)`,
          );
        } else {
          out.push({
            el: m,
            file,
            type: m.attrs['type'] ?? '',
            field: m.attrs['field'] ?? '',
            value: m.attrs['value'] ?? '',
          });
        }
      }
      for (const g of listOf(holder, 'modifierGroups', 'modifierGroup')) {
        if (conditional(g))
          note(file, g, `${what}: a group of conditional changes is not imported`);
        else walk(g);
      }
    };
    walk(el);
    return out;
  };
  /** A modifier's field for messages: the name of the cost or characteristic type it names. */
  const fieldName = (field: string | undefined) =>
    (field && byId.get(field)?.el.attrs['name']) || (field ?? '');
  /** What a modifier's field is: a cost type, a characteristic type, or a plain field. */
  const fieldKind = (field: string) => {
    const t = byId.get(field)?.el.name;
    return t === 'costType' ? 'cost' : t === 'characteristicType' ? 'characteristic' : field;
  };
  /** Applies one modifier to a text or number value (set, increment, decrement, append). */
  const modified = (current: string, m: Modifier, what: string): string => {
    switch (m.type) {
      case 'set':
        return m.value;
      case 'append':
        return current ? `${current} ${m.value}` : m.value;
      case 'increment':
      case 'decrement': {
        const a = Number(current || '0');
        const b = Number(m.value);
        if (!Number.isFinite(a) || !Number.isFinite(b)) {
          note(
            m.file,
            m.el,
            `${what}: "${m.type} ${fieldName(m.field)} ${m.value}" needs numbers, and the value is "${current}"; it is not applied`,
          );
          return current;
        }
        return String(m.type === 'increment' ? a + b : a - b);
      }
      default:
        note(
          m.file,
          m.el,
          `${what}: change "${m.type} ${fieldName(m.field)} ${m.value}" is not imported; only set, increment, decrement and append are`,
        );
        return current;
    }
  };
  /** Applies modifiers to a profile's name and characteristics (field = characteristic type id). */
  const modifyProfile = (p: Profile, mods: readonly Modifier[]): Profile => {
    if (!mods.length) return p;
    let name = p.name;
    const values = p.values.map((v) => ({ ...v }));
    for (const m of mods) {
      if (m.field === 'name') name = modified(name, m, `profile "${p.name}"`);
      else if (fieldKind(m.field) === 'characteristic') {
        for (const v of values)
          if (v.typeId === m.field) v.value = modified(v.value, m, `profile "${p.name}"`);
      }
    }
    return { ...p, name, values };
  };

  const profilesOf = (el: XmlElement, file: BsFile, entryMods: readonly Modifier[]): Profile[] => {
    const out: Profile[] = [];
    const read = (p: XmlElement, pf: BsFile, linkMods: readonly Modifier[]) => {
      const type = p.attrs['typeId'] ? byId.get(p.attrs['typeId']) : undefined;
      const raw: Profile = {
        el: p,
        file: pf,
        name: p.attrs['name'] ?? '',
        typeName: (type?.el.attrs['name'] ?? p.attrs['typeName'] ?? '').trim(),
        values: listOf(p, 'characteristics', 'characteristic').map((c) => {
          const ct = c.attrs['typeId'] ? byId.get(c.attrs['typeId']) : undefined;
          return {
            name: (ct?.el.attrs['name'] ?? c.attrs['name'] ?? '').trim(),
            value: c.text.trim(),
            el: c,
            ...(c.attrs['typeId'] ? { typeId: c.attrs['typeId'] } : {}),
          };
        }),
      };
      // The profile's own changes, then the link's, then the entry's (characteristics only).
      const own = modifiersOf(p, pf, `profile "${raw.name}"`);
      out.push(
        modifyProfile(raw, [
          ...own,
          ...linkMods,
          ...entryMods.filter((m) => fieldKind(m.field) === 'characteristic'),
        ]),
      );
    };
    for (const p of listOf(el, 'profiles', 'profile')) read(p, file, []);
    for (const link of listOf(el, 'infoLinks', 'infoLink')) {
      if (link.attrs['type'] !== 'profile') continue;
      const t = link.attrs['targetId'] ? byId.get(link.attrs['targetId']) : undefined;
      if (!t)
        note(file, link, `info link to profile ${link.attrs['targetId']}, which no file defines`);
      else read(t.el, t.file, modifiersOf(link, file, `link "${link.attrs['name'] ?? ''}"`));
    }
    return out;
  };
  /** Rule names, as the entry's rules and rule links name them after their modifiers. */
  const rulesOf = (el: XmlElement, file: BsFile): string[] => {
    const names = listOf(el, 'rules', 'rule').map((r) => {
      let n = r.attrs['name'] ?? '';
      for (const m of modifiersOf(r, file, `rule "${n}"`))
        if (m.field === 'name') n = modified(n, m, `rule "${n}"`);
      return n;
    });
    for (const link of listOf(el, 'infoLinks', 'infoLink')) {
      if (link.attrs['type'] !== 'rule') continue;
      const t = link.attrs['targetId'] ? byId.get(link.attrs['targetId']) : undefined;
      let n = t?.el.attrs['name'] ?? link.attrs['name'] ?? '';
      // A link's unconditional change names the rule for this entry: "Missiles (X)" → "Missiles (4)".
      for (const m of modifiersOf(link, file, `link to rule "${n}"`))
        if (m.field === 'name') n = modified(n, m, `link to rule "${n}"`);
      names.push(n);
    }
    return names.map((n) => n.trim()).filter(Boolean);
  };

  interface Ctx {
    readonly file: BsFile;
    /** Names of the selection entry groups the entry sits in, outermost first. */
    readonly groups: readonly string[];
    /** Categories inherited from a group or a link. */
    readonly categories: readonly string[];
    /** The unit type a card entry sits under, when it is defined or linked inside a model. */
    readonly model?: string;
    /** Unconditional modifiers of the entry link the entry is read through. */
    readonly linkMods?: readonly Modifier[];
    /** The entry link the entry is read through, when its modifiers change it. */
    readonly linkId?: string;
  }

  const visitChildren = (el: XmlElement, file: BsFile, ctx: Ctx) => {
    for (const c of el.children) {
      if (
        c.name === 'selectionEntries' ||
        c.name === 'selectionEntryGroups' ||
        c.name === 'entryLinks'
      ) {
        for (const e of c.children) visit(e, file, ctx);
      }
    }
  };

  const constraintsOf = (el: XmlElement, file: BsFile, what: string, card: boolean) => {
    for (const c of listOf(el, 'constraints', 'constraint')) {
      const { type, value, scope, field } = c.attrs;
      const n = Number(value);
      // One card of a kind per model is the TANKS rule itself (TK-8.5): nothing to keep.
      if (card && type === 'max' && n === 1 && scope === 'parent' && field === 'selections')
        continue;
      note(
        file,
        c,
        `${what}: constraint "${type ?? ''} ${value ?? ''} ${field ?? ''} per ${scope ?? ''}" is not imported; TANKS force checks apply their own limits`,
      );
    }
  };

  const visit = (el: XmlElement, file: BsFile, ctx: Ctx): void => {
    if (el.name === 'entryLink') {
      const target = el.attrs['targetId'] ? byId.get(el.attrs['targetId']) : undefined;
      if (!target) {
        note(
          file,
          el,
          `entry link "${el.attrs['name'] ?? ''}" points at ${el.attrs['targetId']}, which no file defines`,
        );
        return;
      }
      const linkCats = listOf(el, 'categoryLinks', 'categoryLink').map(categoryName);
      const linkMods = modifiersOf(el, file, `link "${el.attrs['name'] ?? ''}"`);
      visit(target.el, target.file, {
        ...ctx,
        categories: [...ctx.categories, ...linkCats],
        ...(linkMods.length
          ? { linkMods, linkId: el.attrs['id'] ?? `${file.name}:${el.line}` }
          : {}),
      });
      return;
    }
    if (el.name === 'selectionEntryGroup') {
      const groupCats = listOf(el, 'categoryLinks', 'categoryLink').map(categoryName);
      let groupName = el.attrs['name'] ?? '';
      const what = `group "${groupName}"`;
      for (const m of [...modifiersOf(el, file, what), ...(ctx.linkMods ?? [])])
        if (m.field === 'name') groupName = modified(groupName, m, what);
      const { linkMods: _m, linkId: _l, ...rest } = ctx;
      visitChildren(el, file, {
        ...rest,
        groups: [...ctx.groups, groupName],
        categories: [...ctx.categories, ...groupCats],
      });
      return;
    }
    if (el.name !== 'selectionEntry') return;
    // An entry read through a link that changes it is a card or model of its own.
    const bsId = `${el.attrs['id'] ?? `${file.name}:${el.line}`}${ctx.linkId ? `@${ctx.linkId}` : ''}`;
    const visitKey = `${bsId}|${ctx.model ?? ''}`;
    if (visited.has(visitKey)) return;
    visited.add(visitKey);
    // A card met again through another model's link: only who may take it changes.
    const known = cards.get(bsId);
    if (known) {
      if (ctx.model) known.appliesTo.add(ctx.model);
      else known.global = true;
      return;
    }

    const rawName = (el.attrs['name'] ?? '').trim();
    // The entry's own unconditional changes, then those of the link it is read through.
    const mods = [...modifiersOf(el, file, `"${rawName}"`), ...(ctx.linkMods ?? [])];
    let name = rawName;
    let hidden = el.attrs['hidden'] === 'true';
    const costs = listOf(el, 'costs', 'cost').map((cost) => ({
      el: cost,
      typeId: cost.attrs['typeId'] ?? '',
      name: costName(cost.attrs['typeId'], cost.attrs['name']),
      value: cost.attrs['value'] ?? '0',
    }));
    const addedCats: string[] = [];
    const removedCats = new Set<string>();
    for (const m of mods) {
      const kind = fieldKind(m.field);
      if (m.field === 'name') name = modified(name, m, `"${rawName}"`).trim();
      else if (m.field === 'hidden' && m.type === 'set') hidden = m.value === 'true';
      else if (m.field === 'category' && (m.type === 'add' || m.type === 'remove')) {
        const cat = (byId.get(m.value)?.el.attrs['name'] ?? '').trim();
        if (!cat) note(m.file, m.el, `"${rawName}": category ${m.value}, which no file defines`);
        else if (m.type === 'add') addedCats.push(cat);
        else removedCats.add(norm(cat));
      } else if (kind === 'cost') {
        let c = costs.find((x) => x.typeId === m.field);
        if (!c) {
          c = { el: m.el, typeId: m.field, name: costName(m.field, undefined), value: '0' };
          costs.push(c);
        }
        c.value = modified(c.value, m, `"${rawName}"`);
      } else if (kind !== 'characteristic' && m.field !== 'description' && !byId.has(m.field)) {
        note(
          m.file,
          m.el,
          `"${rawName}": change "${m.type} ${m.field} ${m.value}" is not imported; a Sandtable catalog has no such field`,
        );
      }
    }
    if (hidden) {
      note(file, el, `"${name}" is hidden in the data set and is not imported`);
      return;
    }
    const profiles = profilesOf(el, file, mods);
    const categories = [
      ...ctx.categories,
      ...listOf(el, 'categoryLinks', 'categoryLink').map(categoryName),
      ...addedCats,
    ].filter((c) => !removedCats.has(norm(c)));
    const catSet = new Set(categories.map(norm));
    const rules = rulesOf(el, file);
    let points: number | undefined;
    for (const cost of costs) {
      const v = Number(cost.value);
      if (/^(pts|points?)$/i.test(cost.name) && Number.isFinite(v)) points = v;
      else if (Number.isFinite(v) && v !== 0)
        note(
          file,
          cost.el,
          `"${name}": cost "${cost.name}" = ${v} is not imported; only points are kept`,
        );
    }

    const modelProfile = profiles.find(
      (p) =>
        /^(tank|helicopter|model)s?$/i.test(p.typeName) ||
        p.values.filter((v) => MODEL_STATS[norm(v.name)]?.stat).length >= 3,
    );
    const groupPath = ctx.groups.map(norm);
    const cardProfile = profiles.find((p) => /card|ability/i.test(p.typeName));
    const isPlatoon =
      profiles.some((p) => /platoon/i.test(p.typeName)) ||
      catSet.has('platoon') ||
      groupPath.some((g) => g.startsWith('platoon'));
    const isCrew = catSet.has('crew') || groupPath.some((g) => /^crew\b/.test(g));
    const isAmmo = catSet.has('ammo') || groupPath.some((g) => /\bammo\b/.test(g));
    const isUpgrade =
      catSet.has('upgrade') ||
      catSet.has('upgrades') ||
      groupPath.some((g) => /^upgrade/.test(g)) ||
      profiles.some((p) => /upgrade/i.test(p.typeName));

    if (modelProfile) {
      const unit = modelFrom(el, file, name, modelProfile, categories, rules, points);
      units.set(unit.id, unit);
      origin.set(unit.id, { el, file });
      unitIdOf.set(bsId, unit.id);
      for (const p of profiles) {
        if (p !== modelProfile)
          note(
            p.file,
            p.el,
            `"${name}": profile "${p.name}" (${p.typeName}) is not imported; a model card keeps one stat line`,
          );
      }
      constraintsOf(el, file, `"${name}"`, false);
      visitChildren(el, file, { file, groups: [], categories: [], model: unit.id });
      return;
    }
    if (isPlatoon || isCrew || isAmmo || isUpgrade) {
      const cardType: Card['cardType'] = isPlatoon
        ? 'platoon'
        : isCrew
          ? 'crew'
          : isAmmo
            ? 'ammo'
            : 'upgrade';
      const existing = cards.get(bsId);
      if (existing) {
        if (ctx.model) existing.appliesTo.add(ctx.model);
        else existing.global = true;
        return;
      }
      const card = cardFrom(
        el,
        file,
        name,
        cardType,
        cardProfile ?? profiles[0],
        ctx,
        categories,
        rules,
        points,
      );
      origin.set(card.id, { el, file });
      cards.set(bsId, {
        card,
        appliesTo: new Set(ctx.model ? [ctx.model] : []),
        global: !ctx.model,
      });
      for (const p of profiles) {
        if (p !== (cardProfile ?? profiles[0]))
          note(
            p.file,
            p.el,
            `"${name}": extra profile "${p.name}" (${p.typeName}) is not imported`,
          );
      }
      constraintsOf(el, file, `"${name}"`, true);
      const { linkMods: _m, linkId: _l, ...inner } = ctx;
      visitChildren(el, file, inner);
      return;
    }
    const hasChildren = el.children.some(
      (c) =>
        c.name === 'selectionEntries' ||
        c.name === 'selectionEntryGroups' ||
        c.name === 'entryLinks',
    );
    if (hasChildren) {
      const { linkMods: _m, linkId: _l, ...inner } = ctx;
      visitChildren(el, file, { ...inner, categories: [] });
      return;
    }
    note(
      file,
      el,
      `"${name}" has no model profile (Initiative, Attack, Defence, Damage Capacity) and is not a crew, upgrade, ammo or platoon card; it is not imported`,
    );
  };

  const modelFrom = (
    el: XmlElement,
    file: BsFile,
    name: string,
    profile: Profile,
    categories: readonly string[],
    rules: readonly string[],
    points: number | undefined,
  ): UnitType => {
    const stats: Stats = {};
    const slots: { crew?: number; ammo?: number } = {};
    for (const v of profile.values) {
      const m = MODEL_STATS[norm(v.name)];
      const value = numberOrText(v.value);
      if (m?.slot) {
        if (typeof value === 'number') slots[m.slot] = value;
        else note(profile.file, v.el, `"${name}": ${v.name} "${v.value}" is not a number of slots`);
      } else if (m?.stat) {
        stats[m.stat] = value;
      } else if (v.value !== '') {
        stats[camel(v.name)] = value;
      }
    }
    const helicopter =
      /helicopter/i.test(profile.typeName) || categories.some((c) => /^helicopters?$/i.test(c));
    const keywords = uniq([
      ...categories.filter((c) => c && !KIND_CATEGORIES.has(norm(c))),
      ...rules,
    ]);
    const nationSlug = file.nation ? slug(file.nation, 24) : 'global';
    const id = uniqueId(usedIds, `${prefix}.${slug(name, 48)}`, [
      nationSlug,
      el.attrs['id'] ?? String(el.line),
    ]);
    const unit: UnitType = {
      id,
      name: name || id,
      class: helicopter ? 'helicopter' : 'tank',
      mobility: helicopter ? 'air' : mobilityOf(keywords),
      stats,
      source: `BattleScribe ${baseName(file.name)} ${whereXml(el)}`,
      ...(points !== undefined ? { points } : {}),
      ...(file.nation ? { nation: file.nation } : {}),
      ...(keywords.length ? { keywords } : {}),
      ...(Object.keys(slots).length ? { slots } : {}),
    };
    return unit;
  };

  const cardFrom = (
    el: XmlElement,
    file: BsFile,
    name: string,
    cardType: Card['cardType'],
    profile: Profile | undefined,
    ctx: Ctx,
    categories: readonly string[],
    rules: readonly string[],
    points: number | undefined,
  ): Card => {
    const text = profile?.values
      .filter((v) => v.value !== '')
      .map((v) => (profile.values.length > 1 ? `${v.name}: ${v.value}` : v.value))
      .join('\n');
    // The post a card fills comes from its group ("Crew: Gunner (Global)", "Upgrade: Armour").
    const group = ctx.groups.find((g) => /:/.test(g));
    const post = group
      ? norm(group.split(':')[1] ?? '')
          .replace(/\(.*\)/, '')
          .trim()
      : '';
    const effect: Stats = {};
    if (cardType === 'crew' && post) effect['crewType'] = camel(post);
    if (cardType === 'upgrade' && post) effect['upgradeType'] = camel(post);
    const lower = new Set(categories.map(norm));
    const hero = lower.has('hero') || rules.some((r) => /^hero$/i.test(r));
    const kindCats = [...lower].filter((c) => c === 'tank' || c === 'helicopter');
    const nationSlug = file.nation ? slug(file.nation, 24) : 'global';
    const id = uniqueId(usedIds, `${prefix}.${cardType}.${slug(name, 48)}`, [
      nationSlug,
      el.attrs['id'] ?? String(el.line),
    ]);
    return {
      id,
      name: name || id,
      cardType,
      source: `BattleScribe ${baseName(file.name)} ${whereXml(el)}`,
      ...(points !== undefined ? { points } : {}),
      ...(hero ? { hero: true } : {}),
      ...(file.nation ? { nations: [file.nation] } : {}),
      ...(text ? { text } : {}),
      ...(Object.keys(effect).length ? { effect } : {}),
      // A card linked to the Tank (or Helicopter) category only goes on that kind of model.
      ...(kindCats.length === 1 && !ctx.model ? { appliesTo: [kindCats[0]!] } : {}),
    };
  };

  // The game system's own shared groups and entries are global cards; each catalogue's root
  // entries, links and (unlinked) shared entries are its country's.
  const linked = linkedIds(files);
  const ordered = [system, ...files.filter((f) => f.kind === 'catalogue')];
  for (const f of ordered) {
    const base: Ctx = { file: f, groups: [], categories: [] };
    for (const section of [
      'selectionEntries',
      'entryLinks',
      'sharedSelectionEntries',
      'sharedSelectionEntryGroups',
    ]) {
      const s = child(f.root, section);
      if (s) for (const e of s.children) visit(e, f, base);
    }
    for (const section of [
      'forceEntries',
      'sharedRules',
      'rules',
      'publications',
      'catalogueLinks',
      'sharedProfiles',
      'costTypes',
      'profileTypes',
      'categoryEntries',
    ]) {
      const s = child(f.root, section);
      if (!s) continue;
      if (section === 'forceEntries') {
        for (const fe of s.children)
          note(
            f,
            fe,
            `force organisation "${fe.attrs['name'] ?? ''}" is not imported; TANKS platoons are built by the force checks`,
          );
      } else if (section === 'sharedRules' || section === 'rules') {
        for (const r of s.children) {
          if (r.name !== 'rule' || linked.has(r.attrs['id'] ?? '')) continue;
          // A country's catalogue states its platoon ability as a rule of its own ("Team Yankee:
          // Sharpshooter …"): that is the country's platoon card.
          if (section === 'rules' && f.nation && r.attrs['name']?.trim()) {
            const name = r.attrs['name'].trim();
            const text = child(r, 'description')?.text.trim();
            const id = uniqueId(usedIds, `${prefix}.platoon.${slug(name, 48)}`, [
              slug(f.nation, 24),
              r.attrs['id'] ?? String(r.line),
            ]);
            const card: Card = {
              id,
              name,
              cardType: 'platoon',
              source: `BattleScribe ${baseName(f.name)} ${whereXml(r)}`,
              nations: [f.nation],
              ...(text ? { text } : {}),
            };
            origin.set(id, { el: r, file: f });
            cards.set(`${r.attrs['id'] ?? `${f.name}:${r.line}`}`, {
              card,
              appliesTo: new Set(),
              global: true,
            });
            continue;
          }
          note(
            f,
            r,
            `rule "${r.attrs['name'] ?? ''}" is not used by any model and is not imported`,
          );
        }
      }
    }
  }

  if (units.size === 0 && cards.size === 0) {
    throw new ImportError([
      {
        file: files.map((f) => f.name).join(', '),
        where: '',
        message:
          'no TANKS model or card was found: no selection entry has a profile with Initiative, Attack, Defence and Damage Capacity, and none is in a Crew, Upgrade, Ammo or Platoon group or category. Is this the TANKS game system?',
      },
    ]);
  }

  const cardList: Card[] = [];
  for (const d of cards.values()) {
    const applies = d.global ? [] : [...d.appliesTo];
    cardList.push(applies.length ? { ...d.card, appliesTo: applies } : d.card);
  }
  const catalogues = files.filter((f) => f.kind === 'catalogue');
  const catalog: CatalogDoc = {
    format: 'sandtable.catalog',
    formatVersion: CURRENT_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    meta: {
      title: `${systemName} (imported from BattleScribe)`,
      description: `Model, crew, upgrade, ammo and platoon cards read from ${[system, ...catalogues].map((f) => `${f.root.attrs['name'] ?? f.name} revision ${f.root.attrs['revision'] ?? '?'}`).join('; ')}.`,
      source: [system, ...catalogues].map((f) => baseName(f.name)).join(', '),
      ...(options.created ? { created: options.created } : {}),
    },
    id: prefix,
    ruleset: battleScribeRuleset(rulesets),
    layer: 'base',
    units: [...units.values()].sort((a, b) => a.id.localeCompare(b.id)),
    cards: cardList.sort((a, b) => a.id.localeCompare(b.id)),
  };
  const check = loadDocument(JSON.stringify(catalog), {
    file: `${prefix} (imported)`,
    expect: ['sandtable.catalog'],
  });
  if (!check.ok) {
    // Name the BattleScribe file, element and line the refused value came from.
    throw new ImportError(
      check.problems.map((p) => {
        const m = /^\/(units|cards)\/(\d+)(\/.*)?$/.exec(p.pointer);
        const item = m
          ? (m[1] === 'units' ? catalog.units : catalog.cards)?.[Number(m[2])]
          : undefined;
        const from = item ? origin.get(item.id) : undefined;
        if (!from || !item) return { file: p.file, where: p.pointer, message: formatProblem(p) };
        return {
          file: from.file.name,
          where: whereXml(from.el),
          message: `"${item.name}" cannot be imported: ${p.message.replace(/^(units|cards)\[\d+\]\.(\S+)/, 'its field "$2"')}${p.expected !== undefined ? ` (expected ${p.expected})` : ''}`,
        };
      }),
    );
  }
  const counts: Record<Card['cardType'], number> = {
    crew: 0,
    upgrade: 0,
    ammo: 0,
    platoon: 0,
    critical: 0,
    command: 0,
    combat: 0,
    model: 0,
  };
  for (const c of cardList) counts[c.cardType]++;
  return {
    catalog,
    report: {
      gameSystem: systemName,
      catalogues: catalogues.map((f) => f.root.attrs['name'] ?? f.name),
      units: units.size,
      cards: counts,
      notImported,
    },
  };
}
