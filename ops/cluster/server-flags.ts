import fs from 'node:fs';
import path from 'node:path';

/**
 * The flags node runs the server with: those of the server's start script (apps/server's `npm
 * start`, which `npm run serve` runs), so the cluster's instances and the benches' server run as
 * production does. `repo`: the checkout whose server runs.
 */
export function serverNodeFlags(repo: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}
