import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MSG,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  notificationPageResponse,
  notificationResponse,
  type LiveServerMessage,
} from '@vialex/domain';
import { notificaciones } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { openLiveSocket } from './live-socket.js';

let s: TestServer;
let base: string;
let admin: string;
let coord: string;
let lawyer: { id: string; cookie: string };
let other: { id: string; cookie: string };
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  admin = await login(s.app, (await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' })).email);
  coord = await login(s.app, (await createUser(s.ctx, { cargo: 'Coordinador Abogado', area: 'JURÍDICA' })).email);
  const l = await createUser(s.ctx, { cargo: 'Abogado', area: 'JURÍDICA' });
  lawyer = { id: l.user.id, cookie: await login(s.app, l.email) };
  const o = await createUser(s.ctx, { cargo: 'Abogado', area: 'JURÍDICA' });
  other = { id: o.user.id, cookie: await login(s.app, o.email) };
});
afterAll(async () => s?.close());

const get = (cookie: string, query: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url: '/api/notificaciones', headers: { cookie }, query });
const post = (cookie: string, url: string) => s.app.inject({ method: 'POST', url, headers: { cookie } });
const page = (res: { json(): unknown }) => notificationPageResponse.parse(res.json());

/** Records a notice naming these users, as the case services do (created a moment apart when asked). */
async function notice(recipients: string[], titulo = 'Aviso', at?: Date) {
  const [row] = await s.ctx.db
    .insert(notificaciones)
    .values({
      cedula: '',
      momento: 'Prueba',
      titulo,
      cuerpo: 'cuerpo',
      url: '/casos',
      destinatarios: recipients,
      ...(at ? { fechahora: at } : {}),
    })
    .returning({ id: notificaciones.id });
  return row.id;
}

/** Opens /api/live with the cookie and waits for its first message; `found()` waits for the first matching `pred`. */
async function liveEvent(cookie: string, pred: (m: LiveServerMessage) => boolean) {
  const live = await openLiveSocket(base, { cookie });
  await live.next(() => true);
  return { ...live, found: () => live.next(pred) };
}

