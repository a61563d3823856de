import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trazabilidadestado } from '../src/db/schema/index.js';
import { endSessionsByEmail } from '../src/cli/end-sessions.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow, TEST_PASSWORD } from './factories.js';

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
    const env = { ...process.env, DATA_DIR: 'memory://', DATABASE_URL: '' };
    const missing = await run(process.execPath, ['--import', 'tsx', cli, 'end-sessions'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((missing as { stderr: string }).stderr).toContain('Falta: --email');
    expect((missing as { code: number }).code).toBe(1);
    const nobody = await run(
      process.execPath,
      ['--import', 'tsx', cli, 'end-sessions', '--email', 'nadie@vialex.test'],
      { env },
    ).catch((e: { code: number; stderr: string }) => e);
    // Apart, so a failure prints what the command said.
    expect((nobody as { stderr: string }).stderr).toContain('No existe un usuario con el correo nadie@vialex.test');
    expect((nobody as { code: number }).code).toBe(1);
  }, 60_000);
});
