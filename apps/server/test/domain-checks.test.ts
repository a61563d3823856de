import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import {
  CARGOS,
  DISPONIBILIDADES,
  FUENTES_PLAN,
  ORIGENES,
  ORIGENES_DESDE,
  PRIORIDADES,
  RELACIONES_VEHICULO,
  TIPOS_PLAN,
  TIPOS_PRODUCTO,
  VERIFICACIONES,
} from '@vialex/domain';

/**
 * The CHECK constraints built from the domain's lists (migrations 0003 and 0019), on a
 * database that already holds data from before them: old values the app shows differently are
 * brought to what it shows, a value outside every list keeps the database starting (its
 * constraint stays NOT VALID), and new rows are held to the lists. On PGlite, and on the
 * PostgreSQL server of DATABASE_URL when it is set.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../drizzle');
const CHECKS = [
  'usuarios_cargo_check',
  'usuarios_disponibilidad_check',
  'vehiculos_origen_check',
  'casos_tipo_plan_check',
  'casos_origen_check',
  'casos_origen_desde_check',
  // migration 0019
  'casos_verificacion_check',
  'casos_relacion_check',
  'casos_prioridad_check',
  'casos_tipo_producto_check',
];

/** The migrations folder as it was before the checks (0000–0002). */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

interface Db {
  run(query: SQL): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openDb(): Promise<Db> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      run: async (query) => (await db.execute(query)).rows as Record<string, unknown>[],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `vialex_t_${crypto.randomBytes(6).toString('hex')}`;
  // An idle connection PostgreSQL drops reports an 'error' event; without a listener it is an
  // unhandled error of the whole run (seen once in CI). A query on it still rejects.
  const idleDropped = () => undefined;
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on('error', idleDropped);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', idleDropped);
  const db = drizzlePg({ client: pool });
  return {
    run: async (query) => (await db.execute(query)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let db: Db;
beforeAll(async () => {
  db = await openDb();
  await db.migrate(migrationsBefore('0003_domain_checks'));
  // Data from before the checks: an old availability, an empty one, the old plan spelling and a
  // cargo outside the list (its row in cargos lets the foreign key pass).
  await db.run(sql`insert into cargos (cargo, orden) values ('Administrador', 0), ('Jefe de zona', 99)`);
  const user = (email: string, cargo: string, disponibilidad: string) => sql`
    with cuenta as (insert into cuentas (email, password_hash) values (${email}, 'x') returning id)
    insert into usuarios (uiid, nombres, apellidos, identificacion, email, cargo, disponibilidad)
    select id, 'ANA', 'RUIZ', 1, ${email}, ${cargo}, ${disponibilidad} from cuenta`;
  await db.run(user('ausente@vialex.test', 'Administrador', 'Ausente'));
  await db.run(user('vacia@vialex.test', 'Administrador', ''));
  await db.run(user('jefe@vialex.test', 'Jefe de zona', 'Activo en espera'));
  // The old spelling of 'Activo múltiple' (migration 0018), on the user and in their trail.
  await db.run(user('multiple@vialex.test', 'Administrador', 'Activo multiple'));
  await db.run(sql`insert into trazabilidadestado (descripcion, estado, uidusuario, cargo)
    select 'Asignación', 'Activo multiple', id, cargo from usuarios where email = 'multiple@vialex.test'`);
  await db.run(sql`insert into casos (caso, tipo_plan) values (1, 'RC Publico'), (2, 'SEGURO TERCERO')`);
  // 0019: a priority in another case, an unknown one, and a relation outside the list.
  await db.run(
    sql`insert into casos (caso, prioridad, relacion) values (6, ' Alta', 'Gerente'), (7, 'urgente', 'Conductor')`,
  );
  await db.migrate(MIGRATIONS);
}, 60_000);
afterAll(async () => db?.close());

const validated = async () =>
  Object.fromEntries(
    (
      await db.run(
        sql`select conname, convalidated from pg_constraint where conname in (${sql.join(
          CHECKS.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      )
    ).map((r) => [r.conname, r.convalidated]),
  );

/** The constraint a statement broke, or undefined when it passed. */
async function refusedBy(query: SQL): Promise<string | undefined> {
  try {
    await db.run(query);
    return undefined;
  } catch (err) {
    const e = err as { constraint?: string; cause?: { constraint?: string } };
    return e.constraint ?? e.cause?.constraint ?? String(err);
  }
}

describe('CHECK constraints from the domain lists, on a database with older data', () => {
  it("brings old availability values to 'Fuera de su horario laboral' and 'RC Publico' to 'RC PUBLICO'", async () => {
    const users = await db.run(sql`select email, disponibilidad from usuarios order by email`);
    expect(users).toEqual([
      { email: 'ausente@vialex.test', disponibilidad: 'Fuera de su horario laboral' },
      { email: 'jefe@vialex.test', disponibilidad: 'Activo en espera' },
      { email: 'multiple@vialex.test', disponibilidad: 'Activo múltiple' },
      { email: 'vacia@vialex.test', disponibilidad: 'Fuera de su horario laboral' },
    ]);
    expect(await db.run(sql`select estado from trazabilidadestado`)).toEqual([{ estado: 'Activo múltiple' }]);
    expect(await db.run(sql`select caso, tipo_plan from casos where caso < 3 order by caso`)).toEqual([
      { caso: 1, tipo_plan: 'RC PUBLICO' },
      { caso: 2, tipo_plan: 'SEGURO TERCERO' },
    ]);
    expect(await db.run(sql`select caso, prioridad from casos where caso in (6, 7) order by caso`)).toEqual([
      { caso: 6, prioridad: 'alta' },
      { caso: 7, prioridad: 'media' },
    ]);
  });

  it('validates every constraint the data holds to, and leaves the one it does not NOT VALID', async () => {
    expect(await validated()).toEqual({
      usuarios_cargo_check: false,
      usuarios_disponibilidad_check: true,
      vehiculos_origen_check: true,
      casos_tipo_plan_check: true,
      casos_origen_check: true,
      casos_origen_desde_check: true,
      casos_verificacion_check: true,
      casos_relacion_check: false,
      casos_prioridad_check: true,
      casos_tipo_producto_check: true,
    });
  });

  it('holds new rows to the lists', async () => {
    expect(await refusedBy(sql`update usuarios set disponibilidad = 'Ausente' where email = 'vacia@vialex.test'`)).toBe(
      'usuarios_disponibilidad_check',
    );
    expect(await refusedBy(sql`update usuarios set cargo = 'Jefe de zona' where email = 'vacia@vialex.test'`)).toBe(
      'usuarios_cargo_check',
    );
    expect(await refusedBy(sql`insert into casos (caso, tipo_plan) values (3, 'PLAN ORO')`)).toBe(
      'casos_tipo_plan_check',
    );
    expect(await refusedBy(sql`insert into casos (caso, origen) values (4, 'Firebase')`)).toBe('casos_origen_check');
    expect(await refusedBy(sql`insert into casos (caso, origen_desde) values (5, 'Tecnicar')`)).toBe(
      'casos_origen_desde_check',
    );
    expect(await refusedBy(sql`insert into vehiculos (placa, origen) values ('ABC123', 'Cronos')`)).toBe(
      'vehiculos_origen_check',
    );
    expect(await refusedBy(sql`insert into casos (caso, verificacion) values (8, 'Llamada')`)).toBe(
      'casos_verificacion_check',
    );
    expect(await refusedBy(sql`insert into casos (caso, relacion) values (9, 'Gerente')`)).toBe('casos_relacion_check');
    expect(await refusedBy(sql`insert into casos (caso, prioridad) values (10, 'Alta')`)).toBe('casos_prioridad_check');
    expect(await refusedBy(sql`insert into casos (caso, tipo_producto) values (11, 'Plan oro')`)).toBe(
      'casos_tipo_producto_check',
    );
  });

  it("accepts every value of the domain's lists", async () => {
    let caso = 100;
    for (const tipo_plan of TIPOS_PLAN)
      expect(
        await refusedBy(sql`insert into casos (caso, tipo_plan) values (${caso++}, ${tipo_plan})`),
      ).toBeUndefined();
    for (const origen of ORIGENES)
      expect(await refusedBy(sql`insert into casos (caso, origen) values (${caso++}, ${origen})`)).toBeUndefined();
    for (const o of ORIGENES_DESDE)
      expect(await refusedBy(sql`insert into casos (caso, origen_desde) values (${caso++}, ${o})`)).toBeUndefined();
    for (const verificacion of VERIFICACIONES)
      expect(
        await refusedBy(sql`insert into casos (caso, verificacion) values (${caso++}, ${verificacion})`),
      ).toBeUndefined();
    for (const relacion of RELACIONES_VEHICULO)
      expect(await refusedBy(sql`insert into casos (caso, relacion) values (${caso++}, ${relacion})`)).toBeUndefined();
    for (const prioridad of PRIORIDADES)
      expect(
        await refusedBy(sql`insert into casos (caso, prioridad) values (${caso++}, ${prioridad})`),
      ).toBeUndefined();
    for (const producto of TIPOS_PRODUCTO)
      expect(
        await refusedBy(sql`insert into casos (caso, tipo_producto) values (${caso++}, ${producto})`),
      ).toBeUndefined();
    for (const [i, origen] of FUENTES_PLAN.entries())
      expect(
        await refusedBy(sql`insert into vehiculos (placa, origen) values (${`PLA${i}00`}, ${origen})`),
      ).toBeUndefined();
    for (const d of DISPONIBILIDADES)
      expect(
        await refusedBy(sql`update usuarios set disponibilidad = ${d} where email = 'vacia@vialex.test'`),
      ).toBeUndefined();
    await db.run(
      sql`insert into cargos (cargo, orden) select c, 1 from unnest(${sql.raw(`array[${CARGOS.map((c) => `'${c}'`).join(', ')}]`)}) as c on conflict do nothing`,
    );
    for (const cargo of CARGOS)
      expect(
        await refusedBy(sql`update usuarios set cargo = ${cargo} where email = 'vacia@vialex.test'`),
      ).toBeUndefined();
  });
});
