import { describe, expect, it } from 'vitest';
import { menuSections } from './electronHost';

describe('menuSections', () => {
  it('groups registry commands into native menus in menu order, separating id families', () => {
    const commands = [
      { id: 'view.grid', label: 'Grid', group: 'View', on: true },
      { id: 'file.open', label: 'Open…', group: 'File', shortcuts: ['Mod+O'] },
      { id: 'file.save', label: 'Save', group: 'File', shortcuts: ['Mod+S', 'F2'] },
      { id: 'export.png', label: 'Export PNG…', group: 'File', off: true },
      { id: 'edit.undo', label: 'Undo', group: 'Edit', shortcuts: ['Mod+Z'] },
    ];
    const sections = menuSections(commands, (c) => ({
      ...('off' in c ? { enabled: false } : {}),
      ...('on' in c ? { checked: true } : {}),
    }));
    expect(sections.map((s) => s.label)).toEqual(['File', 'Edit', 'View']);
    expect(sections[0]!.items).toEqual([
      { commandId: 'file.open', label: 'Open…', shortcut: 'Mod+O' },
      { commandId: 'file.save', label: 'Save', shortcut: 'Mod+S' },
      { separator: true },
      { commandId: 'export.png', label: 'Export PNG…', enabled: false },
    ]);
    expect(sections[2]!.items).toEqual([{ commandId: 'view.grid', label: 'Grid', checked: true }]);
  });
});
