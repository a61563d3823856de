import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type ChatPage } from '@vialex/domain';
import { casos, notificaciones, sesionesCliente, trazabilidad, usuarios } from '../src/db/schema/index.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

/**
 * The driver's entry over the API (spec 3 §2, §4, §7; spec 2 §4 "Automatic investigator
 * assignment"; decisions.md D2, D5): the link, the one-entry rule, Recibido → Verificado with its
 * notice, the client scope and its 120 minutes, and the nearest free investigator.
 */
let s: TestServer;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  s = await startTestServer({});
  const { user, email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
  admin = { id: user.id, cookie: await login(s.app, email) };
});
afterAll(async () => s?.close());
// Each test places its own investigators; earlier ones leave the pool.
beforeEach(async () => {
  await s.ctx.db
    .update(usuarios)
    .set({ disponibilidad: 'Fuera de su horario laboral' })
    .where(eq(usuarios.cargo, 'Investigador'));
});

const accident = { lat: 4.6865, lng: -74.0469 };
/** A Recibido case and a fresh link to it (as an SMS would carry). */
async function caseWithLink(overrides: Record<string, unknown> = {}) {
  const c = await createCaseAs(s.app, admin.cookie, await caseBody(s.ctx, overrides));
  const link = await issueClientLink(s.ctx, s.ctx.db, c.id, admin.id);
  return { id: c.id as string, caso: c.caso as number, token: link.token, linkId: link.id };
}
/** The entry as the page sends it: the driver ticked the privacy notice in force. */
const enter = (token: string, at = accident) =>
  s.app.inject({
    method: 'POST',
    url: '/api/cliente/entrada',
    payload: { token, ...at, autorizacion: s.ctx.config.privacy.version },
  });
const clientCookie = (res: { headers: Record<string, unknown> }) =>
  String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('vialex_cid='))).split(';')[0];
const caseRow = async (id: string) => (await s.ctx.db.select().from(casos).where(eq(casos.id, id)))[0];

/** A signed-in investigator at a place, free, with a position reported `minutesAgo`. */
async function investigator(
  at: { lat: number; lng: number },
  values: Partial<typeof usuarios.$inferInsert> = {},
  minutesAgo = 0,
) {
  const { user, email } = await createUser(s.ctx, { cargo: 'Investigador' });
  await login(s.app, email);
  await s.ctx.db
    .update(usuarios)
    .set({
      disponibilidad: 'Activo en espera',
      lat: at.lat,
      long: at.lng,
      gps: true,
      ubicacion_fecha: sql`now() - make_interval(mins => ${minutesAgo})`,
      ...values,
    })
    .where(eq(usuarios.id, user.id));
  return user.id;
}

