import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  CARGOS,
  MSG,
  REPORT_TEXTS,
  can,
  dashboardPeriods,
  reportFileName,
  type Cargo,
  type DashboardResponse,
  type ReportResponse,
} from '@vialex/domain';
import { casos } from '../src/db/schema/index.js';
import { csvValue } from '../src/platform/csv-export.js';
import { startTestServer, type TestServer } from './helper.js';
import { hasSoffice, openCsvInCalc } from './libreoffice.js';
import { createUser, login, signInEveryCargo } from './factories.js';

/**
 * Consultas y Reportes, the dashboard and a user's statistics on seeded data with known answers
 * (spec 3 §2, §5, §8, §9; decisions.md D7, D13, D16). The fixtures live in March 2025 (Bogotá),
 * a bulk of 2,500 cases in January 2024 (the CSV in several cursor batches) and three cases of
 * today (the dashboard).
 */
let s: TestServer;
let admin: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
const ids: Record<string, string> = {};
let next = 700_000;

type CaseSeed = {
  creado: string;
  estado: string;
  uidinvestigador?: string | null;
  prioridad?: string;
  uidabogado?: string;
  uidcreador?: string;
  solicitud_perito?: boolean;
  titulo?: string;
  fecha_cierre?: string;
  llegada_fecha?: string;
};

async function seed(rows: CaseSeed[]) {
  await s.ctx.db.insert(casos).values(
    rows.map((r) => ({
      caso: ++next,
      estado: r.estado,
      creado: new Date(r.creado),
      uidinvestigador: r.uidinvestigador ?? null,
      prioridad: r.prioridad ?? 'media',
      uidabogado: r.uidabogado,
      uidcreador: r.uidcreador,
      solicitud_perito: r.solicitud_perito ?? false,
      titulo: r.titulo ?? '',
      fecha_cierre: r.fecha_cierre ? new Date(r.fecha_cierre) : undefined,
      llegada_fecha: r.llegada_fecha ? new Date(r.llegada_fecha) : undefined,
      ciudad_siniestro: 'BOGOTÁ, D.C.',
    })),
  );
}

