import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { MSG } from '@vialex/domain';
import { auditoria, codigosRecuperacion, factoresTotp, sesiones, usuarios } from '../src/db/schema/index.js';
import { setSetting } from '../src/db/settings.js';
import { REQUIRED_CARGOS_SETTING } from '../src/modules/auth/required-cargos.js';
import { checkTotp, confirmTotp, startTotpSetup } from '../src/modules/auth/totp.js';
import { sessionCookie, startTestServer, type TestServer } from './helper.js';
import { createUser, login, TEST_PASSWORD } from './factories.js';
import { SoftAuthenticator } from './soft-authenticator.js';
import { resetSecondFactorByEmail } from '../src/cli/reset-second-factor.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());
beforeEach(async () => {
  await s.ctx.db.execute(sql`delete from intentos_login`);
  await setSetting(s.ctx.db, REQUIRED_CARGOS_SETTING, []);
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  s.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

const pendingCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'vialex_2fa');
  if (!c) throw new Error('no pending sign-in cookie');
  return `vialex_2fa=${c.value}`;
};

const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });

/** Signs in and sets up the authenticator app through Mi perfil; answers its key and recovery codes. */
async function withApp(cargo: 'Investigador' | 'Administrador' | 'Coordinador Investigador' = 'Investigador') {
  const { user, email } = await createUser(s.ctx, { cargo });
  const cookie = await login(s.app, email);
  const setup = await inject('POST', '/api/auth/segundo-factor/totp', cookie);
  expect(setup.statusCode).toBe(200);
  const { secreto, qr, uri } = setup.json();
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(uri).toContain(`secret=${secreto}`);
  const confirmed = await inject('POST', '/api/auth/segundo-factor/totp/confirmar', cookie, {
    codigo: totpOf(secreto).generate(),
  });
  expect(confirmed.statusCode).toBe(200);
  const codes: string[] = confirmed.json().codigosRecuperacion;
  await inject('POST', '/api/auth/logout', cookie);
  return { user, email, secreto, codes, cookie };
}

