import type { Editor } from '../editor/Editor';
import { KIND_LABELS } from '../editor/featureFactory';
import type { ToolId } from '../tools/tools';
import { SETUP_TOOL_IDS, SETUP_TOOL_INFO } from '../objectives/setupTools';
import { SETUP_COMMANDS, type SetupCommandId } from '../forces/setupCommands';
import { FEATURE_KINDS } from '../../../engine/format/types';
import { IMPORT_COMMANDS, type ImportCommandId } from '../import/importCommands';
import { FORMAT_COMMANDS, type FormatCommandId } from '../formats/formatCommands';
import { setViewPrefs, viewPrefs } from '../canvas/viewPrefs';
import { KIND_VIEWS } from '../canvas/kinds';
import { PLAYTEST_COMMANDS, type PlaytestCommandId } from '../playtest/playtestCommands';
import { COLLAB_COMMANDS, type CollabCommandId } from '../collab/collabCommands';
import { DEFAULT_RULESET } from '../../../engine/rulesets/registry';
import { sightOf } from '../sight/sightModel';
import type { CommandContext, CommandOf } from './commandTypes';

export type { AppActions, CommandContext, CommandGroup } from './commandTypes';

type ToolCommandId = `tool.${Exclude<ToolId, 'underlayMove' | 'underlayScale'>}`;
export type CommandId =
  | 'file.new'
  | 'file.newDefault'
  | 'file.open'
  | 'file.save'
  | 'file.saveAs'
  | 'file.close'
  | 'edit.undo'
  | 'edit.redo'
  | 'edit.delete'
  | 'edit.duplicate'
  | 'edit.copy'
  | 'edit.cut'
  | 'edit.paste'
  | 'edit.selectAll'
  | 'edit.deselect'
  | 'edit.nudgeLeft'
  | 'edit.nudgeRight'
  | 'edit.nudgeUp'
  | 'edit.nudgeDown'
  | 'edit.nudgeLeftFar'
  | 'edit.nudgeRightFar'
  | 'edit.nudgeUpFar'
  | 'edit.nudgeDownFar'
  | 'arrange.front'
  | 'arrange.forward'
  | 'arrange.backward'
  | 'arrange.back'
  | 'arrange.lock'
  | 'arrange.hide'
  | 'view.zoomIn'
  | 'view.zoomOut'
  | 'view.zoomFit'
  | 'view.zoomSelection'
  | 'view.zoom100'
  | 'view.grid'
  | 'view.snapGrid'
  | 'view.snapFeatures'
  | 'view.units'
  | 'view.palette'
  | 'view.playtest'
  | 'view.balanceLab'
  | 'view.sightMap'
  | 'view.legend'
  | 'view.plainStyle'
  | 'help.show'
  | ToolCommandId
  | PlaytestCommandId
  | CollabCommandId
  | SetupCommandId
  | ImportCommandId
  | FormatCommandId;

export type Command = CommandOf<CommandId>;

const hasDoc = (c: CommandContext) => c.editor !== null;
const hasSelection = (c: CommandContext) => (c.editor?.session.selection.length ?? 0) > 0;
const isTable = (c: CommandContext) => c.editor !== null && !c.editor.isHex();
const isHex = (c: CommandContext) => c.editor?.isHex() ?? false;

/** Arrow nudge in inches; with Shift, ten times as far. */
const NUDGE = 0.1;

function nudge(id: CommandId, label: string, key: string, dx: number, dy: number): Command {
  return {
    id,
    label,
    group: 'Edit',
    shortcuts: [key],
    enabled: hasSelection,
    run: (c) => c.editor!.nudge(dx, dy),
  };
}

function tool(
  id: ToolId,
  label: string,
  key: string | undefined,
  enabled: (c: CommandContext) => boolean,
): Command {
  return {
    id: `tool.${id}`,
    label,
    group: 'Tools',
    ...(key ? { shortcuts: [key] } : {}),
    enabled,
    checked: (c) => c.editor?.session.tool === id,
    run: (c) => c.editor!.setTool(id),
  };
}

function toggle(
  id: CommandId,
  label: string,
  shortcuts: string[],
  get: (e: Editor) => boolean,
  set: (e: Editor, v: boolean) => void,
): Command {
  return {
    id,
    label,
    group: 'View',
    shortcuts,
    enabled: hasDoc,
    checked: (c) => !!c.editor && get(c.editor),
    run: (c) => set(c.editor!, !get(c.editor!)),
  };
}

