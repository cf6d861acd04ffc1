import type { BoardKind, CounterView } from '../../../../engine/playtest';

/** A counter's name without the side and formation the list already shows. */
function shortName(u: CounterView<BoardKind>, sideName: string): string {
  let text = u.label;
  if (text.startsWith(`${sideName} `)) text = text.slice(sideName.length + 1);
  const tail = `, ${u.formationLabel}`;
  if (text.endsWith(tail)) text = text.slice(0, -tail.length);
  return text;
}

/** The viewer's side by formation; a formation row selects the units of it that may act. */
export function ForcesList({
  counters,
  side,
  sideName,
  canAct,
  selected,
  onFormation,
  onUnit,
}: {
  counters: readonly CounterView<BoardKind>[];
  side: string | undefined;
  sideName: string;
  canAct(id: string): boolean;
  selected: readonly string[];
  onFormation(f: string): void;
  onUnit(id: string): void;
}) {
  const own = counters.filter((c) => c.side === side && c.kind !== 'wreck');
  const formations = new Map<string, CounterView<BoardKind>[]>();
  for (const c of own) formations.set(c.formation, [...(formations.get(c.formation) ?? []), c]);
  const sel = new Set(selected);
  // A vehicle the enemy cannot see is not in the list: it is then just "a vehicle".
  const labelOf = (id: string) => counters.find((c) => c.id === id)?.label ?? 'a vehicle';
  return (
    <section className="pt-section forces" data-testid="forces">
      <h3>{sideName}</h3>
      {[...formations.entries()].map(([f, units]) => {
        const off = units.filter((u) => !u.at && !u.embarkedIn).length;
        const open = units.some((u) => sel.has(u.id));
        return (
          <div key={f} className="formation">
            <button
              className={open ? 'formation-row open' : 'formation-row'}
              onClick={() => onFormation(f)}
              disabled={!units.some((u) => canAct(u.id))}
              data-testid={`formation-${f}`}
            >
              {units[0]!.formationLabel} ({units.length}
              {off ? `, ${off} off table` : ''})
            </button>
            {open && (
              <ul>
                {units.map((u) => (
                  <li key={u.id}>
                    <button
                      className={sel.has(u.id) ? 'unit-row selected' : 'unit-row'}
                      onClick={() => onUnit(u.id)}
                    >
                      {u.glyph} {shortName(u, sideName)}
                      {u.embarkedIn
                        ? ` (in ${labelOf(u.embarkedIn)})`
                        : !u.at
                          ? ' (off table)'
                          : ''}
                      {u.status.length ? ` — ${u.status.join(', ')}` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