const day = (d: number, h = 12) => `2025-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;
const MARCH = 'desde=2025-03-01&hasta=2025-03-31';

beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
  admin = viewers.get('Administrador')!.cookie;
  const mk = async (key: string, o: Parameters<typeof createUser>[1]) =>
    (ids[key] = (await createUser(s.ctx, o)).user.id);
  // A's name holds a comma and accents: the CSV quotes it and keeps the accents.
  await mk('A', { cargo: 'Investigador', nombres: 'ANA, MARÍA', apellidos: 'ÁVILA', area: 'INVESTIGACIÓN' });
  await mk('B', { cargo: 'Investigador', nombres: 'BRUNO', apellidos: 'BETANCUR', area: '' });
  await mk('C', { cargo: 'Investigador', nombres: 'CARLA', apellidos: 'CASTRO', area: 'PERITAJE' });
  await mk('D', { cargo: 'Investigador', nombres: 'DIEGO', apellidos: 'DÍAZ', area: 'INVESTIGACIÓN' });
  await mk('L', { cargo: 'Abogado', nombres: 'LUISA', apellidos: 'LARA', area: 'JURÍDICA' });
  const { A, B, C, D, L } = ids;
  await seed([
    // A: 10 cases, 8 closed (6 CERRADO, 2 Conciliado), 2 open high-priority: 80 %, Alta. One of the
    // closed ones at 23:30 of 31 March in Bogotá (04:30 UTC on 1 April): inside March.
    ...[2, 3, 4, 5, 6].map((d) => ({
      creado: day(d),
      estado: 'CERRADO',
      uidinvestigador: A,
      fecha_cierre: day(d, 14),
    })),
    { creado: '2025-04-01T04:30:00Z', estado: 'CERRADO', uidinvestigador: A, fecha_cierre: '2025-04-01T06:30:00Z' },
    { creado: day(7), estado: 'Conciliado', uidinvestigador: A, fecha_cierre: day(7, 14) },
    { creado: day(8), estado: 'Conciliado', uidinvestigador: A, fecha_cierre: day(8, 14) },
    { creado: day(9), estado: 'Asignado', uidinvestigador: A, prioridad: 'alta' },
    { creado: day(10), estado: 'Asignado', uidinvestigador: A, prioridad: 'alta', titulo: '=HYPERLINK("x")' },
    // B (no area: 'Sin área'): 4 cases, 2 closed: 50 %, Media. The Abogado L holds 3 of them.
    // Titles that Excel in es-CO (which splits at ';') would cut into formulas.
    { creado: day(11), estado: 'CERRADO', uidinvestigador: B, uidabogado: L, titulo: 'Choque;=1+1' },
    { creado: day(12), estado: 'CERRADO', uidinvestigador: B, uidabogado: L, titulo: 'Poste; =3-1;-2+3;@SUM(A1)' },
    { creado: day(13), estado: 'En atención', uidinvestigador: B, uidabogado: L, titulo: 'Choque, calle 80' },
    { creado: day(14), estado: 'En atención', uidinvestigador: B, titulo: 'Moto;"=2+2"\n+3 carril' },
    // C: 3 cases, 1 closed: 33 %, Baja.
    { creado: day(15), estado: 'Cancelado', uidinvestigador: C },
    { creado: day(16), estado: 'Asignado', uidinvestigador: C },
    { creado: day(17), estado: 'Asignado', uidinvestigador: C },
    // D: 5 closed, 3 of them high-priority: 100 % but Media; 2 with a perito requested.
    ...[18, 19, 20].map((d) => ({ creado: day(d), estado: 'CERRADO', uidinvestigador: D, prioridad: 'alta' })),
    { creado: day(21), estado: 'CERRADO', uidinvestigador: D, solicitud_perito: true },
    { creado: day(22), estado: 'CERRADO', uidinvestigador: D, solicitud_perito: true },
    // Without investigator ('Sin asignar', 'Sin área'): 2 open; L created one of them.
    { creado: day(23), estado: 'Recibido', uidcreador: L },
    { creado: day(24), estado: 'Recibido' },
    // Outside March in Bogotá: 00:00 of 1 April, and 23:59 of 28 February.
    { creado: '2025-04-01T05:00:00Z', estado: 'Recibido', uidinvestigador: A },
    { creado: '2025-03-01T04:59:00Z', estado: 'Recibido', uidinvestigador: A },
  ]);
  // January 2024: 2,500 closed cases of A for the CSV's batches.
  await s.ctx.db.execute(sql`
    insert into casos (caso, estado, creado, uidinvestigador, titulo)
    select 800000 + g, 'CERRADO', timestamptz '2024-01-10 12:00:00+00' + make_interval(secs => g), ${A}::uuid, 'Caso ' || g
    from generate_series(1, 2500) g`);
}, 120_000);
afterAll(async () => s?.close());

const get = (url: string, cookie = admin) => s.app.inject({ method: 'GET', url, headers: { cookie } });
async function report(query: string, cookie = admin): Promise<ReportResponse> {
  const res = await get(`/api/reportes?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, message });
}