/** Every command of the app. Menus, toolbar, shortcuts and the palette dispatch by id. */
export const COMMANDS: readonly Command[] = [
  {
    id: 'file.newDefault',
    label: `New ${DEFAULT_RULESET.label} table`,
    group: 'File',
    enabled: () => true,
    run: (c) => c.app.newDefaultTable(),
  },
  {
    id: 'file.new',
    label: 'New…',
    group: 'File',
    shortcuts: ['Mod+Alt+N'],
    enabled: () => true,
    run: (c) => c.app.newTableDialog(),
  },
  {
    id: 'file.open',
    label: 'Open…',
    group: 'File',
    shortcuts: ['Mod+O'],
    enabled: () => true,
    run: (c) => c.app.open(),
  },
  {
    id: 'file.save',
    label: 'Save',
    group: 'File',
    shortcuts: ['Mod+S'],
    enabled: hasDoc,
    run: (c) => c.app.save(),
  },
  {
    id: 'file.saveAs',
    label: 'Save as…',
    group: 'File',
    shortcuts: ['Mod+Shift+S'],
    enabled: hasDoc,
    run: (c) => c.app.saveAs(),
  },
  // Import and export items come from the format registry (engine/formats, formats/).
  ...FORMAT_COMMANDS,
  {
    id: 'file.close',
    label: 'Close to welcome screen',
    group: 'File',
    enabled: hasDoc,
    run: (c) => c.app.close(),
  },

  {
    id: 'edit.undo',
    label: 'Undo',
    group: 'Edit',
    shortcuts: ['Mod+Z'],
    enabled: (c) => c.editor?.store.canUndo() ?? false,
    run: (c) => c.editor!.undo(),
  },
  {
    id: 'edit.redo',
    label: 'Redo',
    group: 'Edit',
    shortcuts: ['Mod+Shift+Z', 'Mod+Y'],
    enabled: (c) => c.editor?.store.canRedo() ?? false,
    run: (c) => c.editor!.redo(),
  },
  {
    id: 'edit.cut',
    label: 'Cut',
    group: 'Edit',
    shortcuts: ['Mod+X'],
    clipboardEvent: true,
    enabled: hasSelection,
    run: (c) => c.app.writeClipboard(c.editor!.cut()),
  },
  {
    id: 'edit.copy',
    label: 'Copy',
    group: 'Edit',
    shortcuts: ['Mod+C'],
    clipboardEvent: true,
    enabled: hasSelection,
    run: (c) => c.app.writeClipboard(c.editor!.copy()),
  },
  {
    id: 'edit.paste',
    label: 'Paste',
    group: 'Edit',
    shortcuts: ['Mod+V'],
    clipboardEvent: true,
    enabled: isTable,
    run: (c) => {
      const ed = c.editor!;
      void c.app.readClipboard().then((text) => ed.paste(text));
    },
  },
  {
    id: 'edit.duplicate',
    label: 'Duplicate',
    group: 'Edit',
    shortcuts: ['Mod+D'],
    enabled: hasSelection,
    run: (c) => c.editor!.duplicateSelection(),
  },
  {
    id: 'edit.delete',
    label: 'Delete',
    group: 'Edit',
    shortcuts: ['Delete', 'Backspace'],
    enabled: hasSelection,
    run: (c) => c.editor!.deleteSelection(),
  },
  {
    id: 'edit.selectAll',
    label: 'Select all',
    group: 'Edit',
    shortcuts: ['Mod+A'],
    enabled: isTable,
    run: (c) => c.editor!.selectAll(),
  },
  {
    id: 'edit.deselect',
    label: 'Select none',
    group: 'Edit',
    shortcuts: ['Escape'],
    enabled: hasDoc,
    run: (c) => {
      c.editor!.clearSelection();
      c.editor!.setTool('select');
    },
  },
  nudge('edit.nudgeLeft', 'Nudge left', 'ArrowLeft', -NUDGE, 0),
  nudge('edit.nudgeRight', 'Nudge right', 'ArrowRight', NUDGE, 0),
  nudge('edit.nudgeUp', 'Nudge up', 'ArrowUp', 0, -NUDGE),
  nudge('edit.nudgeDown', 'Nudge down', 'ArrowDown', 0, NUDGE),
  nudge('edit.nudgeLeftFar', 'Nudge left 1"', 'Shift+ArrowLeft', -NUDGE * 10, 0),
  nudge('edit.nudgeRightFar', 'Nudge right 1"', 'Shift+ArrowRight', NUDGE * 10, 0),
  nudge('edit.nudgeUpFar', 'Nudge up 1"', 'Shift+ArrowUp', 0, -NUDGE * 10),
  nudge('edit.nudgeDownFar', 'Nudge down 1"', 'Shift+ArrowDown', 0, NUDGE * 10),

  {
    id: 'arrange.front',
    label: 'Bring to front',
    group: 'Arrange',
    shortcuts: ['Mod+Shift+]'],
    enabled: hasSelection,
    run: (c) => c.editor!.reorder('front'),
  },
  {
    id: 'arrange.forward',
    label: 'Bring forward',
    group: 'Arrange',
    shortcuts: ['Mod+]'],
    enabled: hasSelection,
    run: (c) => c.editor!.reorder('forward'),
  },
  {
    id: 'arrange.backward',
    label: 'Send backward',
    group: 'Arrange',
    shortcuts: ['Mod+['],
    enabled: hasSelection,
    run: (c) => c.editor!.reorder('backward'),
  },
  {
    id: 'arrange.back',
    label: 'Send to back',
    group: 'Arrange',
    shortcuts: ['Mod+Shift+['],
    enabled: hasSelection,
    run: (c) => c.editor!.reorder('back'),
  },
  {
    id: 'arrange.lock',
    label: 'Lock / unlock',
    group: 'Arrange',
    shortcuts: ['Mod+Shift+L'],
    enabled: hasSelection,
    run: (c) => c.editor!.setFlag('locked'),
  },
  {
    id: 'arrange.hide',
    label: 'Hide / show',
    group: 'Arrange',
    shortcuts: ['Mod+Shift+H'],
    enabled: hasSelection,
    run: (c) => c.editor!.setFlag('hidden'),
  },

  {
    id: 'view.zoomIn',
    label: 'Zoom in',
    group: 'View',
    shortcuts: ['Mod+=', '=', '+'],
    enabled: hasDoc,
    run: (c) => zoomCentre(c.editor!, 1.25),
  },
  {
    id: 'view.zoomOut',
    label: 'Zoom out',
    group: 'View',
    shortcuts: ['Mod+-', '-'],
    enabled: hasDoc,
    run: (c) => zoomCentre(c.editor!, 0.8),
  },
  {
    id: 'view.zoomFit',
    label: 'Zoom to fit',
    group: 'View',
    shortcuts: ['Shift+1'],
    enabled: hasDoc,
    run: (c) => c.editor!.zoomToFit(),
  },
  {
    id: 'view.zoomSelection',
    label: 'Zoom to selection',
    group: 'View',
    shortcuts: ['Shift+2'],
    enabled: hasSelection,
    run: (c) => c.editor!.zoomToSelection(),
  },
  {
    id: 'view.zoom100',
    label: 'Zoom to 100%',
    group: 'View',
    shortcuts: ['Shift+0'],
    enabled: hasDoc,
    run: (c) => c.editor!.zoomToActual(),
  },
  toggle(
    'view.grid',
    'Show grid',
    ["Mod+'"],
    (e) => e.session.grid.visible,
    (e, v) => e.update({ grid: { ...e.session.grid, visible: v } }),
  ),
  toggle(
    'view.snapGrid',
    'Snap to grid',
    ["Mod+Shift+'"],
    (e) => e.session.grid.snap,
    (e, v) => e.update({ grid: { ...e.session.grid, snap: v } }),
  ),
  toggle(
    'view.snapFeatures',
    'Snap to features',
    [],
    (e) => e.session.snapToFeatures,
    (e, v) => e.update({ snapToFeatures: v }),
  ),
  {
    id: 'view.units',
    label: 'Ruler units: inches / cm / mm',
    group: 'View',
    enabled: hasDoc,
    run: (c) => {
      const next = { in: 'cm', cm: 'mm', mm: 'in' } as const;
      c.editor!.update({ units: next[c.editor!.session.units] });
    },
  },
  {
    id: 'view.palette',
    label: 'Command palette',
    group: 'View',
    shortcuts: ['Mod+K'],
    enabled: () => true,
    run: (c) => c.app.openPalette(),
  },
  {
    id: 'view.playtest',
    label: 'Playtest',
    group: 'View',
    shortcuts: ['F5'],
    enabled: (c) => hasDoc(c) && c.app.playtest !== undefined,
    run: (c) => c.app.playtest?.(),
  },
  {
    id: 'view.balanceLab',
    label: 'Balance lab…',
    group: 'View',
    shortcuts: ['Shift+F5'],
    enabled: (c) => hasDoc(c) && c.app.balanceLab !== undefined,
    run: (c) => c.app.balanceLab?.(),
  },
  {
    id: 'view.sightMap',
    label: 'Sight map…',
    group: 'View',
    shortcuts: ['Shift+S'],
    enabled: hasDoc,
    checked: (c) => !!c.editor && sightOf(c.editor).session.on,
    run: (c) => sightOf(c.editor!).setOn(!sightOf(c.editor!).session.on),
  },
  {
    id: 'view.legend',
    label: 'Show legend',
    group: 'View',
    shortcuts: ['Shift+L'],
    enabled: hasDoc,
    checked: (c) => !!c.editor && viewPrefs(c.editor).legend,
    run: (c) => setViewPrefs(c.editor!, { legend: !viewPrefs(c.editor!).legend }),
  },
  {
    id: 'view.plainStyle',
    label: 'Plain map style (high contrast, ink saving)',
    group: 'View',
    shortcuts: ['Shift+M'],
    enabled: hasDoc,
    checked: (c) => !!c.editor && viewPrefs(c.editor).style === 'plain',
    run: (c) =>
      setViewPrefs(c.editor!, {
        style: viewPrefs(c.editor!).style === 'plain' ? 'printed' : 'plain',
      }),
  },
  {
    id: 'help.show',
    label: 'Help and keyboard shortcuts',
    group: 'Help',
    shortcuts: ['F1'],
    enabled: (c) => c.app.showHelp !== undefined,
    run: (c) => c.app.showHelp?.(),
  },

  tool('select', 'Select', 'V', hasDoc),
  tool('hand', 'Hand (pan)', 'H', hasDoc),
  tool('tape', 'Measuring tape', 'M', hasDoc),
  ...FEATURE_KINDS.map((k) => tool(k, KIND_LABELS[k], KIND_VIEWS[k].key, isTable)),
  tool('hexBrush', 'Hex brush', 'B', isHex),
  tool('hexFill', 'Hex fill', 'F', isHex),
  tool('hexRidge', 'Hexside ridge', 'R', isHex),
  tool('hexContour', 'Contour line', 'C', isHex),
  ...SETUP_TOOL_IDS.map((t) => tool(t, SETUP_TOOL_INFO[t].label, SETUP_TOOL_INFO[t].key, hasDoc)),
  ...SETUP_COMMANDS,
  ...PLAYTEST_COMMANDS,
  ...COLLAB_COMMANDS,
  ...IMPORT_COMMANDS,
];

