import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { auditoria } from '../src/db/schema/index.js';
import { changesOf, recordAudit } from '../src/modules/audit/record.js';
import { isSecretField, withoutSecrets } from '../src/modules/audit/secrets.js';
import { startTestServer, type TestServer } from './helper.js';

/**
 * AUDITORÍA's record (modules/audit): one API for every module, in the act's transaction,
 * append-only in the database, and never a secret.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const latest = async () =>
  (await s.ctx.db.select().from(auditoria).orderBy(desc(auditoria.fecha), desc(auditoria.id)).limit(1))[0];

describe('recordAudit', () => {
  it('writes who, from where, what, the target and the fields that changed', async () => {
    await s.ctx.db.transaction((tx) =>
      recordAudit(tx, {
        actor: 'CLI',
        accion: 'usuario.editado',
        objeto: { tipo: 'usuario', id: 'u1', etiqueta: 'ANA PÉREZ' },
        antes: { cargo: 'Investigador', nombres: 'ANA' },
        despues: { cargo: 'Abogado', nombres: 'ANA' },
      }),
    );
    const row = await latest();
    expect(row).toMatchObject({
      actor_id: null,
      actor_nombre: 'CLI',
      ip: null,
      accion: 'usuario.editado',
      objeto_tipo: 'usuario',
      objeto_id: 'u1',
      objeto_etiqueta: 'ANA PÉREZ',
      antes: { cargo: 'Investigador' },
      despues: { cargo: 'Abogado' },
    });
  });

  it('is part of the transaction: rolled back with the act', async () => {
    const before = await s.ctx.db.$count(auditoria);
    await expect(
      s.ctx.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: 'Sistema',
          accion: 'caso.archivado',
          objeto: { tipo: 'caso', id: 1, etiqueta: '# 1' },
        });
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect(await s.ctx.db.$count(auditoria)).toBe(before);
  });

  it('never stores a password, hash, token, secret or second-factor material, at any depth', async () => {
    await s.ctx.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { id: '00000000-0000-4000-8000-000000000001', nombre: 'ALGUIEN', cargo: 'Administrador' },
        ip: '203.0.113.9',
        accion: 'usuario.creado',
        objeto: { tipo: 'usuario', id: 'u2', etiqueta: 'B' },
        despues: {
          email: 'b@vialex.test',
          password: 'Secreta2026*',
          password_hash: '$argon2id$…',
          token_login: 't',
          totpSecret: 'JBSWY3DP',
          codigosRecuperacion: ['1', '2'],
          segundoFactor: { tipo: 'totp' },
          contraseña: 'x',
          cuentas: [{ email: 'c@vialex.test', passwordHash: 'h', apiKey: 'k' }],
        },
      }),
    );
    const row = await latest();
    expect(row.despues).toEqual({ email: 'b@vialex.test', cuentas: [{ email: 'c@vialex.test' }] });
    expect(row).toMatchObject({ actor_nombre: 'ALGUIEN', actor_cargo: 'Administrador', ip: '203.0.113.9' });
  });

  it('names the fields it filters', () => {
    for (const f of [
      'password',
      'PasswordHash',
      'hash',
      'token_login',
      'secreto',
      'clave',
      'otp',
      'totp_secret',
      'recoveryCodes',
      'código_recuperación',
      'mfa',
      'segundo_factor',
      'sessionCookie',
    ])
      expect(isSecretField(f), f).toBe(true);
    for (const f of ['nombres', 'email', 'cargo', 'area', 'estado', 'ciudades', 'duracion_sesion', 'placa', 'caso'])
      expect(isSecretField(f), f).toBe(false);
    expect(withoutSecrets([{ token: 1, a: 2 }])).toEqual([{ a: 2 }]);
  });

  it('keeps only what changed; nothing changed is null on both sides', () => {
    expect(changesOf({ a: 1, b: [1] }, { a: 1, b: [1, 2] })).toEqual({ antes: { b: [1] }, despues: { b: [1, 2] } });
    expect(changesOf({ a: 1 }, { a: 1 })).toEqual({ antes: null, despues: null });
    expect(changesOf(null, { a: 1, password: 'x' })).toEqual({ antes: null, despues: { a: 1 } });
  });
});

describe('the table is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever runs them', async () => {
    const row = await latest();
    await expect(s.ctx.db.update(auditoria).set({ accion: 'x' }).where(eq(auditoria.id, row.id))).rejects.toThrow();
    await expect(s.ctx.db.delete(auditoria).where(eq(auditoria.id, row.id))).rejects.toThrow();
    await expect(s.ctx.db.execute(sql`truncate auditoria`)).rejects.toThrow();
    const err = await s.ctx.db.execute(sql`delete from auditoria`).catch((e: unknown) => e);
    expect(String((err as { cause?: Error }).cause?.message ?? err)).toMatch(/solo admite nuevos registros/);
    expect((await s.ctx.db.select().from(auditoria).where(eq(auditoria.id, row.id)))[0]).toEqual(row);
  });
});
