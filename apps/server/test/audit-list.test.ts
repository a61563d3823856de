import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGOS, LABELS, MSG, type Cargo } from '@vialex/domain';
import { recordAudit } from '../src/modules/audit/record.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, signInEveryCargo } from './factories.js';
import { openLiveSocket } from './live-socket.js';

/**
 * AUDITORÍA's list and CSV: the Administrador's only (403 for every other cargo before anything
 * is read), filters by who, what, target and day, keyset pages of 10, newest first.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
let targetId: string;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app, { area: 'ADMINISTRACIÓN' });
  // 12 edits of one user by the Administrador through the API, and one record of the CLI.
  const { user } = await createUser(s.ctx, {
    cargo: 'Perito',
    nombres: 'MARTA',
    apellidos: 'LISTADA',
    area: 'PERITAJE',
  });
  targetId = user.id;
  for (let i = 0; i < 12; i++) {
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${user.id}`,
      headers: as('Administrador'),
      payload: {
        nombres: 'MARTA',
        apellidos: 'LISTADA',
        identificacion: String(user.identificacion),
        telefono: user.telefono,
        email: user.email,
        cargo: i % 2 ? 'Perito' : 'Investigador',
        area: 'PERITAJE',
        estado: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await s.ctx.db.transaction((tx) =>
    recordAudit(tx, {
      actor: 'CLI',
      accion: 'usuario.sesion_terminada',
      objeto: { tipo: 'usuario', id: user.id, etiqueta: 'MARTA LISTADA' },
      antes: { login: true },
      despues: { login: false },
    }),
  );
});
afterAll(async () => s?.close());

const as = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const criteria = (c: object[]) => encodeURIComponent(JSON.stringify(c));
const list = (query = '', cargo: Cargo = 'Administrador') =>
  s.app.inject({ method: 'GET', url: `/api/auditoria${query}`, headers: as(cargo) });

describe('who may read it', () => {
  it.each(CARGOS.filter((c) => c !== 'Administrador'))(
    '%s: 403 for the list and the CSV, whatever it asks',
    async (cargo) => {
      for (const url of ['/api/auditoria', '/api/auditoria.csv', '/api/auditoria?limit=abc&criteria=%7B']) {
        const res = await s.app.inject({ method: 'GET', url, headers: as(cargo) });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(MSG.noAutorizado);
      }
    },
  );

  it('signed out: 401', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/auditoria' })).statusCode).toBe(401);
  });

  it('nobody writes it through the API', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      expect((await s.app.inject({ method, url: '/api/auditoria', headers: as('Administrador') })).statusCode).toBe(
        404,
      );
  });
});

describe('the list', () => {
  it('pages of 10, newest first, forward and back, without a record twice', async () => {
    const q = `?criteria=${criteria([{ field: 'objeto', op: 'eq', value: 'marta listada' }])}`;
    const first = await list(q);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.rows).toHaveLength(10);
    expect(page1.permissions).toEqual({ write: false });
    expect(page1.rows[0]).toMatchObject({ actor: 'CLI', accion: 'usuario.sesion_terminada', ip: null });
    const dates = page1.rows.map((r: { fecha: string }) => r.fecha);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = (await list(`${q}&cursor=${page1.nextCursor}`)).json();
    // 12 edits + the user's creation is not recorded (created by a factory) + 1 CLI record = 13.
    expect(page2.rows).toHaveLength(3);
    expect(page2.nextCursor).toBeNull();
    const ids = new Set([...page1.rows, ...page2.rows].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(13);
    const back = (await list(`${q}&cursor=${page2.prevCursor}&dir=prev`)).json();
    expect(back.rows.map((r: { id: string }) => r.id)).toEqual(page1.rows.map((r: { id: string }) => r.id));
  });

  it('each row says who, from where, what, and before → after', async () => {
    const q = `?criteria=${criteria([{ field: 'accion', op: 'eq', value: 'usuario.editado' }])}`;
    const row = (await list(q)).json().rows.find((r: { objetoId: string }) => r.objetoId === targetId);
    expect(row).toMatchObject({
      actorId: viewers.get('Administrador')!.id,
      cargo: 'Administrador',
      ip: '127.0.0.1',
      objetoTipo: 'usuario',
      objeto: 'MARTA LISTADA',
    });
    expect(Object.keys(row.antes)).toEqual(['cargo']);
    expect(Object.keys(row.despues)).toEqual(['cargo']);
  });

  it('filters by who (upper-cased), by action, by target type, and by a range of days', async () => {
    const rows = async (c: object[]) =>
      (await list(`?limit=50&criteria=${criteria(c)}`)).json().rows as {
        actor: string;
        accion: string;
        fecha: string;
      }[];
    const cli = await rows([{ field: 'actor', op: 'eq', value: 'cli' }]);
    expect(cli.length).toBeGreaterThan(0);
    expect(cli.every((r) => r.actor === 'CLI')).toBe(true);
    const edits = await rows([{ field: 'accion', op: 'eq', value: 'usuario.editado' }]);
    expect(edits).toHaveLength(12);
    expect(await rows([{ field: 'objetoTipo', op: 'eq', value: 'vehiculo' }])).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    const inRange = await rows([
      { field: 'fecha', op: 'gte', value: today },
      { field: 'fecha', op: 'lte', value: today },
      { field: 'accion', op: 'eq', value: 'usuario.editado' },
    ]);
    expect(inRange).toHaveLength(12);
    expect(await rows([{ field: 'fecha', op: 'lt', value: '2020-01-01' }])).toEqual([]);
  });

  it('refuses what it does not know with a clear 400', async () => {
    const unknown = await list(`?criteria=${criteria([{ field: 'antes', op: 'eq', value: 'x' }])}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/antes/);
    const badDay = await list(`?criteria=${criteria([{ field: 'fecha', op: 'eq', value: '2026-02-30' }])}`);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toBe(MSG.fechaNoValida);
    expect((await list('?cursor=nope')).statusCode).toBe(400);
  });
});

describe('the CSV', () => {
  it('every record the criteria select, in words, streamed with a byte-order mark', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/auditoria.csv?criteria=${criteria([{ field: 'objeto', op: 'eq', value: 'MARTA LISTADA' }])}`,
      headers: as('Administrador'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="auditoria_\d{4}-\d{2}-\d{2}\.csv"/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const T = LABELS.auditoria;
    expect(lines[0]).toBe(
      [T.fecha, T.quien, T.cargo, T.ip, T.accion, T.objetoTipo, T.objeto, T.antes, T.despues].join(','),
    );
    expect(lines).toHaveLength(14);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},CLI,,,Sesión terminada,Usuario,MARTA LISTADA,Sesión iniciada: Sí,Sesión iniciada: No$/,
    );
    expect(lines[2]).toMatch(
      /,Administrador,127\.0\.0\.1,Usuario editado,Usuario,MARTA LISTADA,Cargo: (Perito|Investigador),Cargo: (Perito|Investigador)$/,
    );
  });

  it('nothing selected: 404 No hay datos para exportar', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/auditoria.csv?criteria=${criteria([{ field: 'objeto', op: 'eq', value: 'NADIE' }])}`,
      headers: as('Administrador'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.noHayDatosExportar);
  });
});

describe('live', () => {
  it('the Administrador hears AUDITORÍA change as an act is recorded; another cargo may not follow it', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
    const admin = await openLiveSocket(base, as('Administrador'));
    const coord = await openLiveSocket(base, as('Coordinador Contact Center'));
    for (const tab of [admin, coord]) {
      await tab.next((m) => m.type === 'ready');
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:auditoria' }));
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
      await tab.sync();
    }
    await s.ctx.db.transaction(async (tx) => {
      await recordAudit(tx, { actor: 'Sistema', accion: 'caso.archivado', objeto: { tipo: 'caso', etiqueta: '# 1' } });
      // Published after the record in one transaction, so delivered after it.
      await s.ctx.hub.publish(tx, 'list:casos', { name: 'list.changed', list: 'casos' });
    });
    const heard = (tab: typeof admin) =>
      tab.messages.flatMap((m) => (m.type === 'event' && m.event.name === 'list.changed' ? [m.event.list] : []));
    for (const tab of [admin, coord])
      await tab.next((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list === 'casos');
    expect(heard(admin)).toEqual(['auditoria', 'casos']);
    expect(heard(coord)).toEqual(['casos']);
    admin.ws.close();
    coord.ws.close();
  });
});
