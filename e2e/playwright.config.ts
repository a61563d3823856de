import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The config is loaded by the runner and by each worker; env vars keep one data dir and one
// port per run (a random port, so two runs on one machine don't collide).
process.env.VIALEX_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'vialex-e2e-'));
process.env.VIALEX_E2E_PORT ??= String(3210 + Math.floor(Math.random() * 700));
const PORT = Number(process.env.VIALEX_E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  // One server holds the sessions: tests that sign in share it, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    permissions: ['geolocation'],
    geolocation: { latitude: 4.65, longitude: -74.08 },
    viewport: { width: 1366, height: 800 },
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
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    env: {
      PORT: String(PORT),
      DEMO: '1',
      DATA_DIR: process.env.VIALEX_E2E_DATA_DIR,
      SERVE_WEB: '1',
      NODE_ENV: 'test',
    },
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
