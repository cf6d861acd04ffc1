/**
 * The painter of a gridless table: ground, creeks, roads, bridges, trees, obstacles and the
 * features' labels, in paint order, on any Ctx2D (screen, PNG, SVG, PDF).
 */
import type { Feature, Point } from '../../../engine/format/types';
import { boxesOverlap, featureBounds, rectCorners } from '../geometry/geometry';
import { paintOrder } from './paintOrder';
import { PALETTES, type MapStyle, type Palette } from './mapStyle';
import type { Ctx2D } from './ctx2d';
import { DEFAULT_TABLE_COLOUR, type PaintOptions, type Scene } from './scene';
import {
  fillPolygon,
  groundColour,
  hash,
  label,
  offsetLine,
  path,
  rectPath,
  strokePath,
} from './paintPrimitives';
import { fillTexture, texturePolygon } from './paintTextures';
import { paintBuilding } from './paintBuildings';

export function paintTable(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'table' }>,
  opts: PaintOptions,
): void {
  const style = scene.style ?? 'printed';
  const P = PALETTES[style];
  if (!opts.noBackground) {
    ctx.fillStyle = style === 'plain' ? P.table : (scene.baseColour ?? DEFAULT_TABLE_COLOUR);
    ctx.fillRect(0, 0, scene.width, scene.height);
    const b = opts.box ?? { minX: 0, minY: 0, maxX: scene.width, maxY: scene.height };
    const area = {
      minX: Math.max(0, b.minX),
      minY: Math.max(0, b.minY),
      maxX: Math.min(scene.width, b.maxX),
      maxY: Math.min(scene.height, b.maxY),
    };
    if (area.maxX > area.minX && area.maxY > area.minY) {
      rectPath(ctx, area.minX, area.minY, area.maxX, area.maxY);
      fillTexture(ctx, 'grass', style, area);
    }
  }
  const visible = scene.features.filter(
    (f) =>
      !f.hidden && !opts.hide?.has(f.id) && (!opts.box || boxesOverlap(opts.box, featureBounds(f))),
  );
  paintFeatures(ctx, visible, style);
}

// ---- features ----------------------------------------------------------------------------------

/** Paints features in map order; roads get all casings first so crossings join cleanly. */
export function paintFeatures(
  ctx: Ctx2D,
  features: readonly Feature[],
  style: MapStyle = 'printed',
): void {
  const P = PALETTES[style];
  const ordered = paintOrder(features);
  const roads = new Map<string, Extract<Feature, { kind: 'road' }>>();
  for (const f of features) if (f.kind === 'road') roads.set(f.id, f);
  let i = 0;
  while (i < ordered.length) {
    const f = ordered[i]!;
    if (f.kind === 'road') {
      let j = i;
      while (j < ordered.length && ordered[j]!.kind === 'road') j++;
      const band = ordered.slice(i, j) as Extract<Feature, { kind: 'road' }>[];
      for (const r of band) strokePath(ctx, r.points, r.width + 0.2, P.roadCasing, 'round');
      for (const r of band)
        strokePath(ctx, r.points, r.width, r.role === 'highway' ? P.highway : P.road, 'round');
      for (const r of band) paintRoadMarks(ctx, r, P, style);
      i = j;
      continue;
    }
    paintFeature(ctx, f, P, style, roads);
    i++;
  }
}

