import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ANONYMISATION_CAUSES, RETENTION_RUN_STATES } from '@vialex/domain';
import { createdAt, id, oneOf, tstz } from './columns.js';
import { clientes } from './clients.js';
import { usuarios } from './users.js';
import { trabajos } from './platform.js';

/*
 * The person's rights over their data (Ley 1581 de 2012), owned by modules/data-subject: each
 * client anonymised, and the retention runs that anonymise those whose retention period ran out.
 */

/**
 * A retention run (a durable job, platform/jobs.ts): the clients whose last case ended before
 * `corte` are anonymised one per transaction; `ultimo_cliente` is how far it got (clients are
 * taken in id order), so a run taken over after a crash goes on from there. One run per
 * scheduled time (`programada`): every instance may schedule it, only one row is made.
 */
export const anonimizacionEjecuciones = pgTable(
  'anonimizacion_ejecuciones',
  {
    id: id(),
    programada: tstz('programada').notNull(),
    corte: tstz('corte').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    trabajo: uuid('trabajo').references(() => trabajos.id),
    inicio: tstz('inicio'),
    fin: tstz('fin'),
    anonimizados: integer('anonimizados').notNull().default(0),
    ultimo_cliente: uuid('ultimo_cliente'),
    error: text('error'),
    creado: createdAt(),
  },
  (t) => [
    uniqueIndex('anonimizacion_ejecuciones_programada_key').on(t.programada),
    oneOf('anonimizacion_ejecuciones_estado_check', t.estado, RETENTION_RUN_STATES),
  ],
);

/**
 * A client anonymised: when, why (retention, or the Administrador's request, by whom) and in
 * which run. `numero` makes the placeholder identification (its negative: no real one is), so the
 * unique (type, number) of clientes holds. `archivos_pendientes`: the bytes of the files the person
 * sent are still to be deleted from storage (storage is no part of the transaction; the next run
 * finishes what a crash left).
 */
export const anonimizaciones = pgTable(
  'anonimizaciones',
  {
    id: id(),
    numero: serial('numero').notNull(),
    uidcliente: uuid('uidcliente')
      .notNull()
      .references(() => clientes.id),
    motivo: text('motivo').notNull(),
    ejecucion: uuid('ejecucion').references(() => anonimizacionEjecuciones.id),
    solicitado_por: uuid('solicitado_por').references(() => usuarios.id),
    archivos_pendientes: boolean('archivos_pendientes').notNull().default(true),
    fecha: createdAt('fecha'),
  },
  (t) => [
    uniqueIndex('anonimizaciones_cliente_key').on(t.uidcliente),
    uniqueIndex('anonimizaciones_numero_key').on(t.numero),
    index('anonimizaciones_archivos_pendientes_idx')
      .on(t.fecha)
      .where(sql`${t.archivos_pendientes}`),
    oneOf('anonimizaciones_motivo_check', t.motivo, ANONYMISATION_CAUSES),
  ],
);
