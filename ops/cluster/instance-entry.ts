/**
 * One Vialex instance of the cluster (cluster.ts starts it): the server's own entry point
 * (apps/server/src/main.ts, what `npm run serve` runs), plus a tie to the cluster's process. The
 * cluster holds this process's stdin; when the cluster is gone, killed included, stdin ends and
 * the instance stops as on SIGTERM instead of living on. Signals sent to this process's pid reach
 * the server itself (no npm or tsx wrapper in between), so SIGKILL is a real crash.
 */
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
await import(new URL('../../apps/server/src/main.ts', import.meta.url).href);
