import { defineConfig } from '@playwright/test';
import { CONTEXT_OPTIONS } from './support/fixtures';

/**
 * Each worker starts its own server on its own port and database (support/server.ts), so tests
 * run in parallel even though a user may hold only one live session. E2E_WORKERS overrides the
 * count (2 on a 2-core machine measured best).
 */
export default defineConfig({
  testDir: './tests',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    ...CONTEXT_OPTIONS,
    // The app's service worker precaches the whole build (1.3 MB) in every new browser context;
    // only the push test needs it (it allows it again).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
