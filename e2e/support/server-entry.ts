/**
 * The server of one Playwright worker (server.ts starts it): the app's own entry point, plus a
 * tie to the worker. The worker holds this process's stdin; when the worker is gone, killed or
 * crashed included, stdin ends and the server stops as on SIGTERM instead of living on.
 */
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
await import(new URL('../../apps/server/src/main.ts', import.meta.url).href);
