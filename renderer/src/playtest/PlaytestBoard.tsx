import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Layer, Shape, Stage } from 'react-konva';
import type { Point, TableMap } from '../../../engine/format/types';
import type { Camera } from '../editor/Editor';
import { TerrainCache } from '../canvas/TerrainCache';
import type { Scene } from '../canvas/paintTerrain';
import { paintBoard, type BoardModel } from './paintBoard';

export interface BoardPointer {
  /** Table inches. */
  readonly at: Point;
  readonly button: number;
  readonly shift: boolean;
}

/**
 * The playtest table: the editor's terrain painter and cache on a static layer (read-only: no
 * tool ever gets the pointer), and an interactive layer for counters, the reachable area, the
 * line of sight, templates and handles. The camera is the board's own session state; the
 * container carries it as `data-camera` so browser tests can aim at table coordinates.
 */
export function PlaytestBoard({
  map,
  model,
  onDown,
  onMove,
  onUp,
  onLeave,
}: {
  map: TableMap;
  model: BoardModel;
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
  const cameraRef = useRef(camera);
  const pan = useRef<{ from: [number, number]; cam: Camera } | null>(null);

  // Fit the table into the view whenever the view size changes.
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const width = Math.max(1, Math.floor(r.width));
      const height = Math.max(1, Math.floor(r.height));
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
      const zoom = Math.min((width - 24) / map.width, (height - 24) / map.height);
      setCamera({
        zoom,
        x: (width - map.width * zoom) / 2,
        y: (height - map.height * zoom) / 2,
      });
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [map.width, map.height]);

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
    const scene: Scene = {
      kind: 'table',
      width: map.width,
      height: map.height,
      ...(map.baseColour ? { baseColour: map.baseColour } : {}),
      features: map.features,
    };
    cache.setView(cameraRef.current, size);
    cache.setContent(scene, new Set(), { width: map.width, height: map.height });
  }, [map, size]);

  useLayoutEffect(() => {
    cameraRef.current = camera;
    cacheRef.current?.setView(camera, size);
    overlayLayer.current?.batchDraw();
  }, [camera, size]);

  useLayoutEffect(() => {
    modelRef.current = model;
    overlayLayer.current?.batchDraw();
  }, [model]);

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

  const toTable = (e: React.PointerEvent): BoardPointer => {
    const r = containerRef.current!.getBoundingClientRect();
    const c = cameraRef.current;
    return {
      at: [(e.clientX - r.left - c.x) / c.zoom, (e.clientY - r.top - c.y) / c.zoom],
      button: e.button,
      shift: e.shiftKey,
    };
  };

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
        onMove(toTable(e));
      }}
      onPointerUp={(e) => {
        if (pan.current) {
          pan.current = null;
          return;
        }
        onUp(toTable(e));
      }}
      onPointerLeave={() => onLeave()}
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
            sceneFunc={(ctx) => paintBoard(ctx._context, modelRef.current, cameraRef.current)}
          />
        </Layer>
      </Stage>
    </div>
  );
}

export type { BoardModel };
