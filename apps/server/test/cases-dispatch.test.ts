import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CARGOS, CASE_SCOPE, MSG, can, type Cargo } from '@vialex/domain';
import {
  casos,
  chats,
  clientes,
  notificaciones,
  sesiones,
  trazabilidad,
  trazabilidadestado,
  usuarios,
} from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow, signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { casePageResponse, caseResponse } from '@vialex/domain';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());
const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const post = (url: string, cargo: Cargo, payload: object = {}) =>
  s.app.inject({ method: 'POST', url, headers: h(cargo), payload });
const newCase = async (overrides: Record<string, unknown> = {}) =>
  createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx, overrides));
const setCase = (caseId: string, values: Partial<typeof casos.$inferInsert>) =>
  s.ctx.db.update(casos).set(values).where(eq(casos.id, caseId));
const listIds = async (cargo: Cargo, archived = false) =>
  (
    (
      await s.app.inject({
        method: 'GET',
        url: `/api/casos${archived ? '/archivados' : ''}?limit=500`,
        headers: h(cargo),
      })
    ).json().rows as { id: string }[]
  ).map((r) => r.id);

describe('cases list scope (spec 2 §6)', () => {
  it('a page is exactly the documented shape (it is written without zod, so this holds it to the schema)', async () => {
    await newCase();
    for (const cargo of CARGOS) {
      for (const url of ['/api/casos', '/api/casos/archivados']) {
        const body = (await s.app.inject({ method: 'GET', url, headers: h(cargo) })).json();
        const strict = casePageResponse.extend({ rows: z.array(caseResponse.strict()) });
        expect(() => strict.parse(body), `${cargo} ${url}`).not.toThrow();
      }
    }
    const rows = (await s.app.inject({ method: 'GET', url: '/api/casos', headers: h('Administrador') })).json().rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].creado).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('each cargo sees exactly its rows', async () => {
    const unassigned = await newCase();
    const mine = await newCase();
    await setCase(mine.id, {
      uidcontactcenter: id('Call Center'),
      uidinvestigador: id('Investigador'),
      uidabogado: id('Abogado'),
      uidabogadocait: id('Abogado CAIT'),
      uidperito: id('Perito'),
      uiddibujante: id('Dibujante'),
      solicitud_perito: true,
    });
    const requested = await newCase();
    await setCase(requested.id, { solicitud_dibujante: true });
    const archived = await newCase();
    await setCase(archived.id, { archivado: true, uidinvestigador: id('Investigador') });

    const expectations: Record<Cargo, { sees: string[]; not: string[] }> = {} as never;
    for (const cargo of CARGOS) {
      const scope = CASE_SCOPE[cargo].kind;
      const all = [unassigned.id, mine.id, requested.id];
      expectations[cargo] =
        scope === 'all'
          ? { sees: all, not: [archived.id] }
          : scope === 'contactcenter'
            ? { sees: [mine.id], not: [unassigned.id, requested.id] }
            : scope === 'own'
              ? { sees: [mine.id], not: [unassigned.id, requested.id, archived.id] }
              : scope === 'ownOrUnassigned'
                ? { sees: [unassigned.id, mine.id, requested.id], not: [archived.id] }
                : scope === 'ownOrRequested'
                  ? { sees: [mine.id, requested.id], not: [unassigned.id] }
                  : { sees: [mine.id], not: [unassigned.id, requested.id] };
    }
    for (const cargo of CARGOS) {
      const ids = await listIds(cargo);
      for (const x of expectations[cargo].sees) expect(ids, `${cargo} should see`).toContain(x);
      for (const x of expectations[cargo].not) expect(ids, `${cargo} should not see`).not.toContain(x);
    }
    expect(await listIds('Investigador', true)).toContain(archived.id);
    expect(await listIds('Investigador', true)).not.toContain(mine.id);
  });

  it('a Coordinador Perito sees a case whose Perito was put on it without a request', async () => {
    const assigned = await newCase();
    await setCase(assigned.id, { uidperito: id('Perito'), solicitud_perito: false });
    expect(await listIds('Coordinador Perito')).toContain(assigned.id);
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/casos/${assigned.id}/espacio`,
      headers: h('Coordinador Perito'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pestanas).toContain('chat_perito');
  });

  it('pages forward and back with no case skipped or repeated, in every scope shape', async () => {
    const inv = await createUser(s.ctx, { cargo: 'Investigador' });
    const invCookie = await login(s.app, inv.email);
    for (let i = 0; i < 12; i++) {
      const c = await newCase();
      if (i % 2 === 0) await setCase(c.id, { uidinvestigador: inv.user.id });
    }
    for (const cookie of [h('Administrador').cookie, invCookie]) {
      const walk = async (cursor?: string, dir = 'next') =>
        (
          await s.app.inject({
            method: 'GET',
            url: `/api/casos${cursor ? `?cursor=${cursor}&dir=${dir}` : ''}`,
            headers: { cookie },
          })
        ).json();
      const all = (await s.app.inject({ method: 'GET', url: '/api/casos?limit=500', headers: { cookie } }))
        .json()
        .rows.map((r: { caso: number }) => r.caso);
      const seen: number[] = [];
      const pages = [];
      let page = await walk();
      for (;;) {
        pages.push(page);
        seen.push(...page.rows.map((r: { caso: number }) => r.caso));
        if (!page.nextCursor) break;
        page = await walk(page.nextCursor);
      }
      expect(seen).toEqual(all);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
      if (pages.length > 1) {
        const back = await walk(pages[1].prevCursor, 'prev');
        expect(back.rows.map((r: { id: string }) => r.id)).toEqual(pages[0].rows.map((r: { id: string }) => r.id));
      }
    }
    const invRows = (
      await s.app.inject({ method: 'GET', url: '/api/casos?limit=500', headers: { cookie: invCookie } })
    ).json().rows;
    expect(invRows).toHaveLength(6);
  });

  it('filters only on Caso (integer) and Placa', async () => {
    const c = await newCase();
    const q = (crit: object[]) =>
      s.app.inject({
        method: 'GET',
        url: `/api/casos?criteria=${encodeURIComponent(JSON.stringify(crit))}`,
        headers: h('Administrador'),
      });
    expect(
      (await q([{ field: 'caso', op: 'eq', value: String(c.caso) }])).json().rows.map((r: { id: string }) => r.id),
    ).toEqual([c.id]);
    expect((await q([{ field: 'placa', op: 'eq', value: c.placa.toLowerCase() }])).json().rows[0].id).toBe(c.id);
    expect((await q([{ field: 'estado', op: 'eq', value: 'Recibido' }])).statusCode).toBe(400);
    expect((await q([{ field: 'caso', op: 'eq', value: 'uno' }])).statusCode).toBe(400);
  });

  it('answers every criteria shape the same, past the number of shapes kept prepared', async () => {
    const c = await newCase();
    const ops = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
    const q = async (crit: object[]) => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/casos?limit=500&criteria=${encodeURIComponent(JSON.stringify(crit))}`,
        headers: h('Administrador'),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().rows as { id: string }[]).some((r) => r.id === c.id);
    };
    // caso compared with caso + 1 (the case satisfies lt, lte, ne), placa with its own (eq, lte, gte);
    // then
    // every pair of two criteria in both orders: 6 + 72 shapes, more than are kept prepared.
    const crit = (op: (typeof ops)[number], field: 'caso' | 'placa') =>
      field === 'caso' ? { field, op, value: String(c.caso + 1) } : { field, op, value: c.placa };
    const matches = (op: (typeof ops)[number], field: 'caso' | 'placa') =>
      field === 'caso' ? ['lt', 'lte', 'ne'].includes(op) : ['eq', 'lte', 'gte'].includes(op);
    for (const op of ops) expect(await q([crit(op, 'caso')]), `caso ${op}`).toBe(matches(op, 'caso'));
    for (const a of ops)
      for (const b of ops)
        for (const order of [
          ['caso', 'placa'],
          ['placa', 'caso'],
        ] as const) {
          const [x, y] = order;
          const ax = x === 'caso' ? a : b;
          const by = y === 'caso' ? a : b;
          expect(await q([crit(ax, x), crit(by, y)]), `${x} ${ax}, ${y} ${by}`).toBe(matches(ax, x) && matches(by, y));
        }
  });
});

