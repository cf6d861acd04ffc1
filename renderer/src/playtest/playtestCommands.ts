import type { CommandContext, CommandOf } from '../commands/commandTypes';

/** Ids of the running playtest's commands, part of the command registry's closed union. */
export type PlaytestCommandId =
  | 'playtest.endPhase'
  | 'playtest.endTurn'
  | 'playtest.undo'
  | 'playtest.saveGame'
  | 'playtest.nextStep'
  | 'playtest.resolveAll'
  | 'playtest.turnLeft'
  | 'playtest.turnRight';

/** What the playtest screen on show offers the registry; null when no game is running. */
export interface PlaytestHandlers {
  endPhase(): void;
  endTurn(): void;
  undo(): void;
  saveGame(): void;
  /** Plays the next step of a turn resolved step by step. */
  nextStep(): void;
  /** Plays every step left of a turn resolved step by step. */
  resolveAll(): void;
  /** Whether a person may act now (not a bot's phase, not handing over, not replaying). */
  readonly canAct: boolean;
  readonly canUndo: boolean;
  /** Whether a turn waits for a person to play its steps. */
  readonly canStep: boolean;
}

let current: PlaytestHandlers | null = null;

/** The game screen registers its handlers while it is shown (and clears them when it goes). */
export function setPlaytestHandlers(h: PlaytestHandlers | null): void {
  current = h;
}

export function playtestHandlers(): PlaytestHandlers | null {
  return current;
}

const running = (_c: CommandContext) => current !== null;

/** Turns the selected units on a hex board by one hexside; null while no hex board is shown. */
let hexTurn: ((step: 1 | -1) => void) | null = null;

/** The hex board registers its turning while it is shown (and clears it when it goes). */
export function setHexTurn(turn: ((step: 1 | -1) => void) | null): void {
  hexTurn = turn;
}

const mayTurn = () => hexTurn !== null && (current?.canAct ?? false);

/**
 * The playtest's own commands: in the palette and the desktop menus, with shortcuts, not only as
 * buttons on the game screen. Enabled only while a game is on screen.
 */
export const PLAYTEST_COMMANDS: readonly CommandOf<PlaytestCommandId>[] = [
  {
    id: 'playtest.endPhase',
    label: 'End phase (playtest)',
    group: 'View',
    shortcuts: ['Mod+Enter'],
    enabled: () => current?.canAct ?? false,
    run: () => current?.endPhase(),
  },
  {
    id: 'playtest.endTurn',
    label: 'End turn (playtest)',
    group: 'View',
    shortcuts: ['Mod+Shift+Enter'],
    enabled: () => current?.canAct ?? false,
    run: () => current?.endTurn(),
  },
  {
    id: 'playtest.undo',
    label: 'Undo the last action (playtest)',
    group: 'View',
    shortcuts: ['Mod+Z'],
    enabled: () => current?.canUndo ?? false,
    run: () => current?.undo(),
  },
  {
    id: 'playtest.saveGame',
    label: 'Save game (playtest)',
    group: 'View',
    shortcuts: ['Mod+S'],
    enabled: running,
    run: () => current?.saveGame(),
  },
  {
    id: 'playtest.nextStep',
    label: 'Next step of the turn (playtest, plotted turns)',
    group: 'View',
    shortcuts: ['N'],
    enabled: () => current?.canStep ?? false,
    run: () => current?.nextStep(),
  },
  {
    id: 'playtest.resolveAll',
    label: 'Resolve all the steps left of the turn (playtest, plotted turns)',
    group: 'View',
    shortcuts: ['Shift+N'],
    enabled: () => current?.canStep ?? false,
    run: () => current?.resolveAll(),
  },
  {
    id: 'playtest.turnLeft',
    label: 'Turn the selected units one hexside left (playtest, hex maps)',
    group: 'View',
    shortcuts: ['['],
    enabled: mayTurn,
    run: () => hexTurn?.(-1),
  },
  {
    id: 'playtest.turnRight',
    label: 'Turn the selected units one hexside right (playtest, hex maps)',
    group: 'View',
    shortcuts: [']'],
    enabled: mayTurn,
    run: () => hexTurn?.(1),
  },
];
