import type { MenuItemSpec, MenuSection, RecentFile } from '../../renderer/host/Host';

/**
 * Turns a command registry shortcut into an Electron accelerator. `Mod` is Cmd on macOS and Ctrl
 * elsewhere, which Electron spells CmdOrCtrl. Returns null for what is not a valid accelerator.
 */
export function toAccelerator(shortcut: string): string | null {
  const parts = shortcut
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const names: Record<string, string> = {
    mod: 'CmdOrCtrl',
    cmdorctrl: 'CmdOrCtrl',
    ctrl: 'Ctrl',
    control: 'Ctrl',
    cmd: 'Cmd',
    command: 'Cmd',
    meta: 'Super',
    alt: 'Alt',
    option: 'Alt',
    shift: 'Shift',
    esc: 'Escape',
    escape: 'Escape',
    del: 'Delete',
    delete: 'Delete',
    backspace: 'Backspace',
    enter: 'Enter',
    return: 'Enter',
    space: 'Space',
    tab: 'Tab',
    up: 'Up',
    down: 'Down',
    left: 'Left',
    right: 'Right',
    arrowup: 'Up',
    arrowdown: 'Down',
    arrowleft: 'Left',
    arrowright: 'Right',
    plus: 'Plus',
    '=': '=',
    '-': '-',
  };
  const out: string[] = [];
  for (const part of parts) {
    const known = names[part.toLowerCase()];
    if (known) out.push(known);
    else if (/^[a-z0-9]$/i.test(part)) out.push(part.toUpperCase());
    else if (/^f([1-9]|1[0-9]|2[0-4])$/i.test(part)) out.push(part.toUpperCase());
    else if (/^[[\]\\;',./`]$/.test(part)) out.push(part);
    else return null;
  }
  return out.join('+');
}

const MODIFIERS = new Set(['CmdOrCtrl', 'Ctrl', 'Cmd', 'Super', 'Alt']);

/**
 * Whether the native menu should own this accelerator. A bare key (a tool's `V`, `Delete`) is only
 * shown in the menu: registered, it would fire while the user types in a text field.
 */
export function shouldRegister(accelerator: string): boolean {
  const parts = accelerator.split('+');
  return parts.some((p) => MODIFIERS.has(p)) || /^F\d+$/.test(parts[parts.length - 1] ?? '');
}

/** Commands main runs itself; every other command id goes to the window's renderer. */
export const MAIN_COMMANDS = ['app.newWindow', 'file.open', 'app.quit', 'window.close'] as const;
export type MainCommand = (typeof MAIN_COMMANDS)[number];
export const isMainCommand = (id: string): id is MainCommand =>
  (MAIN_COMMANDS as readonly string[]).includes(id);

/** A platform-neutral menu description; main.ts maps it onto Electron's MenuItem options. */
export type MenuNode =
  | {
      readonly kind: 'command';
      readonly commandId: string;
      readonly label: string;
      readonly accelerator?: string;
      readonly registerAccelerator: boolean;
      readonly enabled: boolean;
      readonly checked?: boolean;
    }
  | { readonly kind: 'separator' }
  | { readonly kind: 'role'; readonly role: string; readonly label?: string }
  | { readonly kind: 'submenu'; readonly label: string; readonly items: readonly MenuNode[] }
  | { readonly kind: 'recent'; readonly path: string; readonly label: string };

/**
 * Clipboard commands become Electron roles: the role makes Chromium fire the page's copy, cut or
 * paste event, which carries the system clipboard, as the keyboard shortcut does.
 */
const CLIPBOARD_ROLES: Record<string, string> = {
  'edit.cut': 'cut',
  'edit.copy': 'copy',
  'edit.paste': 'paste',
};

function command(item: MenuItemSpec, pageHandlesShortcuts: boolean): MenuNode {
  if ('separator' in item) return { kind: 'separator' };
  const role = CLIPBOARD_ROLES[item.commandId];
  if (role) return { kind: 'role', role, label: item.label };
  const accelerator = item.shortcut ? toAccelerator(item.shortcut) : null;
  // When the page runs its own shortcuts from the registry, the menu only shows them: registered
  // too, a key would run its command twice. Main's own commands have no page handler.
  const register =
    accelerator !== null &&
    shouldRegister(accelerator) &&
    (!pageHandlesShortcuts || isMainCommand(item.commandId));
  return {
    kind: 'command',
    commandId: item.commandId,
    label: item.label,
    ...(accelerator ? { accelerator } : {}),
    registerAccelerator: register,
    enabled: item.enabled ?? true,
    ...(item.checked !== undefined ? { checked: item.checked } : {}),
  };
}

/** The menus before the renderer sends its own, with the usual document commands. */
export const DEFAULT_SECTIONS: readonly MenuSection[] = [
  {
    label: 'File',
    items: [
      { commandId: 'app.newWindow', label: 'New Window', shortcut: 'Mod+Shift+N' },
      { commandId: 'file.open', label: 'Open…', shortcut: 'Mod+O' },
      { separator: true },
      { commandId: 'file.save', label: 'Save', shortcut: 'Mod+S' },
      { commandId: 'file.saveAs', label: 'Save As…', shortcut: 'Mod+Shift+S' },
    ],
  },
  {
    label: 'Edit',
    items: [
      { commandId: 'edit.undo', label: 'Undo', shortcut: 'Mod+Z' },
      { commandId: 'edit.redo', label: 'Redo', shortcut: 'Mod+Shift+Z' },
    ],
  },
];

const recentLabel = (r: RecentFile) => r.title ?? r.name;

/**
 * The whole menu bar for a platform: macOS gets its application menu; File gets Open Recent after
 * Open and Close/Quit at the end; Edit gets the clipboard roles text fields need; View and Window
 * get their standard roles. Sections come from the command registry via the renderer.
 */
export function buildMenuModel(
  sections: readonly MenuSection[],
  options: {
    platform: string;
    recent: readonly RecentFile[];
    devTools: boolean;
    appName: string;
    /** The renderer handles its registry's shortcuts itself (it sent these sections). */
    pageHandlesShortcuts?: boolean;
  },
): MenuNode[] {
  const mac = options.platform === 'darwin';
  const page = options.pageHandlesShortcuts ?? false;
  const cmd = (item: MenuItemSpec) => command(item, page);
  const recent: MenuNode = {
    kind: 'submenu',
    label: 'Open Recent',
    items: options.recent.length
      ? options.recent.map((r) => ({ kind: 'recent', path: r.path, label: recentLabel(r) }))
      : [
          {
            kind: 'command',
            commandId: 'noop',
            label: 'No Recent Files',
            enabled: false,
            registerAccelerator: false,
          },
        ],
  };
  const bar: MenuNode[] = [];
  if (mac) {
    bar.push({
      kind: 'submenu',
      label: options.appName,
      items: [
        { kind: 'role', role: 'about' },
        { kind: 'separator' },
        { kind: 'role', role: 'services' },
        { kind: 'separator' },
        { kind: 'role', role: 'hide' },
        { kind: 'role', role: 'hideOthers' },
        { kind: 'role', role: 'unhide' },
        { kind: 'separator' },
        { kind: 'role', role: 'quit' },
      ],
    });
  }
  const byLabel = new Map(sections.map((s) => [s.label, s]));
  const file = byLabel.get('File') ?? { label: 'File', items: [] };
  const edit = byLabel.get('Edit') ?? { label: 'Edit', items: [] };
  const fileItems: MenuNode[] = [];
  for (const item of file.items) {
    fileItems.push(cmd(item));
    if (!('separator' in item) && item.commandId === 'file.open') fileItems.push(recent);
  }
  if (!fileItems.some((n) => n.kind === 'submenu')) fileItems.push(recent);
  fileItems.push({ kind: 'separator' }, { kind: 'role', role: 'close', label: 'Close Window' });
  if (!mac) fileItems.push({ kind: 'role', role: 'quit' });
  bar.push({ kind: 'submenu', label: 'File', items: fileItems });

  const editItems = edit.items.map(cmd);
  const hasRole = (role: string) => editItems.some((n) => n.kind === 'role' && n.role === role);
  const hasCommand = (id: string) =>
    edit.items.some((i) => !('separator' in i) && i.commandId === id);
  // Text fields need the clipboard roles even where the registry has no such command.
  const missing = ['cut', 'copy', 'paste'].filter((r) => !hasRole(r));
  if (!hasCommand('edit.selectAll')) missing.push('selectAll');
  if (editItems.length && missing.length) editItems.push({ kind: 'separator' });
  for (const role of missing) editItems.push({ kind: 'role', role });
  bar.push({ kind: 'submenu', label: 'Edit', items: editItems });

  for (const section of sections) {
    if (section.label === 'File' || section.label === 'Edit' || section.label === 'Help') continue;
    const items = section.items.map(cmd);
    if (section.label === 'View') {
      items.push({ kind: 'separator' }, { kind: 'role', role: 'togglefullscreen' });
    }
    bar.push({ kind: 'submenu', label: section.label, items });
  }
  if (!byLabel.has('View')) {
    const view: MenuNode[] = [{ kind: 'role', role: 'togglefullscreen' }];
    if (options.devTools) view.push({ kind: 'role', role: 'toggleDevTools' });
    bar.push({ kind: 'submenu', label: 'View', items: view });
  }
  bar.push({ kind: 'role', role: 'windowMenu' });
  const help = byLabel.get('Help');
  if (help) bar.push({ kind: 'submenu', label: 'Help', items: help.items.map(cmd) });
  return bar;
}

/**
 * Files named on a command line: the OS passes a double-clicked document as an argument, to the
 * first launch and (through the single-instance lock) to the running app. Skips switches and, in
 * development, the app folder Electron is started with.
 */
export function filesFromArgv(
  argv: readonly string[],
  resolve: (p: string) => string,
  isDocument: (p: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-') || !isDocument(arg)) continue;
    const abs = resolve(arg);
    if (!out.includes(abs)) out.push(abs);
  }
  return out;
}
