import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  COMMANDS,
  runCommand,
  shortcutLabel,
  type Command,
  type CommandContext,
  type CommandGroup,
} from '../commands/commands';

const GROUPS: CommandGroup[] = ['File', 'Edit', 'Arrange', 'View', 'Tools', 'Help'];
export const IS_MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The entries of one menu: every command of its group (Tools only lists the map's own tools). */
function itemsOf(g: CommandGroup, ctx: CommandContext): Command[] {
  return COMMANDS.filter((c) => c.group === g).filter((c) => g !== 'Tools' || c.enabled(ctx));
}

/**
 * The next enabled item from `from` in direction `step` (wrapping), or the next one whose label
 * starts with `letter`, as desktop menus move.
 */
export function nextItem(
  labels: readonly { label: string; enabled: boolean }[],
  from: number,
  step: 1 | -1,
  letter?: string,
): number {
  const n = labels.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    const item = labels[i]!;
    if (!item.enabled) continue;
    if (letter && !item.label.toLowerCase().startsWith(letter.toLowerCase())) continue;
    return i;
  }
  return from;
}

/**
 * Application menus, generated from the command registry. Mouse or keyboard: F10 or Alt+letter
 * opens a menu, arrows move between menus and items, a letter jumps to the item it starts,
 * Enter runs it, Escape closes the menu (and nothing else).
 */
export function MenuBar({ ctx }: { ctx: CommandContext }) {
  const [open, setOpen] = useState<CommandGroup | null>(null);
  const [active, setActive] = useState(-1);
  const ref = useRef<HTMLDivElement>(null);
  const titles = useRef(new Map<CommandGroup, HTMLButtonElement>());
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const ctxRef = useRef(ctx);
  useLayoutEffect(() => {
    ctxRef.current = ctx;
  }, [ctx]);

  const entries = open ? itemsOf(open, ctx) : [];
  const states = entries.map((c) => ({ label: c.label, enabled: c.enabled(ctx) }));
  const statesRef = useRef(states);
  useLayoutEffect(() => {
    statesRef.current = states;
  });

  const openMenu = (g: CommandGroup, first: boolean) => {
    const list = itemsOf(g, ctxRef.current).map((c) => ({
      label: c.label,
      enabled: c.enabled(ctxRef.current),
    }));
    setOpen(g);
    setActive(first ? nextItem(list, -1, 1) : -1);
  };
  const close = (focusTitle: boolean) => {
    const g = open;
    setOpen(null);
    setActive(-1);
    if (focusTitle && g) titles.current.get(g)?.focus();
  };

  // The highlighted item has the focus, so screen readers follow it.
  useEffect(() => {
    if (open && active >= 0) items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) {
        setOpen(null);
        setActive(-1);
      }
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, [open]);

  // While a menu is open it owns the keyboard: nothing reaches the editor's shortcuts.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      const list = statesRef.current;
      const gi = GROUPS.indexOf(open);
      let handled = true;
      if (e.key === 'Escape') close(true);
      else if (e.key === 'Tab') {
        close(false);
        handled = false;
      } else if (e.key === 'ArrowDown') setActive((a) => nextItem(list, a, 1));
      else if (e.key === 'ArrowUp') setActive((a) => nextItem(list, a < 0 ? 0 : a, -1));
      else if (e.key === 'Home') setActive(nextItem(list, -1, 1));
      else if (e.key === 'End') setActive(nextItem(list, list.length, -1));
      else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        const g = GROUPS[(gi + (e.key === 'ArrowRight' ? 1 : GROUPS.length - 1)) % GROUPS.length]!;
        openMenu(g, true);
        titles.current.get(g)?.focus();
      } else if (e.key === 'Enter' || e.key === ' ') {
        const c = itemsOf(open, ctxRef.current)[active];
        if (c && c.enabled(ctxRef.current)) {
          close(false);
          runCommand(c.id, ctxRef.current);
        }
      } else if (e.key.length === 1 && /\S/.test(e.key) && !e.ctrlKey && !e.metaKey) {
        setActive((a) => nextItem(list, a, 1, e.key));
      } else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  // F10 and Alt+letter reach the menus from anywhere, as in desktop apps.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (open || document.querySelector('.modal')) return;
      if (e.key === 'F10' && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        e.stopPropagation();
        openMenu(GROUPS[0]!, true);
        titles.current.get(GROUPS[0]!)?.focus();
        return;
      }
      if (e.altKey && !e.ctrlKey && !e.metaKey && /^Key[A-Z]$/.test(e.code)) {
        const letter = e.code.slice(3).toLowerCase();
        const g = GROUPS.find((x) => x.toLowerCase().startsWith(letter));
        if (!g) return;
        e.preventDefault();
        e.stopPropagation();
        openMenu(g, true);
        titles.current.get(g)?.focus();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  return (
    <div className="menubar" ref={ref} role="menubar">
      {GROUPS.map((g) => (
        <div key={g} className="menu">
          <button
            ref={(el) => {
              if (el) titles.current.set(g, el);
            }}
            role="menuitem"
            aria-haspopup="menu"
            aria-expanded={open === g}
            aria-keyshortcuts={`Alt+${g[0]}`}
            className={open === g ? 'active' : ''}
            onClick={() => (open === g ? close(false) : openMenu(g, false))}
            onPointerEnter={() => open && open !== g && openMenu(g, false)}
            onKeyDown={(e) => {
              // A focused menu title with its menu closed: arrows move along the bar or open it.
              if (open) return;
              const gi = GROUPS.indexOf(g);
              if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') openMenu(g, true);
              else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
                titles.current
                  .get(
                    GROUPS[
                      (gi + (e.key === 'ArrowRight' ? 1 : GROUPS.length - 1)) % GROUPS.length
                    ]!,
                  )
                  ?.focus();
              else if (e.key === 'Escape') e.currentTarget.blur();
              else return;
              e.preventDefault();
              e.stopPropagation();
            }}
          >
            <span className="mnemonic">{g[0]}</span>
            {g.slice(1)}
          </button>
          {open === g && (
            <div className="menu-popup" role="menu" aria-label={g}>
              {entries.map((c, i) => (
                <button
                  key={c.id}
                  ref={(el) => {
                    items.current[i] = el;
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  className={i === active ? 'active' : ''}
                  disabled={!states[i]!.enabled}
                  title={!states[i]!.enabled ? c.disabledWhy : undefined}
                  onPointerEnter={() => states[i]!.enabled && setActive(i)}
                  onClick={() => {
                    close(false);
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
