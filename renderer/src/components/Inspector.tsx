import { useRef, useState, type KeyboardEvent } from 'react';
import type { Feature, Hex } from '../../../engine/format/types';
import { hexLabel } from '../../../engine/hex';
import { isPlainHex } from '../tools/hexTools';
import type { Editor } from '../editor/Editor';
import { KIND_LABELS } from '../editor/featureFactory';
import { validateMapDefinition, type FieldError } from '../format/formatClient';
import { fieldsOf, humanize, mapFieldsOf, resolve, type FieldSpec } from './schemaFields';
import { useRevision, useSession } from './useEditor';
import { isType, newItemOf, setIn } from './inspectorData';
import { describeFieldError } from './fieldErrors';
import { tableBoundsError } from './tableBounds';
import type { Json } from '../../../engine/document';
import { featureLabel, kindWords } from '../../../engine/terrain/featureLabel';

/**
 * Fields that hold another feature's id, and the kinds they may name: shown as a list of those
 * features by name ("road 1"), where a text box showed "road-4qnc7a3k" (new-user walk).
 */
const REFERENCES: Readonly<Record<string, readonly Feature['kind'][]>> = {
  carries: ['road'],
  spans: ['creek', 'gully'],
};

type Obj = Record<string, unknown>;

/**
 * The errors to show for an edit: the schema's, unless the only complaint is a limit on the edited
 * number and the table gives a tighter one ("at most 20 inches here" beats "at most 10000").
 */
function preferBounds(
  schema: FieldError[],
  bounds: FieldError | null,
  path: readonly string[],
): FieldError[] {
  if (!bounds) return schema;
  const pointer = '/' + path.join('/');
  const onlyLimits = schema.every(
    (e) =>
      e.path === pointer &&
      /^(maximum|minimum|exclusiveMaximum|exclusiveMinimum)$/.test(e.keyword ?? ''),
  );
  return onlyLimits ? [bounds] : schema;
}

