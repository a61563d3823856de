import type { Page } from '@playwright/test';
import { LABELS, MENU, MSG, TITLES, menuFor, type Cargo } from '@vialex/domain';
import { DEMO, PHONE, createCaseAs, expect, shot, signIn, test, uniquePlate } from '../support';
import { expectNoSeriousViolations } from '../support/a11y';
import { authorise } from '../support/client';
import { ACCIDENT, answerTiles, mapCase, near } from '../support/map';

/*
 * axe-core on every screen at both sizes: the public screens, each list as every cargo that sees
 * it, and the dialogs each list opens. Fails on any serious or critical violation of WCAG 2.1
 * A/AA, naming the rule and the elements (support/a11y.ts).
 */

/**
 * Opens another screen of the signed-in app the way its links do, through the router (history,
 * as the back button moves it), not by loading the app again: the same screen's markup, for
 * half a second less a screen. For the lists, whose own heading then says the screen changed.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The screen has its data: no skeleton row is left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const LISTS: { path: string; title: string }[] = [
  { path: '/clientes', title: TITLES.clientes },
  { path: '/usuarios', title: TITLES.usuarios },
  { path: '/estado-usuarios', title: TITLES.estadoUsuarios },
  { path: '/casos', title: TITLES.casos },
  { path: '/casos-archivados', title: TITLES.casosArchivados },
];

/** The desk's catalogues: the same screen for every cargo but its actions, checked as the Administrador. */
const CATALOGUES: { path: string; title: string }[] = [
  { path: '/vehiculos', title: TITLES.vehiculos },
  { path: '/empresas', title: TITLES.empresas },
  { path: '/gestiones', title: TITLES.gestiones },
  { path: '/areas', title: TITLES.areas },
];

const ACCOUNT: Record<Cargo, string> = {
  Administrador: DEMO.administrador,
  'Call Center': DEMO.callCenter,
  'Coordinador Contact Center': DEMO.coordContactCenter,
  Investigador: DEMO.investigador,
  'Coordinador Investigador': DEMO.coordInvestigador,
  Abogado: DEMO.abogado,
  'Coordinador Abogado': DEMO.coordAbogado,
  'Abogado CAIT': DEMO.abogadoCait,
  'Coordinador Abogado CAIT': DEMO.coordAbogadoCait,
  Perito: DEMO.perito,
  'Coordinador Perito': DEMO.coordPerito,
  Dibujante: DEMO.dibujante,
};

const A11Y_CARGOS: Cargo[] = ['Administrador', 'Call Center', 'Abogado', 'Perito'];