describe('the link', () => {
  it('opens its case; a forged, revoked or expired link is "El caso no existe"', async () => {
    const c = await caseWithLink();
    const info = await s.app.inject({ method: 'GET', url: `/api/cliente/entrada/${c.token}` });
    expect(info.json()).toMatchObject({ caso: c.caso, privacidad: { requerida: true } });
    for (const token of [c.id, `${c.token.slice(0, -2)}xx`, 'x'.repeat(90)]) {
      const res = await s.app.inject({ method: 'GET', url: `/api/cliente/entrada/${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('El caso no existe');
      expect((await enter(token)).json().message).toBe('El caso no existe');
    }
    const revoked = await caseWithLink();
    await s.app.inject({
      method: 'POST',
      url: `/api/casos/${revoked.id}/enlaces/${revoked.linkId}/revocar`,
      headers: { cookie: admin.cookie },
    });
    const expired = await caseWithLink();
    await s.ctx.db.execute(
      sql`update enlaces_cliente set expira = now() - interval '1 minute' where id = ${expired.linkId}`,
    );
    for (const c2 of [revoked, expired]) expect((await enter(c2.token)).json().message).toBe('El caso no existe');
    expect((await caseRow(expired.id)).login).toBe(false);
  });

  it('a location is required', async () => {
    const c = await caseWithLink();
    const res = await s.app.inject({ method: 'POST', url: '/api/cliente/entrada', payload: { token: c.token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.ubicacionRequerida);
    const long = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/entrada',
      payload: { token: 'x'.repeat(5000), ...accident },
    });
    expect(long.json().message).toBe('El caso no existe');
    // A NUL byte, a wrong type: a clear 400 and nothing written.
    for (const payload of [
      { token: `${c.token}\u0000`, ...accident },
      { token: c.token, lat: '4.6', lng: -74 },
      { token: 42, ...accident },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: '/api/cliente/entrada', payload });
      expect([400, 404], JSON.stringify(payload)).toContain(res.statusCode);
      expect(res.json().message).toMatch(/\S/);
    }
    expect((await caseRow(c.id)).login).toBe(false);
  });
});

describe('entering (spec 3 §4)', () => {
  it('Recibido → Verificado at the client place, the trace, the case’s agents told; entering twice is refused', async () => {
    const lawyer = await createUser(s.ctx, { cargo: 'Abogado', ciudades: ['11001'] });
    const other = await createUser(s.ctx, { cargo: 'Abogado', ciudades: ['11001'] });
    const c = await caseWithLink({ direccion_siniestro: 'Calle 100 # 15-20' });
    await s.ctx.db.update(casos).set({ uidabogado: lawyer.user.id }).where(eq(casos.id, c.id));
    const res = await enter(c.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ caseId: c.id, caso: c.caso });
    expect(clientCookie(res)).toMatch(/^vialex_cid=.+/);
    const row = await caseRow(c.id);
    expect(row).toMatchObject({ estado: 'Verificado', login: true, ...accident });
    // The address staff typed stays (only an empty one is filled).
    expect(row.direccion_siniestro).toBe('CALLE 100 # 15-20');
    expect(row.fecha_ingreso).toBeInstanceOf(Date);
    const trail = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id));
    expect(trail.map((t) => t.descripcion)).toContain('Verificación del caso.');
    const [notice] = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, MSG.momentoIngresoCliente)));
    expect(notice.cuerpo).toBe(`Caso # ${c.caso}: el cliente ingresó y compartió su ubicación`);
    expect(notice.url).toBe(`/gestionar-caso/${c.id}/chat`);
    // The case's lawyer, not every lawyer of the city (a second NUEVO CASO is no news).
    expect(notice.destinatarios).toContain(lawyer.user.id);
    expect(notice.destinatarios).not.toContain(other.user.id);

    const again = await enter(c.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('No puede ingresar al caso, comuníquese con un asesor');
    expect((await s.app.inject({ method: 'GET', url: `/api/cliente/entrada/${c.token}` })).statusCode).toBe(409);
  });

  it('a case without address gets the reverse-geocoded one', async () => {
    const c = await caseWithLink();
    await s.ctx.db.update(casos).set({ direccion_siniestro: '' }).where(eq(casos.id, c.id));
    expect((await enter(c.token)).json().aviso).toBeNull();
    expect((await caseRow(c.id)).direccion_siniestro).toContain('4.6865');
  });
});

describe('the client scope', () => {
  it('their case, its general room and its map; no staff route, no other case', async () => {
    const c = await caseWithLink();
    const other = await caseWithLink();
    const cookie = clientCookie(await enter(c.token));
    const get = (url: string) => s.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get('/api/cliente/caso')).json()).toMatchObject({ caso: c.caso, estado: 'Verificado' });
    expect((await get('/api/cliente/mapa')).json()).toMatchObject({ acciones: { marcarLlegada: false } });
    // Staff routes do not know the client's cookie, for their own case or another.
    for (const url of ['/api/casos', `/api/casos/${other.id}/chats/general`, `/api/casos/${c.id}/mapa`])
      expect((await get(url)).statusCode, url).toBe(401);

    const sent = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/chat/mensajes',
      headers: { cookie },
      payload: { clientId: randomUUID(), content: 'Estoy en la esquina' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().mensaje.username).toMatch(/\[Cliente\]$/);
    const staff = await s.app.inject({
      method: 'GET',
      url: `/api/casos/${c.id}/chats/general`,
      headers: { cookie: admin.cookie },
    });
    expect((staff.json() as ChatPage).mensajes.map((m) => m.content)).toEqual(['Estoy en la esquina']);
    // The client's page of the room: no blocking, no drone photos; `yo` is their own member id
    // (their messages' sender), the staff's page names the admin.
    const own = (await get('/api/cliente/chat')).json() as ChatPage;
    expect(own.sala.acciones).toMatchObject({
      enviar: { allowed: true },
      bloquear: false,
      fotosDrone: false,
    });
    expect(own.sala.yo).toBe(sent.json().mensaje.senderId);
    expect(own.sala.miembros.map((m) => m.id)).toContain(own.sala.yo);
    expect((staff.json() as ChatPage).sala.yo).toBe(admin.id);
  });

  it('ends 120 minutes after the entry: 401, the flag cleared, the link opens the case again', async () => {
    const c = await caseWithLink();
    const cookie = clientCookie(await enter(c.token));
    await s.ctx.db
      .update(sesionesCliente)
      .set({ expira: new Date(Date.now() - 1000) })
      .where(eq(sesionesCliente.uidcaso, c.id));
    const res = await s.app.inject({ method: 'GET', url: '/api/cliente/yo', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sesionClienteTerminada);
    expect((await caseRow(c.id)).login).toBe(false);
    expect((await enter(c.token)).statusCode).toBe(200);
  });

  it('leaving signs out and clears the flag', async () => {
    const c = await caseWithLink();
    const cookie = clientCookie(await enter(c.token));
    expect((await s.app.inject({ method: 'POST', url: '/api/cliente/salir', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await s.app.inject({ method: 'GET', url: '/api/cliente/yo', headers: { cookie } })).statusCode).toBe(401);
    expect((await caseRow(c.id)).login).toBe(false);
  });
});

describe('automatic investigator assignment (spec 2 §4)', () => {
  it('the nearest free, signed-in investigator with a fresh position under 30 km', async () => {
    const near = await investigator({ lat: 4.7, lng: -74.05 }); // ~1.5 km
    await investigator({ lat: 4.687, lng: -74.047 }, { disponibilidad: 'Activo ocupado' }); // nearer, busy
    await investigator({ lat: 4.6866, lng: -74.047 }, {}, 60); // nearest, position an hour old
    await investigator({ lat: 4.6866, lng: -74.0468 }, { gps: false }); // location off
    await investigator({ lat: 5.05, lng: -74.05 }); // ~40 km
    const c = await caseWithLink();
    const res = await enter(c.token);
    expect(res.json().asignacion).toMatchObject({ message: MSG.casoAsignado });
    const row = await caseRow(c.id);
    expect(row.uidinvestigador).toBe(near);
    const [agent] = await s.ctx.db.select().from(usuarios).where(eq(usuarios.id, near));
    expect(agent.disponibilidad).toBe('Activo ocupado');
  });

  it("none free: 'No hay investigadores disponibles.'; outside the three cities nothing is tried", async () => {
    await investigator({ lat: 5.05, lng: -74.05 });
    const c = await caseWithLink();
    const coordinator = await createUser(s.ctx, { cargo: 'Coordinador Investigador' });
    expect((await enter(c.token)).json().asignacion).toEqual({
      investigador: null,
      message: 'No hay investigadores disponibles.',
    });
    // The dispatch desk hears of the case waiting.
    const [alert] = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, 'Caso sin investigador')));
    expect(alert.destinatarios).toEqual(expect.arrayContaining([coordinator.user.id, admin.id]));
    await investigator({ lat: 6.25, lng: -75.58 });
    const medellin = await caseWithLink({ departamento: '05', uidciudad: '05001' });
    expect((await enter(medellin.token, { lat: 6.2442, lng: -75.5812 })).json().asignacion).toBeNull();
  });

  it('cases entering together never get the same investigator', async () => {
    const team = [
      await investigator({ lat: 4.69, lng: -74.05 }),
      await investigator({ lat: 4.7, lng: -74.05 }),
      await investigator({ lat: 4.71, lng: -74.05 }),
    ];
    const cases = await Promise.all([caseWithLink(), caseWithLink(), caseWithLink()]);
    await Promise.all(cases.map((c) => enter(c.token)));
    const assigned = await Promise.all(cases.map(async (c) => (await caseRow(c.id)).uidinvestigador));
    expect(new Set(assigned)).toEqual(new Set(team));
  });

  it('an assigned investigator who neither arrives nor gets nearer is reported to the desk once, after the set time', async () => {
    const { alertStalledAssignments } = await import('../src/modules/cases/client-entry-service.js');
    const coordinator = await createUser(s.ctx, { cargo: 'Coordinador Investigador' });
    const stalled = await investigator({ lat: 4.7, lng: -74.05 });
    const a = await caseWithLink();
    await enter(a.token);
    expect((await caseRow(a.id)).uidinvestigador).toBe(stalled);
    const moving = await investigator({ lat: 4.72, lng: -74.05 });
    const b = await caseWithLink();
    await enter(b.token);
    expect((await caseRow(b.id)).uidinvestigador).toBe(moving);
    // Twenty minutes later: one stayed put, the other drove nearer.
    await s.ctx.db
      .update(casos)
      .set({ asignacion_auto_fecha: new Date(Date.now() - 20 * 60_000) })
      .where(sql`${casos.id} in (${a.id}, ${b.id})`);
    await s.ctx.db.update(usuarios).set({ lat: 4.69, ubicacion_fecha: new Date() }).where(eq(usuarios.id, moving));
    await s.ctx.db.update(usuarios).set({ ubicacion_fecha: new Date() }).where(eq(usuarios.id, stalled));
    expect(await alertStalledAssignments(s.ctx)).toBe(1);
    expect(await alertStalledAssignments(s.ctx)).toBe(0);
    const alerts = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(eq(notificaciones.momento, 'Investigador sin avance'));
    expect(alerts.map((n) => n.uidcaso)).toEqual([a.id]);
    expect(alerts[0].destinatarios).toContain(coordinator.user.id);
  });
});
