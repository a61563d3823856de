import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { CARGOS, ESTADOS_ABIERTOS, ESTADOS_CIERRE, ESTADOS_NO_EDITABLES, TIPOS_IDENTIFICACION } from '@vialex/domain';
import type { Db } from './client.js';
import { getSetting, setSetting } from './settings.js';
import {
  areas,
  cargos,
  ciudades,
  contadores,
  departamentos,
  empresas,
  estadoscaso,
  lineas,
  marcas,
  tiposcaso,
  tiposidentificacion,
} from './schema/index.js';
import { AREAS, EMPRESAS, MARCAS, TIPOS_CASO } from './seed-data/catalogs.js';

const SEED_VERSION = 1;
const DIVIPOLA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'seed-data/divipola.csv');

const TIPO_NOMBRES: Record<string, string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  TI: 'Tarjeta de identidad',
  PA: 'Pasaporte',
  NIT: 'NIT',
};

interface Municipio {
  id: string;
  ciudad: string;
  departamento: string;
  nombreDepartamento: string;
  lat: number;
  lng: number;
}

export function readDivipola(): Municipio[] {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(DIVIPOLA, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data.map((r) => ({
    id: r.codigo_municipio,
    ciudad: r.municipio,
    departamento: r.codigo_departamento,
    nombreDepartamento: r.departamento,
    lat: Number(r.latitud),
    lng: Number(r.longitud),
  }));
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Reference data every database needs; runs once per database (marked in configuracion). */
export async function seedReferenceData(db: Db): Promise<void> {
  if ((await getSetting<number>(db, 'seed_version')) === SEED_VERSION) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    if ((await getSetting<number>(tx, 'seed_version')) === SEED_VERSION) return;
    await tx
      .insert(cargos)
      .values(CARGOS.map((cargo, orden) => ({ cargo, orden })))
      .onConflictDoNothing();
    await tx
      .insert(tiposidentificacion)
      .values(TIPOS_IDENTIFICACION.map((id) => ({ id, tipo: TIPO_NOMBRES[id] })))
      .onConflictDoNothing();
    const municipios = readDivipola();
    const deps = new Map(municipios.map((m) => [m.departamento, m.nombreDepartamento]));
    await tx
      .insert(departamentos)
      .values([...deps].map(([id, departamento]) => ({ id, departamento })))
      .onConflictDoNothing();
    await insertChunked(municipios, 400, (chunk) =>
      tx
        .insert(ciudades)
        .values(chunk.map(({ id, ciudad, departamento, lat, lng }) => ({ id, ciudad, departamento, lat, lng })))
        .onConflictDoNothing(),
    );
    await tx
      .insert(tiposcaso)
      .values(TIPOS_CASO.map((tipo) => ({ tipo })))
      .onConflictDoNothing();
    await tx
      .insert(estadoscaso)
      .values(
        [...ESTADOS_ABIERTOS, ...ESTADOS_CIERRE].map((estado) => ({
          estado,
          editable: !ESTADOS_NO_EDITABLES.includes(estado),
          inactivo: true,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(areas)
      .values(AREAS.map((nombre) => ({ nombre, value: nombre })))
      .onConflictDoNothing();
    await tx.insert(empresas).values(EMPRESAS).onConflictDoNothing();
    for (const [nombre, lineasMarca] of Object.entries(MARCAS)) {
      const [marca] = await tx.insert(marcas).values({ nombre }).onConflictDoNothing().returning();
      if (marca)
        await tx
          .insert(lineas)
          .values(lineasMarca.map((l) => ({ marca: marca.id, nombre: l })))
          .onConflictDoNothing();
    }
    await tx.insert(contadores).values({ nombre: 'numero_caso', ultimoNumero: 0 }).onConflictDoNothing();
    await setSetting(tx, 'seed_version', SEED_VERSION);
  });
}