describe('por_investigador', () => {
  it("counts, percent, efficiency and 'Sin asignar', most cases first, with the summary and the donut", async () => {
    const r = await report(`tipo=por_investigador&${MARCH}`);
    if (r.tipo !== 'por_investigador') throw new Error(r.tipo);
    expect(r.resumen).toEqual({ investigadores: 4, total: 24, activos: 8, cerrados: 16 });
    expect(r.registros).toBe(5);
    expect(
      r.filas.map((f) => [f.nombre, f.total, f.abiertos, f.cerrados, f.alta, f.porcentaje, f.eficiencia, f.area]),
    ).toEqual([
      ['ANA, MARÍA ÁVILA', 10, 2, 8, 2, 80, 'Alta', 'INVESTIGACIÓN'],
      ['DIEGO DÍAZ', 5, 0, 5, 3, 100, 'Media', 'INVESTIGACIÓN'],
      ['BRUNO BETANCUR', 4, 2, 2, 0, 50, 'Media', 'Sin área'],
      ['CARLA CASTRO', 3, 2, 1, 0, 33, 'Baja', 'PERITAJE'],
      ['Sin asignar', 2, 2, 0, 0, 0, 'Baja', 'Sin área'],
    ]);
    expect(r.filas[0]).toMatchObject({ id: ids.A, cargo: 'Investigador' });
    expect(r.filas[4].id).toBeNull();
    expect(r.dona).toEqual(r.filas.map((f) => ({ id: f.id, nombre: f.nombre, total: f.total })));
  });

  it('the status filter narrows every figure', async () => {
    const r = await report(`tipo=por_investigador&${MARCH}&estado=CERRADO`);
    if (r.tipo !== 'por_investigador') throw new Error(r.tipo);
    expect(r.filas.map((f) => [f.nombre, f.total, f.eficiencia])).toEqual([
      ['ANA, MARÍA ÁVILA', 6, 'Alta'],
      ['DIEGO DÍAZ', 5, 'Media'],
      ['BRUNO BETANCUR', 2, 'Alta'],
    ]);
    expect(r.resumen).toEqual({ investigadores: 3, total: 13, activos: 0, cerrados: 13 });
  });

  it('the end date is inclusive to the end of that day in Bogotá, not a minute more', async () => {
    const last = await report('tipo=por_fecha&desde=2025-03-31&hasta=2025-03-31');
    const first = await report('tipo=por_fecha&desde=2025-04-01&hasta=2025-04-01');
    const feb = await report('tipo=por_fecha&desde=2025-02-28&hasta=2025-02-28');
    for (const r of [last, first, feb]) if (r.tipo !== 'por_fecha') throw new Error(r.tipo);
    expect(last.registros).toBe(1);
    expect(first.registros).toBe(1);
    expect(feb.registros).toBe(1);
    if (last.tipo === 'por_fecha') expect(last.filas[0].creado).toBe('2025-04-01T04:30:00.000Z');
    if (first.tipo === 'por_fecha') expect(first.filas[0].creado).toBe('2025-04-01T05:00:00.000Z');
  });

  it('the investigator detail dialog', async () => {
    const res = await get(`/api/reportes/investigadores/${ids.A}?${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.A,
      nombre: 'ANA, MARÍA ÁVILA',
      email: expect.stringContaining('@vialex.test'),
      total: 10,
      abiertos: 2,
      cerrados: 8,
      porcentaje: 80,
      eficiencia: 'Alta',
      desde: '2025-03-01',
      hasta: '2025-03-31',
    });
    // No cases in the range: 'Sin datos'.
    const none = await get(`/api/reportes/investigadores/${ids.A}?desde=2023-01-01&hasta=2023-01-31`);
    expect(none.json()).toMatchObject({ total: 0, porcentaje: 0, eficiencia: 'Sin datos' });
    expectRefusal(await get(`/api/reportes/investigadores/${crypto.randomUUID()}`), 404, MSG.usuarioNoExiste);
  });
});

describe('por_area (Productividad por Área), por_estado', () => {
  it("groups by the investigator's area, 'Sin área' without one or without investigator", async () => {
    const r = await report(`tipo=por_area&${MARCH}`);
    if (r.tipo !== 'por_area') throw new Error(r.tipo);
    expect(r.filas).toEqual([
      { area: 'INVESTIGACIÓN', investigadores: 2, total: 15, abiertos: 2, cerrados: 13, porcentaje: 87 },
      { area: 'Sin área', investigadores: 1, total: 6, abiertos: 4, cerrados: 2, porcentaje: 33 },
      { area: 'PERITAJE', investigadores: 1, total: 3, abiertos: 2, cerrados: 1, porcentaje: 33 },
    ]);
    expect(r.resumen.total).toBe(24);
  });

  it('counts each status with its share and group', async () => {
    const r = await report(`tipo=por_estado&${MARCH}`);
    if (r.tipo !== 'por_estado') throw new Error(r.tipo);
    expect(r.filas).toEqual([
      { estado: 'CERRADO', grupo: 'Cerrado', total: 13, porcentaje: 54 },
      { estado: 'Asignado', grupo: 'Abierto', total: 4, porcentaje: 17 },
      { estado: 'Conciliado', grupo: 'Cerrado', total: 2, porcentaje: 8 },
      { estado: 'En atención', grupo: 'Abierto', total: 2, porcentaje: 8 },
      { estado: 'Recibido', grupo: 'Abierto', total: 2, porcentaje: 8 },
      { estado: 'Cancelado', grupo: 'Cerrado', total: 1, porcentaje: 4 },
    ]);
    expect(r.registros).toBe(6);
  });
});

describe('por_usuario, por_fecha: pages of 15 cases, newest first', () => {
  it("a user's cases: any slot they hold, or created by them", async () => {
    const r = await report(`tipo=por_usuario&usuario=${ids.L}&${MARCH}`);
    if (r.tipo !== 'por_usuario') throw new Error(r.tipo);
    expect(r.registros).toBe(4);
    expect(r.filas.map((f) => [f.estado, f.investigador, f.area])).toEqual([
      ['Recibido', 'Sin asignar', 'Sin área'],
      ['En atención', 'BRUNO BETANCUR', 'Sin área'],
      ['CERRADO', 'BRUNO BETANCUR', 'Sin área'],
      ['CERRADO', 'BRUNO BETANCUR', 'Sin área'],
    ]);
    expect(r.filas.every((f) => f.prioridad === 'media')).toBe(true);
    expect(r.nextCursor).toBeNull();
  });

  it('pages a month: 15, then the other 9, and back', async () => {
    const p1 = await report(`tipo=por_fecha&${MARCH}`);
    if (p1.tipo !== 'por_fecha') throw new Error(p1.tipo);
    expect(p1.registros).toBe(24);
    expect(p1.filas).toHaveLength(15);
    expect(p1.filas[0].creado).toBe('2025-04-01T04:30:00.000Z');
    const p2 = await report(`tipo=por_fecha&${MARCH}&cursor=${p1.nextCursor}&dir=next`);
    if (p2.tipo !== 'por_fecha') throw new Error(p2.tipo);
    expect(p2.filas).toHaveLength(9);
    expect(p2.nextCursor).toBeNull();
    const creados = [...p1.filas, ...p2.filas].map((f) => f.creado);
    expect(creados).toEqual([...creados].sort().reverse());
    const back = await report(`tipo=por_fecha&${MARCH}&cursor=${p2.prevCursor}&dir=prev`);
    if (back.tipo !== 'por_fecha') throw new Error(back.tipo);
    expect(back.filas.map((f) => f.id)).toEqual(p1.filas.map((f) => f.id));
  });

  it('without dates a report covers the last 30 days', async () => {
    const r = await report('tipo=por_estado');
    expect(r.hasta > r.desde).toBe(true);
    expect((Date.parse(r.hasta) - Date.parse(r.desde)) / 86_400_000).toBe(29);
  });
});

describe('Exportar: CSV streamed from a cursor', () => {
  const csv = (body: Buffer) => {
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark
    return body.subarray(3).toString('utf8');
  };

  it('named by query type and date, quoted, with accents, formulas kept as text', async () => {
    const res = await get(`/api/reportes/exportar?tipo=por_investigador&${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reportFileName('por_investigador')}"`);
    const text = csv(res.rawPayload);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Investigador,Correo,Cargo,Área,Total,Abiertos,Cerrados,% Completado,Eficiencia,Alta prioridad',
    );
    expect(lines[1]).toMatch(/^"ANA, MARÍA ÁVILA",u\d+@vialex\.test,Investigador,INVESTIGACIÓN,10,2,8,80,Alta,2$/);
    expect(lines[5]).toBe('Sin asignar,,,Sin área,2,2,0,0,Baja,0');
    expect(lines).toHaveLength(7); // header, 5 rows, the empty tail after the last CRLF

    const cases = csv((await get(`/api/reportes/exportar?tipo=por_fecha&${MARCH}`)).rawPayload);
    const rows = Papa.parse<string[]>(cases.trim()).data;
    expect(rows[0]).toEqual([
      'Caso',
      'Fecha de creación',
      'Estado',
      'Prioridad',
      'Área',
      'Investigador',
      'Título',
      'Ciudad',
    ]);
    expect(rows).toHaveLength(25);
    expect(rows[1].slice(1, 6)).toEqual([
      '2025-03-31 23:30:00',
      'CERRADO',
      'media',
      'INVESTIGACIÓN',
      'ANA, MARÍA ÁVILA',
    ]);
    expect(cases).toContain(`"Choque, calle 80"`);
    expect(cases).toContain(`"'=HYPERLINK(""x"")"`);
    expect(rows.find((r) => r[6].includes('HYPERLINK'))?.[6]).toBe(`'=HYPERLINK("x")`);
  });

  it('a value with either separator is quoted; a formula where a cell could start stays text (OWASP)', async () => {
    const cases = csv((await get(`/api/reportes/exportar?tipo=por_fecha&${MARCH}`)).rawPayload);
    expect(cases).toContain(`,"Choque;'=1+1",`);
    expect(cases).toContain(`,"Poste; '=3-1;'-2+3;'@SUM(A1)",`);
    expect(cases).toContain(`,"Moto;""'=2+2""\n'+3 carril",`);
    // Read as the file means it (comma, quotes): each value whole in its column, neutralised.
    const rows = Papa.parse<string[]>(cases.trim()).data;
    expect(rows.every((r) => r.length === 8)).toBe(true);
    expect(rows.map((r) => r[6])).toEqual(
      expect.arrayContaining(["Choque;'=1+1", "Poste; '=3-1;'-2+3;'@SUM(A1)", `Moto;"'=2+2"\n'+3 carril`]),
    );
    // However a reader cuts it — at ';' (Excel in es-CO), at ',', at line breaks, quotes or not —
    // no piece starts like a formula.
    for (const piece of cases.split(/\r\n|\r|\n|[,;]/))
      expect(piece, JSON.stringify(piece)).not.toMatch(/^[ "]*[=+\-@\t]/);
  });

  it.skipIf(!hasSoffice())(
    'in LibreOffice Calc, read at ",", at ";" (Excel in es-CO) or at both: no cell is a formula, the values in their columns',
    async () => {
      const cases = csv((await get(`/api/reportes/exportar?tipo=por_fecha&${MARCH}`)).rawPayload);
      const meant = Papa.parse<string[]>(cases.trim()).data;
      for (const separators of [[','], [';'], [',', ';']]) {
        const sheet = openCsvInCalc(cases, separators);
        const formulas = sheet.flat().filter((c) => c.formula);
        expect(formulas, separators.join('')).toEqual([]);
        // Read at ',' as the file means, or at both: a value with either separator is quoted,
        // so each stays whole in its column (Calc shows what the file holds, the ' included).
        if (separators.includes(','))
          expect(
            sheet.map((r) => r.map((c) => c.text)),
            separators.join(''),
          ).toEqual(meant.map((r) => (r.at(-1) === '' ? r.slice(0, -1) : r)));
      }
    },
    120_000,
  );

  it('csvValue: quotes either separator, a quote, a line break; neutralises =, +, -, @, tab, CR where a cell starts', () => {
    expect(['a;b', 'a,b', 'a"b', 'a\nb', ' a'].map(csvValue)).toEqual(['"a;b"', '"a,b"', '"a""b"', '"a\nb"', '" a"']);
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx'].map(csvValue)).toEqual([
      `"'=1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@x"`,
      `"'\tx"`,
      `"'\rx"`,
    ]);
    expect(['x;=1', 'x, +1', 'x;"-1', 'x\r\n@y', ' =1'].map(csvValue)).toEqual([
      `"x;'=1"`,
      `"x, '+1"`,
      `"x;""'-1"`,
      `"x\r\n'@y"`,
      `" '=1"`,
    ]);
    // Text elsewhere, numbers, dates and nothing stay as they are.
    expect(['ANA - MARÍA', 'a=b', -5, 80, null, undefined, new Date('2025-03-01T00:00:00Z')].map(csvValue)).toEqual([
      'ANA - MARÍA',
      'a=b',
      '-5',
      '80',
      '',
      '',
      '2025-03-01T00:00:00.000Z',
    ]);
  });

  it('every type exports what its table shows', async () => {
    for (const [tipo, header, count] of [
      ['por_area', 'Área,Investigadores,Total,Abiertos,Cerrados,% Completado', 3],
      ['por_estado', 'Estado,Grupo,Total,%', 6],
      [`por_usuario&usuario=${ids.L}`, 'Caso,Fecha de creación,Estado,Prioridad,Área,Investigador,Título,Ciudad', 4],
    ] as const) {
      const res = await get(`/api/reportes/exportar?tipo=${tipo}&${MARCH}`);
      expect(res.statusCode).toBe(200);
      const lines = csv(res.rawPayload).trim().split('\r\n');
      expect(lines[0]).toBe(header);
      expect(lines).toHaveLength(count + 1);
    }
  });

  it('2,500 cases in several cursor batches, every one once, newest first', async () => {
    const res = await get('/api/reportes/exportar?tipo=por_fecha&desde=2024-01-01&hasta=2024-01-31');
    const rows = Papa.parse<string[]>(csv(res.rawPayload).trim()).data.slice(1);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2500);
    expect(rows[0][0]).toBe('802500');
    expect(rows[2499][0]).toBe('800001');
  });

  it("'No hay datos para exportar' with no rows; the spec's validations", async () => {
    expectRefusal(
      await get('/api/reportes/exportar?tipo=por_fecha&desde=2023-01-01&hasta=2023-01-31'),
      404,
      MSG.noHayDatosExportar,
    );
    expectRefusal(await get('/api/reportes/exportar?tipo=por_usuario'), 400, MSG.seleccionarUsuario);
    expectRefusal(await get('/api/reportes/exportar?tipo=por_fecha'), 400, MSG.seleccionarFechas);
  });
});

