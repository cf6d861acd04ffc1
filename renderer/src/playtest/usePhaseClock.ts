import { useEffect, useRef, useState } from 'react';
import type { PhaseClock } from '../../../engine/playtest';

/** Minutes and seconds, as a clock shows them. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What the tracker shows of a running phase clock. */
export interface ClockView {
  readonly remaining: number;
  readonly limit: PhaseClock;
  readonly paused: boolean;
  togglePause(): void;
}

/**
 * A countdown for one side's timed phase. `period` names the phase and side it belongs to: a new
 * period starts with the full time. The clock only runs while `running` (the side has the device,
 * no replay, not paused) and calls `onTimeUp` once when it reaches zero. Wall-clock time is
 * session state: the game log records only the resulting "time up" action, so replays stay exact.
 */
export function usePhaseClock(
  limit: PhaseClock | undefined,
  period: string,
  running: boolean,
  onTimeUp: () => void,
): ClockView | undefined {
  const [paused, setPaused] = useState(false);
  const [spent, setSpent] = useState<{ period: string; seconds: number }>({ period, seconds: 0 });
  const used = spent.period === period ? spent.seconds : 0;
  const seconds = limit?.seconds;
  const live = seconds !== undefined && running && !paused;
  const timeUp = useRef(onTimeUp);
  const fired = useRef<string | null>(null);
  useEffect(() => {
    timeUp.current = onTimeUp;
  });

  useEffect(() => {
    if (!live) return;
    let last = performance.now();
    const t = setInterval(() => {
      const now = performance.now();
      const dt = (now - last) / 1000;
      last = now;
      setSpent((c) => ({ period, seconds: (c.period === period ? c.seconds : 0) + dt }));
    }, 250);
    return () => clearInterval(t);
  }, [live, period]);

  useEffect(() => {
    if (!live || seconds === undefined || used < seconds || fired.current === period) return;
    fired.current = period;
    timeUp.current();
  }, [live, seconds, used, period]);

  if (!limit) return undefined;
  return {
    remaining: Math.max(0, limit.seconds - used),
    limit,
    paused,
    togglePause: () => setPaused((p) => !p),
  };
}
