import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type Konva from 'konva';
import { Layer, Shape, Stage } from 'react-konva';
import type { Point } from '../../../../engine/format/types';
import type { Camera } from '../../editor/Editor';
import { TerrainCache } from '../../canvas/TerrainCache';
import type { Scene } from '../../canvas/paintTerrain';

export interface BoardPointer {
  /** Table inches (a hex map is laid out in inches too). */
  readonly at: Point;
  readonly button: number;
  readonly shift: boolean;
  readonly alt: boolean;
}

/** What the board keeps of a pointer event, to map it again when the table moves under it. */
interface Pointed {
  readonly clientX: number;
  readonly clientY: number;
  readonly button: number;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

const pointed = (e: React.PointerEvent): Pointed => ({
  clientX: e.clientX,
  clientY: e.clientY,
  // A pointer that did not press anything now (a move's button is -1).
  button: -1,
  shiftKey: e.shiftKey,
  altKey: e.altKey,
});

/**
 * A playtest board's canvas: the editor's terrain painter and cache on a static layer (read-only:
 * no editing tool ever gets the pointer), and an interactive layer the board paints (counters,
 * the reachable area, the line of sight, templates and handles). The camera is the board's own
 * session state; the container carries it as `data-camera` so browser tests can aim at table
 * coordinates. `model` is whatever the painter reads: a new model repaints the interactive layer.
 */
export function BoardStage<M>({
  scene,
  extent,
  model,
  paint,
  onDown,
  onMove,
  onUp,
  onLeave,
}: {
  scene: Scene;
  /** The board's size in inches, fitted into the view. */
  extent: { readonly width: number; readonly height: number };
  model: M;
  paint(ctx: CanvasRenderingContext2D, model: M, camera: Camera): void;
  onDown(p: BoardPointer): void;
  onMove(p: BoardPointer): void;
  onUp(p: BoardPointer): void;
  onLeave(): void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const terrainLayer = useRef<Konva.Layer>(null);
  const terrainShape = useRef<Konva.Shape>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const cacheRef = useRef<TerrainCache | null>(null);
  const [size, setSize] = useState({ width: 800, height: 600 });
  const [camera, setCamera] = useState<Camera>({ x: 0, y: 0, zoom: 20 });
  const modelRef = useRef(model);
  const paintRef = useRef(paint);
  const cameraRef = useRef(camera);
  const pan = useRef<{ from: [number, number]; cam: Camera } | null>(null);

  // The board's size and the table's extent the camera was last fitted to.
  const fitted = useRef('');
  /** Fits the table into the view if the view's size (or the table) changed since the last fit. */
  const fit = () => {
    const el = containerRef.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const width = Math.max(1, Math.floor(r.width));
    const height = Math.max(1, Math.floor(r.height));
    const key = `${width}x${height}:${extent.width}x${extent.height}`;
    if (fitted.current === key) return;
    fitted.current = key;
    setSize({ width, height });
    const zoom = Math.min((width - 24) / extent.width, (height - 24) / extent.height);
    setCamera({
      zoom,
      x: (width - extent.width * zoom) / 2,
      y: (height - extent.height * zoom) / 2,
    });
  };
  const fitRef = useRef(fit);
  // The board's box changes with what the screen around it shows (a tracker line that wraps for
  // one side's name and not the other's moves the board 15px). Measured after every render, the
  // camera changes in the same commit as the layout: the table never sits for a frame at a spot
  // a click would miss, and `data-camera` never lags the box (a ResizeObserver alone refits one
  // frame later, longer on a loaded machine, and a click aimed in between hit 0.35" off).
  useLayoutEffect(() => {
    fitRef.current = fit;
    fit();
  });
  // Resizes no render causes (the window): refitted before the frame is painted.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => flushSync(() => fitRef.current()));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!terrainLayer.current || !terrainShape.current) return;
    const cache = new TerrainCache(terrainLayer.current, terrainShape.current);
    cacheRef.current = cache;
    return () => {
      cache.dispose();
      cacheRef.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    const cache = cacheRef.current;
    if (!cache) return;
    cache.setView(cameraRef.current, size);
    cache.setContent(scene, new Set(), { width: extent.width, height: extent.height });
  }, [scene, extent.width, extent.height, size]);

  // Where the pointer last was over the board (none once it left), and the board's latest move
  // handler: when the table moves under a pointer that stays still (a refit, a zoom), the board
  // hears a move to the point now under it, so what it previews is what a click there would do.
  const lastPointer = useRef<Pointed | null>(null);
  const onMoveRef = useRef(onMove);
  useLayoutEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);

  useLayoutEffect(() => {
    cameraRef.current = camera;
    cacheRef.current?.setView(camera, size);
    overlayLayer.current?.batchDraw();
    const p = lastPointer.current;
    if (p && !pan.current) onMoveRef.current(toTable(p));
  }, [camera, size]);

  useLayoutEffect(() => {
    modelRef.current = model;
    paintRef.current = paint;
    overlayLayer.current?.batchDraw();
  }, [model, paint]);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const sx = e.clientX - r.left;
      const sy = e.clientY - r.top;
      setCamera((c) => {
        const zoom = Math.min(200, Math.max(5, c.zoom * Math.exp(-e.deltaY / 300)));
        const k = zoom / c.zoom;
        return { zoom, x: sx - (sx - c.x) * k, y: sy - (sy - c.y) * k };
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  function toTable(e: Pointed): BoardPointer {
    const r = containerRef.current!.getBoundingClientRect();
    const c = cameraRef.current;
    return {
      at: [(e.clientX - r.left - c.x) / c.zoom, (e.clientY - r.top - c.y) / c.zoom],
      button: e.button,
      shift: e.shiftKey,
      alt: e.altKey,
    };
  }

  return (
    <div
      ref={containerRef}
      className="playtest-board"
      data-testid="playtest-board"
      data-camera={JSON.stringify({
        x: Math.round(camera.x * 100) / 100,
        y: Math.round(camera.y * 100) / 100,
        zoom: Math.round(camera.zoom * 1000) / 1000,
      })}
      onPointerDown={(e) => {
        (e.target as Element).setPointerCapture?.(e.pointerId);
        if (e.button === 1 || e.button === 2) {
          pan.current = { from: [e.clientX, e.clientY], cam: cameraRef.current };
          return;
        }
        lastPointer.current = pointed(e);
        onDown(toTable(e));
      }}
      onPointerMove={(e) => {
        const p = pan.current;
        if (p) {
          setCamera({
            ...p.cam,
            x: p.cam.x + e.clientX - p.from[0],
            y: p.cam.y + e.clientY - p.from[1],
          });
          return;
        }
        lastPointer.current = pointed(e);
        onMove(toTable(e));
      }}
      onPointerUp={(e) => {
        if (pan.current) {
          pan.current = null;
          return;
        }
        onUp(toTable(e));
      }}
      onPointerLeave={() => {
        lastPointer.current = null;
        onLeave();
      }}
      onContextMenu={(e) => e.preventDefault()}
    >
      <Stage width={size.width} height={size.height} listening={false}>
        <Layer ref={terrainLayer} listening={false}>
          <Shape ref={terrainShape} listening={false} perfectDrawEnabled={false} />
        </Layer>
        <Layer ref={overlayLayer} listening={false}>
          <Shape
            listening={false}
            perfectDrawEnabled={false}
            sceneFunc={(ctx) => paintRef.current(ctx._context, modelRef.current, cameraRef.current)}
          />
        </Layer>
      </Stage>
    </div>
  );
}
