import type { Point, Underlay } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import type { Tool, ToolPointer } from '../tools/tool';
import { importUi } from '../import/importUi';
import { setUnderlay, setUnderlayPreview, underlayOf } from './underlay';

const NO_PICTURE = 'No underlay picture: add one with Arrange ▸ Underlay picture… (Ctrl+Alt+U)';
const LOCKED = 'The underlay is locked: unlock it (Ctrl+Alt+L) to move or scale it';

/** Drags the underlay picture; one drag is one undo step. */
export class UnderlayMoveTool implements Tool {
  readonly id = 'underlayMove' as const;
  readonly cursor = 'move';
  readonly hint = 'Drag to move the underlay picture';
  private start: { at: Point; u: Underlay } | null = null;

  onPointerDown(e: ToolPointer, ed: Editor): void {
    const u = underlayOf(ed);
    if (!u) return ed.update({ hint: NO_PICTURE });
    if (u.locked) return ed.update({ hint: LOCKED });
    this.start = { at: e.table, u };
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (!this.start) return;
    const { at, u } = this.start;
    setUnderlayPreview(ed, { ...u, x: u.x + e.table[0] - at[0], y: u.y + e.table[1] - at[1] });
  }
  onPointerUp(e: ToolPointer, ed: Editor): void {
    if (!this.start) return;
    const { at, u } = this.start;
    this.start = null;
    setUnderlayPreview(ed, null);
    const dx = e.table[0] - at[0];
    const dy = e.table[1] - at[1];
    if (dx !== 0 || dy !== 0) setUnderlay(ed, { ...u, x: u.x + dx, y: u.y + dy });
  }
  cancel(ed: Editor): void {
    this.start = null;
    setUnderlayPreview(ed, null);
  }
}

/**
 * Scales the picture by two points a known distance apart: click one mark on the picture, then
 * another, and give the real distance between them. The first point stays where it is.
 */
export class UnderlayScaleTool implements Tool {
  readonly id = 'underlayScale' as const;
  readonly cursor = 'crosshair';
  readonly hint = 'Click a mark on the picture, then a second one a known distance away';
  private a: Point | null = null;

  onPointerDown(e: ToolPointer, ed: Editor): void {
    const u = underlayOf(ed);
    if (!u) return ed.update({ hint: NO_PICTURE });
    if (u.locked) return ed.update({ hint: LOCKED });
    if (!this.a) {
      this.a = e.table;
      ed.update({ tape: { a: e.table, b: e.table }, hint: 'Now click the second mark' });
      return;
    }
    const a = this.a;
    this.a = null;
    ed.update({ tape: { a, b: e.table }, hint: this.hint });
    importUi.open({ kind: 'calibrate', a, b: e.table });
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (this.a) ed.update({ tape: { a: this.a, b: e.table } });
  }
  onKey(key: string, ed: Editor): boolean {
    if (key !== 'Escape' || !this.a) return false;
    this.cancel(ed);
    return true;
  }
  cancel(ed: Editor): void {
    this.a = null;
    ed.update({ tape: null });
  }
}
