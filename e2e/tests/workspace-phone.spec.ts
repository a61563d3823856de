import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { LABELS, MSG, WORKSPACE_TABS, fmt, type WorkspaceTab } from '@vialex/domain';
import {
  DEMO,
  PHONE,
  createCaseAs,
  expect,
  expectNoSideScroll,
  rows,
  setCaseStatus,
  signIn,
  signOut,
  test,
  type AsUser,
} from '../support';
import { SHOTS_WANTED } from '../support/ui';

/*
 * The case workspace under the thumb at 390×844: the one-line header, the tabs in a bottom bar,
 * the Perito and the Dibujante in their own rooms, the read-only general room, the room's
 * members, and archiving behind a card's ⋮ with a confirmation naming the case.
 */

const L = LABELS.espacio;
const T = LABELS.chat;
const C = LABELS.casos;
const SHOTS = '/tmp/shots-hws';

async function phoneShot(page: Page, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

const idOf = async (api: APIRequestContext) => ((await (await api.get('/api/auth/me')).json()) as { id: string }).id;

/**
 * A case with the whole field team: the demo Investigador assigned, a Perito and a Dibujante
 * requested by them and assigned (each signed in meanwhile: only agents at work are offered).
 */
async function fieldTeamCase(asUser: AsUser, apiAs: (email: string) => Promise<APIRequestContext>) {
  const c = await createCaseAs(asUser, { placa: 'TAX123' });
  const team = { Investigador: DEMO.investigador, Perito: DEMO.perito, Dibujante: DEMO.dibujante } as const;
  const apis = Object.fromEntries(
    await Promise.all(Object.entries(team).map(async ([tipo, email]) => [tipo, await apiAs(email)] as const)),
  ) as Record<keyof typeof team, APIRequestContext>;
  const assign = (tipo: keyof typeof team) =>
    asUser(DEMO.administrador, async (api) => {
      const res = await api.post(`/api/casos/${c.id}/asignar`, { data: { tipo, usuario: await idOf(apis[tipo]) } });
      expect(res.ok(), await res.text()).toBeTruthy();
    });
  await assign('Investigador');
  for (const tipo of ['Perito', 'Dibujante'] as const) {
    const res = await apis.Investigador.post(`/api/casos/${c.id}/solicitar`, { data: { tipo } });
    expect(res.ok(), await res.text()).toBeTruthy();
    await assign(tipo);
  }
  for (const api of Object.values(apis)) await signOut(api);
  return c;
}

const nav = (page: Page) => page.getByTestId('workspace-bottom-nav');
/** A tab of the bottom bar, named by the short word it shows (and its unread badge, if any). */
const navTab = (page: Page, tab: WorkspaceTab) =>
  nav(page).getByRole('tab', { name: new RegExp(`(^| )${L.pestanasCortas[tab]}$`) });

/** The header is one line of text, and the bar's tabs (these, at least) all sit wholly on the screen. */
async function expectPhoneFrame(page: Page, tabs: readonly WorkspaceTab[], exactly = true) {
  const line = page.getByTestId('workspace-case-number');
  await expect(line).toBeVisible();
  const box = (await page.getByTestId('workspace-header').boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(56);
  // One line: its text's height is a line's, however long the client's name.
  const lines = await line.evaluate(
    (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
  );
  expect(lines).toBeLessThan(1.5);
  if (exactly) await expect(nav(page).getByRole('tab')).toHaveCount(tabs.length);
  for (const tab of tabs) await expect(navTab(page, tab)).toBeInViewport({ ratio: 1 });
  for (const tab of await nav(page).getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await expectNoSideScroll(page);
}

/** The list's card of this case, found by number. */
async function caseCard(page: Page, caso: number): Promise<Locator> {
  const field = page.getByRole('search', { name: C.buscarRapido }).getByRole('searchbox', { name: C.buscarRapido });
  await field.fill(String(caso));
  await field.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  return rows(page).first();
}

test.use(PHONE);

test('the investigator: a one-line header that unfolds, every tab in the bottom bar, unread badges', async ({
  page,
  asUser,
  apiAs,
}) => {
  const c = await fieldTeamCase(asUser, apiAs);
  // The Abogado's message waits unread in the general room.
  await asUser(DEMO.administrador, async (api) => {
    const res = await api.post(`/api/casos/${c.id}/chats/general/mensajes`, {
      data: { clientId: crypto.randomUUID(), content: 'Ya llamé al conductor' },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  await signIn(page, DEMO.investigador, { at: `/gestionar-caso/${c.id}/mapa` });
  await expect(page.getByTestId('tabpanel-mapa')).toBeVisible();
  await expectPhoneFrame(page, WORKSPACE_TABS);
  await expect(page.getByTestId('workspace-case-number')).toHaveText(new RegExp(`^# ${c.caso} · .+ · TAX123 · \\S`));
  await expect(navTab(page, 'chat').getByTestId('chat-unread-badge')).toHaveText('1');
  await phoneShot(page, 'investigator-map');

  // The whole header on a tap, its buttons included; folded again on another.
  const line = page.getByTestId('workspace-line');
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('workspace-team')).toHaveCount(0);
  await line.click();
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('workspace-team')).toContainText(`${C.perito}:`);
  await expect(page.getByTestId('workspace-plan')).toBeVisible();
  await expect(page.getByTestId('case-file-pdf')).toBeVisible();
  await expectNoSideScroll(page);
  await phoneShot(page, 'investigator-header-open');
  await line.click();
  await expect(page.getByTestId('workspace-team')).toHaveCount(0);

  // Every tab one tap away, and the room fills the screen between the header and the bar.
  for (const tab of ['informacion', 'gestionar', 'chat_perito', 'chat_dibujante', 'chat'] as const) {
    await navTab(page, tab).click();
    await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${c.id}${tab === 'informacion' ? '' : `/${tab}`}$`));
    await expect(navTab(page, tab)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId(`tabpanel-${tab}`)).toBeVisible();
  }
  await expect(page.getByTestId('chat-room-name')).toHaveText(T.salas.general);
  await expect(page.getByTestId('chat-client-reads')).toHaveText(T.clienteLee);
  const composer = page.getByRole('textbox', { name: T.mensaje });
  await expect(composer).toBeInViewport({ ratio: 1 });
  const [field, bar] = await Promise.all([composer.boundingBox(), nav(page).boundingBox()]);
  expect(field!.y + field!.height).toBeLessThanOrEqual(bar!.y);
  await expect(page.getByTestId('workspace-line')).toBeInViewport();
  // Read now: the badge goes.
  await expect(navTab(page, 'chat').getByTestId('chat-unread-badge')).toHaveCount(0);
  await expectNoSideScroll(page);
  await phoneShot(page, 'investigator-chat');
});

test('the Perito lands in the Sala del perito, reads the general room as read-only, sees its members', async ({
  page,
  asUser,
  apiAs,
}) => {
  const c = await fieldTeamCase(asUser, apiAs);
  // From the list's 'Gestionar caso' (a notice's link goes to the same /chat): their own room.
  await signIn(page, DEMO.perito, { at: '/casos' });
  const card = await caseCard(page, c.caso);
  await card.getByRole('button', { name: C.gestionar }).click();
  await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${c.id}/chat_perito$`));
  await expect(page.getByTestId('chat-room')).toHaveAttribute('data-room', 'perito');
  await expect(page.getByTestId('chat-room-name')).toHaveText(T.salas.perito);
  await expect(page.getByRole('textbox', { name: T.mensaje })).toBeVisible();
  await expectPhoneFrame(page, ['chat', 'informacion', 'chat_perito'], false);
  await phoneShot(page, 'perito-own-room');

  // Miembros de la sala (their room's): a sheet listing each member by name, without identification digits.
  // Who writes in a room is its member.
  await page.getByRole('textbox', { name: T.mensaje }).fill('Reviso las fotos esta tarde');
  await page.getByRole('textbox', { name: T.mensaje }).press('Enter');
  await expect(page.getByTestId('chat-message')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('chat-message')).toHaveCount(1);
  await page.getByRole('button', { name: T.miembros }).click();
  const members = page.getByTestId('chat-members');
  await expect(members).toBeVisible();
  await expect(members).toContainText(T.miembros);
  await expect(members.getByTestId('chat-member').filter({ hasText: '[Perito]' })).toHaveCount(1);
  for (const name of await members.getByTestId('chat-member').allTextContents())
    expect(name).not.toMatch(/ (?=\S{0,3}\d)\S{1,4} \[/);
  await phoneShot(page, 'perito-members');
  await page.keyboard.press('Escape');
  await expect(members).toHaveCount(0);

  // The general room, chosen in the bar: read-only, said positively; no refusal.
  await navTab(page, 'chat').click();
  await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${c.id}/chat$`));
  await expect(page.getByTestId('chat-read-only')).toHaveText(T.soloLecturaArchivos);
  await expect(page.getByTestId('chat-refusal')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: T.mensaje })).toHaveCount(0);
  await expect(page.getByTestId('chat-empty')).toContainText(T.sinMensajesArchivos);
  await phoneShot(page, 'perito-general-read-only');

  // A link straight to the general room (a notice's) lands in their room too; a reload of the
  // general room they chose keeps it, so the link is followed from another page.
  await page.goto('/casos');
  await page.goto(`/gestionar-caso/${c.id}/chat`);
  await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${c.id}/chat_perito$`));
});

test("the Dibujante lands in the Sala del dibujante; archiving sits behind the card's ⋮ and names the case", async ({
  page,
  asUser,
  apiAs,
}) => {
  const c = await fieldTeamCase(asUser, apiAs);
  // Under way (a case still Recibido may not be archived yet).
  await setCaseStatus(page.request, c.caso, 'En atención');
  await signIn(page, DEMO.dibujante, { at: `/gestionar-caso/${c.id}/chat` });
  await expect(page).toHaveURL(new RegExp(`/gestionar-caso/${c.id}/chat_dibujante$`));
  await expect(page.getByTestId('chat-room-name')).toHaveText(T.salas.dibujante);
  await expectPhoneFrame(page, ['chat', 'informacion', 'chat_dibujante'], false);

  await page.getByTestId('back-to-cases').click();
  const card = await caseCard(page, c.caso);
  // No archive button among the card's buttons: it is in the ⋮ menu, and asks first naming the case.
  await expect(card.getByRole('button', { name: C.archivarCaso })).toHaveCount(0);
  await card.getByRole('button', { name: fmt(C.masAcciones, { caso: c.caso }) }).click();
  await phoneShot(page, 'dibujante-card-menu');
  await page.getByRole('menuitem', { name: C.archivarCaso }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(fmt(MSG.archivarCaso, { n: c.caso }));
  await phoneShot(page, 'dibujante-archive-confirm');
  await confirm.getByRole('button', { name: MSG.cancelar }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
});
