import { useMemo, useState } from 'react';
import type { Card, UnitType, WeaponType } from '../../../engine/format/types';
import { validateDefinition } from '../../../engine/format';
import { SCENARIO_CATALOG } from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import { TYPE_DRAG_TYPE } from '../forces/ForcesPanel';
import { useSetup } from '../forces/useSetup';
import { importUi } from '../import/importUi';
import { takesBattleScribe } from '../import/importCommands';
import type { SetupModel } from '../forces/setupModel';
import { kindWords } from '../../../engine/terrain/featureLabel';
import { rulesetModule } from '../../../engine/rulesets/registry';

type Category = 'units' | 'weapons' | 'cards';

function statsText(r: UnitType | WeaponType | Card): string {
  const parts: string[] = [];
  if ('class' in r) {
    parts.push(r.class);
    // Words, not the file's names ("half tracked", "off road", "damage capacity").
    if (r.mobility) parts.push(kindWords(r.mobility));
    if (r.speeds)
      parts.push(
        Object.entries(r.speeds)
          .map(([k, v]) => `${kindWords(k)} ${v}"`)
          .join(' '),
      );
    if (r.armour)
      parts.push(`armour ${r.armour.front ?? '–'}/${r.armour.side ?? '–'}/${r.armour.rear ?? '–'}`);
    if (r.slots?.crew !== undefined) parts.push(`${r.slots.crew} crew slots`);
    if (r.capacity) parts.push(`carries ${r.capacity}`);
    if (r.weapons?.length) parts.push(r.weapons.map((w) => w.weapon.split('.').pop()).join(', '));
  }
  if ('kind' in r && 'ranges' in r && r.ranges) {
    parts.push(
      r.kind,
      r.ranges.map((b) => `${b.band}≤${b.max}"${b.toHit ? ` ${b.toHit}+` : ''}`).join(' '),
    );
  } else if ('kind' in r) parts.push(r.kind);
  if ('cardType' in r) {
    parts.push(kindWords(r.cardType));
    if (r.hero) parts.push('hero');
    if (r.nations) parts.push(r.nations.join('/'));
    if (r.alliance) parts.push(r.alliance);
  }
  const stats = 'stats' in r ? r.stats : 'effect' in r ? r.effect : undefined;
  for (const [k, v] of Object.entries(stats ?? {})) parts.push(`${kindWords(k)} ${String(v)}`);
  return parts.filter(Boolean).join(' · ');
}

/**
 * The catalogs of the scenario's ruleset and layers: units, weapons and cards with their stats,
 * searchable; unit rows drag into the force tree. A designer can add a custom unit type to the
 * scenario's own catalog; it is checked against the catalog schema before it is added.
 */
export function CatalogBrowser({ editor }: { editor: Editor }) {
  const m = useSetup(editor);
  const cat = m.catalog();
  const [category, setCategory] = useState<Category>('units');
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => {
    const list: (UnitType | WeaponType | Card)[] = [...cat[category].values()];
    const q = query.trim().toLowerCase();
    return q
      ? list.filter((r) => `${r.id} ${r.name} ${statsText(r)}`.toLowerCase().includes(q))
      : list;
  }, [cat, category, query]);
  const ruleset = m.scenario().ruleset;
  const layers = ruleset.layers?.join(' + ') ?? 'base';
  return (
    <div className="setup-panel" data-testid="catalog-browser">
      <div className="muted small">
        {rulesetModule(ruleset.id)?.label ?? ruleset.id} · {layers} — {cat.units.size} units,{' '}
        {cat.weapons.size} weapons, {cat.cards.size} cards
      </div>
      <div className="muted small">
        Layers and optional rules are in the{' '}
        <button className="link" onClick={() => m.update({ tab: 'rules' })}>
          Rules tab
        </button>
        .
      </div>
      <div className="side-tabs" role="tablist" aria-label="Catalog">
        {(['units', 'weapons', 'cards'] as Category[]).map((c) => (
          <button
            key={c}
            role="tab"
            aria-selected={category === c}
            className={category === c ? 'active' : ''}
            onClick={() => setCategory(c)}
          >
            {c[0]!.toUpperCase() + c.slice(1)} ({cat[c].size})
          </button>
        ))}
      </div>
      <input
        type="search"
        className="filter"
        placeholder="Search name, id, stats"
        aria-label="Search catalog"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="catalog-rows" role="list">
        {rows.map((r) => {
          const origin = cat.origin.get(r.id);
          return (
            <div
              key={r.id}
              role="listitem"
              className="catalog-row"
              draggable={category === 'units'}
              data-type={r.id}
              onDragStart={(e) => e.dataTransfer.setData(TYPE_DRAG_TYPE, r.id)}
              title={'source' in r && r.source ? r.source : r.id}
            >
              <div className="name">
                {r.name}
                {'points' in r && r.points !== undefined && (
                  <span className="pts">{r.points} pts</span>
                )}
                {origin === SCENARIO_CATALOG && <span className="badge">custom</span>}
                {'placeholder' in r && r.placeholder && (
                  <span className="badge warn">placeholder</span>
                )}
              </div>
              <div className="muted small">
                {r.id} · {statsText(r)}
              </div>
            </div>
          );
        })}
        {rows.length === 0 && <p className="muted small">Nothing matches.</p>}
      </div>
      {category === 'units' &&
        (adding ? (
          <CustomTypeForm m={m} onDone={() => setAdding(false)} />
        ) : (
          <button onClick={() => setAdding(true)}>Add a custom unit type…</button>
        ))}
      {takesBattleScribe(ruleset.id) && (
        <button
          title="Model, crew, upgrade, ammo and platoon cards from a BattleScribe game system and its catalogues (Ctrl+Alt+B)"
          onClick={() => importUi.open({ kind: 'battlescribe' })}
        >
          Import BattleScribe catalogues…
        </button>
      )}
    </div>
  );
}

