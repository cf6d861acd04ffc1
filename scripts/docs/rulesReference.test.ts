import { describe, expect, it } from 'vitest';
import { compareIds, definitions } from './rulesReference';

const DIGEST = `# A digest

## 9. Firing

* **TP-9.1** Each unit fires once a turn. It may split its fire (L120–L122).
* **TP-9.2 Range bands**
  are measured from the base edge, not the centre.
  * **(a)** short: up to 6";
  * **(b)** long: beyond 6".

### TP-9.3 Cover

Cover is read at the target.

| TP-A4 | Band edges | Not stated. | The upper bound belongs to the band. |

  * [INTERP TP-A5] Smoke blocks sight for the turn it is laid.
`;

describe('rules reference: reading the digest', () => {
  const found = definitions(DIGEST, 'TP');

  it('takes a bullet rule to its first sentence, without the seed line pointers', () => {
    expect(found.get('TP-9.1')).toBe('Each unit fires once a turn.');
  });

  it('keeps a title in the bold part and the indented lines that go on from it', () => {
    expect(found.get('TP-9.2')).toBe(
      'Range bands are measured from the base edge, not the centre.',
    );
  });

  it('reads lettered parts, headings, table rows, interpretations and sections', () => {
    expect(found.get('TP-9.2a')).toBe('short: up to 6";');
    expect(found.get('TP-9.2b')).toBe('long: beyond 6".');
    expect(found.get('TP-9.3')).toBe('Cover');
    expect(found.get('TP-A4')).toBe('Band edges');
    expect(found.get('TP-A5')).toBe('Smoke blocks sight for the turn it is laid.');
    expect(found.get('TP-9')).toBe('The section Firing.');
  });

  it('ignores ids of another prefix', () => {
    expect(definitions('* **TK-1.1** A tank rule.', 'TP').size).toBe(0);
  });

  it('orders ids naturally: 2 before 10, rules before ambiguities and gaps', () => {
    const ids = ['TP-A2', 'TP-10.1', 'TP-2.10', 'TP-2.9', 'TP-G1', 'TP-2', 'TP-A10', 'TP-2.9a'];
    expect([...ids].sort(compareIds)).toEqual([
      'TP-2',
      'TP-2.9',
      'TP-2.9a',
      'TP-2.10',
      'TP-10.1',
      'TP-A2',
      'TP-A10',
      'TP-G1',
    ]);
  });
});
