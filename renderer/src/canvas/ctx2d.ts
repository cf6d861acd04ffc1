/**
 * The subset of CanvasRenderingContext2D the terrain painter uses. The Konva layer and PNG export
 * pass a real canvas context; SVG and PDF export pass recorders with the same methods, so every
 * output shows exactly what the editor shows. (On a real canvas, textures are filled with a
 * pattern made from the same vector tile the recorders draw mark by mark.)
 */
export type Ctx2D = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'save'
  | 'restore'
  | 'translate'
  | 'rotate'
  | 'clip'
  | 'setLineDash'
  | 'fillText'
  | 'fillRect'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineJoin'
  | 'lineCap'
  | 'globalAlpha'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;
