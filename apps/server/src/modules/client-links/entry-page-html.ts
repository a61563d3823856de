import { BRAND, LABELS, MSG, fmt, type ApiErrorBody, type PrivacyNotice } from '@vialex/domain';
import { authorisationRequiredText } from '../privacy/authorisation.js';

/*
 * The driver's entry screen as HTML: what the React entry page showed, written by the
 * server so that a slow-4G phone paints it from the page itself and needs only a few-KB script
 * (apps/web/src/features/client-entry/entrada/) to enter. Same texts (the catalogue), same look
 * (apps/web/entrada.html holds the styles). The ids and the data block are that script's
 * (entry-script.ts ENTRADA_IDS, EntradaData); the test ids are the browser tests'.
 */

/** What the link opens, as GET /api/cliente/entrada/{token} would answer it. */
export type EntryAnswer =
  { caso: number; privacidad: PrivacyNotice } | { error: { status: number; body: ApiErrorBody } };

/** The company's line (COMPANY_PHONE): as the driver reads it, and its tel: link. */
export interface EntryContact {
  telefono: string;
  enlace: string;
}

const L = LABELS.cliente;

/** Where the template wants the screen. */
export const ENTRY_MARKER = '<!--vialex-entrada-->';
/** The data block's id (entry-script.ts ENTRADA_IDS.data). */
export const ENTRY_DATA_ID = 'vialex-entrada';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** JSON inside <script>: no '<' may close the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The texts the script writes after the first paint (entry-script.ts EntradaTextos). */
const TEXTOS = {
  ingresarAlCaso: MSG.ingresarAlCaso,
  ingresando: L.ingresando,
  buscandoUbicacion: L.buscandoUbicacion,
  ubicacionLista: L.ubicacionLista,
  sinConexion: MSG.sinConexion,
  errorServidor: MSG.errorServidor,
  algoSalioMal: MSG.algoSalioMal,
};

/**
 * The data block: the answer, as the API would give it (of the notice, only its version and
 * whether it is asked: its words are in the page), and the texts.
 */
export function entryData(answer: EntryAnswer, contact: EntryContact): string {
  const data =
    'caso' in answer
      ? {
          caso: answer.caso,
          privacidad: { version: answer.privacidad.version, requerida: answer.privacidad.requerida },
        }
      : answer;
  // The refusal without the tick says the number to call, as the server's own refusal does.
  const textos = { ...TEXTOS, autorizacionRequerida: authorisationRequiredText(contact.telefono) };
  return `<script type="application/json" id="${ENTRY_DATA_ID}">${scriptJson({ ...data, textos })}</script>`;
}

const P = LABELS.privacidad;

/** The notice's whole text, one paragraph per blank line of the setting. */
const noticeText = (texto: string) =>
  texto
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');

/**
 * The privacy notice before 'Ingresar al caso' (Ley 1581 de 2012): who, what for and the rights
 * in a few lines, the whole notice behind 'Leer el aviso completo' (a <details>: it opens without
 * the script), and the box to tick, never ticked beforehand. Once this notice is authorised on the
 * case, only the notice itself stays, closed.
 */
function privacyBlock(notice: PrivacyNotice): string {
  if (!notice.requerida)
    return (
      `<details class="aviso-completo" data-testid="client-privacy-full">` +
      `<summary>${escapeHtml(P.titulo)}</summary><div class="texto">${noticeText(notice.texto)}</div></details>`
    );
  return (
    `<section class="privacidad" aria-labelledby="entrada-privacidad-titulo" data-testid="client-privacy">` +
    `<h2 id="entrada-privacidad-titulo">${escapeHtml(P.titulo)}</h2>` +
    `<p class="resumen" data-testid="client-privacy-summary">${escapeHtml(notice.resumen)}</p>` +
    `<details class="aviso-completo" data-testid="client-privacy-full">` +
    `<summary>${escapeHtml(P.leerCompleto)}</summary><div class="texto">${noticeText(notice.texto)}</div></details>` +
    `<label class="casilla"><input type="checkbox" id="entrada-autorizo" data-testid="client-consent">` +
    `<span>${escapeHtml(notice.casilla)}</span></label></section>`
  );
}

/** MUI's alert icons (ReportProblemOutlined, InfoOutlined, ErrorOutline), 24×24. */
const ICONS = {
  aviso: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
};

/** MUI's Phone icon. */
const PHONE_ICON =
  'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z';

/**
 * A person to call, under the card on every answer (the case, and each refusal): a page from an
 * SMS that offers no way to reach a human reads as phishing, and a refused driver needs one most.
 */