describe('row actions refused for other cargos', () => {
  it.each(CARGOS)('%s', async (cargo) => {
    const c = await newCase({ placa: 'SEG456' });
    await setCase(c.id, { estado: 'Verificado' });
    const expectRefused = async (url: string, allowed: boolean, payload: object = {}) => {
      const res = await post(url, cargo, payload);
      if (!allowed) expect(res.statusCode, url).toBeOneOf([403, 404]);
      return res;
    };
    await expectRefused(
      `/api/casos/${c.id}/solicitar`,
      can(cargo, 'casos.request') && cargo !== 'Coordinador Investigador' && cargo !== 'Investigador',
      { tipo: 'Abogado' },
    );
    await expectRefused(`/api/casos/${c.id}/asignar`, can(cargo, 'casos.assign'), {
      tipo: 'Abogado',
      usuario: id('Abogado'),
    });
    await expectRefused(`/api/casos/${c.id}/autorizar-atencion`, can(cargo, 'casos.authorizeAttention'));
    await expectRefused(`/api/casos/${c.id}/tomar`, can(cargo, 'casos.take'), { tomar: true });
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    // Nobody but an assigner put this lawyer there (an Abogado may take the case itself).
    if (!can(cargo, 'casos.assign') && cargo !== 'Abogado') expect(row.uidabogado).toBeNull();
  });
});

