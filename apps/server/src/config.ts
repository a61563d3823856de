import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePushHosts } from './integrations/push-hosts.js';
import { parseStorageConfig, parseUploadMaxMb } from './integrations/storage-config.js';
import type { StorageOptions } from './integrations/create-storage.js';
import { BRAND, LABELS, SMS_LIMITS, UPLOAD_MAX_MB_DEFAULT, fmt } from '@vialex/domain';
import { parseSmsConfig, type SmsConfig } from './integrations/sms-config.js';
import {
  parseExportJobConfig,
  parseSftpConfig,
  type ExportJobConfig,
  type SftpConfig,
} from './integrations/sftp-config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: `./data` and the web build are found from here whatever the cwd. */
export const REPO_ROOT = path.resolve(here, '../../..');

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/**
 * Reads a comma-separated list of origins (APP_ORIGINS, PUBLIC_URL) into their canonical form
 * (`https://app.example.co`, default port dropped). A bad entry stops the server at start.
 */
export function parseOrigins(value: string | undefined, setting: string): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const plain = url && ['http:', 'https:'].includes(url.protocol) && url.pathname === '/';
    if (!url || !plain || url.search || url.hash || url.username || url.password) {
      throw new Error(`${setting}: not an origin (scheme://host[:port]): ${entry}`);
    }
    return url.origin;
  });
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  demo: boolean;
  serveWeb: boolean;
  webDist: string;
  env: string;
  isTest: boolean;
  cookieSecure: boolean | 'auto';
  trustProxy: boolean;
  /** Sign-in throttling (modules/auth/throttle.ts). */
  login: {
    maxPerAccount: number;
    maxPerIp: number;
    windowMinutes: number;
    backoffAfter: number;
    backoffSeconds: number;
    /** A reservation still pending after this long (its instance died mid-check) counts as a failure. */
    pendingSeconds: number;
    /** How long an attempt waits for pending reservations to settle before answering 429. */
    waitMs: number;
    /** While waiting, how often it looks again for reservations settled by other instances. */
    pollMs: number;
    /** LOGIN_DEVICE_DAYS: how long a trusted-device cookie lasts after a sign-in (modules/auth/device.ts). */
    deviceDays: number;
    /** LOGIN_DEVICE_MAX_FAILURES: a trusted device's own failures in the window before it is locked out. */
    deviceMaxFailures: number;
  };
  vapidSubject: string;
  /** PUSH_HOSTS: push-service hosts or origins allowed besides the built-in ones (integrations/push-hosts.ts). */
  pushHosts: string[];
  /** APP_ORIGINS: origins besides the request's own that are this app (platform/origin.ts). */
  appOrigins: string[];
  /**
   * SECOND_FACTOR_KEY: the key (32 bytes) the authenticator apps' secrets are encrypted with
   * (modules/auth/totp-secret.ts); unset: one made once and kept in the database.
   */
  secondFactorKey: Buffer | undefined;
  /** How often the live channel pings each socket; a socket that missed the last ping is dropped. */
  livePingMs: number;
  /**
   * On a graceful stop, how long a live socket has to answer the close before it is cut (a phone
   * gone into a tunnel never answers; ws itself would wait 30 s, past SHUTDOWN_TIMEOUT_MS).
   */
  liveCloseGraceMs: number;
  /**
   * Instances (platform/instances.ts): each renews its row every INSTANCE_HEARTBEAT_MS (10 s; 0
   * turns the timer off) and sweeps; one not seen for INSTANCE_EXPIRY_MS (30 s) is dead, and the
   * room presence and followed positions of its sockets are given back. The expiry is several
   * heartbeats so that a busy instance is not taken for dead.
   */
  instanceHeartbeatMs: number;
  instanceExpiryMs: number;
  dbPoolSize: number;
  logLevel: string;
  /** Tecnicar's kronos service and the insurers' hub; unset with DEMO: local fakes. */
  kronosUrl: string | undefined;
  hub: { url: string | undefined; username: string; password: string; clientId: number };
  lookupTimeoutMs: number;
  /** Key Cronos sends in x-api-key to create cases; unset disables the endpoint. */
  cronosApiKey: string | undefined;
  /** Map tiles (their origin is allowed in the Content-Security-Policy). */
  mapTileUrl: string;
  /** MAP_TILE_ATTRIBUTION: the credit the tile provider asks for. */
  mapTileAttribution: string;
  /** The maps adapter (integrations/maps.ts): Google, else OSRM + Nominatim, else the estimate; unset with DEMO: a local fake. */
  maps: { googleKey?: string; googleUrl: string; osrmUrl?: string; nominatimUrl?: string; timeoutMs: number };
  /** The SMS adapter (integrations/sms.ts): the outbox by default, Twilio's REST API by configuration. */
  sms: SmsConfig;
  /** AUTO_ASSIGN_CITIES: DANE city codes where a client's entry assigns the nearest free investigator (decisions.md D2). */
  autoAssignCities: string[];
  /** AUTO_ASSIGN_ALERT_MINUTES: after this, an auto-assigned investigator with no progress is reported to the desk. */
  autoAssignAlertMinutes: number;
  /** CLIENT_LINK_DAYS: how long the client's case link of an SMS opens the case (decisions.md D5). */
  clientLinkDays: number;
  /** SMS with a case link a case and a sender may get (SMS_LIMITS by default). */
  smsLimits: { perCase: number; perCaseMinutes: number; perCaseDay: number; perUser: number };
  /** PUBLIC_URL: the origin the client's short links are built on (unset: APP_ORIGINS' first; messaging/routes.ts). */
  publicUrl: string | undefined;
  /** COMPANY_PHONE: the line the driver's pages offer to call ('Llamar a mi asesor'). */
  companyPhone: CompanyPhone;
  /** The privacy notice the driver authorises before entering their case (PRIVACY_*; Ley 1581 de 2012). */
  privacy: PrivacyNoticeConfig;
  /** File storage (integrations/storage.ts): local disk (FILES_DIR) or an S3-compatible bucket (STORAGE=s3). */
  storage: StorageOptions;
  /** UPLOAD_MAX_MB: the largest uploaded file. */
  uploadMaxMb: number;
  /** Suppression of clients' data after their retention period (modules/data-subject; DATA_RETENTION_*). */
  dataRetention: DataRetentionConfig;
  /** The SFTP destination of case exports (SFTP_*); unset: none (with DEMO, a local fake server). */
  sftp: SftpConfig | undefined;
  /** The export job: attempts, back-off, the worker's polling and lease (EXPORT_*, JOBS_*). */
  exportJobs: ExportJobConfig;
  /** METRICS_TOKEN: the bearer token of GET /metrics (Prometheus); unset: no metrics (404). */
  metricsToken: string | undefined;
  /**
   * API_DOCS: who gets /api/docs (Swagger UI) and its OpenAPI JSON: `staff` (default) a signed-in
   * staff session, else 401; `public` anyone (development); `off` nobody (404).
   */
  apiDocs: ApiDocs;
  /** Where logs go (tests read them); stdout when unset. Not an environment setting. */
  logStream?: NodeJS.WritableStream;
}

