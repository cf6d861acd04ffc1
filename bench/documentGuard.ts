/**
 * What checking a peer's change against the whole scenario's rules costs, per change, on the village
 * scenario (the largest bundled Tankplank table): on the server (server/documentGuard.ts, a
 * scratch copy, every touched entry's schema and what the change can break of the whole-file
 * rules: engine/document/changeChecks.ts) and on a receiving client
 * (SyncBridge: the same rules inside the store transaction). The change is one keystroke of a
 * unit's name, as the forces panel writes it, and one drag of a feature.
 *
 *   npx tsx bench/documentGuard.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as Y from 'yjs';
import { ScenarioStore } from '../engine/document/ScenarioStore';
import { SyncBridge } from '../engine/document/SyncBridge';
import { loadDocument } from '../engine/format';
import type { ScenarioDoc } from '../engine/format/types';
import { createDocumentGuard } from '../server/documentGuard';

const file = fileURLToPath(
  new URL('../scenarios/tankplank-village.scenario.json', import.meta.url),
);
const res = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
if (!res.ok) throw new Error(`${file} does not load`);
const scenario = res.doc as ScenarioDoc;

const writer = ScenarioStore.fromScenario(scenario);
const writerShared = new Y.Doc();
new SyncBridge(writer, writerShared, undefined, 'seed');
const updates: Uint8Array[] = [];
writerShared.on('update', (u: Uint8Array) => updates.push(u));

const room = new Y.Doc();
Y.applyUpdate(room, Y.encodeStateAsUpdate(writerShared));
const reader = new ScenarioStore();
const readerShared = new Y.Doc();
Y.applyUpdate(readerShared, Y.encodeStateAsUpdate(writerShared));
new SyncBridge(reader, readerShared, (r) => {
  throw new Error(`refused: ${JSON.stringify(r)}`);
});
const guard = createDocumentGuard();
guard.refuse('village', room, new Uint8Array([0, 0])); // opens the scratch copy

const N = 200;
const firstUnit = () => scenario.forces.sides[0]!.formations[0]!.units[0]!;
const feature = scenario.map.kind === 'table' ? scenario.map.features[0]! : undefined;
const server: number[] = [];
const client: number[] = [];
/** CPU time (user + system, µs) spent in each, which other processes on the machine do not inflate. */
const cpu = { server: 0, client: 0 };
const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
for (let i = 0; i < N; i++) {
  updates.length = 0;
  if (i % 2 === 0 || !feature) {
    const forces = writer.toScenario().forces;
    forces.sides[0]!.formations[0]!.units[0]!.name = `${firstUnit().name ?? 'Unit'} ${i}`;
    writer.transact((w) => w.setRoot('forces', forces as never));
  } else if (feature && 'x' in feature) {
    writer.transact((w) => w.putFeature({ ...feature, x: (feature.x + i) % 30 } as never));
  } else if (feature) {
    writer.transact((w) => w.putFeature({ ...feature, 'x-bench': i } as never));
  }
  for (const u of updates) {
    let c = cpuNow();
    let t = performance.now();
    const why = guard.refuse('village', room, u);
    server.push(performance.now() - t);
    if (i >= 20) cpu.server += cpuNow() - c;
    if (why) throw new Error(`the guard refused an ordinary edit: ${why}`);
    Y.applyUpdate(room, u);
    c = cpuNow();
    t = performance.now();
    Y.applyUpdate(readerShared, u, 'provider');
    client.push(performance.now() - t);
    if (i >= 20) cpu.client += cpuNow() - c;
  }
}

const stats = (label: string, xs: number[]) => {
  const warm = xs.slice(20).sort((a, b) => a - b);
  const q = (p: number) => warm[Math.min(warm.length - 1, Math.floor(p * warm.length))]!.toFixed(2);
  console.log(
    `${label}: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms over ${warm.length} changes`,
  );
};
const size = Y.encodeStateAsUpdate(room).byteLength;
console.log(
  `village scenario: ${(size / 1024).toFixed(0)} KiB of Yjs state, ${scenario.map.kind === 'table' ? scenario.map.features.length : 0} features, ${scenario.forces.sides.reduce((n, s) => n + s.formations.length, 0)} formations`,
);
stats('server guard per change', server);
stats('client bridge per change (apply + document check of what it touched)', client);
console.log(
  `mean CPU time per change: server ${(cpu.server / 1000 / (N - 20)).toFixed(2)} ms, client ${(cpu.client / 1000 / (N - 20)).toFixed(2)} ms`,
);
