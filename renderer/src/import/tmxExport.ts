import { tmxExport } from '../../../engine/formats/tiled';
import type { Editor } from '../editor/Editor';
import type { Host } from '../../host/Host';

/**
 * Writes the open hex map as a Tiled TMX file through the host (the registry's TMX writer); returns the line to show when
 * it was saved (with what Tiled cannot hold), or null when the user cancelled.
 */
export async function exportTmxOf(
  ed: Editor,
  host: Pick<Host, 'exportFile'>,
): Promise<string | null> {
  const scenario = ed.store.toScenario();
  if (!tmxExport.canWrite(scenario)) return null;
  const { data, notes } = tmxExport.write(scenario);
  const base =
    scenario.meta.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'map';
  const saved = await host.exportFile(data, `${base}${tmxExport.extensions[0]}`, tmxExport.mime);
  return saved ? `Exported ${saved.name}${notes.length ? `; ${notes.join('; ')}` : ''}` : null;
}
