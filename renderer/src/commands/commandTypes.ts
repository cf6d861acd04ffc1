/**
 * The shapes every command module shares: what the app shell offers commands, the context a
 * command runs in, and a command whose id is one of a given union. Kept apart from commands.ts so
 * the modules that contribute commands (set-up, collaboration, import) do not import the registry
 * that imports them.
 */
import type { Editor } from '../editor/Editor';

/** What the app shell offers commands: file handling, dialogs, the clipboard. */
export interface AppActions {
  newTableDialog(): void;
  newDefaultTable(): void;
  open(): void;
  save(): void;
  saveAs(): void;
  close(): void;
  exportDialog(format: 'png' | 'svg' | 'pdf'): void;
  openPalette(): void;
  /**
   * Switches between the editor and playtest mode (the map becomes read-only while playing).
   * Optional: a shell without a playtest screen leaves the command disabled.
   */
  playtest?(): void;
  /**
   * Opens the balance lab on the open scenario (bot-versus-bot games in the background).
   * Optional: a shell without it leaves the command disabled.
   */
  balanceLab?(): void;
  /** Shows the in-app help (optional: a shell without it leaves the command disabled). */
  showHelp?(): void;
  /** Writes the open hex map as a Tiled TMX file. */
  exportTmx?(): void;
  writeClipboard(text: string): void;
  readClipboard(): Promise<string>;
  /** Present when this shell can host a session on the local network (the desktop app). */
  hostSession?(): void;
  /** Leaves the live session; the document stays open as a local copy. */
  leaveSession?(): void;
}

export interface CommandContext {
  editor: Editor | null;
  app: AppActions;
}

export type CommandGroup = 'File' | 'Edit' | 'Arrange' | 'View' | 'Tools' | 'Help';

/** A command of the registry whose id is one of `Id` (menus, shortcuts, palette dispatch by id). */
export interface CommandOf<Id extends string> {
  readonly id: Id;
  readonly label: string;
  readonly group: CommandGroup;
  /** Shortcuts like "Mod+Shift+Z" (Mod is Ctrl, or Cmd on macOS); the first is shown in menus. */
  readonly shortcuts?: readonly string[];
  /**
   * Copy, cut and paste run from the browser's clipboard events (which carry the system clipboard
   * without a permission prompt); their key presses are left to the browser.
   */
  readonly clipboardEvent?: boolean;
  enabled(ctx: CommandContext): boolean;
  /**
   * Why the command is greyed out when it is, shown on its menu item: a newcomer saw "Import
   * BattleScribe catalogues…" greyed in a Tankplank table with no word on why.
   */
  readonly disabledWhy?: string;
  /** Whether a toggle is on, for menu check marks. */
  checked?(ctx: CommandContext): boolean;
  run(ctx: CommandContext): void;
}
