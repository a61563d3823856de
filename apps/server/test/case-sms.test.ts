import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import {
  CARGOS,
  MSG,
  SMS_LIMITS,
  caseSmsResponse,
  exportRequestResponse,
  fmt,
  sendSmsResponse,
  type Cargo,
} from '@vialex/domain';
import { casos, enlacesCliente, exportaciones, mensajesSms, usosLimitados } from '../src/db/schema/index.js';
import {
  FAKE_TWILIO,
  FAKE_TWILIO_REFUSED,
  FAKE_TWILIO_SILENT,
  startFakeTwilio,
  type FakeTwilio,
} from '../src/integrations/fakes/twilio.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

/** Spec 2 §6: phone fields and Send SMS; export case files. */
const DESK: Cargo[] = ['Administrador', 'Call Center', 'Coordinador Contact Center'];

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
/** A case every cargo's list has (the Call Center agent is its contact centre), with this state. */
async function newCase(server: TestServer, cookie: string, values: Partial<typeof casos.$inferInsert> = {}) {
  const c = await createCaseAs(server.app, cookie, await caseBody(server.ctx));
  await server.ctx.db
    .update(casos)
    .set({
      tipo_plan: 'SEGURO TERCERO',
      uidcontactcenter: server === s ? viewers.get('Call Center')!.id : null,
      ...values,
    })
    .where(eq(casos.id, c.id));
  return c as { id: string; caso: number };
}
const sendSms = (server: TestServer, cookie: string, id: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url: `/api/casos/${id}/sms`, headers: { cookie }, payload: payload as object });
const counts = async (server: TestServer) => ({
  mensajes: (await server.ctx.db.select({ n: count() }).from(mensajesSms))[0].n,
  enlaces: (await server.ctx.db.select({ n: count() }).from(enlacesCliente))[0].n,
});
const admin = () => h('Administrador').cookie;

