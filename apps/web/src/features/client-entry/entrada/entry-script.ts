import type { ApiErrorBody, ClientEntryInput, ClientMe } from '@vialex/domain';
import {
  CLIENT_CASE_ENTRY,
  askNotifications,
  handOverEntry,
  promptAnswered,
  rememberLink,
  takeEntryNotice,
  type EntryHandOver,
} from '../session';

/*
 * The driver's entry page without React (usable within 3 s on a slow-4G phone). The
 * server writes the whole screen (apps/server/src/modules/client-links/entry-page-html.ts): the
 * brand band, the location banner, the case number or the refusal, the privacy notice and its box,
 * the button. This script, a few KB and nothing else, asks for the location, enables 'Ingresar al
 * caso' once a latitude is known, refuses to enter while the notice's box is not ticked (saying
 * why), enters, and then opens the case — the React app loads only there. It behaves as the React entry
 * page (entry-page.tsx) does; only types come from @vialex/domain, the texts come in the page.
 */

/** The page's parts the script changes, by id (the server writes them). */
export const ENTRADA_IDS = {
  data: 'vialex-entrada',
  geo: 'entrada-geo',
  aviso: 'entrada-aviso',
  error: 'entrada-error',
  detalle: 'entrada-detalle',
  ubicacion: 'entrada-ubicacion',
  boton: 'entrada-boton',
  botonTexto: 'entrada-boton-texto',
  girando: 'entrada-girando',
  /** The privacy notice's box ('Autorizo el tratamiento de mis datos personales…'). */
  autorizo: 'entrada-autorizo',
} as const;

/** The texts the script writes after the first paint (the server takes them from the catalogue). */
export interface EntradaTextos {
  ingresarAlCaso: string;
  ingresando: string;
  buscandoUbicacion: string;
  ubicacionLista: string;
  sinConexion: string;
  errorServidor: string;
  algoSalioMal: string;
  /** Why the entry cannot go on without the box ticked. */
  autorizacionRequerida: string;
}

/** The page's JSON data block: what the link opens, as the API would answer it, and the texts. */
export interface EntradaData {
  caso?: number;
  /** The privacy notice's version, and whether this case's driver is asked to authorise it. */
  privacidad?: { version: string; requerida: boolean };
  error?: { status: number; body: ApiErrorBody };
  textos: EntradaTextos;
}

/** The entry's answer (clientEntryResponse): the session, the automatic assignment, the address notice. */
export interface EntryResult extends ClientMe {
  asignacion: { investigador: string | null; message: string } | null;
  aviso: string | null;
}

export interface EntryState {
  caso: number | null;
  /** The server's refusal of the link ('El caso no existe', 'No puede ingresar al caso…'). */
  refused: string | null;
  position: { lat: number; long: number } | null;
  /** Location denied, switched off or missing: the banner is the filled one. */
  geoOff: boolean;
  entering: boolean;
  /** The entry's own refusal or failure, in Spanish. */
  error: string | null;
  /** The notice's version when the page asks for the authorisation, else null. */
  consentVersion: string | null;
}

export interface EntryView {
  /** The location banner: gone once a position is known. */
  geo: 'hidden' | 'standard' | 'filled';
  error: string | null;
  location: { text: string; ready: boolean };
  button: { disabled: boolean; text: string; busy: boolean };
}

/** What the screen shows for a state: the rules of entry-page.tsx. */
export function viewOf(s: EntryState, t: EntradaTextos): EntryView {
  const ready = !!s.position && s.caso !== null && !s.entering;
  return {
    geo: s.position ? 'hidden' : s.geoOff ? 'filled' : 'standard',
    error: s.error ?? s.refused,
    location: {
      text: s.position ? t.ubicacionLista : s.geoOff ? '\u00a0' : t.buscandoUbicacion,
      ready: !!s.position,
    },
    button: {
      disabled: !ready || !!s.refused,
      text: s.entering ? t.ingresando : t.ingresarAlCaso,
      busy: s.entering,
    },
  };
}

