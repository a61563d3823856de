/**
 * `npm run test:order`: writes each test file's duration in the last vitest run (vitest's own
 * results, node_modules/.vite/vitest) to durations.json, the order a first run starts its files in
 * (sequencer.ts). Rounded to 100 ms: only the order matters.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(root, 'node_modules/.vite/vitest');
const results = fs
  .readdirSync(cacheDir)
  .map((dir) => path.join(cacheDir, dir, 'results.json'))
  .filter((file) => fs.existsSync(file))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
if (!results) throw new Error(`No vitest results in ${cacheDir}: run npm run test:fast first`);

const { results: entries } = JSON.parse(fs.readFileSync(results, 'utf8')) as {
  results: [string, { duration: number }][];
};
const durations = Object.fromEntries(
  entries
    .filter(([key]) => fs.existsSync(path.join(root, key.slice(key.indexOf(':') + 1))))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, { duration }]) => [key, Math.round(duration / 100) * 100]),
);
fs.writeFileSync(path.join(import.meta.dirname, 'durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files' durations written to ops/test-order/durations.json`);
