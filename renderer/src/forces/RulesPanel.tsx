import { useMemo, useState } from 'react';
import type { Editor } from '../editor/Editor';
import {
  figureScales,
  groupLayer,
  hasLayer,
  interpretationList,
  interpretationValue,
  isOverridden,
  layerCatalogs,
  matchesFilter,
  optionOn,
  optionalRules,
  overrideCount,
  withAllRecommended,
  withGroupLayer,
  withInterpretation,
  withLayer,
  withOption,
  type Interpretation,
  type OptionValue,
} from './rulesChoices';
import type { SetupModel } from './setupModel';
import { useSetup } from './useSetup';
import './rules.css';
import { BUNDLED_CATALOGS } from '../../../engine/rulesets/registry';

const shown = (v: OptionValue): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** How many rule choices of the open scenario differ from the plain game (for the tab badge). */
export function rulesOverrideCount(m: SetupModel): number {
  const cat = m.catalog();
  return overrideCount(m.scenario().ruleset, optionalRules(cat), interpretationList(cat));
}

/**
 * The scenario's rules: era layer, optional rules, figure scale and the reading of each
 * ambiguity of the rulebook. Everything shown comes from the ruleset's catalogs; each change is
 * one undo step and a choice set back to its default leaves the file.
 */
export function RulesPanel({ editor }: { editor: Editor }) {
  const m = useSetup(editor);
  const doc = m.scenario();
  const cat = m.catalog();
  const ruleset = doc.ruleset;
  const rules = useMemo(() => optionalRules(cat), [cat]);
  const readings = useMemo(() => interpretationList(cat), [cat]);
  const scales = useMemo(() => figureScales(cat), [cat]);
  const [filter, setFilter] = useState('');
  const [changedOnly, setChangedOnly] = useState(false);
  // Layers in a group exclude each other (radio buttons); layers without one are checkboxes below.
  const groups = [
    ...new Set(rules.filter((r) => r.kind === 'layer' && r.group).map((r) => r.group)),
  ];
  const options = rules.filter((r) => r.kind === 'option');
  const looseLayers = rules.filter((r) => r.kind === 'layer' && !r.group);
  const layerDocs = rules.length ? [] : layerCatalogs(ruleset.id, BUNDLED_CATALOGS);
  const changed = readings.filter((i) => isOverridden(ruleset, i)).length;
  const total = overrideCount(ruleset, rules, readings);
  const visible = readings.filter(
    (i) => matchesFilter(i, filter) && (!changedOnly || isOverridden(ruleset, i)),
  );
  const scale = doc.map.kind === 'table' ? doc.map.scale : undefined;
  const factor = scale?.factor ?? 1;

  return (
    <div className="setup-panel rules-panel" data-testid="rules-panel">
      <div className="muted small" data-testid="rules-override-count">
        {ruleset.id} ·{' '}
        {total === 0 ? 'plays the rules as written' : `${total} choices differ from the plain game`}
      </div>

      {groups.map((g) => {
        const inGroup = rules.filter((r) => r.kind === 'layer' && r.group === g);
        const current = groupLayer(ruleset, rules, g);
        return (
          <section key={g} aria-label={`Layer: ${g}`}>
            <h3>{g === 'era' ? 'Era' : g}</h3>
            <div className="rule-list" role="radiogroup" aria-label={g === 'era' ? 'Era' : g}>
              <label className="rule-choice">
                <input
                  type="radio"
                  name={`rules-${g}`}
                  checked={current === null}
                  onChange={() => m.setRuleset(withGroupLayer(ruleset, rules, g, null))}
                />
                <span>
                  <span className="name">Base game only</span>
                  <span className="muted small block">No add-on layer.</span>
                </span>
              </label>
              {inGroup.map((r) => (
                <label key={r.id} className="rule-choice">
                  <input
                    type="radio"
                    name={`rules-${g}`}
                    checked={current === r.id}
                    onChange={() => m.setRuleset(withGroupLayer(ruleset, rules, g, r.id))}
                  />
                  <span>
                    <span className="name">{r.name}</span>{' '}
                    <span className="rule">[{r.ruleId}]</span>
                    <span className="muted small block">{r.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </section>
        );
      })}

      {(options.length > 0 || looseLayers.length > 0) && (
        <section aria-label="Optional rules">
          <h3>Optional rules</h3>
          <div className="rule-list">
            {[...looseLayers, ...options].map((r) => {
              const on = r.kind === 'layer' ? hasLayer(ruleset, r.id) : optionOn(ruleset, r.id);
              return (
                <label key={r.id} className="rule-choice" data-rule={r.id}>
                  <input
                    type="checkbox"
                    aria-label={r.name}
                    checked={on}
                    onChange={(e) =>
                      m.setRuleset(
                        r.kind === 'layer'
                          ? withLayer(ruleset, r.id, e.target.checked)
                          : withOption(ruleset, r.id, e.target.checked),
                      )
                    }
                  />
                  <span>
                    <span className="name">{r.name}</span>{' '}
                    <span className="rule">[{r.ruleId}]</span>
                    <span className="muted small block">
                      <code>{r.id}</code> — {r.description}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </section>
      )}

      {rules.length === 0 && (
        <section aria-label="Layers">
          <h3>Optional rules</h3>
          <p className="muted small" data-testid="no-optional-rules">
            The {ruleset.id} catalogs have no optional rules table
            {layerDocs.length
              ? '; these layer catalogs can be added to the base game:'
              : ', and no layers beyond the base game.'}
          </p>
          {layerDocs.length > 0 && (
            <div className="rule-list">
              {layerDocs.map((l) => (
                <label key={l.layer} className="rule-choice">
                  <input
                    type="checkbox"
                    aria-label={`Layer ${l.layer}`}
                    checked={hasLayer(ruleset, l.layer)}
                    onChange={(e) => m.setRuleset(withLayer(ruleset, l.layer, e.target.checked))}
                  />
                  <span>
                    <span className="name">{l.title}</span> <code>{l.layer}</code>
                    <span className="muted small block">{l.description}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        </section>
      )}

      {scales.length > 0 && doc.map.kind === 'table' && (
        <section aria-label="Figure scale">
          <h3>
            Figure scale <span className="rule">[TP-21]</span>
          </h3>
          <label className="rule-field">
            <select
              aria-label="Figure scale"
              value={String(factor)}
              onChange={(e) => {
                const s = scales.find((x) => String(x.factor) === e.target.value);
                if (s) m.setFigureScale({ figureScale: s.figureScale, factor: s.factor });
              }}
            >
              {!scales.some((s) => s.factor === factor) && (
                <option value={String(factor)}>×{factor} (set in the file)</option>
              )}
              {scales.map((s) => (
                <option key={s.figureScale} value={String(s.factor)}>
                  {s.figureScale} — lengths ×{s.factor}
                </option>
              ))}
            </select>
          </label>
          <p className="muted small">
            Every range, move, cone and blast is multiplied; the table is drawn in real inches.
          </p>
        </section>
      )}

      {readings.length === 0 && (
        <p className="muted small" data-testid="no-interpretations">
          The {ruleset.id} catalogs list no interpretation options: every unclear rule is played as
          the engine reads it.
        </p>
      )}

      {readings.length > 0 && (
        <section aria-label="Interpretations">
          <h3>
            Interpretations{' '}
            <span className="muted" data-testid="interpretation-count">
              {changed} of {readings.length} changed
            </span>
          </h3>
          <p className="muted small">
            Where the rulebook is unclear the recommended reading is played unless you pick another.
          </p>
          <div className="rules-filter-row">
            <input
              type="search"
              className="filter"
              placeholder="Filter by id, name or text"
              aria-label="Filter interpretations"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <label className="small nowrap">
              <input
                type="checkbox"
                checked={changedOnly}
                onChange={(e) => setChangedOnly(e.target.checked)}
              />{' '}
              changed
            </label>
          </div>
          <div className="interpretation-rows" role="list">
            {visible.map((i) => (
              <InterpretationRow
                key={i.id}
                i={i}
                value={interpretationValue(ruleset, i)}
                onPick={(v) => m.setRuleset(withInterpretation(m.scenario().ruleset, i, v))}
              />
            ))}
            {visible.length === 0 && <p className="muted small">Nothing matches.</p>}
          </div>
          {changed > 0 && (
            <div className="button-row">
              <button onClick={() => m.setRuleset(withAllRecommended(ruleset, readings))}>
                Reset all {changed} to recommended
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function InterpretationRow({
  i,
  value,
  onPick,
}: {
  i: Interpretation;
  value: OptionValue;
  onPick: (v: OptionValue) => void;
}) {
  const overridden = value !== i.default;
  const choices = [i.default, ...i.alternatives];
  const boolean =
    typeof i.default === 'boolean' && i.alternatives.every((a) => typeof a === 'boolean');
  return (
    <div
      role="listitem"
      className={`interpretation${overridden ? ' changed' : ''}`}
      data-interpretation={i.id}
    >
      <div className="head">
        <span className="rule-id">{i.id}</span>
        <code className="option">{i.option}</code>
        {overridden && <span className="badge warn">changed</span>}
      </div>
      {i.summary && <div className="summary">{i.summary}</div>}
      <div className="control">
        {i.alternatives.length === 0 ? (
          <span className="muted small">
            Fixed reading: <b>{shown(i.default)}</b>
          </span>
        ) : boolean ? (
          <label className="small">
            <input
              type="checkbox"
              aria-label={`${i.id} ${i.option}`}
              checked={value === true}
              onChange={(e) => onPick(e.target.checked)}
            />{' '}
            {i.option} <span className="muted">(recommended: {i.default ? 'on' : 'off'})</span>
          </label>
        ) : (
          <select
            aria-label={`${i.id} ${i.option}`}
            value={choices.includes(value) ? String(choices.indexOf(value)) : '-1'}
            onChange={(e) => onPick(choices[Number(e.target.value)]!)}
          >
            {!choices.includes(value) && <option value="-1">{shown(value)} (from the file)</option>}
            {choices.map((c, n) => (
              <option key={n} value={String(n)}>
                {shown(c)}
                {n === 0 ? ' (recommended)' : ''}
              </option>
            ))}
          </select>
        )}
        {overridden && (
          <button className="link" onClick={() => onPick(i.default)}>
            Reset to recommended
          </button>
        )}
      </div>
    </div>
  );
}
