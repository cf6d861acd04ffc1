import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Image as KonvaImage, Layer, Shape, Stage } from 'react-konva';
import type { Editor, EditorPointerInput } from '../editor/Editor';
import { TerrainCache } from './TerrainCache';
import { paintOverlay } from './paintOverlay';
import { paintSetup } from '../objectives/paintSetup';
import { sceneOf } from './sceneOf';
import { paintUnderlay } from '../underlay/paintUnderlay';
import { onUnderlayImage } from '../underlay/underlay';
import { setCursor } from './cursorPosition';
import { subscribeViewPrefs } from './viewPrefs';
import { SightLayer } from '../sight/sightLayer';
import { sightOf } from '../sight/sightModel';

/**
 * The table on a Konva stage: a cached, non-listening terrain layer and an overlay layer for the
 * grid, previews, selection, handles, tape and rulers. Pointer input goes to the editor's tools;
 * the editor does its own hit testing, so no Konva node listens for events. Camera and document
 * changes reach the layers directly, not through React, so panning costs no re-render.
 */
export function TableCanvas({ editor }: { editor: Editor }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const terrainLayer = useRef<Konva.Layer>(null);
  const terrainShape = useRef<Konva.Shape>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const sightLayer = useRef<Konva.Layer>(null);
  const sightImage = useRef<Konva.Image>(null);
  const sightMarkers = useRef<Konva.Shape>(null);
  const [size, setSize] = useState({ width: 800, height: 600 });

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let fitted = false;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const next = {
        width: Math.max(1, Math.floor(r.width)),
        height: Math.max(1, Math.floor(r.height)),
      };
      setSize((old) => (old.width === next.width && old.height === next.height ? old : next));
      editor.setViewport(next.width, next.height);
      if (!fitted) {
        fitted = true;
        editor.zoomToFit();
      }
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [editor]);

  // Keep the layers in step with the editor: terrain cache on document and camera changes,
  // overlay on any change; the cursor and the published camera on the container element.
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!terrainLayer.current || !terrainShape.current || !overlayLayer.current || !el) return;
    if (!sightLayer.current || !sightImage.current || !sightMarkers.current) return;
    const cache = new TerrainCache(terrainLayer.current, terrainShape.current);
    const sight = new SightLayer(
      editor,
      sightLayer.current,
      sightImage.current,
      sightMarkers.current,
    );
    const overlay = overlayLayer.current;
    let camera: unknown = null;
    let viewport: unknown = null;
    let revision = -1;
    let hideKey = '';
    let hexStroke: unknown = null;
    const sync = () => {
      const s = editor.session;
      if (s.camera !== camera || s.viewport !== viewport) {
        camera = s.camera;
        viewport = s.viewport;
        cache.setView(s.camera, s.viewport);
        el.dataset.camera = `${s.camera.x},${s.camera.y},${s.camera.zoom}`;
      }
      const hide = [...s.overrides.keys()].join('\n');
      if (editor.store.revision !== revision || hide !== hideKey || s.hexOverrides !== hexStroke) {
        revision = editor.store.revision;
        hideKey = hide;
        hexStroke = s.hexOverrides;
        cache.setContent(sceneOf(editor), new Set(hide ? hide.split('\n') : []), editor.mapSize());
      }
      sight.sync();
      el.dataset.sight = sightOf(editor).session.shown ? 'on' : 'off';
      el.style.cursor = s.panning
        ? 'grabbing'
        : sightOf(editor).session.picking
          ? 'crosshair'
          : editor.currentTool().cursor;
      overlay.batchDraw();
    };
    sync();
    const offSession = editor.subscribe(sync);
    const offDoc = editor.store.subscribe(sync);
    const offImage = onUnderlayImage(sync);
    // A new map style repaints the terrain as a document change would.
    const offPrefs = subscribeViewPrefs(editor, () => {
      revision = -1;
      sync();
    });
    return () => {
      offSession();
      offDoc();
      offPrefs();
      offImage();
      cache.dispose();
    };
  }, [editor]);

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

  return (
    <div
      ref={containerRef}
      className="table-canvas"
      data-testid="table-canvas"
      onPointerDown={(e) => {
        if (e.button === 1) e.preventDefault();
        (e.target as Element).setPointerCapture?.(e.pointerId);
        const i = input(e);
        // While the sight map is picking its viewer, a left click picks the point.
        if (i.button === 0 && sightOf(editor).pick(editor.toTable(i.screen))) return;
        editor.pointerDown(i);
      }}
      onPointerMove={(e) => {
        const i = input(e);
        setCursor(editor, editor.toTable(i.screen));
        editor.pointerMove(i);
      }}
      onPointerLeave={() => setCursor(editor, null)}
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
        <Layer ref={sightLayer} listening={false} imageSmoothingEnabled={false}>
          <KonvaImage ref={sightImage} image={undefined} listening={false} visible={false} />
          <Shape ref={sightMarkers} listening={false} perfectDrawEnabled={false} />
        </Layer>
        <Layer ref={overlayLayer} listening={false}>
          <Shape
            listening={false}
            perfectDrawEnabled={false}
            sceneFunc={(ctx) => paintUnderlay(ctx._context, editor)}
          />
          <Shape
            listening={false}
            perfectDrawEnabled={false}
            sceneFunc={(ctx) => paintSetup(ctx._context, editor)}
          />
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
