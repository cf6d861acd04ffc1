import type { Point, ScenarioDoc } from '../../../engine/format/types';
import { newScenario, ScenarioStore } from '../../../engine/document';
import { DEFAULT_PRESET } from '../../../engine/rulesets/registry';
import { Editor } from './Editor';
import { createTools, type ToolId } from '../tools/tools';

/**
 * Drives an editor without a canvas, as a user would: pointer events at table points (inches),
 * keys, tools. Used by unit tests of tools and commands; the camera is 10 pixels per inch at
 * the origin so table and screen coordinates convert exactly.
 */
export class EditorDriver {
  readonly editor: Editor;
  shift = false;
  alt = false;

  constructor(
    doc: ScenarioDoc = newScenario({ ruleset: DEFAULT_PRESET.ruleset, map: DEFAULT_PRESET.map }),
  ) {
    this.editor = new Editor(ScenarioStore.fromScenario(doc), createTools());
    this.editor.update({ camera: { x: 0, y: 0, zoom: 10 }, viewport: { width: 800, height: 600 } });
  }

  private input(p: Point, clicks = 1) {
    const z = this.editor.session.camera.zoom;
    return {
      screen: [p[0] * z, p[1] * z] as Point,
      button: 0,
      shift: this.shift,
      alt: this.alt,
      mod: false,
      clicks,
    };
  }

  tool(id: ToolId): this {
    this.editor.setTool(id);
    return this;
  }
  down(p: Point): this {
    this.editor.pointerDown(this.input(p));
    return this;
  }
  move(p: Point): this {
    this.editor.pointerMove(this.input(p));
    return this;
  }
  up(p: Point): this {
    this.editor.pointerUp(this.input(p));
    return this;
  }
  click(p: Point): this {
    return this.move(p).down(p).up(p);
  }
  doubleClick(p: Point): this {
    this.click(p).click(p);
    this.editor.doubleClick(this.input(p, 2));
    return this;
  }
  /** Press at a, drag through steps to b, release. */
  drag(a: Point, b: Point, steps = 4): this {
    this.move(a).down(a);
    for (let i = 1; i <= steps; i++)
      this.move([a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps]);
    return this.up(b);
  }
  key(key: string): boolean {
    return this.editor.toolKey(key);
  }
  features() {
    return this.editor.features();
  }
}
