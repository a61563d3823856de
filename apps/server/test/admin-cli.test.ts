import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { cuentas, trazabilidadestado } from '../src/db/schema/index.js';
import { endSessionsByEmail } from '../src/cli/end-sessions.js';
import { embeddedFromSnapshot, startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow, TEST_PASSWORD } from './factories.js';

/** A new data directory with the run's seeded database in it (embeddedFromSnapshot). */
async function seededDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-admin-'));
  await embeddedFromSnapshot(dataDir);
  return dataDir;
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('npm run admin -- end-sessions', () => {
  it('frees a sole Administrador stuck behind the one-session rule', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
    const cookie = await login(s.app, email);
    // The browser crashed: a second sign-in is refused while the first session lives.
    const refused = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);

    expect((await endSessionsByEmail(s.ctx.database, email.toUpperCase()))?.id).toBe(user.id);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect(await userRow(s.ctx, user.id)).toMatchObject({
      login: false,
      disponibilidad: 'Fuera de su horario laboral',
    });
    const trail = await s.ctx.db.select().from(trazabilidadestado).where(eq(trazabilidadestado.uidusuario, user.id));
    expect(trail.map((t) => t.descripcion)).toContain('Cierre de sesión desde la consola de administración');
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  it('says so when no user has that e-mail, and needs --email (the real command)', async () => {
    const run = promisify(execFile);
    const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
    // A run on PostgreSQL has no PGlite snapshot: the command migrates an in-memory database.
    const dataDir = inject('pgliteSnapshot') ? await seededDataDir() : 'memory://';
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      type Ran = { code: number; stderr: string };
      const [missing, nobody] = (await Promise.all([
        run(process.execPath, ['--import', 'tsx', cli, 'end-sessions'], { env }).catch((e: Ran) => e),
        run(process.execPath, ['--import', 'tsx', cli, 'end-sessions', '--email', 'nadie@vialex.test'], {
          env,
        }).catch((e: Ran) => e),
      ])) as Ran[];
      expect(missing.stderr).toContain('Falta: --email');
      expect(missing.code).toBe(1);
      // Apart, so a failure prints what the command said.
      expect(nobody.stderr).toContain('No existe un usuario con el correo nadie@vialex.test');
      expect(nobody.code).toBe(1);
    } finally {
      if (dataDir !== 'memory://') await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('npm run admin -- create-user', () => {
  it('refuses a common password (the real command)', async () => {
    const run = promisify(execFile);
    const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
    const env = { ...process.env, DATA_DIR: 'memory://', DATABASE_URL: '', VIALEX_ADMIN_PASSWORD: 'password1A!' };
    const args = ['create-user', '--email', 'jefe@vialex.test', '--nombres', 'Ana', '--apellidos', 'Ruiz'];
    const refused = await run(process.execPath, ['--import', 'tsx', cli, ...args, '--identificacion', '52123456'], {
      env,
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect((refused as { stderr: string }).stderr).toContain(MSG.passComun);
    expect((refused as { stdout: string }).stdout).not.toContain('Usuario creado');
    expect((refused as { code: number }).code).toBe(1);
  }, 180_000);
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run admin on the embedded database a server holds open', () => {
  const run = promisify(execFile);
  const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
  type Ran = { code?: number; stdout: string; stderr: string };
  const admin = (args: string[], env: NodeJS.ProcessEnv): Promise<Ran> =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], { env }).catch((e: Ran) => e);

  it('refuses end-sessions and create-user, reports no success and writes nothing; once stopped, works', async () => {
    const dataDir = await seededDataDir();
    const server = await startTestServer({ DATA_DIR: dataDir });
    let open = true;
    try {
      const { email } = await createUser(server.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
      const cookie = await login(server.app, email);
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', VIALEX_ADMIN_PASSWORD: 'Tr4nsit0!Kp9' };
      const refusal = /La base embebida \(.*\) está abierta por otro proceso: detenga el servidor antes de/;

      // Both at once: each command is a process of its own that loads the server's code.
      const [ended, created] = await Promise.all([
        admin(['end-sessions', '--email', email], env),
        admin(
          [
            'create-user',
            '--email',
            'nuevo.admin@vialex.test',
            '--nombres',
            'Nuevo',
            '--apellidos',
            'Admin',
            '--identificacion',
            '52123456',
          ],
          env,
        ),
      ]);
      expect(ended.stderr).toMatch(refusal);
      expect(ended.stderr).toContain('antes de terminar las sesiones');
      expect(ended.stdout).not.toContain('Sesiones terminadas');
      expect(ended.code).toBe(1);

      expect(created.stderr).toMatch(refusal);
      expect(created.stderr).toContain('antes de crear el usuario');
      expect(created.stdout).not.toContain('Usuario creado');
      expect(created.code).toBe(1);

      // The server still has the session and no such account.
      expect((await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
        200,
      );
      expect(await server.ctx.db.select().from(cuentas).where(eq(cuentas.email, 'nuevo.admin@vialex.test'))).toEqual(
        [],
      );

      // Stopped, the same command goes through.
      await server.close();
      open = false;
      const after = await admin(['end-sessions', '--email', email], env);
      expect(after.stderr).toBe('');
      expect(after.stdout).toContain(`Sesiones terminadas: ${email}`);
    } finally {
      if (open) await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
