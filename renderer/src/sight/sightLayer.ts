import type Konva from 'konva';
import type { Editor } from '../editor/Editor';
import { sightPicture } from './paintSight';
import { sightOf } from './sightModel';

/**
 * Keeps the sight-map layer of the table canvas: the map as one bitmap on a Konva image (painted
 * once per map that arrives, only moved and scaled when the camera changes) and the viewer's
 * points as small rings above it. Nothing on the layer listens for events.
 */
export class SightLayer {
  private shown: unknown = null;
  private scale = 1;
  private camera: unknown = null;

  constructor(
    private readonly editor: Editor,
    private readonly layer: Konva.Layer,
    private readonly image: Konva.Image,
    markers: Konva.Shape,
  ) {
    markers.sceneFunc((kctx) => {
      const s = sightOf(editor).session;
      if (!s.on || !s.shown) return;
      const ctx = kctx._context;
      const pts = s.shown.viewers;
      const r = pts.length > 1 ? 3 : 6;
      ctx.save();
      for (const p of pts) {
        const [x, y] = editor.toScreen([p[0], p[1]]);
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fillStyle = '#ffd84a';
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = '#1b1b2a';
        ctx.stroke();
      }
      ctx.restore();
    });
  }

  /** Brings the layer up to date with the sight model and the camera; cheap when neither moved. */
  sync(): void {
    const s = sightOf(this.editor).session;
    const shown = s.on ? s.shown : null;
    let dirty = false;
    if (shown !== this.shown) {
      this.shown = shown;
      dirty = true;
      if (shown) {
        const pic = sightPicture(shown.map, this.editor.hexLayout());
        this.scale = pic.scale;
        this.image.image(pic.canvas);
        this.image.width(pic.canvas.width);
        this.image.height(pic.canvas.height);
        this.image.visible(true);
      } else {
        this.image.image(undefined);
        this.image.visible(false);
      }
      this.layer
        .getStage()
        ?.container()
        .setAttribute('data-sight', shown ? 'on' : 'off');
    }
    const cam = this.editor.session.camera;
    if (cam !== this.camera || dirty) {
      this.camera = cam;
      this.image.x(cam.x);
      this.image.y(cam.y);
      this.image.scaleX(cam.zoom * this.scale);
      this.image.scaleY(cam.zoom * this.scale);
      dirty = true;
    }
    if (dirty || s.on) this.layer.batchDraw();
  }
}
