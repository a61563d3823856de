import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium: the whole browser (`apt-get install chromium`). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium build (`apt-get install chromium-headless-shell`),
 * what Playwright itself runs for headless tests: no browser UI behind the page, so a test takes
 * a quarter to a third less time on this 2-core machine (the suite 24 → 15.5 min on a slow day). It
 * has no notification tray; the tests that need one ask for the whole browser (`WITH_TRAY`).
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The flags every Chromium of the tests and the benchmarks starts with (bench/client-entry.ts too). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The tests' pages live a few seconds each: V8's optimising compilers (Maglev, TurboFan) and its
 * background threads cost them more than the code they would speed up. Without them the same
 * JavaScript runs (only its tiers and threads differ) and the renderers take about 15 % less CPU
 * (the accessibility spec, alternated: 70–72 → 60–61 s of renderer CPU, 77–80 → 73–75 s of
 * wall time). Not for the benchmarks, which measure the browser as it ships.
 */
const TEST_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev --single-threaded'];

/** E2E_CHROME, else the headless shell when installed, else the whole browser. */
export const LAUNCH: LaunchOptions = {
  executablePath: process.env.E2E_CHROME ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args: TEST_ARGS,
};

/** For `test.use()`: the whole browser, for what shows system notifications (a worker of its own). */
export const WITH_TRAY = { launchOptions: { executablePath: FULL_CHROMIUM, args: TEST_ARGS } };