/** One input for one schema node; commits on change (choices) or on blur/Enter (text, numbers). */
function FieldInput({
  spec,
  value,
  path,
  onCommit,
  errors,
  features = [],
}: {
  spec: FieldSpec;
  value: unknown;
  path: string[];
  onCommit: (path: string[], v: unknown) => Promise<boolean>;
  errors: FieldError[];
  /** The map's features, for fields that name one (a bridge's road and creek). */
  features?: readonly Feature[];
}) {
  const s = spec.schema;
  const id = `insp-${path.join('-')}`;
  const label = humanize(spec.key);
  const pointer = '/' + path.join('/');
  const err = errors.filter((e) => e.path === pointer || e.path.startsWith(pointer + '/'));
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (value === undefined ? '' : String(value));
  // Enter commits by leaving the field, so the keyboard goes back to the canvas (tool keys work
  // at once); a refused value brings the focus back to its box for fixing.
  const enterPressed = useRef(false);
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return false;
    enterPressed.current = true;
    e.currentTarget.blur();
    return true;
  };
  const settle = (ok: boolean, el: HTMLElement) => {
    const fromEnter = enterPressed.current;
    enterPressed.current = false;
    if (!ok && fromEnter) el.focus();
  };
  const errorText = err.map((e) => e.message).join('; ');
  const wrap = (control: React.ReactNode, wide = false) => (
    <div
      className={`field${wide ? ' wide' : ''}${err.length ? ' invalid' : ''}`}
      title={s.description}
    >
      <label htmlFor={id}>{label}</label>
      {control}
      {errorText && (
        <div className="field-error" role="alert">
          {errorText}
        </div>
      )}
    </div>
  );

  if (spec.geometry) {
    const n = Array.isArray(value) ? value.length : 0;
    return wrap(
      <span className="readonly" id={id}>
        {n} points — drag vertices on the table
      </span>,
    );
  }
  const refKinds = path.length === 1 ? REFERENCES[spec.key] : undefined;
  if (refKinds && isType(s, 'string')) {
    const choices = features.filter((f) => refKinds.includes(f.kind));
    const known = value === undefined || choices.some((f) => f.id === value);
    return wrap(
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => void onCommit(path, e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">—</option>
        {!known && <option value={String(value)}>{String(value)} (not on the map)</option>}
        {choices.map((f) => (
          <option key={f.id} value={f.id}>
            {featureLabel(f, features)}
          </option>
        ))}
      </select>,
    );
  }
  if (s.enum) {
    return wrap(
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => void onCommit(path, e.target.value === '' ? undefined : e.target.value)}
      >
        {!spec.required && <option value="">—</option>}
        {s.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {kindWords(String(v))}
          </option>
        ))}
      </select>,
    );
  }
  if (isType(s, 'boolean')) {
    return wrap(
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(e) =>
          void onCommit(path, e.target.checked ? true : spec.required ? false : undefined)
        }
      />,
    );
  }
  if (isType(s, 'number') || isType(s, 'integer')) {
    const commit = (el: HTMLElement) => {
      if (draft === null) return settle(true, el);
      const v =
        draft.trim() === '' ? undefined : Number.isFinite(Number(draft)) ? Number(draft) : draft;
      // An invalid value stays in the box next to its error until it is fixed or Escape.
      void onCommit(path, v).then((ok) => {
        if (ok) setDraft(null);
        settle(ok, el);
      });
    };
    return wrap(
      <input
        id={id}
        type="number"
        step={isType(s, 'integer') ? 1 : 0.25}
        value={text}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={(e) => commit(e.currentTarget)}
        onKeyDown={(e) => {
          if (onEnter(e)) return;
          if (e.key === 'Escape') setDraft(null);
        }}
      />,
    );
  }
  if (isType(s, 'string')) {
    const commit = (el: HTMLElement) => {
      if (draft === null) return settle(true, el);
      const sent = draft;
      void onCommit(path, sent === '' ? undefined : sent).then((ok) => {
        if (ok) setDraft((d) => (d === sent ? null : d));
        settle(ok, el);
      });
    };
    return wrap(
      <input
        id={id}
        type="text"
        value={text}
        readOnly={spec.key === 'id' && path.length === 1}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={(e) => commit(e.currentTarget)}
        onKeyDown={(e) => {
          if (onEnter(e)) return;
          if (e.key === 'Escape') setDraft(null);
        }}
      />,
    );
  }
  if (isType(s, 'array') && s.items) {
    const items = resolve(s.items);
    if (items.enum) {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return wrap(
        <div className="multi" id={id} role="group" aria-label={label}>
          {items.enum.map((v) => (
            <label key={String(v)}>
              <input
                type="checkbox"
                checked={list.includes(String(v))}
                onChange={(e) => {
                  const next = e.target.checked
                    ? [...list, String(v)]
                    : list.filter((x) => x !== v);
                  void onCommit(path, next.length ? next : undefined);
                }}
              />
              {kindWords(String(v))}
            </label>
          ))}
        </div>,
        true,
      );
    }
  }
  if (isType(s, 'array') && s.items && !resolve(s.items).enum) {
    const items = resolve(s.items);
    if (isType(items, 'object') && items.properties) {
      const list = Array.isArray(value) ? (value as Obj[]) : [];
      const noun = humanize(spec.key).replace(/s$/, '').toLowerCase();
      return (
        <fieldset className="group list" title={s.description}>
          <legend>
            {label} ({list.length})
          </legend>
          {list.map((item, i) => (
            <fieldset key={i} className="group item" title={items.description}>
              <legend>
                {noun} {i + 1}{' '}
                <button
                  className="icon"
                  aria-label={`Remove ${noun} ${i + 1}`}
                  onClick={() =>
                    void onCommit(
                      path,
                      list.length > 1 ? list.filter((_, j) => j !== i) : undefined,
                    )
                  }
                >
                  ×
                </button>
              </legend>
              {Object.entries(items.properties ?? {}).map(([k, child]) => (
                <FieldInput
                  key={k}
                  spec={{
                    key: k,
                    schema: resolve(child),
                    required: (items.required ?? []).includes(k),
                    geometry: false,
                  }}
                  value={item[k]}
                  path={[...path, String(i), k]}
                  onCommit={onCommit}
                  errors={errors}
                />
              ))}
            </fieldset>
          ))}
          <button onClick={() => void onCommit(path, [...list, newItemOf(items)])}>
            + Add {noun}
          </button>
        </fieldset>
      );
    }
  }
  if (isType(s, 'object') && s.properties) {
    return (
      <fieldset className="group" title={s.description}>
        <legend>{label}</legend>
        {Object.entries(s.properties).map(([k, child]) => (
          <FieldInput
            key={k}
            spec={{
              key: k,
              schema: resolve(child),
              required: (s.required ?? []).includes(k) && value !== undefined,
              geometry: false,
            }}
            value={(value as Obj | undefined)?.[k]}
            path={[...path, k]}
            onCommit={onCommit}
            errors={errors}
          />
        ))}
      </fieldset>
    );
  }
  // Anything else (extension data, unions) as JSON text.
  const json = draft ?? (value === undefined ? '' : JSON.stringify(value));
  return wrap(
    <textarea
      id={id}
      rows={2}
      value={json}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft === null) return;
        let v: unknown;
        try {
          v = draft.trim() === '' ? undefined : JSON.parse(draft);
        } catch {
          v = draft;
        }
        const sent = draft;
        void onCommit(path, v).then((ok) => ok && setDraft((d) => (d === sent ? null : d)));
      }}
    />,
    true,
  );
}

