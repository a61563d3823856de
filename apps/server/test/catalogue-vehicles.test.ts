import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  CARGOS,
  MSG,
  MODELO_MIN,
  SIN_POLIZA,
  can,
  fmt,
  modeloMaximo,
  type Cargo,
  type VehicleResponse,
} from '@vialex/domain';
import { casos, clientes, lineas, marcas, vehiculos } from '../src/db/schema/index.js';
import { clearPlateCache, lookupPlate } from '../src/modules/vehicles/plate-lookup.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs, createClient } from './case-factories.js';

/**
 * The vehicle list (spec 3 §2, §3, §5–§7): who writes, the form's rules (clase → carrocería,
 * marca → línea, the owner by identificación, plate and model), the list (plates only, by placa,
 * every filter, keyset pages), and one row per plate with the policy look-up.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
let owner: { id: string; identificacion: number };
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
  owner = await createClient(s.ctx, 71_500_001);
});
afterAll(async () => s?.close());

const as = (cargo: Cargo = 'Call Center') => ({ cookie: viewers.get(cargo)!.cookie });
let plates = 0;
const plate = (prefix = 'VHC') => `${prefix}${String(++plates).padStart(3, '0')}`;
const valid = (overrides: Record<string, unknown> = {}) => ({
  clase: ' automóvil ',
  carroceria: 'sedan',
  marca: 'chevrolet',
  linea: 'spark',
  modelo: '2019',
  placa: ` ${plate().toLowerCase()} `,
  poliza: '',
  servicio: 'particular',
  informacionadicional: ' color rojo ',
  uidcliente: owner.id,
  ...overrides,
});
const total = async () => (await s.ctx.db.select({ n: count() }).from(vehiculos))[0].n;
const post = (payload: unknown, cargo: Cargo = 'Call Center') =>
  s.app.inject({ method: 'POST', url: '/api/vehiculos', headers: as(cargo), payload: payload as object });
const put = (id: string, payload: unknown, cargo: Cargo = 'Call Center') =>
  s.app.inject({ method: 'PUT', url: `/api/vehiculos/${id}`, headers: as(cargo), payload: payload as object });
const created = async (overrides: Record<string, unknown> = {}): Promise<VehicleResponse> => {
  const res = await post(valid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const list = async (criteria: unknown[] = [], query: Record<string, string> = {}, cargo: Cargo = 'Call Center') => {
  const res = await s.app.inject({
    method: 'GET',
    url: '/api/vehiculos',
    headers: as(cargo),
    query: { criteria: JSON.stringify(criteria), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: VehicleResponse[]; nextCursor: string | null; prevCursor: string | null };
};
const issues = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { path: string; message: string }[] }).issues ?? []).map((i) => [i.path, i.message]);

describe('vehicles: who may write (spec 3 §6)', () => {
  it.each(CARGOS)('%s', async (cargo) => {
    const allowed = can(cargo, 'vehiculos.write');
    const before = await total();
    const res = await post(valid(), cargo);
    expect(res.statusCode).toBe(allowed ? 201 : 403);
    const someone = (await s.ctx.db.select().from(vehiculos).limit(1))[0];
    if (!allowed) {
      expect(res.json()).toMatchObject({ statusCode: 403, message: MSG.noAutorizado });
      expect(await total()).toBe(before);
      expect((await put(someone.id, valid({ placa: someone.placa }), cargo)).statusCode).toBe(403);
      const del = await s.app.inject({ method: 'DELETE', url: `/api/vehiculos/${someone.id}`, headers: as(cargo) });
      expect(del.statusCode).toBe(403);
      const owners = await s.app.inject({
        method: 'GET',
        url: `/api/vehiculos/propietarios?identificacion=${owner.identificacion}`,
        headers: as(cargo),
      });
      expect(owners.statusCode).toBe(403);
      const [after] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.id, someone.id));
      expect(after).toEqual(someone);
    }
    // Everybody reads the list and the dialog's makes; the page says who may write.
    expect((await list([], {}, cargo)) as unknown).toMatchObject({ permissions: { write: allowed } });
    const makes = await s.app.inject({ method: 'GET', url: '/api/vehiculos/marcas', headers: as(cargo) });
    expect(makes.statusCode).toBe(200);
  });
});

describe('vehicles: the form (spec 3 §3, §5)', () => {
  it('trims and uppercases all but the owner id, starts Activo, and shows SIN PÓLIZA without a policy', async () => {
    const v = await created({ placa: ' abc12 ' });
    expect(v).toMatchObject({
      placa: 'ABC12',
      clase: 'AUTOMÓVIL',
      carroceria: 'SEDAN',
      marca: 'CHEVROLET',
      linea: 'SPARK',
      modelo: '2019',
      servicio: 'PARTICULAR',
      informacionadicional: 'COLOR ROJO',
      poliza: null,
      estado: true,
      origen: 'Vialex',
      cliente: { id: owner.id, identificacion: owner.identificacion, tipoidentificacion: 'CC' },
    });
    const [row] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.id, v.id));
    expect(row.poliza).toBeNull();
    // SIN PÓLIZA is what the list filters on too.
    const found = await list([
      { field: 'placa', op: 'eq', value: 'ABC12' },
      { field: 'poliza', op: 'eq', value: 'sin póliza' },
    ]);
    expect(found.rows.map((r) => r.id)).toEqual([v.id]);
    expect(SIN_POLIZA).toBe('SIN PÓLIZA');
  });

  it("the spec's defaults are a valid vehicle (SIN CLASE, SIN CARROCERIA, SIN MARCA, SIN LINEA, 0000, PARTICULAR)", async () => {
    const v = await created({
      clase: 'SIN CLASE',
      carroceria: 'SIN CARROCERIA',
      marca: 'SIN MARCA',
      linea: 'SIN LINEA',
      modelo: '0000',
      servicio: 'PARTICULAR',
    });
    expect(v).toMatchObject({ clase: 'SIN CLASE', marca: 'SIN MARCA', linea: 'SIN LINEA', modelo: '0000' });
  });

  it('clase, carroceria, marca, linea, modelo, servicio, placa and cliente are required; poliza is not; nothing is written', async () => {
    const before = await total();
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(
      issues(res)
        .map(([path]) => path)
        .sort(),
    ).toEqual(['carroceria', 'clase', 'linea', 'marca', 'modelo', 'placa', 'servicio', 'uidcliente'].sort());
    for (const [, message] of issues(res)) expect(message).toBe(MSG.campoRequerido);
    const blanks = await post(valid({ clase: ' ', marca: '', placa: '   ' }));
    expect(
      issues(blanks)
        .map(([path]) => path)
        .sort(),
    ).toEqual(['clase', 'marca', 'placa']);
    expect(await total()).toBe(before);
  });

  it('the plate has at least 5 characters and the shape of a plate', async () => {
    const before = await total();
    expect(issues(await post(valid({ placa: 'ab1' })))).toEqual([['placa', fmt(MSG.placaMinimo, { min: 5 })]]);
    expect(issues(await post(valid({ placa: 'ABC 123' })))).toEqual([['placa', MSG.placaNoValida]]);
    expect(issues(await post(valid({ placa: 'ABCDEFGHIJK' })))).toEqual([['placa', MSG.placaNoValida]]);
    expect(await total()).toBe(before);
    expect((await post(valid({ placa: 'abc-12' }))).statusCode).toBe(201);
  });

  it('modelo is 0000 or a year from 1900 to next year', async () => {
    const message = fmt(MSG.modeloNoValido, { min: MODELO_MIN, max: modeloMaximo() });
    for (const modelo of ['1899', '20', 'abcd', String(modeloMaximo() + 1), '2019.5'])
      expect(issues(await post(valid({ modelo }))), modelo).toEqual([['modelo', message]]);
    expect((await post(valid({ modelo: modeloMaximo() }))).statusCode).toBe(201);
    expect((await post(valid({ modelo: '1900' }))).statusCode).toBe(201);
  });

  it('clase → its carrocerías; clase and servicio from their lists', async () => {
    const before = await total();
    expect(issues(await post(valid({ clase: 'AUTOMÓVIL', carroceria: 'VOLCO' })))).toEqual([
      ['carroceria', MSG.carroceriaNoValida],
    ]);
    expect(issues(await post(valid({ clase: 'NAVE ESPACIAL', carroceria: 'SIN CARROCERIA' })))).toEqual([
      ['clase', MSG.claseNoValida],
    ]);
    expect(issues(await post(valid({ servicio: 'PIRATA' })))).toEqual([['servicio', MSG.servicioNoValido]]);
    expect(await total()).toBe(before);
    expect((await post(valid({ clase: 'VOLQUETA', carroceria: 'volco', servicio: 'público' }))).statusCode).toBe(201);
    expect((await post(valid({ clase: 'MOTOCICLETA', carroceria: 'SIN CARROCERIA' }))).statusCode).toBe(201);
  });

  it('marca → línea: a línea of another marca, an unknown marca, a línea without marca are refused', async () => {
    const before = await total();
    expect(issues(await post(valid({ marca: 'CHEVROLET', linea: 'LOGAN' })))).toEqual([['linea', MSG.lineaNoValida]]);
    expect(issues(await post(valid({ marca: 'LADA', linea: 'SIN LINEA' })))).toEqual([['marca', MSG.marcaNoValida]]);
    expect(issues(await post(valid({ marca: 'SIN MARCA', linea: 'SPARK' })))).toEqual([['linea', MSG.lineaNoValida]]);
    expect(await total()).toBe(before);
    expect((await post(valid({ marca: 'renault', linea: 'logan' }))).statusCode).toBe(201);
    expect((await post(valid({ marca: 'RENAULT', linea: 'SIN LINEA' }))).statusCode).toBe(201);
  });

  it('the makes and the lines of a make (spec 3 §7)', async () => {
    const makes = (await s.app.inject({ method: 'GET', url: '/api/vehiculos/marcas', headers: as() })).json() as {
      id: number;
      nombre: string;
    }[];
    expect(makes.map((m) => m.nombre)).toEqual([...makes.map((m) => m.nombre)].sort());
    const chevrolet = makes.find((m) => m.nombre === 'CHEVROLET')!;
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/vehiculos/marcas/${chevrolet.id}/lineas`,
      headers: as('Perito'),
    });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { nombre: string }[]).map((l) => l.nombre);
    const expected = await s.ctx.db
      .select({ nombre: lineas.nombre })
      .from(lineas)
      .innerJoin(marcas, eq(marcas.id, lineas.marca))
      .where(eq(marcas.nombre, 'CHEVROLET'));
    expect(names.sort()).toEqual(expected.map((l) => l.nombre).sort());
    expect(names).toContain('SPARK');
    expect(names).not.toContain('LOGAN');
    for (const bad of ['x', '0', '-1', '1.5', '99999999999'])
      expect(
        (await s.app.inject({ method: 'GET', url: `/api/vehiculos/marcas/${bad}/lineas`, headers: as() })).statusCode,
      ).toBe(400);
    const none = await s.app.inject({ method: 'GET', url: '/api/vehiculos/marcas/999999/lineas', headers: as() });
    expect(none.json()).toEqual([]);
  });

  it('the owner: found by identificación (any type), an unknown id refused, hyphens and letters refused', async () => {
    const twin = await s.ctx.db
      .insert(clientes)
      .values({
        nombres: 'OTRA',
        apellidos: 'PERSONA',
        tipoidentificacion: 'CE',
        identificacion: owner.identificacion,
        telefono: '3000000000',
        ciudad: '11001',
        direccion: 'CALLE 2',
      })
      .returning();
    const found = await s.app.inject({
      method: 'GET',
      url: `/api/vehiculos/propietarios?identificacion=%20${owner.identificacion}%20`,
      headers: as(),
    });
    expect(found.statusCode).toBe(200);
    // CC first: the one a desk agent most likely means.
    expect(found.json().map((o: { id: string }) => o.id)).toEqual([owner.id, twin[0].id]);
    expect(found.json()[0]).toMatchObject({ nombres: 'CLIENTE', identificacion: owner.identificacion, estado: true });
    const nobody = await s.app.inject({
      method: 'GET',
      url: '/api/vehiculos/propietarios?identificacion=1',
      headers: as(),
    });
    expect(nobody.json()).toEqual([]);
    for (const bad of ['79-845', 'abc', '', '1234567890123456'])
      expect(
        (
          await s.app.inject({
            method: 'GET',
            url: `/api/vehiculos/propietarios?identificacion=${encodeURIComponent(bad)}`,
            headers: as(),
          })
        ).json(),
        bad,
      ).toMatchObject({ statusCode: 400, message: bad ? MSG.identificacionNoValida : MSG.campoRequerido });
    const before = await total();
    expect(issues(await post(valid({ uidcliente: '00000000-0000-4000-8000-000000000000' })))).toEqual([
      ['uidcliente', MSG.clienteNoExiste],
    ]);
    expect(await total()).toBe(before);
    const v = await created({ uidcliente: twin[0].id });
    expect(v.cliente).toMatchObject({ nombres: 'OTRA', apellidos: 'PERSONA', tipoidentificacion: 'CE' });
  });

  it('one vehicle per plate: a duplicate is a 409 with its message, also when six arrive at once', async () => {
    const v = await created();
    const before = await total();
    const dup = await post(valid({ placa: v.placa.toLowerCase() }));
    expect(dup.json()).toMatchObject({ statusCode: 409, message: fmt(MSG.vehiculoDuplicado, { placa: v.placa }) });
    const placa = plate('DUP');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(valid({ placa }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await total()).toBe(before + 1);
    const other = await created();
    const clash = await put(other.id, valid({ placa: v.placa }));
    expect(clash.json()).toMatchObject({ statusCode: 409, code: 'VEHICLE_DUPLICATE' });
  });
});

describe('vehicles: ACTUALIZAR, Activo / Inactivo, deactivate (spec 3 §4)', () => {
  it('edits, sets Inactivo and Activo again; the deactivate action sets it inactive and keeps it', async () => {
    const v = await created();
    const edited = await put(
      v.id,
      valid({ placa: v.placa, clase: 'CAMIONETA', carroceria: 'DOBLE CABINA', estado: false }),
    );
    expect(edited.json()).toMatchObject({ clase: 'CAMIONETA', carroceria: 'DOBLE CABINA', estado: false });
    // Without estado, the estado stays.
    expect((await put(v.id, valid({ placa: v.placa }))).json().estado).toBe(false);
    expect((await put(v.id, valid({ placa: v.placa, estado: true }))).json().estado).toBe(true);
    const del = await s.app.inject({ method: 'DELETE', url: `/api/vehiculos/${v.id}`, headers: as() });
    expect(del.json()).toMatchObject({ id: v.id, estado: false });
    expect(await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.id, v.id))).toHaveLength(1);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await s.app.inject({ method, url: `/api/vehiculos/${missing}`, headers: as(), payload: valid() });
      expect(res.json(), method).toMatchObject({ statusCode: 404, message: MSG.vehiculoNoExiste });
    }
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/vehiculos/${v.id}`, headers: as('Perito') })).json().id,
    ).toBe(v.id);
  });

  it('a plate that cases carry is not renamed under them', async () => {
    const v = await created({ placa: plate('CAS') });
    await createCaseAs(s.app, as().cookie, await caseBody(s.ctx, { placa: v.placa }));
    const res = await put(v.id, valid({ placa: plate('REN') }));
    expect(res.json()).toMatchObject({ statusCode: 409, message: MSG.placaConCasos });
    const [row] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.id, v.id));
    expect(row.placa).toBe(v.placa);
    // Everything else may change.
    expect((await put(v.id, valid({ placa: v.placa, modelo: '2020' }))).json().modelo).toBe('2020');
  });
});

describe('a vehicle of the policy look-up and one of the list are the same row', () => {
  it('a case on a plate of the list uses that vehicle and its data; the look-up reads the new data at once', async () => {
    const v = await created({
      placa: plate('OWN'),
      clase: 'CAMPERO',
      carroceria: 'CARPADO',
      marca: 'TOYOTA',
      linea: 'PRADO',
    });
    const looked = await lookupPlate(s.ctx, v.placa);
    expect(looked.vehiculo).toMatchObject({ clase: 'CAMPERO', marca: 'TOYOTA', linea: 'PRADO' });
    // Edited in the list: the next look-up sees it (its cached outcome was forgotten).
    await put(
      v.id,
      valid({ placa: v.placa, clase: 'CAMPERO', carroceria: 'CABINADO', marca: 'SUZUKI', linea: 'JIMNY' }),
    );
    expect((await lookupPlate(s.ctx, v.placa)).vehiculo).toMatchObject({ marca: 'SUZUKI', linea: 'JIMNY' });
    const c = await createCaseAs(s.app, as().cookie, await caseBody(s.ctx, { placa: v.placa.toLowerCase() }));
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    expect(row.uidvehiculo).toBe(v.id);
    expect(await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.placa, v.placa))).toHaveLength(1);
  });

  it("a vehicle a look-up saved (Tecnicar's TAX123) is listed, with its policy's name, and edited as itself", async () => {
    clearPlateCache(s.ctx);
    const c = await createCaseAs(s.app, as().cookie, await caseBody(s.ctx, { placa: 'TAX123', relacion: 'Conductor' }));
    const [caseRow] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    const { rows } = await list([{ field: 'placa', op: 'eq', value: 'tax123' }]);
    expect(rows).toHaveLength(1);
    const found = rows[0];
    expect(found.id).toBe(caseRow.uidvehiculo);
    expect(found.origen).toBe('Tecnicar');
    expect(found.poliza).toBeTruthy();
    expect(found.poliza).not.toBe(SIN_POLIZA);
    const [stored] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.id, found.id));
    expect(Array.isArray(stored.poliza)).toBe(true);
    // The look-up's values stay valid although the lists may not have them; the policy's text keeps its numbers.
    const same = {
      clase: found.clase,
      carroceria: found.carroceria,
      marca: found.marca,
      linea: found.linea,
      modelo: found.modelo === '' ? '0000' : found.modelo,
      placa: found.placa,
      poliza: found.poliza!.toLowerCase(),
      servicio: found.servicio,
      informacionadicional: 'revisado',
      uidcliente: owner.id,
    };
    const res = await put(found.id, same);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: found.id, poliza: found.poliza, informacionadicional: 'REVISADO' });
    const [after] = await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.id, found.id));
    expect(after.poliza).toEqual(stored.poliza);
    // A new policy text replaces it; an empty one removes it (SIN PÓLIZA).
    expect((await put(found.id, { ...same, poliza: 'todo riesgo' })).json().poliza).toBe('TODO RIESGO');
    expect((await put(found.id, { ...same, poliza: '' })).json().poliza).toBeNull();
    // Changing a value the lists don't know for another unknown one is refused.
    if (found.marca !== 'CHEVROLET')
      expect(issues(await put(found.id, { ...same, marca: 'MARCA INVENTADA', linea: 'SIN LINEA' }))).toEqual([
        ['marca', MSG.marcaNoValida],
      ]);
    expect(await s.ctx.db.select().from(vehiculos).where(eq(vehiculos.placa, 'TAX123'))).toHaveLength(1);
  });
});

describe('vehicles: the list (spec 3 §2, §7)', () => {
  let mine: VehicleResponse[];
  const tag = 'LST';
  beforeAll(async () => {
    const other = await createClient(s.ctx, 71_500_777);
    mine = [];
    for (let i = 0; i < 12; i++)
      mine.push(
        await created({
          placa: `${tag}${String(i).padStart(2, '0')}X`,
          marca: i % 2 ? 'MAZDA' : 'KIA',
          linea: i % 2 ? 'CX-30' : 'PICANTO',
          modelo: String(2010 + i),
          servicio: i === 3 ? 'PÚBLICO' : 'PARTICULAR',
          poliza: i === 4 ? 'rc publico' : '',
          uidcliente: i === 5 ? other.id : owner.id,
        }),
      );
    // Vehicles without a plate are never listed (spec 3 §7).
    await s.ctx.db.insert(vehiculos).values({ placa: '' });
  });
  const inTag = [
    { field: 'placa', op: 'gte', value: tag },
    { field: 'placa', op: 'lt', value: 'LSU' },
  ];

  it('plates only, by placa ascending, 10 a page with next and previous cursors', async () => {
    const all = await list();
    expect(all.rows.every((r) => r.placa !== '')).toBe(true);
    const first = await list(inTag);
    expect(first.rows.map((r) => r.placa)).toEqual(mine.slice(0, 10).map((v) => v.placa));
    expect(first.prevCursor).toBeNull();
    const second = await list(inTag, { cursor: first.nextCursor!, dir: 'next' });
    expect(second.rows.map((r) => r.placa)).toEqual(mine.slice(10).map((v) => v.placa));
    expect(second.nextCursor).toBeNull();
    const back = await list(inTag, { cursor: second.prevCursor!, dir: 'prev' });
    expect(back.rows.map((r) => r.placa)).toEqual(first.rows.map((r) => r.placa));
    const everything: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list([], cursor ? { cursor } : {});
      everything.push(...page.rows.map((r) => r.placa));
      cursor = page.nextCursor;
    } while (cursor);
    expect(everything).toEqual([...everything].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(everything).not.toContain('');
  });

  it('a filter on every column but estado and acciones', async () => {
    const only = async (criteria: unknown[]) =>
      (await list([...inTag, ...criteria], { limit: '20' })).rows.map((r) => r.placa);
    expect(await only([{ field: 'placa', op: 'eq', value: ' lst03x ' }])).toEqual([mine[3].placa]);
    expect(await only([{ field: 'marca', op: 'eq', value: 'mazda' }])).toHaveLength(6);
    expect(await only([{ field: 'linea', op: 'eq', value: 'picanto' }])).toHaveLength(6);
    expect(await only([{ field: 'clase', op: 'eq', value: 'AUTOMÓVIL' }])).toHaveLength(12);
    expect(await only([{ field: 'carroceria', op: 'ne', value: 'SEDAN' }])).toEqual([]);
    expect(await only([{ field: 'modelo', op: 'gte', value: 2020 }])).toEqual(mine.slice(10).map((v) => v.placa));
    expect(await only([{ field: 'servicio', op: 'eq', value: 'PÚBLICO' }])).toEqual([mine[3].placa]);
    expect(await only([{ field: 'poliza', op: 'eq', value: 'RC PUBLICO' }])).toEqual([mine[4].placa]);
    expect(await only([{ field: 'cliente', op: 'eq', value: 71_500_777 }])).toEqual([mine[5].placa]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect(await only([{ field: 'creado', op: 'eq', value: today }])).toHaveLength(12);
    expect(await only([{ field: 'creado', op: 'lt', value: today }])).toEqual([]);
    const bad = await s.app.inject({
      method: 'GET',
      url: '/api/vehiculos',
      headers: as(),
      query: { criteria: JSON.stringify([{ field: 'creado', op: 'eq', value: '2026-02-30' }]) },
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: MSG.fechaNoValida });
    const estado = await s.app.inject({
      method: 'GET',
      url: '/api/vehiculos',
      headers: as(),
      query: { criteria: JSON.stringify([{ field: 'estado', op: 'eq', value: true }]) },
    });
    expect(estado.json()).toMatchObject({ statusCode: 400, message: fmt(MSG.campoNoPermitido, { campo: 'estado' }) });
  });
});

describe('vehicles: input the UI never sends is a Spanish 4xx, with nothing written', () => {
  it('a NUL byte, huge values, wrong types', async () => {
    const before = await total();
    const nul = await post(valid({ placa: 'NUL\u000001' }));
    expect(nul.json()).toMatchObject({ statusCode: 400, message: MSG.caracteresNoPermitidos });
    const nulInfo = await post(valid({ informacionadicional: 'a\u0000b' }));
    expect(nulInfo.json()).toMatchObject({ statusCode: 400, message: MSG.caracteresNoPermitidos });
    const huge = await post(valid({ informacionadicional: 'x'.repeat(1001), poliza: 'p'.repeat(201) }));
    expect(issues(huge)).toEqual([
      ['poliza', fmt(MSG.textoMuyLargo, { max: 200 })],
      ['informacionadicional', fmt(MSG.textoMuyLargo, { max: 1000 })],
    ]);
    const tooBig = await post(valid({ informacionadicional: 'x'.repeat(1_100_000) }));
    expect(tooBig.json()).toMatchObject({ statusCode: 413, message: MSG.cuerpoMuyGrande });
    const types = await post(valid({ placa: 12345, estado: 'si', uidcliente: 5, clase: ['AUTOMÓVIL'] }));
    expect(types.statusCode).toBe(400);
    expect(types.json().message).toMatch(/^(Entrada inválida|Este campo es requerido)/);
    expect(
      issues(types)
        .map(([path]) => path)
        .sort(),
    ).toEqual(['clase', 'estado', 'placa', 'uidcliente']);
    const notJson = await s.app.inject({
      method: 'POST',
      url: '/api/vehiculos',
      headers: { ...as(), 'content-type': 'application/json' },
      payload: '{"placa": ',
    });
    expect(notJson.json()).toMatchObject({ statusCode: 400, message: MSG.jsonNoValido });
    const badId = await s.app.inject({ method: 'GET', url: '/api/vehiculos/no-es-un-id', headers: as() });
    expect(badId.json()).toMatchObject({ statusCode: 400, message: MSG.vehiculoNoExiste });
    const nulCriteria = await s.app.inject({
      method: 'GET',
      url: '/api/vehiculos',
      headers: as(),
      query: { criteria: JSON.stringify([{ field: 'marca', op: 'eq', value: 'A\u0000' }]) },
    });
    expect(nulCriteria.json()).toMatchObject({ statusCode: 400, message: MSG.caracteresNoPermitidos });
    const badCursor = await s.app.inject({
      method: 'GET',
      url: '/api/vehiculos',
      headers: as(),
      query: { cursor: Buffer.from(JSON.stringify([5])).toString('base64url') },
    });
    expect(badCursor.json()).toMatchObject({ statusCode: 400, message: MSG.cursorNoValido });
    expect(await total()).toBe(before);
  });
});