describe('assign', () => {
  it('refuses a NUL byte, a wrong type or a huge value in the user with nothing written; two assigns at once are taken one after the other', async () => {
    const c = await newCase();
    const assign = (usuario: unknown) =>
      post(`/api/casos/${c.id}/asignar`, 'Coordinador Investigador', { tipo: 'Investigador', usuario });
    for (const [usuario, message] of [
      [`${id('Investigador')}\u0000`, MSG.caracteresNoPermitidos],
      [42, MSG.campoRequerido],
      ['a'.repeat(100_000), MSG.campoRequerido],
    ] as const) {
      const res = await assign(usuario);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [untouched] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    expect(untouched.uidinvestigador).toBeNull();

    const [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const agent = await createUser(s.ctx, { cargo: 'Investigador' });
        await login(s.app, agent.email);
        return agent.user.id;
      }),
    );
    const answers = await Promise.all([assign(first), assign(second)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    // The case's lock orders them: the slot holds the later one, the one it replaced is free again.
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    const replaced = row.uidinvestigador === first ? second : first;
    expect([first, second]).toContain(row.uidinvestigador);
    expect((await userRow(s.ctx, row.uidinvestigador!)).disponibilidad).toMatch(/^Activo (ocupado|múltiple)$/);
    expect((await userRow(s.ctx, replaced)).disponibilidad).toBe('Activo en espera');
  });

  it('offers only matching, available, city-covering users, then recounts the agent', async () => {
    const c = await newCase();
    const away = await createUser(s.ctx, { cargo: 'Investigador' }); // never signed in: off-shift
    const elsewhere = await createUser(s.ctx, { cargo: 'Investigador', ciudades: ['05001'] });
    await login(s.app, elsewhere.email);
    const candidates = (
      await s.app.inject({
        method: 'GET',
        url: `/api/casos/${c.id}/candidatos?tipo=Investigador`,
        headers: h('Coordinador Investigador'),
      })
    ).json();
    const ids = candidates.map((u: { id: string }) => u.id);
    expect(ids).toContain(id('Investigador'));
    expect(ids).not.toContain(away.user.id);
    expect(ids).not.toContain(elsewhere.user.id);
    expect(
      (
        await s.app.inject({
          method: 'GET',
          url: `/api/casos/${c.id}/candidatos?tipo=Abogado`,
          headers: h('Coordinador Investigador'),
        })
      ).statusCode,
    ).toBe(403);

    // Assigning holds to the same list: off-shift, another city, another cargo, nobody at all.
    for (const usuario of [away.user.id, elsewhere.user.id, id('Perito'), crypto.randomUUID()]) {
      const refused = await post(`/api/casos/${c.id}/asignar`, 'Coordinador Investigador', {
        tipo: 'Investigador',
        usuario,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('El usuario no está disponible para este caso');
    }
    const res = await post(`/api/casos/${c.id}/asignar`, 'Coordinador Investigador', {
      tipo: 'Investigador',
      usuario: id('Investigador'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().investigador).toMatchObject({ id: id('Investigador'), solicitado: false });
    expect((await userRow(s.ctx, id('Investigador'))).disponibilidad).toMatch(/^Activo (ocupado|múltiple)$/);
    expect(
      (await post(`/api/casos/${c.id}/asignar`, 'Coordinador Investigador', { tipo: 'Perito', usuario: id('Perito') }))
        .statusCode,
    ).toBe(403);
  });

  it('offers only agents holding a live session, whatever their availability says; assigning one who left is refused', async () => {
    const c = await newCase();
    const expired = await createUser(s.ctx, { cargo: 'Investigador' });
    const forcedOut = await createUser(s.ctx, { cargo: 'Investigador' });
    await login(s.app, expired.email);
    await login(s.app, forcedOut.email);
    const candidateIds = async () =>
      (
        await s.app.inject({
          method: 'GET',
          url: `/api/casos/${c.id}/candidatos?tipo=Investigador`,
          headers: h('Coordinador Investigador'),
        })
      )
        .json()
        .map((u: { id: string }) => u.id);
    expect(await candidateIds()).toEqual(expect.arrayContaining([expired.user.id, forcedOut.user.id]));

    // One session outlived duracion_sesion, the other was removed; both still read 'Activo en espera'.
    const { duracion_sesion } = await userRow(s.ctx, expired.user.id);
    await s.ctx.db
      .update(sesiones)
      .set({ creado: new Date(Date.now() - (duracion_sesion + 1) * 60_000) })
      .where(eq(sesiones.usuario, expired.user.id));
    await s.ctx.db.delete(sesiones).where(eq(sesiones.usuario, forcedOut.user.id));
    await s.ctx.db.update(usuarios).set({ disponibilidad: 'Activo en espera' }).where(eq(usuarios.id, expired.user.id));
    await s.ctx.db
      .update(usuarios)
      .set({ disponibilidad: 'Activo en espera' })
      .where(eq(usuarios.id, forcedOut.user.id));

    const ids = await candidateIds();
    expect(ids).toContain(id('Investigador'));
    expect(ids).not.toContain(expired.user.id);
    expect(ids).not.toContain(forcedOut.user.id);
    for (const agent of [expired, forcedOut]) {
      const res = await post(`/api/casos/${c.id}/asignar`, 'Coordinador Investigador', {
        tipo: 'Investigador',
        usuario: agent.user.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('El usuario no está disponible para este caso');
    }
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    expect(row.uidinvestigador).toBeNull();
  });
});

describe('request agent', () => {
  it('Perito is denied on a SIN PLAN case, allowed on SEGURO TERCERO; the room is created once', async () => {
    const sinPlan = await newCase();
    await setCase(sinPlan.id, { uidinvestigador: id('Investigador') });
    const denied = await post(`/api/casos/${sinPlan.id}/solicitar`, 'Investigador', { tipo: 'Perito' });
    expect(denied.statusCode).toBe(422);
    expect(denied.json()).toMatchObject({
      code: 'PLAN_DENIED',
      message: 'El plan adquirido no cuenta con este servicio',
    });
    const [unchanged] = await s.ctx.db.select().from(casos).where(eq(casos.id, sinPlan.id));
    expect(unchanged.solicitud_perito).toBe(false);

    const insured = await newCase({ placa: 'SEG456' });
    await setCase(insured.id, { uidinvestigador: id('Investigador') });
    const ok = await post(`/api/casos/${insured.id}/solicitar`, 'Investigador', { tipo: 'Perito' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ chat_perito: true, perito: { id: null, solicitado: true } });
    const again = await post(`/api/casos/${insured.id}/solicitar`, 'Administrador', { tipo: 'Perito' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya se solicitó Perito para este caso');
    expect(
      (await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, insured.id))).filter((t) =>
        t.descripcion.startsWith('Se solicita Perito'),
      ),
    ).toHaveLength(1);
    expect(
      (await s.ctx.db.select().from(chats).where(eq(chats.uidcaso, insured.id))).filter((r) => r.tipo === 'perito'),
    ).toHaveLength(1);
    expect(
      (await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, insured.id))).some((t) =>
        t.descripcion.startsWith('Se solicita Perito'),
      ),
    ).toBe(true);
  });

  const REQUESTED = ['Abogado', 'Abogado CAIT', 'Investigador', 'Perito', 'Dibujante'] as const;
  const SLOT_OF = {
    Abogado: 'abogado',
    'Abogado CAIT': 'abogadocait',
    Investigador: 'investigador',
    Perito: 'perito',
    Dibujante: 'dibujante',
  } as const;
  it.each(REQUESTED)('a repeated %s request is refused; no second trail entry or notice', async (tipo) => {
    const c = await newCase({ placa: 'SEG456' });
    const notices = async () =>
      (await s.ctx.db.select({ n: count() }).from(notificaciones).where(eq(notificaciones.uidcaso, c.id)))[0].n;
    const requestEntries = async () =>
      (await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id))).filter((t) =>
        t.descripcion.startsWith(`Se solicita ${tipo} por `),
      );
    const stateEntries = async () =>
      (await s.ctx.db.select({ n: count() }).from(trazabilidadestado).where(eq(trazabilidadestado.uidcaso, c.id)))[0].n;
    const first = await post(`/api/casos/${c.id}/solicitar`, 'Administrador', { tipo });
    expect(first.statusCode).toBe(200);
    // The case now shows the slot as asked for and no longer offers the type.
    const slot = SLOT_OF[tipo];
    expect(first.json()[slot]).toEqual({ id: null, nombre: null, solicitado: true });
    expect(first.json().actions.request).not.toContain(tipo);
    const [noticesBefore, statesBefore] = [await notices(), await stateEntries()];
    expect(await requestEntries()).toHaveLength(1);

    // The same requester and another cargo that may request it: both refused alike.
    const other = tipo === 'Perito' ? 'Coordinador Investigador' : 'Coordinador Contact Center';
    for (const cargo of ['Administrador', other] as const) {
      const again = await post(`/api/casos/${c.id}/solicitar`, cargo, { tipo });
      expect(again.statusCode, cargo).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'ALREADY_REQUESTED',
        message: `Ya se solicitó ${tipo} para este caso`,
      });
    }
    expect(await notices()).toBe(noticesBefore);
    expect(await stateEntries()).toBe(statesBefore);
    expect(await requestEntries()).toHaveLength(1);
    // Each type is its own request: the other lawyer is still free to ask for.
    if (tipo === 'Abogado' || tipo === 'Abogado CAIT') {
      const sibling = tipo === 'Abogado' ? 'Abogado CAIT' : 'Abogado';
      expect((await post(`/api/casos/${c.id}/solicitar`, 'Administrador', { tipo: sibling })).statusCode).toBe(200);
      expect(await notices()).toBe(noticesBefore + 1);
    }
  });

  it('Dibujante: solicitado marker, chat open; Call Center may not request a Perito', async () => {
    const c = await newCase();
    await setCase(c.id, { uidcontactcenter: id('Call Center') });
    const res = await post(`/api/casos/${c.id}/solicitar`, 'Call Center', { tipo: 'Dibujante' });
    expect(res.json()).toMatchObject({ chat_dibujante: true, dibujante: { id: null, solicitado: true } });
    expect((await post(`/api/casos/${c.id}/solicitar`, 'Call Center', { tipo: 'Perito' })).statusCode).toBe(403);
    expect(
      (await post(`/api/casos/${c.id}/solicitar`, 'Call Center', { tipo: 'Investigador' })).json().investigador
        .solicitado,
    ).toBe(true);
  });
});

describe('take and release', () => {
  it('exactly one of two lawyers taking the same case at once wins', async () => {
    const c = await newCase();
    const other = await createUser(s.ctx, { cargo: 'Abogado' });
    const otherCookie = await login(s.app, other.email);
    const [a, b] = await Promise.all([
      post(`/api/casos/${c.id}/tomar`, 'Abogado', { tomar: true }),
      s.app.inject({
        method: 'POST',
        url: `/api/casos/${c.id}/tomar`,
        headers: { cookie: otherCookie },
        payload: { tomar: true },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.json()).toMatchObject({ title: 'Operación Exitosa', message: 'CASO ASIGNADO' });
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe('El caso ya fue tomado por otro usuario');
  });

  it('a dibujante takes a requested case and releases it back to solicitado; availability follows', async () => {
    const c = await newCase();
    await setCase(c.id, { solicitud_dibujante: true, chat_dibujante: true });
    const dib = await createUser(s.ctx, { cargo: 'Dibujante' });
    const cookie = await login(s.app, dib.email);
    const take = (tomar: boolean) =>
      s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/tomar`, headers: { cookie }, payload: { tomar } });
    expect((await userRow(s.ctx, dib.user.id)).disponibilidad).toBe('Activo en espera');
    const taken = await take(true);
    expect(taken.json().caso.dibujante).toMatchObject({ id: dib.user.id, solicitado: false });
    expect(taken.json().caso.actions.take).toBe('release');
    expect((await userRow(s.ctx, dib.user.id)).disponibilidad).toBe('Activo ocupado');
    const released = await take(false);
    expect(released.json().caso.dibujante).toMatchObject({ id: null, solicitado: true });
    expect((await userRow(s.ctx, dib.user.id)).disponibilidad).toBe('Activo en espera');
    expect((await take(false)).statusCode).toBe(409);
  });
});

describe('who hears about it', () => {
  const noticesOf = async (caseId: string, momento: string) =>
    (await s.ctx.db.select().from(notificaciones).where(eq(notificaciones.uidcaso, caseId))).filter(
      (n) => n.momento === momento,
    );
  const cedulaOf = async (caseId: string) => {
    const [c] = await s.ctx.db.select().from(casos).where(eq(casos.id, caseId));
    const [cl] = await s.ctx.db.select().from(clientes).where(eq(clientes.id, c.uidcliente!));
    return String(cl.identificacion);
  };

  it("a Perito assignment tells the case's own investigator, not every investigator; notices carry the client's cedula", async () => {
    const c = await newCase({ placa: 'SEG456' });
    await setCase(c.id, { uidinvestigador: id('Investigador') });
    const otherInvestigator = await createUser(s.ctx, { cargo: 'Investigador' });
    expect(
      (await post(`/api/casos/${c.id}/asignar`, 'Administrador', { tipo: 'Perito', usuario: id('Perito') })).statusCode,
    ).toBe(200);
    const [notice] = await noticesOf(c.id, 'Asignación de caso');
    expect(notice.destinatarios).toEqual(
      expect.arrayContaining([id('Perito'), id('Investigador'), id('Coordinador Investigador')]),
    );
    expect(notice.destinatarios).not.toContain(otherInvestigator.user.id);
    // The administrator who assigned is not told of their own action (notices.ts).
    expect(notice.destinatarios).not.toContain(id('Administrador'));
    expect(notice.cedula).toBe(await cedulaOf(c.id));
  });

  it("a request writes the case trail and the requester's state trail, and tells the type's coordinator", async () => {
    const c = await newCase();
    await setCase(c.id, { uidinvestigador: id('Investigador') });
    expect((await post(`/api/casos/${c.id}/solicitar`, 'Investigador', { tipo: 'Dibujante' })).statusCode).toBe(200);
    const [entry] = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(and(eq(trazabilidadestado.uidcaso, c.id), eq(trazabilidadestado.uidusuario, id('Investigador'))));
    expect(entry).toMatchObject({ cargo: 'Investigador', uidcreador: id('Investigador') });
    expect(entry.descripcion).toMatch(/^Se solicita Dibujante por /);
    const [notice] = await noticesOf(c.id, 'Solicitud de Dibujante');
    expect(notice.destinatarios).toEqual(
      expect.arrayContaining([id('Administrador'), id('Coordinador Contact Center'), id('Coordinador Investigador')]),
    );
    expect(notice.destinatarios).not.toContain(id('Coordinador Perito'));
    expect(notice.cedula).toBe(await cedulaOf(c.id));
  });

  it("taking a case tells the coordinators and the case's contact-centre user, with the client's cedula", async () => {
    const c = await newCase();
    await setCase(c.id, { uidcontactcenter: id('Call Center') });
    expect((await post(`/api/casos/${c.id}/tomar`, 'Abogado', { tomar: true })).statusCode).toBe(200);
    const [notice] = await noticesOf(c.id, 'Caso tomado');
    expect(notice.destinatarios).toEqual(
      expect.arrayContaining([
        id('Administrador'),
        id('Coordinador Contact Center'),
        id('Coordinador Abogado'),
        id('Call Center'),
      ]),
    );
    expect(notice.destinatarios).not.toContain(id('Coordinador Investigador'));
    expect(notice.cedula).toBe(await cedulaOf(c.id));
  });
});

describe('sign-in and open cases', () => {
  it('an agent who signs in with an open case is busy, not free', async () => {
    const agent = await createUser(s.ctx, { cargo: 'Investigador' });
    const cookie = await login(s.app, agent.email);
    const c = await newCase();
    await post(`/api/casos/${c.id}/asignar`, 'Administrador', { tipo: 'Investigador', usuario: agent.user.id });
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await userRow(s.ctx, agent.user.id)).disponibilidad).toBe('Fuera de su horario laboral');
    await login(s.app, agent.email);
    expect((await userRow(s.ctx, agent.user.id)).disponibilidad).toBe('Activo ocupado');
  });
});

describe('special attention', () => {
  it('request on SIN PLAN, once; authorise by Administrador or Coordinador Contact Center', async () => {
    const c = await newCase();
    expect((await post(`/api/casos/${c.id}/autorizar-atencion`, 'Administrador')).statusCode).toBe(400);
    const req = await post(`/api/casos/${c.id}/solicitar-atencion`, 'Administrador');
    expect(req.json()).toMatchObject({ solicitud_atencion: true, atencionPendiente: true });
    expect((await post(`/api/casos/${c.id}/solicitar-atencion`, 'Administrador')).statusCode).toBe(400);
    expect((await post(`/api/casos/${c.id}/autorizar-atencion`, 'Coordinador Investigador')).statusCode).toBe(403);
    const auth = await post(`/api/casos/${c.id}/autorizar-atencion`, 'Coordinador Contact Center');
    expect(auth.json()).toMatchObject({ aprobar_atencion: true, atencionPendiente: false });
    const insured = await newCase({ placa: 'SEG456' });
    expect((await post(`/api/casos/${insured.id}/solicitar-atencion`, 'Administrador')).statusCode).toBe(400);
  });

  it('the buttons follow the rule the server applies: asked for, no second request; authorised, no second authorisation', async () => {
    const c = await newCase();
    const actions = async () =>
      (await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}`, headers: h('Administrador') })).json().actions;
    expect(await actions()).toMatchObject({ requestAttention: true, authorizeAttention: false });
    await post(`/api/casos/${c.id}/solicitar-atencion`, 'Administrador');
    // Asked for and not yet approved: the request used to stay offered and then be refused.
    expect(await actions()).toMatchObject({ requestAttention: false, authorizeAttention: true });
    expect((await post(`/api/casos/${c.id}/autorizar-atencion`, 'Administrador')).statusCode).toBe(200);
    expect(await actions()).toMatchObject({ requestAttention: false, authorizeAttention: false });
    const again = await post(`/api/casos/${c.id}/autorizar-atencion`, 'Coordinador Contact Center');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_AUTHORIZED',
      message: 'La asistencia especial ya fue autorizada',
    });
    const history = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id));
    expect(history.filter((t) => t.descripcion === 'Se autoriza asistencia especial')).toHaveLength(1);
  });

  it('neither request nor authorisation on an archived case; nothing changes', async () => {
    const c = await newCase();
    await setCase(c.id, { archivado: true });
    const req = await post(`/api/casos/${c.id}/solicitar-atencion`, 'Administrador');
    expect(req.statusCode).toBe(400);
    expect(req.json().message).toBe('El caso está archivado');
    await setCase(c.id, { solicitud_atencion: true });
    expect((await post(`/api/casos/${c.id}/autorizar-atencion`, 'Administrador')).json().message).toBe(
      'El caso está archivado',
    );
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    expect(row.aprobar_atencion).toBe(false);
  });
});