export const API_DOCS = ['off', 'staff', 'public'] as const;
export type ApiDocs = (typeof API_DOCS)[number];

function apiDocs(value: string | undefined): ApiDocs {
  if (value === undefined || value === '') return 'staff';
  const mode = value.trim().toLowerCase();
  if (!(API_DOCS as readonly string[]).includes(mode))
    throw new Error(`API_DOCS: must be one of ${API_DOCS.join(', ')}: ${value}`);
  return mode as ApiDocs;
}

/** The company's phone as the driver reads it and as the phone dials it (tel:+576015550100). */
export interface CompanyPhone {
  telefono: string;
  enlace: string;
}

/**
 * COMPANY_PHONE, with its country code ('+57 601 555 0100'; spaces, dashes, dots and brackets
 * between digits allowed): a number the driver cannot dial would leave them nobody to call, so a
 * bad one stops the start.
 */
export function parseCompanyPhone(value: string | undefined): CompanyPhone {
  const telefono = (value ?? '').trim().replace(/\s+/g, ' ') || '+57 601 555 0100';
  const digits = telefono.slice(1).replace(/[\s().-]/g, '');
  if (!/^\+[\d\s().-]+$/.test(telefono) || !/^\d{8,15}$/.test(digits))
    throw new Error(`COMPANY_PHONE: must be a phone number with its country code, as +57 601 555 0100: ${value}`);
  return { telefono, enlace: `tel:+${digits}` };
}

