/**
 * Buildings on the table: walls, floors badge, tiled or flat roofs with their ridge, damage.
 */
import type { Feature, Point } from '../../../engine/format/types';
import { rectCorners } from '../geometry/geometry';
import { type MapStyle, type Palette } from './mapStyle';
import type { Ctx2D } from './ctx2d';
import { fillPolygon, hash, label, path } from './paintPrimitives';

export function paintBuilding(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'building' }>,
  P: Palette,
  style: MapStyle,
): void {
  const plain = style === 'plain';
  const c = rectCorners(f);
  const roof = f.roof?.type ?? 'pitched';
  if (!plain)
    fillPolygon(
      ctx,
      c.map(([x, y]): Point => [x + 0.12, y + 0.15]),
      P.shadow,
    );
  const [a, b, cc, d] = c as [Point, Point, Point, Point];
  const mid = (p: Point, q: Point): Point => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  if (f.buildingKind === 'closed') {
    if (roof === 'pitched') {
      // Two roof planes shaded apart, rows of tiles parallel to the ridge, the ridge on top.
      const alongWidth = (f.roof?.ridge ?? (f.width >= f.depth ? 'width' : 'depth')) === 'width';
      const r1 = alongWidth ? mid(a, d) : mid(a, b);
      const r2 = alongWidth ? mid(b, cc) : mid(d, cc);
      const planes: [Point[], string][] = alongWidth
        ? [
            [[a, b, r2, r1], P.roof],
            [[r1, r2, cc, d], P.roofShade],
          ]
        : [
            [[a, r1, r2, d], P.roof],
            [[r1, b, cc, r2], P.roofShade],
          ];
      for (const [pts, colour] of planes) fillPolygon(ctx, pts, colour);
      tileRows(ctx, c, alongWidth, f, plain);
      ctx.beginPath();
      ctx.moveTo(...r1);
      ctx.lineTo(...r2);
      ctx.lineWidth = 0.09;
      ctx.strokeStyle = P.roofLine;
      ctx.lineCap = 'butt';
      ctx.stroke();
      if (!plain) {
        ctx.lineWidth = 0.03;
        ctx.strokeStyle = 'rgba(255, 210, 180, 0.45)';
        ctx.stroke();
      }
    } else {
      // Flat roof: a parapet just inside the walls and a little gravel.
      fillPolygon(ctx, c, P.flatRoof);
      const inset = { ...f, width: Math.max(0, f.width - 0.2), depth: Math.max(0, f.depth - 0.2) };
      path(ctx, rectCorners(inset), true);
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = plain ? '#000' : '#65625b';
      ctx.stroke();
      if (!plain) {
        ctx.beginPath();
        let seed = hash(f.id);
        const n = Math.min(60, Math.round(f.width * f.depth * 6));
        for (let k = 0; k < n; k++) {
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          const u = seed / 4294967296 - 0.5;
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          const v = seed / 4294967296 - 0.5;
          const [px, py] = rectPoint(f, u * (f.width - 0.3), v * (f.depth - 0.3));
          ctx.moveTo(px + 0.025, py);
          ctx.arc(px, py, 0.025, 0, Math.PI * 2);
        }
        ctx.fillStyle = '#77736b';
        ctx.fill();
      }
    }
    path(ctx, c, true);
    ctx.lineWidth = 0.08;
    ctx.strokeStyle = P.wallInk;
    ctx.lineJoin = 'miter';
    ctx.stroke();
  } else {
    const under = f.buildingKind === 'underConstruction';
    fillPolygon(ctx, c, plain ? '#fff' : under ? '#ddd2bd' : P.floor);
    // An open building shows its floor and thick walls; one under construction, dashed walls
    // and the open frame of its roof.
    if (under) ctx.setLineDash([0.35, 0.2]);
    path(ctx, c, true);
    ctx.lineWidth = 0.18;
    ctx.strokeStyle = plain ? '#000' : '#6a5a48';
    ctx.lineJoin = 'miter';
    ctx.stroke();
    ctx.setLineDash([]);
    if (under) {
      ctx.beginPath();
      ctx.moveTo(...c[0]!);
      ctx.lineTo(...c[2]!);
      ctx.moveTo(...c[1]!);
      ctx.lineTo(...c[3]!);
      const n = Math.max(2, Math.floor(f.width / 0.5));
      for (let k = 1; k < n; k++) {
        const t = k / n;
        ctx.moveTo(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
        ctx.lineTo(d[0] + (cc[0] - d[0]) * t, d[1] + (cc[1] - d[1]) * t);
      }
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = plain ? '#000' : '#8b7a62';
      ctx.stroke();
    }
    ctx.save();
    ctx.translate(f.x, f.y);
    ctx.rotate(((f.rotation ?? 0) * Math.PI) / 180);
    for (const o of f.openings ?? []) {
      const horiz = o.wall === 'north' || o.wall === 'south';
      const x = horiz ? -f.width / 2 + o.offset : o.wall === 'west' ? -f.width / 2 : f.width / 2;
      const y = horiz ? (o.wall === 'north' ? -f.depth / 2 : f.depth / 2) : -f.depth / 2 + o.offset;
      ctx.fillStyle = o.type === 'door' ? (plain ? '#fff' : P.floor) : plain ? '#ddd' : '#9fc3d8';
      if (horiz) ctx.fillRect(x, y - 0.1, o.width, 0.2);
      else ctx.fillRect(x - 0.1, y, 0.2, o.width);
    }
    ctx.restore();
  }
  if (f.damaged) paintDamage(ctx, f, plain);
  if (f.floors > 1) {
    // Storeys as a badge in the footprint's corner.
    const inset = { ...f, width: Math.max(0, f.width - 0.7), depth: Math.max(0, f.depth - 0.7) };
    const size = Math.max(0.24, Math.min(0.34, Math.min(f.width, f.depth) * 0.3));
    label(
      ctx,
      String(f.floors),
      rectCorners(inset)[0]!,
      size,
      plain ? '#000' : '#fff',
      plain ? '#fff' : 'rgba(40,30,20,0.8)',
      plain ? '#000' : '#f4efe1',
    );
  }
}

/** A point of a building's footprint, given in its own (rotated) axes from its centre. */
function rectPoint(f: { x: number; y: number; rotation?: number }, u: number, v: number): Point {
  const t = ((f.rotation ?? 0) * Math.PI) / 180;
  return [f.x + u * Math.cos(t) - v * Math.sin(t), f.y + u * Math.sin(t) + v * Math.cos(t)];
}

/** Rows of roof tiles parallel to the ridge, with the joints of each row staggered. */
function tileRows(
  ctx: Ctx2D,
  c: readonly Point[],
  alongWidth: boolean,
  f: { x: number; y: number; width: number; depth: number; rotation?: number },
  plain: boolean,
): void {
  const len = alongWidth ? f.width : f.depth;
  const across = alongWidth ? f.depth : f.width;
  const rows = Math.max(2, Math.round(across / 0.16));
  if (rows * (len / 0.2) > 4000) return;
  const at = (s: number, t: number): Point =>
    alongWidth ? rectPoint(f, s, t) : rectPoint(f, t, s);
  ctx.beginPath();
  for (let k = 1; k < rows; k++) {
    const t = -across / 2 + (k * across) / rows;
    if (Math.abs(t) < 1e-6) continue;
    ctx.moveTo(...at(-len / 2, t));
    ctx.lineTo(...at(len / 2, t));
  }
  const joints = Math.max(2, Math.round(len / 0.2));
  for (let k = 0; k < rows; k++) {
    const t0 = -across / 2 + (k * across) / rows;
    const t1 = t0 + across / rows;
    for (let j = 1; j < joints; j++) {
      const s = -len / 2 + ((j + (k % 2) * 0.5) * len) / joints;
      if (s >= len / 2) continue;
      ctx.moveTo(...at(s, t0));
      ctx.lineTo(...at(s, t1));
    }
  }
  ctx.lineWidth = 0.012;
  ctx.strokeStyle = plain ? '#777' : 'rgba(70, 30, 18, 0.5)';
  ctx.lineCap = 'butt';
  ctx.stroke();
  void c;
}

/** Damage: a jagged hole in the roof with fallen masonry around it. */
function paintDamage(
  ctx: Ctx2D,
  f: { id: string; x: number; y: number; width: number; depth: number; rotation?: number },
  plain: boolean,
): void {
  const [cx, cy] = rectPoint(f, f.width * 0.22, -f.depth * 0.12);
  const r = Math.max(0.2, Math.min(0.45, Math.min(f.width, f.depth) * 0.22));
  ctx.beginPath();
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * Math.PI * 2;
    const rr = r * (k % 2 ? 0.55 : 1);
    const p: Point = [cx + Math.cos(a) * rr, cy + Math.sin(a) * rr];
    if (k === 0) ctx.moveTo(...p);
    else ctx.lineTo(...p);
  }
  ctx.closePath();
  ctx.fillStyle = plain ? '#000' : '#2b2420';
  ctx.fill();
  ctx.beginPath();
  let seed = hash(f.id);
  for (let k = 0; k < 8; k++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const a = (seed / 4294967296) * Math.PI * 2;
    const px = cx + Math.cos(a) * r * 1.4;
    const py = cy + Math.sin(a) * r * 1.4;
    ctx.moveTo(px + 0.04, py);
    ctx.arc(px, py, 0.04, 0, Math.PI * 2);
  }
  ctx.fillStyle = plain ? '#000' : '#6b625a';
  ctx.fill();
}
