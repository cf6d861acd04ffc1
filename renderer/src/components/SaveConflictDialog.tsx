import type { SaveConflict } from '../../host/Host';
import type { ConflictChoice } from '../../host/saveFlow';
import { Modal } from './Dialogs';

/**
 * A save found the file changed on disk since it was opened or last saved here: nothing was
 * written yet. The person saves theirs beside it under a new name (the safe choice, first), or
 * replaces the other version; or cancels and keeps editing.
 */
export function SaveConflictDialog({
  conflict,
  keepsBackup,
  onAnswer,
}: {
  conflict: SaveConflict;
  /** The host keeps the replaced version as `<name>.bak` (the desktop app). */
  keepsBackup: boolean;
  onAnswer: (choice: ConflictChoice | null) => void;
}) {
  const name = conflict.name;
  return (
    <Modal title={`${name} changed on disk`} onClose={() => onAnswer(null)}>
      <div data-testid="save-conflict">
        <p>
          Someone or something else (another program, window or copy of Sandtable) saved{' '}
          <strong>{name}</strong> after you opened it here. Nothing has been written yet.
        </p>
        <ul className="small">
          <li>
            <strong>Save beside it</strong> keeps their version in {name} and saves yours as a new
            file in the same folder; this window then edits your new file.
          </li>
          <li>
            <strong>Overwrite</strong> replaces their version with yours
            {keepsBackup ? ` (theirs is kept as ${name}.bak)` : ''}.
          </li>
        </ul>
        <div className="button-row end">
          <button type="button" onClick={() => onAnswer(null)}>
            Cancel
          </button>
          <button type="button" onClick={() => onAnswer('overwrite')}>
            Overwrite
          </button>
          <button type="button" className="primary" autoFocus onClick={() => onAnswer('beside')}>
            Save beside it
          </button>
        </div>
      </div>
    </Modal>
  );
}
