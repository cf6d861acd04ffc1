import { useState } from 'react';
import type { Formation, FormationKind, Side, Unit } from '../../../engine/format/types';
import { loadDocument, serializeDocument } from '../../../engine/format';
import {
  addFormation,
  addSide,
  addUnit,
  allUnits,
  cardPost,
  clearUnitFields,
  embark,
  embarkedIds,
  exportSide,
  importSide,
  moveItem,
  removeItems,
  removeSide,
  sidePoints,
  unitPoints,
  updateFormation,
  updateSide,
  updateUnit,
  type ForceProblem,
} from '../../../engine/forces';
import { rulesetModule } from '../../../engine/rulesets/registry';
import { getHost } from '../../host';
import type { Editor } from '../editor/Editor';
import { FORMATION_DRAG_TYPE, UNIT_DRAG_TYPE } from '../objectives/setupTools';
import { hexsideCompass } from '../../../engine/hex';
import { isPlaced, positionLabel } from '../objectives/hexSetup';
import { useSetup } from './useSetup';
import { autoDeploy } from './placeForces';
import type { SetupModel } from './setupModel';
import { PeerMarks } from '../collab/PeerOverlay';
import { roleLabel } from '../../../engine/forces/roleLabel';
import { kindWords } from '../../../engine/terrain/featureLabel';

/** The MIME type a catalog row carries when dragged into the force tree. */
export const TYPE_DRAG_TYPE = 'application/x-sandtable-type';
const ITEM_DRAG_TYPE = 'application/x-sandtable-item';

const FORMATION_KINDS: FormationKind[] = [
  'platoon',
  'squad',
  'section',
  'team',
  'commandTeam',
  'company',
  'battery',
  'group',
];

const FORCES_FILTERS = [{ name: 'Sandtable forces', extensions: ['json'] }];