describe('who may read and export (docs/decisions.md "Reports")', () => {
  it.each(CARGOS.map((c) => [c]))('%s', async (cargo) => {
    const { cookie } = viewers.get(cargo)!;
    const reads = can(cargo, 'reportes.read');
    const r = await get(`/api/reportes?tipo=por_estado&${MARCH}`, cookie);
    const x = await get(`/api/reportes/exportar?tipo=por_estado&${MARCH}`, cookie);
    const d = await get(`/api/reportes/investigadores/${ids.A}?${MARCH}`, cookie);
    const u = await get('/api/reportes/usuarios?q=ana', cookie);
    for (const res of [r, x, d, u]) expect(res.statusCode).toBe(reads ? 200 : 403);
    if (!reads) expect(r.json()).toMatchObject({ message: MSG.noAutorizado });
    // Every cargo has its dashboard and its own statistics.
    expect((await get('/api/dashboard', cookie)).statusCode).toBe(200);
    expect((await get(`/api/estadisticas/${viewers.get(cargo)!.id}`, cookie)).statusCode).toBe(200);
  });

  it("a reader's reports cover the cases its list shows (Coordinador Perito: those with a perito requested)", async () => {
    const r = await report(`tipo=por_investigador&${MARCH}`, viewers.get('Coordinador Perito')!.cookie);
    if (r.tipo !== 'por_investigador') throw new Error(r.tipo);
    expect(r.filas.map((f) => [f.nombre, f.total])).toEqual([['DIEGO DÍAZ', 2]]);
  });

  it("a user's statistics count the cases of the reader's list, as every report", async () => {
    const all = (await get(`/api/estadisticas/${ids.A}?${MARCH}`)).json();
    expect(all.total).toBeGreaterThan(0);
    // A Call Center agent sees every user but lists only the cases they are the contact centre of.
    const res = await get(`/api/estadisticas/${ids.A}?${MARCH}`, viewers.get('Call Center')!.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 0, abiertos: 0, cerrados: 0 });
  });

  it('the user select searches names and e-mails, 20 at most', async () => {
    const res = await get('/api/reportes/usuarios?q=betan');
    expect(res.json()).toEqual([{ id: ids.B, nombre: 'BRUNO BETANCUR', cargo: 'Investigador' }]);
    expect((await get('/api/reportes/usuarios?q=%25')).json()).toEqual([]); // % is a character, not a wildcard
    expect((await get('/api/reportes/usuarios')).json().length).toBeLessThanOrEqual(20);
  });
});

