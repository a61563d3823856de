import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';
import { casos, idempotencia, notificaciones, trazabilidad } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody } from './case-factories.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const create = (cargo: Cargo, body: object, key?: string, url = '/api/casos') =>
  s.app.inject({
    method: 'POST',
    url,
    headers: { cookie: viewers.get(cargo)!.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
const total = async (table: typeof casos | typeof notificaciones) =>
  (await s.ctx.db.select({ n: count() }).from(table))[0].n;
const newKey = () => crypto.randomUUID();

describe('creating a case with an Idempotency-Key', () => {
  it('five requests at once with one key open one case with one set of notices, and all get the same answer', async () => {
    const body = await caseBody(s.ctx);
    const key = newKey();
    const [cases, notices] = [await total(casos), await total(notificaciones)];
    const answers = await Promise.all(Array.from({ length: 5 }, () => create('Call Center', body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const first = answers[0].json();
    for (const a of answers) expect(a.json()).toEqual(first);
    expect(await total(casos)).toBe(cases + 1);
    expect(await total(notificaciones)).toBe(notices + 1);
    const history = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, first.id));
    expect(history.filter((t) => t.descripcion === 'Se realiza la creación del caso')).toHaveLength(1);
    const [row] = await s.ctx.db.select().from(idempotencia).where(eq(idempotencia.clave, key));
    expect(row).toMatchObject({ usuario: viewers.get('Call Center')!.id, ruta: 'POST /api/casos', estado: 201 });
  });

  it('a retry after the answer is lost gets the first answer; a new key opens a new case; no key, as before', async () => {
    const body = await caseBody(s.ctx);
    const key = newKey();
    const first = await create('Administrador', body, key);
    const cases = await total(casos);
    const retry = await create('Administrador', body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await total(casos)).toBe(cases);
    const other = await create('Administrador', body, newKey());
    expect(other.json().caso).not.toBe(first.json().caso);
    expect((await create('Administrador', body)).statusCode).toBe(201);
    expect(await total(casos)).toBe(cases + 2);
  });

  it("a key is the user's own: another user with the same key opens their own case", async () => {
    const key = newKey();
    const a = await create('Administrador', await caseBody(s.ctx), key);
    const b = await create('Coordinador Contact Center', await caseBody(s.ctx), key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).not.toBe(a.json().id);
  });

  it('a key used for another operation is refused; nothing is written', async () => {
    const key = newKey();
    expect((await create('Administrador', await caseBody(s.ctx), key)).statusCode).toBe(201);
    const cases = await total(casos);
    const res = await create('Administrador', await caseBody(s.ctx), key, '/api/casos/cronos');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Esta Idempotency-Key ya se usó en otra operación',
    });
    expect(await total(casos)).toBe(cases);
  });

  it('a creation that is refused keeps no key: the corrected retry with the same key is created', async () => {
    const key = newKey();
    const body = await caseBody(s.ctx);
    const refused = await create('Administrador', { ...body, identificacion: '123' }, key);
    expect(refused.json().message).toBe('Usuario no registrado');
    expect(await s.ctx.db.select().from(idempotencia).where(eq(idempotencia.clave, key))).toHaveLength(0);
    expect((await create('Administrador', body, key)).statusCode).toBe(201);
  });

  it.each([
    ['too long', 'k'.repeat(101)],
    ['not ASCII', 'clave-ñandú'],
  ])('a key that is %s: 400 with the Spanish message, nothing written', async (_, key) => {
    const cases = await total(casos);
    const res = await create('Administrador', await caseBody(s.ctx), key);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Idempotency-Key no válida: de 1 a 100 caracteres ASCII imprimibles');
    expect(await total(casos)).toBe(cases);
  });

  it('keys older than 24 hours are deleted by the next keyed creation; recent ones stay', async () => {
    const usuario = viewers.get('Administrador')!.id;
    await s.ctx.db.insert(idempotencia).values([
      {
        usuario,
        clave: 'viejo',
        ruta: 'POST /api/casos',
        estado: 201,
        respuesta: {},
        creado: sql`now() - interval '25 hours'`,
      },
      {
        usuario,
        clave: 'reciente',
        ruta: 'POST /api/casos',
        estado: 201,
        respuesta: {},
        creado: sql`now() - interval '23 hours'`,
      },
    ]);
    expect((await create('Administrador', await caseBody(s.ctx), newKey())).statusCode).toBe(201);
    const left = await s.ctx.db
      .select({ clave: idempotencia.clave })
      .from(idempotencia)
      .where(and(eq(idempotencia.usuario, usuario)));
    expect(left.map((r) => r.clave)).toContain('reciente');
    expect(left.map((r) => r.clave)).not.toContain('viejo');
  });
});
