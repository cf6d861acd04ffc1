import { useEffect, useRef, useState } from 'react';
import {
  COMMANDS,
  runCommand,
  shortcutLabel,
  type CommandContext,
  type CommandGroup,
} from '../commands/commands';

const GROUPS: CommandGroup[] = ['File', 'Edit', 'Arrange', 'View', 'Tools', 'Help'];
export const IS_MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Application menus, generated from the command registry. */
export function MenuBar({ ctx }: { ctx: CommandContext }) {
  const [open, setOpen] = useState<CommandGroup | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(null);
    };
    window.addEventListener('pointerdown', close);
    return () => window.removeEventListener('pointerdown', close);
  }, [open]);
  return (
    <div className="menubar" ref={ref} role="menubar">
      {GROUPS.map((g) => (
        <div key={g} className="menu">
          <button
            role="menuitem"
            aria-haspopup="menu"
            aria-expanded={open === g}
            className={open === g ? 'active' : ''}
            onClick={() => setOpen(open === g ? null : g)}
            onPointerEnter={() => open && setOpen(g)}
          >
            {g}
          </button>
          {open === g && (
            <div className="menu-popup" role="menu" aria-label={g}>
              {COMMANDS.filter((c) => c.group === g && c.enabled(ctx) !== undefined)
                .filter((c) => g !== 'Tools' || c.enabled(ctx))
                .map((c) => (
                  <button
                    key={c.id}
                    role="menuitem"
                    disabled={!c.enabled(ctx)}
                    onClick={() => {
                      setOpen(null);
                      runCommand(c.id, ctx);
                    }}
                  >
                    <span className="check">{c.checked?.(ctx) ? '✓' : ''}</span>
                    <span className="label">{c.label}</span>
                    <span className="shortcut">
                      {c.shortcuts?.[0] ? shortcutLabel(c.shortcuts[0], IS_MAC) : ''}
                    </span>
                  </button>
                ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
