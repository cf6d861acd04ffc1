import { useEffect, useRef } from 'react';
import type { LogLine, ShownLine } from '../../../../engine/playtest';

/** The readable event log, with step-by-step replay of the action log. */
export function LogPanel({
  log,
  total,
  replayAt,
  setReplayAt,
}: {
  log: readonly ShownLine[];
  total: number;
  replayAt: number | null;
  setReplayAt(n: number | null): void;
}) {
  const at = replayAt ?? total;
  const shown = log.filter((l) => l.action < at);
  const box = useRef<HTMLDivElement>(null);
  // Keep the newest line in view without scrolling the panel around the log.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
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
        {shown.slice(-300).map((l, i) => (
          <LogRow key={i} line={l} />
        ))}
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
