import { describe, expect, it } from 'vitest';
import { chaosPassed, formatChaosReport, runChaos } from './chaos/collabChaos';
import { redisServerPath } from './processes';

/**
 * The short version of the collaboration fault suite (npm run chaos:collab runs the long one):
 * a few seconds per fault, Redis down about 3 s. Real processes and sockets on loopback.
 */
describe('collaboration under faults', () => {
  it.skipIf(!redisServerPath())(
    'loses no acknowledged edit through a server kill, a Redis outage, a partition, an offline client and hostile sockets',
    async () => {
      const report = await runChaos({
        clientsPerServer: 2,
        serverDownMs: 1500,
        redisDownMs: 3000,
        partitionMs: 2000,
        offlineMs: 2000,
        editEveryMs: 150,
        waitMs: 45_000,
      });
      const text = formatChaosReport(report);
      expect(report.sent, text).toBeGreaterThan(50);
      expect(report.acknowledged, text).toBeGreaterThan(0);
      expect(chaosPassed(report), text).toBe(true);
    },
    240_000,
  );
});
