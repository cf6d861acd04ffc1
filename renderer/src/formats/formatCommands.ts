import type { CommandContext, CommandOf } from '../commands/commandTypes';
import {
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  type ExportFormatId,
  type ImportFormatId,
} from '../../../engine/formats/registry';
import type { AnyFormat } from '../../../engine/formats/types';
import { RULESETS } from '../../../engine/rulesets/registry';
import { importUi } from '../import/importUi';

/*
 * The app's side of each format in engine/formats/registry.ts: the command that runs it (id and
 * shortcut, kept stable for users' muscle memory and the tests) and when it is offered. The menu
 * label is the format's own `menu`. A `Record` over the registry's ids: a format added there
 * breaks the build here until it has a command.
 */

export type ImportFormatCommandId = 'file.importTiled' | 'file.importBattleScribe';
export type ExportFormatCommandId = 'export.png' | 'export.svg' | 'export.pdf' | 'file.exportTmx';
export type FormatCommandId = ImportFormatCommandId | ExportFormatCommandId;

interface FormatUi<Id extends string> {
  readonly command: Id;
  readonly shortcuts?: readonly string[];
  enabled(c: CommandContext): boolean;
  readonly disabledWhy?: string;
  run(c: CommandContext): void;
}

const hasDoc = (c: CommandContext) => c.editor !== null;

/** Whether the ruleset's module lists the catalog format in its `catalogImports`. */
export function takesCatalogFormat(formatId: string, rulesetId: string | undefined): boolean {
  const m = RULESETS.find((r) => r.id === rulesetId);
  return !!(m?.catalogImports as readonly string[] | undefined)?.includes(formatId);
}

/** A catalog import is offered when the open scenario's ruleset takes it. */
const takenByOpenRuleset = (formatId: string) => (c: CommandContext) =>
  takesCatalogFormat(formatId, c.editor?.store.rootField<{ id: string }>('ruleset')?.id);

const IMPORT_UI: { readonly [K in ImportFormatId]: FormatUi<ImportFormatCommandId> } = {
  tiled: {
    command: 'file.importTiled',
    shortcuts: ['Mod+Alt+I'],
    enabled: () => true,
    run: () => importUi.open({ kind: 'tiled' }),
  },
  battlescribe: {
    command: 'file.importBattleScribe',
    shortcuts: ['Mod+Alt+B'],
    enabled: takenByOpenRuleset('battlescribe'),
    disabledWhy: `For scenarios of a ruleset that reads BattleScribe catalogues (${RULESETS.filter(
      (r) => (r.catalogImports as readonly string[] | undefined)?.includes('battlescribe'),
    )
      .map((r) => r.label)
      .join(', ')}): open or make one first`,
    run: () => importUi.open({ kind: 'battlescribe' }),
  },
};

const EXPORT_UI: { readonly [K in ExportFormatId]: FormatUi<ExportFormatCommandId> } = {
  png: { command: 'export.png', enabled: hasDoc, run: (c) => c.app.exportDialog('png') },
  svg: { command: 'export.svg', enabled: hasDoc, run: (c) => c.app.exportDialog('svg') },
  pdf: {
    command: 'export.pdf',
    shortcuts: ['Mod+P'],
    enabled: hasDoc,
    run: (c) => c.app.exportDialog('pdf'),
  },
  tmx: {
    command: 'file.exportTmx',
    shortcuts: ['Mod+Alt+T'],
    enabled: (c) => c.editor?.isHex() ?? false,
    disabledWhy: 'Tiled maps are hex maps here: open or make a hex map first',
    run: (c) => c.app.exportTmx?.(),
  },
};

const commandOf = <Id extends string>(f: AnyFormat, ui: FormatUi<Id>): CommandOf<Id> => ({
  id: ui.command,
  label: f.menu,
  group: 'File',
  ...(ui.shortcuts ? { shortcuts: ui.shortcuts } : {}),
  enabled: ui.enabled,
  ...(ui.disabledWhy ? { disabledWhy: ui.disabledWhy } : {}),
  run: ui.run,
});

/** File ▸ Import… and Export… items, in the registry's order: imports, then exports. */
export const FORMAT_COMMANDS: readonly CommandOf<FormatCommandId>[] = [
  ...IMPORT_FORMATS.map((f) => commandOf(f, IMPORT_UI[f.id])),
  ...EXPORT_FORMATS.map((f) => commandOf(f, EXPORT_UI[f.id])),
];

/** The command id that runs a format, for the help to name its shortcut. */
export function commandIdOf(f: AnyFormat): FormatCommandId | undefined {
  return f.direction === 'import'
    ? IMPORT_UI[f.id as ImportFormatId]?.command
    : EXPORT_UI[f.id as ExportFormatId]?.command;
}