const BY_ID = new Map(COMMANDS.map((c) => [c.id, c]));

export function command(id: CommandId): Command {
  const c = BY_ID.get(id);
  if (!c) throw new Error(`unknown command ${id}`);
  return c;
}

/** Runs a command if it is enabled; true when it ran. */
export function runCommand(id: CommandId, ctx: CommandContext): boolean {
  const c = command(id);
  if (!c.enabled(ctx)) return false;
  c.run(ctx);
  return true;
}

function zoomCentre(ed: Editor, factor: number): void {
  const v = ed.session.viewport;
  ed.zoomAt([v.width / 2, v.height / 2], factor);
}

/** The subset of a keyboard event shortcuts are matched against. */
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether a key press matches a shortcut like "Mod+Shift+Z". */
export function matchesShortcut(shortcut: string, e: KeyInput): boolean {
  const parts = shortcut.split('+');
  // "Mod++" style shortcuts end with an empty part for the "+" key itself.
  let key = parts.pop()!;
  if (key === '' && shortcut.endsWith('+')) {
    parts.pop();
    key = '+';
  }
  const mods = new Set(parts);
  const mod = e.ctrlKey || e.metaKey;
  if (mods.has('Mod') !== mod || mods.has('Alt') !== e.altKey) return false;
  const shiftMatters = key.length > 1 || /[a-z]/i.test(key);
  if (shiftMatters && mods.has('Shift') !== e.shiftKey) return false;
  if (key === '1' || key === '2' || key === '0') {
    // Shift+1 reports "!" on most layouts; compare by the digit row.
    const shifted: Record<string, string> = { '1': '!', '2': '@', '0': ')' };
    return e.key === key || e.key === shifted[key];
  }
  return e.key.toLowerCase() === key.toLowerCase();
}

/** The first enabled command a key press triggers (none for clipboard keys and plain typing). */
export function commandForKey(e: KeyInput, ctx: CommandContext): Command | null {
  for (const c of COMMANDS) {
    if (c.clipboardEvent || !c.shortcuts) continue;
    if (c.shortcuts.some((s) => matchesShortcut(s, e)) && c.enabled(ctx)) return c;
  }
  return null;
}

/** Shortcut text for menus, with the platform's modifier names. */
export function shortcutLabel(shortcut: string, mac: boolean): string {
  return shortcut
    .replace('Mod', mac ? '⌘' : 'Ctrl')
    .replace('Alt', mac ? '⌥' : 'Alt')
    .replace('Arrow', '')
    .replace('Shift', mac ? '⇧' : 'Shift');
}
