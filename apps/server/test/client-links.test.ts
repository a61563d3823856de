import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { LABELS, MSG, fmt } from '@vialex/domain';
import {
  casos,
  configuracion,
  enlacesCliente,
  mensajesSms,
  sesionesCliente,
  usuarios,
} from '../src/db/schema/index.js';
import { loadConfig, parseCompanyPhone } from '../src/config.js';
import { verifyClientLink } from '../src/modules/client-links/service.js';
import { newClientToken, sha256 } from '../src/modules/client-links/tokens.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

let s: TestServer;
let cookie: string;
let webDist: string;
beforeAll(async () => {
  // A built web app stand-in, so the not-found page of an unknown short link is the app's.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>VIALEX</title><div id="root"></div>');
  fs.writeFileSync(
    path.join(webDist, 'cliente.html'),
    '<!doctype html><html><head><title>VIALEX</title></head><body><div id="root" data-app="cliente"></div></body></html>',
  );
  // The entry page's template (apps/web/entrada.html): the server writes the screen at the marker.
  fs.writeFileSync(
    path.join(webDist, 'entrada.html'),
    '<!doctype html><html><head><title>VIALEX</title><script type="module" src="/assets/entrada.js"></script></head><body data-app="entrada"><!--vialex-entrada--></body></html>',
  );
  s = await startTestServer({ SERVE_WEB: '1', WEB_DIST: webDist });
  const { email } = await createUser(s.ctx, { cargo: 'Call Center' });
  cookie = await login(s.app, email);
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Sends an SMS on a new SEGURO TERCERO case: the case, the message, its short code. */
async function smsSent() {
  const c = await createCaseAs(s.app, cookie, await caseBody(s.ctx));
  await s.ctx.db.update(casos).set({ tipo_plan: 'SEGURO TERCERO' }).where(eq(casos.id, c.id));
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/casos/${c.id}/sms`,
    headers: { cookie },
    payload: { telefono: '3104567890' },
  });
  expect(res.statusCode).toBe(200);
  const mensaje = res.json().mensaje;
  const code = mensaje.enlace.url.split('/s/')[1] as string;
  return { caseId: c.id as string, mensaje, code };
}

/** Follows the short link: the token it redirects to. */
async function tokenOf(code: string) {
  const res = await s.app.inject({ method: 'GET', url: `/s/${code}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  const location = res.headers.location as string;
  expect(location).toMatch(/^\/login\/auth-cliente\/[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
  return decodeURIComponent(location.split('/').pop()!);
}

describe('the short link /s/{code}', () => {
  it("redirects (302) to the client's entry page with a token that opens that one case", async () => {
    const { caseId, code } = await smsSent();
    const token = await tokenOf(code);
    expect(await verifyClientLink(s.ctx, token)).toMatchObject({ ok: true, caseId });
  });

  it('an unknown code: the app not-found page for a browser, 404 JSON for an API client', async () => {
    // NUL bytes in a path are refused before any route (400, Spanish).
    const nul = await s.app.inject({ method: 'GET', url: '/s/%00%00', headers: { accept: 'application/json' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]/);
    for (const url of ['/s/AAAAAAAAAAAA', '/s/corto', `/s/${'x'.repeat(90)}`, '/s/ZZZZZZZZZZZ%C3%B1']) {
      const json = await s.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(json.statusCode, url).toBe(404);
      expect(json.json().message).toBe(MSG.enlaceNoExiste);
      const page = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers.location).toBeUndefined();
    }
  });

  it('codes are random: every SMS gets its own, 12 characters of [0-9A-Za-z]', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) codes.add((await smsSent()).code);
    expect(codes.size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{12}$/);
  });
});

describe("the client's entry page /login/auth-cliente/{token}", () => {
  /** The answer the page carries for the entry page's script, and the texts it writes later. */
  const embedded = (body: string) => {
    const m = /<script type="application\/json" id="vialex-entrada">(.*?)<\/script><\/head>/.exec(body);
    expect(m, body).not.toBeNull();
    const { textos, ...answer } = JSON.parse(m![1]);
    expect(textos).toMatchObject({
      ingresarAlCaso: MSG.ingresarAlCaso,
      sinConexion: MSG.sinConexion,
      // Without the tick: why, and the company's line to call (COMPANY_PHONE).
      autorizacionRequerida: fmt(MSG.autorizacionDatosRequerida, { telefono: '+57 601 555 0100' }),
    });
    return answer;
  };
  const entryPage = (token: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url: `/login/auth-cliente/${encodeURIComponent(token)}`, headers });
  /** The page's inline scripts, other than the data block: the CSP allows none. */
  const inlineScripts = (body: string) =>
    [...body.matchAll(/<script([^>]*)>/g)].filter(([, attrs]) => !/type="application\/json"|src=/.test(attrs));

  it('is written by the server: the case number, the banner and the disabled button in the page; never cached, no referrer', async () => {
    const { caseId, code } = await smsSent();
    const token = await tokenOf(code);
    const res = await entryPage(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('data-app="entrada"');
    expect(res.body).not.toContain('<!--vialex-entrada-->');
    expect(inlineScripts(res.body)).toEqual([]);
    const [c] = await s.ctx.db.select({ caso: casos.caso }).from(casos).where(eq(casos.id, caseId));
    expect(embedded(res.body)).toEqual({
      caso: c.caso,
      privacidad: { version: s.ctx.config.privacy.version, requerida: true },
    });
    // The privacy notice before the button (Ley 1581 de 2012): the summary, the whole text behind
    // 'Leer el aviso completo', and the box, not ticked.
    const notice = s.ctx.config.privacy;
    expect(res.body).toContain(`<p class="resumen" data-testid="client-privacy-summary">${notice.resumen}</p>`);
    expect(res.body).toContain(`<summary>${LABELS.privacidad.leerCompleto}</summary>`);
    for (const paragraph of notice.texto.split('\n\n')) expect(res.body).toContain(`<p>${paragraph}</p>`);
    expect(res.body).toMatch(/<input type="checkbox" id="entrada-autorizo" data-testid="client-consent">/);
    expect(res.body).toContain(LABELS.privacidad.casilla);
    expect(res.body.indexOf('client-privacy')).toBeLessThan(res.body.indexOf('client-entry-button'));
    expect(res.body).toContain(
      `<h1 class="caso" data-testid="client-entry-case">${fmt(LABELS.cliente.numeroCaso, { caso: c.caso })}</h1>`,
    );
    expect(res.body).toContain(MSG.geolocalizacionApagada);
    expect(res.body).toMatch(/<button [^>]*data-testid="client-entry-button" disabled>/);
    expect(res.body).not.toContain('data-testid="client-entry-error"><div');
  });

  it("carries the API's refusal for a forged link or an entered case, and escapes what it embeds", async () => {
    const forged = await s.app.inject({ method: 'GET', url: '/login/auth-cliente/%3C%2Fscript%3E%3Cb%3E' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('</script><b>');
    expect(forged.body).not.toContain('<b>');
    expect(embedded(forged.body)).toEqual({
      error: { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: MSG.casoNoExiste } },
    });
    expect(forged.body).toMatch(/data-testid="client-entry-error">.*El caso no existe<\/div>/);
    expect(forged.body).not.toContain('entrada-autorizo');
    const bare = await s.app.inject({ method: 'GET', url: '/login/auth-cliente' });
    expect(embedded(bare.body).error.body.message).toBe(MSG.casoNoExiste);
    const { caseId, code } = await smsSent();
    const token = await tokenOf(code);
    await s.ctx.db.update(casos).set({ login: true }).where(eq(casos.id, caseId));
    const entered = await entryPage(token);
    expect(embedded(entered.body).error).toMatchObject({ status: 409, body: { message: MSG.casoYaIngresado } });
    expect(entered.body).toContain(MSG.casoYaIngresado);
    // The case's other pages are the driver's React app, with nothing embedded.
    const other = await s.app.inject({ method: 'GET', url: '/caso-cliente/chat', headers: { accept: 'text/html' } });
    expect(other.body).toContain('data-app="cliente"');
    expect(other.body).not.toContain('vialex-entrada');
  });

  it('a case entered from this same phone (its session open) goes straight back to the case', async () => {
    const { caseId, code } = await smsSent();
    const token = await tokenOf(code);
    const entry = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/entrada',
      payload: { token, lat: 4.6486, lng: -74.1007, autorizacion: s.ctx.config.privacy.version },
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const phone = String(entry.headers['set-cookie']).split(';')[0];
    const back = await entryPage(token, { cookie: phone });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/caso-cliente/chat');
    // Another phone is refused.
    const other = await entryPage(token);
    expect(other.statusCode).toBe(200);
    expect(embedded(other.body).error.status).toBe(409);
    // This phone's session found over (its 120 minutes passed before the sweep): closed on the
    // way, and the link opens the case again.
    await s.ctx.db
      .update(sesionesCliente)
      .set({ expira: new Date(Date.now() - 1000) })
      .where(eq(sesionesCliente.uidcaso, caseId));
    const again = await entryPage(token, { cookie: phone });
    expect(again.statusCode).toBe(200);
    // Authorised on this case already: the notice is there to read, with no box to tick.
    expect(embedded(again.body)).toEqual({
      caso: entry.json().caso,
      privacidad: { version: s.ctx.config.privacy.version, requerida: false },
    });
    expect(again.body).not.toContain('entrada-autorizo');
    expect(again.body).toContain(`<summary>${LABELS.privacidad.titulo}</summary>`);
  });
});

describe("the client's signed case link (decisions.md D5)", () => {
  it('is stored hashed: neither the token nor the short code is in the database', async () => {
    const { mensaje, code } = await smsSent();
    const token = await tokenOf(code);
    const [row] = await s.ctx.db.select().from(enlacesCliente).where(eq(enlacesCliente.id, mensaje.enlace.id));
    expect(row.token_hash).toBe(sha256(token));
    expect(row.codigo_hash).toBe(sha256(code));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token.split('.')[0]);
    expect(stored).not.toContain(code);
  });

  it('expires after CLIENT_LINK_DAYS (7 by default)', async () => {
    const { mensaje } = await smsSent();
    const days = (Date.parse(mensaje.enlace.expira) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('forged: a bare case id, garbage, a changed signature, a token signed but never issued', async () => {
    const { caseId, code } = await smsSent();
    const token = await tokenOf(code);
    const [random, mac] = token.split('.');
    const flipped = `${random}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const [secret] = await s.ctx.db.select().from(configuracion).where(eq(configuracion.clave, 'client_links.secret'));
    const neverIssued = newClientToken(Buffer.from(secret.valor as string, 'base64url'));
    for (const forged of [caseId, '', 'x'.repeat(10_000), `${random}.`, flipped, `${random}x.${mac}`, neverIssued]) {
      expect(await verifyClientLink(s.ctx, forged), forged.slice(0, 20)).toEqual({ ok: false, reason: 'forged' });
    }
  });

  it('expired: a link past its expiry (set in the database), and on the clock', async () => {
    const a = await smsSent();
    const tokenA = await tokenOf(a.code);
    await s.ctx.db
      .update(enlacesCliente)
      .set({ expira: new Date(Date.now() - 1000) })
      .where(eq(enlacesCliente.id, a.mensaje.enlace.id));
    expect(await verifyClientLink(s.ctx, tokenA)).toEqual({ ok: false, reason: 'expired' });
    // The short link still leads to the entry page, which says why it does not open.
    expect(await tokenOf(a.code)).toBe(tokenA);

    const b = await smsSent();
    const tokenB = await tokenOf(b.code);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(b.mensaje.enlace.expira) - 1000);
      expect((await verifyClientLink(s.ctx, tokenB)).ok).toBe(true);
      vi.setSystemTime(Date.parse(b.mensaje.enlace.expira) + 1);
      expect(await verifyClientLink(s.ctx, tokenB)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      vi.useRealTimers();
    }
    const panel = (
      await s.app.inject({ method: 'GET', url: `/api/casos/${a.caseId}/sms`, headers: { cookie } })
    ).json();
    expect(panel.mensajes[0].enlace.estado).toBe('vencido');
  });

  it('revoked by staff: refused, while the other links of the case still open it', async () => {
    const first = await smsSent();
    const token = await tokenOf(first.code);
    // A second SMS of the same case: a new link; revoking the first leaves it.
    const again = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${first.caseId}/sms`,
      headers: { cookie },
      payload: { telefono: '3157894561' },
    });
    const second = again.json().mensaje;
    const secondToken = await tokenOf(second.enlace.url.split('/s/')[1]);
    expect(secondToken).not.toBe(token);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${first.caseId}/enlaces/${first.mensaje.enlace.id}/revocar`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await verifyClientLink(s.ctx, token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await verifyClientLink(s.ctx, secondToken)).toMatchObject({ ok: true, caseId: first.caseId });
  });

  it('the message records the link it carried', async () => {
    const { mensaje } = await smsSent();
    const [row] = await s.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.id, mensaje.id));
    expect(row.uidenlace).toBe(mensaje.enlace.id);
  });
});

describe("the driver's case: the status card and the advisor's line", () => {
  /** The driver in their case (the link of an SMS, entered at the accident): the case and their cookie. */
  async function entered(overrides: Record<string, unknown> = {}) {
    const { caseId, code } = await smsSent();
    if (Object.keys(overrides).length) await s.ctx.db.update(casos).set(overrides).where(eq(casos.id, caseId));
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/entrada',
      payload: {
        token: await tokenOf(code),
        lat: 4.6486,
        lng: -74.1007,
        autorizacion: s.ctx.config.privacy.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const client = String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('vialex_cid=')));
    return { caseId, cookie: client.split(';')[0] };
  }
  const read = async (clientCookie: string) => {
    const res = await s.app.inject({ method: 'GET', url: '/api/cliente/caso', headers: { cookie: clientCookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const PHONE = { telefono: '+57 601 555 0100', enlace: 'tel:+576015550100' };

  it('follows the investigator by first name only: nobody free, on the way with the minutes, arrived, closed', async () => {
    // Bogotá assigns on entry; nobody is free here: an advisor assigns one.
    const { caseId, cookie: client } = await entered();
    expect((await read(client)).seguimiento).toEqual({
      etapa: 'sinDisponibles',
      investigador: null,
      minutos: null,
      aproximado: false,
    });

    // Staff assign an investigator, who is 2 km away and sharing their position.
    const { user } = await createUser(s.ctx, {
      cargo: 'Investigador',
      nombres: 'JULIÁN ANDRÉS',
      apellidos: 'Pérez Gómez',
    });
    await s.ctx.db
      .update(usuarios)
      .set({ lat: 4.665, long: -74.09, gps: true, ubicacion_fecha: new Date() })
      .where(eq(usuarios.id, user.id));
    await s.ctx.db.update(casos).set({ uidinvestigador: user.id }).where(eq(casos.id, caseId));
    const onTheWay = await read(client);
    expect(onTheWay.seguimiento).toMatchObject({ etapa: 'enCamino', investigador: 'Julián' });
    expect(Number.isInteger(onTheWay.seguimiento.minutos) && onTheWay.seguimiento.minutos > 0).toBe(true);
    expect(typeof onTheWay.seguimiento.aproximado).toBe('boolean');
    // The map's own time, kept on the case: the card and the tab say the same.
    expect(onTheWay.tiempoLlegadaInvestigador).toMatch(new RegExp(`^${onTheWay.seguimiento.minutos} min \\(`));
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, caseId));
    expect(row.tiempo_llegada_investigador).toBe(onTheWay.tiempoLlegadaInvestigador);
    expect(onTheWay.contacto).toEqual(PHONE);
    // Nothing more of the staff member: no identification, phone, e-mail or record.
    const [staff] = await s.ctx.db.select().from(usuarios).where(eq(usuarios.id, user.id));
    const body = JSON.stringify(onTheWay);
    for (const secret of [String(staff.identificacion), staff.telefono, staff.email, staff.id])
      expect(body, secret).not.toContain(secret);
    expect(Object.keys(onTheWay).sort()).toEqual(
      [
        'abogado',
        'caso',
        'ciudad',
        'contacto',
        'creado',
        'direccion',
        'estado',
        'investigador',
        'llegada',
        'llegadaFecha',
        'placa',
        'seguimiento',
        'tiempoLlegadaAbogado',
        'tiempoLlegadaInvestigador',
      ].sort(),
    );

    const at = new Date('2026-03-02T15:42:00.000Z');
    await s.ctx.db.update(casos).set({ llegada: true, llegada_fecha: at }).where(eq(casos.id, caseId));
    const there = await read(client);
    expect(there.seguimiento).toEqual({ etapa: 'llego', investigador: 'Julián', minutos: null, aproximado: false });
    expect(there.llegadaFecha).toBe(at.toISOString());

    await s.ctx.db.update(casos).set({ estado: 'Conciliado' }).where(eq(casos.id, caseId));
    expect((await read(client)).seguimiento.etapa).toBe('cerrado');
  });

  it('outside the cities of automatic assignment: looking for one', async () => {
    const { cookie: client } = await entered({ departamento: '05', uidciudad: '05001' });
    expect((await read(client)).seguimiento).toEqual({
      etapa: 'buscando',
      investigador: null,
      minutos: null,
      aproximado: false,
    });
    // A staff session is no client's: the route does not answer it.
    const staff = await s.app.inject({ method: 'GET', url: '/api/cliente/caso', headers: { cookie } });
    expect(staff.statusCode).toBe(401);
  });

  it('COMPANY_PHONE: the line the pages offer, validated at the start', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).companyPhone).toEqual(PHONE);
    expect(parseCompanyPhone(' +57 (601) 555-0199 ')).toEqual({
      telefono: '+57 (601) 555-0199',
      enlace: 'tel:+576015550199',
    });
    for (const bad of ['601 555 0100', '+57 601 555 01OO', '+57 12', '+57 601 555 0100 0000 0', 'tel:+576015550100'])
      expect(() => loadConfig({ NODE_ENV: 'test', COMPANY_PHONE: bad }), bad).toThrow(/^COMPANY_PHONE: /);
    // The case answers with the setting, not a constant.
    const { cookie: client } = await entered();
    const before = s.ctx.config.companyPhone;
    s.ctx.config.companyPhone = parseCompanyPhone('+57 300 765 4321');
    try {
      expect((await read(client)).contacto).toEqual({ telefono: '+57 300 765 4321', enlace: 'tel:+573007654321' });
    } finally {
      s.ctx.config.companyPhone = before;
    }
  });

  it('the entry page offers the call on the case and on every refusal, with the brand', async () => {
    const { code } = await smsSent();
    const open = await s.app.inject({
      method: 'GET',
      url: `/login/auth-cliente/${encodeURIComponent(await tokenOf(code))}`,
    });
    const forged = await s.app.inject({ method: 'GET', url: '/login/auth-cliente/forged' });
    const bare = await s.app.inject({ method: 'GET', url: '/login/auth-cliente' });
    for (const page of [open, forged, bare]) {
      expect(page.body).toMatch(
        /<a class="llamar" href="tel:\+576015550100" data-testid="client-call" aria-label="Llamar a mi asesor: \+57 601 555 0100">/,
      );
      expect(page.body).toContain('<span class="numero">+57 601 555 0100</span>');
      expect(page.body).toContain(fmt(LABELS.cliente.ayuda, { marca: 'VIALEX' }));
      expect(page.body).toContain(LABELS.cliente.lema);
    }
    expect(forged.body).toContain(MSG.casoNoExiste);
  });
});