/**
 * Edits every attribute of the selected feature, laid out from the schema. Each change is
 * validated against the schema definition of the kind before it is committed; an invalid value
 * shows the validator's message and leaves the document untouched.
 */
export function Inspector({ editor }: { editor: Editor }) {
  const s = useSession(editor, 'selection', 'selectedHex');
  useRevision(editor);
  const selected = s.selection.length === 1 ? editor.store.feature(s.selection[0]!) : undefined;
  const selKey = s.selection.join(',');
  // Errors belong to the feature they were found on; selecting another one clears them.
  const [found, setFound] = useState<{ key: string; errors: FieldError[] }>({
    key: '',
    errors: [],
  });
  const errors = found.key === selKey ? found.errors : [];
  const setErrors = (list: FieldError[]) => setFound({ key: selKey, errors: list });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [pending, setPending] = useState(0);

  if (s.selection.length > 1) {
    const fs = editor.selectedFeatures();
    const kinds = [...new Set(fs.map((f) => f.kind))];
    // Features of one kind share their fields: show the common values, blank where they differ,
    // and apply an edit to all of them as one undo step.
    const shared =
      kinds.length === 1 ? fieldsOf(kinds[0]!).filter((f) => !f.geometry && f.key !== 'id') : [];
    const commitAll = async (path: string[], value: unknown): Promise<boolean> => {
      const candidates = fs.map(
        (f) => setIn(f as unknown as Obj, path, value) as unknown as Feature,
      );
      const results = await Promise.all(
        candidates.map(async (c, i) => {
          const schema = (await validateMapDefinition(c.kind, c)).map((e) =>
            describeFieldError(c.kind, e),
          );
          const bounds = editor.isHex()
            ? null
            : tableBoundsError(fs[i]!, c, path, editor.mapSize());
          return preferBounds(schema, bounds, path);
        }),
      );
      // One sentence per field, not one per selected feature.
      const errs = [...new Map(results.flat().map((e) => [e.path, e])).values()];
      setErrors(errs);
      if (!errs.length) editor.replaceFeatures(candidates);
      return errs.length === 0;
    };
    const common = (key: string) => {
      const values = fs.map((f) => JSON.stringify((f as unknown as Obj)[key]));
      return values.every((v) => v === values[0]) ? (fs[0] as unknown as Obj)[key] : undefined;
    };
    return (
      <div className="inspector" aria-label="Inspector">
        <h2>{fs.length} features</h2>
        <p className="muted">{kinds.map((k) => KIND_LABELS[k]).join(', ')}</p>
        <div className="button-row">
          <button onClick={() => editor.setFlag('locked')}>Lock / unlock</button>
          <button onClick={() => editor.setFlag('hidden')}>Hide / show</button>
          <button onClick={() => editor.duplicateSelection()}>Duplicate</button>
          <button onClick={() => editor.deleteSelection()}>Delete</button>
        </div>
        {shared.length > 0 && (
          <p className="muted small">Edits apply to all {fs.length}; blank fields differ.</p>
        )}
        {shared.map((spec) => (
          <FieldInput
            key={`${selKey}:${spec.key}`}
            spec={spec}
            value={common(spec.key)}
            path={[spec.key]}
            onCommit={commitAll}
            errors={errors}
          />
        ))}
      </div>
    );
  }
  if (editor.isHex() && s.selectedHex)
    return (
      <HexInspector
        key={`${s.selectedHex.col},${s.selectedHex.row}`}
        editor={editor}
        at={s.selectedHex}
      />
    );
  if (!selected) return <MapInspector editor={editor} />;

  // Edits are checked and applied one after another, each on the feature as the previous one
  // left it: two quick changes (a type, then a wall) both land, in order.
  const commit = (path: string[], value: unknown): Promise<boolean> => {
    const run = async (): Promise<boolean> => {
      const current = editor.store.feature(selected.id);
      if (!current) return false;
      const candidate = setIn(current as unknown as Obj, path, value) as unknown as Feature;
      setPending((n) => n + 1);
      const schemaErrs = await validateMapDefinition(current.kind, candidate).finally(() =>
        setPending((n) => n - 1),
      );
      const bounds = editor.isHex()
        ? null
        : tableBoundsError(current, candidate, path, editor.mapSize());
      const errs = preferBounds(
        schemaErrs.map((e) => describeFieldError(current.kind, e)),
        bounds,
        path,
      );
      setErrors(errs);
      if (errs.length === 0 && editor.store.feature(selected.id)) editor.replaceFeature(candidate);
      return errs.length === 0;
    };
    const next = queue.current.then(run, run);
    queue.current = next;
    return next;
  };
  return (
    <div
      className="inspector"
      aria-label="Inspector"
      key={selected.id}
      aria-busy={pending > 0}
      data-pending={pending > 0 ? 'true' : undefined}
    >
      <h2>
        {KIND_LABELS[selected.kind]}{' '}
        <span className="muted" title={`id ${selected.id}`}>
          {/* Its name, else its number among its kind ("Building 3"), as the feature list says. */}
          {selected.name ?? featureLabel(selected, editor.features()).replace(/^\D* (\d+)$/, '$1')}
        </span>
      </h2>
      {fieldsOf(selected.kind).map((spec) => (
        <FieldInput
          key={spec.key}
          spec={spec}
          value={(selected as unknown as Obj)[spec.key]}
          path={[spec.key]}
          onCommit={commit}
          errors={errors}
          features={editor.features()}
        />
      ))}
      {errors.some((e) => e.path === '') && (
        <div className="field-error" role="alert">
          {errors.map((e) => e.message).join('; ')}
        </div>
      )}
    </div>
  );
}

