import { parseTree, findNodeAtLocation, type Node } from 'jsonc-parser';
import { pointerPath } from './problems';

/**
 * Maps JSON pointers and offsets of one file's text to 1-based line and column. The syntax tree is
 * built only when a problem needs a position, so valid files pay nothing for it.
 */
export class TextPositions {
  private lineStarts: number[] | undefined;
  private tree: Node | undefined | null = null;

  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = 0; i < this.text.length; i++)
        if (this.text.charCodeAt(i) === 10) starts.push(i + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  /** Position of the value at `pointer`, or of its nearest existing ancestor. */
  ofPointer(pointer: string, preferKey = false): { line: number; column: number } | undefined {
    if (this.tree === null) this.tree = parseTree(this.text) ?? undefined;
    if (!this.tree) return undefined;
    const path: (string | number)[] = pointerPath(pointer).map((s) =>
      /^\d+$/.test(s) ? Number(s) : s,
    );
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.tree, path.slice(0, n));
      if (node) {
        const target =
          preferKey && n === path.length && node.parent?.type === 'property' ? node.parent : node;
        return this.at(target.offset);
      }
    }
    return undefined;
  }
}
