import { useState } from 'react';
import type { Edge, Objective, VictoryCondition } from '../../../engine/format/types';
import { applyMissionPreset, missionPresets, visibleObjectives } from '../../../engine/forces';
import { BUNDLED_RULESETS, rulesetModule } from '../../../engine/rulesets/registry';
import type { Editor } from '../editor/Editor';
import { useSetup } from '../forces/useSetup';
import type { SetupModel } from '../forces/setupModel';
import { areaSummary } from './hexSetup';

const OBJECTIVE_KINDS: Objective['kind'][] = ['holdZone', 'vpPerTurn', 'reach', 'destroy', 'exit'];
const CONDITION_KINDS: VictoryCondition['kind'][] = [
  'objectiveAchieved',
  'mostVictoryPoints',
  'destroyAll',
  'destroyUnits',
  'survive',
  'turnLimitReached',
  'allAchievedSameTurn',
];
const EDGES: Edge[] = ['north', 'south', 'east', 'west'];
/** The kinds in words: the lists showed "holdZone", "vpPerTurn" (new-user walk). */
const OBJECTIVE_KIND_WORDS: Record<Objective['kind'], string> = {
  holdZone: 'hold the zone',
  vpPerTurn: 'VP per turn held',
  reach: 'reach the area',
  destroy: 'destroy the targets',
  exit: 'exit the table',
};
const CONDITION_KIND_WORDS: Record<VictoryCondition['kind'], string> = {
  objectiveAchieved: 'objective achieved',
  mostVictoryPoints: 'most victory points',
  destroyAll: 'all enemies destroyed',
  destroyUnits: 'these units destroyed',
  survive: 'survive',
  turnLimitReached: 'turn limit reached',
  allAchievedSameTurn: 'all objectives achieved in the same turn',
};

/** A number field's value: empty means the optional field is left out. */
const optionalNumber = (text: string): number | undefined => (text ? Number(text) : undefined);

/** Removes keys whose value is undefined, '' or NaN, so optional fields leave the file. */
function clean<T extends object>(o: T): T {
  const out = { ...o } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out))
    if (v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v))) delete out[k];
  return out as T;
}

/**
 * Objectives, victory and deployment: mission presets from the catalog, each objective's owner,
 * secrecy, hold turns and required roles, victory points, turn and time limits, zones and edges.
 * "View as" shows the table as one side sees it in playtest: others' hidden objectives vanish.
 */
