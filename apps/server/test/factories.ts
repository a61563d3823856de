import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { CARGOS, type Cargo } from '@vialex/domain';
import type { AppContext } from '../src/platform/context.js';
import { createStaffUser } from '../src/modules/users/service.js';
import { usuarios } from '../src/db/schema/index.js';
import type { FastifyInstance } from 'fastify';
import { sessionCookie } from './helper.js';

export const TEST_PASSWORD = 'Clave2026*';

/**
 * The accounts the tests create carry one argon2id hash per password, made once per worker at a
 * light cost (1 MiB, one pass): sign-in verifies it as any other, without the ~8 ms of CPU the
 * production cost spends on each of a run's ~1,600 hashes and checks. Accounts made through the
 * API, and the demo's, are hashed at the production cost.
 */
const lightHashes = new Map<string, Promise<string>>();
function lightHash(password: string): Promise<string> {
  let made = lightHashes.get(password);
  if (!made) lightHashes.set(password, (made = hash(password, { memoryCost: 1024, timeCost: 1 })));
  return made;
}

/*
 * Each user's number (its e-mail, identification and phone): one after another within a test
 * file's process, so two never meet (drawn at random, 100 users of one file met once in a few
 * thousand runs), from a random start so that processes sharing a database rarely do.
 */
let lastUserNumber = crypto.randomInt(1_000_000, 8_000_000);

/** A staff user with overrides; every field has a sensible default. */
export async function createUser(
  ctx: AppContext,
  overrides: Partial<{
    cargo: Cargo;
    email: string;
    nombres: string;
    apellidos: string;
    area: string;
    ciudades: string[];
    password: string;
  }> = {},
) {
  const n = ++lastUserNumber;
  const email = overrides.email ?? `u${n}@vialex.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await createStaffUser(ctx.db, {
    nombres: overrides.nombres ?? 'Usuario',
    apellidos: overrides.apellidos ?? `Prueba ${n}`,
    identificacion: n,
    telefono: `300${n}`,
    email,
    cargo: overrides.cargo ?? 'Investigador',
    area: overrides.area ?? 'INVESTIGACIÓN',
    ciudades: overrides.ciudades ?? ['11001'],
    passwordHash: await lightHash(password),
  });
  return { user, email, password };
}

/** Signs the user in and returns the cookie header. */
export async function login(app: FastifyInstance, email: string, password: string = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export async function userRow(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(usuarios).where(eq(usuarios.id, id));
  return row;
}

/** One signed-in user of every cargo: their ids and session cookies, by cargo. */
export async function signInEveryCargo(ctx: AppContext, app: FastifyInstance, overrides: { area?: string } = {}) {
  const viewers = new Map<Cargo, { id: string; cookie: string }>();
  for (const cargo of CARGOS) {
    const { user, email } = await createUser(ctx, { cargo, ...overrides });
    viewers.set(cargo, { id: user.id, cookie: await login(app, email) });
  }
  return viewers;
}