describe('archive and restore', () => {
  it('not while Recibido; archiving frees the agents, restoring takes them back', async () => {
    const agent = await createUser(s.ctx, { cargo: 'Investigador' });
    await login(s.app, agent.email);
    const c = await newCase();
    await post(`/api/casos/${c.id}/asignar`, 'Administrador', { tipo: 'Investigador', usuario: agent.user.id });
    expect((await userRow(s.ctx, agent.user.id)).disponibilidad).toBe('Activo ocupado');
    const refused = await post(`/api/casos/${c.id}/archivar`, 'Administrador');
    expect(refused.statusCode).toBe(400);
    await setCase(c.id, { estado: 'Verificado' });
    const archived = await post(`/api/casos/${c.id}/archivar`, 'Administrador');
    expect(archived.json().message).toBe('Caso Archivado');
    expect((await userRow(s.ctx, agent.user.id)).disponibilidad).toBe('Activo en espera');
    expect(await listIds('Administrador')).not.toContain(c.id);
    expect(await listIds('Administrador', true)).toContain(c.id);
    const restored = await post(`/api/casos/${c.id}/restablecer`, 'Administrador');
    expect(restored.json().message).toBe('Caso Activado');
    expect((await userRow(s.ctx, agent.user.id)).disponibilidad).toBe('Activo ocupado');
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, agent.user.id));
    expect(trail.map((t) => t.descripcion)).toEqual(
      expect.arrayContaining([`Archivo del caso # ${c.caso}`, `Restablecimiento del caso # ${c.caso}`]),
    );
    // Outside the viewer's scope the case does not exist for them.
    expect((await post(`/api/casos/${c.id}/archivar`, 'Perito')).statusCode).toBe(404);
  });
});
