import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CARGOS, type Cargo } from '@vialex/domain';
import { casos, clientes, empresas, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { statementsOf } from './statement-log.js';
import { listCaseKeys } from '../src/modules/cases/queries.js';
import { listRowsJson } from '../src/modules/cases/list-rows.js';

/*
 * A list row's case columns are presented once per version of the case (list-rows.ts): whatever
 * changes a case, or a name a row shows, must be in the very next page, and every row must be
 * what the case's own answer is for that viewer.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
let created: { id: string; caso: number; uidempresa: string };
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
  const callCenter = viewers.get('Call Center')!;
  created = await createCaseAs(s.app, callCenter.cookie, await caseBody(s.ctx));
  await createCaseAs(s.app, callCenter.cookie, await caseBody(s.ctx));
});
afterAll(async () => s?.close());

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
type Row = Record<string, unknown> & { id: string; caso: number };

async function page(cargo: Cargo, archived = false): Promise<Row[]> {
  const res = await s.app.inject({ url: archived ? '/api/casos/archivados' : '/api/casos', headers: h(cargo) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json().rows;
}
const rowOf = async (cargo: Cargo, id = created.id) => (await page(cargo)).find((r) => r.id === id);

describe('a case list row', () => {
  it("is the case's own answer for each viewer, read one after another over the same rows", async () => {
    for (const cargo of CARGOS) {
      for (const row of await page(cargo)) {
        const one = await s.app.inject({ url: `/api/casos/${row.id}`, headers: h(cargo) });
        expect(one.statusCode).toBe(200);
        expect(row).toEqual(one.json());
      }
    }
  });

  it("shows the case's change in the next page, whoever made it and however", async () => {
    expect((await rowOf('Administrador'))!.estado).not.toBe('CERRADO');
    await s.ctx.db.update(casos).set({ estado: 'CERRADO' }).where(eq(casos.id, created.id));
    expect((await rowOf('Administrador'))!.estado).toBe('CERRADO');
    // A write that leaves every column as it was is a new version too, read again, the same.
    await s.ctx.db.execute(sql`update casos set estado = estado where id = ${created.id}`);
    expect((await rowOf('Administrador'))!.estado).toBe('CERRADO');
    // Archived: out of the active page, in the archived one.
    await s.ctx.db.update(casos).set({ archivado: true }).where(eq(casos.id, created.id));
    expect(await rowOf('Administrador')).toBeUndefined();
    expect((await page('Administrador', true)).find((r) => r.id === created.id)!.archivado).toBe(true);
    await s.ctx.db.update(casos).set({ archivado: false }).where(eq(casos.id, created.id));
    expect((await rowOf('Administrador'))!.archivado).toBe(false);
  });

  it('shows a changed name, phone or company of another table in the next page, the case unchanged', async () => {
    const callCenter = viewers.get('Call Center')!;
    const [client] = await s.ctx.db.select({ id: casos.uidcliente }).from(casos).where(eq(casos.id, created.id));
    await rowOf('Administrador');
    await s.ctx.db.update(usuarios).set({ nombres: 'RENOMBRADA' }).where(eq(usuarios.id, callCenter.id));
    await s.ctx.db.update(clientes).set({ telefono: '3009998877' }).where(eq(clientes.id, client.id!));
    await s.ctx.db.update(empresas).set({ empresa: 'EMPRESA RENOMBRADA' }).where(eq(empresas.id, created.uidempresa));
    const row = (await rowOf('Administrador'))!;
    expect((row.callcenter as { nombre: string }).nombre).toMatch(/^RENOMBRADA /);
    expect((row.cliente as { telefono: string }).telefono).toBe('3009998877');
    expect(row.empresa).toBe('EMPRESA RENOMBRADA');
  });

  it("reads a case's columns once per version: an unchanged page is one statement", async () => {
    const ofCases = (texts: string[]) => texts.filter((t) => /from "casos"/i.test(t));
    await page('Administrador');
    expect(ofCases(await statementsOf(s.ctx, () => page('Administrador')))).toHaveLength(1);
    await s.ctx.db.update(casos).set({ prioridad: 'alta' }).where(eq(casos.id, created.id));
    let row: Row | undefined;
    const texts = await statementsOf(s.ctx, async () => (row = await rowOf('Administrador')));
    expect(row!.prioridad).toBe('alta');
    // The page's keys, then the changed case's columns.
    expect(ofCases(texts)).toHaveLength(2);
  });

  it('keeps the newer version when the case changes between the page and its rows', async () => {
    const admin = { id: viewers.get('Administrador')!.id, cargo: 'Administrador' as const };
    const keysNow = async () =>
      (await listCaseKeys(s.ctx.db, admin, false, { dir: 'next' }, 10)).rows.filter((k) => k.id === created.id);
    // A version this process has not kept: its columns are read after the page's statement.
    await s.ctx.db.update(casos).set({ prioridad: 'media' }).where(eq(casos.id, created.id));
    const before = await keysNow();
    // Changed again after the page's statement, before its rows are read.
    await s.ctx.db.update(casos).set({ prioridad: 'baja' }).where(eq(casos.id, created.id));
    const [json] = await listRowsJson(s.ctx.db, before, admin);
    expect(JSON.parse(json.toString()).prioridad).toBe('baja');
    // The kept row is the newer version: the next page finds it kept, and the same.
    const after = await keysNow();
    expect(after[0].version).not.toBe(before[0].version);
    const texts = await statementsOf(s.ctx, async () => {
      const [again] = await listRowsJson(s.ctx.db, after, admin);
      expect(JSON.parse(again.toString()).prioridad).toBe('baja');
    });
    expect(texts).toHaveLength(0);
  });
});