describe('bad input: a clear Spanish 4xx', () => {
  it.each([
    ['tipo=todo', REPORT_TEXTS.tipoNoValido],
    ['', REPORT_TEXTS.tipoNoValido],
    ['tipo=por_usuario', MSG.seleccionarUsuario],
    ['tipo=por_usuario&usuario=', MSG.seleccionarUsuario],
    ['tipo=por_usuario&usuario=123', REPORT_TEXTS.usuarioNoValido],
    ['tipo=por_fecha', MSG.seleccionarFechas],
    ['tipo=por_fecha&desde=2025-03-01', MSG.seleccionarFechas],
    ['tipo=por_estado&hasta=2025-03-01', MSG.seleccionarFechas],
    ['tipo=por_fecha&desde=2025-03-31&hasta=2025-03-01', REPORT_TEXTS.fechasInvertidas],
    ['tipo=por_fecha&desde=ayer&hasta=hoy', REPORT_TEXTS.fechaNoValida],
    ['tipo=por_fecha&desde=2025-02-30&hasta=2025-03-01', REPORT_TEXTS.fechaNoValida],
    ['tipo=por_fecha&desde=99999-01-01&hasta=99999-12-31', REPORT_TEXTS.fechaNoValida],
    ['tipo=por_estado&estado=XXX…(5,000)', MSG.estadoNoValido],
    ['tipo=por_estado&estado=CERR%00ADO', MSG.caracteresNoPermitidos],
    ['tipo=por_fecha&desde=2025-03-01&hasta=2025-03-31&cursor=bm9wZQ', MSG.cursorNoValido],
    ['tipo=por_fecha&desde=2025-03-01&hasta=2025-03-31&dir=arriba', undefined],
  ])('%s', async (query, message) => {
    const res = await get(`/api/reportes?${query.replace('XXX…(5,000)', 'X'.repeat(5000))}`);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json()).toMatchObject({ message });
    else expect(res.json().message).toMatch(/[a-zá-ú]/i);
  });

  it('statistics and the detail: wrong ids and dates', async () => {
    expectRefusal(await get('/api/estadisticas/abc'), 400, MSG.usuarioNoExiste);
    expectRefusal(await get(`/api/estadisticas/${crypto.randomUUID()}`), 404, MSG.usuarioNoExiste);
    expectRefusal(
      await get(`/api/estadisticas/${ids.A}?desde=2025-03-02&hasta=2025-03-01`),
      400,
      REPORT_TEXTS.fechasInvertidas,
    );
    expectRefusal(await get(`/api/estadisticas/${ids.A}?desde=2025-03-02`), 400, MSG.seleccionarFechas);
    expectRefusal(await get(`/api/reportes/investigadores/${ids.A}?desde=x&hasta=y`), 400, REPORT_TEXTS.fechaNoValida);
  });
});

