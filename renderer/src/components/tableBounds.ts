import type { Feature } from '../../../engine/format/types';
import { tableOverhang } from '../../../engine/layout/tableExtent';
import { KIND_LABELS } from '../editor/featureFactory';
import type { FieldError } from '../format/formatClient';
import { humanize, schemaAt, unitOf } from './schemaFields';
import { setIn } from './inspectorData';

type Obj = Record<string, unknown>;
const EPSILON = 1e-6;
const round = (v: number) => Math.round(v * 100) / 100;

/**
 * Refuses an inspector edit that would put a feature (further) off the table: a building 99,999"
 * wide or at x = -50 is stopped at the field, with the nearest value that still fits. An edit
 * that leaves an already overhanging feature no worse passes, so old files stay editable.
 */
export function tableBoundsError(
  current: Feature,
  candidate: Feature,
  path: readonly string[],
  table: { width: number; height: number },
): FieldError | null {
  const before = tableOverhang(current, table.width, table.height);
  const after = tableOverhang(candidate, table.width, table.height);
  if (after <= before + EPSILON) return null;
  const size = `${round(table.width)} × ${round(table.height)} inch table`;
  const thing = KIND_LABELS[current.kind].toLowerCase();
  const field = [...path].reverse().find((s) => !/^\d+$/.test(s)) ?? 'value';
  const name = humanize(field);
  const unit = unitOf(schemaAt(current.kind, path)) ?? '';
  const pointer = '/' + path.join('/');
  const from = valueAt(current, path);
  const to = valueAt(candidate, path);
  if (typeof from === 'number' && typeof to === 'number' && before <= EPSILON) {
    // The edit moved a number past the edge: find the last value on the way that still fits.
    let ok = from;
    let bad = to;
    for (let i = 0; i < 40; i++) {
      const mid = (ok + bad) / 2;
      const probe = setIn(current as unknown as Obj, path, mid) as unknown as Feature;
      if (tableOverhang(probe, table.width, table.height) <= EPSILON) ok = mid;
      else bad = mid;
    }
    const limit = to > from ? Math.floor(ok * 100) / 100 : Math.ceil(ok * 100) / 100;
    const bound = to > from ? 'at most' : 'at least';
    return {
      path: pointer,
      message: `${name} must be ${bound} ${limit}${unit ? ` ${unit}` : ''} here: ${round(to)} would put the ${thing} off the ${size}`,
    };
  }
  return {
    path: pointer,
    message:
      `${name} ${typeof to === 'number' ? round(to) : ''} would put the ${thing} further off the ${size}; keep it on the table`.replace(
        /\s+/g,
        ' ',
      ),
  };
}

function valueAt(f: Feature, path: readonly string[]): unknown {
  let v: unknown = f;
  for (const step of path) v = (v as Obj | undefined)?.[step];
  return v;
}
