import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
} from '@playwright/test';
import { startServer, type E2eServer } from './server';

export const PASSWORD = 'Vialex2026*';

/** The browser context every test runs in (playwright.config.ts), and the extra ones too. */
export const CONTEXT_OPTIONS = {
  locale: 'es-CO',
  timezoneId: 'America/Bogota',
  permissions: ['geolocation'],
  geolocation: { latitude: 4.65, longitude: -74.08 },
  viewport: { width: 1366, height: 800 },
};

interface TestFixtures {
  /** Every test starts with nobody signed in and no failed-attempt counters (automatic). */
  freshSessions: void;
  /** Another browser (another person), with the run's context options; closed after the test. */
  openContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** An API session of a demo user, for setting the scene; signed out after the test. */
  apiAs: (email: string) => Promise<APIRequestContext>;
  /** Runs `work` in an API session of a demo user, signed out at once afterwards. */
  asUser: <T>(email: string, work: (api: APIRequestContext) => Promise<T>) => Promise<T>;
}

interface WorkerFixtures {
  /** This worker's own server and database (see server.ts). */
  server: E2eServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.parallelIndex}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],

  baseURL: async ({ server }, use) => use(server.baseURL),

  context: async ({ context }, use) => {
    await withoutMotion(context);
    await use(context);
  },

  freshSessions: [
    async ({ request }, use) => {
      const res = await request.post('/api/test/reset-sessions');
      expect(res.ok(), await res.text()).toBeTruthy();
      await use();
    },
    { auto: true },
  ],

  openContext: async ({ browser, contextOptions, baseURL }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, ...contextOptions, baseURL, ...options });
      await withoutMotion(context);
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((c) => c.close()));
  },

  apiAs: async ({ playwright, baseURL }, use) => {
    const sessions: APIRequestContext[] = [];
    await use(async (email) => {
      const api = await playwright.request.newContext({ baseURL });
      sessions.push(api);
      const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
      expect(res.ok(), await res.text()).toBeTruthy();
      return api;
    });
    for (const api of sessions) {
      await api.post('/api/auth/logout').catch(() => undefined);
      await api.dispose();
    }
  },

  asUser: async ({ apiAs }, use) => {
    await use(async (email, work) => {
      const api = await apiAs(email);
      try {
        return await work(api);
      } finally {
        await signOut(api);
      }
    });
  },
});

/**
 * CSS transitions and animations off in every page (as `prefers-reduced-motion` would ask):
 * MUI's dialogs, menus, ripples and spinners then need no frames to be drawn, and an element is
 * where it ends up at once, so Playwright's "stable" check passes without waiting for a slide.
 * Timers of the transitions (a dialog leaving) still run: tests wait for their end as before.
 */
async function withoutMotion(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    const add = () => document.head.append(style);
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  });
}

/** Signs an API session out (a user may hold one live session at a time). */
export async function signOut(api: APIRequestContext): Promise<void> {
  const res = await api.post('/api/auth/logout');
  expect(res.ok(), await res.text()).toBeTruthy();
}

export { expect };

/** The demo accounts (README), one per cargo; all with PASSWORD. */
export const DEMO = {
  administrador: 'administrador@vialex.test',
  callCenter: 'callcenter@vialex.test',
  coordContactCenter: 'coord.contactcenter@vialex.test',
  investigador: 'investigador@vialex.test',
  coordInvestigador: 'coord.investigador@vialex.test',
  abogado: 'abogado@vialex.test',
  coordAbogado: 'coord.abogado@vialex.test',
  abogadoCait: 'abogado.cait@vialex.test',
  coordAbogadoCait: 'coord.abogado.cait@vialex.test',
  perito: 'perito@vialex.test',
  coordPerito: 'coord.perito@vialex.test',
  dibujante: 'dibujante@vialex.test',
} as const;
