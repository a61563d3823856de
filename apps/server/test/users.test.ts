import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CARGOS, COORDINADORES, MSG, USERS_VISIBLE, canWriteUsers, type Cargo } from '@vialex/domain';
import { cuentas, trazabilidadestado, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { TEST_PASSWORD, createUser, login, userRow, signInEveryCargo } from './factories.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app, { area: 'ADMINISTRACIÓN' });
});
afterAll(async () => s?.close());

const headers = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
let n = 0;
const newUser = (cargo: Cargo = 'Perito', extra: object = {}) => ({
  nombres: ' luis ',
  apellidos: 'gómez',
  identificacion: String(70_000_000 + ++n),
  telefono: '3009998877',
  email: `nuevo${n}@vialex.test`,
  cargo,
  area: 'PERITAJE',
  password: 'Segura-Ruta-2026*',
  confirmPassword: 'Segura-Ruta-2026*',
  ...extra,
});

async function listAll(cargo: Cargo) {
  const res = await s.app.inject({ method: 'GET', url: '/api/usuarios?limit=500', headers: headers(cargo) });
  return res;
}

describe('users list visibility (spec 1 §6)', () => {
  it.each(CARGOS)('%s', async (viewer) => {
    const res = await listAll(viewer);
    const visible = USERS_VISIBLE[viewer];
    if (visible !== 'all' && visible.length === 0) {
      expect(res.statusCode).toBe(403);
      return;
    }
    expect(res.statusCode).toBe(200);
    const seen = new Set(res.json().rows.map((r: { cargo: string }) => r.cargo));
    const expected = visible === 'all' ? CARGOS : visible;
    expect([...seen].sort()).toEqual([...expected].sort());
    expect(res.json().permissions.write).toBe(canWriteUsers(viewer));
  });
});

describe('creating users', () => {
  it('creates the user and its sign-in account together; names uppercased; the user can sign in', async () => {
    const body = newUser('Perito');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers('Administrador'),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      nombres: 'LUIS',
      apellidos: 'GÓMEZ',
      cargo: 'Perito',
      estado: true,
      duracion_sesion: 15,
      disponibilidad: 'Fuera de su horario laboral',
    });
    const [account] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.email, body.email));
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    await login(s.app, body.email, 'Segura-Ruta-2026*');
  });

  it.each(CARGOS)('refused with "Usuario no autorizado" for a restricted view: %s', async (viewer) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers(viewer),
      payload: newUser('Perito'),
    });
    expect(res.statusCode).toBe(canWriteUsers(viewer) ? 201 : 403);
    if (res.statusCode === 403) expect(res.json().message).toBe(MSG.noAutorizado);
  });

  it('only an Administrador may create an Administrador', async () => {
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/usuarios',
          headers: headers('Call Center'),
          payload: newUser('Administrador', { area: 'ADMINISTRACIÓN' }),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/usuarios',
          headers: headers('Administrador'),
          payload: newUser('Administrador', { area: 'ADMINISTRACIÓN' }),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('password rules on create and a duplicate e-mail, with nothing written', async () => {
    const weak = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers('Administrador'),
      payload: newUser('Perito', { password: 'abc', confirmPassword: 'abd' }),
    });
    expect(weak.statusCode).toBe(400);
    const messages = weak.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'La contraseña debe tener mínimo 8 caracteres',
        MSG.passMayuscula,
        MSG.passNumero,
        MSG.passEspecial,
      ]),
    );
    const first = newUser('Perito');
    await s.app.inject({ method: 'POST', url: '/api/usuarios', headers: headers('Administrador'), payload: first });
    const dup = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers('Administrador'),
      payload: { ...newUser('Perito'), email: first.email.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.correoDuplicado);
    const missing = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers('Administrador'),
      payload: { email: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    const badArea = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers('Administrador'),
      payload: newUser('Perito', { area: 'NO EXISTE' }),
    });
    expect(badArea.statusCode).toBe(400);
  });
});

