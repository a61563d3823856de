import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { CLIENT_CASE_ENTRY, entryPath, noteEntryNotice, takeHandOver } from '../session';
import {
  ENTRADA_IDS,
  readData,
  startEntry,
  tokenOf,
  viewOf,
  type EntradaData,
  type EntradaTextos,
} from './entry-script';

const L = LABELS.cliente;
const TEXTOS: EntradaTextos = {
  ingresarAlCaso: MSG.ingresarAlCaso,
  ingresando: L.ingresando,
  buscandoUbicacion: L.buscandoUbicacion,
  ubicacionLista: L.ubicacionLista,
  sinConexion: MSG.sinConexion,
  errorServidor: MSG.errorServidor,
  algoSalioMal: MSG.algoSalioMal,
  autorizacionRequerida: fmt(MSG.autorizacionDatosRequerida, { telefono: '+57 601 555 0100' }),
};
const VERSION = '0123456789ab';

/**
 * The screen as the server writes it (apps/server/src/modules/client-links/entry-page-html.ts),
 * reduced to what the script touches; the browser test runs the script on the server's own page.
 */
function page(answer: Omit<EntradaData, 'textos'>) {
  const refused = answer.error?.body.message;
  document.body.innerHTML = `
    <script type="application/json" id="${ENTRADA_IDS.data}">${JSON.stringify({ ...answer, textos: TEXTOS })}</script>
    <main>
      <div id="entrada-geo" role="alert" data-testid="geo-warning" class="alerta-aviso"><div class="mensaje">${MSG.geolocalizacionApagada}</div></div>
      <div id="entrada-aviso" role="alert" data-testid="client-entry-notice" hidden><div class="mensaje"></div></div>
      <h1>${answer.caso ? fmt(L.numeroCaso, { caso: answer.caso }) : MSG.ingresarAlCaso}</h1>
      <div id="entrada-error" role="alert" data-testid="client-entry-error" ${refused ? '' : 'hidden'}><div class="mensaje">${refused ?? ''}</div></div>
      <p id="entrada-detalle" ${refused ? 'hidden' : ''}>${L.entradaDetalle}</p>
      ${answer.privacidad?.requerida ? `<label><input type="checkbox" id="${ENTRADA_IDS.autorizo}"><span>${LABELS.privacidad.casilla}</span></label>` : ''}
      <p id="entrada-ubicacion" role="status">${L.buscandoUbicacion}</p>
      <button type="button" id="entrada-boton" disabled><span id="entrada-girando" hidden></span><span id="entrada-boton-texto">${MSG.ingresarAlCaso}</span></button>
    </main>`;
}

const byId = (id: string) => document.getElementById(id)!;
const button = () => byId(ENTRADA_IDS.boton) as HTMLButtonElement;
const consent = () => byId(ENTRADA_IDS.autorizo) as HTMLInputElement;
const banner = () => byId(ENTRADA_IDS.geo);
const errorShown = () => (byId(ENTRADA_IDS.error).hidden ? null : byId(ENTRADA_IDS.error).textContent);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let geo: { success?: PositionCallback; error?: PositionErrorCallback; cleared: number[] };
let permission: { state: PermissionState; onchange: (() => void) | null };
let calls: { url: string; body: unknown }[];
let answer: () => Promise<Response>;
let went: string[];

const nav = () =>
  ({
    geolocation: {
      watchPosition: (s: PositionCallback, e: PositionErrorCallback) => {
        geo.success = s;
        geo.error = e;
        return 7;
      },
      clearWatch: (id: number) => geo.cleared.push(id),
    },
    permissions: { query: () => Promise.resolve(permission) },
  }) as unknown as Navigator;

function start(token = 'tok-123', extra: Partial<Parameters<typeof startEntry>[0]> = {}) {
  return startEntry({
    doc: document,
    nav: nav(),
    token,
    go: (path) => went.push(path),
    fetch: (async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }) as typeof fetch,
    notifications: () => Promise.resolve('denied'),
    ...extra,
  })!;
}

const locate = (lat = 4.65, lng = -74.08) =>
  geo.success!({ coords: { latitude: lat, longitude: lng }, timestamp: Date.now() } as GeolocationPosition);
