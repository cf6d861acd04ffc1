import type { Host, SaveConflict, SavedFile, SaveFileOptions } from './Host';

/** What the person chose when a save found the file changed on disk. */
export type ConflictChoice = 'beside' | 'overwrite';

export type SaveFlowResult =
  /** Saved: plainly, beside the changed file under a new name, or over it. */
  | { readonly kind: 'saved'; readonly file: SavedFile; readonly how: 'saved' | ConflictChoice }
  /** The person closed the save picker: nothing was written. */
  | { readonly kind: 'cancelled' }
  /** The file changed on disk and the person chose neither: nothing was written. */
  | { readonly kind: 'conflict-cancelled'; readonly conflict: SaveConflict };

/** Rounds of "changed on disk" in one save before giving up (another program keeps writing). */
const MAX_ROUNDS = 5;

/**
 * Saves through the host and settles a conflict with the person: `ask` shows the two choices
 * (save beside it, or overwrite) and resolves with the answer, or null to cancel. An overwrite
 * replaces only the version the person was shown; if the file changed yet again, they are asked
 * again. Throws what the host throws (its message names the file and what to do).
 */
export async function saveResolvingConflicts(
  host: Pick<Host, 'saveFile'>,
  text: string,
  options: SaveFileOptions,
  ask: (conflict: SaveConflict) => Promise<ConflictChoice | null>,
): Promise<SaveFlowResult> {
  let how: 'saved' | ConflictChoice = 'saved';
  let result = await host.saveFile(text, options);
  for (let round = 1; result && 'conflict' in result; round++) {
    if (round > MAX_ROUNDS)
      throw new Error(
        `${result.name} keeps changing on disk while you save; nothing was written. Wait until the other program is done with it and save again, or use Save as… to save under another name.`,
      );
    const choice = await ask(result);
    if (!choice) return { kind: 'conflict-cancelled', conflict: result };
    how = choice;
    result = await host.saveFile(text, {
      suggestedName: options.suggestedName,
      path: result.path,
      ...(choice === 'overwrite' ? { overwrite: result.onDisk } : { beside: true }),
    });
  }
  return result ? { kind: 'saved', file: result, how } : { kind: 'cancelled' };
}
