import { useEffect, useRef } from 'react';
import { botInWords } from '../playtest/botChoices';
import type { GameMap, ScenarioDoc } from '../../../engine/format/types';
import { hexCorners, hexGrid } from '../../../engine/hex/grid';
import { limitAdvice, planKey } from '../../../engine/lab/stats';
import type { HeatGrid, LabReport, ObjectiveControl, Share } from '../../../engine/lab/types';
import { paintScene, printedScene } from '../canvas/paintTerrain';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The headings of a share's three cells (`ShareCells`). */
function ShareHeads() {
  return (
    <>
      <th className="num">share</th>
      <th className="num">95% interval</th>
      <th className="num">games</th>
    </>
  );
}

/** A share's cells: the share, its 95% interval and the count of games it is of. */
function ShareCells({ s }: { s: Share }) {
  return (
    <>
      <td className="num">{pct(s.share)}</td>
      <td className="num interval">
        {pct(s.low)} – {pct(s.high)}
      </td>
      <td className="num">
        {s.count}/{s.of}
      </td>
    </>
  );
}

/** One share as a bar with its 95% interval as a whisker, for side rows and draws. */
function ShareRow({
  label,
  colour,
  s,
  sub = false,
}: {
  label: string;
  colour: string;
  s: Share;
  /** A part of the row above (a side's share of the decided games), indented under it. */
  sub?: boolean;
}) {
  const W = 220;
  return (
    <tr className={sub ? 'sub' : undefined}>
      <th scope="row">{label}</th>
      <td>
        <svg width={W} height={18} role="img" aria-label={`${label}: ${pct(s.share)}`}>
          <rect x={0} y={3} width={W} height={12} fill="#33373e" />
          <rect x={0} y={3} width={W * s.share} height={12} fill={colour} />
          <line x1={W * s.low} x2={W * s.high} y1={9} y2={9} stroke="#e6e8eb" strokeWidth={1.5} />
          <line x1={W * s.low} x2={W * s.low} y1={4} y2={14} stroke="#e6e8eb" />
          <line x1={W * s.high} x2={W * s.high} y1={4} y2={14} stroke="#e6e8eb" />
          <line x1={W / 2} x2={W / 2} y1={0} y2={18} stroke="#9aa3b2" strokeDasharray="2 2" />
        </svg>
      </td>
      <ShareCells s={s} />
    </tr>
  );
}

/**
 * Win shares per side, draws, decided games and the draws that ran into the turn limit, each with
 * its 95% Wilson interval; when most games ran out of turns, a word on what those draws mean.
 */
export function WinShares({
  report,
  colours,
}: {
  report: LabReport;
  colours: Readonly<Record<string, string>>;
}) {
  const atLimit = report.undecidedAtLimit;
  const advice = limitAdvice(report, 'the Turn limit box above');
  return (
    <>
      <table className="lab-shares" aria-label="Win shares">
        <thead>
          <tr>
            <th />
            <th>share (bar), 95% interval (whisker), 50% (dashed)</th>
            <ShareHeads />
          </tr>
        </thead>
        <tbody>
          {report.sides.map((s) => (
            <ShareRow
              key={s.id}
              label={`${s.name} wins (${botInWords(s.style)})`}
              colour={colours[s.id] ?? '#2f5fb3'}
              s={s.wins}
            />
          ))}
          <ShareRow label="Draws" colour="#9aa3b2" s={report.draws} />
          <ShareRow label="Decided (a side won)" colour="#4c7a5a" s={report.decided} />
          {/* Who wins when somebody does, once draws make it differ from the wins above. */}
          {report.decided.count > 0 &&
            report.decided.count < report.played &&
            report.sides.map(
              (s) =>
                s.decidedWins && (
                  <ShareRow
                    key={`decided-${s.id}`}
                    label={`of them won by ${s.name}`}
                    sub
                    colour={colours[s.id] ?? '#2f5fb3'}
                    s={s.decidedWins}
                  />
                ),
            )}
          {atLimit && atLimit.count > 0 && (
            <ShareRow label="Undecided at the turn limit" colour="#b5893a" s={atLimit} />
          )}
        </tbody>
      </table>
      {advice && (
        <p className="lab-advice" role="note">
          {advice}
        </p>
      )}
    </>
  );
}

/**
 * What kept the games the turn limit ended from being won: per objective, each thing its taker
 * lacked then (enemy troops still in it, no radioman left, held but not for long enough) with its
 * share of those games. Nothing when no game ran into the limit or the ruleset does not say.
 */
