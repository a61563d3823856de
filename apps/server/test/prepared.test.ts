import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.js';
import { anyOf, runPrepared, slot } from '../src/db/prepared.js';
import { mensajes, notificaciones, usuarios } from '../src/db/schema/index.js';
import { recordNotice } from '../src/modules/notifications/service.js';
import { createUser } from './factories.js';
import { startTestServer, type TestServer } from './helper.js';

/** A statement built once and run on the database and on transactions (db/prepared.ts). */
describe('statements built once', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  const noticesAt = (db: Executor, url: string) =>
    runPrepared(
      db,
      'test_notices_at',
      (b) =>
        b
          .select({ n: count() })
          .from(notificaciones)
          .where(eq(notificaciones.url, sql.placeholder('url'))),
      { url },
    ).then(([row]) => row.n);

  it('runs on the transaction it is given: it sees that transaction’s own rows, and a rollback takes them', async () => {
    const url = `/test/${crypto.randomUUID()}`;
    // Built first on the database: the same statement then runs inside a transaction.
    expect(await noticesAt(s.ctx.db, url)).toBe(0);
    const { user: admin } = await createUser(s.ctx, { cargo: 'Administrador' });
    let inside = -1;
    await expect(
      s.ctx.db.transaction(async (tx) => {
        await recordNotice(tx, { momento: 'Prueba', titulo: 't', cuerpo: 'c', url }, [admin.id]);
        // On node-postgres the pool's other connections cannot see this uncommitted row.
        inside = await noticesAt(tx, url);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toBe(1);
    expect(await noticesAt(s.ctx.db, url)).toBe(0);

    await s.ctx.db.transaction((tx) =>
      recordNotice(tx, { momento: 'Prueba', titulo: 't', cuerpo: 'c', url }, [admin.id, admin.id]),
    );
    expect(await noticesAt(s.ctx.db, url)).toBe(1);
    const [row] = await s.ctx.db.select().from(notificaciones).where(eq(notificaciones.url, url));
    expect(row).toMatchObject({ destinatarios: [admin.id], cedula: '', caso: null, uidcaso: null });
  });

  it('a slot encodes as its column does and keeps null a NULL; anyOf takes a long list as one value', async () => {
    const [row] = await runPrepared(
      s.ctx.db,
      'test_slots',
      () =>
        sql<{
          reply_is_null: boolean;
          files: string;
        }>`select (${slot('reply', mensajes.replyMessage)})::jsonb is null as reply_is_null, (${slot('files', mensajes.files)})::jsonb->0->>'nombre' as files`,
      { reply: null, files: [{ nombre: 'acta.pdf' }] },
    ).then((r) => (r as unknown as { rows: { reply_is_null: boolean; files: string }[] }).rows);
    expect(row).toEqual({ reply_is_null: true, files: 'acta.pdf' });

    for (const cargo of ['Investigador', 'Abogado'] as const) await createUser(s.ctx, { cargo });
    const users = await s.ctx.db.select({ id: usuarios.id }).from(usuarios);
    const ids = [...users.map((u) => u.id), ...Array.from({ length: 2000 }, () => crypto.randomUUID())];
    const [found] = await runPrepared(
      s.ctx.db,
      'test_any_of',
      (b) =>
        b
          .select({ n: count() })
          .from(usuarios)
          .where(anyOf(usuarios.id, sql.placeholder('ids'))),
      { ids },
    );
    expect(found.n).toBe(users.length);
    expect(users.length).toBeGreaterThan(1);
  });
});