/** Sides, their order of battle, points and rules checks; drag units onto the table to place. */
export function ForcesPanel({ editor }: { editor: Editor }) {
  const m = useSetup(editor);
  const doc = m.scenario();
  const cat = m.catalog();
  const sides = doc.forces.sides;
  const side = sides.find((s) => s.id === m.activeSide());
  const [message, setMessage] = useState('');
  const problems = m
    .problems()
    .filter(
      (p): p is ForceProblem & { source: 'forces'; guide?: true; inForces?: string } =>
        p.source === 'forces',
    );
  if (!side) {
    return (
      <div className="setup-panel">
        <button onClick={() => newSide(m)}>Add a side</button>
      </div>
    );
  }
  const total = sidePoints(side, cat);
  const over = side.pointsLimit !== undefined && total > side.pointsLimit;
  // A ruleset whose units cost no points (Tankplank, WWI) shows no points line at all.
  const pointed = [...cat.units.values()].some((u) => u.points);
  const sideProblems = problems.filter((p) => problemSide(m, p) === side.id);
  const nations = [...new Set([...cat.units.values()].map((u) => u.nation).filter(Boolean))];

  const exportIt = async () => {
    const text = serializeDocument(exportSide(doc, side.id));
    const slug = side.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await getHost().exportFile(text, `${slug}.forces.json`, 'application/json');
  };
  const importIt = async () => {
    const f = await getHost().openFile(FORCES_FILTERS);
    if (!f) return;
    const loaded = loadDocument(f.text, { file: f.name, expect: ['sandtable.forces'] });
    if (!loaded.ok) {
      setMessage(`${f.name}: ${loaded.problems.map((p) => p.message).join('; ')}`);
      return;
    }
    try {
      if (loaded.doc.format !== 'sandtable.forces') throw new Error('not a forces file');
      m.setForces(importSide(doc, loaded.doc, side.id));
      setMessage(`Imported ${loaded.doc.forces.sides[0]?.name ?? 'side'} from ${f.name}`);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="setup-panel" data-testid="forces-panel">
      <div className="side-tabs" role="tablist" aria-label="Sides">
        {sides.map((s) => (
          <button
            key={s.id}
            role="tab"
            aria-selected={s.id === side.id}
            className={s.id === side.id ? 'active' : ''}
            onClick={() => m.update({ activeSide: s.id, selected: { kind: 'side', id: s.id } })}
            onDragOver={(e) => e.dataTransfer.types.includes(ITEM_DRAG_TYPE) && e.preventDefault()}
            onDrop={(e) => {
              const id = e.dataTransfer.getData(ITEM_DRAG_TYPE);
              if (id) m.editForces((f) => moveItem(f, id, s.id));
            }}
          >
            <span className="swatch" style={{ background: s.colour ?? '#888' }} />
            {s.name}
          </button>
        ))}
        <button title="Add a side" aria-label="Add side" onClick={() => newSide(m)}>
          +
        </button>
      </div>
      <div className="side-fields">
        <label>
          Name
          <input
            aria-label="Side name"
            value={side.name}
            onChange={(e) =>
              e.target.value &&
              m.editForces(
                (f) => updateSide(f, side.id, { name: e.target.value }),
                `side.name:${side.id}`,
              )
            }
          />
        </label>
        <label>
          Colour
          <input
            type="color"
            aria-label="Side colour"
            value={side.colour ?? '#888888'}
            onChange={(e) =>
              m.editForces(
                (f) => updateSide(f, side.id, { colour: e.target.value }),
                `side.colour:${side.id}`,
              )
            }
          />
        </label>
        <label>
          Nation
          <input
            aria-label="Nation"
            list="setup-nations"
            value={side.nation ?? ''}
            onChange={(e) =>
              m.editForces(
                (f) => patchOptional(f, side, { nation: e.target.value }),
                `side.nation:${side.id}`,
              )
            }
          />
          <datalist id="setup-nations">
            {nations.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </label>
        <label>
          Alliance
          <input
            aria-label="Alliance"
            value={side.alliance ?? ''}
            onChange={(e) =>
              m.editForces(
                (f) => patchOptional(f, side, { alliance: e.target.value }),
                `side.alliance:${side.id}`,
              )
            }
          />
        </label>
        {pointed && (
          <label>
            Points limit
            <input
              type="number"
              min={0}
              aria-label="Points limit"
              value={side.pointsLimit ?? ''}
              onChange={(e) =>
                m.editForces((f) =>
                  patchOptional(f, side, {
                    pointsLimit:
                      e.target.value === '' ? undefined : Math.max(0, Number(e.target.value)),
                  }),
                )
              }
            />
          </label>
        )}
      </div>
      {pointed && (
        <div className={`points${over ? ' over' : ''}`} data-testid="points-total">
          {total} {side.pointsLimit !== undefined ? `/ ${side.pointsLimit} ` : ''}pts
        </div>
      )}
      <div className="button-row">
        <select
          aria-label="New formation kind"
          defaultValue=""
          onChange={(e) => {
            const kind = e.target.value as FormationKind;
            e.target.value = '';
            if (!kind) return;
            const id = m.newId(`${side.id}.${kind}`);
            // A second platoon is "Platoon 2", not another "Platoon" (new-user walk).
            const same = side.formations.filter((x) => x.kind === kind).length;
            const name = same ? `${kindLabel(kind)} ${same + 1}` : kindLabel(kind);
            m.editForces((f) => addFormation(f, side.id, { id, kind, name, units: [] }));
            m.update({ selected: { kind: 'formation', id } });
          }}
        >
          <option value="">+ Formation…</option>
          {FORMATION_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindLabel(k)}
            </option>
          ))}
        </select>
        <button
          onClick={() => void importIt()}
          title="Replace this side with the first side of a forces file"
        >
          Load side…
        </button>
        <button onClick={() => void exportIt()} title="Save this side as a forces file">
          Save side…
        </button>
        <button
          onClick={() => autoDeploy(m.editor, side.id)}
          title="Put every unplaced unit of this side into its deployment zone (Shift+A)"
        >
          Auto-deploy
        </button>
        {sides.length > 1 && (
          <button
            title="Delete this side"
            onClick={() => {
              if (window.confirm(`Delete ${side.name} and its whole order of battle?`)) {
                m.editForces((f) => removeSide(f, side.id));
                m.update({ activeSide: null, selected: null });
              }
            }}
          >
            Delete side
          </button>
        )}
      </div>
      {message && <p className="muted small">{message}</p>}
      <div className="force-tree" role="tree" aria-label={`${side.name} order of battle`}>
        {side.formations.length === 0 && (
          <p className="muted small">
            Add a formation, then drag types from the Catalog tab into it.
          </p>
        )}
        {side.formations.map((f) => (
          <FormationRow key={f.id} m={m} formation={f} depth={0} />
        ))}
      </div>
      <TypePalette m={m} />
      <UnitDetails m={m} />
      {sideProblems.length > 0 && (
        <ul className="rule-checks" aria-label="Rules checks" data-testid="force-checks">
          {sideProblems.map((p, i) => (
            <li
              key={i}
              className={p.guide ? 'guide' : p.severity}
              onClick={() => p.subjects[0] && m.update({ selected: p.subjects[0] })}
            >
              {p.inForces ?? p.message}
              {p.ruleId && <span className="rule"> [{p.ruleId}]</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Figures, teams and towed guns ride in transports; vehicles do not. */
function canRide(type: { class: string; mobility?: string } | undefined): boolean {
  if (!type) return false;
  return (
    type.class === 'infantry' ||
    type.class === 'team' ||
    type.mobility === 'foot' ||
    type.mobility === 'towed'
  );
}

function kindLabel(k: FormationKind): string {
  return k === 'commandTeam' ? 'Command team' : k[0]!.toUpperCase() + k.slice(1);
}

function newSide(m: SetupModel): void {
  const id = m.newId('side');
  m.editForces((f) => addSide(f, { id, name: `Side ${f.sides.length + 1}`, formations: [] }));
  m.update({ activeSide: id });
}

/** Sets or clears optional side fields (empty text and undefined remove the field). */
function patchOptional(
  f: Parameters<typeof updateSide>[0],
  side: Side,
  patch: Partial<Pick<Side, 'nation' | 'alliance' | 'pointsLimit'>>,
) {
  const next = { ...side, ...patch } as Side & Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) if (v === '' || v === undefined) delete next[k];
  return { ...f, sides: f.sides.map((s) => (s.id === side.id ? next : s)) };
}

function problemSide(m: SetupModel, p: ForceProblem): string | undefined {
  const s = p.subjects[0];
  if (!s) return undefined;
  if (s.kind === 'side') return s.id;
  const doc = m.scenario();
  const byUnit = allUnits(doc.forces).find((u) => u.unit.id === s.id);
  if (byUnit) return byUnit.side.id;
  const m2 = /^\/forces\/sides\/(\d+)/.exec(p.pointer);
  return m2 ? doc.forces.sides[Number(m2[1])]?.id : undefined;
}

function FormationRow({
  m,
  formation: f,
  depth,
}: {
  m: SetupModel;
  formation: Formation;
  depth: number;
}) {
  const sel = m.session.selected;
  const cat = m.catalog();
  const selected = sel?.kind === 'formation' && sel.id === f.id;
  const [over, setOver] = useState(false);
  const types = [...cat.units.values()];
  return (
    <div className="tree-group" role="group">
      <div
        role="treeitem"
        aria-selected={selected}
        className={`tree-row formation${selected ? ' selected' : ''}${over ? ' drop' : ''}`}
        style={{ paddingLeft: 4 + depth * 14 }}
        draggable
        data-formation={f.id}
        onDragStart={(e) => {
          e.dataTransfer.setData(ITEM_DRAG_TYPE, f.id);
          // Dropped on the table, the whole formation is laid out around the drop point.
          e.dataTransfer.setData(FORMATION_DRAG_TYPE, f.id);
        }}
        title="Drag onto the table to place the whole formation; onto another formation to move it there"
        onDragOver={(e) => {
          if (
            e.dataTransfer.types.includes(TYPE_DRAG_TYPE) ||
            e.dataTransfer.types.includes(ITEM_DRAG_TYPE)
          ) {
            e.preventDefault();
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          setOver(false);
          const type = e.dataTransfer.getData(TYPE_DRAG_TYPE);
          const item = e.dataTransfer.getData(ITEM_DRAG_TYPE);
          e.stopPropagation();
          if (type) addTypeTo(m, f.id, type);
          else if (item && item !== f.id) m.editForces((x) => moveItem(x, item, f.id));
        }}
        onClick={() => m.update({ selected: { kind: 'formation', id: f.id } })}
      >
        <span className="kind">{f.kind ? kindLabel(f.kind) : 'Group'}</span>
        <input
          className="inline-name"
          aria-label="Formation name"
          value={f.name ?? ''}
          placeholder={f.id}
          onChange={(e) =>
            m.editForces(
              (x) => updateFormation(x, f.id, { name: e.target.value }),
              `formation.name:${f.id}`,
            )
          }
        />
        <select
          aria-label={`Add unit to ${f.name ?? f.id}`}
          value=""
          onChange={(e) => e.target.value && addTypeTo(m, f.id, e.target.value)}
        >
          <option value="">+ unit</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.points !== undefined ? ` (${t.points})` : ''}
            </option>
          ))}
        </select>
        <button
          className="icon"
          aria-label={`Delete ${f.name ?? f.id}`}
          title="Delete formation and its units"
          onClick={(e) => {
            e.stopPropagation();
            m.editForces((x) => removeItems(x, [f.id]));
          }}
        >
          ×
        </button>
      </div>
      {rulesetModule(cat.ruleset)?.features.unitCards && depth === 0 && (
        <div className="tree-row sub" style={{ paddingLeft: 18 + depth * 14 }}>
          <span className="muted small">Platoon card</span>
          <select
            aria-label="Platoon card"
            value={f.card ?? ''}
            onChange={(e) =>
              m.editForces((x) =>
                updateFormation(
                  x,
                  f.id,
                  e.target.value ? { card: e.target.value } : { card: undefined },
                ),
              )
            }
          >
            <option value="">none</option>
            {[...cat.cards.values()]
              .filter((c) => c.cardType === 'platoon')
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.nations ? ` (${c.nations.join(', ')})` : ''}
                </option>
              ))}
          </select>
        </div>
      )}
      {f.units.map((u) => (
        <UnitRow key={u.id} m={m} unit={u} depth={depth + 1} />
      ))}
      {(f.formations ?? []).map((sub) => (
        <FormationRow key={sub.id} m={m} formation={sub} depth={depth + 1} />
      ))}
    </div>
  );
}

