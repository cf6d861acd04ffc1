import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  commandForKey,
  matchesShortcut,
  runCommand,
  type AppActions,
  type CommandContext,
} from './commands';
import { EditorDriver } from '../editor/EditorDriver';
import { newScenario } from '../../../engine/document';

const key = (
  k: string,
  mods: Partial<{ ctrl: boolean; shift: boolean; alt: boolean; meta: boolean }> = {},
) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

const noApp: AppActions = {
  newTableDialog() {},
  newDefaultTable() {},
  open() {},
  save() {},
  saveAs() {},
  close() {},
  exportDialog() {},
  openPalette() {},
  writeClipboard() {},
  readClipboard: async () => '',
};

describe('command registry', () => {
  it('has unique ids', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
  });

  it('matches canvas-editor shortcuts', () => {
    expect(matchesShortcut('Mod+Z', key('z', { ctrl: true }))).toBe(true);
    expect(matchesShortcut('Mod+Z', key('z', { meta: true }))).toBe(true);
    expect(matchesShortcut('Mod+Z', key('Z', { ctrl: true, shift: true }))).toBe(false);
    expect(matchesShortcut('Mod+Shift+Z', key('Z', { ctrl: true, shift: true }))).toBe(true);
    expect(matchesShortcut('Shift+1', key('!', { shift: true }))).toBe(true);
    expect(matchesShortcut('V', key('v'))).toBe(true);
    expect(matchesShortcut('V', key('v', { ctrl: true }))).toBe(false);
  });

  it('dispatches keys by id, tools by map kind, and leaves clipboard keys to the browser', () => {
    const table: CommandContext = { editor: new EditorDriver().editor, app: noApp };
    const hexDoc = newScenario({
      ruleset: 'tank',
      map: {
        kind: 'hex',
        columns: 4,
        rows: 4,
        orientation: 'flat',
        defaultTerrain: 'clear',
        levels: { min: 0, max: 2 },
      },
    });
    const hex: CommandContext = { editor: new EditorDriver(hexDoc).editor, app: noApp };
    expect(commandForKey(key('r'), table)?.id).toBe('tool.road');
    expect(commandForKey(key('r'), hex)?.id).toBe('tool.hexRidge');
    expect(commandForKey(key('b'), hex)?.id).toBe('tool.hexBrush');
    expect(commandForKey(key('z', { ctrl: true }), table)).toBeNull(); // nothing to undo yet
    expect(commandForKey(key('c', { ctrl: true }), table)).toBeNull();
    expect(commandForKey(key('k', { ctrl: true }), table)?.id).toBe('view.palette');
  });

  it('runs editing commands: draw, duplicate, nudge, delete, undo', () => {
    const d = new EditorDriver().tool('tree');
    d.click([4, 4]);
    const ctx: CommandContext = { editor: d.editor, app: noApp };
    expect(runCommand('edit.duplicate', ctx)).toBe(true);
    expect(d.features()).toHaveLength(2);
    const cmd = commandForKey(key('ArrowRight', { shift: true }), ctx)!;
    expect(cmd.id).toBe('edit.nudgeRightFar');
    runCommand(cmd.id, ctx);
    expect(d.editor.feature(d.editor.session.selection[0]!)).toMatchObject({ x: 6, y: 5 });
    runCommand(commandForKey(key('Delete'), ctx)!.id, ctx);
    expect(d.features()).toHaveLength(1);
    runCommand(commandForKey(key('z', { ctrl: true }), ctx)!.id, ctx);
    expect(d.features()).toHaveLength(2);
    expect(runCommand('edit.delete', { editor: null, app: noApp })).toBe(false);
  });
});
