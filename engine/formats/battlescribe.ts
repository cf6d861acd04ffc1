import { importBattleScribe, MAX_BS_BYTES } from '../import/battlescribe/battlescribe';
import { hasExtension, headText, startsWith, xmlRoot, ZIP_MAGIC } from './sniff';
import type { FormatFile, ImportFormat } from './types';

const EXTENSIONS = ['.gst', '.cat', '.gstz', '.catz'] as const;

/**
 * A BattleScribe or NewRecruit data file: XML whose root is `<gameSystem>` or `<catalogue>`, or
 * the same zipped (`.gstz`, `.catz`: a zip named so).
 */
function isBattleScribe(file: FormatFile): boolean {
  if (!hasExtension(file.name, EXTENSIONS)) return false;
  if (/z$/i.test(file.name)) return startsWith(file.bytes, ZIP_MAGIC);
  const root = xmlRoot(headText(file));
  return root === 'gameSystem' || root === 'catalogue';
}

/** A BattleScribe/NewRecruit game system and its catalogues, read as a Sandtable catalog. */
export const battleScribeImport = {
  id: 'battlescribe',
  direction: 'import',
  name: 'BattleScribe catalogues',
  makes: 'catalog',
  menu: 'Import BattleScribe catalogues…',
  extensions: EXTENSIONS,
  summary:
    'a BattleScribe or NewRecruit game system (.gst) and its catalogues (.cat; zipped .gstz/.catz too) as a catalog of the ruleset that takes them',
  maxBytes: MAX_BS_BYTES,
  folders: true,
  sniff: isBattleScribe,
  read(files, { parseXml, options, rulesets }) {
    const { catalog, report } = importBattleScribe(files, parseXml, rulesets, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.created ? { created: options.created } : {}),
    });
    const c = report.cards;
    return {
      document: catalog,
      summary: `${report.gameSystem} with ${report.catalogues.length} catalogue(s): ${report.units} models, ${c.crew} crew, ${c.upgrade} upgrade, ${c.ammo} ammo and ${c.platoon} platoon cards`,
      notes: report.notImported,
    };
  },
} as const satisfies ImportFormat;
