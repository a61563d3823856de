// Draws the VIALEX app icons (a white "V" with a road stripe on the brand blue) as PNGs with
// node built-ins only, so the icons can be regenerated without an image tool:
//   node apps/web/scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/', import.meta.url));
const BLUE = [13, 59, 124];
const BLUE_DARK = [8, 37, 84];
const WHITE = [255, 255, 255];
const AMBER = [255, 179, 0];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Distance from point p to segment ab, all in unit coordinates.
function segDist(px, py, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Colour of the unit-square point (u, v); `scale` shrinks the glyph for the maskable safe zone. */
function shade(u, v, { rounded, scale }) {
  if (rounded) {
    const r = 0.2,
      cx = Math.min(Math.max(u, r), 1 - r),
      cy = Math.min(Math.max(v, r), 1 - r);
    if (Math.hypot(u - cx, v - cy) > r) return null;
  }
  const gx = (u - 0.5) / scale + 0.5,
    gy = (v - 0.5) / scale + 0.5;
  // The V: two strokes meeting at the bottom.
  const w = 0.085;
  if (segDist(gx, gy, 0.27, 0.19, 0.5, 0.7) < w || segDist(gx, gy, 0.73, 0.19, 0.5, 0.7) < w) return WHITE;
  // A dashed road line under the V.
  if (gy > 0.83 && gy < 0.87 && gx > 0.3 && gx < 0.7 && Math.floor((gx - 0.3) / 0.08) % 2 === 0) return AMBER;
  // A soft diagonal gradient keeps the flat colour from looking cheap.
  const t = (u + v) / 2;
  return BLUE.map((c, i) => Math.round(c * (1 - t) + BLUE_DARK[i] * t));
}

function render(size, opts) {
  const ss = 4; // supersampling for smooth edges
  return png(size, (x, y) => {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let i = 0; i < ss; i++) {
      for (let j = 0; j < ss; j++) {
        const c = shade((x + (i + 0.5) / ss) / size, (y + (j + 0.5) / ss) / size, opts);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
    }
    const n = ss * ss,
      cov = a / 255;
    return cov ? [Math.round(r / cov), Math.round(g / cov), Math.round(b / cov), Math.round(a / n)] : [0, 0, 0, 0];
  });
}

writeFileSync(out + 'icon-192.png', render(192, { rounded: true, scale: 1 }));
writeFileSync(out + 'icon-512.png', render(512, { rounded: true, scale: 1 }));
writeFileSync(out + 'icon-maskable-512.png', render(512, { rounded: false, scale: 0.7 }));
writeFileSync(out + 'apple-touch-icon.png', render(180, { rounded: false, scale: 0.85 }));
writeFileSync(out + 'favicon-32.png', render(32, { rounded: true, scale: 1 }));
console.log('icons written to', out);