/** Dialogs each list opens (its NUEVO and the first row's actions that open one), as the Administrador. */
const DIALOGS: { path: string; title: string; openers: string[] }[] = [
  { path: '/clientes', title: TITLES.clientes, openers: [MSG.nuevo, LABELS.list.editar, LABELS.list.eliminar] },
  {
    path: '/usuarios',
    title: TITLES.usuarios,
    openers: [MSG.nuevo, LABELS.list.editar, LABELS.usuarios.asignarCiudades],
  },
  {
    path: '/estado-usuarios',
    title: TITLES.estadoUsuarios,
    openers: [
      LABELS.estadoUsuarios.accionDisponibilidad,
      LABELS.estadoUsuarios.accionLogin,
      LABELS.estadoUsuarios.accionTiempo,
      MSG.cambiarContrasena,
    ],
  },
  {
    path: '/casos',
    title: TITLES.casos,
    openers: [
      MSG.nuevo,
      LABELS.casos.agregarCronos,
      LABELS.casos.datosCaso,
      LABELS.casos.asignar,
      LABELS.casos.solicitar,
      LABELS.casos.editarCaso,
    ],
  },
  { path: '/casos-archivados', title: TITLES.casosArchivados, openers: [LABELS.casos.datosCaso] },
  { path: '/vehiculos', title: TITLES.vehiculos, openers: [MSG.nuevo, LABELS.list.editar, LABELS.vehiculos.eliminar] },
  { path: '/gestiones', title: TITLES.gestiones, openers: [MSG.nuevo, LABELS.list.editar, LABELS.gestiones.inactivar] },
];

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`accessibility, ${size}`, () => {
    if (size === 'phone') test.use(PHONE);
    else test.use({ viewport: { width: 1440, height: 900 } });

    test('public screens: login, not found, client entry', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: MSG.ingresar, exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, 'login');
      await shot(page, `a11y-${size}-login`);

      await page.goto('/esta/ruta/no-existe');
      await expect(page.getByText(MSG.paginaNoExiste)).toBeVisible();
      await expectNoSeriousViolations(page, 'not found');

      await page.goto('/login/auth-cliente/abc123');
      await expect(page.getByRole('button', { name: MSG.ingresarAlCaso })).toBeVisible();
      await expectNoSeriousViolations(page, 'client entry');
    });

    // Every list screen, as the cargos whose screens differ most: all lists and actions
    // (Administrador), the desk (Call Center), a field agent's cards and take switch (Abogado), a
    // requested-only list (Perito). Axe costs one to two seconds a screen; twelve cargos at two
    // sizes would be most of the browser suite's time for the same markup.
    for (const [cargo, email] of (Object.entries(ACCOUNT) as [Cargo, string][]).filter(([c]) =>
      A11Y_CARGOS.includes(c),
    )) {
      test(`every list ${cargo} sees`, async ({ page }) => {
        const visible = new Set(menuFor(cargo).map((e) => e.path));
        const lists = LISTS.filter((l) => visible.has(l.path));
        // Signed in straight onto the first list: one load of the app less.
        await signIn(page, email, { at: lists[0].path });
        for (const [i, list] of lists.entries()) {
          if (i > 0) await navigate(page, list.path);
          await expect(page.getByRole('heading', { name: list.title })).toBeVisible();
          await settled(page);
          await expectNoSeriousViolations(page, `${list.path} as ${cargo}`);
          // A field cargo's screens: the availability pill in words, the origin chips' colours.
          if (cargo === 'Abogado') await shot(page, `a11y-${size}-${list.path.slice(1)}-abogado`);
        }
      });
    }

    test('the catalogues', async ({ page }) => {
      await signIn(page, DEMO.administrador, { at: CATALOGUES[0].path });
      for (const [i, list] of CATALOGUES.entries()) {
        if (i > 0) await navigate(page, list.path);
        await expect(page.getByRole('heading', { name: list.title })).toBeVisible();
        await settled(page);
        await expectNoSeriousViolations(page, list.path);
      }
    });

    test('the menu, the account menu and the placeholder screens', async ({ page }) => {
      await signIn(page, DEMO.administrador);
      if (size === 'phone') {
        await page.getByRole('button', { name: MSG.menu }).click();
        await expect(page.getByTestId('sidebar-temporary').getByRole('navigation')).toBeVisible();
        await expectNoSeriousViolations(page, 'the open menu');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('sidebar-temporary').getByRole('navigation')).toBeHidden();
      }
      await page.getByRole('button', { name: MSG.cuentaUsuario }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, 'the account menu', '[role="menu"]');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      const lists = new Set([...LISTS, ...CATALOGUES].map((l) => l.path));
      for (const entry of MENU.filter((e) => !lists.has(e.path))) {
        await page.goto(entry.path.replace(':id?', ''));
        await expect(page.getByTestId('brand')).toBeVisible();
        await expect(page.getByRole('heading').first()).toBeVisible();
        await expectNoSeriousViolations(page, entry.path);
      }
    });

    test('the case workspace: DATOS DEL CASO, gestionar, and the notification bell', async ({ page, asUser }) => {
      const id = await asUser(DEMO.administrador, async (api) => {
        const res = await api.get('/api/casos');
        expect(res.ok()).toBeTruthy();
        return ((await res.json()) as { rows: { id: string }[] }).rows[0].id;
      });
      await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${id}` });
      for (const tab of ['', '/gestionar'] as const) {
        if (tab) await page.goto(`/gestionar-caso/${id}${tab}`);
        await expect(page.getByRole('tablist', { name: LABELS.espacio.pestanasCaso })).toBeVisible();
        await settled(page);
        await expectNoSeriousViolations(page, `workspace${tab || ' (información)'}`);
      }
      await page.getByTestId('notification-bell').click();
      await expect(page.getByRole('dialog', { name: TITLES.notificaciones })).toBeVisible();
      await expectNoSeriousViolations(page, 'the notification bell', '[role="dialog"]');
    });

    test('the case chat room: messages (a file, a reply), the members menu and the search', async ({
      page,
      asUser,
    }) => {
      const { id } = await createCaseAs(asUser, { placa: uniquePlate('Y') });
      await asUser(DEMO.callCenter, async (api) => {
        const first = await api.post(`/api/casos/${id}/chats/general/mensajes`, {
          data: { clientId: crypto.randomUUID(), content: 'El cliente espera en el sitio' },
        });
        expect(first.ok(), await first.text()).toBeTruthy();
        const res = await api.post(`/api/casos/${id}/chats/general/archivos`, {
          multipart: {
            clientId: crypto.randomUUID(),
            content: 'Croquis',
            replyTo: ((await first.json()) as { mensaje: { id: string } }).mensaje.id,
            archivos: { name: 'croquis.pdf', mimeType: 'application/pdf', buffer: PDF },
          },
        });
        expect(res.ok(), await res.text()).toBeTruthy();
      });
      await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${id}/chat` });
      await expect(page.getByTestId('chat-message')).toHaveCount(2);
      await settled(page);
      await expectNoSeriousViolations(page, 'the chat room');
      await page.getByTestId('chat-online').click();
      await expect(page.getByTestId('chat-members')).toBeVisible();
      // A popover on a desk, a bottom sheet on a phone: the list itself is scanned.
      await expectNoSeriousViolations(page, 'the chat members list', '[data-testid="chat-members"]');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: LABELS.chat.buscar }).click();
      await expectNoSeriousViolations(page, 'the chat search', '[role="search"]');
    });

    test('the case map: the markers, the route, the times and an info window', async ({ page, asUser, apiAs }) => {
      const c = await mapCase(asUser, apiAs, uniquePlate('Z'), {
        investigador: near(ACCIDENT, 0.004, 0.003),
        abogado: near(ACCIDENT, -0.003, -0.004),
      });
      await answerTiles(page, c.map.teselas.url);
      await signIn(page, DEMO.administrador, { at: `/gestionar-caso/${c.id}/mapa` });
      await expect(page.getByTestId('map-marker-investigador')).toBeVisible();
      await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'the case map');
      await page
        .locator('.leaflet-marker-icon')
        .filter({ has: page.getByTestId('map-marker-abogado') })
        .click();
      await expect(page.getByTestId('map-popup-address')).not.toContainText(LABELS.mapa.buscandoDireccion);
      await expectNoSeriousViolations(page, 'the map info window', '.leaflet-popup');
    });

    test("the client's entry from a real link, and the client's case: chat and información", async ({
      page,
      asUser,
    }) => {
      const { id } = await createCaseAs(asUser, { placa: 'TAX123' });
      const link = await asUser(DEMO.administrador, async (api) => {
        const sent = await api.post(`/api/casos/${id}/sms`, { data: { telefono: '+573104567890' } });
        expect(sent.ok(), await sent.text()).toBeTruthy();
        return new URL((await (await api.get(`/api/casos/${id}/sms`)).json()).mensajes[0].enlace.url).pathname;
      });
      await page.goto(link);
      const enter = page.getByRole('button', { name: MSG.ingresarAlCaso });
      await expect(enter).toBeEnabled();
      await expectNoSeriousViolations(page, 'client entry, ready');
      await authorise(page);
      await enter.click();
      await expect(page.getByTestId('chat-room')).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, "the client's chat");
      await page.getByRole('tab', { name: LABELS.cliente.pestanas.informacion }).click();
      await expect(page.getByTestId('client-info')).toBeVisible();
      await expectNoSeriousViolations(page, "the client's case information");
    });

    test('keyboard: Tab reaches a row action, Enter opens its dialog, Escape gives focus back', async ({ page }) => {
      await signIn(page, DEMO.administrador);
      await expect(page.getByRole('heading', { name: TITLES.clientes })).toBeVisible();
      await settled(page);
      const focusedName = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
      let reached = false;
      for (let i = 0; i < 80 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = (await focusedName())?.trim() === LABELS.list.editar;
      }
      expect(reached, `Tab never reached '${LABELS.list.editar}'`).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect
        .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
          message: 'focus moves into the dialog',
        })
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect.poll(focusedName, { message: 'focus returns to the row action' }).toBe(LABELS.list.editar);
    });

    for (const list of DIALOGS) {
      test(`the dialogs of ${list.path}`, async ({ page }) => {
        await signIn(page, DEMO.administrador, { at: list.path });
        await expect(page.getByRole('heading', { name: list.title })).toBeVisible();
        await settled(page);
        for (const opener of list.openers) {
          const button = page.getByRole('button', { name: opener, exact: true }).first();
          // A row action the first rows don't offer (or a cargo rule) is skipped, not failed.
          if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
          await button.click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await settled(page);
          await expectNoSeriousViolations(page, `${list.path}: ${opener}`, '[role="dialog"]');
          // Closed by its own button: Escape, which some dialogs ignore (a form keeping a draft),
          // raced the check of whether it had closed; the keyboard test covers Escape.
          await dialog
            .getByRole('button', { name: new RegExp(`^(${MSG.cancelar}|${MSG.cerrar})$`, 'i') })
            .first()
            .click();
          await expect(dialog).toBeHidden();
        }
      });
    }
  });
}