/** Reads the page's data block; null when there is none or it is not ours. */
export function readData(doc: Document): EntradaData | null {
  const text = doc.getElementById(ENTRADA_IDS.data)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as EntradaData;
    return value && typeof value === 'object' && value.textos ? value : null;
  } catch {
    return null;
  }
}

/** A refusal or failure of the entry, with the message to show. */
export class EntryFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'EntryFailed';
  }
}

/**
 * POST /api/cliente/entrada as lib/api.ts does it (same body, same cookie rules): the server's
 * own message when it refuses, 'No hay conexión con el servidor' when it cannot be reached.
 */
export async function postEntry(
  body: ClientEntryInput,
  t: EntradaTextos,
  fetchFn: typeof fetch = fetch,
): Promise<EntryResult> {
  let res: Response;
  try {
    res = await fetchFn('/api/cliente/entrada', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new EntryFailed(t.sinConexion, 0);
  }
  const text = await res.text().catch(() => '');
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    raw = text;
  }
  if (res.ok) return raw as EntryResult;
  const message =
    raw && typeof raw === 'object' && 'message' in raw && typeof raw.message === 'string'
      ? raw.message
      : t.errorServidor;
  throw new EntryFailed(message, res.status);
}

/**
 * Watches the phone's position as lib/geo.ts does: a timeout is a slow fix, not a refusal; denied
 * or unavailable turn the banner filled (denied stops the watch); allowed again in the browser's
 * settings, the watch resumes without a reload.
 */
