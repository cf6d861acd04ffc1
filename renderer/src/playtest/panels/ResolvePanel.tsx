import type { ResolvedLine, ResolvePrompt } from '../../../../engine/playtest';
import { LogRow } from './LogPanel';

/**
 * A turn resolved step by step, as players at a table do: the sequence of play with the step
 * just played marked, what it did (each shot with its line of sight on the board while its line is
 * pointed at, each move), and the buttons for the next step and the rest.
 */
export function ResolvePanel({
  prompt,
  interactive,
  onStep,
  onAll,
  onSight,
}: {
  prompt: ResolvePrompt;
  /** Whether a person at this device plays the steps now (no replay, no hand-over). */
  interactive: boolean;
  onStep(): void;
  onAll(): void;
  /** Shows a line's sight on the board (undefined: back to the default one). */
  onSight(line: ResolvedLine | undefined): void;
}) {
  const { steps, done, happened } = prompt;
  const current = done > 0 ? steps[done - 1] : undefined;
  const next = steps[done];
  return (
    <div className="prompt resolve" data-testid="prompt-resolve">
      <ol className="resolve-steps" data-testid="resolve-steps">
        {steps.map((s, i) => (
          <li
            key={s.id}
            className={i < done - 1 ? 'done' : i === done - 1 ? 'current' : undefined}
            aria-current={i === done - 1 ? 'step' : undefined}
          >
            {s.label}
            {s.ruleId ? <span className="rule"> {s.ruleId}</span> : null}
          </li>
        ))}
      </ol>
      <h4 data-testid="resolve-current">
        {current
          ? `Step ${done} of ${steps.length}: ${current.label}`
          : 'Every side has plotted: the turn resolves in the order above'}
      </h4>
      {current && (
        <div className="resolve-happened" data-testid="resolve-happened">
          {happened.length <= 1 ? (
            <p className="muted hint">Nothing happens in this step.</p>
          ) : (
            happened.slice(1).map((h, i) => (
              <div
                key={i}
                className={h.sight ? 'resolve-line with-sight' : 'resolve-line'}
                onMouseEnter={() => h.sight && onSight(h)}
                onMouseLeave={() => h.sight && onSight(undefined)}
              >
                <LogRow line={h.line} />
                {h.detail?.map((d) => (
                  <div key={d} className="resolve-sight muted">
                    {d}
                  </div>
                ))}
                {h.sight && (
                  <div className="resolve-sight muted">
                    Line of sight {h.sight.visible ? 'clear' : 'blocked'}, {h.sight.distance} hexes
                    {h.sight.blockedBy ? `: ${h.sight.blockedBy.name}` : ''} ({h.sight.ruleId})
                  </div>
                )}
              </div>
            ))
          )}
        </div>
      )}
      <div className="resolve-buttons">
        <button
          className="primary"
          data-testid="resolve-next"
          disabled={!interactive || !prompt.next}
          onClick={onStep}
          title="Play the next step of the sequence of play (N)"
        >
          {next ? `Next step: ${next.label}` : 'Finish the turn'}
        </button>
        <button
          data-testid="resolve-all"
          disabled={!interactive || !prompt.all}
          onClick={onAll}
          title="Play every step left at once (Shift+N)"
        >
          Resolve all
        </button>
      </div>
    </div>
  );
}
