import { describe, expect, test } from 'vitest';
import { parseInvitation } from './protocol';

const problem = (link: string) => {
  const r = parseInvitation(link);
  return 'problem' in r ? r.problem : undefined;
};

describe('an invitation link with a bad secret says what is wrong (#38 walk)', () => {
  test('a mistyped secret is called wrong, with what to do, not missing', () => {
    const p = problem('ws://127.0.0.1:1234/room-abcdefgh#wrong-secret');
    expect(p).toMatch(/room secret in the link .* is wrong/);
    expect(p).toContain('12 characters long');
    expect(p).toMatch(/ask the host for the invitation link again/i);
    expect(p).not.toMatch(/no room secret/);
    expect(problem('ws://127.0.0.1:1234/room-abcdefgh#secret with spaces in it!!')).toMatch(
      /characters a secret never has/,
    );
  });
  test('a link cut before the secret says the secret is missing', () => {
    expect(problem('ws://127.0.0.1:1234/room-abcdefgh')).toMatch(/no room secret after the #/);
  });
  test('a whole link is read', () => {
    expect(parseInvitation('ws://127.0.0.1:1234/room-abcdefgh#abcdefghijklmnop')).toEqual({
      server: 'ws://127.0.0.1:1234',
      room: 'room-abcdefgh',
      secret: 'abcdefghijklmnop',
    });
  });
});
