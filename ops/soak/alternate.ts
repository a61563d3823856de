/**
 * npm run soak:alternate -- <commit> [--pairs N] [soak options…] — whether a change moved the soak's
 * tails. Runs `npm run soak` with this checkout's server and with another commit's in turn (the
 * cluster's CLUSTER_SERVER_ROOT: that commit's worktree, this checkout's load, checks and database
 * schema), N pairs (default 2), each pair in the other order than the one before (ABBA), and prints
 * every run's tails with the VM's speed beside them. The tails move with the VM by more than most
 * changes take off, so one run of each side says nothing: the pairs, taken in the same minutes, do.
 * A commit whose migrations differ from this checkout's cannot be compared so.
 */
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const commit = args.shift();
if (!commit || commit.startsWith('--')) {
  console.error('usage: npm run soak:alternate -- <commit> [--pairs N] [soak options…]');
  process.exit(2);
}
const pairsAt = args.indexOf('--pairs');
const pairs = pairsAt >= 0 ? Number(args.splice(pairsAt, 2)[1]) : 2;
if (!Number.isInteger(pairs) || pairs < 1) throw new Error('--pairs takes a whole number ≥ 1');

const git = (...gitArgs: string[]) => {
  const result = spawnSync('git', gitArgs, { cwd: REPO, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

/**
 * Runs a command to its end. Not spawnSync: tsx, which runs this script, kills it when it does not
 * answer a Ctrl-C within 30 ms, and a blocked event loop cannot.
 */
const run = (command: string, commandArgs: string[], options: SpawnOptions = {}) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) =>
    spawn(command, commandArgs, options)
      .once('error', reject)
      .once('exit', (code, signal) => resolve({ code, signal })),
  );

/** Seconds a `node -e` loop of 10⁹ additions takes: how fast the VM is at the time. */
async function vmSeconds(): Promise<number> {
  const start = process.hrtime.bigint();
  await run(process.execPath, ['-e', 'let s = 0; for (let i = 0; i < 1e9; i++) s += i']);
  return Math.round(Number(process.hrtime.bigint() - start) / 1e8) / 10;
}

/**
 * The other commit runs on this checkout's installed packages, but on its own workspaces: its
 * node_modules links each package installed here, and @vialex/* to its own folders (the links'
 * relative targets, read from here, land in the worktree).
 */
function linkPackages(root: string): void {
  const installed = path.join(REPO, 'node_modules');
  const own = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(own, '@vialex'), { recursive: true });
  for (const entry of fs.readdirSync(installed))
    if (entry !== '@vialex') fs.symlinkSync(path.join(installed, entry), path.join(own, entry));
  for (const entry of fs.readdirSync(path.join(installed, '@vialex')))
    fs.symlinkSync(fs.readlinkSync(path.join(installed, '@vialex', entry)), path.join(own, '@vialex', entry));
  const web = path.join(REPO, 'apps/web/node_modules');
  if (fs.existsSync(web)) fs.symlinkSync(web, path.join(root, 'apps/web/node_modules'));
}

interface Report {
  pass: boolean;
  caseList: { p99Ms: number | null };
  chat: { p99Ms: number | null };
}

const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-soak-other-'));
git('worktree', 'add', '--detach', worktree, commit);
const removeWorktree = () => git('worktree', 'remove', '--force', worktree);
// Ctrl-C reaches the running soak too (one process group), which stops its cluster and ends; this
// process outlives it to stop there and remove the worktree.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (interrupted = true));
linkPackages(worktree);
const sides = {
  this: { label: git('rev-parse', '--short', 'HEAD'), root: REPO },
  other: { label: git('rev-parse', '--short', commit), root: worktree },
};
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-soak-alternate-'));

const rows: string[][] = [];
try {
  runs: for (let pair = 1; pair <= pairs; pair++) {
    const order = pair % 2 ? (['this', 'other'] as const) : (['other', 'this'] as const);
    for (const side of order) {
      const { label, root } = sides[side];
      const json = path.join(outDir, `${pair}-${side}.json`);
      const before = await vmSeconds();
      if (interrupted) break runs;
      console.log(`\n=== pair ${pair}: ${label} (${side === 'this' ? 'this checkout' : commit}), VM ${before} s ===`);
      await run('npm', ['run', 'soak', '--', ...args, '--json', json], {
        cwd: REPO,
        stdio: 'inherit',
        env: { ...process.env, CLUSTER_SERVER_ROOT: root },
      });
      if (interrupted) break runs;
      const after = await vmSeconds();
      const report = fs.existsSync(json) ? (JSON.parse(fs.readFileSync(json, 'utf8')) as Report) : undefined;
      rows.push([
        String(pair),
        label,
        `${before} / ${after}`,
        // A quick run has no latency outside its windows and warm-up (null).
        String(report?.caseList.p99Ms ?? '—'),
        String(report?.chat.p99Ms ?? '—'),
        report ? (report.pass ? 'PASS' : 'FAIL') : 'no report',
      ]);
    }
  }
} finally {
  removeWorktree();
}

const header = ['pair', 'server', 'VM s (before / after)', 'case list p99 ms', 'chat p99 ms', 'result'];
console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`\nreports: ${outDir}`);