async function failures(email: string) {
  const { rows } = await s.ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from intentos_login where email = ${email} and not pendiente`,
  );
  return rows[0].n;
}

describe('the authenticator app (fixed clock)', () => {
  it('a code is accepted one step either side, and only once', async () => {
    const { user, email } = await createUser(s.ctx);
    const { secreto } = await startTotpSetup(s.ctx.db, s.ctx.config, { id: user.id, email });
    const totp = totpOf(secreto);
    const t0 = Date.UTC(2026, 0, 5, 12, 0, 10);
    // The setup's first code, then the same code again: refused (its step is used).
    const ok = await s.ctx.db.transaction((tx) =>
      confirmTotp(s.ctx.db, s.ctx.config, tx, user.id, totp.generate({ timestamp: t0 }), t0),
    );
    expect(ok).toBe(true);
    expect(await checkTotp(s.ctx.db, s.ctx.config, user.id, totp.generate({ timestamp: t0 }), t0)).toBe(false);
    // The next step's code, 30 s later: accepted; a step before the last accepted: refused.
    expect(
      await checkTotp(s.ctx.db, s.ctx.config, user.id, totp.generate({ timestamp: t0 + 30_000 }), t0 + 30_000),
    ).toBe(true);
    expect(await checkTotp(s.ctx.db, s.ctx.config, user.id, totp.generate({ timestamp: t0 }), t0 + 30_000)).toBe(false);
    // Two steps away is too far.
    expect(
      await checkTotp(s.ctx.db, s.ctx.config, user.id, totp.generate({ timestamp: t0 + 120_000 }), t0 + 30_000),
    ).toBe(false);
    // The key at rest is sealed, never the base 32 itself.
    const [row] = await s.ctx.db.select().from(factoresTotp).where(eq(factoresTotp.usuario, user.id));
    expect(row.secreto).toMatch(/^v1\.d\./);
    expect(row.secreto).not.toContain(secreto);
  });
});

describe('sign-in with the authenticator app', () => {
  it('the password alone gives no session; the right code does; a code works once; wrong codes count as failures', async () => {
    const { email, secreto, user } = await withApp();
    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ segundoPaso: { metodos: ['totp', 'recuperacion'] } });
    expect(first.cookies.find((c) => c.name === 'vialex_session')).toBeUndefined();
    const pending = pendingCookie(first);

    const wrong = await inject('POST', '/api/auth/login/segundo-paso', pending, { metodo: 'totp', codigo: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.codigoTotpIncorrecto);
    expect(await failures(email)).toBe(1);

    // The setup used this step's code: the next step's (accepted one step ahead) signs in.
    const code = totpOf(secreto).generate({ timestamp: Date.now() + 30_000 });
    const right = await inject('POST', '/api/auth/login/segundo-paso', pending, { metodo: 'totp', codigo: code });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(user.id);
    const cookie = sessionCookie(right);
    expect((await inject('GET', '/api/auth/me', cookie)).statusCode).toBe(200);
    // A complete sign-in forgets this address's failures.
    expect(await failures(email)).toBe(0);
    // The pending sign-in is used up.
    const again = await inject('POST', '/api/auth/login/segundo-paso', pending, { metodo: 'totp', codigo: code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('SIGN_IN_EXPIRED');

    await inject('POST', '/api/auth/logout', cookie);
    const second = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    const replay = await inject('POST', '/api/auth/login/segundo-paso', pendingCookie(second), {
      metodo: 'totp',
      codigo: code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MSG.codigoTotpIncorrecto);
  });

  it('wrong codes lock the sign-in as wrong passwords do', async () => {
    const { email } = await withApp();
    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    const pending = pendingCookie(first);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await inject('POST', '/api/auth/login/segundo-paso', pending, { metodo: 'totp', codigo: '000000' }))
          .statusCode,
      );
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    // The password again does not wipe the count: still refused.
    expect((await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD })).statusCode).toBe(
      429,
    );
  });

  it('a recovery code works once; the codes are stored hashed', async () => {
    const { email, codes, user } = await withApp();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await s.ctx.db.select().from(codigosRecuperacion).where(eq(codigosRecuperacion.usuario, user.id));
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((r) => r.hash)).not.toContain(c.replaceAll('-', ''));

    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    // Typed in capitals with spaces: the same code.
    const typed = codes[0].toUpperCase().replaceAll('-', ' ');
    const ok = await inject('POST', '/api/auth/login/segundo-paso', pendingCookie(first), {
      metodo: 'recuperacion',
      codigo: typed,
    });
    expect(ok.statusCode).toBe(200);
    await inject('POST', '/api/auth/logout', sessionCookie(ok));
    const second = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    const reused = await inject('POST', '/api/auth/login/segundo-paso', pendingCookie(second), {
      metodo: 'recuperacion',
      codigo: codes[0],
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(MSG.codigoRecuperacionIncorrecto);
  });

  it('bad input is a clear 400 that changes nothing; no pending cookie is 401', async () => {
    const { email } = await withApp();
    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    const pending = pendingCookie(first);
    const bad = await inject('POST', '/api/auth/login/segundo-paso', pending, { metodo: 'totp', codigo: '12ab56' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MSG.codigoTotpFormato);
    expect(await failures(email)).toBe(0);
    const noCookie = await inject('POST', '/api/auth/login/segundo-paso', undefined, {
      metodo: 'totp',
      codigo: '123456',
    });
    expect(noCookie.statusCode).toBe(401);
    // A pending second step cannot be used to set up a new factor instead.
    expect((await inject('POST', '/api/auth/login/configurar/totp', pending)).statusCode).toBe(401);
  });
});

describe('the rule per cargo', () => {
  it('only the Administrador reads and sets it, each change recorded', async () => {
    const { email: adminEmail } = await createUser(s.ctx, { cargo: 'Administrador' });
    const admin = await login(s.app, adminEmail);
    const { email: otherEmail } = await createUser(s.ctx, { cargo: 'Coordinador Investigador' });
    const other = await login(s.app, otherEmail);
    expect((await inject('GET', '/api/auth/segundo-factor/cargos', other)).statusCode).toBe(403);
    expect((await inject('PUT', '/api/auth/segundo-factor/cargos', other, { cargos: [] })).statusCode).toBe(403);
    expect((await inject('PUT', '/api/auth/segundo-factor/cargos', admin, { cargos: ['Nadie'] })).statusCode).toBe(400);
    const set = await inject('PUT', '/api/auth/segundo-factor/cargos', admin, {
      cargos: ['Coordinador Investigador', 'Coordinador Investigador'],
    });
    expect(set.json()).toEqual({ cargos: ['Coordinador Investigador'] });
    expect((await inject('GET', '/api/auth/segundo-factor/cargos', admin)).json()).toEqual({
      cargos: ['Coordinador Investigador'],
    });
    const records = await s.ctx.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'usuario.segundo_factor_exigido'));
    expect(records.some((r) => r.objeto_id === 'Coordinador Investigador')).toBe(true);
  });

  it('a user of a required cargo without a factor is led to set one up; no session until done', async () => {
    await setSetting(s.ctx.db, REQUIRED_CARGOS_SETTING, ['Coordinador Investigador']);
    const { email, user } = await createUser(s.ctx, { cargo: 'Coordinador Investigador' });
    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    expect(first.json()).toEqual({ configurar: { cargo: 'Coordinador Investigador' } });
    expect(first.cookies.find((c) => c.name === 'vialex_session')).toBeUndefined();
    const pending = pendingCookie(first);
    // The second step is not this sign-in's.
    expect(
      (await inject('POST', '/api/auth/login/segundo-paso', pending, { metodo: 'totp', codigo: '123456' })).statusCode,
    ).toBe(401);
    const setup = await inject('POST', '/api/auth/login/configurar/totp', pending);
    expect(setup.statusCode).toBe(200);
    const totp = totpOf(setup.json().secreto);
    const wrong = await inject('POST', '/api/auth/login/configurar/totp/confirmar', pending, { codigo: '000000' });
    expect(wrong.statusCode).toBe(401);
    const done = await inject('POST', '/api/auth/login/configurar/totp/confirmar', pending, {
      codigo: totp.generate(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect(done.json().codigosRecuperacion).toHaveLength(10);
    const cookie = sessionCookie(done);
    // Mi perfil: the last factor of a required cargo stays.
    const removal = await inject('DELETE', '/api/auth/segundo-factor/totp', cookie);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(MSG.segundoFactorNoQuitar);
    const status = (await inject('GET', '/api/auth/segundo-factor', cookie)).json();
    expect(status).toMatchObject({ requerido: true, totp: { activo: true }, codigosRestantes: 10 });
    const added = await s.ctx.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'usuario.segundo_factor_agregado'));
    expect(added.some((r) => r.objeto_id === user.id)).toBe(true);
  });

  it('the one-live-session rule holds before the second step', async () => {
    const { email, secreto } = await withApp();
    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    const ok = await inject('POST', '/api/auth/login/segundo-paso', pendingCookie(first), {
      metodo: 'totp',
      codigo: totpOf(secreto).generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(ok.statusCode).toBe(200);
    const second = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.sesionActiva);
  });
});

describe('Mi perfil', () => {
  it('changes ask for a recent proof of the password', async () => {
    const { email, user } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    // Signed in 11 minutes ago (of a longer session): the sign-in no longer counts as a recent proof.
    await s.ctx.db.update(usuarios).set({ duracion_sesion: 60 }).where(eq(usuarios.id, user.id));
    await s.ctx.db
      .update(sesiones)
      .set({ creado: sql`now() - interval '11 minutes'` })
      .where(eq(sesiones.usuario, user.id));
    const refused = await inject('POST', '/api/auth/segundo-factor/totp', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.confirmarIdentidad);
    expect(
      (await inject('POST', '/api/auth/segundo-factor/confirmar', cookie, { password: 'Mala*2026x' })).statusCode,
    ).toBe(401);
    expect(await failures(email)).toBe(1);
    expect(
      (await inject('POST', '/api/auth/segundo-factor/confirmar', cookie, { password: TEST_PASSWORD })).statusCode,
    ).toBe(204);
    expect((await inject('POST', '/api/auth/segundo-factor/totp', cookie)).statusCode).toBe(200);
  });

  it('recovery codes only with a factor; new ones replace the old', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    expect((await inject('POST', '/api/auth/segundo-factor/codigos', cookie)).statusCode).toBe(409);
    const { email: e2, codes } = await withApp();
    const first = await inject('POST', '/api/auth/login', undefined, { email: e2, password: TEST_PASSWORD });
    const signedIn = await inject('POST', '/api/auth/login/segundo-paso', pendingCookie(first), {
      metodo: 'recuperacion',
      codigo: codes[1],
    });
    const c2 = sessionCookie(signedIn);
    const renewed = await inject('POST', '/api/auth/segundo-factor/codigos', c2);
    expect(renewed.json().codigos).toHaveLength(10);
    await inject('POST', '/api/auth/logout', c2);
    const again = await inject('POST', '/api/auth/login', undefined, { email: e2, password: TEST_PASSWORD });
    const old = await inject('POST', '/api/auth/login/segundo-paso', pendingCookie(again), {
      metodo: 'recuperacion',
      codigo: codes[2],
    });
    expect(old.statusCode).toBe(401);
  });
});

describe('passkeys', () => {
  const origin = 'http://localhost';

  async function withPasskey() {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const device = new SoftAuthenticator(origin);
    const options = (await inject('POST', '/api/auth/segundo-factor/llaves/opciones', cookie)).json();
    expect(options.authenticatorSelection.residentKey).toBe('required');
    const added = await inject('POST', '/api/auth/segundo-factor/llaves', cookie, {
      nombre: 'Celular de trabajo',
      respuesta: device.create(options),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().codigosRecuperacion).toHaveLength(10);
    await inject('POST', '/api/auth/logout', cookie);
    return { user, email, device, cookie };
  }

  const signInAlone = async (device: SoftAuthenticator) => {
    const options = (await inject('POST', '/api/auth/login/llave/opciones')).json();
    expect(options.userVerification).toBe('required');
    return inject('POST', '/api/auth/login/llave', undefined, { respuesta: device.get(options) });
  };

  it('registration, then a sign-in with the passkey alone (usernameless)', async () => {
    const { user, device } = await withPasskey();
    const res = await signInAlone(device);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    const cookie = sessionCookie(res);
    const status = (await inject('GET', '/api/auth/segundo-factor', cookie)).json();
    expect(status.llaves).toHaveLength(1);
    expect(status.llaves[0]).toMatchObject({ nombre: 'Celular de trabajo' });
    expect(status.llaves[0].ultimoUso).not.toBeNull();
    // The one-live-session rule: a second sign-in with it is refused while this one lives.
    expect((await signInAlone(device)).statusCode).toBe(409);
  });

  it('a cloned authenticator (its counter gone back) is refused, and counted as a failure', async () => {
    const { device, email } = await withPasskey();
    const ok = await signInAlone(device);
    expect(ok.statusCode).toBe(200);
    await inject('POST', '/api/auth/logout', sessionCookie(ok));
    // The clone signs with the counter the original had before.
    device.credentials[0].counter -= 1;
    const cloned = await signInAlone(device);
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().message).toBe(MSG.llaveNoVerificada);
    expect(await failures(email)).toBe(1);
  });

  it('a device that does not verify its user cannot sign in alone', async () => {
    const { device } = await withPasskey();
    device.verifiesUser = false;
    expect((await signInAlone(device)).statusCode).toBe(401);
  });

  it('a removed passkey is refused; the second step accepts the pending user’s own passkey only', async () => {
    const { device, email } = await withPasskey();
    // The second step after the password, with the passkey.
    const first = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    expect(first.json()).toEqual({ segundoPaso: { metodos: ['llave', 'recuperacion'] } });
    const pending = pendingCookie(first);
    const stranger = new SoftAuthenticator(origin);
    const { device: otherDevice } = await withPasskey();
    stranger.credentials = otherDevice.credentials;
    const opts = (await inject('POST', '/api/auth/login/segundo-paso/llave/opciones', pending)).json();
    expect(
      (await inject('POST', '/api/auth/login/segundo-paso/llave', pending, { respuesta: stranger.get(opts) }))
        .statusCode,
    ).toBe(401);
    const opts2 = (await inject('POST', '/api/auth/login/segundo-paso/llave/opciones', pending)).json();
    const ok = await inject('POST', '/api/auth/login/segundo-paso/llave', pending, { respuesta: device.get(opts2) });
    expect(ok.statusCode).toBe(200);
    const cookie = sessionCookie(ok);
    const [key] = (await inject('GET', '/api/auth/segundo-factor', cookie)).json().llaves;
    // Removing it: its name in the record; then the device cannot sign in.
    expect((await inject('DELETE', `/api/auth/segundo-factor/llaves/${key.id}`, cookie)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/auth/segundo-factor/llaves/${key.id}`, cookie)).statusCode).toBe(404);
    await inject('POST', '/api/auth/logout', cookie);
    const refused = await signInAlone(device);
    expect(refused.statusCode).toBe(401);
    // With no factor left, the recovery codes went too, and the password alone signs in.
    expect(
      (await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD })).json(),
    ).toHaveProperty('user');
  });

  it('a challenge works once and only for its purpose', async () => {
    const { device } = await withPasskey();
    const options = (await inject('POST', '/api/auth/login/llave/opciones')).json();
    const answer = device.get(options);
    const ok = await inject('POST', '/api/auth/login/llave', undefined, { respuesta: answer });
    expect(ok.statusCode).toBe(200);
    await inject('POST', '/api/auth/logout', sessionCookie(ok));
    expect((await inject('POST', '/api/auth/login/llave', undefined, { respuesta: answer })).statusCode).toBe(401);
  });
});

