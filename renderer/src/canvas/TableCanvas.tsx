import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type Konva from 'konva';
import { Layer, Shape, Stage } from 'react-konva';
import type { Editor, EditorPointerInput } from '../editor/Editor';
import { TerrainCache } from './TerrainCache';
import { paintOverlay } from './paintOverlay';
import { sceneOf } from './sceneOf';

/**
 * The table on a Konva stage: a cached, non-listening terrain layer and an overlay layer for the
 * grid, previews, selection, handles, tape and rulers. Pointer input goes to the editor's tools;
 * the editor does its own hit testing, so no Konva node listens for events.
 */
export function TableCanvas({ editor }: { editor: Editor }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const terrainLayer = useRef<Konva.Layer>(null);
  const terrainShape = useRef<Konva.Shape>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const cacheRef = useRef<TerrainCache | null>(null);
  const [size, setSize] = useState({ width: 800, height: 600 });
  const fitted = useRef(false);

  const sessionVersion = useSyncExternalStore(
    (l) => editor.subscribe(l),
    () => editor.version,
  );
  const revision = useSyncExternalStore(
    (l) => editor.store.subscribe(l),
    () => editor.store.revision,
  );
  const s = editor.session;

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const next = {
        width: Math.max(1, Math.floor(r.width)),
        height: Math.max(1, Math.floor(r.height)),
      };
      setSize((old) => (old.width === next.width && old.height === next.height ? old : next));
      editor.setViewport(next.width, next.height);
      if (!fitted.current) {
        fitted.current = true;
        editor.zoomToFit();
      }
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [editor]);

  // A layout effect declared before the content effects below, so the cache exists when they run.
  useLayoutEffect(() => {
    if (!terrainLayer.current || !terrainShape.current) return;
    const cache = new TerrainCache(terrainLayer.current, terrainShape.current);
    cacheRef.current = cache;
    return () => {
      cache.dispose();
      cacheRef.current = null;
    };
  }, []);

  // Which features are live on the overlay; the cache only re-renders when this set changes.
  const hideKey = [...s.overrides.keys()].join('\n');
  const hide = useMemo(() => new Set(hideKey ? hideKey.split('\n') : []), [hideKey]);
  const hexStroke = s.hexOverrides;

  useLayoutEffect(() => {
    const cache = cacheRef.current;
    if (!cache) return;
    cache.setView(editor.session.camera, editor.session.viewport);
    cache.setContent(sceneOf(editor), hide, editor.mapSize());
  }, [editor, revision, hide, hexStroke]);

  useLayoutEffect(() => {
    cacheRef.current?.setView(s.camera, s.viewport);
    overlayLayer.current?.batchDraw();
  }, [s.camera, s.viewport]);

  useLayoutEffect(() => {
    overlayLayer.current?.batchDraw();
  }, [sessionVersion, revision]);

  // Wheel: pan, or zoom to the cursor with Ctrl/Cmd (also what trackpad pinch sends).
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const at: [number, number] = [e.clientX - r.left, e.clientY - r.top];
      const scale = e.deltaMode === 1 ? 16 : 1;
      if (e.ctrlKey || e.metaKey) editor.zoomAt(at, Math.exp((-e.deltaY * scale) / 300));
      else if (e.shiftKey && e.deltaX === 0) editor.panBy(-e.deltaY * scale, 0);
      else editor.panBy(-e.deltaX * scale, -e.deltaY * scale);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [editor]);

  const input = (e: React.PointerEvent | React.MouseEvent): EditorPointerInput => {
    const r = containerRef.current!.getBoundingClientRect();
    return {
      screen: [e.clientX - r.left, e.clientY - r.top],
      button: e.button,
      shift: e.shiftKey,
      alt: e.altKey,
      mod: e.ctrlKey || e.metaKey,
      clicks: e.detail,
    };
  };

  const tool = editor.currentTool();
  const cursor = s.panning ? 'grabbing' : tool.cursor;

  return (
    <div
      ref={containerRef}
      className="table-canvas"
      data-testid="table-canvas"
      data-camera={`${s.camera.x},${s.camera.y},${s.camera.zoom}`}
      style={{ cursor }}
      onPointerDown={(e) => {
        if (e.button === 1) e.preventDefault();
        (e.target as Element).setPointerCapture?.(e.pointerId);
        containerRef.current?.focus();
        editor.pointerDown(input(e));
      }}
      onPointerMove={(e) => editor.pointerMove(input(e))}
      onPointerUp={(e) => editor.pointerUp(input(e))}
      onPointerCancel={(e) => editor.pointerUp(input(e))}
      onDoubleClick={(e) => editor.doubleClick(input(e))}
      onContextMenu={(e) => e.preventDefault()}
      onAuxClick={(e) => e.preventDefault()}
    >
      <Stage width={size.width} height={size.height} listening={false}>
        <Layer ref={terrainLayer} listening={false}>
          <Shape ref={terrainShape} listening={false} perfectDrawEnabled={false} />
        </Layer>
        <Layer ref={overlayLayer} listening={false}>
          <Shape
            listening={false}
            perfectDrawEnabled={false}
            sceneFunc={(ctx) => paintOverlay(ctx._context, editor)}
          />
        </Layer>
      </Stage>
    </div>
  );
}
