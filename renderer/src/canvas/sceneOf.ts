import type { HexMap } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import type { Scene } from './paintTerrain';
import { viewPrefs } from './viewPrefs';

/** Terrain colours a scenario's own catalog defines for hex terrain types. */
function catalogColours(ed: Editor): Record<string, string> | undefined {
  const catalog = ed.store.rootField<{ terrainTypes?: { id: string; colour?: string }[] }>(
    'catalog',
  );
  const out: Record<string, string> = {};
  for (const t of catalog?.terrainTypes ?? []) if (t.colour) out[t.id] = t.colour;
  return Object.keys(out).length ? out : undefined;
}

/** What the terrain painter should draw for the editor's document, with live hex strokes. */
export function sceneOf(ed: Editor): Scene {
  const m = ed.store.mapFields();
  if (ed.isHex()) {
    const colours = catalogColours(ed);
    return {
      kind: 'hex',
      map: m as unknown as HexMap,
      hex: (col, row) => ed.hex(col, row),
      hexsides: ed.store.hexsides.list(),
      contours: ed.store.contours.list(),
      style: viewPrefs(ed).style,
      ...(colours ? { terrainColours: colours } : {}),
    };
  }
  return {
    kind: 'table',
    width: Number(m.width),
    height: Number(m.height),
    ...(typeof m.baseColour === 'string' ? { baseColour: m.baseColour } : {}),
    features: ed.features(),
    style: viewPrefs(ed).style,
  };
}
