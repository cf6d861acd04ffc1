import type { GameMap } from '../../../../engine/format/types';
import type {
  BoardKind,
  CounterView,
  GameAction,
  ReachView,
  UnitCommand,
} from '../../../../engine/playtest';
import { distanceText, positionText } from './words';

/** The selected unit: where it is, its markers, how far it can still go, and what else it may do. */
export function UnitPanel({
  board,
  counter,
  count,
  map,
  reach,
  commands,
  nameOf,
  onCommand,
}: {
  board: BoardKind;
  counter: CounterView<BoardKind> | undefined;
  /** A unit's name by its id, for the vehicle the unit rides in. */
  nameOf?: (id: string) => string | undefined;
  count: number;
  map: GameMap;
  reach: ReachView | undefined;
  commands: readonly UnitCommand[];
  onCommand(a: GameAction, label: string): void;
}) {
  if (!counter) return null;
  return (
    <section className="pt-section" data-testid="unit-panel">
      <h3>{count > 1 ? `${count} units selected` : 'Unit'}</h3>
      <div className="unit-label">{counter.label}</div>
      <div className="muted">
        {positionText(counter, map, nameOf)}
        {counter.status.length ? ` — ${counter.status.join(', ')}` : ''}
      </div>
      {reach && (
        <div className="reach-legend" data-testid="reach-legend">
          <div>
            {reach.placing ??
              `Rate ${reach.rate}; ${Math.round(reach.budget * 100)}% of the move left`}
          </div>
          {reach.entry && (
            <div>
              {reach.entry.label ??
                `Enters from its edge, up to ${distanceText(board, reach.entry.depth)} in`}
              {reach.entry.ruleId ? ` (${reach.entry.ruleId})` : ''}
            </div>
          )}
          <div>
            <span className="swatch near" /> {reach.bands[0]?.label}
          </div>
          <div>
            <span className="swatch far" /> {reach.bands[1]?.label}
          </div>
          {reach.bands[2] && (
            <div>
              <span className="swatch road" /> {reach.bands[2].label}
            </div>
          )}
        </div>
      )}
      {commands.length > 0 && <CommandButtons commands={commands} onCommand={onCommand} />}
    </section>
  );
}

/** A unit's commands as buttons; one that cannot be given now says why in its tooltip. */
export function CommandButtons({
  commands,
  onCommand,
}: {
  commands: readonly UnitCommand[];
  onCommand(a: GameAction, label: string): void;
}) {
  return (
    <div className="commands">
      {commands.map((c) => (
        <button
          key={c.id}
          disabled={!c.action}
          title={
            c.disabledReason ? `${c.disabledReason}${c.ruleId ? ` (${c.ruleId})` : ''}` : undefined
          }
          onClick={() => c.action && onCommand(c.action, c.label)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