function addTypeTo(m: SetupModel, formationId: string, typeId: string): void {
  const type = m.catalog().units.get(typeId);
  const id = m.newId(typeId.split('.').pop() ?? 'unit');
  const unit: Unit = {
    id,
    type: typeId,
    ...(type?.roles?.length === 1 ? { role: type.roles[0] } : {}),
  };
  m.editForces((f) => addUnit(f, formationId, unit));
  m.update({ selected: { kind: 'unit', id } });
}

function UnitRow({ m, unit: u, depth }: { m: SetupModel; unit: Unit; depth: number }) {
  const cat = m.catalog();
  const type = cat.units.get(u.type);
  const sel = m.session.selected;
  const selected = sel?.kind === 'unit' && sel.id === u.id;
  const riders = embarkedIds(m.scenario().forces);
  const placed = isPlaced(u);
  const [over, setOver] = useState(false);
  return (
    <div
      role="treeitem"
      aria-selected={selected}
      className={`tree-row unit${selected ? ' selected' : ''}${over ? ' drop' : ''}`}
      style={{ paddingLeft: 4 + depth * 14 }}
      draggable
      data-unit={u.id}
      onDragStart={(e) => {
        e.dataTransfer.setData(UNIT_DRAG_TYPE, u.id);
        e.dataTransfer.setData(ITEM_DRAG_TYPE, u.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (type?.capacity && e.dataTransfer.types.includes(ITEM_DRAG_TYPE)) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const item = e.dataTransfer.getData(ITEM_DRAG_TYPE);
        e.stopPropagation();
        if (item && item !== u.id) m.editForces((f) => embark(f, item, u.id));
      }}
      onClick={() => m.update({ selected: { kind: 'unit', id: u.id } })}
      title={
        placed
          ? `On the ${m.editor.isHex() ? 'map' : 'table'} at ${positionLabel(u.position)}`
          : 'Not placed'
      }
    >
      <span className={`placed-dot${placed ? ' on' : ''}${riders.has(u.id) ? ' riding' : ''}`} />
      <PeerMarks id={u.id} />
      <span className="name">{u.name ?? type?.name ?? u.type}</span>
      {u.role && <span className="muted small">{roleLabel(u.role, cat)}</span>}
      {(u.cards ?? []).length > 0 && <span className="badge">{u.cards!.length} cards</span>}
      {(u.passengers ?? []).length > 0 && <span className="badge">+{u.passengers!.length}</span>}
      <span className="pts">{unitPoints(u, cat) || ''}</span>
    </div>
  );
}

/** Catalog unit types to drag onto a formation of the tree (the Catalog tab has full stats). */
function TypePalette({ m }: { m: SetupModel }) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const types = [...m.catalog().units.values()].filter(
    (t) => !q || `${t.id} ${t.name} ${t.nation ?? ''} ${t.class}`.toLowerCase().includes(q),
  );
  return (
    <div className="type-palette">
      <input
        type="search"
        className="filter"
        placeholder="Find a type to drag onto a formation"
        aria-label="Find unit type"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="palette-rows" role="list" aria-label="Unit types">
        {types.map((t) => (
          <div
            key={t.id}
            role="listitem"
            className="catalog-row"
            draggable
            data-palette-type={t.id}
            onDragStart={(e) => e.dataTransfer.setData(TYPE_DRAG_TYPE, t.id)}
            title={`${t.id} · ${t.class}${t.nation ? ` · ${t.nation}` : ''}`}
          >
            {t.name}
            {t.points !== undefined && <span className="pts">{t.points} pts</span>}
            {t.nation && <span className="muted small"> {t.nation}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The selected unit: name, stats, crew and upgrade cards, transport, placement. */
function UnitDetails({ m }: { m: SetupModel }) {
  const sel = m.session.selected;
  if (sel?.kind !== 'unit') return null;
  const doc = m.scenario();
  const cat = m.catalog();
  const placedUnit = allUnits(doc.forces).find((p) => p.unit.id === sel.id);
  if (!placedUnit) return null;
  const u = placedUnit.unit;
  const type = cat.units.get(u.type);
  const transports = allUnits(doc.forces).filter(
    (p) =>
      p.side.id === placedUnit.side.id &&
      p.unit.id !== u.id &&
      (cat.units.get(p.unit.type)?.capacity ?? 0) > 0,
  );
  const carrier = transports.find((p) => p.unit.passengers?.includes(u.id));
  const cardChoices = [...cat.cards.values()].filter(
    (c) => c.cardType === 'crew' || c.cardType === 'upgrade' || c.cardType === 'ammo',
  );
  const stats = { ...(type?.stats ?? {}) };
  const layout = m.editor.hexLayout();
  return (
    <div className="unit-details" data-testid="unit-details">
      <h3>
        {u.name ?? type?.name ?? u.type}{' '}
        {u.name && type?.name && u.name !== type.name && (
          <span className="muted small">{type.name}</span>
        )}
      </h3>
      <div className="stat-line">
        {type?.class}
        {type?.mobility ? ` · ${type.mobility}` : ''}
        {type?.nation ? ` · ${type.nation}` : ''}
        {type?.slots?.crew !== undefined ? ` · ${type.slots.crew} crew slots` : ''}
        {type?.capacity ? ` · carries ${type.capacity}` : ''}
        {type?.armour
          ? ` · armour ${type.armour.front ?? '–'}/${type.armour.side ?? '–'}/${type.armour.rear ?? '–'}`
          : ''}
        {type?.speeds
          ? ` · ${Object.entries(type.speeds)
              .map(([k, v]) => `${kindWords(k)} ${v}"`)
              .join(' ')}`
          : ''}
        {Object.entries(stats).map(([k, v]) => ` · ${kindWords(k)} ${String(v)}`)}
        {type?.placeholder ? ' · placeholder values' : ''}
      </div>
      <label className="field">
        <span>Name</span>
        <input
          aria-label="Unit name"
          value={u.name ?? ''}
          placeholder={type?.name}
          onChange={(e) =>
            m.editForces(
              (f) =>
                e.target.value
                  ? updateUnit(f, u.id, { name: e.target.value })
                  : clearUnitFields(f, u.id, ['name']),
              `unit.name:${u.id}`,
            )
          }
        />
      </label>
      {type?.crew && (
        <div className="crew" aria-label="Crew">
          <span className="muted small">Crew</span>
          {type.crew.map((c) => {
            const have = u.crew?.find((x) => x.role === c.role)?.count ?? c.count;
            return (
              <label key={c.role} className="small">
                <input
                  type="number"
                  min={1}
                  aria-label={`Crew ${roleLabel(c.role, cat)}`}
                  value={have}
                  onChange={(e) => {
                    const n = Math.max(1, Number(e.target.value) || 1);
                    const crew = type.crew!.map((x) => ({
                      role: x.role,
                      count:
                        x.role === c.role
                          ? n
                          : (u.crew?.find((y) => y.role === x.role)?.count ?? x.count),
                    }));
                    const same = crew.every((x, i) => x.count === type.crew![i]!.count);
                    m.editForces((f) =>
                      same ? clearUnitFields(f, u.id, ['crew']) : updateUnit(f, u.id, { crew }),
                    );
                  }}
                />{' '}
                {roleLabel(c.role, cat)}
              </label>
            );
          })}
        </div>
      )}
      {transports.length > 0 && canRide(type) && (
        <label className="field">
          <span>Rides in</span>
          <select
            aria-label="Rides in"
            value={carrier?.unit.id ?? ''}
            onChange={(e) => m.editForces((f) => embark(f, u.id, e.target.value || null))}
          >
            <option value="">on foot / own wheels</option>
            {transports.map((t) => (
              <option key={t.unit.id} value={t.unit.id}>
                {t.unit.name ?? cat.units.get(t.unit.type)?.name} ({t.unit.passengers?.length ?? 0}/
                {cat.units.get(t.unit.type)?.capacity})
              </option>
            ))}
          </select>
        </label>
      )}
      {(type?.slots || rulesetModule(doc.ruleset.id)?.features.unitCards) && (
        <div className="cards">
          <div className="muted small">Crew and upgrade cards</div>
          {(u.cards ?? []).map((held, i) => {
            const card = cat.cards.get(held.card);
            return (
              <div key={`${held.card}-${i}`} className="card-row">
                <span>
                  {card?.name ?? held.card}
                  <span className="muted small">
                    {' '}
                    {card
                      ? cardPost(card) === card.id
                        ? card.cardType
                        : `${card.cardType}: ${cardPost(card)}`
                      : ''}
                    {card?.hero ? ' · hero' : ''} · {card?.points ?? 0} pts
                  </span>
                </span>
                <label className="small">
                  <input
                    type="checkbox"
                    checked={held.hidden ?? false}
                    onChange={(e) =>
                      m.editForces((f) =>
                        updateUnit(f, u.id, {
                          cards: (u.cards ?? []).map((c, j) =>
                            j === i ? { ...c, hidden: e.target.checked } : c,
                          ),
                        }),
                      )
                    }
                  />{' '}
                  face down
                </label>
                <button
                  className="icon"
                  aria-label={`Remove ${card?.name ?? held.card}`}
                  onClick={() => {
                    const cards = (u.cards ?? []).filter((_, j) => j !== i);
                    m.editForces((f) =>
                      cards.length
                        ? updateUnit(f, u.id, { cards })
                        : clearUnitFields(f, u.id, ['cards']),
                    );
                  }}
                >
                  ×
                </button>
              </div>
            );
          })}
          <select
            aria-label="Add card"
            value=""
            onChange={(e) => {
              const card = e.target.value;
              if (card)
                m.editForces((f) =>
                  updateUnit(f, u.id, {
                    // Cards start face down, except Eye-icon cards, which start revealed (TK-8.7).
                    cards: [
                      ...(u.cards ?? []),
                      { card, hidden: cat.cards.get(card)?.effect?.['eye'] !== true },
                    ],
                  }),
                );
            }}
          >
            <option value="">+ card…</option>
            {cardChoices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.cardType}
                {c.hero ? ', hero' : ''}, {c.points ?? 0} pts
                {c.nations ? `, ${c.nations.join('/')}` : ''})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="button-row">
        <button
          onClick={() => {
            m.update({ placing: u.id });
            m.editor.setTool('units');
          }}
          disabled={!!carrier}
          title={
            layout
              ? 'Then press on a hex and drag toward the hexside it faces (or drag this row onto the map)'
              : 'Then press on the table and drag to set its facing'
          }
        >
          {layout ? 'Place on map' : 'Place on table'}
        </button>
        {isPlaced(u) && (
          <button
            onClick={() => m.editForces((f) => clearUnitFields(f, u.id, ['position', 'facing']))}
          >
            {layout ? 'Take off map' : 'Take off table'}
          </button>
        )}
        <button onClick={() => m.editForces((f) => removeItems(f, [u.id]))}>Delete unit</button>
      </div>
      {layout && (
        <div className="field" data-testid="unit-position">
          <span>Position</span>
          <span>{positionLabel(u.position)}</span>
        </div>
      )}
      {layout && isPlaced(u) && (
        <label className="field">
          <span>Facing</span>
          <select
            aria-label="Facing hexside"
            value={u.facing ?? ''}
            onChange={(e) =>
              m.editForces((f) =>
                e.target.value === ''
                  ? clearUnitFields(f, u.id, ['facing'])
                  : updateUnit(f, u.id, { facing: Number(e.target.value) }),
              )
            }
          >
            <option value="">not set</option>
            {[0, 1, 2, 3, 4, 5].map((side) => (
              <option key={side} value={side}>
                hexside {side} ({hexsideCompass(layout.orientation, side)})
              </option>
            ))}
          </select>
        </label>
      )}
      {!layout && Array.isArray(u.position) && (
        <label className="field">
          <span>Facing°</span>
          <input
            type="number"
            aria-label="Facing"
            value={u.facing ?? 0}
            step={15}
            onChange={(e) =>
              m.editForces((f) => updateUnit(f, u.id, { facing: Number(e.target.value) }))
            }
          />
        </label>
      )}
    </div>
  );
}
