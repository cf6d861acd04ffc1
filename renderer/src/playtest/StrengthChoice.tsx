import './strengthChoice.css';
import { STRENGTH_CHOICES } from './botChoices';

/**
 * The strong bot's strength, as a list with what each costs a side turn: shown by the playtest's
 * set-up and the balance lab when a side is given the strong bot. A native select, so Tab reaches
 * it and the arrow keys change it.
 */
export function StrengthChoice({
  value,
  onChange,
  note,
}: {
  value: number;
  onChange(strength: number): void;
  /** A word on where the cost differs (the lab has no time limit). */
  note?: string;
}) {
  const hint = STRENGTH_CHOICES.find((c) => c.value === value)?.hint;
  return (
    <label className="strength-choice">
      Strong bot&apos;s strength{' '}
      <select
        aria-label="Strong bot's strength"
        data-testid="search-strength"
        value={value}
        title={hint}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {STRENGTH_CHOICES.map((c) => (
          <option key={c.value} value={c.value} title={c.hint}>
            {c.label}
          </option>
        ))}
      </select>
      {note ? <span className="muted"> {note}</span> : null}
    </label>
  );
}
