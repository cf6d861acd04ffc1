import { exportTmx } from '../../../engine/import/tiled/export';
import type { Editor } from '../editor/Editor';
import type { Host } from '../../host/Host';

/**
 * Writes the open hex map as a Tiled TMX file through the host; returns the line to show when
 * it was saved (with what Tiled cannot hold), or null when the user cancelled.
 */
export async function exportTmxOf(
  ed: Editor,
  host: Pick<Host, 'exportFile'>,
): Promise<string | null> {
  const scenario = ed.store.toScenario();
  if (scenario.map.kind !== 'hex') return null;
  const { tmx, notes } = exportTmx(scenario.map, scenario.meta.title);
  const base =
    scenario.meta.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'map';
  const saved = await host.exportFile(tmx, `${base}.tmx`, 'application/xml');
  return saved ? `Exported ${saved.name}${notes.length ? `; ${notes.join('; ')}` : ''}` : null;
}
