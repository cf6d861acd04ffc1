import type { CommandContext, CommandOf } from '../commands/commandTypes';
import { collabUi } from './collabUi';

/** Commands of live co-editing, part of the command registry's closed union. */
export type CollabCommandId = 'file.share' | 'file.join' | 'file.hostSession' | 'file.leaveSession';

const inSession = () => collabUi.get().session !== null;

export const COLLAB_COMMANDS: readonly CommandOf<CollabCommandId>[] = [
  {
    id: 'file.share',
    label: 'Share…',
    group: 'File',
    shortcuts: ['Mod+Alt+S'],
    enabled: (c: CommandContext) => c.editor !== null && !inSession(),
    run: () => collabUi.open('share'),
  },
  {
    id: 'file.join',
    label: 'Join…',
    group: 'File',
    shortcuts: ['Mod+Alt+J'],
    enabled: () => !inSession(),
    run: () => collabUi.open('join'),
  },
  {
    id: 'file.hostSession',
    label: 'Host session…',
    group: 'File',
    shortcuts: ['Mod+Alt+H'],
    // Only the desktop app can run a server; the browser build joins and shares through one.
    enabled: (c: CommandContext) => c.editor !== null && !inSession() && !!c.app.hostSession,
    run: () => collabUi.open('host'),
  },
  {
    id: 'file.leaveSession',
    label: 'Leave shared session',
    group: 'File',
    shortcuts: ['Mod+Alt+X'],
    enabled: inSession,
    run: (c: CommandContext) => c.app.leaveSession?.(),
  },
];