describe('/estadistica/{id} (decisions.md D7)', () => {
  it("that user's cases by status, open vs closed, percent closed, average time to close", async () => {
    const res = await get(`/api/estadisticas/${ids.A}?${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      usuario: {
        id: ids.A,
        nombre: 'ANA, MARÍA ÁVILA',
        email: expect.any(String),
        cargo: 'Investigador',
        area: 'INVESTIGACIÓN',
      },
      desde: '2025-03-01',
      hasta: '2025-03-31',
      total: 10,
      abiertos: 2,
      cerrados: 8,
      porcentaje: 80,
      tiempoCierreMin: 120,
      porEstado: [
        { estado: 'CERRADO', grupo: 'Cerrado', total: 6 },
        { estado: 'Asignado', grupo: 'Abierto', total: 2 },
        { estado: 'Conciliado', grupo: 'Cerrado', total: 2 },
      ],
    });
  });

  it('the last 30 days by default; nothing there is zeros', async () => {
    const r = (await get(`/api/estadisticas/${ids.C}`)).json();
    expect(r).toMatchObject({
      total: 0,
      abiertos: 0,
      cerrados: 0,
      porcentaje: 0,
      tiempoCierreMin: null,
      porEstado: [],
    });
  });

  it('one may read one’s own and those of users one lists; others are 404', async () => {
    const inv = viewers.get('Investigador')!.cookie;
    expect((await get(`/api/estadisticas/${ids.A}`, inv)).statusCode).toBe(404);
    const coord = viewers.get('Coordinador Investigador')!.cookie;
    expect((await get(`/api/estadisticas/${ids.A}`, coord)).statusCode).toBe(200);
    expect((await get(`/api/estadisticas/${ids.L}`, coord)).statusCode).toBe(404);
    expect((await get(`/api/estadisticas/${ids.L}`, viewers.get('Coordinador Abogado')!.cookie)).statusCode).toBe(200);
  });
});

describe('dashboard (decisions.md D16)', () => {
  it("today's and this month's cases, open by status, waiting for an investigator, average times, agents", async () => {
    // Today in Bogotá whatever the hour the suite runs: before 01:31 the cases are placed later
    // today rather than 90 minutes ago, which would be yesterday (the dashboard counts by day).
    const anchor = Math.max(Date.now(), dashboardPeriods().today.getTime() + 91 * 60_000);
    const iso = (minutesAgo: number) => new Date(anchor - minutesAgo * 60_000).toISOString();
    const before = (await get('/api/dashboard')).json() as DashboardResponse;
    await seed([
      { creado: iso(90), estado: 'CERRADO', uidinvestigador: ids.B, fecha_cierre: iso(30), llegada_fecha: iso(60) },
      { creado: iso(50), estado: 'Asignado', uidinvestigador: ids.B, llegada_fecha: iso(40) },
      { creado: iso(5), estado: 'Recibido' },
    ]);
    const r = (await get('/api/dashboard')).json() as DashboardResponse;
    expect(r.hoy - before.hoy).toBe(3);
    expect(r.mes - before.mes).toBe(3);
    expect(r.mesCerrados - before.mesCerrados).toBe(1);
    // Open now: March's 8 (2 of A, 2 of B, 2 of C, 2 without investigator) + the two of 1 April
    // and 28 February, + today's 2.
    expect(r.abiertos).toBe(12);
    expect(r.esperandoInvestigador).toBe(3);
    expect(r.porEstado).toEqual([
      { estado: 'Asignado', total: 5 },
      { estado: 'Recibido', total: 5 },
      { estado: 'En atención', total: 2 },
    ]);
    if (before.mes === 0) {
      expect(r.tiempoLlegadaMin).toBeCloseTo(20, 5); // (30 + 10) / 2
      expect(r.tiempoCierreMin).toBeCloseTo(60, 5);
    }
    const cargos = new Set(r.agentes.map((a) => a.cargo));
    expect(cargos.has('Investigador') && cargos.has('Abogado')).toBe(true);
    const investigators = r.agentes.filter((a) => a.cargo === 'Investigador').reduce((n, a) => n + a.total, 0);
    expect(investigators).toBeGreaterThanOrEqual(5);
  });

  it("an investigator's dashboard covers its own cases and no agents", async () => {
    const { cookie } = viewers.get('Investigador')!;
    const r = (await get('/api/dashboard', cookie)).json() as DashboardResponse;
    expect(r).toMatchObject({ abiertos: 0, hoy: 0, agentes: [] });
    const b = await login(
      s.app,
      (await s.ctx.db.execute<{ email: string }>(sql`select email from usuarios where id = ${ids.B}::uuid`)).rows[0]
        .email,
    );
    const own = (await get('/api/dashboard', b)).json() as DashboardResponse;
    expect(own.abiertos).toBe(3); // 2 in March, 1 today
    expect(own.hoy).toBe(2);
  });
});
