import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { ciudades, tiposidentificacion } from './lookups.js';

/** Clients: vehicle owners and drivers. */
export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    nombres: text('nombres').notNull(),
    apellidos: text('apellidos').notNull(),
    tipoidentificacion: text('tipoidentificacion')
      .notNull()
      .references(() => tiposidentificacion.id),
    identificacion: bigint('identificacion', { mode: 'number' }).notNull(),
    telefono: text('telefono').notNull(),
    ciudad: text('ciudad')
      .notNull()
      .references(() => ciudades.id),
    direccion: text('direccion').notNull(),
    estado: boolean('estado').notNull().default(true),
    creado: createdAt(),
    modificacion: updatedAt(),
    duracion_sesion: integer('duracion_sesion'),
    disponibilidad: text('disponibilidad'),
    /**
     * When the person's data was anonymised (modules/data-subject: retention ran out, or the
     * Administrador asked): names, identification, phone and address then hold placeholders.
     */
    anonimizado: tstz('anonimizado'),
  },
  (t) => [
    uniqueIndex('clientes_identificacion_key').on(t.tipoidentificacion, t.identificacion),
    index('clientes_identificacion_idx').on(t.identificacion),
    index('clientes_creado_idx').on(t.creado.desc(), t.id.desc()),
  ],
);