function paintRoadMarks(
  ctx: Ctx2D,
  r: Extract<Feature, { kind: 'road' }>,
  P: Palette,
  style: MapStyle,
): void {
  if (r.role === 'highway') {
    ctx.setLineDash([0.5, 0.5]);
    strokePath(ctx, r.points, style === 'plain' ? 0.04 : 0.06, P.roadMark, 'round', 'butt');
    ctx.setLineDash([]);
  } else if (style === 'printed') {
    // Wheel ruts on a dirt road.
    ctx.setLineDash([0.6, 0.25]);
    for (const side of [-1, 1]) {
      strokePath(
        ctx,
        offsetLine(r.points, (side * r.width) / 4),
        0.05,
        'rgba(120, 96, 60, 0.45)',
        'round',
        'butt',
      );
    }
    ctx.setLineDash([]);
  }
  if (r.number) {
    const k = Math.floor(r.points.length / 2);
    const a = r.points[k - 1] ?? r.points[0]!;
    const b = r.points[k]!;
    label(
      ctx,
      r.number,
      [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      Math.min(0.6, r.width * 0.35),
      style === 'plain' ? '#000' : '#fff',
      style === 'plain' ? '#fff' : P.roadCasing,
      style === 'plain' ? '#000' : undefined,
    );
  }
}

function paintFeature(
  ctx: Ctx2D,
  f: Feature,
  P: Palette,
  style: MapStyle,
  roads: ReadonlyMap<string, Extract<Feature, { kind: 'road' }>>,
): void {
  const plain = style === 'plain';
  switch (f.kind) {
    case 'ground': {
      fillPolygon(ctx, f.points, groundColour(P, f.level, f.colour, style));
      if (!plain) texturePolygon(ctx, f.points, 'grass', style);
      // Slope shading: a soft dark band just inside the edge, then a crisp contour line.
      ctx.save();
      path(ctx, f.points, true);
      ctx.clip();
      ctx.globalAlpha = plain ? 0.5 : 0.18;
      ctx.lineWidth = plain ? 0.25 : 0.8;
      ctx.strokeStyle = plain ? '#bbbbbb' : '#3d3420';
      ctx.lineJoin = 'round';
      ctx.stroke();
      ctx.restore();
      path(ctx, f.points, true);
      ctx.lineWidth = plain ? 0.03 : 0.05;
      ctx.strokeStyle = P.contour;
      ctx.stroke();
      return;
    }
    case 'creek': {
      const bank = f.bankWidth ?? 0.5;
      strokePath(ctx, f.points, f.width + bank * 2, P.bank, 'round');
      slopeHachures(ctx, f.points, f.width / 2, bank, P.bankShade, plain);
      if (!plain) strokePath(ctx, f.points, f.width + bank * 0.3, '#6f6446', 'round');
      strokePath(ctx, f.points, f.width, P.water, 'round');
      if (plain) {
        for (const side of [-1, 1])
          strokePath(ctx, offsetLine(f.points, (side * f.width) / 2), 0.03, '#000', 'round');
      } else {
        ctx.globalAlpha = 0.45;
        strokePath(ctx, f.points, f.width * 0.35, '#86b4de', 'round');
        ctx.globalAlpha = 1;
      }
      // Ripples: short broken lines along the flow.
      ctx.setLineDash([0.18, 0.42]);
      for (const d of [-0.28, 0, 0.28]) {
        strokePath(
          ctx,
          offsetLine(f.points, d * f.width),
          plain ? 0.015 : 0.03,
          plain ? '#444' : P.waterLight,
          'round',
          'round',
        );
      }
      ctx.setLineDash([]);
      return;
    }
    case 'gully': {
      const bank = f.bankWidth ?? 0.5;
      strokePath(ctx, f.points, f.width + bank * 2, plain ? '#fff' : '#9d8a5d', 'round');
      slopeHachures(ctx, f.points, f.width / 2, bank, P.bankShade, plain);
      strokePath(ctx, f.points, f.width, P.gully, 'round');
      ctx.setLineDash([0.3, 0.3]);
      strokePath(ctx, f.points, 0.05, plain ? '#000' : '#54472d', 'round', 'butt');
      ctx.setLineDash([]);
      return;
    }
    case 'road':
      strokePath(ctx, f.points, f.width + 0.2, P.roadCasing, 'round');
      strokePath(ctx, f.points, f.width, f.role === 'highway' ? P.highway : P.road, 'round');
      paintRoadMarks(ctx, f, P, style);
      return;
    case 'bridge':
    case 'catwalk':
      paintBridge(ctx, f, P, style, roads);
      return;
    case 'bushes': {
      fillPolygon(ctx, f.points, P.bushes);
      texturePolygon(ctx, f.points, 'bushes', style);
      ctx.setLineDash([0.15, 0.12]);
      path(ctx, f.points, true);
      ctx.lineWidth = plain ? 0.04 : 0.12;
      ctx.strokeStyle = plain ? '#000' : '#55803a';
      ctx.lineCap = 'round';
      ctx.stroke();
      ctx.setLineDash([]);
      return;
    }
    case 'woods':
    case 'forest': {
      const dark = f.kind === 'forest';
      fillPolygon(ctx, f.points, dark ? P.forest : P.woods);
      texturePolygon(ctx, f.points, dark ? 'forest' : 'woods', style);
      path(ctx, f.points, true);
      ctx.lineWidth = plain ? (dark ? 0.06 : 0.04) : 0.08;
      ctx.strokeStyle = dark && !plain ? '#1f3a18' : P.woodsEdge;
      ctx.lineJoin = 'round';
      ctx.stroke();
      return;
    }
    case 'obstacle':
      paintObstacle(ctx, f, P, style);
      return;
    case 'bunker': {
      fillPolygon(ctx, f.points, plain ? '#fff' : '#9a9a90', plain ? '#000' : '#3d3d38', 0.15);
      const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
      const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
      ctx.fillStyle = plain ? '#000' : '#2b2b27';
      ctx.fillRect(cx - 0.4, cy - 0.06, 0.8, 0.12);
      return;
    }
    case 'wall': {
      const t = Math.max(0.15, f.thickness ?? 0.25);
      strokePath(ctx, f.points, t + 0.06, plain ? '#000' : '#45433f', 'miter', 'butt');
      strokePath(
        ctx,
        f.points,
        t,
        plain ? '#fff' : f.thicknessClass === 'thick' || t >= 0.4 ? '#a29d92' : P.wall,
        'miter',
        'butt',
      );
      // Stone courses.
      ctx.setLineDash([0.02, 0.22]);
      strokePath(ctx, f.points, t, plain ? '#000' : '#6d685e', 'miter', 'butt');
      ctx.setLineDash([]);
      return;
    }
    case 'fence': {
      strokePath(ctx, f.points, Math.max(0.05, f.thickness ?? 0.08), P.fence, 'miter', 'butt');
      ctx.fillStyle = plain ? '#000' : '#4d3722';
      for (const [x, y] of postPositions(f.points, 0.75))
        ctx.fillRect(x - 0.07, y - 0.07, 0.14, 0.14);
      return;
    }
    case 'hedge': {
      const t = Math.max(0.3, f.thickness ?? 0.5);
      strokePath(ctx, f.points, t + 0.08, P.hedgeDark, 'round');
      strokePath(ctx, f.points, t, P.hedge, 'round');
      ctx.setLineDash([0.1, 0.25]);
      strokePath(ctx, f.points, t * 0.4, plain ? '#000' : '#5b8a3e', 'round');
      ctx.setLineDash([]);
      return;
    }
    case 'building':
      paintBuilding(ctx, f, P, style);
      return;
    case 'wreck': {
      const c = rectCorners(f);
      fillPolygon(ctx, c, plain ? '#fff' : '#3f3e38', plain ? '#000' : '#1b1b19', 0.06);
      ctx.beginPath();
      ctx.moveTo(...c[0]!);
      ctx.lineTo(...c[2]!);
      ctx.moveTo(...c[1]!);
      ctx.lineTo(...c[3]!);
      ctx.lineWidth = 0.06;
      ctx.strokeStyle = plain ? '#000' : '#a04a2a';
      ctx.stroke();
      return;
    }
    case 'tree':
      paintTree(ctx, f, P, style);
      return;
  }
}

/**
 * A tree from above: its shadow, a lobed crown shaded from the top left, and the trunk at its
 * foot (visible through the crown as a map symbol).
 */
function paintTree(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'tree' }>,
  P: Palette,
  style: MapStyle,
): void {
  const r = f.canopyRadius;
  const lobes = 7;
  const turn = (hash(f.id) % 360) * (Math.PI / 180);
  const crown = (cx: number, cy: number, scale: number) => {
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.62 * scale, cy);
    ctx.arc(cx, cy, r * 0.62 * scale, 0, Math.PI * 2);
    for (let k = 0; k < lobes; k++) {
      const a = turn + (k / lobes) * Math.PI * 2;
      const lx = cx + Math.cos(a) * r * 0.55 * scale;
      const ly = cy + Math.sin(a) * r * 0.55 * scale;
      ctx.moveTo(lx + r * 0.42 * scale, ly);
      ctx.arc(lx, ly, r * 0.42 * scale, 0, Math.PI * 2);
    }
  };
  if (style === 'plain') {
    ctx.beginPath();
    ctx.arc(f.x, f.y, r, 0, Math.PI * 2);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.lineWidth = Math.min(0.05, r * 0.05);
    ctx.strokeStyle = '#000';
    ctx.stroke();
  } else {
    crown(f.x + r * 0.12, f.y + r * 0.15, 1);
    ctx.fillStyle = P.shadow;
    ctx.fill();
    crown(f.x, f.y, 1);
    ctx.fillStyle = P.canopyDark;
    ctx.fill();
    crown(f.x - r * 0.03, f.y - r * 0.03, 0.9);
    ctx.fillStyle = P.canopy;
    ctx.fill();
    crown(f.x - r * 0.22, f.y - r * 0.24, 0.5);
    ctx.fillStyle = P.canopyLight;
    ctx.fill();
  }
  const trunk = Math.max(0.07, f.trunkRadius ?? r * 0.12);
  ctx.beginPath();
  ctx.arc(f.x, f.y, trunk, 0, Math.PI * 2);
  ctx.fillStyle = P.trunk;
  ctx.fill();
  ctx.lineWidth = trunk * 0.35;
  ctx.strokeStyle = style === 'plain' ? '#000' : '#3a2614';
  ctx.stroke();
}

