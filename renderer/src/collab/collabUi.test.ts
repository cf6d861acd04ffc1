import { describe, expect, test } from 'vitest';
import type { Peer } from './CollabSession';
import { parseInvitation } from '../../../server/protocol';
import { asSentence, peopleLeft, peopleText } from './collabUi';

const peer = (clientId: number, name: string): Peer =>
  ({ clientId, name, colour: '#123456' }) as unknown as Peer;

describe('the session bar says who left (#38 walk: it read "nobody else here yet")', () => {
  test('after Anna leaves, Ben is told she left and he is alone', () => {
    const anna = peer(1, 'Anna');
    const left = peopleLeft([anna], [], []);
    expect(peopleText(0, left)).toBe('Anna left · you are alone now');
    expect(peopleText(0, peopleLeft([peer(2, 'Carl')], [], left))).toBe(
      'Anna and Carl left · you are alone now',
    );
  });
  test('nobody came yet, or someone is here', () => {
    expect(peopleText(0, [])).toBe('nobody else here yet');
    expect(peopleText(2, ['Anna'])).toBe('2 others here');
  });
  test('someone back (a new connection, same name) is no longer listed as gone', () => {
    const left = peopleLeft([peer(1, 'Anna')], [], []);
    expect(peopleLeft([], [peer(7, 'Anna')], left)).toEqual([]);
  });
});

describe('the Join dialog shows a link problem as a sentence (it began "the room secret…")', () => {
  test('a mistyped secret', () => {
    const r = parseInvitation('ws://127.0.0.1:1234/room-abcdefgh#wrong-secret');
    expect('problem' in r).toBe(true);
    const shown = asSentence((r as { problem: string }).problem);
    expect(shown).toMatch(
      /^The room secret in the link \(after the #\) is wrong: it is 12 characters/,
    );
    expect(shown).toMatch(/paste it whole\.$/);
  });
  test('a phrase that already ends a sentence keeps its stop; an empty one stays empty', () => {
    expect(asSentence('done already.')).toBe('Done already.');
    expect(asSentence('  ')).toBe('');
  });
});