export function watchLocation(
  nav: Navigator,
  on: { position: (p: { lat: number; long: number }) => void; off: () => void },
): void {
  const geo = 'geolocation' in nav ? nav.geolocation : undefined;
  if (!geo) {
    on.off();
    return;
  }
  let watchId: number | null = null;
  const stop = () => {
    if (watchId !== null) geo.clearWatch(watchId);
    watchId = null;
  };
  const start = () => {
    if (watchId !== null) return;
    watchId = geo.watchPosition(
      (p) => on.position({ lat: p.coords.latitude, long: p.coords.longitude }),
      (e) => {
        if (e.code === e.TIMEOUT) return;
        on.off();
        if (e.code === e.PERMISSION_DENIED) stop();
      },
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
  };
  start();
  nav.permissions
    ?.query({ name: 'geolocation' })
    .then((status) => {
      if (status.state === 'denied') on.off();
      status.onchange = () => {
        if (status.state === 'denied') {
          on.off();
          stop();
        } else {
          start();
        }
      };
    })
    .catch(() => {});
}

export interface EntryDeps {
  doc: Document;
  nav: Navigator;
  /** The link's token (from the page's address). */
  token: string;
  /** Opens the case: a page load (location.replace) in the browser. */
  go: (path: string) => void;
  fetch?: typeof fetch;
  notifications?: () => Promise<NotificationPermission>;
  promptWaitMs?: number;
}

/**
 * Runs the entry page the server wrote: the notice of why it opened again, the location, the
 * button. Returns the state (for tests), or null when the page has no data block.
 */
export function startEntry(deps: EntryDeps): { state: () => EntryState } | null {
  const { doc } = deps;
  const data = readData(doc);
  if (!data) return null;
  const t = data.textos;
  const el = (id: string) => doc.getElementById(id);
  const geoEl = el(ENTRADA_IDS.geo);
  const errorEl = el(ENTRADA_IDS.error);
  const detailEl = el(ENTRADA_IDS.detalle);
  const locationEl = el(ENTRADA_IDS.ubicacion);
  const button = el(ENTRADA_IDS.boton) as HTMLButtonElement | null;
  const buttonText = el(ENTRADA_IDS.botonTexto);
  const spinner = el(ENTRADA_IDS.girando);
  const consent = el(ENTRADA_IDS.autorizo) as HTMLInputElement | null;

  const state: EntryState = {
    caso: typeof data.caso === 'number' ? data.caso : null,
    refused: data.error ? data.error.body.message || t.errorServidor : null,
    position: null,
    geoOff: false,
    entering: false,
    error: null,
    consentVersion: data.privacidad?.requerida ? data.privacidad.version : null,
  };

  const setText = (node: Element | null, text: string) => {
    if (node && node.textContent !== text) node.textContent = text;
  };
  const render = () => {
    const v = viewOf(state, t);
    if (geoEl) {
      geoEl.hidden = v.geo === 'hidden';
      geoEl.classList.toggle('llena', v.geo === 'filled');
    }
    if (errorEl) {
      errorEl.hidden = !v.error;
      setText(errorEl.querySelector('.mensaje'), v.error ?? '');
    }
    if (detailEl) detailEl.hidden = !!v.error;
    setText(locationEl, v.location.text);
    locationEl?.classList.toggle('lista', v.location.ready);
    if (button) {
      button.disabled = v.button.disabled;
      button.setAttribute('aria-busy', String(v.button.busy));
    }
    setText(buttonText, v.button.text);
    if (spinner) spinner.hidden = !v.button.busy;
    if (consent) {
      const missing = state.error === t.autorizacionRequerida;
      consent.setAttribute('aria-invalid', String(missing));
      if (missing) consent.setAttribute('aria-describedby', ENTRADA_IDS.error);
      else consent.removeAttribute('aria-describedby');
    }
  };
  const set = (change: Partial<EntryState>) => {
    Object.assign(state, change);
    render();
  };

  // Why the page opened again ('Su sesión en el caso terminó…', 'Salió del caso'): said once.
  const notice = takeEntryNotice();
  const noticeEl = el(ENTRADA_IDS.aviso);
  if (notice && noticeEl) {
    setText(noticeEl.querySelector('.mensaje'), notice);
    noticeEl.hidden = false;
  }

  const enter = async () => {
    const position = state.position;
    if (!position || state.entering || state.caso === null || state.refused) return;
    // Ley 1581: no entry before the driver ticks the notice's box; the server refuses it too.
    if (state.consentVersion && !consent?.checked) {
      set({ error: t.autorizacionRequerida });
      consent?.focus();
      return;
    }
    // Asked within the tap (browsers want a gesture); the case page registers the phone.
    const asked = (deps.notifications ?? askNotifications)();
    set({ entering: true, error: null });
    try {
      const result = await postEntry(
        {
          token: deps.token,
          lat: position.lat,
          lng: position.long,
          ...(state.consentVersion ? { autorizacion: state.consentVersion } : {}),
        },
        t,
        deps.fetch ?? fetch.bind(globalThis),
      );
      rememberLink(deps.token);
      const notices: EntryHandOver['notices'] = [];
      // The assignment's outcome is the case page's status card (it stays and follows the case).
      if (result.aviso) notices.push({ type: 'cliente-aviso', text: result.aviso, testId: 'client-address-notice' });
      const { caseId, caso, nombre, expira } = result;
      handOverEntry({ me: { caseId, caso, nombre, expira }, notices });
      await promptAnswered(asked, deps.promptWaitMs);
      deps.go(CLIENT_CASE_ENTRY);
    } catch (e) {
      set({ entering: false, error: e instanceof EntryFailed ? e.message : t.algoSalioMal });
    }
  };

  button?.addEventListener('click', () => void enter());
  // Ticked after the refusal: the reason goes with it.
  consent?.addEventListener('change', () => {
    if (consent.checked && state.error === t.autorizacionRequerida) set({ error: null });
  });
  render();
  watchLocation(deps.nav, {
    position: (p) => set({ position: p, geoOff: false }),
    off: () => set({ geoOff: true }),
  });
  return { state: () => ({ ...state }) };
}

/** The link's token from the page's address (/login/auth-cliente/{token}); '' when none. */
export function tokenOf(pathname: string): string {
  const raw = /^\/login\/auth-cliente\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!raw) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}
