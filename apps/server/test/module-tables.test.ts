import fs from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.js';

/**
 * A module owns its tables (docs/ARCHITECTURE.md): it writes only those, and changes another module's data
 * through that module's service. Each row names the tables a module writes; reading another
 * module's tables (through its queries) is fine.
 */
const OWNS: Record<string, string[]> = {
  // The sign-in columns of usuarios (login, token_login, ultimo_login, ip, salir) are auth's.
  // And a staff user's second factor: the app, passkeys, recovery codes, the sign-in between
  // password and session, the passkeys' challenges.
  auth: [
    'sesiones',
    'intentos_login',
    'usuarios',
    'factores_totp',
    'llaves_acceso',
    'codigos_recuperacion',
    'ingresos_pendientes',
    'desafios_webauthn',
  ],
  users: ['usuarios', 'cuentas', 'trazabilidadestado', 'ubicaciones_vigiladas'],
  // A user's availability and its trail, changed by sign-in, the cases and the users' screens.
  availability: ['usuarios', 'trazabilidadestado'],
  // A case opens its rooms (cases/rooms.ts); what they hold is chat's.
  cases: ['casos', 'trazabilidad', 'contadores', 'idempotencia', 'chats'],
  clients: ['clientes'],
  vehicles: ['vehiculos', 'polizas'],
  catalogues: ['empresas', 'areas', 'estadoscaso'],
  // chat_presencia: each instance's share of the room screens (platform/instances.ts sweeps it through chat).
  chat: ['chats', 'chat_usuarios', 'chat_presencia', 'mensajes', 'fotosdrone'],
  notifications: ['notificaciones', 'notificaciones_leidas'],
  push: ['suscripciones_push'],
  files: ['archivos'],
  'client-links': ['enlaces_cliente', 'sesiones_cliente'],
  messaging: ['mensajes_sms'],
  exports: ['exportaciones'],
  // The driver's authorisation of their data (the notice's words by version) and who looked at it.
  privacy: ['avisos_privacidad', 'autorizaciones_datos', 'accesos_datos'],
  // AUDITORÍA: every module records its acts through audit/record.ts, which alone writes the table.
  audit: ['auditoria'],
  // The person's data suppressed: each client anonymised and the retention runs; what each module
  // holds of the person is suppressed by that module (its anonymise-client.ts).
  'data-subject': ['anonimizaciones', 'anonimizacion_ejecuciones'],
  // live writes none: its gated topics' presence is chat's and users' (live/presence.ts calls their
  // sweeps). The instances themselves (instancias) are the platform's (platform/instances.ts), as
  // the job queue (trabajos) is.
  live: [],
};
/** The browser tests' helper routes (/api/test, NODE_ENV=test only) set up states directly. */
const EXEMPT = ['system/test-routes.ts'];

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
/** Schema export → SQL table name (`suscripcionesPush` → 'suscripciones_push'). */
const tableOf = new Map(
  Object.entries(schema)
    .filter(([, value]) => isTable(value))
    .map(([name, value]) => [name, getTableName(value as Parameters<typeof getTableName>[0])]),
);

const tableNames = new Set(tableOf.values());

/** The tables a source file writes: Drizzle's insert/update/delete on a schema table, and raw SQL. */
function writesOf(source: string): string[] {
  const drizzle = [...source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)]
    .map((m) => tableOf.get(m[1]))
    .filter((t): t is string => !!t);
  // 'for update skip locked' and 'do update set' are no writes: only a table's name counts.
  const raw = [...source.matchAll(/sql`([^`]*)`/g)].flatMap((m) =>
    [...m[1].matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)/gi)]
      .map((w) => w[1])
      .filter((name) => tableNames.has(name)),
  );
  return [...drizzle, ...raw];
}

const files = fs
  .readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => !EXEMPT.includes(f));

describe('each module writes only its own tables', () => {
  it.each(files)('%s', (file) => {
    const module = file.split('/')[0];
    const written = writesOf(fs.readFileSync(path.join(modulesDir, file), 'utf8'));
    const foreign = written.filter((t) => !(OWNS[module] ?? []).includes(t));
    expect(foreign, `${file} writes tables of another module`).toEqual([]);
  });

  it('sees the writes it is meant to check', () => {
    expect(writesOf('tx.insert(casos).values({})')).toEqual(['casos']);
    expect(writesOf('ctx.db.delete(suscripcionesPush)')).toEqual(['suscripciones_push']);
    expect(writesOf('db.execute(sql`update usuarios u set lat = 1`)')).toEqual(['usuarios']);
    expect(writesOf('sql`select 1 from casos for update skip locked`')).toEqual([]);
  });
});