/** The privacy notice as the driver reads it, its placeholders filled, and its version. */
export interface PrivacyNoticeConfig {
  /** PRIVACY_COMPANY: who is responsible for the data (the notice's {empresa}). */
  empresa: string;
  /** PRIVACY_EMAIL: where the driver writes to exercise their rights (the notice's {correo}). */
  correo: string;
  resumen: string;
  texto: string;
  casilla: string;
  /**
   * The first 12 hex digits of the SHA-256 of the summary, the whole text and the checkbox's
   * words: any change to what the driver reads is a new version, asked for again, and a recorded
   * authorisation names exactly the words it was given for.
   */
  version: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A text setting as one paragraph per blank line, with Windows line ends and trailing spaces gone. */
const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');

/**
 * The privacy notice (Ley 1581 de 2012, Decreto 1377 de 2013 art. 15): PRIVACY_NOTICE (or the
 * UTF-8 file PRIVACY_NOTICE_FILE names) for the whole text and PRIVACY_NOTICE_SUMMARY for the
 * phone's few lines, else the catalogue's words; {empresa}, {telefono} and {correo} are filled
 * with PRIVACY_COMPANY, COMPANY_PHONE and PRIVACY_EMAIL. A notice nobody could read or answer
 * stops the start.
 */
export function parsePrivacyNotice(env: NodeJS.ProcessEnv, phone: CompanyPhone): PrivacyNoticeConfig {
  const empresa = (env.PRIVACY_COMPANY ?? '').trim() || BRAND;
  const correo = (env.PRIVACY_EMAIL ?? '').trim() || 'datospersonales@vialex.co';
  if (!EMAIL.test(correo)) throw new Error(`PRIVACY_EMAIL: must be an e-mail address: ${correo}`);
  let texto = env.PRIVACY_NOTICE ?? '';
  if (!texto.trim() && env.PRIVACY_NOTICE_FILE) {
    const file = path.resolve(REPO_ROOT, env.PRIVACY_NOTICE_FILE);
    try {
      texto = fs.readFileSync(file, 'utf8');
    } catch {
      throw new Error(`PRIVACY_NOTICE_FILE: cannot read ${file}`);
    }
    if (!texto.trim()) throw new Error(`PRIVACY_NOTICE_FILE: ${file} is empty`);
  }
  const fill = (text: string) => paragraphs(fmt(text, { empresa, telefono: phone.telefono, correo }));
  const notice = {
    empresa,
    correo,
    resumen: fill(env.PRIVACY_NOTICE_SUMMARY?.trim() || LABELS.privacidad.resumen),
    texto: fill(texto.trim() || LABELS.privacidad.texto),
    casilla: LABELS.privacidad.casilla,
  };
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify([notice.resumen, notice.texto, notice.casilla]))
    .digest('hex')
    .slice(0, 12);
  return { ...notice, version };
}

/** When a client's personal data is anonymised (Ley 1581 de 2012: kept only while needed). */
export interface DataRetentionConfig {
  /** DATA_RETENTION_YEARS: years after the client's last case was closed or archived. */
  years: number;
  /** DATA_RETENTION_EVERY_HOURS: how often a retention run is scheduled; 0: never (only on request). */
  everyHours: number;
  /** DATA_RETENTION_HOUR: the hour of the day (Bogotá) runs are scheduled from. */
  hour: number;
}