/**
 * A bridge reads as part of the road it carries: the road's own surface, as wide as that road,
 * runs across the deck between parapets, with wing walls at both ends. A catwalk, or a bridge
 * that carries no road, shows its planks.
 */
function paintBridge(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'bridge' | 'catwalk' }>,
  P: Palette,
  style: MapStyle,
  roads: ReadonlyMap<string, Extract<Feature, { kind: 'road' }>>,
): void {
  const plain = style === 'plain';
  const isBridge = f.kind === 'bridge';
  if (!plain)
    fillPolygon(
      ctx,
      f.points.map(([x, y]): Point => [x + 0.1, y + 0.14]),
      P.shadow,
    );
  if (f.points.length !== 4) {
    fillPolygon(ctx, f.points, P.deck, P.deckEdge, isBridge ? 0.12 : 0.06);
    return;
  }
  const [a, b, c, d] = f.points as [Point, Point, Point, Point];
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const deckW = Math.hypot(d[0] - a[0], d[1] - a[1]);
  const carried = f.carries ? roads.get(f.carries) : undefined;
  const road = isBridge && f.carries ? (carried?.width ?? Math.max(0.5, deckW - 0.5)) : 0;
  const lerp = (p: Point, q: Point, t: number): Point => [
    p[0] + (q[0] - p[0]) * t,
    p[1] + (q[1] - p[1]) * t,
  ];
  if (road > 0) {
    const surface = Math.min(road, deckW - 0.12);
    const m = (deckW - surface) / 2 / deckW;
    fillPolygon(ctx, f.points, plain ? '#fff' : '#8a8478', P.deckEdge, 0.06);
    const inner = [lerp(a, d, m), lerp(b, c, m), lerp(c, b, m), lerp(d, a, m)];
    fillPolygon(ctx, inner, plain ? '#fff' : carried?.role === 'highway' ? P.highway : P.road);
    if (carried?.role === 'highway') {
      ctx.setLineDash([0.5, 0.5]);
      strokePath(ctx, [lerp(a, d, 0.5), lerp(b, c, 0.5)], 0.06, P.roadMark, 'round', 'butt');
      ctx.setLineDash([]);
    }
    // Parapets along both sides, wing walls out at the ends.
    ctx.beginPath();
    ctx.moveTo(...lerp(a, d, m / 2));
    ctx.lineTo(...lerp(b, c, m / 2));
    ctx.moveTo(...lerp(d, a, m / 2));
    ctx.lineTo(...lerp(c, b, m / 2));
    const ux = ((b[0] - a[0]) / len) * 0.35;
    const uy = ((b[1] - a[1]) / len) * 0.35;
    const vx = ((d[0] - a[0]) / deckW) * 0.25;
    const vy = ((d[1] - a[1]) / deckW) * 0.25;
    for (const [p, s, t] of [
      [a, -1, -1],
      [b, 1, -1],
      [c, 1, 1],
      [d, -1, 1],
    ] as const) {
      ctx.moveTo(...p);
      ctx.lineTo(p[0] + s * ux + t * vx, p[1] + s * uy + t * vy);
    }
    ctx.lineWidth = Math.max(0.06, m * deckW * 0.6);
    ctx.strokeStyle = P.rail;
    ctx.lineCap = 'round';
    ctx.stroke();
  } else {
    fillPolygon(
      ctx,
      f.points,
      isBridge ? P.deck : plain ? '#fff' : '#a8875a',
      P.deckEdge,
      isBridge ? 0.12 : 0.06,
    );
    // Planks across the deck, perpendicular to its length.
    const n = Math.max(2, Math.floor(len / 0.35));
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = plain ? '#000' : '#5a4129';
    ctx.beginPath();
    for (let k = 1; k < n; k++) {
      const t = k / n;
      ctx.moveTo(...lerp(a, b, t));
      ctx.lineTo(...lerp(d, c, t));
    }
    ctx.stroke();
  }
  if (f.number) {
    const cx = (a[0] + c[0]) / 2;
    const cy = (a[1] + c[1]) / 2;
    label(
      ctx,
      f.number,
      [cx, cy],
      0.5,
      plain ? '#000' : '#fff',
      plain ? '#fff' : P.deckEdge,
      plain ? '#000' : undefined,
    );
  }
}