function CustomTypeForm({ m, onDone }: { m: SetupModel; onDone: () => void }) {
  const ruleset = m.scenario().ruleset.id;
  const [draft, setDraft] = useState({
    id: `${ruleset}.custom.`,
    name: '',
    class: 'tank',
    mobility: 'tracked',
    points: '',
    nation: '',
    alliance: '',
    crewSlots: '',
    capacity: '',
    front: '',
    side: '',
    rear: '',
    length: '',
    width: '',
  });
  const [errors, setErrors] = useState<string[]>([]);
  const set = (k: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const build = (): Record<string, unknown> => {
    const t: Record<string, unknown> = {
      id: draft.id.trim(),
      name: draft.name.trim(),
      class: draft.class,
    };
    if (draft.mobility) t['mobility'] = draft.mobility;
    const pts = num(draft.points);
    if (pts !== undefined) t['points'] = pts;
    if (draft.nation.trim()) t['nation'] = draft.nation.trim();
    if (draft.alliance.trim()) t['alliance'] = draft.alliance.trim();
    if (num(draft.crewSlots) !== undefined) t['slots'] = { crew: num(draft.crewSlots) };
    if (num(draft.capacity) !== undefined) t['capacity'] = num(draft.capacity);
    if ([draft.front, draft.side, draft.rear].some((v) => v.trim()))
      t['armour'] = Object.fromEntries(
        (['front', 'side', 'rear'] as const)
          .filter((k) => draft[k].trim())
          .map((k) => [k, num(draft[k])]),
      );
    if (draft.length.trim() || draft.width.trim())
      t['size'] = Object.fromEntries(
        (['length', 'width'] as const)
          .filter((k) => draft[k].trim())
          .map((k) => [k, num(draft[k])]),
      );
    return t;
  };
  const add = () => {
    const t = build();
    const problems = validateDefinition('catalog.schema.json', 'unitType', t).map(
      (e) => `${e.instancePath || 'type'} ${e.message ?? 'is invalid'}`,
    );
    if (m.catalog().units.has(String(t['id'])))
      problems.push(`the id ${String(t['id'])} is already in the catalog`);
    setErrors(problems);
    if (problems.length) return;
    const current = m.scenario().catalog ?? {};
    m.setCatalog({ ...current, units: [...(current.units ?? []), t as unknown as UnitType] });
    onDone();
  };
  const field = (label: string, k: keyof typeof draft, type = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input aria-label={`Custom ${label}`} type={type} value={draft[k]} onChange={set(k)} />
    </label>
  );
  return (
    <div className="custom-type" data-testid="custom-type-form">
      <h3>Custom unit type</h3>
      {field('Id', 'id')}
      {field('Name', 'name')}
      <label className="field">
        <span>Class</span>
        <select aria-label="Custom Class" value={draft.class} onChange={set('class')}>
          {['infantry', 'team', 'vehicle', 'tank', 'gun', 'helicopter', 'transport'].map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Mobility</span>
        <select aria-label="Custom Mobility" value={draft.mobility} onChange={set('mobility')}>
          {['foot', 'wheeled', 'halfTracked', 'tracked', 'towed', 'static', 'air'].map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      {field('Points', 'points', 'number')}
      {field('Nation', 'nation')}
      {field('Alliance', 'alliance')}
      {field('Crew slots', 'crewSlots', 'number')}
      {field('Capacity', 'capacity', 'number')}
      {field('Armour front', 'front', 'number')}
      {field('Armour side', 'side', 'number')}
      {field('Armour rear', 'rear', 'number')}
      {field('Length', 'length', 'number')}
      {field('Width', 'width', 'number')}
      {errors.length > 0 && (
        <ul className="rule-checks" role="alert">
          {errors.map((e) => (
            <li key={e} className="error">
              {e}
            </li>
          ))}
        </ul>
      )}
      <div className="button-row end">
        <button onClick={onDone}>Cancel</button>
        <button className="primary" onClick={add}>
          Add to scenario catalog
        </button>
      </div>
    </div>
  );
}
