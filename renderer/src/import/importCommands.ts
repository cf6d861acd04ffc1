import type { CommandContext, CommandOf } from '../commands/commandTypes';
import { importUi } from './importUi';
import { takesCatalogFormat } from '../formats/formatCommands';
import { setUnderlay, underlayOf } from '../underlay/underlay';

/**
 * Commands of the underlay picture. The importers' and exporters' commands come from the format
 * registry (formats/formatCommands.ts).
 */
export type ImportCommandId =
  | 'arrange.underlay'
  | 'arrange.underlayLock'
  | 'arrange.underlayPrint'
  | 'arrange.underlayRemove'
  | 'tool.underlayMove'
  | 'tool.underlayScale';

const hasDoc = (c: CommandContext) => c.editor !== null;
const hasUnderlay = (c: CommandContext) => !!c.editor && !!underlayOf(c.editor);
/** Whether the open scenario's ruleset takes BattleScribe catalogues (its module says so). */
export function takesBattleScribe(rulesetId: string | undefined): boolean {
  return takesCatalogFormat('battlescribe', rulesetId);
}

export const IMPORT_COMMANDS: readonly CommandOf<ImportCommandId>[] = [
  {
    id: 'arrange.underlay',
    label: 'Underlay picture…',
    group: 'Arrange',
    shortcuts: ['Mod+Alt+U'],
    enabled: hasDoc,
    run: () => importUi.open({ kind: 'underlay' }),
  },
  {
    id: 'arrange.underlayLock',
    label: 'Lock underlay',
    group: 'Arrange',
    shortcuts: ['Mod+Alt+L'],
    enabled: hasUnderlay,
    checked: (c) => !!c.editor && !!underlayOf(c.editor)?.locked,
    run: (c) => {
      const u = underlayOf(c.editor!)!;
      const { locked: _was, ...rest } = u;
      setUnderlay(c.editor!, u.locked ? rest : { ...u, locked: true });
    },
  },
  {
    id: 'arrange.underlayPrint',
    label: 'Print underlay with the map',
    group: 'Arrange',
    shortcuts: ['Mod+Alt+P'],
    enabled: hasUnderlay,
    checked: (c) => !!c.editor && !!underlayOf(c.editor)?.print,
    run: (c) => {
      const u = underlayOf(c.editor!)!;
      const { print: _was, ...rest } = u;
      setUnderlay(c.editor!, u.print ? rest : { ...u, print: true });
    },
  },
  {
    id: 'arrange.underlayRemove',
    label: 'Remove underlay',
    group: 'Arrange',
    shortcuts: ['Mod+Alt+Backspace'],
    enabled: hasUnderlay,
    run: (c) => setUnderlay(c.editor!, undefined),
  },
  {
    id: 'tool.underlayMove',
    label: 'Move underlay',
    group: 'Tools',
    shortcuts: ['Mod+Alt+M'],
    enabled: hasDoc,
    checked: (c) => c.editor?.session.tool === 'underlayMove',
    run: (c) => c.editor!.setTool('underlayMove'),
  },
  {
    id: 'tool.underlayScale',
    label: 'Scale underlay by two points',
    group: 'Tools',
    shortcuts: ['Mod+Alt+K'],
    enabled: hasDoc,
    checked: (c) => c.editor?.session.tool === 'underlayScale',
    run: (c) => c.editor!.setTool('underlayScale'),
  },
];
