import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser.js';
import { clientTokens, seedCases } from './assign.js';
import { cpuPerOp, percentile } from './lib/server-process.js';
import { seedSignedInUsers } from './lib/staff.js';

/**
 * Budgets: the driver's entry page (/login/auth-cliente/{token}, opened from the SMS)
 * loads ≤ 150 KB of gzipped JS and is usable — the case shown, 'Ingresar al caso' enabled — within
 * 3 s on an emulated slow-4G phone. Slow 4G as Lighthouse applies it in Chromium: 562.5 ms
 * per request, 1.6 Mbps × 0.9 down, 750 Kbps × 0.9 up, and the CPU slowed 4×; a fresh browser
 * each run (no cache, no service worker), the location granted. The JS counted is every script
 * the page loaded until the button was enabled, at its gzip -9 size in the build. Median of 5 runs
 * (quick: 1), with the median of where the time went: the page's last byte, its first paint (the
 * server writes the screen: the case number is in it) and the last script's last byte.
 */
export async function benchClientEntry(serverUrl: string, databaseUrl: string, dist: string, quick = false) {
  const RUNS = quick ? 1 : 5;
  const desk = await seedSignedInUsers(databaseUrl, 1, 'Call Center', 'entradacc');
  const tokens = await clientTokens(serverUrl, desk.cookies[0], await seedCases(databaseUrl, [], desk.ids[0], RUNS));

  const times: number[] = [];
  const phases: { pageMs: number[]; paintMs: number[]; scriptsMs: number[] } = {
    pageMs: [],
    paintMs: [],
    scriptsMs: [],
  };
  let kb = 0;
  // An operation: one phone loading the entry page (the page, its script, what it asks).
  const cpu = cpuPerOp(serverUrl);
  for (const token of tokens) {
    const run = await loadEntry(serverUrl, token, dist);
    times.push(run.usableMs);
    for (const k of ['pageMs', 'paintMs', 'scriptsMs'] as const) phases[k].push(run[k]);
    kb = Math.max(kb, run.kb);
  }
  const serverCpuMsPerOp = cpu(tokens.length);
  const byValue = (a: number, b: number) => a - b;
  times.sort(byValue);
  const median = Math.round(percentile(times, 50));
  const medianOf = (values: number[]) => Math.round(percentile(values.sort(byValue), 50));
  const met = median <= 3000 && kb <= 150;
  return {
    name: 'client entry page on a slow-4G phone',
    runs: RUNS,
    usableMs: median,
    worstMs: Math.round(times[times.length - 1]),
    pageMs: medianOf(phases.pageMs),
    firstPaintMs: medianOf(phases.paintMs),
    scriptsMs: medianOf(phases.scriptsMs),
    jsKB: kb,
    serverCpuMsPerOp,
    op: 'page load',
    figure: `usable ${median} ms (median), worst ${Math.round(times[times.length - 1])} ms, ${kb} KB JS`,
    budget: 'usable ≤ 3 s, JS ≤ 150 KB gzip',
    met,
    // The size does not depend on the machine; the time does (quick runs on a busy CI machine).
    pass: kb <= 150 && (quick || median <= 3000),
  };
}

async function loadEntry(serverUrl: string, token: string, dist: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: 4.6486, longitude: -74.1007 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
      uploadThroughput: (750 * 1024 * 0.9) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = new Set<string>();
    page.on('request', (r) => r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname));
    await page.goto(`${serverUrl}/login/auth-cliente/${encodeURIComponent(token)}`, { waitUntil: 'commit' });
    const button = page.getByTestId('client-entry-button');
    await button.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="client-entry-button"]') as HTMLButtonElement | null)?.disabled,
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    // Milliseconds since the navigation started, by the page's own clock.
    const usableMs = await page.evaluate(() => performance.now());
    const { pageMs, paintMs, scriptsMs } = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => r.initiatorType === 'script',
      );
      return {
        pageMs: nav?.responseEnd ?? 0,
        paintMs: paint?.startTime ?? 0,
        scriptsMs: Math.max(0, ...scripts.map((r) => r.responseEnd)),
      };
    });
    const bytes = [...scripts].reduce(
      (sum, p) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, p)), { level: 9 }).length,
      0,
    );
    return { usableMs, pageMs, paintMs, scriptsMs, kb: Math.round((bytes / 1024) * 10) / 10 };
  } finally {
    // Playwright gave the browser a fresh profile of its own, removed here.
    await browser.close();
  }
}