/**
 * Slope hachures on both banks of a creek or gully: ticks from the top of the bank down towards
 * the bed, alternating long and short, as printed maps draw a slope.
 */
function slopeHachures(
  ctx: Ctx2D,
  pts: readonly Point[],
  half: number,
  bank: number,
  colour: string,
  plain: boolean,
): void {
  if (bank <= 0) return;
  ctx.beginPath();
  let k = 0;
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    for (let t = 0.15; t < len; t += 0.25, k++) {
      const x = a[0] + ux * t;
      const y = a[1] + uy * t;
      const tick = bank * (k % 2 === 0 ? 0.85 : 0.5);
      for (const side of [1, -1]) {
        const nx = -uy * side;
        const ny = ux * side;
        const top = half + bank;
        ctx.moveTo(x + nx * top, y + ny * top);
        ctx.lineTo(x + nx * (top - tick), y + ny * (top - tick));
      }
    }
  }
  ctx.lineWidth = plain ? 0.02 : 0.035;
  ctx.strokeStyle = colour;
  ctx.lineCap = 'butt';
  ctx.stroke();
}

function postPositions(pts: readonly Point[], spacing: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.round(len / spacing));
    for (let k = 0; k < n; k++)
      out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  out.push(pts[pts.length - 1]!);
  return out;
}

