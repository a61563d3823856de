import { defineConfig } from '@playwright/test';
import { LAUNCH } from './support/browser';
import { CONTEXT_OPTIONS } from './support/fixtures';

/**
 * Each worker starts its own server on its own port and database (support/server.ts), so tests
 * run in parallel even though a user may hold only one live session. E2E_WORKERS overrides the
 * count. Three on this 2-core machine: with two, the cores were a quarter idle while pages
 * waited (debounces, transitions, round trips) — the suite 295 → 247 s (2026-11-29); four were
 * no faster than three.
 */
export default defineConfig({
  testDir: './tests',
  // The cluster's spec needs a running cluster (E2E_BASE_URL, its proxy): it is left out of a run
  // without one instead of skipping itself. `.ci/run` starts one and runs it.
  testIgnore: process.env.E2E_BASE_URL ? [] : ['**/cluster.spec.ts'],
  globalSetup: './support/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Generous for a machine this suite keeps busy (every core taken by two browsers, two servers
  // and the runner; slower still on a slow day): a test that passes waits no longer for them.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    ...CONTEXT_OPTIONS,
    // The app's service worker precaches the whole build (1.3 MB) in every new browser context;
    // only the push test needs it (it allows it again).
    serviceWorkers: 'block',
    // Recording a trace costs a passing test about a fifth more (three specs: 102–106 → 86 s):
    // only a test's retry (CI) records one; locally, `--trace on` when a failure needs it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: LAUNCH,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
