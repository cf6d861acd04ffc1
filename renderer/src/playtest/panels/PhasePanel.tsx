import type {
  BoardKind,
  GameAction,
  PhaseInfo,
  Prompt,
  ResolvedLine,
  SideInfo,
  UnitCommand,
} from '../../../../engine/playtest';
import type { Controller } from '../../../../engine/playtest';
import { ResolvePanel } from './ResolvePanel';
import { CommandButtons } from './UnitPanel';

/**
 * The current phase: what each side has left to do, and what the acting side is asked now, for
 * every turn structure a ruleset can have: move, fire, orders, activation, plotting, cards, wait.
 */
export function PhasePanel({
  board,
  phase,
  sides,
  controllers,
  interactive,
  labelOf,
  commandsOf,
  selected,
  onSelect,
  onAction,
  onSight,
}: {
  board: BoardKind;
  phase: PhaseInfo;
  sides: readonly SideInfo[];
  controllers: Readonly<Record<string, Controller>>;
  /** Whether a person at this device is asked to act now (no replay, no hand-over). */
  interactive: boolean;
  labelOf(unit: string): string;
  commandsOf(unit: string): readonly UnitCommand[];
  selected: readonly string[];
  onSelect(unit: string): void;
  onAction(action: GameAction, label: string): void;
  /** Shows the line of sight of a line of a resolved step on the board. */
  onSight(line: ResolvedLine | undefined): void;
}) {
  return (
    <section className="pt-section" data-testid="todo">
      <h3>{phase.phaseLabel}</h3>
      {sides.map((s) => (
        <div key={s.id} className="todo-side">
          <b style={{ color: s.colour }}>{s.name}</b>
          <span className="muted"> ({controllers[s.id]})</span>
          <ul>
            {(phase.todo[s.id] ?? []).map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      ))}
      <PromptBody
        board={board}
        prompt={phase.prompt}
        sideName={(id) => sides.find((s) => s.id === id)?.name ?? id}
        interactive={interactive}
        labelOf={labelOf}
        commandsOf={commandsOf}
        selected={selected}
        onSelect={onSelect}
        onAction={onAction}
        onSight={onSight}
      />
    </section>
  );
}

function PromptBody({
  board,
  prompt,
  sideName,
  interactive,
  labelOf,
  commandsOf,
  selected,
  onSelect,
  onAction,
  onSight,
}: {
  board: BoardKind;
  prompt: Prompt;
  sideName(id: string): string;
  interactive: boolean;
  labelOf(unit: string): string;
  commandsOf(unit: string): readonly UnitCommand[];
  selected: readonly string[];
  onSelect(unit: string): void;
  onAction(action: GameAction, label: string): void;
  onSight(line: ResolvedLine | undefined): void;
}) {
  switch (prompt.kind) {
    case 'move':
      return board === 'table' ? (
        <p className="muted hint">
          Select a unit or a squad, then drag it or click where it goes. Drag the yellow knob to
          face.
        </p>
      ) : (
        <p className="muted hint">
          Select a unit or a stack, then click a shaded hex (or drag it there). Alt-drag, [ or ]
          turns it to another hexside.
        </p>
      );
    case 'fire':
      return (
        <p className="muted hint">
          Select a shooter, hover a target for sight and odds, click to fire.
        </p>
      );
    case 'orders':
    case 'plot':
      return (
        <div className="prompt" data-testid={`prompt-${prompt.kind}`}>
          <p className="muted hint">
            {prompt.kind === 'orders'
              ? (prompt.hint ?? 'Give every unit its order; the orders are carried out together.')
              : 'Write each unit its mission in secret; the plots are revealed when every side has plotted.'}
          </p>
          {prompt.pending.length === 0 ? (
            <p className="muted hint">Every unit has one: end the phase when ready.</p>
          ) : (
            <ul className="prompt-units">
              {prompt.pending.map((u) => (
                <li key={u} className={selected.includes(u) ? 'selected' : undefined}>
                  <button className="link" onClick={() => onSelect(u)}>
                    {labelOf(u)}
                  </button>
                  {interactive && (
                    <CommandButtons
                      commands={commandsOf(u)}
                      onCommand={(a, label) => onAction(a, `${labelOf(u)}: ${label}`)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    case 'activate':
      return (
        <div className="prompt" data-testid="prompt-activate">
          <p className="hint">
            Now acting (1):{' '}
            <button className="link" onClick={() => onSelect(prompt.unit)}>
              <b>{labelOf(prompt.unit)}</b>
            </button>
          </p>
          {prompt.queue.length > 0 && (
            <>
              <p className="muted hint">Then, in initiative order:</p>
              <ol className="prompt-queue" start={2}>
                {prompt.queue.map((u) => (
                  <li key={u}>{labelOf(u)}</li>
                ))}
              </ol>
            </>
          )}
        </div>
      );
    case 'cards':
      return (
        <div className="prompt" data-testid="prompt-cards">
          <p className="muted hint">Play a card from your hand to give its orders.</p>
          <div className="pt-hand">
            {prompt.hand.map((c) => (
              <div
                key={c.id}
                className={c.action ? 'pt-card' : 'pt-card disabled'}
                data-card={c.id}
              >
                <div className="pt-card-name">
                  {c.name}
                  {c.ruleId ? <span className="rule"> {c.ruleId}</span> : null}
                </div>
                <div className="pt-card-text">{c.text}</div>
                {c.disabledReason && <div className="pt-card-reason bad">{c.disabledReason}</div>}
                <button
                  disabled={!interactive || !c.action}
                  onClick={() => c.action && onAction(c.action, `Play ${c.name}`)}
                >
                  Play
                </button>
              </div>
            ))}
          </div>
        </div>
      );
    case 'resolve':
      return (
        <ResolvePanel
          prompt={prompt}
          interactive={interactive}
          onStep={() => prompt.next && onAction(prompt.next, 'Next step')}
          onAll={() => prompt.all && onAction(prompt.all, 'Resolve all')}
          onSight={onSight}
        />
      );
    case 'wait':
      return (
        <p className="muted hint" data-testid="prompt-wait">
          {prompt.for.length
            ? `Waiting for ${prompt.for.map(sideName).join(' and ')}.`
            : 'Nothing to do now.'}
        </p>
      );
  }
}
