import { useEffect, useRef, type ReactNode } from 'react';
import type { BotNote, LogLine, ShownLine } from '../../../../engine/playtest';
import { botLabel } from '../botChoices';

/**
 * The readable event log, with step-by-step replay of the action log. A bot's side turn that said
 * why it played as it did opens, where it starts in the log, to its plan and reasons and, for
 * the strong bot, the turns it weighed with their scores.
 */
export function LogPanel({
  log,
  botNotes = [],
  sideName = (id) => id,
  total,
  replayAt,
  setReplayAt,
}: {
  log: readonly ShownLine[];
  /** The bot's explanations, by the action each gesture began at. */
  botNotes?: readonly BotNote[];
  sideName?: (id: string) => string;
  total: number;
  replayAt: number | null;
  setReplayAt(n: number | null): void;
}) {
  const at = replayAt ?? total;
  const shown = log.filter((l) => l.action < at);
  const notes = botNotes.filter((n) => n.at < at);
  // The lines kept on screen, with each bot explanation before the first line of its gesture.
  const kept = shown.slice(-300);
  const first = kept[0]?.action ?? at;
  const rows: ReactNode[] = [];
  let k = 0;
  for (const n of notes) {
    if (n.at < first && kept.length === 300) continue;
    while (k < kept.length && kept[k]!.action < n.at) {
      rows.push(<LogRow key={`l${k}`} line={kept[k]!} />);
      k++;
    }
    rows.push(<BotWhy key={`n${n.at}`} note={n} sideName={sideName(n.side)} />);
  }
  for (; k < kept.length; k++) rows.push(<LogRow key={`l${k}`} line={kept[k]!} />);
  const box = useRef<HTMLDivElement>(null);
  // Keep the newest line in view without scrolling the panel around the log.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, notes.length]);
  const go = (n: number) => setReplayAt(n >= total ? null : Math.max(0, n));
  return (
    <section className="pt-section log" data-testid="playtest-log">
      <h3>Log</h3>
      <div className="replay" data-testid="replay">
        <button onClick={() => go(0)} disabled={at === 0} title="Replay from the start">
          |◀
        </button>
        <button onClick={() => go(at - 1)} disabled={at === 0} title="Step back">
          ◀
        </button>
        <span data-testid="replay-position">
          {replayAt === null ? `live: ${total} actions` : `replay: ${at} of ${total}`}
        </span>
        <button onClick={() => go(at + 1)} disabled={replayAt === null} title="Step forward">
          ▶
        </button>
        <button onClick={() => setReplayAt(null)} disabled={replayAt === null} title="Back to live">
          ▶|
        </button>
      </div>
      <div className="log-lines" ref={box}>
        {rows}
      </div>
    </section>
  );
}

/** One log line: its dice, its text and the rules it cites. */
export function LogRow({ line }: { line: LogLine }) {
  return (
    <div className={`log-line tone-${line.tone}`}>
      {line.dice.map((d, i) => (
        <span key={i} className="die" title={`d6: ${d}`}>
          {d}
        </span>
      ))}
      <span className="log-text">{line.text}</span>
      {line.ruleIds.length > 0 && (
        <span className="rule"> {[...new Set(line.ruleIds)].join(' ')}</span>
      )}
    </div>
  );
}

/**
 * Why the bot played a side turn, folded to one line in the log: its plan and reasons and the
 * turns a search weighed, each with its score (the expected result for the side, 0 lost to 100
 * won) and the games it rests on. A native disclosure, so Enter or Space opens it from the keyboard.
 */
export function BotWhy({ note, sideName }: { note: BotNote; sideName: string }) {
  const { notes, candidates } = note.explanation;
  return (
    <details className="bot-why" data-testid="bot-why">
      <summary>
        Why {sideName}&apos;s bot played this turn: {botLabel(note.bot)}
      </summary>
      {notes.length > 0 && (
        <ul className="bot-why-notes">
          {notes.map((t, i) => (
            <li key={i}>{t}</li>
          ))}
        </ul>
      )}
      {candidates && candidates.length > 0 && (
        <table className="bot-why-candidates" data-testid="bot-candidates">
          <caption>Turns weighed</caption>
          <thead>
            <tr>
              <th scope="col">Turn</th>
              <th scope="col" title="Expected result for the side: 0 lost, 100 won">
                Score
              </th>
              <th scope="col" title="Games played on from this turn">
                Games
              </th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((c, i) => (
              <tr key={i} className={c.chosen ? 'chosen' : undefined}>
                <td>
                  {c.chosen ? '✓ ' : ''}
                  {c.label}
                </td>
                <td>{Math.round(100 * c.score)}</td>
                <td>{c.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
