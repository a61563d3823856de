import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/**
 * Budget: the login route loads ≤ 250 KB of gzipped JS. The login route loads the entry script
 * of index.html and its static imports (modulepreload links); lazy chunks are not counted.
 */
export function benchWebSize() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const files = [...new Set(scripts)];
  const gz = files.map((f) => zlib.gzipSync(fs.readFileSync(path.join(DIST, f.replace(/^\//, '')))).length);
  const kb = Math.round(gz.reduce((a, b) => a + b, 0) / 1024);
  return {
    name: 'login route JS (gzip)',
    files: files.length,
    kb,
    figure: `${kb} KB`,
    budget: '≤ 250 KB',
    pass: kb <= 250,
  };
}
