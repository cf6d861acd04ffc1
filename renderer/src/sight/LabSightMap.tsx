import { useEffect, useMemo, useRef, useState } from 'react';
import type { ScenarioDoc } from '../../../engine/format/types';
import { hexGrid } from '../../../engine/hex/grid';
import type { EyeHeight, SightMap } from '../../../engine/sight/sightMap';
import { paintScene, printedScene } from '../canvas/paintTerrain';
import { sightPicture, tintCss, tintShares, type SightTint } from './paintSight';
import { SightClient } from './sightClient';
import { sidePoints } from './sightRequest';
import './sight.css';

const LABELS: Record<SightTint, string> = {
  seen: 'Seen by the side and its enemy',
  seenDead: 'Seen by the side, dead ground to the enemy',
  hidden: 'Hidden from the side, seen by the enemy',
  hiddenDead: 'Hidden from both',
};

/**
 * The sight map in the balance lab: what one side sees from its deployment zone (or entry edge,
 * or units) and the ground dead to the other sides, over the lab's map, so a designer can read
 * the win shares beside the sight lines that decide them. Worked out in a web worker on demand.
 */
export function LabSightMap({ scenario }: { scenario: ScenarioDoc }) {
  const sides = scenario.forces.sides;
  const [side, setSide] = useState(sides[0]?.id ?? '');
  const [eye, setEye] = useState<EyeHeight>('man');
  const [map, setMap] = useState<SightMap | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLCanvasElement>(null);
  const client = useMemo(
    () =>
      new SightClient(
        (m) => {
          setMap(m);
          // A quick preview comes first; the whole map follows.
          setWorking(m.preview !== undefined);
        },
        (message) => {
          setProblem(message);
          setWorking(false);
        },
      ),
    [],
  );
  useEffect(() => () => client.dispose(), [client]);

  const run = () => {
    const own = sidePoints(scenario, side);
    if (!own.points.length) {
      setProblem(`${own.label} gives no point to look from: place a zone, an edge or units`);
      return;
    }
    const enemy = sides
      .filter((s) => s.id !== side)
      .flatMap((s) => sidePoints(scenario, s.id).points);
    setProblem(null);
    setWorking(true);
    client.request({
      scenario,
      eye,
      viewers: own.points,
      ...(enemy.length ? { enemy } : {}),
    });
  };

  const board = scenario.map.kind === 'hex' ? hexGrid(scenario.map) : null;
  const size = board ?? (scenario.map.kind === 'table' ? scenario.map : { width: 1, height: 1 });
  const scale = Math.min(560 / size.width, 400 / size.height);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !map) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * scale * dpr);
    canvas.height = Math.round(size.height * scale * dpr);
    ctx.setTransform(scale * dpr, 0, 0, scale * dpr, 0, 0);
    paintScene(ctx, printedScene(scenario.map));
    const pic = sightPicture(map, board);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(pic.canvas, 0, 0, pic.canvas.width * pic.scale, pic.canvas.height * pic.scale);
  }, [map, scenario, board, scale, size.width, size.height]);

  const shares = map ? tintShares(map) : null;
  const tints: SightTint[] = map?.enemySeen ? ['seen', 'seenDead', 'hidden', 'hiddenDead'] : [];
  return (
    <section className="lab-sight" aria-label="Sight map" data-testid="lab-sight">
      <h3>Sight map</h3>
      <div className="sight-row">
        <label>
          Look from{' '}
          <select
            aria-label="Sight map side"
            value={side}
            onChange={(e) => setSide(e.target.value)}
          >
            {sides.map((s) => (
              <option key={s.id} value={s.id}>
                {sidePoints(scenario, s.id).label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="radio" checked={eye === 'man'} onChange={() => setEye('man')} /> a man
        </label>
        <label>
          <input type="radio" checked={eye === 'vehicle'} onChange={() => setEye('vehicle')} /> a
          vehicle
        </label>
        <button onClick={run} disabled={working}>
          {working ? 'Working out…' : map ? 'Show again' : 'Show sight map'}
        </button>
      </div>
      {problem && (
        <p className="lab-error" role="alert">
          {problem}
        </p>
      )}
      {map && shares && (
        <figure className="lab-heat">
          <canvas
            ref={ref}
            style={{ width: size.width * scale, height: size.height * scale }}
            role="img"
            aria-label="Sight map over the lab's map"
            data-testid="lab-sight-map"
          />
          <figcaption>
            <ul className="lab-sight-legend">
              {tints.map((t) => (
                <li key={t}>
                  <span
                    className="swatch"
                    style={{ background: `linear-gradient(${tintCss(t)}, ${tintCss(t)}), #7d8c5c` }}
                  />
                  {LABELS[t]} {Math.round(shares[t] * 100)}%
                </li>
              ))}
              {!map.enemySeen && <li>Seen by the side {Math.round(shares.seen * 100)}%</li>}
            </ul>
            {map.preview
              ? `A quick look at every ${map.preview}th cell, the whole map follows…`
              : `${map.checks.toLocaleString('en')} sight lines in ${Math.round(map.ms ?? 0)} ms`}
          </figcaption>
        </figure>
      )}
    </section>
  );
}