describe('who may send the SMS (spec 2 §6 "Policy area and SMS")', () => {
  it('the contact-centre desk on a SEGURO TERCERO case; every other cargo is refused with nothing written', async () => {
    const c = await newCase(s, admin());
    for (const cargo of CARGOS) {
      const before = await counts(s);
      const res = await sendSms(s, h(cargo).cookie, c.id, { telefono: '3104567890' });
      if (DESK.includes(cargo)) {
        expect(res.statusCode, cargo).toBe(200);
        expect(() => sendSmsResponse.strict().parse(res.json())).not.toThrow();
        expect(res.json().message).toBe(MSG.smsEnviado);
      } else {
        expect(res.statusCode, cargo).toBe(403);
        expect(res.json().message).toBe(MSG.noAutorizado);
        expect(await counts(s)).toEqual(before);
      }
    }
  });

  it.each([
    ['SEGURO TERCERO', { tipo_plan: 'SEGURO TERCERO' }, 200],
    ['RC PUBLICO', { tipo_plan: 'RC PUBLICO' }, 200],
    ['SIN PLAN', { tipo_plan: 'SIN PLAN' }, 422],
    ['SIN PLAN with attention only requested', { tipo_plan: 'SIN PLAN', solicitud_atencion: true }, 422],
    [
      'SIN PLAN with attention approved',
      { tipo_plan: 'SIN PLAN', solicitud_atencion: true, aprobar_atencion: true },
      200,
    ],
    ['archived', { archivado: true }, 400],
  ] as const)('plan and state: %s → %s', async (_name, values, status) => {
    const c = await newCase(s, admin(), values);
    for (const cargo of DESK) {
      const before = await counts(s);
      const res = await sendSms(s, h(cargo).cookie, c.id, { telefono: '+57 310 456 7890' });
      expect(res.statusCode, cargo).toBe(status);
      if (status === 422) {
        expect(res.json()).toMatchObject({ code: 'PLAN_DENIED', message: MSG.planSinServicio });
      }
      if (status !== 200) expect(await counts(s)).toEqual(before);
    }
  });

  it("a case out of the viewer's list is 'El caso no existe', also for a made-up id", async () => {
    const c = await newCase(s, admin());
    const { email } = await createUser(s.ctx, { cargo: 'Call Center' });
    const other = await login(s.app, email);
    for (const id of [c.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await sendSms(s, other, id, { telefono: '3104567890' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.casoNoExiste);
      const read = await s.app.inject({ method: 'GET', url: `/api/casos/${id}/sms`, headers: { cookie: other } });
      expect(read.statusCode).toBe(404);
    }
    expect((await sendSms(s, admin(), 'not-a-uuid', { telefono: '3104567890' })).json().message).toBe(MSG.casoNoExiste);
  });

  it('signed out: 401 before anything is read', async () => {
    const c = await newCase(s, admin());
    expect((await sendSms(s, '', c.id, { telefono: '3104567890' })).statusCode).toBe(401);
  });
});

describe('phone numbers: Colombian mobiles, sent in E.164', () => {
  it.each([
    ['a landline', { telefono: '6015551234' }],
    ['another country', { telefono: '+1 202 555 0143' }],
    ['too short', { telefono: '310456789' }],
    ['a NUL byte', { telefono: '310\u00004567890' }],
    ['a huge value', { telefono: '3'.repeat(100_000) }],
    ['a number, not text', { telefono: 3104567890 }],
    ['null', { telefono: null }],
    ['no field', {}],
    ['an extra field', { telefono: '3104567890', mensaje: 'otro texto' }],
  ])('%s: Spanish 400, nothing written', async (_name, payload) => {
    const c = await newCase(s, admin());
    const before = await counts(s);
    const res = await sendSms(s, admin(), c.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().message).not.toMatch(/[Ee]xpected|Invalid|Required/);
    expect(await counts(s)).toEqual(before);
  });

  it('the landline gets the field message', async () => {
    const c = await newCase(s, admin());
    const res = await sendSms(s, admin(), c.id, { telefono: '6015551234' });
    expect(res.json()).toMatchObject({ message: MSG.celularNoValido, issues: [{ path: 'telefono' }] });
  });
});

describe(`the SMS limits (${SMS_LIMITS.perCase} a case in ${SMS_LIMITS.perCaseMinutes} min, ${SMS_LIMITS.perUser} a user in an hour)`, () => {
  it(`a burst of 25 on one case: ${SMS_LIMITS.perCase} go, the rest are refused in Spanish with no link issued`, async () => {
    const c = await newCase(s, admin());
    const before = await counts(s);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        sendSms(s, h('Coordinador Contact Center').cookie, c.id, { telefono: '3104567890' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((x) => x === 200)).toHaveLength(SMS_LIMITS.perCase);
    expect(codes.filter((x) => x === 429)).toHaveLength(25 - SMS_LIMITS.perCase);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: fmt(MSG.smsLimiteCaso, { minutos: SMS_LIMITS.perCaseMinutes }),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const after = await counts(s);
    expect(after.enlaces - before.enlaces).toBe(SMS_LIMITS.perCase);
    expect(after.mensajes - before.mensajes).toBe(SMS_LIMITS.perCase);
    // Another case of the same sender still goes.
    const other = await newCase(s, admin());
    expect(
      (await sendSms(s, h('Coordinador Contact Center').cookie, other.id, { telefono: '3104567890' })).statusCode,
    ).toBe(200);
    // Once the window has passed, the case may be sent to again.
    await s.ctx.db
      .update(usosLimitados)
      .set({ creado: sql`now() - make_interval(mins => ${SMS_LIMITS.perCaseMinutes + 1})` })
      .where(eq(usosLimitados.clave, `sms:caso:${c.id}`));
    expect(
      (await sendSms(s, h('Coordinador Contact Center').cookie, c.id, { telefono: '3104567890' })).statusCode,
    ).toBe(200);
  });

  it(`a user who sent ${SMS_LIMITS.perUser} in the last hour is refused on any case`, async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Coordinador Contact Center' });
    const cookie = await login(s.app, email);
    const c = await newCase(s, cookie);
    await s.ctx.db
      .insert(usosLimitados)
      .values(Array.from({ length: SMS_LIMITS.perUser }, () => ({ clave: `sms:usuario:${user.id}` })));
    const refused = await sendSms(s, cookie, c.id, { telefono: '3104567890' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(fmt(MSG.smsLimiteUsuario, { minutos: 60 }));
  });
});

describe('the outbox (default SMS adapter)', () => {
  it('stores the message with its link and shows it to staff on the case, newest first', async () => {
    const c = await newCase(s, admin());
    const panel0 = await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/sms`, headers: h('Call Center') });
    expect(panel0.statusCode).toBe(200);
    const before = caseSmsResponse.strict().parse(panel0.json());
    expect(before).toMatchObject({ caso: c.caso, enviar: { permitido: true, motivo: null }, mensajes: [] });
    // The case form's client has 3001112233: offered in E.164.
    expect(before.telefono).toBe('+573001112233');

    const first = (await sendSms(s, h('Call Center').cookie, c.id, { telefono: '310 456 7890' })).json();
    const second = (await sendSms(s, admin(), c.id, { telefono: '3157894561' })).json();
    expect(first.mensaje).toMatchObject({ telefono: '+573104567890', estado: 'guardado', proveedor: 'outbox' });
    expect(first.mensaje.cuerpo).toContain(`# ${c.caso}`);
    expect(first.mensaje.enlace.url).toMatch(/^http:\/\/localhost(:\d+)?\/s\/[0-9A-Za-z]{12}$/);
    expect(first.mensaje.cuerpo).toContain(first.mensaje.enlace.url);
    expect(first.mensaje.enlace.estado).toBe('vigente');
    // Each SMS issues a new link.
    expect(second.mensaje.enlace.url).not.toBe(first.mensaje.enlace.url);
    expect(second.mensaje.enlace.id).not.toBe(first.mensaje.enlace.id);

    const panel = caseSmsResponse
      .strict()
      .parse(
        (
          await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/sms`, headers: h('Coordinador Contact Center') })
        ).json(),
      );
    expect(panel.mensajes.map((m) => m.id)).toEqual([second.mensaje.id, first.mensaje.id]);
    expect(panel.mensajes[1].enviadoPor).toMatch(/^usuario prueba \d+$/i);

    const [row] = await s.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.id, first.mensaje.id));
    expect(row).toMatchObject({ uidcaso: c.id, telefono: '+573104567890', proveedor: 'outbox', estado: 'guardado' });
    expect(row.enviado_por).toBe(viewers.get('Call Center')!.id);
  });

  it("the panel is the desk's only, and says why Send SMS is not offered on a SIN PLAN case", async () => {
    const c = await newCase(s, admin(), { tipo_plan: 'SIN PLAN' });
    for (const cargo of CARGOS) {
      const res = await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/sms`, headers: h(cargo) });
      expect(res.statusCode, cargo).toBe(DESK.includes(cargo) ? 200 : 403);
      if (DESK.includes(cargo)) expect(res.json().enviar).toEqual({ permitido: false, motivo: MSG.planSinServicio });
    }
  });
});

describe('revoking a case link', () => {
  it('the desk revokes a link of the case once; others are refused; a link of another case does not exist', async () => {
    const c = await newCase(s, admin());
    const other = await newCase(s, admin());
    const sent = (await sendSms(s, admin(), c.id, { telefono: '3104567890' })).json().mensaje;
    const url = (caseId: string, link: string) => `/api/casos/${caseId}/enlaces/${link}/revocar`;
    for (const cargo of CARGOS.filter((x) => !DESK.includes(x))) {
      const res = await s.app.inject({ method: 'POST', url: url(c.id, sent.enlace.id), headers: h(cargo) });
      expect(res.statusCode, cargo).toBe(403);
    }
    const wrongCase = await s.app.inject({
      method: 'POST',
      url: url(other.id, sent.enlace.id),
      headers: h('Call Center'),
    });
    expect(wrongCase.statusCode).toBe(404);
    expect(wrongCase.json().message).toBe(MSG.enlaceNoExiste);

    const res = await s.app.inject({ method: 'POST', url: url(c.id, sent.enlace.id), headers: h('Call Center') });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.enlaceRevocado);
    const again = await s.app.inject({ method: 'POST', url: url(c.id, sent.enlace.id), headers: h('Administrador') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.enlaceYaRevocado);

    const panel = (
      await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/sms`, headers: h('Call Center') })
    ).json();
    expect(panel.mensajes[0].enlace.estado).toBe('revocado');
    const [link] = await s.ctx.db.select().from(enlacesCliente).where(eq(enlacesCliente.id, sent.enlace.id));
    expect(link.revocado_por).toBe(viewers.get('Call Center')!.id);
  });
});

describe('export request (spec 2 §6: export case files)', () => {
  it('the desk records it in exportaciones (En proceso); others are refused; one running export per case', async () => {
    const c = await newCase(s, admin());
    const rows = () => s.ctx.db.select().from(exportaciones).where(eq(exportaciones.uidcaso, c.id));
    for (const cargo of CARGOS.filter((x) => !DESK.includes(x))) {
      const res = await s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/exportar`, headers: h(cargo) });
      expect(res.statusCode, cargo).toBe(403);
    }
    expect(await rows()).toHaveLength(0);

    const res = await s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/exportar`, headers: h('Call Center') });
    expect(res.statusCode).toBe(201);
    const body = exportRequestResponse.strict().parse(res.json());
    expect(body).toMatchObject({ message: MSG.exito, exportacion: { caso: c.caso, estado: 'En proceso' } });
    const [row] = await rows();
    expect(row).toMatchObject({ caso: c.caso, estado: 'En proceso', solicitado_por: viewers.get('Call Center')!.id });

    for (const cargo of DESK) {
      const again = await s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/exportar`, headers: h(cargo) });
      expect(again.statusCode, cargo).toBe(409);
      expect(again.json().message).toBe(`La exportación del caso # ${c.caso} ya está en proceso`);
    }
    expect(await rows()).toHaveLength(1);

    // Finished: a new request is taken.
    await s.ctx.db.update(exportaciones).set({ estado: 'Finalizado' }).where(eq(exportaciones.id, row.id));
    const next = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/exportar`,
      headers: h('Administrador'),
    });
    expect(next.statusCode).toBe(201);
  });

  it("a case out of the viewer's list, or a made-up id, is 'El caso no existe'", async () => {
    const c = await newCase(s, admin());
    const { email } = await createUser(s.ctx, { cargo: 'Call Center' });
    const other = await login(s.app, email);
    for (const id of [c.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await s.app.inject({ method: 'POST', url: `/api/casos/${id}/exportar`, headers: { cookie: other } });
      expect(res.statusCode, id).toBe(id === 'x' ? 400 : 404);
      expect(res.json().message).toBe(MSG.casoNoExiste);
    }
  });
});

describe("Twilio's REST API by configuration, against a local fake", () => {
  let fake: FakeTwilio;
  let t: TestServer;
  let cookie: string;
  /** The server's warnings, as written. */
  const warnings: { msg: string; [key: string]: unknown }[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) =>
    warnings.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    ),
  );
  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await startTestServer(
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_API_URL: fake.url,
        TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
        TWILIO_FROM: FAKE_TWILIO.from,
        SMS_TIMEOUT_MS: '500',
        // No PUBLIC_URL: the first of APP_ORIGINS is the links' origin.
        APP_ORIGINS: 'https://vialex.example.co,https://staff.example.co',
        LOG_LEVEL: 'warn',
      },
      { logStream },
    );
    const { email } = await createUser(t.ctx, { cargo: 'Administrador' });
    cookie = await login(t.app, email);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('success: POST Messages.json, form-encoded To/From/Body with basic auth; recorded as enviado with its sid', async () => {
    const c = await newCase(t, cookie);
    // Whatever Host the request claims (a proxy may pass on anyone's), the link is on the configured origin.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/sms`,
      headers: { cookie, host: 'evil.example.com' },
      payload: { telefono: '3104567890' },
    });
    expect(res.statusCode).toBe(200);
    const mensaje = res.json().mensaje;
    expect(mensaje).toMatchObject({ estado: 'enviado', proveedor: 'twilio', telefono: '+573104567890', error: null });
    // What desk users read and the database keeps cannot open the case: the link is masked.
    expect(mensaje.enlace.url).toBe('https://vialex.example.co/s/••••••••••••');
    expect(mensaje.cuerpo).toBe(`VIALEX: siga su caso # ${c.caso} aquí: https://vialex.example.co/s/••••••••••••`);
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`);
    expect(req.contentType).toBe('application/x-www-form-urlencoded');
    expect(req.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`,
    );
    // Only the client's phone gets the working link, on the configured origin.
    const sent = Object.fromEntries(req.form);
    expect(sent).toMatchObject({ To: '+573104567890', From: FAKE_TWILIO.from });
    const code = sent.Body.match(
      /^VIALEX: siga su caso # \d+ aquí: https:\/\/vialex\.example\.co\/s\/([0-9A-Za-z]{12})$/,
    )?.[1];
    expect(code).toBeDefined();
    const opened = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(opened.statusCode).toBe(302);
    const [row] = await t.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.id, mensaje.id));
    expect(row.proveedor_id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(row.cuerpo).not.toContain(code);
    expect(JSON.stringify(await t.ctx.db.select().from(mensajesSms))).not.toContain(code);
  });

  it.each([
    [
      'refused (400 with Twilio error 21211)',
      FAKE_TWILIO_REFUSED,
      /Twilio 400: 21211 The 'To' number/,
      { status: 400, providerCode: 21211 },
    ],
    [
      'no answer within SMS_TIMEOUT_MS',
      FAKE_TWILIO_SILENT,
      /Twilio no respondió en 500 ms/,
      { status: 'sin respuesta' },
    ],
  ])("%s: 'No se logró enviar el SMS', recorded as error, its link withdrawn", async (_name, to, reason, logged) => {
    const c = await newCase(t, cookie);
    const res = await sendSms(t, cookie, c.id, { telefono: to });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'SMS_FAILED', message: MSG.smsError });
    const [row] = await t.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.uidcaso, c.id));
    expect(row).toMatchObject({ estado: 'error', proveedor: 'twilio', telefono: to, proveedor_id: null });
    expect(row.error).toMatch(reason);
    const [link] = await t.ctx.db.select().from(enlacesCliente).where(eq(enlacesCliente.id, row.uidenlace!));
    expect(link.revocado).not.toBeNull();
    const panel = (await t.app.inject({ method: 'GET', url: `/api/casos/${c.id}/sms`, headers: { cookie } })).json();
    expect(panel.mensajes[0]).toMatchObject({ estado: 'error', enlace: { estado: 'revocado' } });
    // The log says what Twilio answered, not its reason (which quotes the number).
    const line = warnings.filter((w) => w.msg === 'SMS not sent').at(-1)!;
    expect(line).toMatchObject({ caso: c.caso, ...logged });
    expect(JSON.stringify(line)).not.toContain(to.slice(-7));
  });

  it('wrong credentials are a failure too (401, Twilio error 20003)', async () => {
    const c = await newCase(t, cookie);
    const saved = t.config.sms.twilio.authToken;
    t.config.sms.twilio.authToken = 'wrong';
    try {
      const res = await sendSms(t, cookie, c.id, { telefono: '3104567890' });
      expect(res.statusCode).toBe(502);
      const [row] = await t.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.uidcaso, c.id));
      expect(row.error).toMatch(/Twilio 401: 20003 Authenticate Your AccountSid or AuthToken was incorrect/);
    } finally {
      t.config.sms.twilio.authToken = saved;
    }
  });
});

describe('settings', () => {
  it('a bad SMS setting stops the start', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM/);
    // A real SMS's link needs a configured origin: never the staff request's Host.
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'x',
      TWILIO_FROM: '+15550001111',
    };
    expect(() => loadConfig(twilio)).toThrow(/SMS_PROVIDER=twilio needs PUBLIC_URL \(or APP_ORIGINS\)/);
    expect(loadConfig({ ...twilio, APP_ORIGINS: 'https://vialex.example.co' }).sms.provider).toBe('twilio');
    expect(() => loadConfig({ TWILIO_API_URL: 'https://api.twilio.com/evil?x' })).toThrow(/TWILIO_API_URL/);
    expect(() => loadConfig({ CLIENT_LINK_DAYS: '0' })).toThrow(/CLIENT_LINK_DAYS/);
    expect(loadConfig({}).sms.provider).toBe('outbox');
    expect(loadConfig({}).clientLinkDays).toBe(7);
  });
});