function wholeSetting(value: string | undefined, fallback: number, setting: string, min: number, max: number) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${setting}: a whole number from ${min} to ${max}: ${value}`);
  return n;
}

/** DATA_RETENTION_*: 5 years, a run every day at 03:00 in Bogotá; `scheduleOff` (the API tests) unless set. */
export function parseDataRetention(env: NodeJS.ProcessEnv, { scheduleOff }: { scheduleOff: boolean }) {
  return {
    years: wholeSetting(env.DATA_RETENTION_YEARS, 5, 'DATA_RETENTION_YEARS', 1, 100),
    everyHours: wholeSetting(
      env.DATA_RETENTION_EVERY_HOURS,
      scheduleOff ? 0 : 24,
      'DATA_RETENTION_EVERY_HOURS',
      0,
      8760,
    ),
    hour: wholeSetting(env.DATA_RETENTION_HOUR, 3, 'DATA_RETENTION_HOUR', 0, 23),
  };
}

/** Every setting comes from the environment; the README lists them with these defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const nodeEnv = env.NODE_ENV ?? 'production';
  const dataDir = env.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    demo: bool(env.DEMO, !databaseUrl),
    serveWeb: bool(env.SERVE_WEB, true),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
    env: nodeEnv,
    isTest: nodeEnv === 'test',
    cookieSecure: env.COOKIE_SECURE === undefined ? 'auto' : bool(env.COOKIE_SECURE, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    login: {
      maxPerAccount: int(env.LOGIN_MAX_FAILURES_ACCOUNT, 5),
      maxPerIp: int(env.LOGIN_MAX_FAILURES_IP, 30),
      windowMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
      backoffAfter: int(env.LOGIN_BACKOFF_AFTER, 10),
      backoffSeconds: int(env.LOGIN_BACKOFF_SECONDS, 60),
      pendingSeconds: int(env.LOGIN_PENDING_SECONDS, 30),
      waitMs: int(env.LOGIN_PENDING_WAIT_MS, 10_000),
      pollMs: int(env.LOGIN_PENDING_POLL_MS, 250),
      deviceDays: positive(env.LOGIN_DEVICE_DAYS, 90, 'LOGIN_DEVICE_DAYS'),
      deviceMaxFailures: positive(env.LOGIN_DEVICE_MAX_FAILURES, 5, 'LOGIN_DEVICE_MAX_FAILURES'),
    },
    vapidSubject: env.VAPID_SUBJECT ?? 'mailto:soporte@vialex.co',
    pushHosts: parsePushHosts(env.PUSH_HOSTS),
    appOrigins: parseOrigins(env.APP_ORIGINS, 'APP_ORIGINS'),
    secondFactorKey: parseSecondFactorKey(env.SECOND_FACTOR_KEY),
    livePingMs: int(env.LIVE_PING_MS, 30_000),
    liveCloseGraceMs: int(env.LIVE_CLOSE_GRACE_MS, 3_000),
    instanceHeartbeatMs: int(env.INSTANCE_HEARTBEAT_MS, 10_000),
    instanceExpiryMs: int(env.INSTANCE_EXPIRY_MS, 30_000),
    dbPoolSize: int(env.DB_POOL_SIZE, 10),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    kronosUrl: env.KRONOS_URL || undefined,
    hub: {
      url: env.HUB_URL || undefined,
      username: env.HUB_USERNAME ?? '',
      password: env.HUB_PASSWORD ?? '',
      clientId: int(env.HUB_CLIENT_ID, 1021),
    },
    lookupTimeoutMs: int(env.LOOKUP_TIMEOUT_MS, 4000),
    cronosApiKey: env.CRONOS_API_KEY || undefined,
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || '© OpenStreetMap contributors',
    maps: {
      googleKey: env.GOOGLE_MAPS_API_KEY || undefined,
      googleUrl: env.GOOGLE_MAPS_URL || 'https://maps.googleapis.com',
      osrmUrl: env.OSRM_URL || undefined,
      nominatimUrl: env.NOMINATIM_URL || undefined,
      timeoutMs: positive(env.MAPS_TIMEOUT_MS, 2500, 'MAPS_TIMEOUT_MS'),
    },
    storage: parseStorageConfig(env, dataDir),
    uploadMaxMb: parseUploadMaxMb(env.UPLOAD_MAX_MB, UPLOAD_MAX_MB_DEFAULT),
    sms: parseSmsConfig(env),
    autoAssignCities: (env.AUTO_ASSIGN_CITIES ?? '11001,25754,25175')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    autoAssignAlertMinutes: positive(env.AUTO_ASSIGN_ALERT_MINUTES, 15, 'AUTO_ASSIGN_ALERT_MINUTES'),
    clientLinkDays: positive(env.CLIENT_LINK_DAYS, 7, 'CLIENT_LINK_DAYS'),
    smsLimits: {
      perCase: positive(env.SMS_MAX_PER_CASE, SMS_LIMITS.perCase, 'SMS_MAX_PER_CASE'),
      perCaseMinutes: SMS_LIMITS.perCaseMinutes,
      perCaseDay: positive(env.SMS_MAX_PER_CASE_DAY, SMS_LIMITS.perCaseDay, 'SMS_MAX_PER_CASE_DAY'),
      perUser: positive(env.SMS_MAX_PER_USER_HOUR, SMS_LIMITS.perUser, 'SMS_MAX_PER_USER_HOUR'),
    },
    publicUrl: env.PUBLIC_URL ? parseOrigins(env.PUBLIC_URL, 'PUBLIC_URL')[0] : undefined,
    companyPhone: parseCompanyPhone(env.COMPANY_PHONE),
    privacy: parsePrivacyNotice(env, parseCompanyPhone(env.COMPANY_PHONE)),
    sftp: parseSftpConfig(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    apiDocs: apiDocs(env.API_DOCS),
    // The API tests run the job worker by hand; the browser tests (DEMO) and a real server poll.
    exportJobs: parseExportJobConfig(env, { workerOff: nodeEnv === 'test' && !bool(env.DEMO, !databaseUrl) }),
    dataRetention: parseDataRetention(env, { scheduleOff: nodeEnv === 'test' && !bool(env.DEMO, !databaseUrl) }),
  };
}

/** SECOND_FACTOR_KEY: 32 bytes, as 64 hexadecimal digits or in base64 (`openssl rand -base64 32`). */
export function parseSecondFactorKey(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new Error('SECOND_FACTOR_KEY: 32 bytes, as 64 hexadecimal digits or base64 (openssl rand -base64 32)');
  return key;
}

function positive(value: string | undefined, fallback: number, setting: string): number {
  const n = int(value, fallback);
  if (!(n > 0)) throw new Error(`${setting}: must be a positive number: ${value}`);
  return n;
}