describe('editing users', () => {
  async function created(cargo: Cargo = 'Investigador') {
    const body = newUser(cargo, { area: 'INVESTIGACIÓN' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: headers('Administrador'),
      payload: body,
    });
    return { ...res.json(), body };
  }
  const editBody = (u: { body: ReturnType<typeof newUser> }, extra: object = {}) => {
    const { password: _p, confirmPassword: _c, ...rest } = u.body;
    return { ...rest, ...extra };
  };
  /** An edit body for a user already in the database (the signed-in viewers). */
  const rowBody = (u: Awaited<ReturnType<typeof userRow>>, extra: object = {}) => ({
    nombres: u.nombres,
    apellidos: u.apellidos,
    identificacion: String(u.identificacion),
    telefono: u.telefono,
    email: u.email,
    cargo: u.cargo,
    area: u.area,
    estado: u.estado,
    ...extra,
  });

  it.each(['Call Center', 'Coordinador Contact Center'] as const)(
    'no escalation: %s may not create, appoint or edit coordinators, nor change its own cargo',
    async (viewer) => {
      const post = (cargo: Cargo) =>
        s.app.inject({ method: 'POST', url: '/api/usuarios', headers: headers(viewer), payload: newUser(cargo) });
      for (const cargo of COORDINADORES) expect((await post(cargo)).statusCode, cargo).toBe(403);
      expect((await post('Investigador')).statusCode).toBe(201);

      const agent = await created();
      const promote = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${agent.id}`,
        headers: headers(viewer),
        payload: editBody(agent, { cargo: 'Coordinador Investigador' }),
      });
      expect(promote.statusCode).toBe(403);
      expect(promote.json().message).toBe(MSG.noAutorizado);

      const coord = await userRow(s.ctx, viewers.get('Coordinador Perito')!.id);
      const editCoord = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${coord.id}`,
        headers: headers(viewer),
        payload: rowBody(coord, { cargo: 'Perito' }),
      });
      expect(editCoord.statusCode).toBe(403);
      expect(
        (await s.app.inject({ method: 'DELETE', url: `/api/usuarios/${coord.id}`, headers: headers(viewer) }))
          .statusCode,
      ).toBe(403);

      const me = await userRow(s.ctx, viewers.get(viewer)!.id);
      const self = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${me.id}`,
        headers: headers(viewer),
        payload: rowBody(me, { cargo: 'Coordinador Investigador' }),
      });
      expect(self.statusCode).toBe(403);
      expect((await userRow(s.ctx, me.id)).cargo).toBe(viewer);
      const selfName = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${me.id}`,
        headers: headers(viewer),
        payload: rowBody(me, { telefono: '3009998877' }),
      });
      expect(selfName.statusCode).toBe(200);
      expect(selfName.json().actions).toMatchObject({ edit: true, changeCargo: false });
    },
  );

  it('an Administrador appoints coordinators but does not change its own cargo', async () => {
    const agent = await created();
    const promote = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${agent.id}`,
      headers: headers('Administrador'),
      payload: editBody(agent, { cargo: 'Coordinador Investigador' }),
    });
    expect(promote.json()).toMatchObject({ cargo: 'Coordinador Investigador' });
    const me = await userRow(s.ctx, viewers.get('Administrador')!.id);
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/api/usuarios/${me.id}`,
          headers: headers('Administrador'),
          payload: rowBody(me, { cargo: 'Perito' }),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the area can change only for an Administrador', async () => {
    const u = await created();
    const byCc = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${u.id}`,
      headers: headers('Coordinador Contact Center'),
      payload: editBody(u, { area: 'JURÍDICA' }),
    });
    expect(byCc.statusCode).toBe(403);
    const sameArea = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${u.id}`,
      headers: headers('Coordinador Contact Center'),
      payload: editBody(u, { nombres: 'pedro' }),
    });
    expect(sameArea.json()).toMatchObject({ nombres: 'PEDRO', area: 'INVESTIGACIÓN' });
    const byAdmin = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${u.id}`,
      headers: headers('Administrador'),
      payload: editBody(u, { area: 'JURÍDICA' }),
    });
    expect(byAdmin.json().area).toBe('JURÍDICA');
  });

  it('changing the e-mail changes the sign-in e-mail', async () => {
    const u = await created();
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${u.id}`,
      headers: headers('Administrador'),
      payload: editBody(u, { email: `Cambio${n}@Vialex.test` }),
    });
    expect(res.statusCode).toBe(200);
    await login(s.app, `cambio${n}@vialex.test`, 'Segura-Ruta-2026*');
  });

  it('a restricted coordinator cannot edit, even a user of its own group', async () => {
    const u = await created('Investigador');
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${u.id}`,
      headers: headers('Coordinador Investigador'),
      payload: editBody(u, { nombres: 'x' }),
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(s.ctx, u.id)).nombres).toBe('LUIS');
  });

  it('deactivating keeps the user, signs them out, and refuses their sign-in', async () => {
    const u = await created();
    const cookie = await login(s.app, u.body.email, 'Segura-Ruta-2026*');
    const res = await s.app.inject({ method: 'DELETE', url: `/api/usuarios/${u.id}`, headers: headers('Call Center') });
    expect(res.json().estado).toBe(false);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: u.body.email, password: 'Segura-Ruta-2026*' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await s.app.inject({
          method: 'DELETE',
          url: `/api/usuarios/${viewers.get('Administrador')!.id}`,
          headers: headers('Administrador'),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('assign cities', () => {
  it('only on Abogado and Investigador users; city ids checked', async () => {
    const inv = await createUser(s.ctx, { cargo: 'Investigador' });
    const per = await createUser(s.ctx, { cargo: 'Perito' });
    const ok = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${inv.user.id}/ciudades`,
      headers: headers('Administrador'),
      payload: { ciudades: ['05001', '11001', '11001'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ciudades).toEqual(['05001', '11001']);
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/api/usuarios/${per.user.id}/ciudades`,
          headers: headers('Administrador'),
          payload: { ciudades: ['05001'] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/api/usuarios/${inv.user.id}/ciudades`,
          headers: headers('Administrador'),
          payload: { ciudades: ['00000'] },
        })
      ).statusCode,
    ).toBe(400);
    const list = (await listAll('Administrador')).json().rows;
    expect(list.find((r: { id: string }) => r.id === inv.user.id).actions.assignCities).toBe(true);
    expect(list.find((r: { id: string }) => r.id === per.user.id).actions.assignCities).toBe(false);
  });

  const setCities = (viewer: Cargo, id: string, ciudades: string[]) =>
    s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${id}/ciudades`,
      headers: headers(viewer),
      payload: { ciudades },
    });

  it('the coordinator who dispatches them: Coordinador Investigador on Investigador, Coordinador Abogado on Abogado', async () => {
    const inv = await createUser(s.ctx, { cargo: 'Investigador', ciudades: ['11001'] });
    const abo = await createUser(s.ctx, { cargo: 'Abogado', ciudades: ['11001'] });
    const dib = await createUser(s.ctx, { cargo: 'Dibujante', ciudades: [] });

    const byCoordInv = await setCities('Coordinador Investigador', inv.user.id, ['25754', '11001']);
    expect(byCoordInv.statusCode).toBe(200);
    expect(byCoordInv.json().ciudades).toEqual(['25754', '11001']);
    for (const target of [abo, dib]) {
      const refused = await setCities('Coordinador Investigador', target.user.id, ['05001']);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.noAutorizado);
    }
    expect((await userRow(s.ctx, abo.user.id)).ciudades).toEqual(['11001']);
    expect((await userRow(s.ctx, dib.user.id)).ciudades).toEqual([]);

    expect((await setCities('Coordinador Abogado', abo.user.id, ['25175'])).json().ciudades).toEqual(['25175']);
    expect((await setCities('Coordinador Abogado', inv.user.id, ['05001'])).statusCode).toBe(403);
    for (const viewer of ['Perito', 'Coordinador Perito', 'Coordinador Abogado CAIT', 'Investigador'] as const) {
      expect((await setCities(viewer, inv.user.id, ['05001'])).statusCode, viewer).toBe(403);
    }
    expect((await userRow(s.ctx, inv.user.id)).ciudades).toEqual(['25754', '11001']);

    // The rows say so, and the web shows the button from them.
    const action = async (viewer: Cargo, id: string) =>
      (await listAll(viewer)).json().rows.find((r: { id: string }) => r.id === id)?.actions.assignCities;
    expect(await action('Coordinador Investigador', inv.user.id)).toBe(true);
    expect(await action('Coordinador Investigador', dib.user.id)).toBe(false);
    expect(await action('Coordinador Abogado', abo.user.id)).toBe(true);
  });
});

describe("another user's password", () => {
  it('Administrador only, same rules', async () => {
    const target = await createUser(s.ctx, { cargo: 'Abogado' });
    for (const cargo of CARGOS.filter((c) => c !== 'Administrador')) {
      const res = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${target.user.id}/password`,
        headers: headers(cargo),
        payload: { password: 'Otra-Ruta-2026*', confirmPassword: 'Otra-Ruta-2026*' },
      });
      expect(res.statusCode).toBe(403);
    }
    const weak = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${target.user.id}/password`,
      headers: headers('Administrador'),
      payload: { password: 'otra', confirmPassword: 'otra' },
    });
    expect(weak.statusCode).toBe(400);
    const ok = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${target.user.id}/password`,
      headers: headers('Administrador'),
      payload: { password: 'Otra-Ruta-2026*', confirmPassword: 'Otra-Ruta-2026*' },
    });
    expect(ok.json().message).toBe('Operación Exitosa');
    await login(s.app, target.email, 'Otra-Ruta-2026*');
    const [acc] = await s.ctx.db.select().from(usuarios).where(eq(usuarios.id, target.user.id));
    expect(acc.login).toBe(true);
  });

  it("ends the target's live session at once: their cookie gets 401, they are off-shift, with a trail entry", async () => {
    const target = await createUser(s.ctx, { cargo: 'Investigador' });
    const cookie = await login(s.app, target.email);
    expect((await userRow(s.ctx, target.user.id)).disponibilidad).toBe('Activo en espera');
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${target.user.id}/password`,
      headers: headers('Administrador'),
      payload: { password: 'Otra-Ruta-2026*', confirmPassword: 'Otra-Ruta-2026*' },
    });
    expect(res.statusCode).toBe(200);
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(await userRow(s.ctx, target.user.id)).toMatchObject({
      login: false,
      disponibilidad: 'Fuera de su horario laboral',
    });
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, target.user.id))
      .orderBy(trazabilidadestado.fechahora);
    expect(trail.at(-1)).toMatchObject({
      estado: 'Fuera de su horario laboral',
      uidcreador: viewers.get('Administrador')!.id,
      cargo: 'Investigador',
    });
    expect(trail.at(-1)!.descripcion).toMatch(/^Cierre de sesión por cambio de contraseña de /);
    // They sign in again at once, with the new password only.
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: target.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    await login(s.app, target.email, 'Otra-Ruta-2026*');
  });

  it("not one's own (the key button asks for the current password)", async () => {
    const adminId = viewers.get('Administrador')!.id;
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${adminId}/password`,
      headers: headers('Administrador'),
      payload: { password: 'Otra-Ruta-2026*', confirmPassword: 'Otra-Ruta-2026*' },
    });
    expect(res.statusCode).toBe(403);
    const own = (
      await s.app.inject({ method: 'GET', url: '/api/estado-usuarios?limit=500', headers: headers('Administrador') })
    )
      .json()
      .rows.find((r: { id: string }) => r.id === adminId);
    expect(own.actions.changePassword).toBe(false);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: headers('Administrador') })).statusCode,
    ).toBe(200);
  });

  it('is limited per administrator: parallel resets beyond one are refused with 429 and change nothing', async () => {
    const targets = await Promise.all(Array.from({ length: 5 }, () => createUser(s.ctx, { cargo: 'Perito' })));
    const answers = await Promise.all(
      targets.map((t) =>
        s.app.inject({
          method: 'PUT',
          url: `/api/usuarios/${t.user.id}/password`,
          headers: headers('Administrador'),
          payload: { password: 'Otra-Ruta-2026*', confirmPassword: 'Otra-Ruta-2026*' },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes).toContain(429);
    expect(codes.filter((c) => c !== 200).every((c) => c === 429)).toBe(true);
    for (const [i, t] of targets.entries()) {
      // Each target signs in with the password its answer says it has.
      await login(s.app, t.email, codes[i] === 200 ? 'Otra-Ruta-2026*' : TEST_PASSWORD);
    }
  });
});

describe('common or easy-to-guess passwords (zxcvbn score under 3, or on its common list)', () => {
  // An Administrador of their own, so these calls do not use up the shared one's password budget.
  let cookie: string;
  beforeAll(async () => {
    const { email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
    cookie = await login(s.app, email);
  });
  const refusal = {
    statusCode: 400,
    code: 'VALIDATION',
    message: MSG.passComun,
    issues: [{ path: 'password', message: MSG.passComun }],
  };

  async function refusedCreate(body: ReturnType<typeof newUser>) {
    const res = await s.app.inject({ method: 'POST', url: '/api/usuarios', headers: { cookie }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
    expect(await s.ctx.db.select().from(cuentas).where(eq(cuentas.email, body.email))).toEqual([]);
    expect(await s.ctx.db.select().from(usuarios).where(eq(usuarios.email, body.email))).toEqual([]);
  }

  it.each(['password1A!', 'P@ssw0rd1', 'Segura2026*'])(
    'creating a user with %s: 400 on the password field, nothing written',
    async (password) => refusedCreate(newUser('Perito', { password, confirmPassword: password })),
  );

  it('creating a user whose password is their own e-mail: refused too', async () => {
    const body = newUser('Perito');
    const password = body.email[0].toUpperCase() + body.email.slice(1);
    await refusedCreate({ ...body, password, confirmPassword: password });
  });

  it.each(['password1A!', 'P@ssw0rd1', 'Otra2026*'])(
    "an administrator's reset to %s: 400 on the password field; the password and the session unchanged",
    async (password) => {
      const target = await createUser(s.ctx, { cargo: 'Abogado' });
      const targetCookie = await login(s.app, target.email);
      const [before] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.id, target.user.uiid));
      const res = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${target.user.id}/password`,
        headers: { cookie },
        payload: { password, confirmPassword: password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal);
      const [after] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.id, target.user.uiid));
      expect(after).toEqual(before);
      expect(
        (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: targetCookie } })).statusCode,
      ).toBe(200);
      await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: targetCookie } });
      await login(s.app, target.email);
    },
  );
});
