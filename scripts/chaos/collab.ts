/**
 * The collaboration fault suite (npm run chaos:collab): two `sandtable serve` processes behind a
 * real redis-server, the app's clients editing one room while a server is killed, Redis is down
 * for 30 s, a server is parted from Redis, a client is offline, and hostile sockets send oversize,
 * garbage and unauthenticated frames. Prints edits sent, acknowledged, lost and duplicated and
 * invalid states accepted; exits 1 on any loss, duplicate, invalid state, divergence or crash.
 * A short version of the same run is in server/chaos.test.ts (the unit tests).
 *
 *   npm run chaos:collab -- [--clients 3] [--redis-down 30] [--server-down 5] [--partition 10]
 *                           [--offline 120] [--edit-every 100]
 */
import { parseArgs } from 'node:util';
import { chaosPassed, formatChaosReport, runChaos } from '../../server/chaos/collabChaos';
import { redisServerPath } from '../../server/processes';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '3' },
    'redis-down': { type: 'string', default: '30' },
    'server-down': { type: 'string', default: '5' },
    partition: { type: 'string', default: '10' },
    offline: { type: 'string', default: '120' },
    'edit-every': { type: 'string', default: '100' },
  },
});
if (!redisServerPath()) {
  console.error('chaos:collab needs redis-server: apt-get install redis-server');
  process.exit(2);
}
const seconds = (v: string | undefined) => Number(v) * 1000;
const started = Date.now();
const report = await runChaos({
  clientsPerServer: Number(values.clients),
  redisDownMs: seconds(values['redis-down']),
  serverDownMs: seconds(values['server-down']),
  partitionMs: seconds(values.partition),
  offlineMs: seconds(values.offline),
  editEveryMs: Number(values['edit-every']),
  waitMs: 60_000,
  log: (line) => console.log(line),
});
console.log(formatChaosReport(report));
console.log(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(chaosPassed(report) ? 0 : 1);
