import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { LABELS, MSG, TITLES } from '@vialex/domain';
import {
  CONTEXT_OPTIONS,
  DEMO,
  createCaseAs,
  expect,
  login,
  logout,
  openScreen,
  rows,
  signIn,
  test,
  uniquePlate,
} from '../support';

/**
 * Vialex as production runs it: several instances on one PostgreSQL behind nginx (`npm run
 * cluster -- --demo --test-routes`). Only with E2E_BASE_URL (the proxy; playwright.config.ts leaves
 * this file out without it), one worker:
 *
 *   E2E_BASE_URL=http://127.0.0.1:22080 npx playwright test --workers 1 cluster
 *
 * The cluster writes its instances and their pids to data/cluster/cluster.json (E2E_CLUSTER_STATE
 * elsewhere): two browsers are put on two different instances directly, so an event crosses from
 * one instance to the other through PostgreSQL; and one instance is stopped under a browser.
 */
interface ClusterState {
  url: string;
  metricsToken: string;
  instances: Array<{ port: number; url: string; pid: number | null }>;
}
const STATE =
  process.env.E2E_CLUSTER_STATE ?? fileURLToPath(new URL('../../data/cluster/cluster.json', import.meta.url));
function state(): ClusterState {
  if (!fs.existsSync(STATE))
    throw new Error(`no ${STATE}: start the cluster with npm run cluster, or set E2E_CLUSTER_STATE`);
  return JSON.parse(fs.readFileSync(STATE, 'utf8')) as ClusterState;
}

test.describe.configure({ mode: 'serial' });

const DESK = { viewport: { width: 1280, height: 800 } } as const;
const openCases = (page: Page) => openScreen(page, '/casos', TITLES.casos);

/** A browser (another person) on one instance, bypassing nginx. */
async function onInstance(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ ...CONTEXT_OPTIONS, ...DESK, baseURL: url });
  return context.newPage();
}

/** Live sockets open on each instance (its /metrics; 0 for one that is down). */
async function liveSockets(s: ClusterState): Promise<number[]> {
  return Promise.all(
    s.instances.map(async (i) => {
      // A stopped instance holds none.
      const res = await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${s.metricsToken}` } }).catch(
        () => undefined,
      );
      const m = /^vialex_live_sockets(?:\{[^}]*\})? (\d+)/m.exec((await res?.text()) ?? '');
      return m ? Number(m[1]) : 0;
    }),
  );
}

test('sign-in through nginx: the app, its session cookie and its live channel', async ({ page }) => {
  await login(page, DEMO.callCenter);
  await openCases(page);
  await expect(page.getByRole('button', { name: MSG.nuevo })).toBeEnabled();
  await logout(page);
});

test.describe('across instances', () => {
  test('a case created on one instance appears in the open lists of browsers on two others', async ({
    browser,
    asUser,
  }) => {
    const [one, two] = state().instances;
    const coord = await onInstance(browser, one.url);
    const admin = await onInstance(browser, two.url);
    await signIn(coord, DEMO.coordContactCenter);
    await signIn(admin, DEMO.administrador);
    await openCases(coord);
    await openCases(admin);
    for (const p of [coord, admin])
      await p.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // Through the proxy: least_conn puts it on whichever instance is least busy.
    const { caso } = await createCaseAs(asUser, { placa: uniquePlate('W') });
    for (const p of [coord, admin]) {
      await expect(rows(p).first().getByRole('cell').first()).toHaveText(String(caso));
      expect(await p.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await logout(p);
      await p.context().close();
    }
  });

  test('a chat message typed on one instance reaches a browser on another', async ({ browser, asUser }) => {
    const [one, two] = state().instances;
    const { id } = await createCaseAs(asUser, { placa: uniquePlate('W') });
    const callCenter = await onInstance(browser, one.url);
    const admin = await onInstance(browser, two.url);
    await signIn(callCenter, DEMO.callCenter);
    await signIn(admin, DEMO.administrador);
    for (const p of [callCenter, admin]) {
      await p.goto(`/gestionar-caso/${id}/chat`);
      await expect(p.getByTestId('chat-room').getByRole('heading', { name: LABELS.chat.salas.general })).toBeVisible();
    }
    // Presence crosses instances too.
    await expect(callCenter.getByTestId('chat-online')).toContainText('[Administrador]');
    const text = `Entre instancias ${Date.now()}`;
    const composer = callCenter.getByRole('textbox', { name: LABELS.chat.mensaje });
    await composer.fill(text);
    await composer.press('Enter');
    await expect(admin.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
    await expect(admin.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-own', 'false');
    for (const p of [callCenter, admin]) {
      await logout(p);
      await p.context().close();
    }
  });

  test('the instance holding a browser’s live socket stops: the browser reconnects to another and its list catches up', async ({
    page,
    asUser,
  }) => {
    const before = state();
    const baseline = await liveSockets(before);
    await signIn(page, DEMO.coordContactCenter);
    await openCases(page);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    // The instance whose live sockets went up holds this browser's.
    let holder = -1;
    await expect
      .poll(async () => {
        const now = await liveSockets(before);
        holder = now.findIndex((n, i) => n > baseline[i]);
        return holder;
      })
      .toBeGreaterThanOrEqual(0);
    const victim = before.instances[holder];
    process.kill(victim.pid!, 'SIGTERM');

    // Created while the browser's socket moves (1012, then about a second): the case arrives
    // either as an event on the new socket or with the list's refetch on reopening.
    const { caso } = await createCaseAs(asUser, { placa: uniquePlate('W') });
    await expect(rows(page).first().getByRole('cell').first()).toHaveText(String(caso));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // Another instance holds it now.
    await expect
      .poll(async () => (await liveSockets(before)).some((n, i) => i !== holder && n > baseline[i]))
      .toBe(true);
    await logout(page);

    // The cluster's supervisor starts the stopped instance again (its new pid in cluster.json).
    await expect
      .poll(() => state().instances[holder].pid !== victim.pid && state().instances[holder].pid !== null, {
        timeout: 60_000,
      })
      .toBe(true);
  });
});