const geoError = (code: 1 | 2 | 3) =>
  geo.error!({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
/** Lets the script's promises (the entry, the permission query) run. */
const settle = async (check: () => void) => vi.waitFor(check);

const ENTERED = {
  caseId: 'c1',
  caso: 4521,
  nombre: 'ANA',
  expira: '2026-11-26T23:00:00.000Z',
  asignacion: { investigador: 'LUIS', message: MSG.casoAsignado },
  aviso: null,
};

beforeEach(() => {
  geo = { cleared: [] };
  permission = { state: 'prompt', onchange: null };
  calls = [];
  went = [];
  answer = async () => json(ENTERED);
  takeHandOver();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('the entry page script (no React)', () => {
  it('keeps Ingresar al caso disabled, with the banner, until a latitude is known', () => {
    page({ caso: 4521 });
    start();
    expect(button().disabled).toBe(true);
    expect(banner().hidden).toBe(false);
    expect(byId(ENTRADA_IDS.ubicacion).textContent).toBe(L.buscandoUbicacion);
    locate();
    expect(button().disabled).toBe(false);
    expect(banner().hidden).toBe(true);
    expect(byId(ENTRADA_IDS.ubicacion).textContent).toBe(L.ubicacionLista);
    expect(byId(ENTRADA_IDS.ubicacion).classList.contains('lista')).toBe(true);
  });

  it('a denied location: the banner turns filled, the button stays disabled and the watch stops', () => {
    page({ caso: 4521 });
    start();
    geoError(1);
    expect(banner().hidden).toBe(false);
    expect(banner().classList.contains('llena')).toBe(true);
    expect(byId(ENTRADA_IDS.ubicacion).textContent).toBe('\u00a0');
    expect(button().disabled).toBe(true);
    expect(geo.cleared).toEqual([7]);
  });

  it('a slow fix (timeout) is no refusal; location off (unavailable) is, but the watch goes on', () => {
    page({ caso: 4521 });
    start();
    geoError(3);
    expect(banner().classList.contains('llena')).toBe(false);
    geoError(2);
    expect(banner().classList.contains('llena')).toBe(true);
    expect(geo.cleared).toEqual([]);
    // The phone's location switched on again: a position comes, the banner goes.
    locate();
    expect(banner().hidden).toBe(true);
    expect(button().disabled).toBe(false);
  });

  it('location refused in the browser settings, then allowed there again: the watch resumes', async () => {
    permission.state = 'denied';
    page({ caso: 4521 });
    start();
    await settle(() => expect(banner().classList.contains('llena')).toBe(true));
    geoError(1);
    expect(geo.cleared).toEqual([7]);
    geo.success = undefined;
    permission.state = 'granted';
    permission.onchange!();
    expect(geo.success).toBeDefined();
    locate();
    expect(button().disabled).toBe(false);
  });

  it('a phone without geolocation: the filled banner, the button disabled', () => {
    page({ caso: 4521 });
    startEntry({ doc: document, nav: {} as Navigator, token: 't', go: () => {} });
    expect(banner().classList.contains('llena')).toBe(true);
    expect(button().disabled).toBe(true);
  });

  it("the server's refusal ('El caso no existe') stays, and the button stays disabled with a position", () => {
    page({ error: { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: MSG.casoNoExiste } } });
    start('forged');
    locate();
    expect(errorShown()).toBe(MSG.casoNoExiste);
    expect(byId(ENTRADA_IDS.detalle).hidden).toBe(true);
    expect(button().disabled).toBe(true);
    button().disabled = false;
    button().click();
    expect(calls).toEqual([]);
  });

  it('enters with the position (the same body as the React page), hands the session over, opens the case chat', async () => {
    page({ caso: 4521 });
    start('tok-123');
    locate(4.6, -74.1);
    button().click();
    expect(button().disabled).toBe(true);
    expect(byId(ENTRADA_IDS.botonTexto).textContent).toBe(L.ingresando);
    expect(byId(ENTRADA_IDS.girando).hidden).toBe(false);
    await settle(() => expect(went).toEqual([CLIENT_CASE_ENTRY]));
    expect(calls).toEqual([{ url: '/api/cliente/entrada', body: { token: 'tok-123', lat: 4.6, lng: -74.1 } }]);
    // The case page (another page load) gets the session; the assignment is its status card's.
    expect(JSON.parse(sessionStorage.getItem('vialex-cliente-entrada')!)).toMatchObject({ me: { caseId: 'c1' } });
    expect(takeHandOver()).toEqual({
      me: { caseId: 'c1', caso: 4521, nombre: 'ANA', expira: ENTERED.expira },
      notices: [],
    });
    expect(takeHandOver()).toBeNull();
    // The phone keeps its way back in: the link.
    expect(entryPath()).toBe('/login/auth-cliente/tok-123');
  });

  it('the address notice is handed over too', async () => {
    answer = async () => json({ ...ENTERED, asignacion: null, aviso: MSG.noSePudoObtenerDireccion });
    page({ caso: 4521 });
    start();
    locate();
    button().click();
    await settle(() => expect(went).toHaveLength(1));
    expect(takeHandOver()?.notices).toEqual([
      { type: 'cliente-aviso', text: MSG.noSePudoObtenerDireccion, testId: 'client-address-notice' },
    ]);
  });

  it('waits for the answer to the notification question before leaving, at most PROMPT_WAIT_MS', async () => {
    let answerPrompt!: (p: NotificationPermission) => void;
    page({ caso: 4521 });
    start('tok', { notifications: () => new Promise((resolve) => (answerPrompt = resolve)) });
    locate();
    button().click();
    await settle(() => expect(takeHandOver()).not.toBeNull());
    expect(went).toEqual([]);
    answerPrompt('granted');
    await settle(() => expect(went).toEqual([CLIENT_CASE_ENTRY]));

    vi.useFakeTimers();
    page({ caso: 4521 });
    went = [];
    start('tok', { notifications: () => new Promise(() => {}), promptWaitMs: 10_000 });
    locate();
    button().click();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(went).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(went).toEqual([CLIENT_CASE_ENTRY]);
  });

  it("shows the entry's refusal with the server's message and lets the client try again", async () => {
    answer = async () => json({ statusCode: 409, code: 'CASE_ALREADY_ENTERED', message: MSG.casoYaIngresado }, 409);
    page({ caso: 4521 });
    start();
    locate();
    button().click();
    await settle(() => expect(errorShown()).toBe(MSG.casoYaIngresado));
    expect(byId(ENTRADA_IDS.detalle).hidden).toBe(true);
    expect(button().disabled).toBe(false);
    expect(byId(ENTRADA_IDS.botonTexto).textContent).toBe(MSG.ingresarAlCaso);
    expect(byId(ENTRADA_IDS.girando).hidden).toBe(true);
    expect(went).toEqual([]);

    // Tried again: the error goes while it enters.
    answer = async () => json(ENTERED);
    button().click();
    expect(errorShown()).toBeNull();
    await settle(() => expect(went).toEqual([CLIENT_CASE_ENTRY]));
  });

  it("no server: 'No hay conexión con el servidor'; a refusal without a message: the generic one", async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    page({ caso: 4521 });
    start();
    locate();
    button().click();
    await settle(() => expect(errorShown()).toBe(MSG.sinConexion));
    answer = async () => new Response('Bad gateway', { status: 502 });
    button().click();
    await settle(() => expect(errorShown()).toBe(MSG.errorServidor));
  });

  it('says why the page opened again (the session ended, the client left), once', () => {
    noteEntryNotice(MSG.sesionClienteTerminada);
    page({ caso: 4521 });
    start();
    expect(byId(ENTRADA_IDS.aviso).hidden).toBe(false);
    expect(byId(ENTRADA_IDS.aviso).textContent).toBe(MSG.sesionClienteTerminada);
    page({ caso: 4521 });
    start();
    expect(byId(ENTRADA_IDS.aviso).hidden).toBe(true);
  });

  it('asks for the authorisation of the privacy notice: unticked, the tap says why and sends nothing; ticked, it enters with the version read', async () => {
    page({ caso: 4521, privacidad: { version: VERSION, requerida: true } });
    start('tok-123');
    locate(4.6, -74.1);
    expect(consent().checked).toBe(false);
    // The button is not disabled by the box: the tap is where the driver learns why.
    expect(button().disabled).toBe(false);
    button().click();
    expect(errorShown()).toBe(TEXTOS.autorizacionRequerida);
    expect(byId(ENTRADA_IDS.detalle).hidden).toBe(true);
    expect(document.activeElement).toBe(consent());
    expect(consent().getAttribute('aria-invalid')).toBe('true');
    expect(consent().getAttribute('aria-describedby')).toBe(ENTRADA_IDS.error);
    expect(calls).toEqual([]);
    expect(button().disabled).toBe(false);

    consent().click();
    expect(errorShown()).toBeNull();
    expect(consent().getAttribute('aria-invalid')).toBe('false');
    button().click();
    await settle(() => expect(went).toEqual([CLIENT_CASE_ENTRY]));
    expect(calls).toEqual([
      { url: '/api/cliente/entrada', body: { token: 'tok-123', lat: 4.6, lng: -74.1, autorizacion: VERSION } },
    ]);
  });

  it("the server's own refusal of the authorisation is shown as it says", async () => {
    answer = async () =>
      json({ statusCode: 409, code: 'PRIVACY_NOTICE_CHANGED', message: MSG.avisoPrivacidadCambio }, 409);
    page({ caso: 4521, privacidad: { version: VERSION, requerida: true } });
    start();
    locate();
    consent().click();
    button().click();
    await settle(() => expect(errorShown()).toBe(MSG.avisoPrivacidadCambio));
  });

  it('a notice this case already authorised: no box, and the entry sends no authorisation', async () => {
    page({ caso: 4521, privacidad: { version: VERSION, requerida: false } });
    start('tok-123');
    locate(4.6, -74.1);
    button().click();
    await settle(() => expect(went).toEqual([CLIENT_CASE_ENTRY]));
    expect(calls[0].body).toEqual({ token: 'tok-123', lat: 4.6, lng: -74.1 });
  });

  it('a page without its data block is left as it is', () => {
    document.body.innerHTML = '<button id="entrada-boton" disabled>x</button>';
    expect(startEntry({ doc: document, nav: nav(), token: 't', go: () => {} })).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${ENTRADA_IDS.data}">{not json</script>`;
    expect(readData(document)).toBeNull();
  });
});

describe('viewOf', () => {
  const base = {
    caso: 1,
    refused: null,
    position: null,
    geoOff: false,
    entering: false,
    error: null,
    consentVersion: null,
  };
  it('is the React page’s rules', () => {
    expect(viewOf(base, TEXTOS)).toEqual({
      geo: 'standard',
      error: null,
      location: { text: L.buscandoUbicacion, ready: false },
      button: { disabled: true, text: MSG.ingresarAlCaso, busy: false },
    });
    const at = { lat: 1, long: 2 };
    expect(viewOf({ ...base, position: at }, TEXTOS).button.disabled).toBe(false);
    expect(viewOf({ ...base, position: at, entering: true }, TEXTOS).button).toEqual({
      disabled: true,
      text: L.ingresando,
      busy: true,
    });
    expect(viewOf({ ...base, position: at, caso: null }, TEXTOS).button.disabled).toBe(true);
    expect(viewOf({ ...base, position: at, refused: 'x' }, TEXTOS).button.disabled).toBe(true);
    expect(viewOf({ ...base, position: at, geoOff: true }, TEXTOS).geo).toBe('hidden');
    expect(viewOf({ ...base, refused: 'a', error: 'b' }, TEXTOS).error).toBe('b');
  });
});

describe('tokenOf', () => {
  it("reads the link's token from the address", () => {
    expect(tokenOf('/login/auth-cliente/abc.def')).toBe('abc.def');
    expect(tokenOf('/login/auth-cliente/a%2Fb')).toBe('a/b');
    expect(tokenOf('/login/auth-cliente/%E0%A4%A')).toBe('');
    expect(tokenOf('/login/auth-cliente')).toBe('');
  });
});
