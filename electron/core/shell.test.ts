import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  desktopIndexHtml,
  isExternalWebUrl,
  resolveAppAsset,
} from './appProtocol';
import { documentFileName, parseRecent, PathGrants, RECENT_LIMIT, touchRecent } from './documents';
import { isDocumentPath } from './fileService';
import {
  buildMenuModel,
  DEFAULT_SECTIONS,
  filesFromArgv,
  toAccelerator,
  type MenuNode,
} from './menuModel';
import { parseWindowState, placeWindow } from './windowState';

describe('window state', () => {
  const screenA = { x: 0, y: 0, width: 1920, height: 1080 };
  const screenB = { x: 1920, y: 0, width: 1280, height: 1024 };

  it('restores a window where it was when that place is on a display', () => {
    const s = parseWindowState({ x: 2000, y: 100, width: 1000, height: 700, maximized: true });
    expect(placeWindow(s, [screenA, screenB])).toEqual({
      x: 2000,
      y: 100,
      width: 1000,
      height: 700,
      maximized: true,
      fullScreen: false,
    });
  });

  it('brings back a window whose monitor was unplugged, centred and shrunk to fit', () => {
    const s = parseWindowState({ x: 2000, y: 100, width: 2400, height: 1400 });
    expect(placeWindow(s, [screenA])).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1080,
      maximized: false,
      fullScreen: false,
    });
  });

  it('cascades a new window that would open exactly on top of another', () => {
    const s = parseWindowState({ x: 100, y: 100, width: 1000, height: 700 });
    const placed = placeWindow(s, [screenA], [{ x: 100, y: 100, width: 1000, height: 700 }]);
    expect([placed.x, placed.y]).toEqual([128, 128]);
  });

  it('falls back to defaults for a corrupt state file', () => {
    expect(parseWindowState('garbage')).toEqual({
      width: 1400,
      height: 900,
      maximized: false,
      fullScreen: false,
    });
    expect(parseWindowState({ width: 10, height: Number.NaN })).toMatchObject({
      width: 800,
      height: 900,
    });
  });
});

describe('menus from the command registry', () => {
  it('turns registry shortcuts into platform accelerators', () => {
    expect(toAccelerator('Mod+S')).toBe('CmdOrCtrl+S');
    expect(toAccelerator('Mod+Shift+z')).toBe('CmdOrCtrl+Shift+Z');
    expect(toAccelerator('Alt+ArrowLeft')).toBe('Alt+Left');
    expect(toAccelerator('Delete')).toBe('Delete');
    expect(toAccelerator('F11')).toBe('F11');
    expect(toAccelerator('Mod+=')).toBe('CmdOrCtrl+=');
    expect(toAccelerator('Hyper+Q')).toBeNull();
  });

  const find = (nodes: readonly MenuNode[], label: string): MenuNode | undefined => {
    for (const n of nodes) {
      if ((n.kind === 'command' || n.kind === 'submenu') && n.label === label) return n;
      if (n.kind === 'submenu') {
        const inner = find(n.items, label);
        if (inner) return inner;
      }
    }
    return undefined;
  };

  it('builds the bar: app menu on macOS only, Open Recent after Open, Quit in File elsewhere', () => {
    const recent = [
      { path: '/m/v.sandtable', name: 'v.sandtable', title: 'Village', at: '2026-01-01T00:00:00Z' },
    ];
    const mac = buildMenuModel(DEFAULT_SECTIONS, {
      platform: 'darwin',
      recent,
      devTools: false,
      appName: 'Sandtable',
    });
    const linux = buildMenuModel(DEFAULT_SECTIONS, {
      platform: 'linux',
      recent,
      devTools: true,
      appName: 'Sandtable',
    });
    expect(mac[0]).toMatchObject({ kind: 'submenu', label: 'Sandtable' });
    expect(linux[0]).toMatchObject({ kind: 'submenu', label: 'File' });
    const file = linux[0] as Extract<MenuNode, { kind: 'submenu' }>;
    const labels = file.items.map((n) =>
      'label' in n ? n.label : n.kind === 'role' ? n.role : '-',
    );
    expect(labels).toEqual([
      'New Window',
      'Open…',
      'Open Recent',
      '-',
      'Save',
      'Save As…',
      '-',
      'Close Window',
      'quit',
    ]);
    expect(find(linux, 'Open Recent')).toMatchObject({
      items: [{ kind: 'recent', path: '/m/v.sandtable', label: 'Village' }],
    });
    expect(find(linux, 'Save')).toMatchObject({
      accelerator: 'CmdOrCtrl+S',
      registerAccelerator: true,
    });
  });

  it('shows but does not register shortcuts the page handles, and maps clipboard commands to roles', () => {
    const sections = [
      {
        label: 'Edit',
        items: [
          { commandId: 'edit.undo', label: 'Undo', shortcut: 'Mod+Z' },
          { commandId: 'edit.copy', label: 'Copy', shortcut: 'Mod+C' },
        ],
      },
      { label: 'Tools', items: [{ commandId: 'tool.road', label: 'Road', shortcut: 'R' }] },
      {
        label: 'File',
        items: [{ commandId: 'app.newWindow', label: 'New Window', shortcut: 'Mod+Shift+N' }],
      },
    ];
    const bar = buildMenuModel(sections, {
      platform: 'win32',
      recent: [],
      devTools: false,
      appName: 'Sandtable',
      pageHandlesShortcuts: true,
    });
    expect(find(bar, 'Undo')).toMatchObject({
      accelerator: 'CmdOrCtrl+Z',
      registerAccelerator: false,
    });
    expect(find(bar, 'Road')).toMatchObject({ accelerator: 'R', registerAccelerator: false });
    expect(find(bar, 'New Window')).toMatchObject({ registerAccelerator: true });
    const edit = bar.find((n) => n.kind === 'submenu' && n.label === 'Edit') as Extract<
      MenuNode,
      { kind: 'submenu' }
    >;
    expect(
      edit.items.filter((n) => n.kind === 'role').map((n) => (n.kind === 'role' ? n.role : '')),
    ).toEqual(['copy', 'cut', 'paste', 'selectAll']);
  });

  it('finds documents on a command line, skipping switches and the app folder', () => {
    const argv = [
      '/opt/Sandtable/sandtable',
      '--no-sandbox',
      '.',
      'maps/v.sandtable',
      '/abs/x.scenario.json',
      'notes.txt',
    ];
    expect(filesFromArgv(argv, (p) => path.resolve('/home/me', p), isDocumentPath)).toEqual([
      '/home/me/maps/v.sandtable',
      '/abs/x.scenario.json',
    ]);
  });
});

