import { useMemo, useState } from 'react';
import type {
  AnyPlaytestView,
  Controller,
  GameSettings,
  PlaytestBot,
} from '../../../engine/playtest';
import { BOT_CHOICES, botLabel } from './botChoices';
import { PLAYTEST_SEARCH_STRENGTH } from './botWorkerClient';
import { StrengthChoice } from './StrengthChoice';
import { formatClock } from './usePhaseClock';

/**
 * Choose who plays each side (a person at this device, or the bot, and which bot) and the dice
 * seed.
 */
export function SetupDialog({
  view,
  title,
  bots: given,
  searchStrength,
  onStart,
  onLoad,
  onCancel,
}: {
  view: AnyPlaytestView;
  title: string;
  /** The scenario's bot per side (its playtest settings), chosen at first. */
  bots?: Readonly<Record<string, PlaytestBot>>;
  /** The scenario's strength for the strong bot (its playtest settings), chosen at first. */
  searchStrength?: number;
  onStart(controllers: Record<string, Controller>, seed: number, settings: GameSettings): void;
  onLoad(): void;
  onCancel(): void;
}) {
  const sides = view.game.sides;
  // The first turn's movement clock, to tell the players what they are signing up for.
  const clockInfo = useMemo(() => view.clock(view.game.newGame({ seed: 0 })), [view]);
  const [clock, setClock] = useState(false);
  const [controllers, setControllers] = useState<Record<string, Controller>>(() =>
    Object.fromEntries(sides.map((s) => [s.id, 'human' as Controller])),
  );
  const [bots, setBots] = useState<Record<string, PlaytestBot>>(() =>
    Object.fromEntries(
      sides.map((s) => [s.id, given && Object.hasOwn(given, s.id) ? given[s.id]! : 'balanced']),
    ),
  );
  const [strength, setStrength] = useState(searchStrength ?? PLAYTEST_SEARCH_STRENGTH);
  // The strength matters, and shows, only when a side plays the strong bot.
  const strong = sides.some((s) => controllers[s.id] === 'bot' && bots[s.id] === 'search');
  // A bot the list does not offer (a scenario naming the strong bot on an engine without it)
  // still shows, so the dialog never claims another.
  const choices = (side: string) =>
    BOT_CHOICES.some((c) => c.value === bots[side])
      ? BOT_CHOICES
      : [...BOT_CHOICES, { value: bots[side]!, label: botLabel(bots[side]!), hint: '' }];
  // A seed the players can read out to replay the same dice; not game logic, so the clock is fine.
  const [seed, setSeed] = useState(() => Date.now() % 1_000_000);
  // Who plays first can hang on the seed (the Tankplank rules draw which side has the odd
  // turns), so the players see it before they start.
  // Where each side's units start, read from the game as it begins: a side whose units the
  // scenario has put on the table starts there, whatever its entry edge (issue 38, item 5).
  const startsOn = useMemo(() => {
    const counters = view.counters(view.game.newGame({ seed: 0 }), null);
    const out = new Map<string, { on: number; of: number }>();
    for (const c of counters) {
      if (c.kind === 'wreck') continue;
      const n = out.get(c.side) ?? { on: 0, of: 0 };
      // A man riding in a vehicle starts where the vehicle does.
      const carrier = c.embarkedIn ? counters.find((x) => x.id === c.embarkedIn) : undefined;
      const on = c.at !== null || !!carrier?.at;
      out.set(c.side, { on: n.on + (on ? 1 : 0), of: n.of + 1 });
    }
    return out;
  }, [view]);
  const board = view.board === 'hex' ? 'map' : 'table';
  const deploymentText = (side: { id: string; deployment: string }) => {
    const rules = side.deployment.replace(/\s+/g, ' ').replace(/\( /g, '(').trim();
    const n = startsOn.get(side.id);
    if (!n || n.on === 0) return rules;
    if (n.on === n.of)
      return n.of === 1
        ? `its one unit starts on the ${board} where the scenario places it`
        : `all ${n.of} units start on the ${board} where the scenario places them`;
    return `${n.on} of ${n.of} units start on the ${board} where placed; the others ${rules.replace(/^starts /, 'start ')}`;
  };
  const firstName = useMemo(() => {
    const first = view.game.status(view.game.newGame({ seed })).waitingFor[0];
    return sides.find((s) => s.id === first)?.name;
  }, [view, seed, sides]);
  return (
    <div className="modal-backdrop">
      <div className="modal playtest-setup" role="dialog" aria-label="Start a playtest">
        <h2>Playtest: {title}</h2>
        <p className="muted">Rules: {view.label}. Deployment follows the scenario.</p>
        <table>
          <tbody>
            {sides.map((s) => (
              <tr key={s.id}>
                <th style={{ color: s.colour }}>{s.name}</th>
                <td className="controllers">
                  <label>
                    <input
                      type="radio"
                      name={`ctl-${s.id}`}
                      checked={controllers[s.id] === 'human'}
                      onChange={() => setControllers({ ...controllers, [s.id]: 'human' })}
                    />{' '}
                    Person
                  </label>{' '}
                  <label>
                    <input
                      type="radio"
                      name={`ctl-${s.id}`}
                      aria-label={`${s.name} bot`}
                      checked={controllers[s.id] === 'bot'}
                      onChange={() => setControllers({ ...controllers, [s.id]: 'bot' })}
                    />{' '}
                    Bot
                  </label>{' '}
                  <select
                    className="bot-choice"
                    aria-label={`${s.name}: which bot`}
                    data-testid={`bot-${s.id}`}
                    value={bots[s.id]}
                    title={BOT_CHOICES.find((c) => c.value === bots[s.id])?.hint}
                    onChange={(e) => {
                      // Picking a bot for a side gives the side to the bot.
                      setBots({ ...bots, [s.id]: e.target.value as PlaytestBot });
                      setControllers({ ...controllers, [s.id]: 'bot' });
                    }}
                  >
                    {choices(s.id).map((c) => (
                      <option key={c.value} value={c.value} title={c.hint}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="muted" data-testid={`deployment-${s.id}`}>
                  {deploymentText(s)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {strong && (
          <p>
            <StrengthChoice value={strength} onChange={setStrength} />
          </p>
        )}
        <p className="muted">
          With two people at one device, a pass-the-device screen hides each side&apos;s secret
          information from the other between turns.
        </p>
        <label>
          Dice seed{' '}
          <input
            type="number"
            value={seed}
            data-testid="seed"
            onChange={(e) => setSeed(Math.trunc(Number(e.target.value)) || 0)}
          />
        </label>
        {firstName && (
          <span className="muted" data-testid="first-side">
            {' '}
            With this seed, {firstName} plays first on turn 1.
          </span>
        )}
        {clockInfo && (
          <label className="playtest-clock-choice">
            <input
              type="checkbox"
              checked={clock}
              data-testid="clock"
              onChange={(e) => setClock(e.target.checked)}
            />{' '}
            {clockInfo.scope === 'game'
              ? `Play to the time limit: ${formatClock(clockInfo.seconds)} for the whole game`
              : `Play movement against the clock: ${formatClock(clockInfo.seconds)} per side on the first turn`}{' '}
            ({clockInfo.ruleId}); when it runs out, {clockInfo.onTimeUp}.
          </label>
        )}
        <div className="button-row end">
          <button onClick={onCancel}>Back to editor</button>
          <button onClick={onLoad}>Load game…</button>
          <button
            className="primary"
            onClick={() =>
              onStart(controllers, seed, {
                clock,
                botStyles: bots,
                ...(strong ? { searchStrength: strength } : {}),
              })
            }
            autoFocus
          >
            Start playtest
          </button>
        </div>
      </div>
    </div>
  );
}