function callBlock(contact: EntryContact): string {
  return (
    `<div class="ayuda">` +
    `<p>${escapeHtml(fmt(L.ayuda, { marca: BRAND }))}</p>` +
    `<a class="llamar" href="${escapeHtml(contact.enlace)}" data-testid="client-call" ` +
    `aria-label="${escapeHtml(fmt(L.llamarAsesorNumero, { telefono: contact.telefono }))}">` +
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${PHONE_ICON}"/></svg>` +
    `<span class="llamar-texto"><span>${escapeHtml(L.llamarAsesor)}</span>` +
    `<span class="numero">${escapeHtml(contact.telefono)}</span></span></a></div>`
  );
}

function alert(kind: keyof typeof ICONS, attrs: string, text: string): string {
  return (
    `<div class="alerta alerta-${kind}" ${attrs}>` +
    `<div class="icono" aria-hidden="true"><svg viewBox="0 0 24 24" focusable="false"><path d="${ICONS[kind]}"/></svg></div>` +
    `<div class="mensaje">${escapeHtml(text)}</div></div>`
  );
}

/** The VIALEX mark (components/brand-logo.tsx BrandMark): the V and the road stripe. */
const MARK =
  '<svg width="48" height="48" viewBox="0 0 100 100" aria-hidden="true" focusable="false">' +
  '<defs><linearGradient id="vialex-mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d3b7c"/><stop offset="1" stop-color="#082554"/></linearGradient></defs>' +
  '<rect width="100" height="100" rx="20" fill="url(#vialex-mark)"/>' +
  '<path d="M27 19 L50 70 L73 19" fill="none" stroke="#fff" stroke-width="17" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<path d="M30 85h8M46 85h8M62 85h8" stroke="#ffb300" stroke-width="5"/></svg>';

/**
 * The screen: the brand band, the location banner (the phone's position is not known yet when the
 * page arrives), the notice of why the page opened again (the script fills it), the card with the
 * case number and the privacy notice to authorise — or 'Ingresar al caso' and the refusal — the
 * location line and the button, disabled until the script knows a latitude; then the company's
 * line to call.
 */
export function entryScreen(answer: EntryAnswer, contact: EntryContact): string {
  const refused = 'error' in answer ? answer.error.body.message : null;
  const title =
    'caso' in answer
      ? `<h1 class="caso" data-testid="client-entry-case">${escapeHtml(fmt(L.numeroCaso, { caso: answer.caso }))}</h1>`
      : `<h1>${escapeHtml(MSG.ingresarAlCaso)}</h1>`;
  return (
    `<main class="entrada">` +
    `<div class="marca">${MARK}<span>${escapeHtml(BRAND)}</span></div>` +
    `<p class="lema">${escapeHtml(L.lema)}</p>` +
    alert('aviso', 'id="entrada-geo" role="alert" data-testid="geo-warning"', MSG.geolocalizacionApagada) +
    alert('info', 'id="entrada-aviso" role="alert" data-testid="client-entry-notice" hidden', '') +
    `<div class="tarjeta">` +
    `<div class="titulo">${title}</div>` +
    alert(
      'error',
      `id="entrada-error" role="alert" data-testid="client-entry-error"${refused ? '' : ' hidden'}`,
      refused ?? '',
    ) +
    `<p class="detalle" id="entrada-detalle"${refused ? ' hidden' : ''}>${escapeHtml(L.entradaDetalle)}</p>` +
    ('caso' in answer ? privacyBlock(answer.privacidad) : '') +
    `<p class="ubicacion" id="entrada-ubicacion" role="status" data-testid="client-entry-location">${escapeHtml(L.buscandoUbicacion)}</p>` +
    `<button type="button" class="boton" id="entrada-boton" data-testid="client-entry-button" disabled>` +
    `<span class="girando" id="entrada-girando" aria-hidden="true" hidden></span>` +
    `<span id="entrada-boton-texto">${escapeHtml(MSG.ingresarAlCaso)}</span></button>` +
    `</div>` +
    callBlock(contact) +
    `</main>`
  );
}

/** The template (the built entrada.html) with the screen and the data block in it. */
export function entryPage(template: string, answer: EntryAnswer, contact: EntryContact): string {
  // Functions, not strings, as replacements: a '$' in a text stays a '$'.
  const data = entryData(answer, contact);
  const screen = entryScreen(answer, contact);
  return template.replace('</head>', () => `${data}</head>`).replace(ENTRY_MARKER, () => screen);
}
