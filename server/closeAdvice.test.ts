import { describe, expect, it } from 'vitest';
import { CLOSE, closeAdvice } from './limits';

/** What the app says and does for each way the server closes a connection (server/limits.ts). */
describe('closeAdvice', () => {
  it('gives every limit its words and what to do', () => {
    for (const event of Object.values(CLOSE)) {
      const a = closeAdvice(event.code, event.reason);
      expect(a?.reason, event.reason).toBe(event.reason);
      expect(a?.advice.length, event.reason).toBeGreaterThan(20);
    }
  });

  it('stops on what resending cannot mend and keeps the work; reconnects on the rest', () => {
    const stops = [
      CLOSE.refusedChanges,
      CLOSE.updateTooLarge,
      CLOSE.roomTooLarge,
      CLOSE.roomCrowded,
      CLOSE.malformed,
    ];
    for (const event of Object.values(CLOSE)) {
      const a = closeAdvice(event.code, event.reason)!;
      const stop = stops.includes(event as (typeof stops)[number]);
      expect(a.retry, event.reason).toBe(!stop);
      if (stop) expect(a.advice).toMatch(/stays on this computer/);
    }
    expect(closeAdvice(1009, '')?.retry).toBe(false);
    expect(closeAdvice(1009, '')?.reason).toMatch(/16 MB/);
  });

  it('says nothing for an ordinary close', () => {
    expect(closeAdvice(1000, '')).toBeUndefined();
    expect(closeAdvice(1006, '')).toBeUndefined();
  });
});
