// Draws the Sandtable icon (a sand table seen from above: a hex of sand on a green cloth with a
// tank on it) and writes PNGs for electron-builder. Original artwork, no downloads:
// `node build/generateIcons.mjs` regenerates build/icon.png and build/icons/<n>x<n>.png.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1), each a point test; later shapes paint over earlier ones.
const roundRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r;
};
const hexagon = (cx, cy, r) => (x, y) => {
  const dx = Math.abs(x - cx);
  const dy = Math.abs(y - cy);
  return dy <= (Math.sqrt(3) / 2) * r && Math.sqrt(3) * dx + dy <= Math.sqrt(3) * r;
};
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const rotated = (shape, cx, cy, angle) => (x, y) => {
  const c = Math.cos(-angle);
  const s = Math.sin(-angle);
  return shape(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c);
};

const tilt = -0.35;
const layers = [
  [roundRect(0.04, 0.04, 0.96, 0.96, 0.18), [46, 74, 46]],
  [hexagon(0.5, 0.5, 0.4), [214, 188, 132]],
  [hexagon(0.5, 0.5, 0.34), [226, 203, 150]],
  [rotated(roundRect(0.3, 0.4, 0.7, 0.62, 0.03), 0.5, 0.51, tilt), [58, 66, 44]],
  [rotated(roundRect(0.28, 0.37, 0.72, 0.42, 0.02), 0.5, 0.51, tilt), [36, 40, 28]],
  [rotated(roundRect(0.28, 0.6, 0.72, 0.65, 0.02), 0.5, 0.51, tilt), [36, 40, 28]],
  [rotated(roundRect(0.5, 0.485, 0.86, 0.525, 0.01), 0.5, 0.51, tilt), [36, 40, 28]],
  [circle(0.5, 0.51, 0.095), [78, 88, 58]],
];

function draw(size) {
  const out = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const x = (px + (sx + 0.5) / ss) / size;
          const y = (py + (sy + 0.5) / ss) / size;
          let colour = null;
          for (const [shape, c] of layers) if (shape(x, y)) colour = c;
          if (colour) {
            r += colour[0];
            g += colour[1];
            b += colour[2];
            a += 1;
          }
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
        out[i + 3] = Math.round((a / (ss * ss)) * 255);
      }
    }
  }
  return out;
}

mkdirSync(path.join(here, 'icons'), { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(path.join(here, 'icons', `${size}x${size}.png`), png(size, draw(size)));
}
writeFileSync(path.join(here, 'icon.png'), png(1024, draw(1024)));
console.log('generateIcons: wrote build/icon.png and build/icons/');
