import type { Editor } from '../editor/Editor';
import { constrainAngle } from '../geometry/geometry';
import type { Point } from '../../../engine/format/types';
import type { Tool, ToolPointer } from './tool';

/** Measuring tape: drag from one point to another; the distance shows in inches until Esc. */
export class TapeTool implements Tool {
  readonly id = 'tape' as const;
  readonly cursor = 'crosshair';
  readonly hint = 'Drag to measure; snaps to features and the grid, Alt for free, Esc clears';
  private start: Point | null = null;

  onPointerDown(e: ToolPointer, ed: Editor): void {
    this.start = e.alt ? e.table : ed.snapped(e.table);
    ed.update({ tape: { a: this.start, b: this.start } });
  }
  onPointerMove(e: ToolPointer, ed: Editor): void {
    if (!this.start) return;
    let b = e.alt ? e.table : ed.snapped(e.table);
    if (e.shift) b = constrainAngle(this.start, b);
    ed.update({ tape: { a: this.start, b } });
  }
  onPointerUp(): void {
    this.start = null;
  }
  onKey(key: string, ed: Editor): boolean {
    if (key !== 'Escape' || !ed.session.tape) return false;
    this.cancel(ed);
    return true;
  }
  cancel(ed: Editor): void {
    this.start = null;
    ed.update({ tape: null });
  }
}
