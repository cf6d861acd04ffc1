import { useMemo, useState } from 'react';
import { COMMANDS, runCommand, shortcutLabel, type CommandContext } from '../commands/commands';
import { IS_MAC } from './MenuBar';
import { Modal } from './Dialogs';
import { fuzzyFilter } from '../commands/fuzzy';

/**
 * Ctrl/Cmd+K: every enabled command, filtered fuzzily by typing (letters in order, best match
 * first); Enter runs the highlighted one.
 */
export function CommandPalette({ ctx, onClose }: { ctx: CommandContext; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    const enabled = COMMANDS.filter((c) => c.id !== 'view.palette' && c.enabled(ctx));
    return fuzzyFilter(query, enabled, (c) => `${c.label} ${c.group}`);
  }, [query, ctx]);
  const run = (i: number) => {
    const c = matches[i];
    if (!c) return;
    onClose();
    runCommand(c.id, ctx);
  };
  return (
    <Modal title="Command palette" onClose={onClose}>
      <input
        className="palette-input"
        autoFocus
        placeholder="Type a command…"
        aria-label="Command"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(matches.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter') run(active);
          else return;
          e.preventDefault();
        }}
      />
      <ul className="palette-list" role="listbox" aria-label="Commands">
        {matches.slice(0, 60).map((c, i) => (
          <li
            key={c.id}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : ''}
            onPointerEnter={() => setActive(i)}
            onClick={() => run(i)}
          >
            <span className="muted">{c.group}</span> {c.label}
            <span className="shortcut">
              {c.shortcuts?.[0] ? shortcutLabel(c.shortcuts[0], IS_MAC) : ''}
            </span>
          </li>
        ))}
        {!matches.length && <li className="muted">No command matches</li>}
      </ul>
    </Modal>
  );
}
