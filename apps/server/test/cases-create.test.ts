import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, lte, max } from 'drizzle-orm';
import { CARGOS, can, type Cargo } from '@vialex/domain';
import {
  casos,
  chats,
  clientes,
  contadores,
  notificaciones,
  polizas,
  trazabilidad,
  trazabilidadestado,
  vehiculos,
} from '../src/db/schema/index.js';
import { clearPlateCache } from '../src/modules/vehicles/plate-lookup.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow, signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs, createClient } from './case-factories.js';
import { statementsOf } from './statement-log.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer({ LOOKUP_TIMEOUT_MS: '1500', CRONOS_API_KEY: 'cronos-secret' });
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());
const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const caseCount = async () => (await s.ctx.db.select({ n: count() }).from(casos))[0].n;

describe('creating a case', () => {
  it.each(CARGOS)('only Call Center, Coordinador Contact Center and Administrador: %s', async (cargo) => {
    const before = await caseCount();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: h(cargo),
      payload: await caseBody(s.ctx),
    });
    expect(res.statusCode).toBe(can(cargo, 'casos.create') ? 201 : 403);
    if (res.statusCode === 403) {
      expect(res.json().message).toBe('Usuario no autorizado');
      expect(await caseCount()).toBe(before);
    }
  });

  it.each(CARGOS)("the staff's 'Agregar caso Cronos' dialog too, by the same rule: %s", async (cargo) => {
    const before = await caseCount();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/casos/cronos',
      headers: h(cargo),
      payload: await caseBody(s.ctx),
    });
    expect(res.statusCode).toBe(can(cargo, 'casos.create') ? 201 : 403);
    if (res.statusCode === 403) expect(await caseCount()).toBe(before);
    else expect(res.json().origen).toBe('Cronos');
  });

  it('writes the case, number, vehicle, trails, chat room and notification in one go', async () => {
    const body = await caseBody(s.ctx);
    const created = await createCaseAs(s.app, h('Call Center').cookie, body);
    expect(created).toMatchObject({
      estado: 'Recibido',
      archivado: false,
      tipo_plan: 'SIN PLAN',
      origen: 'Vialex',
      origen_desde: 'Vialex',
      origenColor: 'success',
      tipocaso: 'Choque simple',
      direccion_siniestro: 'CALLE 100 # 15-20',
      ciudad_siniestro: 'BOGOTÁ, D.C.',
      placa: body.placa,
    });
    expect(created.callcenter.id).toBe(viewers.get('Call Center')!.id);
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, created.id));
    expect(row.caso).toBeGreaterThan(0);
    const [vehicle] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.placa, body.placa));
    expect(vehicle.uidcliente).toBe(row.uidcliente);
    expect(vehicle).toMatchObject({ clase: 'SIN CLASE', marca: 'SIN MARCA', modelo: '0000', servicio: 'PARTICULAR' });
    expect(
      (await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, row.id))).map((t) => t.descripcion),
    ).toContain('Se realiza la creación del caso');
    expect(
      (await s.ctx.db.select().from(trazabilidadestado).where(eq(trazabilidadestado.uidcaso, row.id))).length,
    ).toBeGreaterThanOrEqual(1);
    expect(await s.ctx.db.select().from(chats).where(eq(chats.uidcaso, row.id))).toMatchObject([
      { tipo: 'general', roomName: 'Chat en proceso (Entrar)' },
    ]);
    const [notice] = await s.ctx.db.select().from(notificaciones).where(eq(notificaciones.uidcaso, row.id));
    expect(notice).toMatchObject({
      titulo: `NUEVO CASO · Caso # ${row.caso}`,
      cuerpo: 'CASO CREADO EN LA CIUDAD DE BOGOTÁ, D.C.',
      url: `/gestionar-caso/${row.id}/chat`,
    });
    // Who may open it among those covering Bogotá (factories give them 11001): administrators,
    // lawyers, the investigators' coordinator — not an investigator, whose list holds only theirs.
    expect(notice.destinatarios).toEqual(
      expect.arrayContaining([
        viewers.get('Administrador')!.id,
        viewers.get('Abogado')!.id,
        viewers.get('Coordinador Investigador')!.id,
      ]),
    );
    expect(notice.destinatarios).not.toContain(viewers.get('Investigador')!.id);
    expect(notice.destinatarios).not.toContain(viewers.get('Perito')!.id);
    // The call-center creator now has an open case.
    expect((await userRow(s.ctx, viewers.get('Call Center')!.id)).disponibilidad).toMatch(
      /^Activo (ocupado|múltiple)$/,
    );
  });

  it("'Usuario no registrado' when nobody has that identification; nothing written", async () => {
    const before = await caseCount();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { identificacion: '123' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Usuario no registrado');
    expect(await caseCount()).toBe(before);
  });

  it('every field is required, with its option lists', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/casos', headers: h('Administrador'), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(
      [
        'departamento',
        'direccion_siniestro',
        'identificacion',
        'placa',
        'relacion',
        'tipo_producto',
        'tipocaso',
        'uidciudad',
        'uidempresa',
        'verificacion',
      ].sort(),
    );
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { verificacion: 'Otra', tipo_producto: 'Seguro lunar', relacion: 'Amigo' }),
    });
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['relacion', 'tipo_producto', 'verificacion']);
    const wrongCity = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { departamento: '05' }),
    });
    expect(wrongCity.statusCode).toBe(400);
    const before = await caseCount();
    const wrongType = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { tipocaso: 'LO QUE SEA' }),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().issues).toEqual([{ path: 'tipocaso', message: 'Tipo de caso no válido' }]);
    expect(await caseCount()).toBe(before);
  });

  it('two simultaneous creations never share a number', async () => {
    const bodies = await Promise.all(Array.from({ length: 8 }, () => caseBody(s.ctx)));
    const results = await Promise.all(
      bodies.map((b) => createCaseAs(s.app, h('Coordinador Contact Center').cookie, b)),
    );
    const numbers = results.map((r) => r.caso as number).sort((a, b) => a - b);
    // Consecutive, each case holding its own in the database and in its notice, none left unnumbered.
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    for (const r of results) {
      const [row] = await s.ctx.db.select({ caso: casos.caso }).from(casos).where(eq(casos.id, r.id));
      expect(row.caso).toBe(r.caso);
      const notices = await s.ctx.db
        .select({ caso: notificaciones.caso })
        .from(notificaciones)
        .where(eq(notificaciones.uidcaso, r.id));
      expect(notices.length).toBeGreaterThan(0);
      expect(notices.every((n) => n.caso === r.caso)).toBe(true);
    }
    const [{ n: unnumbered }] = await s.ctx.db.select({ n: count() }).from(casos).where(lte(casos.caso, 0));
    expect(unnumbered).toBe(0);
  });

  it("'El contador global no está inicializado.' when the counter is missing", async () => {
    await s.ctx.db.delete(contadores);
    try {
      const before = await caseCount();
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/casos',
        headers: h('Administrador'),
        payload: await caseBody(s.ctx),
      });
      expect(res.json().message).toBe('El contador global no está inicializado.');
      expect(await caseCount()).toBe(before);
    } finally {
      const [top] = await s.ctx.db.select({ n: max(casos.caso) }).from(casos);
      await s.ctx.db.insert(contadores).values({ nombre: 'numero_caso', ultimoNumero: top.n ?? 0 });
    }
  });

  it('editing re-saves the data without a new number, with a history entry', async () => {
    const created = await createCaseAs(s.app, h('Call Center').cookie, await caseBody(s.ctx));
    const body = await caseBody(s.ctx, {
      placa: created.placa,
      direccion_siniestro: 'avenida boyacá',
      prioridad: 'alta',
    });
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/casos/${created.id}`,
      headers: h('Call Center'),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ caso: created.caso, direccion_siniestro: 'AVENIDA BOYACÁ', prioridad: 'alta' });
    const history = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, created.id));
    expect(history.map((t) => t.descripcion)).toEqual(
      expect.arrayContaining(['Se realiza la creación del caso', 'Se actualizan los datos del caso']),
    );
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/api/casos/${created.id}`,
          headers: h('Investigador'),
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("editing is refused outside the editor's list and on archived cases; nothing changes", async () => {
    const other = await createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx));
    const body = await caseBody(s.ctx, { direccion_siniestro: 'otra calle' });
    // A Call Center user only sees the cases where it is the contact centre.
    const outside = await s.app.inject({
      method: 'PUT',
      url: `/api/casos/${other.id}`,
      headers: h('Call Center'),
      payload: body,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('El caso no existe');
    await s.ctx.db.update(casos).set({ archivado: true }).where(eq(casos.id, other.id));
    const archived = await s.app.inject({
      method: 'PUT',
      url: `/api/casos/${other.id}`,
      headers: h('Administrador'),
      payload: body,
    });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().message).toBe('El caso está archivado');
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, other.id));
    expect(row.direccion_siniestro).toBe(other.direccion_siniestro);
  });

  it('a new plate on edit: vehicle, plan, origin and policies follow it', async () => {
    clearPlateCache(s.ctx);
    const created = await createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx));
    expect(created.tipo_plan).toBe('SIN PLAN');
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/casos/${created.id}`,
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { placa: 'SEG456' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      caso: created.caso,
      placa: 'SEG456',
      tipo_plan: 'SEGURO TERCERO',
      origen: 'SEGURO TERCERO',
      vehiculo: 'RENAULT LOGAN 2022',
    });
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, created.id));
    const [vehicle] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.placa, 'SEG456'));
    expect(row.uidvehiculo).toBe(vehicle.id);
    expect(vehicle.uidcliente).toBe(row.uidcliente);
    expect(await s.ctx.db.select().from(polizas).where(eq(polizas.idCaso, created.id))).toHaveLength(1);
  });

  it("the creator's state trail holds the availability the new case gave them, once", async () => {
    const cc = await createUser(s.ctx, { cargo: 'Call Center' });
    const cookie = await login(s.app, cc.email);
    const created = await createCaseAs(s.app, cookie, await caseBody(s.ctx));
    const entries = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(and(eq(trazabilidadestado.uidcaso, created.id), eq(trazabilidadestado.uidusuario, cc.user.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      descripcion: 'Se realiza la creación del caso',
      estado: 'Activo ocupado',
      cargo: 'Call Center',
    });
  });
});

/** A statement's verb and first table: `insert notificaciones`, `select casos`. */
const kind = (text: string) => {
  const [, verb, table] = /^(\w+)\s+(?:.*?\b(?:from|into)\s+)?"(\w+)"/i.exec(text) ?? [undefined, text, ''];
  return `${verb.toLowerCase()} ${table}`.trim();
};

/**
 * The case counter's row stays locked from a creation's number to its commit (numbers without
 * gaps), and every other creation waits for it: after the number comes only what shows it.
 */
describe('the case number is taken as late as it can be', () => {
  it('after it, only the notice, the stored answer and the commit; who is told is read before', async () => {
    const body = await caseBody(s.ctx);
    let id = '';
    const texts = await statementsOf(s.ctx, async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/casos',
        headers: { cookie: viewers.get('Call Center')!.cookie, 'idempotency-key': 'numbered-late' },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    });
    const numbered = texts.findIndex((t) => t.includes('update "contadores"'));
    const committed = texts.findIndex((t, i) => i > numbered && /^commit$/i.test(t));
    expect(numbered).toBeGreaterThan(0);
    expect(texts.slice(numbered + 1, committed).map(kind)).toEqual([
      'insert notificaciones',
      'select casos',
      'update idempotencia',
    ]);
    // The recipients read earlier are the notice's: the Call Center creator is not among them.
    const [notice] = await s.ctx.db.select().from(notificaciones).where(eq(notificaciones.uidcaso, id));
    expect(notice.destinatarios).toContain(viewers.get('Administrador')!.id);
    expect(notice.destinatarios).not.toContain(viewers.get('Call Center')!.id);
  });
});

describe('plate look-up and plan rules against the fake services', () => {
  const lookup = async (placa: string) => {
    clearPlateCache(s.ctx);
    return s.app.inject({ method: 'GET', url: `/api/casos/consulta-placa?placa=${placa}`, headers: h('Call Center') });
  };

  it('Tecnicar policy in force: RC PUBLICO, origin Tecnicar, policy saved once', async () => {
    const res = await lookup('tax123');
    expect(res.json()).toMatchObject({
      tipo_plan: 'RC PUBLICO',
      fuente: 'Tecnicar',
      origen: 'Tecnicar',
      vigente: true,
    });
    expect(res.json().mensajes).toContain('Vehículo con póliza en Tecnicar');
    expect(res.json().vehiculo).toMatchObject({ marca: 'HYUNDAI', linea: 'ATOS', servicio: 'PÚBLICO' });
    const a = await createCaseAs(s.app, h('Call Center').cookie, await caseBody(s.ctx, { placa: 'TAX123' }));
    const b = await createCaseAs(s.app, h('Call Center').cookie, await caseBody(s.ctx, { placa: 'TAX123' }));
    expect(a).toMatchObject({ tipo_plan: 'RC PUBLICO', origen: 'Tecnicar', origenColor: 'warning' });
    expect(b.tipo_plan).toBe('RC PUBLICO');
    // Once per case: each case on the vehicle has its policy card.
    const saved = await s.ctx.db.select().from(polizas).where(eq(polizas.polizas, 'TEC-100200'));
    expect(saved.map((p) => p.idCaso).sort()).toEqual([a.id, b.id].sort());
  });

  it('SEGURO TERCERO in force from the hub (token, then bearer call)', async () => {
    const res = await lookup('SEG456');
    expect(res.json()).toMatchObject({ tipo_plan: 'SEGURO TERCERO', fuente: 'SEGURO TERCERO', vigente: true });
    expect(res.json().propietario).toMatchObject({ identificacion: '52367418' });
  });

  it('an expired policy: the source still decides the plan, but the origin stays Vialex', async () => {
    expect((await lookup('EXP789')).json()).toMatchObject({
      tipo_plan: 'SEGURO TERCERO',
      fuente: 'SEGURO TERCERO',
      origen: 'Vialex',
      vigente: false,
    });
  });

  it('unknown plate: the Tecnicar message', async () => {
    const res = await lookup('ZZZ999');
    expect(res.json()).toMatchObject({ tipo_plan: 'SIN PLAN', encontrado: false });
    expect(res.json().mensajes).toContain('¡Oops! El vehículo no está registrado en Tecnicar');
  });

  it('a vehicle without policy', async () => {
    expect((await lookup('NOP000')).json().mensajes).toContain('Vehículo no cuenta con póliza');
  });

  it('says what each service answered, apart: found, unknown, known without policy, or no answer in time', async () => {
    const servicios = async (placa: string) => (await lookup(placa)).json().servicios;
    expect(await servicios('TAX123')).toEqual([
      { fuente: 'Tecnicar', resultado: 'encontrado' },
      { fuente: 'SEGURO TERCERO', resultado: 'sinRegistro' },
    ]);
    expect(await servicios('SEG456')).toEqual([
      { fuente: 'Tecnicar', resultado: 'sinRegistro' },
      { fuente: 'SEGURO TERCERO', resultado: 'encontrado' },
    ]);
    expect(await servicios('NOP000')).toEqual([
      { fuente: 'Tecnicar', resultado: 'sinPoliza' },
      { fuente: 'SEGURO TERCERO', resultado: 'sinRegistro' },
    ]);
    expect(await servicios('CAIDO1')).toEqual([
      { fuente: 'Tecnicar', resultado: 'noDisponible' },
      { fuente: 'SEGURO TERCERO', resultado: 'noDisponible' },
    ]);
  });

  it('services down or slow: answered within the timeout; saving the case reuses that outcome instead of asking again', async () => {
    const fake = s.fakes!;
    const down = await lookup('CAIDO1');
    expect(down.json().mensajes).toEqual(
      expect.arrayContaining([
        'Vehículo no cuenta con póliza',
        'El servicio de confirmación de plan no se encuentra disponible.',
      ]),
    );
    let asked = fake.requests.length;
    const created = await createCaseAs(s.app, h('Call Center').cookie, await caseBody(s.ctx, { placa: 'CAIDO1' }));
    expect(created.tipo_plan).toBe('SIN PLAN');
    expect(fake.requests.length).toBe(asked);

    const started = Date.now();
    const slow = await lookup('LENTO1');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(slow.json().tipo_plan).toBe('SIN PLAN');
    // The slow services were asked once, by the form's look-up; the save does not wait for them again.
    asked = fake.requests.length;
    const slowCase = await createCaseAs(s.app, h('Call Center').cookie, await caseBody(s.ctx, { placa: 'LENTO1' }));
    expect(slowCase.tipo_plan).toBe('SIN PLAN');
    expect(fake.requests.length).toBe(asked);
  });

  it('look-ups of one plate at once share one call to each service; a failure is asked again after 2 minutes, an answer after 10', async () => {
    clearPlateCache(s.ctx);
    const fake = s.fakes!;
    const from = fake.requests.length;
    const ask = (placa: string) =>
      s.app.inject({ method: 'GET', url: `/api/casos/consulta-placa?placa=${placa}`, headers: h('Call Center') });
    const callsFor = (placa: string) => fake.requests.slice(from).filter((r) => r.url.includes(placa)).length;
    const [a, b, c] = await Promise.all([ask('CAIDO1'), ask('CAIDO1'), ask('ZZZ998')]);
    expect(a.json()).toEqual(b.json());
    expect(c.json().tipo_plan).toBe('SIN PLAN');
    // kronos and the hub's vehicle call, once each.
    expect(callsFor('CAIDO1')).toBe(2);
    expect(callsFor('ZZZ998')).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60_000 + 1000);
      await Promise.all([ask('CAIDO1'), ask('ZZZ998')]);
      expect(callsFor('CAIDO1')).toBe(4);
      expect(callsFor('ZZZ998')).toBe(2);
      vi.setSystemTime(Date.now() + 8 * 60_000);
      await ask('ZZZ998');
      expect(callsFor('ZZZ998')).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the look-up starts above 5 characters and only for those who create or edit cases', async () => {
    expect((await lookup('ABC12')).statusCode).toBe(400);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/casos/consulta-placa?placa=TAX123', headers: h('Perito') }))
        .statusCode,
    ).toBe(403);
  });

  it('only something shaped like a plate is sent to the outside services', async () => {
    const fake = s.fakes!;
    const asked = fake.requests.length;
    for (const placa of ['X'.repeat(5000), 'ABC 123', 'ABC%2F..%2F1']) {
      const res = await lookup(placa);
      expect(res.statusCode, placa).toBe(400);
      expect(res.json().message).toBe('Placa no válida');
    }
    expect(fake.requests.length).toBe(asked);
  });
});

describe('Cronos', () => {
  it('creates cases with its API key (orange origin); refuses without it', async () => {
    const body = await caseBody(s.ctx);
    expect((await s.app.inject({ method: 'POST', url: '/api/cronos/casos', payload: body })).statusCode).toBe(403);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/cronos/casos',
          payload: body,
          headers: { 'x-api-key': 'wrong' },
        })
      ).statusCode,
    ).toBe(403);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/cronos/casos',
      payload: body,
      headers: { 'x-api-key': 'cronos-secret' },
    });
    expect(res.statusCode).toBe(201);
    const detail = await s.app.inject({
      method: 'GET',
      url: `/api/casos/${res.json().id}`,
      headers: h('Administrador'),
    });
    expect(detail.json()).toMatchObject({ origen: 'Cronos', origen_desde: 'Cronos', origenColor: 'warning' });
    const dialog = await s.app.inject({
      method: 'POST',
      url: '/api/casos/cronos',
      headers: h('Call Center'),
      payload: await caseBody(s.ctx),
    });
    expect(dialog.json().origenColor).toBe('warning');
  });
});

describe('quick registration', () => {
  it('creates a CC client in Bogotá with uppercased names', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/casos/clientes-rapido',
      headers: h('Call Center'),
      payload: { nombres: ' pedro ', apellidos: 'paz', identificacion: '771122' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nombres: 'PEDRO', apellidos: 'PAZ', identificacion: 771122 });
    const created = await createCaseAs(s.app, h('Call Center').cookie, {
      ...(await caseBody(s.ctx)),
      identificacion: '771122',
    });
    expect(created.cliente.nombre).toBe('PEDRO PAZ');
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/casos/clientes-rapido',
          headers: h('Perito'),
          payload: { nombres: 'a', apellidos: 'b', identificacion: '1' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("a case's client", () => {
  it('is its driver when the relation is Conductor and its owner otherwise, in the list and the case alike', async () => {
    const driver = await createClient(s.ctx);
    const owner = await createClient(s.ctx);
    const created = await createCaseAs(s.app, h('Call Center').cookie, {
      ...(await caseBody(s.ctx)),
      relacion: 'Conductor',
      identificacion: String(driver.identificacion),
    });
    await s.ctx.db.update(casos).set({ uidcliente: owner.id }).where(eq(casos.id, created.id));
    const shown = async () => {
      const criteria = encodeURIComponent(JSON.stringify([{ field: 'caso', op: 'eq', value: String(created.caso) }]));
      const list = await s.app.inject({ url: `/api/casos?criteria=${criteria}`, headers: h('Administrador') });
      const one = await s.app.inject({ url: `/api/casos/${created.id}`, headers: h('Administrador') });
      expect(list.json().rows).toHaveLength(1);
      expect(list.json().rows[0].cliente).toEqual(one.json().cliente);
      return one.json().cliente;
    };
    const as = (c: typeof driver) => ({
      id: c.id,
      nombre: `${c.nombres} ${c.apellidos}`,
      telefono: c.telefono,
      identificacion: c.identificacion,
    });
    expect(await shown()).toEqual({ ...as(driver), relacion: 'Conductor' });
    await s.ctx.db.update(casos).set({ relacion: 'Propietario' }).where(eq(casos.id, created.id));
    expect(await shown()).toEqual({ ...as(owner), relacion: 'Propietario' });
    // An anonymised client's identification is nobody's: none is shown.
    await s.ctx.db.update(clientes).set({ anonimizado: new Date() }).where(eq(clientes.id, owner.id));
    expect((await shown()).identificacion).toBeNull();
  });
});