export function Shortfalls({ report }: { report: LabReport }) {
  const objectives = report.atLimit ?? [];
  const of = objectives[0]?.shortfalls[0]?.games.of;
  if (of === undefined) return null;
  const W = 120;
  return (
    <table className="lab-plans lab-shortfalls" aria-label="What was lacking at the turn limit">
      <caption>
        What kept the {of} game{of === 1 ? '' : 's'} the turn limit ended from being won, by what
        each objective&apos;s taker lacked at the end:
      </caption>
      <thead>
        <tr>
          <th>Objective</th>
          <th>Lacking</th>
          <th />
          <ShareHeads />
        </tr>
      </thead>
      <tbody>
        {objectives.flatMap((o) =>
          o.shortfalls.map((f, k) => (
            <tr key={`${o.id}\u0000${f.lacking}`} className={k === 0 ? 'first' : ''}>
              <td>{k === 0 ? o.name : ''}</td>
              <td>{f.lacking}</td>
              <td>
                <svg width={W} height={12} aria-hidden="true">
                  <rect x={0} y={2} width={W} height={8} fill="#33373e" />
                  <rect x={0} y={2} width={W * f.games.share} height={8} fill="#b5893a" />
                </svg>
              </td>
              <ShareCells s={f.games} />
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

/**
 * The results split by the plan each side's bot drew for the game (the Tankplank bot's flank
 * bridge): a layout even over all games may still hand the game to whoever takes one route.
 * Nothing when the ruleset's bot plays every game one way.
 */
export function PlanTable({
  report,
  picked,
  onPick,
}: {
  report: LabReport;
  /** The pair whose games the list shows (`planKey`), if one is picked. */
  picked?: string | null;
  /** Shows only a pair's games in the list (null: all games again). */
  onPick?: (key: string | null) => void;
}) {
  const pairs = report.byPlan ?? [];
  if (pairs.length === 0) return null;
  return (
    <table className="lab-plans" aria-label="Results by plan" data-testid="lab-plans">
      <caption>
        By the plan each side&apos;s bot drew for the game: a layout can be even over all games and
        still favour one route.
      </caption>
      <thead>
        <tr>
          {report.sides.map((s) => (
            <th key={s.id}>{s.name}&apos;s plan</th>
          ))}
          <th className="num">games</th>
          {report.sides.map((s) => (
            <th key={s.id} className="num">
              {s.name} wins (95% interval)
            </th>
          ))}
          <th className="num">draws</th>
          <th className="num">mean turns</th>
          {onPick && <th />}
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => {
          const key = planKey(report.sides, p.plans);
          return (
            <tr key={key} className={picked === key ? 'picked' : ''}>
              {report.sides.map((s) => (
                <td key={s.id}>{p.plans[s.id] ?? '—'}</td>
              ))}
              <td className="num">{p.games}</td>
              {report.sides.map((s) => {
                const w = p.wins[s.id];
                return (
                  <td key={s.id} className="num">
                    {w ? pct(w.share) : '—'}
                    {w && (
                      <span className="interval">
                        {' '}
                        ({pct(w.low)} – {pct(w.high)})
                      </span>
                    )}
                  </td>
                );
              })}
              <td className="num">{pct(p.draws.share)}</td>
              <td className="num">{p.meanTurns.toFixed(1)}</td>
              {onPick && (
                <td>
                  <button
                    className="link"
                    aria-pressed={picked === key}
                    onClick={() => onPick(picked === key ? null : key)}
                  >
                    {picked === key ? 'All games' : 'Its games'}
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Games by the turn they ended in. */
export function LengthChart({ report }: { report: LabReport }) {
  const turns = report.length.byTurn;
  const max = Math.max(1, ...turns);
  const first = Math.max(
    1,
    turns.findIndex((n) => n > 0),
  );
  const shown = turns.slice(first);
  const bw = Math.max(8, Math.min(28, Math.floor(300 / Math.max(1, shown.length))));
  const H = 70;
  return (
    <figure className="lab-lengths">
      <svg
        width={shown.length * bw + 2}
        height={H + 16}
        role="img"
        aria-label={`Game length: ${shown.map((n, i) => `turn ${first + i}: ${n}`).join(', ')}`}
      >
        {shown.map((n, i) => (
          <g key={i}>
            <rect
              x={i * bw + 1}
              y={H - (H * n) / max}
              width={bw - 2}
              height={(H * n) / max}
              fill="#5b7fb8"
            >
              <title>{`${n} game${n === 1 ? '' : 's'} ended in turn ${first + i}`}</title>
            </rect>
            <text x={i * bw + bw / 2} y={H + 12} textAnchor="middle" fontSize={9} fill="#c9ced6">
              {first + i}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        Game length: mean {report.length.mean.toFixed(1)} turns, median {report.length.median},{' '}
        {report.length.min}–{report.length.max} (games by the turn they ended in)
      </figcaption>
    </figure>
  );
}

/**
 * Who held an objective at the end of each turn: per turn a column split into each side's share
 * of the games still going and "nobody" (grey), with the games still going written under it.
 */
export function ControlChart({
  control,
  report,
  colours,
}: {
  control: ObjectiveControl;
  report: LabReport;
  colours: Readonly<Record<string, string>>;
}) {
  const turns = control.byTurn;
  const bw = Math.max(10, Math.min(30, Math.floor(360 / Math.max(1, turns.length))));
  const H = 70;
  const words = turns
    .map((t) => {
      const parts = report.sides.map(
        (s) => `${s.name} ${t.games ? pct((t.held[s.id] ?? 0) / t.games) : '–'}`,
      );
      return `turn ${t.turn}: ${parts.join(', ')}`;
    })
    .join('; ');
  return (
    <figure className="lab-control" data-testid="lab-control">
      <svg
        width={turns.length * bw + 2}
        height={H + 26}
        role="img"
        aria-label={`Who held ${control.name}: ${words}`}
      >
        {turns.map((t, i) => {
          let y = H;
          const parts = report.sides.map((s) => ({
            id: s.id,
            name: s.name,
            n: t.held[s.id] ?? 0,
          }));
          const nobody = t.games - parts.reduce((a, p) => a + p.n, 0);
          return (
            <g key={t.turn}>
              {[...parts, { id: '', name: 'nobody', n: nobody }].map((p) => {
                const h = t.games ? (H * p.n) / t.games : 0;
                y -= h;
                return (
                  <rect
                    key={p.id || 'nobody'}
                    x={i * bw + 1}
                    y={y}
                    width={bw - 2}
                    height={h}
                    fill={p.id ? (colours[p.id] ?? '#888') : '#4a4f58'}
                  >
                    <title>{`Turn ${t.turn}: ${p.id ? `${p.name} held it` : 'nobody held it'} in ${p.n} of ${t.games} games`}</title>
                  </rect>
                );
              })}
              <text x={i * bw + bw / 2} y={H + 11} textAnchor="middle" fontSize={9} fill="#c9ced6">
                {t.turn}
              </text>
              <text x={i * bw + bw / 2} y={H + 22} textAnchor="middle" fontSize={8} fill="#8a93a3">
                {t.games}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Who held <b>{control.name}</b> at the end of each turn (share of the games still going;
        grey: nobody; the small numbers: games still going)
      </figcaption>
    </figure>
  );
}

/** The map in inches: a table's size, or the extent of a hex grid. */
function mapSize(map: GameMap): { width: number; height: number } {
  if (map.kind === 'table') return { width: map.width, height: map.height };
  const g = hexGrid(map);
  return { width: g.width, height: g.height };
}

/** A heatmap drawn over the map: each cell shaded by its count, the darkest the most. */
export function HeatMap({
  scenario,
  grid,
  colour,
  label,
}: {
  scenario: ScenarioDoc;
  grid: HeatGrid;
  colour: readonly [number, number, number];
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const size = mapSize(scenario.map);
  const scale = Math.min(560 / size.width, 400 / size.height);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * scale * dpr);
    canvas.height = Math.round(size.height * scale * dpr);
    ctx.setTransform(scale * dpr, 0, 0, scale * dpr, 0, 0);
    ctx.clearRect(0, 0, size.width, size.height);
    paintScene(ctx, printedScene(scenario.map));
    // Fade the map so the heat reads first.
    ctx.fillStyle = 'rgba(255,255,255,0.45)';
    ctx.fillRect(0, 0, size.width, size.height);
    const [r, g, b] = colour;
    const map = scenario.map;
    const layout = map.kind === 'hex' ? hexGrid(map) : undefined;
    for (let row = 0; row < grid.rows; row++) {
      for (let col = 0; col < grid.columns; col++) {
        const v = grid.counts[row * grid.columns + col]!;
        if (v === 0) continue;
        ctx.fillStyle = `rgba(${r},${g},${b},${0.3 + (0.65 * v) / Math.max(1, grid.max)})`;
        if (layout) {
          const corners = hexCorners(layout, col, row);
          ctx.beginPath();
          corners.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
          ctx.closePath();
          ctx.fill();
        } else ctx.fillRect(col * grid.cell, row * grid.cell, grid.cell, grid.cell);
      }
    }
  }, [scenario, grid, colour, scale, size.width, size.height]);
  return (
    <figure className="lab-heat">
      <canvas
        ref={ref}
        style={{ width: size.width * scale, height: size.height * scale }}
        role="img"
        aria-label={label}
        data-testid="lab-heatmap"
      />
      <figcaption>
        {label}: {grid.counts.reduce((a, b) => a + b, 0)} in all, the darkest cell {grid.max}
        {scenario.map.kind === 'table' ? ` (cells of ${grid.cell}")` : ' (one cell per hex)'}
      </figcaption>
    </figure>
  );
}