function paintObstacle(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'obstacle' }>,
  P: Palette,
  style: MapStyle,
): void {
  const plain = style === 'plain';
  const colours: Record<typeof f.obstacleKind, [string, string]> = {
    rubble: [P.rubble, P.rubbleInk],
    crater: ['#6e5b42', '#3d3022'],
    wire: ['rgba(0,0,0,0)', '#4a4a48'],
    tankObstacle: ['#b0aca2', '#3a3a36'],
    fallenTree: ['#7b5a35', '#3f2c18'],
    largeObject: ['#8d8a80', '#3d3b36'],
    other: ['#9d9688', '#4c4840'],
  };
  const [fill, stroke] = plain
    ? [f.obstacleKind === 'wire' ? 'rgba(0,0,0,0)' : '#fff', '#000']
    : colours[f.obstacleKind];
  fillPolygon(ctx, f.points, fill, stroke, 0.06);
  const b = featureBounds(f);
  if (f.obstacleKind === 'rubble') {
    texturePolygon(ctx, f.points, 'rubble', style);
    return;
  }
  ctx.save();
  path(ctx, f.points, true);
  ctx.clip();
  ctx.strokeStyle = stroke;
  ctx.fillStyle = stroke;
  ctx.lineWidth = 0.04;
  ctx.beginPath();
  if (f.obstacleKind === 'wire') {
    for (let x = b.minX - (b.maxY - b.minY); x < b.maxX; x += 0.3) {
      ctx.moveTo(x, b.minY);
      ctx.lineTo(x + (b.maxY - b.minY), b.maxY);
      ctx.moveTo(x + (b.maxY - b.minY), b.minY);
      ctx.lineTo(x, b.maxY);
    }
    ctx.stroke();
  } else if (f.obstacleKind === 'tankObstacle') {
    for (let y = b.minY + 0.3; y < b.maxY; y += 0.6) {
      for (let x = b.minX + 0.3; x < b.maxX; x += 0.6) {
        ctx.moveTo(x - 0.15, y - 0.15);
        ctx.lineTo(x + 0.15, y + 0.15);
        ctx.moveTo(x + 0.15, y - 0.15);
        ctx.lineTo(x - 0.15, y + 0.15);
      }
    }
    ctx.lineWidth = 0.07;
    ctx.stroke();
  } else if (f.obstacleKind === 'crater') {
    // Rings of thrown-up earth.
    const cx = (b.minX + b.maxX) / 2;
    const cy = (b.minY + b.maxY) / 2;
    const r = Math.min(b.maxX - b.minX, b.maxY - b.minY) / 2;
    for (const k of [0.35, 0.6, 0.85]) {
      ctx.moveTo(cx + r * k, cy);
      ctx.arc(cx, cy, r * k, 0, Math.PI * 2);
    }
    ctx.lineWidth = 0.05;
    ctx.strokeStyle = plain ? '#000' : '#a08a68';
    ctx.stroke();
  }
  ctx.restore();
}
