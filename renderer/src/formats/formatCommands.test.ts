import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../commands/commands';
import { EXPORT_FORMATS, IMPORT_FORMATS } from '../../../engine/formats/registry';
import type { ExportFormat, ImportFormat } from '../../../engine/formats/types';
import { commandIdOf } from './formatCommands';
import { ALL_FORMATS, formatHelpLines } from './formatHelp';
import { PAINTED_WRITERS } from './paintedWriters';

describe('the File menu and the help read the format registry', () => {
  it('gives every format a File command labelled with its menu item, ids and shortcuts kept', () => {
    const byFormat = Object.fromEntries(
      ALL_FORMATS.map((f) => {
        const c = COMMANDS.find((x) => x.id === commandIdOf(f))!;
        expect(c.label).toBe(f.menu);
        expect(c.group).toBe('File');
        return [`${f.direction}.${f.id}`, [c.id, ...(c.shortcuts ?? [])]];
      }),
    );
    expect(byFormat).toEqual({
      'import.tiled': ['file.importTiled', 'Mod+Alt+I'],
      'import.battlescribe': ['file.importBattleScribe', 'Mod+Alt+B'],
      'export.png': ['export.png'],
      'export.svg': ['export.svg'],
      'export.pdf': ['export.pdf', 'Mod+P'],
      'export.tmx': ['file.exportTmx', 'Mod+Alt+T'],
    });
  });

  it('has a writer for every export: the engine one, or the painter under the same id', () => {
    for (const f of EXPORT_FORMATS as readonly ExportFormat[])
      expect(!!f.write || f.id in PAINTED_WRITERS, `${f.id} has a writer`).toBe(true);
  });

  it('lists in the help every format of the registry, and one added to it', () => {
    const lines = formatHelpLines(ALL_FORMATS, () => undefined).map((l) => l.text);
    expect(lines).toHaveLength(IMPORT_FORMATS.length + EXPORT_FORMATS.length);
    expect(lines[0]).toMatch(/^File ▸ Import Tiled map…: Tiled map, \.tmx, \.tmj or \.json/);
    const extra: ImportFormat = {
      ...IMPORT_FORMATS[0],
      id: 'titleline',
      name: 'Title line',
      menu: 'Import title line…',
      extensions: ['.title'],
      companions: [],
      summary: 'a title as a new scenario',
    };
    const withExtra = formatHelpLines([...ALL_FORMATS, extra], (f) =>
      f.id === 'titleline' ? 'Ctrl+Alt+Q' : undefined,
    ).map((l) => l.text);
    expect(withExtra.at(-1)).toBe(
      'File ▸ Import title line… (Ctrl+Alt+Q): Title line, .title; reads a title as a new scenario.',
    );
  });
});
