import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CARGOS, ESTADOS_ABIERTOS, ESTADOS_CIERRE } from '@vialex/domain';
import {
  cargos,
  ciudades,
  contadores,
  cuentas,
  departamentos,
  estadoscaso,
  tiposcaso,
  tiposidentificacion,
  usuarios,
} from '../src/db/schema/index.js';
import { seedDemoData, DEMO_USERS } from '../src/demo/data.js';
import { seedReferenceData } from '../src/db/seed.js';
import { startTestServer, type TestServer } from './helper.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, {}, { fresh: true });
});
afterAll(async () => s?.close());

describe('reference data on a new database', () => {
  it('has the 12 cargos, identification types, DIVIPOLA, case types, statuses and the counter', async () => {
    expect((await s.ctx.db.select().from(cargos)).map((c) => c.cargo).sort()).toEqual([...CARGOS].sort());
    expect((await s.ctx.db.select().from(tiposidentificacion)).map((t) => t.id).sort()).toEqual([
      'CC',
      'CE',
      'NIT',
      'PA',
      'TI',
    ]);
    expect((await s.ctx.db.select({ n: count() }).from(departamentos))[0].n).toBe(33);
    expect((await s.ctx.db.select({ n: count() }).from(ciudades))[0].n).toBe(1122);
    const [bogota] = await s.ctx.db.select().from(ciudades).where(eq(ciudades.id, '11001'));
    expect(bogota).toMatchObject({ ciudad: 'BOGOTÁ, D.C.', departamento: '11' });
    expect(bogota.lat).toBeCloseTo(4.649, 2);
    expect((await s.ctx.db.select().from(tiposcaso)).map((t) => t.tipo)).toContain('Choque simple');
    const statuses = await s.ctx.db.select().from(estadoscaso);
    expect(statuses.map((x) => x.estado).sort()).toEqual([...ESTADOS_ABIERTOS, ...ESTADOS_CIERRE].sort());
    for (const locked of ['Recibido', ...ESTADOS_CIERRE])
      expect(statuses.find((x) => x.estado === locked)?.editable).toBe(false);
    expect(statuses.find((x) => x.estado === 'Verificado')?.editable).toBe(true);
    expect(await s.ctx.db.select().from(contadores)).toEqual([{ nombre: 'numero_caso', ultimoNumero: 0 }]);
  });

  it('seeding twice changes nothing', async () => {
    await seedReferenceData(s.ctx.db);
    expect((await s.ctx.db.select({ n: count() }).from(ciudades))[0].n).toBe(1122);
  });

  it('demo data: one user per cargo, in the README order, with Bogotá covered', async () => {
    await seedDemoData(s.ctx.db);
    await seedDemoData(s.ctx.db);
    const users = await s.ctx.db.select().from(usuarios).innerJoin(cuentas, eq(cuentas.id, usuarios.uiid));
    for (const demo of DEMO_USERS) {
      const u = users.find((x) => x.cuentas.email === demo.email);
      expect(u?.usuarios.cargo).toBe(demo.cargo);
      expect(u?.usuarios.ciudades).toContain('11001');
    }
    expect(DEMO_USERS.map((u) => u.cargo)).toEqual([
      'Administrador',
      'Call Center',
      'Coordinador Contact Center',
      'Investigador',
      'Coordinador Investigador',
      'Abogado',
      'Coordinador Abogado',
      'Abogado CAIT',
      'Coordinador Abogado CAIT',
      'Perito',
      'Coordinador Perito',
      'Dibujante',
    ]);
  });
});