describe('notification centre', () => {
  it('an assignment reaches the lawyer: listed newest first, unread, and heard live after commit', async () => {
    const c = await createCaseAs(s.app, admin, await caseBody(s.ctx));
    const before = page(await get(lawyer.cookie));
    const tab = await liveEvent(lawyer.cookie, (m) => m.type === 'event' && m.event.name === 'notification.created');
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/asignar`,
      headers: { cookie: coord },
      payload: { tipo: 'Abogado', usuario: lawyer.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const heard = await tab.found();
    tab.ws.close();

    const after = page(await get(lawyer.cookie));
    const newest = after.rows[0];
    expect(newest).toMatchObject({ titulo: MSG.casoAsignado, momento: MSG.momentoAsignacionCaso, caso: c.caso });
    expect(newest.leida).toBe(false);
    expect(newest.url).toBeTruthy();
    expect(heard).toMatchObject({ topic: `user:${lawyer.id}`, event: { id: newest.id } });
    expect(after.unread).toBe(before.unread + 1);
    // Exactly the contract's shape, nothing more (no recipients list of other users).
    expect(() => z.array(notificationResponse.strict()).parse(after.rows)).not.toThrow();
    // The other lawyer was not named.
    expect(page(await get(other.cookie)).rows.map((r) => r.id)).not.toContain(newest.id);
  });

  it('marks one read (once), answers the unread count, and tells the other tabs', async () => {
    const id = await notice([lawyer.id, other.id]);
    const unread = page(await get(lawyer.cookie)).unread;
    const tab = await liveEvent(lawyer.cookie, (m) => m.type === 'event' && m.event.name === 'notifications.read');
    const res = await post(lawyer.cookie, `/api/notificaciones/${id}/leida`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: unread - 1 });
    await tab.found();
    tab.ws.close();
    expect(page(await get(lawyer.cookie)).rows.find((r) => r.id === id)?.leida).toBe(true);
    // Again: nothing changes.
    expect((await post(lawyer.cookie, `/api/notificaciones/${id}/leida`)).json()).toEqual({ unread: unread - 1 });
    // Read state is per user: the other recipient still has it unread.
    expect(page(await get(other.cookie)).rows.find((r) => r.id === id)?.leida).toBe(false);
  });

  it("another user's notification is 404 and stays unread for its recipient", async () => {
    const id = await notice([other.id]);
    const res = await post(lawyer.cookie, `/api/notificaciones/${id}/leida`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: MSG.notificacionNoExiste });
    expect(page(await get(other.cookie)).rows.find((r) => r.id === id)?.leida).toBe(false);
    expect(page(await get(lawyer.cookie)).rows.map((r) => r.id)).not.toContain(id);
  });

  it("'Marcar todas como leídas' marks only the viewer's", async () => {
    const mine = await notice([lawyer.id]);
    const shared = await notice([lawyer.id, other.id]);
    const res = await post(lawyer.cookie, '/api/notificaciones/leidas');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 0 });
    const rows = page(await get(lawyer.cookie, { limit: String(NOTIFICATIONS_MAX_PAGE_SIZE) })).rows;
    expect(rows.every((r) => r.leida)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([mine, shared]));
    expect(page(await get(other.cookie)).rows.find((r) => r.id === shared)?.leida).toBe(false);
    // Nothing left: still 0.
    expect((await post(lawyer.cookie, '/api/notificaciones/leidas')).json()).toEqual({ unread: 0 });
  });

  it('pages newest first without losing or repeating a notice, also those recorded in the same instant', async () => {
    const reader = await createUser(s.ctx, { cargo: 'Perito', area: 'PERITAJE' });
    const cookie = await login(s.app, reader.email);
    const sameInstant = new Date('2026-01-10T10:00:00.123456Z');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await notice([reader.user.id], `t${i}`, new Date(Date.UTC(2026, 0, 1 + i))));
    for (let i = 0; i < 4; i++) ids.push(await notice([reader.user.id], `same${i}`, sameInstant));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(cookie, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const p = page(res);
      expect(p.rows.length).toBeLessThanOrEqual(2);
      seen.push(...p.rows.map((r) => r.id));
      cursor = p.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(ids.length);
    expect(new Set(seen)).toEqual(new Set(ids));
    // Newest first: the four of the same instant (2026-01-10), then January 5th down to the 1st.
    expect(seen.slice(4)).toEqual(ids.slice(0, 5).reverse());
    expect(page(await get(cookie)).unread).toBe(9);
  });

  it('refuses bad input in Spanish: a wrong id, a NUL, a huge or forged cursor, a bad page size', async () => {
    const refusals: [string, number, string | undefined][] = [];
    const check = async (res: { statusCode: number; json(): { message: string; code: string } }, status = 400) => {
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body.code).toBeTruthy();
      expect(body.message).toMatch(/[a-záéíóúñ]/i);
      expect(body.message).not.toMatch(/invalid|expected|required|must/i);
      refusals.push([res.statusCode + '', status, body.message]);
    };
    await check(await post(lawyer.cookie, '/api/notificaciones/123/leida'));
    expect((await post(lawyer.cookie, '/api/notificaciones/123/leida')).json().message).toBe(MSG.notificacionNoExiste);
    await check(await post(lawyer.cookie, '/api/notificaciones/%00/leida'));
    await check(await get(lawyer.cookie, { cursor: 'x'.repeat(10_000) }));
    await check(await get(lawyer.cookie, { cursor: 'no-es-un-cursor' }));
    const forged = Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z'); drop table x; --", 'a'])).toString(
      'base64url',
    );
    expect((await get(lawyer.cookie, { cursor: forged })).json()).toMatchObject({ message: MSG.cursorNoValido });
    await check(await get(lawyer.cookie, { cursor: forged }));
    await check(await get(lawyer.cookie, { cursor: 'a\u0000' }));
    await check(await get(lawyer.cookie, { limit: 'mucho' }));
    await check(await get(lawyer.cookie, { limit: '0' }));
    await check(await get(lawyer.cookie, { limit: String(NOTIFICATIONS_MAX_PAGE_SIZE + 1) }));
    await check(await get(lawyer.cookie, { limit: '1e400' }));
    expect(refusals.length).toBeGreaterThan(5);
  });

  it('answers 401 without a session, before reading anything', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/notificaciones' })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'POST', url: '/api/notificaciones/leidas' })).statusCode).toBe(401);
  });
});