/** One hex of a hex map: terrain, level, flags and label, validated like any feature. */
function HexInspector({ editor, at }: { editor: Editor; at: { col: number; row: number } }) {
  useRevision(editor);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [pending, setPending] = useState(0);
  const hex = editor.hex(at.col, at.row);
  const commit = async (path: string[], value: unknown): Promise<boolean> => {
    const candidate = setIn(hex as unknown as Obj, path, value) as unknown as Hex;
    setPending((n) => n + 1);
    const errs = (
      await validateMapDefinition('hex', candidate).finally(() => setPending((n) => n - 1))
    ).map((e) => describeFieldError('hex', e));
    setErrors(errs);
    if (errs.length) return false;
    editor.commit((w) => {
      if (isPlainHex(candidate)) w.deleteHex(candidate.col, candidate.row);
      else w.putHex(candidate);
    });
    return true;
  };
  return (
    <div
      className="inspector"
      aria-label="Inspector"
      data-pending={pending > 0 ? 'true' : undefined}
    >
      <h2>
        Hex <span className="muted">{hexLabel(at.col, at.row)}</span>
      </h2>
      {fieldsOf('hex')
        .filter((f) => f.key !== 'col' && f.key !== 'row')
        .map((spec) => (
          <FieldInput
            key={spec.key}
            spec={spec}
            value={(hex as unknown as Obj)[spec.key]}
            path={[spec.key]}
            onCommit={commit}
            errors={errors}
          />
        ))}
      <p className="muted small">
        Unset terrain means the map default ({editor.hexDefaultTerrain()}).
      </p>
    </div>
  );
}

/** With nothing selected: the scenario's title and the map's own settings. */
function MapInspector({ editor }: { editor: Editor }) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const meta = editor.store.rootField<Obj>('meta') ?? {};
  const map = editor.store.mapFields();
  const kind = editor.store.mapKind();
  const commitMap = async (path: string[], value: unknown): Promise<boolean> => {
    const candidate = setIn(map as Obj, path, value);
    const full = kind === 'table' ? { ...candidate, features: [] } : { ...candidate, hexes: [] };
    const def = kind === 'table' ? 'tableMap' : 'hexMap';
    const errs = (await validateMapDefinition(def, full)).map((e) => describeFieldError(def, e));
    setErrors(errs);
    if (!errs.length)
      editor.commit((w) => w.setMapField(path[0]!, candidate[path[0]!] as Json | undefined));
    return errs.length === 0;
  };
  const titleSpec: FieldSpec = {
    key: 'title',
    schema: { type: 'string', description: 'Title of the scenario' },
    required: true,
    geometry: false,
  };
  return (
    <div className="inspector" aria-label="Inspector">
      <h2>{kind === 'table' ? 'Table' : 'Hex map'}</h2>
      <FieldInput
        spec={titleSpec}
        value={meta.title}
        path={['title']}
        errors={[]}
        onCommit={async (_p, v) => {
          if (typeof v !== 'string' || !v.trim()) return false;
          editor.commit((w) =>
            w.setRoot('meta', { ...(meta as Record<string, Json>), title: v.trim() }),
          );
          return true;
        }}
      />
      {mapFieldsOf(kind).map((spec) => (
        <FieldInput
          key={spec.key}
          spec={spec}
          value={map[spec.key]}
          path={[spec.key]}
          onCommit={commitMap}
          errors={errors}
        />
      ))}
      <p className="muted small">
        Select a feature to edit it. {editor.features().length} features on the table.
      </p>
    </div>
  );
}
