import { describe, expect, test } from 'vitest';
import { SvgContext } from './SvgContext';

const count = (s: string, part: string) => s.split(part).length - 1;

describe('SvgContext', () => {
  test('restore() closes exactly the clip groups opened since its save(), at every depth', () => {
    const ctx = new SvgContext();
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(4, 0);
    ctx.lineTo(4, 4);
    ctx.clip();
    ctx.save();
    ctx.clip();
    ctx.restore();
    // Still inside the outer clip: this square is drawn in one group, not outside both.
    ctx.fillRect(1, 1, 1, 1);
    ctx.restore();
    ctx.fillRect(5, 5, 1, 1);
    const svg = ctx.toSvg(10, 10, 't');
    expect(count(svg, '<g clip-path')).toBe(2);
    expect(count(svg, '</g>')).toBe(2);
    const lastClose = svg.lastIndexOf('</g>');
    expect(svg.indexOf('M1 1')).toBeGreaterThan(svg.indexOf('</g>'));
    expect(svg.indexOf('M1 1')).toBeLessThan(lastClose);
    expect(svg.indexOf('M5 5')).toBeGreaterThan(lastClose);
  });

  test('translate and rotate compose as on a canvas, and restore() brings the transform back', () => {
    const ctx = new SvgContext();
    ctx.save();
    ctx.translate(10, 0);
    ctx.rotate(Math.PI / 2);
    ctx.beginPath();
    ctx.moveTo(1, 0);
    ctx.lineTo(2, 0);
    ctx.stroke();
    ctx.restore();
    ctx.beginPath();
    ctx.moveTo(1, 0);
    ctx.lineTo(2, 0);
    ctx.stroke();
    const svg = ctx.toSvg(20, 20, 't');
    expect(svg).toContain('M10 1L10 2');
    expect(svg).toContain('M1 0L2 0');
  });
});
