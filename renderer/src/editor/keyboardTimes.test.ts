import { describe, expect, it } from 'vitest';
import { newScenario, ScenarioStore, TYPING_MERGE_MS, type Json } from '../../../engine/document';
import { createTools } from '../tools/tools';
import { Editor } from './Editor';
import { KeyboardTimes } from './keyboardTimes';
import { DEFAULT_PRESET } from '../../../engine/rulesets/registry';

/** Longer than the typing merge window, on the real clock (the undo manager reads Date.now). */
const LONG = TYPING_MERGE_MS + 100;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An editor on a new table, and a keyboard typing into its title as the page would report it. */
function setUp() {
  const keys = new KeyboardTimes();
  const editor = new Editor(
    ScenarioStore.fromScenario(
      newScenario({ ruleset: DEFAULT_PRESET.ruleset, map: DEFAULT_PRESET.map }),
    ),
    createTools(),
    keys,
  );
  const title = () => editor.store.rootField<{ title: string }>('meta')?.title;
  /** The page handles a key pressed at `pressedAt` that makes the meta's `field` `text`. */
  const press = (text: string, key: string, pressedAt = keys.now(), field = 'title') => {
    keys.keyDown(key, pressedAt);
    keys.inputStarts(keys.now());
    const meta = editor.store.rootField<Record<string, Json>>('meta') ?? {};
    editor.commit((w) => w.setRoot('meta', { ...meta, [field]: text }), `meta.${field}`);
    keys.inputEnds();
  };
  const release = (key: string) => keys.keyUp(key);
  /** Undo steps back to the title before the typing. */
  const stepsBackTo = (before: string | undefined) => {
    let steps = 0;
    while (title() !== before && editor.store.canUndo()) {
      editor.undo();
      steps++;
    }
    return steps;
  };
  return { title, press, release, stepsBackTo };
}

describe('typing into a field while the page is busy', () => {
  it('a key that waited in the queue behind a long task continues the word', async () => {
    const { title, press, release, stepsBackTo } = setUp();
    const before = title();
    press('A', 'KeyA');
    release('KeyA');
    press('Al', 'KeyL');
    release('KeyL');
    // 'i' is pressed now, but the page is busy and handles it only later.
    const pressedAt = performance.now();
    await wait(LONG);
    press('Ali', 'KeyI', pressedAt);
    release('KeyI');
    expect(title()).toBe('Ali');
    expect(stepsBackTo(before)).toBe(1);
  });

  it('a long task before the release is handled is no pause of the typist', async () => {
    // How a test types: the next key goes once the page has taken the release of the last.
    const { title, press, release, stepsBackTo } = setUp();
    const before = title();
    press('A', 'KeyA');
    release('KeyA');
    press('Al', 'KeyL');
    await wait(LONG);
    release('KeyL');
    press('Ali', 'KeyI');
    expect(stepsBackTo(before)).toBe(1);
  });

  it('a real pause with the page idle starts a new step, and so does another field', async () => {
    const { title, press, release, stepsBackTo } = setUp();
    const before = title();
    press('A', 'KeyA');
    release('KeyA');
    press('Al', 'KeyL');
    release('KeyL');
    await wait(LONG);
    press('Ali', 'KeyI');
    release('KeyI');
    expect(stepsBackTo('Al')).toBe(1);
    expect(stepsBackTo(before)).toBe(1);

    press('B', 'KeyB');
    press('Me', 'KeyE', undefined, 'author');
    press('Bo', 'KeyO');
    expect(stepsBackTo(before)).toBe(3);
  });
});

describe('KeyboardTimes', () => {
  it('dates an input by the key that typed it, else by the input itself', () => {
    const keys = new KeyboardTimes(() => 1000);
    keys.keyDown('KeyA', 10);
    keys.inputStarts(900);
    expect(keys.current()).toEqual({ key: 'KeyA', at: 10 });
    keys.inputEnds();
    expect(keys.current()).toBeNull();
    // An arrow types nothing; a paste from the menu later has no key of its own.
    keys.keyDown('ArrowLeft', 20);
    keys.keyUp('ArrowLeft');
    keys.inputStarts(950);
    expect(keys.current()).toEqual({ key: '', at: 950 });
    expect(keys.releasedAt('ArrowLeft')).toBe(1000);
  });
});
