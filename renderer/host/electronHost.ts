import { useEffect, useRef } from 'react';
import type { Host, MenuItemSpec, MenuSection, OpenedFile } from './Host';
// Types only, erased at build: the preload API's shape comes from the one IPC contract module,
// so renderer and main cannot disagree about it. No Electron code reaches the renderer.
// eslint-disable-next-line no-restricted-imports
import type { SandtableApi } from '../../electron/core/ipcContract';

export type { SandtableApi };

/** The preload's API when running in the desktop app, else undefined. */
export function desktopApi(): SandtableApi | undefined {
  const api = (window as unknown as { sandtable?: SandtableApi }).sandtable;
  return api?.kind === 'electron' ? api : undefined;
}

/**
 * The Electron host: the preload API already is a Host (plus desktop extras such as autosave and
 * Save As), so this only checks what it was given. Files dropped onto the window, opened from the
 * OS or reloaded after a change on disk arrive through `onOpenFile`; native menu clicks through
 * `onMenuCommand`, as command ids of the registry.
 */
export function createElectronHost(api: SandtableApi): Host {
  if (api.kind !== 'electron') throw new Error('createElectronHost needs the preload API');
  return api;
}

/** A command as the native menu needs it; the command registry's entries have this shape. */
export interface MenuCommand {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly shortcuts?: readonly string[];
}

/** The order of top-level menus; groups not listed follow in the order they first appear. */
export const MENU_ORDER = ['File', 'Edit', 'Arrange', 'View', 'Tools', 'Help'];

/**
 * Native menu sections from registry commands: one menu per group, a separator wherever the id
 * prefix changes inside a group (`file.*` then `export.*`), the first shortcut as accelerator.
 * `state` gives each command's current enabled and checked state.
 */
export function menuSections<C extends MenuCommand>(
  commands: readonly C[],
  state?: (command: C) => { enabled?: boolean; checked?: boolean | undefined },
): MenuSection[] {
  const groups = new Map<string, C[]>();
  for (const c of commands) {
    const list = groups.get(c.group) ?? [];
    list.push(c);
    groups.set(c.group, list);
  }
  const rank = (g: string) => {
    const i = MENU_ORDER.indexOf(g);
    return i < 0 ? MENU_ORDER.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([label, list]) => {
      const items: MenuItemSpec[] = [];
      let prefix: string | undefined;
      for (const c of list) {
        const p = c.id.split('.')[0];
        if (prefix !== undefined && p !== prefix) items.push({ separator: true });
        prefix = p;
        const shortcut = c.shortcuts?.[0];
        const now = state?.(c) ?? {};
        items.push({
          commandId: c.id,
          label: c.label,
          ...(shortcut ? { shortcut } : {}),
          ...(now.enabled !== undefined ? { enabled: now.enabled } : {}),
          ...(now.checked !== undefined ? { checked: now.checked } : {}),
        });
      }
      return { label, items };
    });
}

/**
 * Connects the UI to what its host sends: files to show (opened from the OS, dropped, reloaded
 * after a change on disk) and native menu clicks; and keeps the native menu in step with the
 * command registry. Does nothing on a host without these (the browser).
 */
export function useHostEvents(
  host: Host,
  handlers: { openFile(file: OpenedFile): void; menuCommand(commandId: string): void },
  menus?: readonly MenuSection[],
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const offOpen = host.onOpenFile?.((file) => latest.current.openFile(file));
    const offMenu = host.onMenuCommand?.((id) => latest.current.menuCommand(id));
    return () => {
      offOpen?.();
      offMenu?.();
    };
  }, [host]);
  useEffect(() => {
    if (menus) host.setMenu?.(menus);
  }, [host, menus]);
}
