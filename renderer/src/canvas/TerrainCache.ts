import type Konva from 'konva';
import type { Camera } from '../editor/Editor';
import type { Box } from '../geometry/geometry';
import { paintScene, type Scene } from './paintTerrain';

/** The cache covers the viewport plus this fraction of it on every side, so short pans reuse it. */
const CACHE_MARGIN = 0.5;
/** Re-render the cache when the zoom drifts this far from the zoom it was rendered at. */
const ZOOM_TOLERANCE = 1.3;
/** Wait for the wheel to stop before re-rendering at a new zoom. */
const ZOOM_SETTLE_MS = 160;

/**
 * Keeps the static terrain layer as one cached bitmap: terrain is painted once into the cache
 * (viewport region plus a margin, at the current resolution) and panning or zooming only moves
 * that bitmap. It is re-rendered when the document changes, when the view leaves the cached
 * region, or (after the zoom settles) when the resolution no longer matches.
 */
export class TerrainCache {
  private scene: Scene | null = null;
  private hide: ReadonlySet<string> = new Set();
  private region: Box | null = null;
  private cachedZoom = 0;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private camera: Camera = { x: 0, y: 0, zoom: 1 };
  private viewport = { width: 1, height: 1 };
  private mapSize = { width: 1, height: 1 };
  /** Times of the last cache renders in ms, for the benchmark. */
  readonly renderTimes: number[] = [];

  constructor(
    private readonly layer: Konva.Layer,
    private readonly shape: Konva.Shape,
  ) {
    // The shape paints only while the cache is being rendered; the layer otherwise shows the
    // cached bitmap, so a frame never falls back to painting every feature live.
    shape.sceneFunc((ctx) => {
      if (!this.scene || !this.painting) return;
      paintScene(ctx._context, this.scene, {
        hide: this.hide,
        // Hex numbers stay readable at fit zoom; prints keep their true size.
        minTextPx: 10,
        ...(this.region ? { box: this.region } : {}),
      });
    });
  }

  private painting = false;
  /** Direction of the last pan (camera movement), -1, 0 or 1 per axis. */
  private heading = { dx: 0, dy: 0 };
  private frame = 0;

  /** Renders on the next animation frame; several changes in one frame render once. */
  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  setContent(
    scene: Scene,
    hide: ReadonlySet<string>,
    mapSize: { width: number; height: number },
  ): void {
    this.scene = scene;
    this.hide = hide;
    this.mapSize = mapSize;
    this.schedule();
  }

  setView(camera: Camera, viewport: { width: number; height: number }): void {
    if (camera.zoom === this.camera.zoom) {
      const dx = camera.x - this.camera.x;
      const dy = camera.y - this.camera.y;
      if (dx || dy) this.heading = { dx: Math.sign(dx), dy: Math.sign(dy) };
    }
    this.camera = camera;
    this.viewport = viewport;
    this.layer.position({ x: camera.x, y: camera.y });
    this.layer.scale({ x: camera.zoom, y: camera.zoom });
    const visible = this.visibleBox();
    const covered =
      this.region !== null &&
      visible.minX >= this.region.minX &&
      visible.minY >= this.region.minY &&
      visible.maxX <= this.region.maxX &&
      visible.maxY <= this.region.maxY;
    const ratio = camera.zoom / (this.cachedZoom || camera.zoom);
    const sharp = ratio < ZOOM_TOLERANCE && ratio > 1 / ZOOM_TOLERANCE;
    clearTimeout(this.settleTimer);
    if (!covered) this.schedule();
    else if (!sharp || ratio !== 1) {
      this.settleTimer = setTimeout(
        () => this.render(),
        sharp ? ZOOM_SETTLE_MS * 3 : ZOOM_SETTLE_MS,
      );
    }
    this.layer.batchDraw();
  }

  /** The visible part of the map in table inches. */
  private visibleBox(): Box {
    const { x, y, zoom } = this.camera;
    const b = {
      minX: -x / zoom,
      minY: -y / zoom,
      maxX: (this.viewport.width - x) / zoom,
      maxY: (this.viewport.height - y) / zoom,
    };
    return {
      minX: Math.max(0, b.minX),
      minY: Math.max(0, b.minY),
      maxX: Math.min(this.mapSize.width, Math.max(b.maxX, 0)),
      maxY: Math.min(this.mapSize.height, Math.max(b.maxY, 0)),
    };
  }

  render(): void {
    clearTimeout(this.settleTimer);
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    const start = performance.now();
    const { zoom } = this.camera;
    const mx = (this.viewport.width / zoom) * CACHE_MARGIN;
    const my = (this.viewport.height / zoom) * CACHE_MARGIN;
    const v = this.visibleBox();
    // Lean the cached region the way the view is panning, so a steady pan re-renders less often.
    const lean = 0.6;
    const ox = -this.heading.dx * mx * lean;
    const oy = -this.heading.dy * my * lean;
    const region = {
      minX: Math.max(0, v.minX - mx + ox),
      minY: Math.max(0, v.minY - my + oy),
      maxX: Math.min(this.mapSize.width, v.maxX + mx + ox),
      maxY: Math.min(this.mapSize.height, v.maxY + my + oy),
    };
    this.shape.clearCache();
    this.layer.clearCache();
    if (region.maxX <= region.minX || region.maxY <= region.minY) {
      this.region = null;
      this.layer.batchDraw();
      return;
    }
    this.region = region;
    this.cachedZoom = zoom;
    const pixelRatio = zoom * (window.devicePixelRatio || 1);
    this.painting = true;
    try {
      this.layer.cache({
        x: region.minX,
        y: region.minY,
        width: region.maxX - region.minX,
        height: region.maxY - region.minY,
        pixelRatio,
        imageSmoothingEnabled: true,
      });
    } finally {
      this.painting = false;
    }
    this.layer.batchDraw();
    this.renderTimes.push(performance.now() - start);
    if (this.renderTimes.length > 50) this.renderTimes.shift();
  }

  dispose(): void {
    clearTimeout(this.settleTimer);
    cancelAnimationFrame(this.frame);
  }
}
