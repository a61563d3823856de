import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { topics } from '@vialex/domain';
import { casos, sesiones, sesionesCliente, usuarios } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { expireSessions } from '../auth/session.js';

/**
 * Helpers for the browser tests only: registered when NODE_ENV=test, never in production.
 * They move time-based state (session age) that a test cannot wait for.
 */
export const testRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, hub } = app.ctx;
  const byEmail = z.object({ email: z.string() });
  const ok = { 200: z.object({ ok: z.boolean() }) };

  app.post('/reset-sessions', { schema: { hide: true, response: ok } }, async () => {
    await db.delete(sesiones);
    await db.update(usuarios).set({ login: false, token_login: null });
    await db.execute(sql`delete from intentos_login`);
    return { ok: true };
  });

  app.post(
    '/user-session-minutes',
    { schema: { hide: true, body: byEmail.extend({ minutes: z.number().int().min(1) }), response: ok } },
    async (request) => {
      const rows = await db
        .update(usuarios)
        .set({ duracion_sesion: request.body.minutes })
        .where(eq(usuarios.email, request.body.email))
        .returning({ id: usuarios.id });
      if (!rows.length) throw notFound('no such user');
      return { ok: true };
    },
  );

  /** Ages the user's session past duracion_sesion, then runs the expiry sweep. */
  app.post(
    '/expire-session',
    { schema: { hide: true, body: byEmail, response: { 200: z.object({ ok: z.boolean(), expired: z.number() }) } } },
    async (request) => {
      const [user] = await db.select().from(usuarios).where(eq(usuarios.email, request.body.email));
      if (!user) throw notFound('no such user');
      const past = new Date(Date.now() - (user.duracion_sesion + 1) * 60_000);
      await db.update(sesiones).set({ creado: past }).where(eq(sesiones.usuario, user.id));
      await db.update(usuarios).set({ ultimo_login: past }).where(eq(usuarios.id, user.id));
      const expired = await expireSessions(db, hub);
      return { ok: true, expired };
    },
  );

  /**
   * Moves the user's session start so that its time ends `seconds` from now (the end near, without
   * waiting minutes), and announces the user's change: open tabs re-read when their session ends.
   */
  app.post(
    '/session-ends-in',
    { schema: { hide: true, body: byEmail.extend({ seconds: z.number().int().min(1) }), response: ok } },
    async (request) => {
      const [user] = await db.select().from(usuarios).where(eq(usuarios.email, request.body.email));
      if (!user) throw notFound('no such user');
      const start = new Date(Date.now() - user.duracion_sesion * 60_000 + request.body.seconds * 1000);
      const rows = await db
        .update(sesiones)
        .set({ creado: start })
        .where(eq(sesiones.usuario, user.id))
        .returning({ id: sesiones.id });
      if (!rows.length) throw notFound('no session');
      await hub.publish(db, topics.user(user.id), { name: 'user.updated', id: user.id });
      return { ok: true };
    },
  );

  /** Ends the client sessions of a case as their 120 minutes would (the next request finds it over). */
  app.post(
    '/expire-client-session',
    { schema: { hide: true, body: z.object({ caso: z.number().int() }), response: ok } },
    async (request) => {
      const [c] = await db.select({ id: casos.id }).from(casos).where(eq(casos.caso, request.body.caso));
      if (!c) throw notFound('no such case');
      await db
        .update(sesionesCliente)
        .set({ expira: new Date(Date.now() - 1000) })
        .where(eq(sesionesCliente.uidcaso, c.id));
      return { ok: true };
    },
  );

  /** Sets a case status directly (the status screen comes with a later issue). */
  app.post(
    '/case-status',
    { schema: { hide: true, body: z.object({ caso: z.number().int(), estado: z.string().min(1) }), response: ok } },
    async (request) => {
      const rows = await db
        .update(casos)
        .set({ estado: request.body.estado })
        .where(eq(casos.caso, request.body.caso))
        .returning({ id: casos.id });
      if (!rows.length) throw notFound('no such case');
      await hub.publish(db, 'list:casos', { name: 'list.changed', list: 'casos', id: rows[0].id });
      return { ok: true };
    },
  );
};