describe('clearing the factors', () => {
  it('an administrator’s password reset clears them only when asked, and records it', async () => {
    const { email: adminEmail } = await createUser(s.ctx, { cargo: 'Administrador' });
    const admin = await login(s.app, adminEmail);
    const { user, email } = await withApp();
    const reset = (quitarSegundoFactor?: boolean) =>
      inject('PUT', `/api/usuarios/${user.id}/password`, admin, {
        password: 'Nueva*Clave2026x',
        confirmPassword: 'Nueva*Clave2026x',
        ...(quitarSegundoFactor === undefined ? {} : { quitarSegundoFactor }),
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await s.ctx.db.select().from(factoresTotp).where(eq(factoresTotp.usuario, user.id))).length).toBe(1);
    const cleared = await reset(true);
    expect(cleared.statusCode).toBe(200);
    expect((await s.ctx.db.select().from(factoresTotp).where(eq(factoresTotp.usuario, user.id))).length).toBe(0);
    expect(
      (await s.ctx.db.select().from(codigosRecuperacion).where(eq(codigosRecuperacion.usuario, user.id))).length,
    ).toBe(0);
    const [record] = await s.ctx.db
      .select()
      .from(auditoria)
      .where(sql`${auditoria.accion} = 'usuario.segundo_factor_restablecido' and ${auditoria.objeto_id} = ${user.id}`);
    expect(record).toBeDefined();
    // The password alone signs in now.
    const res = await inject('POST', '/api/auth/login', undefined, { email, password: 'Nueva*Clave2026x' });
    expect(res.json()).toHaveProperty('user');
  });

  it('npm run admin -- reset-second-factor removes a locked-out user’s factors', async () => {
    const { user, email } = await withApp('Administrador');
    const done = await resetSecondFactorByEmail(s.ctx.database, email.toUpperCase());
    expect(done).toMatchObject({ removed: true });
    expect((await s.ctx.db.select().from(factoresTotp).where(eq(factoresTotp.usuario, user.id))).length).toBe(0);
    expect(await resetSecondFactorByEmail(s.ctx.database, 'nadie@vialex.test')).toBeUndefined();
    const [record] = await s.ctx.db
      .select()
      .from(auditoria)
      .where(sql`${auditoria.accion} = 'usuario.segundo_factor_restablecido' and ${auditoria.objeto_id} = ${user.id}`);
    expect(record.actor_id).toBeNull();
  });
});