export function ObjectivesPanel({ editor }: { editor: Editor }) {
  const m = useSetup(editor);
  const doc = m.scenario();
  const cat = m.catalog();
  const sides = doc.forces.sides;
  const presets = missionPresets(cat, BUNDLED_RULESETS);
  const [preset, setPreset] = useState('');
  const [attacker, setAttacker] = useState('');
  const [message, setMessage] = useState('');
  const viewAs = m.session.viewAs;
  const shown = visibleObjectives(doc.objectives, viewAs);
  const hiddenCount = doc.objectives.length - shown.length;
  const sideName = (id?: string) => sides.find((s) => s.id === id)?.name ?? id ?? 'any side';

  /** `typing` names a text field, so its keystrokes make one undo step. */
  const editObjective = (id: string, patch: Partial<Objective>, typing?: string) =>
    m.setObjectives(
      doc.objectives.map((o) => (o.id === id ? clean({ ...o, ...patch }) : o)),
      typing === undefined ? undefined : `objective.${typing}:${id}`,
    );
  const victory = doc.victory;
  const setConditions = (conditions: VictoryCondition[]) =>
    m.setVictory({ ...victory, conditions });

  return (
    <div className="setup-panel" data-testid="objectives-panel">
      <section>
        <h3>Mission</h3>
        {presets.length === 0 ? (
          <p className="muted small">The {doc.ruleset.id} catalogs describe no mission presets.</p>
        ) : m.editor.isHex() ? (
          <p className="muted small">
            Mission presets lay out table strips and tokens in inches; on a hex map, set entry
            edges, deployment hexes and objective hexes with the tools below.
          </p>
        ) : (
          <div className="button-row">
            <select
              aria-label="Mission preset"
              value={preset}
              onChange={(e) => setPreset(e.target.value)}
            >
              <option value="">Preset…</option>
              {presets.map((p) => (
                <option key={p.id} value={p.id} title={p.description}>
                  {p.name}
                </option>
              ))}
            </select>
            {rulesetModule(doc.ruleset.id)?.features.attacker && (
              <select
                aria-label="Attacker"
                value={attacker}
                onChange={(e) => setAttacker(e.target.value)}
              >
                <option value="">Attacker: {sides[0]?.name}</option>
                {sides.map((s) => (
                  <option key={s.id} value={s.id}>
                    Attacker: {s.name}
                  </option>
                ))}
              </select>
            )}
            <button
              disabled={!preset}
              onClick={() => {
                try {
                  const patch = applyMissionPreset(
                    doc,
                    preset,
                    cat,
                    BUNDLED_RULESETS,
                    attacker ? { attacker } : {},
                  );
                  m.patch({ ...patch });
                  setMessage(presets.find((p) => p.id === preset)?.description ?? '');
                } catch (err) {
                  setMessage(err instanceof Error ? err.message : String(err));
                }
              }}
            >
              Apply
            </button>
          </div>
        )}
        {typeof doc.ruleset.options?.['mission'] === 'string' && (
          <p className="small">
            Playing{' '}
            <b>
              {presets.find((p) => p.id === doc.ruleset.options?.['mission'])?.name ??
                String(doc.ruleset.options['mission'])}
            </b>
          </p>
        )}
        {message && <p className="muted small">{message}</p>}
        <label className="field">
          <span>View as</span>
          <select
            aria-label="View as"
            value={viewAs ?? ''}
            onChange={(e) => m.update({ viewAs: e.target.value || null })}
            title="Playtest view: another side's hidden objectives are not shown"
          >
            <option value="">Designer (everything)</option>
            {sides.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} (playtest view)
              </option>
            ))}
          </select>
        </label>
      </section>

      <section>
        <h3>
          Objectives <span className="muted">{shown.length}</span>
        </h3>
        {hiddenCount > 0 && (
          <p className="muted small" data-testid="hidden-count">
            {hiddenCount} hidden objective(s) of another side
          </p>
        )}
        <p className="muted small">
          {m.editor.isHex()
            ? 'Objective point (Shift+P): click a hex for a one-hex objective. Objective zone (Shift+O): click hexes to add them to the selected objective, or take them out.'
            : 'Draw with the Objective zone (Shift+O) or Objective point (Shift+P) tools.'}
        </p>
        {shown.map((o) => (
          <ObjectiveEditor
            key={o.id}
            m={m}
            o={o}
            sideName={sideName}
            onChange={(p, typing) => editObjective(o.id, p, typing)}
          />
        ))}
      </section>

      <section>
        <h3>Victory</h3>
        <div className="side-fields">
          <label>
            Turn limit
            <input
              type="number"
              min={1}
              aria-label="Turn limit"
              value={victory.turnLimit ?? ''}
              onChange={(e) =>
                m.setVictory(
                  clean({
                    ...victory,
                    turnLimit: optionalNumber(e.target.value),
                  }),
                )
              }
            />
          </label>
          <label>
            Time limit (min)
            <input
              type="number"
              min={1}
              aria-label="Time limit"
              value={victory.timeLimitMinutes ?? ''}
              onChange={(e) =>
                m.setVictory(
                  clean({
                    ...victory,
                    timeLimitMinutes: optionalNumber(e.target.value),
                  }),
                )
              }
            />
          </label>
          <label>
            Otherwise
            <select
              aria-label="Otherwise"
              value={victory.otherwise ?? ''}
              onChange={(e) =>
                m.setVictory(
                  clean({
                    ...victory,
                    otherwise: (e.target.value || undefined) as 'draw' | undefined,
                  }),
                )
              }
            >
              <option value="">—</option>
              <option value="draw">draw</option>
              <option value="mostVictoryPoints">most victory points</option>
            </select>
          </label>
        </div>
        {victory.conditions.map((c, i) => (
          <div key={c.id} className="condition">
            <select
              aria-label="Condition kind"
              value={c.kind}
              onChange={(e) =>
                setConditions(
                  victory.conditions.map((x, j) =>
                    j === i ? { ...x, kind: e.target.value as VictoryCondition['kind'] } : x,
                  ),
                )
              }
            >
              {CONDITION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CONDITION_KIND_WORDS[k]}
                </option>
              ))}
            </select>
            <select
              aria-label="Condition side"
              value={c.side ?? ''}
              onChange={(e) =>
                setConditions(
                  victory.conditions.map((x, j) =>
                    j === i ? clean({ ...x, side: e.target.value }) : x,
                  ),
                )
              }
            >
              <option value="">—</option>
              {sides.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {c.kind === 'objectiveAchieved' && (
              <select
                aria-label="Condition objective"
                value={c.objective ?? ''}
                onChange={(e) =>
                  setConditions(
                    victory.conditions.map((x, j) =>
                      j === i ? clean({ ...x, objective: e.target.value }) : x,
                    ),
                  )
                }
              >
                <option value="">—</option>
                {doc.objectives.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name ?? o.id}
                  </option>
                ))}
              </select>
            )}
            {c.kind === 'mostVictoryPoints' && (
              <label className="small">
                wins at{' '}
                <input
                  type="number"
                  min={1}
                  aria-label="Victory points that win"
                  placeholder="end"
                  style={{ width: '4em' }}
                  value={c.points ?? ''}
                  onChange={(e) =>
                    setConditions(
                      victory.conditions.map((x, j) =>
                        j === i
                          ? clean({
                              ...x,
                              points: optionalNumber(e.target.value),
                            })
                          : x,
                      ),
                    )
                  }
                />{' '}
                VP
              </label>
            )}
            <button
              className="icon"
              aria-label="Remove condition"
              onClick={() => setConditions(victory.conditions.filter((_, j) => j !== i))}
            >
              ×
            </button>
            {c.description && <div className="muted small">{c.description}</div>}
          </div>
        ))}
        <div className="button-row">
          <button
            onClick={() =>
              setConditions([
                ...victory.conditions,
                ...sides.map((s) => ({
                  id: m.newId(`${s.id}-destroys-all`),
                  kind: 'destroyAll' as const,
                  side: s.id,
                  result: 'win' as const,
                  description: `${s.name} wins by destroying every enemy unit.`,
                })),
              ])
            }
          >
            + Destroy all
          </button>
          <button
            onClick={() =>
              setConditions([
                ...victory.conditions,
                { id: m.newId('condition'), kind: 'objectiveAchieved', result: 'win' },
              ])
            }
          >
            + Condition
          </button>
        </div>
      </section>

      <section>
        <h3>Deployment</h3>
        <p className="muted small">
          {m.editor.isHex()
            ? 'Entry edge tool (Shift+E): click near a map edge. Deployment zone tool (Shift+D): click hexes to add them to the side’s zone, or take them out.'
            : 'Entry edge tool (Shift+E): click near an edge. Deployment zone tool (Shift+D): drag, or click near an edge for a strip.'}{' '}
          New items go to the active side ({sideName(m.activeSide())}).
        </p>
        {(doc.deployment.entryEdges ?? []).map((e) => (
          <div
            key={e.id}
            className={`condition${m.session.selected?.id === e.id ? ' selected' : ''}`}
          >
            <span>{sideName(e.side)} enters from</span>
            <select
              aria-label={`Entry edge of ${sideName(e.side)}`}
              value={e.edge}
              onChange={(ev) =>
                m.setDeployment({
                  ...doc.deployment,
                  entryEdges: (doc.deployment.entryEdges ?? []).map((x) =>
                    x.id === e.id ? { ...x, edge: ev.target.value as Edge } : x,
                  ),
                })
              }
            >
              {EDGES.map((x) => (
                <option key={x}>{x}</option>
              ))}
            </select>
            <button
              className="icon"
              aria-label="Remove entry edge"
              onClick={() =>
                m.setDeployment({
                  ...doc.deployment,
                  entryEdges: (doc.deployment.entryEdges ?? []).filter((x) => x.id !== e.id),
                })
              }
            >
              ×
            </button>
          </div>
        ))}
        {(doc.deployment.zones ?? []).map((z) => (
          <div
            key={z.id}
            className={`condition${m.session.selected?.id === z.id ? ' selected' : ''}`}
            onClick={() => m.update({ selected: { kind: 'zone', id: z.id } })}
          >
            <span>
              {z.name ?? z.id} · {sideName(z.side)} · {areaSummary(z.area)}
            </span>
            <button
              className="icon"
              aria-label={`Remove ${z.name ?? z.id}`}
              onClick={() =>
                m.setDeployment({
                  ...doc.deployment,
                  zones: (doc.deployment.zones ?? []).filter((x) => x.id !== z.id),
                })
              }
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </div>
  );
}

function ObjectiveEditor({
  m,
  o,
  sideName,
  onChange,
}: {
  m: SetupModel;
  o: Objective;
  sideName: (id?: string) => string;
  onChange: (patch: Partial<Objective>, typing?: string) => void;
}) {
  const doc = m.scenario();
  const selected = m.session.selected?.kind === 'objective' && m.session.selected.id === o.id;
  const role = o.holders?.requiredRoles?.[0];
  return (
    <div
      className={`objective${selected ? ' selected' : ''}`}
      data-objective={o.id}
      onClick={() => m.update({ selected: { kind: 'objective', id: o.id } })}
    >
      <div className="button-row">
        <input
          aria-label="Objective name"
          value={o.name ?? ''}
          placeholder={o.id}
          onChange={(e) => onChange({ name: e.target.value }, 'name')}
        />
        <button
          className="icon"
          aria-label={`Delete ${o.name ?? o.id}`}
          onClick={(e) => {
            e.stopPropagation();
            m.setObjectives(doc.objectives.filter((x) => x.id !== o.id));
          }}
        >
          ×
        </button>
      </div>
      <div className="side-fields">
        <label>
          Kind
          <select
            aria-label="Objective kind"
            value={o.kind}
            onChange={(e) => onChange({ kind: e.target.value as Objective['kind'] })}
          >
            {OBJECTIVE_KINDS.map((k) => (
              <option key={k} value={k}>
                {OBJECTIVE_KIND_WORDS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Owner
          <select
            aria-label="Objective owner"
            value={o.owner ?? ''}
            onChange={(e) => onChange({ owner: e.target.value || undefined })}
          >
            <option value="">any side</option>
            {doc.forces.sides.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            aria-label="Hidden objective"
            checked={o.hidden ?? false}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? { hidden: true, revealOn: o.revealOn ?? 'firstEntry' }
                  : { hidden: undefined, revealOn: undefined },
              )
            }
          />
          Hidden from the other side
        </label>
        {o.hidden && (
          <label>
            Revealed
            <select
              aria-label="Reveal on"
              value={o.revealOn ?? 'firstEntry'}
              onChange={(e) => onChange({ revealOn: e.target.value as Objective['revealOn'] })}
            >
              <option value="firstEntry">when its troops reach it</option>
              <option value="end">at the end</option>
              <option value="never">never</option>
            </select>
          </label>
        )}
        <label>
          Hold turns
          <input
            type="number"
            min={1}
            aria-label="Hold turns"
            value={o.holdTurns ?? ''}
            onChange={(e) => onChange({ holdTurns: optionalNumber(e.target.value) })}
          />
        </label>
        <label>
          Required role
          <input
            aria-label="Required role"
            placeholder="e.g. radioman"
            value={role?.role ?? ''}
            onChange={(e) =>
              onChange(
                {
                  holders: clean({
                    ...(o.holders ?? {}),
                    requiredRoles: e.target.value
                      ? [{ role: e.target.value, min: role?.min ?? 1 }]
                      : undefined,
                  }),
                },
                'role',
              )
            }
          />
        </label>
        <label>
          Holder classes
          <input
            aria-label="Holder classes"
            placeholder="infantry, tank"
            value={(o.holders?.classes ?? []).join(', ')}
            onChange={(e) => {
              const classes = e.target.value
                .split(',')
                .map((c) => c.trim())
                .filter(Boolean);
              onChange(
                {
                  holders: clean({
                    ...(o.holders ?? {}),
                    classes: classes.length ? classes : undefined,
                  }),
                },
                'classes',
              );
            }}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            aria-label="No enemy inside"
            checked={o.holders?.excludeEnemy ?? false}
            onChange={(e) =>
              onChange({
                holders: clean({
                  ...(o.holders ?? {}),
                  excludeEnemy: e.target.checked || undefined,
                }),
              })
            }
          />
          No enemy inside
        </label>
        <label>
          VP per turn
          <input
            type="number"
            min={0}
            aria-label="VP per turn"
            value={o.vpPerTurn ?? ''}
            onChange={(e) => onChange({ vpPerTurn: optionalNumber(e.target.value) })}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            aria-label="Skip turn 1"
            checked={o.skipFirstTurn ?? false}
            onChange={(e) => onChange({ skipFirstTurn: e.target.checked || undefined })}
          />
          No VP on turn 1
        </label>
      </div>
      <div className="muted small">
        {o.area ? areaSummary(o.area) : 'no area'} ·{' '}
        {o.owner ? `${sideName(o.owner)}'s` : 'open to all'}
      </div>
    </div>
  );
}
