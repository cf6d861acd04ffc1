import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BRIDGE, newScenario, ScenarioStore } from '../../../engine/document';
import { DEFAULT_RULESET } from '../../../engine/rulesets/registry';
import { CollabSession } from './CollabSession';

/** A socket that never connects: the provider reports what it sends as 'outgoingMessage'. */
class IdleSocket {
  binaryType = 'arraybuffer';
  readyState = 0;
  addEventListener(): void {}
  removeEventListener(): void {}
  send(): void {}
  close(): void {}
}

const sessions: CollabSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

/** A session sharing a new scenario, and the document updates its provider sends. */
function sharing() {
  const store = ScenarioStore.fromScenario(
    newScenario({ ruleset: DEFAULT_RULESET.id, map: { kind: 'table', width: 24, height: 24 } }),
  );
  const session = new CollabSession({
    store,
    invitation: { server: 'ws://127.0.0.1:1', room: 'r', secret: 's' },
    create: true,
    user: { name: 'A', colour: '#000000' },
    WebSocket: IdleSocket,
  });
  sessions.push(session);
  const sent: object[] = [];
  // Document changes (Hocuspocus's sync messages), not presence.
  session.provider.on('outgoingMessage', ({ message }: { message: { type?: number } }) => {
    if (message.type === 0) sent.push(message);
  });
  return { session, sent, tree: session.shared.getMap<unknown>('features') };
}

describe('CollabSession sends local changes only', () => {
  it('sends a local change and does not encode a change the provider applied', () => {
    const { session, sent, tree } = sharing();
    sent.length = 0;
    session.shared.transact(() => tree.set('x1', { id: 'x1' }), BRIDGE);
    expect(sent).toHaveLength(1);

    // A peer's change, applied as the provider applies it: nobody listens for its encoding.
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(session.shared));
    peer.getMap('features').set('x2', { id: 'x2' });
    let encodedDuringPeerChange: boolean | undefined;
    session.shared.once('afterTransaction', (tr: Y.Transaction) => {
      if (tr.origin === session.provider)
        encodedDuringPeerChange = (
          session.shared as unknown as { _observers: Map<string, unknown> }
        )._observers.has('update');
    });
    Y.applyUpdate(
      session.shared,
      Y.encodeStateAsUpdate(peer, Y.encodeStateVector(session.shared)),
      session.provider,
    );
    expect(tree.has('x2')).toBe(true);
    expect(encodedDuringPeerChange).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("sends a local change made inside a peer change's observers", () => {
    const { session, sent, tree } = sharing();
    sent.length = 0;
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(session.shared));
    peer.getMap('features').set('x3', { id: 'x3' });
    const answer = () => session.shared.transact(() => tree.set('x4', { id: 'x4' }), BRIDGE);
    session.shared.once('afterTransaction', answer);
    Y.applyUpdate(
      session.shared,
      Y.encodeStateAsUpdate(peer, Y.encodeStateVector(session.shared)),
      session.provider,
    );
    expect(tree.has('x4')).toBe(true);
    expect(sent).toHaveLength(1);
    // And the next peer change is again not encoded.
    peer.getMap('features').set('x5', { id: 'x5' });
    Y.applyUpdate(
      session.shared,
      Y.encodeStateAsUpdate(peer, Y.encodeStateVector(session.shared)),
      session.provider,
    );
    expect(sent).toHaveLength(1);
  });
});