describe('app:// protocol and CSP', () => {
  const root = '/opt/app/dist/renderer';
  it('serves files under the renderer folder only', () => {
    expect(resolveAppAsset(root, 'app://sandtable/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://sandtable/assets/index-abc.js')).toBe(
      path.join(root, 'assets/index-abc.js'),
    );
    expect(resolveAppAsset(root, 'app://sandtable/../../etc/passwd')).toBe(
      path.join(root, 'etc/passwd'),
    );
    // The URL parser folds encoded dot segments at the root, which keeps them inside it.
    expect(resolveAppAsset(root, 'app://sandtable/%2e%2e/%2e%2e/etc/passwd')).toBe(
      path.join(root, 'etc/passwd'),
    );
    expect(resolveAppAsset(root, 'app://sandtable/a/%2E%2E%2F%2E%2E%2F..%2Fetc')).toBeNull();
    expect(resolveAppAsset(root, 'app://sandtable/..%5C..%5Csecret')).toBeNull();
    expect(resolveAppAsset(root, 'app://other/index.html')).toBeNull();
    expect(resolveAppAsset(root, 'file:///etc/passwd')).toBeNull();
  });

  it('puts the strict policy into the served page', () => {
    const html =
      '<head><meta http-equiv="Content-Security-Policy" content="connect-src http://127.0.0.1:*" /><title>x</title></head>';
    const out = desktopIndexHtml(html);
    expect(out).toContain(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", ''));
    expect(out).not.toContain('frame-ancestors');
    expect(out).not.toContain('127.0.0.1');
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
  });

  it('lets only plain web links out', () => {
    expect(isExternalWebUrl('https://example.org/rules')).toBe(true);
    expect(isExternalWebUrl('http://example.org')).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
      'https://user:pw@example.org',
      'app://sandtable/',
    ]) {
      expect(isExternalWebUrl(url)).toBe(false);
    }
  });
});

describe('documents', () => {
  it('grants only paths the user picked', () => {
    const grants = new PathGrants(false);
    grants.grant('/home/me/maps/v.sandtable');
    expect(grants.has('/home/me/maps/v.sandtable')).toBe(true);
    expect(grants.has('/home/me/maps/../maps/v.sandtable')).toBe(true);
    expect(grants.has('/home/me/maps/other.sandtable')).toBe(false);
    expect(grants.has('maps/v.sandtable')).toBe(false);
  });

  it('keeps the recent list unique, newest first, bounded', () => {
    let list = parseRecent([
      { path: '/a.sandtable', name: 'a.sandtable', at: 'x' },
      { path: 'relative', name: 'r', at: 'x' },
      null,
    ]);
    expect(list).toHaveLength(1);
    for (let i = 0; i < 20; i++)
      list = touchRecent(list, { path: `/m/${i}.sandtable` }, new Date(0));
    list = touchRecent(list, { path: '/m/5.sandtable', title: 'Five' }, new Date(0));
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toMatchObject({ path: '/m/5.sandtable', title: 'Five', name: '5.sandtable' });
    expect(list.filter((r) => r.path === '/m/5.sandtable')).toHaveLength(1);
  });

  it('names a saved document', () => {
    expect(documentFileName('Village: day 1')).toBe('Village- day 1.scenario.json');
    expect(documentFileName('v.sandtable')).toBe('v.sandtable');
    expect(documentFileName('  ')).toBe('Untitled.scenario.json');
  });
});
