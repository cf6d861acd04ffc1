import type { PhaseInfo } from '../../../../engine/playtest';
import { formatClock, type ClockView } from '../usePhaseClock';

/** The top bar's left half: turn, the phases of a turn, who acts, the rule and the clock. */
export function Tracker({
  phase,
  active,
  activeName,
  activeIsBot,
  clock,
}: {
  phase: PhaseInfo;
  active: string | undefined;
  activeName: string;
  activeIsBot: boolean;
  clock: ClockView | undefined;
}) {
  return (
    <div className="tracker" data-testid="phase-tracker">
      <span className="tracker-turn" data-testid="turn">
        Turn {phase.turn}
        {phase.turnLimit ? ` of ${phase.turnLimit}` : ''}
      </span>
      <span className="tracker-phases">
        {phase.phases.map((p) => (
          <span key={p.id} className={p.id === phase.phase ? 'phase current' : 'phase'}>
            {p.label}
          </span>
        ))}
      </span>
      <span className="tracker-active" data-testid="active-side">
        {phase.over
          ? 'Game over'
          : active
            ? `${activeName} to act (${activeIsBot ? 'bot' : 'person'})`
            : ''}
        {phase.phaseRuleId ? <span className="rule"> {phase.phaseRuleId}</span> : null}
      </span>
      {clock && (
        <span
          className={`tracker-clock${clock.remaining <= 30 ? ' low' : ''}`}
          data-testid="phase-clock"
          title={`Time left ${clock.limit.scope === 'game' ? 'in the game' : `for ${activeName}`} (${clock.limit.ruleId}); then ${clock.limit.onTimeUp}`}
        >
          {formatClock(clock.remaining)}
          <button
            className="link"
            onClick={clock.togglePause}
            aria-label={clock.paused ? 'Resume the clock' : 'Pause the clock'}
          >
            {clock.paused ? 'Resume' : 'Pause'}
          </button>
        </span>
      )}
    </div>
  );
}
