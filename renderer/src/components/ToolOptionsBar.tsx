import type { Editor, HexFlag } from '../editor/Editor';
import type { ToolOptions } from '../editor/featureFactory';
import { HEX_TERRAIN_COLOURS } from '../canvas/paintTerrain';
import { useSession } from './useEditor';

function NumberOption({
  label,
  value,
  step = 0.25,
  min = 0,
  onChange,
}: {
  label: string;
  value: number;
  step?: number;
  min?: number;
  onChange: (v: number) => void;
}) {
  return (
    <label className="opt">
      {label}
      <input
        type="number"
        value={value}
        step={step}
        min={min}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (Number.isFinite(v) && v >= min) onChange(v);
        }}
      />
    </label>
  );
}

const OBSTACLE_KINDS: ToolOptions['obstacleKind'][] = [
  'rubble',
  'fallenTree',
  'tankObstacle',
  'largeObject',
  'wire',
  'crater',
  'other',
];
const HEX_FLAGS: HexFlag[] = ['urban', 'rubble', 'marsh', 'wire', 'woods', 'building'];

/** Settings of the active tool (road width presets, canopy radius, hex brush...) and its hint. */
export function ToolOptionsBar({ editor }: { editor: Editor }) {
  const s = useSession(editor, 'tool', 'toolOptions', 'hexBrush', 'hint');
  const o = s.toolOptions;
  const set = (patch: Partial<ToolOptions>) => editor.update({ toolOptions: { ...o, ...patch } });
  const b = s.hexBrush;
  const setBrush = (patch: Partial<typeof b>) => editor.update({ hexBrush: { ...b, ...patch } });
  const terrains = [
    ...new Set([
      editor.hexDefaultTerrain(),
      ...Object.keys(HEX_TERRAIN_COLOURS),
      ...editor.store.hexes.list().flatMap((h) => (h.terrain ? [h.terrain] : [])),
    ]),
  ];
  let body: React.ReactNode;
  switch (s.tool) {
    case 'road':
      body = (
        <>
          <span className="opt">Width</span>
          {[2, 3].map((w) => (
            <button
              key={w}
              className={o.roadWidth === w ? 'active' : ''}
              onClick={() => set({ roadWidth: w })}
            >
              {w}″
            </button>
          ))}
          <NumberOption
            label=""
            value={o.roadWidth}
            onChange={(v) => v > 0 && set({ roadWidth: v })}
          />
        </>
      );
      break;
    case 'creek':
      body = (
        <NumberOption
          label="Width ″"
          value={o.creekWidth}
          onChange={(v) => v > 0 && set({ creekWidth: v })}
        />
      );
      break;
    case 'gully':
      body = (
        <NumberOption
          label="Width ″"
          value={o.gullyWidth}
          onChange={(v) => v > 0 && set({ gullyWidth: v })}
        />
      );
      break;
    case 'wall':
    case 'fence':
      body = (
        <>
          {s.tool === 'wall' && (
            <NumberOption
              label="Thickness ″"
              value={o.wallThickness}
              step={0.05}
              onChange={(v) => v > 0 && set({ wallThickness: v })}
            />
          )}
          <NumberOption
            label="Height ″"
            value={o.wallHeight}
            onChange={(v) => set({ wallHeight: v })}
          />
        </>
      );
      break;
    case 'ground':
      body = (
        <>
          <NumberOption
            label="Level"
            value={o.groundLevel}
            step={1}
            min={-5}
            onChange={(v) => set({ groundLevel: Math.round(v) })}
          />
          <NumberOption
            label="Height ″"
            value={o.groundHeight}
            onChange={(v) => set({ groundHeight: v })}
          />
        </>
      );
      break;
    case 'tree':
      body = (
        <NumberOption
          label="Canopy radius ″"
          value={o.treeRadius}
          onChange={(v) => v > 0 && set({ treeRadius: v })}
        />
      );
      break;
    case 'building':
      body = (
        <>
          <label className="opt">
            Kind
            <select
              value={o.buildingKind}
              onChange={(e) => set({ buildingKind: e.target.value as ToolOptions['buildingKind'] })}
            >
              <option value="closed">closed</option>
              <option value="open">open</option>
              <option value="underConstruction">under construction</option>
            </select>
          </label>
          <NumberOption
            label="Floors"
            value={o.floors}
            step={1}
            min={1}
            onChange={(v) => set({ floors: Math.max(1, Math.round(v)) })}
          />
        </>
      );
      break;
    case 'obstacle':
      body = (
        <label className="opt">
          Kind
          <select
            value={o.obstacleKind}
            onChange={(e) => set({ obstacleKind: e.target.value as ToolOptions['obstacleKind'] })}
          >
            {OBSTACLE_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
      );
      break;
    case 'hexBrush':
    case 'hexFill':
    case 'hexContour':
      body = (
        <>
          {s.tool !== 'hexContour' && (
            <label className="opt">
              Paint
              <select
                aria-label="Brush mode"
                value={b.mode}
                onChange={(e) => setBrush({ mode: e.target.value as typeof b.mode })}
              >
                <option value="terrain">terrain</option>
                <option value="level">level</option>
                <option value="flag">flag</option>
              </select>
            </label>
          )}
          {b.mode === 'terrain' && s.tool !== 'hexContour' && (
            <label className="opt">
              Terrain
              <select
                aria-label="Terrain"
                value={b.terrain}
                onChange={(e) => setBrush({ terrain: e.target.value })}
              >
                {terrains.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
          )}
          {(b.mode === 'level' || s.tool === 'hexContour') && (
            <NumberOption
              label="Level"
              value={b.level}
              step={1}
              min={-5}
              onChange={(v) => setBrush({ level: Math.round(v) })}
            />
          )}
          {b.mode === 'flag' && s.tool !== 'hexContour' && (
            <>
              <label className="opt">
                Flag
                <select
                  aria-label="Flag"
                  value={b.flag}
                  onChange={(e) => setBrush({ flag: e.target.value as HexFlag })}
                >
                  {HEX_FLAGS.map((f) => (
                    <option key={f}>{f}</option>
                  ))}
                </select>
              </label>
              <label className="opt">
                <input
                  type="checkbox"
                  checked={b.flagOn}
                  onChange={(e) => setBrush({ flagOn: e.target.checked })}
                />{' '}
                set (untick to clear)
              </label>
            </>
          )}
        </>
      );
      break;
    default:
      body = null;
  }
  return (
    <div className="tool-options" aria-label="Tool options">
      {body}
      <span className="hint" role="status">
        {s.tool === 'select' && editor.isHex() && (!s.hint || s.hint === editor.currentTool().hint)
          ? 'Click a hex to edit its terrain, level, flags and label (and select a unit on it)'
          : s.hint || editor.currentTool().hint}
      </span>
    </div>
  );
}
