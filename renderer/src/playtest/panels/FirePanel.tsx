import type { BoardKind, FirePreview, WeaponChoice } from '../../../../engine/playtest';
import { distanceText } from './words';

/** The shooter's weapons and, for one with a choice, its ammunition. */
export function WeaponPanel({
  weapons,
  weapon,
  ammo,
  onWeapon,
  onAmmo,
}: {
  weapons: readonly WeaponChoice[];
  weapon: WeaponChoice | undefined;
  ammo: string | undefined;
  onWeapon(id: string): void;
  onAmmo(kind: string): void;
}) {
  return (
    <section className="pt-section" data-testid="weapons">
      <h3>Weapon</h3>
      <select
        value={weapon?.id}
        onChange={(e) => onWeapon(e.target.value)}
        data-testid="weapon-select"
      >
        {weapons.map((w) => (
          <option key={w.id} value={w.id}>
            {w.label} ({w.remaining})
          </option>
        ))}
      </select>
      {weapon && weapon.ammo.length > 0 && (
        <span className="ammo-choice">
          {weapon.ammo.map((k) => (
            <label key={k}>
              <input type="radio" checked={ammo === k} onChange={() => onAmmo(k)} /> {k}
            </label>
          ))}
        </span>
      )}
    </section>
  );
}

/** A shot before the dice: the line of sight, each roll with its modifiers, the exact odds. */
export function FirePanel({
  board,
  preview,
}: {
  board: BoardKind;
  preview: FirePreview<BoardKind>;
}) {
  const s = preview.sight;
  // On a hex map, how many hexes lie between the two, as the line of sight crosses them.
  const between = s?.hexes ? Math.max(0, s.hexes.length - 2) : 0;
  const hexes = s?.hexes ? `; the line crosses ${between} ${between === 1 ? 'hex' : 'hexes'}` : '';
  return (
    <section className="pt-section" data-testid="fire-preview">
      <h3>Shot</h3>
      {s && (
        <div className={s.visible ? 'los clear' : 'los blocked'} data-testid="los">
          {s.visible
            ? `Line of sight clear, ${distanceText(board, s.distance)}${s.cover !== 'none' ? `; target in ${s.cover} cover${s.coverFrom ? ` (${s.coverFrom})` : ''}` : ''} (${s.ruleId})`
            : `Line of sight blocked by ${s.blockedBy?.name ?? 'terrain'} (${s.blockedBy?.kind ?? ''}) at ${s.blockedBy ? distanceText(board, s.blockedBy.at) : '?'} — ${s.blockedBy?.ruleId ?? s.ruleId}`}
          {board === 'hex' && hexes}
        </div>
      )}
      {!preview.legal && (
        <div className="bad" data-testid="fire-refused">
          Cannot fire: {preview.reason}
          {preview.ruleId ? ` (${preview.ruleId})` : ''}
        </div>
      )}
      {preview.legal && (
        <>
          <div>
            Range {preview.range === undefined ? '?' : distanceText(board, preview.range)} — band{' '}
            {preview.band}
          </div>
          {preview.rangeNote &&
            s &&
            preview.range !== undefined &&
            Math.abs(preview.range - s.distance) >= 0.05 && (
              <div className="muted small" data-testid="range-note">
                Range measured {preview.rangeNote}.
              </div>
            )}
          {preview.steps.map((st, i) => (
            <div key={i} className="step">
              <b>{st.label}</b>: {st.base} → needs <b>{st.needed}</b>{' '}
              <span className="rule">{st.ruleId}</span>
              {st.modifiers.length > 0 && (
                <ul>
                  {st.modifiers.map((m, k) => (
                    <li key={k}>
                      {m.value >= 0 ? '+' : '−'}
                      {Math.abs(m.value)} {m.label} <span className="rule">{m.ruleId}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          <div className="odds" data-testid="odds">
            {preview.odds.map((o) => (
              <div key={o.label}>
                {o.label}:{' '}
                <b>
                  {o.label.startsWith('expected') ? o.p.toFixed(2) : `${(o.p * 100).toFixed(1)}%`}
                </b>
                {!o.label.startsWith('expected') && ` (${fraction(o.p)})`}
              </div>
            ))}
          </div>
          <div className="muted">Click the target to fire.</div>
        </>
      )}
    </section>
  );
}

/** A probability as a fraction of 6, 36 or 216 when it is one (dice odds are). */
function fraction(p: number): string {
  for (const d of [6, 36, 216]) {
    const n = p * d;
    if (Math.abs(n - Math.round(n)) < 1e-9) return `${Math.round(n)}/${d}`;
  }
  return p.toFixed(3);
}
