/** Business constants of the three §9 sections. */
export const BRAND = 'VIALEX';
export const ORIGEN_PROPIO = 'Vialex';
export const ORIGEN_CRONOS = 'Cronos';

export const TIME_ZONE = 'America/Bogota';
/**
 * Bogotá's offset from UTC, whole year: Colombia has kept UTC−5 with no daylight saving since
 * 1993, so a Bogotá clock or day is found by arithmetic, without a time-zone database.
 */
export const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000;
export const FORMAT_MESSAGE = 'DD/MM/YYYY HH:mm';

export const LOCATION_INTERVAL_MS = 4000;
/** A new user's session time (duracion_sesion), spec 1 §4. */
export const SESSION_DEFAULT_MINUTES = 15;
export const LOGIN_TOKEN_LENGTH = 40;
export const TEST_PUSH_TOAST_MS = 2413;
export const TOKEN_RESET_RELOAD_MS = 3000;
/** How long a success toast stays on screen (a newer success replaces it at once). */
export const SUCCESS_TOAST_MS = 6000;
/** How long a notice's toast stays on screen: the bell keeps every notice. */
export const NOTICE_TOAST_MS = 8000;
/** Notices' toasts on a phone at once: a newer one closes the oldest. */
export const NOTICE_TOASTS_MAX_PHONE = 2;
/** Push subscriptions kept per staff user (one per device/browser); registering more drops the oldest. */
export const PUSH_MAX_SUBSCRIPTIONS_PER_USER = 10;
/**
 * SMS with a case link (each a new 7-day link): the flow needs one or two a case. At most
 * `perCase` per case in `perCaseMinutes`, `perCaseDay` in a day, and `perUser` per user in an hour.
 */
export const SMS_LIMITS = { perCase: 3, perCaseMinutes: 15, perCaseDay: 10, perUser: 30 } as const;
/** Live-channel sockets one session may hold open on a server instance (one per tab). */
export const LIVE_MAX_SOCKETS_PER_SESSION = 6;
/**
 * How far back the live channel replays a topic's events to a new subscriber (LiveClientMessage's
 * `since`); a screen that read longer ago reads again instead.
 */
export const LIVE_REPLAY_MAX_MS = 60_000;
/**
 * How long a staff text sent on the live socket waits for its answer before the app sends it by
 * POST (its clientId makes that a repeat if the first arrived): a socket can look open on a phone
 * that has lost its network until the next ping finds out.
 */
export const LIVE_SEND_ANSWER_MS = 15_000;
/** Close codes of the live channel: the session ended; too many sockets for the session. */
export const LIVE_CLOSE = { sessionEnded: 4001, tooManySockets: 4008 } as const;

export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100, 500] as const;
export const TABLE_HEIGHT = 500;

/** Spec 1 §9 says 6 (on user creation); 8 on every password form (decisions.md D19). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARS = '$@!%*#?&';

export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_COLLAPSED_WIDTH = 96;

export const PLATE_LOOKUP_MIN_LENGTH = 6; // the look-up starts when the plate is longer than 5
/** At most this many toasts on screen, one per type (spec 3 §9). */
export const TOAST_LIMIT = 20;

export const TIPOS_IDENTIFICACION = ['CC', 'CE', 'TI', 'PA', 'NIT'] as const;
export const DEFAULT_TIPO_IDENTIFICACION = 'CC';
/** DANE code of Bogotá D.C., the default city of a new client ('BOGOTA' in the spec). */
export const DEFAULT_CIUDAD = '11001';

export const SIN_PLAN = 'SIN PLAN';
/** A case's tipo_plan (spec 2 §4). */
export const TIPOS_PLAN = [SIN_PLAN, 'SEGURO TERCERO', 'RC PUBLICO'] as const;
export type TipoPlan = (typeof TIPOS_PLAN)[number];
/** The policy services a plate is looked up in; a policy's `fuente`. */
export const FUENTES_POLIZA = ['Tecnicar', 'SEGURO TERCERO'] as const;
export type FuentePoliza = (typeof FUENTES_POLIZA)[number];
/** Where a plate's plan comes from: a policy service that knows it, else own data (a vehicle's `origen`). */
export const FUENTES_PLAN = [ORIGEN_PROPIO, ...FUENTES_POLIZA] as const;
export type FuentePlan = (typeof FUENTES_PLAN)[number];
/** Spec 2 §4: the source decides the plan (Tecnicar's RC policy wins over SEGURO TERCERO). */
export const PLAN_DE_FUENTE: Record<FuentePlan, TipoPlan> = {
  [ORIGEN_PROPIO]: SIN_PLAN,
  'SEGURO TERCERO': 'SEGURO TERCERO',
  Tecnicar: 'RC PUBLICO',
};
/** A case's `origen`: Cronos, or the source of a policy in force, else Vialex. */
export const ORIGENES = [ORIGEN_PROPIO, ORIGEN_CRONOS, ...FUENTES_POLIZA] as const;
/** Where a case was opened (`origen_desde`). */
export const ORIGENES_DESDE = [ORIGEN_PROPIO, ORIGEN_CRONOS] as const;

/**
 * Where a case's place came from (D24): its typed address geocoded, the driver's shared position
 * (which refines a geocoded place), or a pin a staff member dropped (which nothing overwrites).
 */
export const LUGAR_ORIGENES = ['direccion', 'cliente', 'personal'] as const;
export type LugarOrigen = (typeof LUGAR_ORIGENES)[number];
/** Colombia's bounding box (San Andrés included): a pin outside it is refused. */
export const COLOMBIA_BOUNDS = { minLat: -4.3, maxLat: 13.6, minLng: -82, maxLng: -66.8 } as const;
/** Farther than this from the case's place, 'Marcar llegada' warns before confirming. */
export const ARRIVAL_WARN_METERS = 500;
export const PLANES_AUTORIZADOS = ['SEGURO TERCERO', 'RC PUBLICO', 'RC Publico'] as const;
export const RELACIONES_VEHICULO = ['Propietario', 'Conductor'] as const;
/** The relation whose case shows its driver as its client (else its owner). */
export const RELACION_CONDUCTOR = 'Conductor' satisfies (typeof RELACIONES_VEHICULO)[number];
export const VERIFICACIONES = ['Ninguno', 'Consulta en línea', 'Verificación contact center'] as const;
export const TIPOS_PRODUCTO = [
  'Ninguno',
  'Todo riesgo taxis',
  'Conduce tranquilo',
  'Rodando contigo',
  'Tercero esencial',
  'Tercero obligatorio',
  'Todo riesgo pesados',
  'Rc transporte público',
] as const;
export const PRIORIDADES = ['alta', 'media', 'baja'] as const;
export const DEFAULT_PRIORIDAD = 'media';

/** The room kinds of a case: chats, chatsperito and chatsdibujante in the spec. */
export const TIPOS_CHAT = ['general', 'perito', 'dibujante'] as const;
export type ChatKind = (typeof TIPOS_CHAT)[number];

export const VEHICLE_DEFAULTS = {
  clase: 'SIN CLASE',
  carroceria: 'SIN CARROCERIA',
  marca: 'SIN MARCA',
  linea: 'SIN LINEA',
  modelo: '0000',
  servicio: 'PARTICULAR',
  estado: true,
} as const;

/** Longest free text a form field takes (names, addresses): bounded so a request can't store a megabyte. */
export const TEXT_MAX_LENGTH = 200;
/** RFC 5321's limit for an e-mail address. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

/** The longest session time an administrator may set (24:00, spec 1 §5), in minutes. */
export const SESSION_MAX_MINUTES = 24 * 60;
