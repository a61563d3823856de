import { boolean, doublePrecision, integer, pgTable, serial, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/** The 12 staff roles. */
export const cargos = pgTable('cargos', {
  cargo: text('cargo').primaryKey(),
  orden: integer('orden').notNull(),
});

export const tiposidentificacion = pgTable('tiposidentificacion', {
  id: text('id').primaryKey(),
  tipo: text('tipo').notNull(),
});

/** DANE departments: id = 2-digit code. */
export const departamentos = pgTable('departamentos', {
  id: text('id').primaryKey(),
  departamento: text('departamento').notNull(),
});

/** DANE municipalities: id = 5-digit code, with reference coordinates. */
export const ciudades = pgTable(
  'ciudades',
  {
    id: text('id').primaryKey(),
    ciudad: text('ciudad').notNull(),
    departamento: text('departamento')
      .notNull()
      .references(() => departamentos.id),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('ciudades_departamento_idx').on(t.departamento)],
);

export const areas = pgTable('areas', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  value: text('value').notNull(),
  estado: boolean('estado').notNull().default(true),
  creado: createdAt(),
  modificacion: updatedAt(),
});

export const tiposcaso = pgTable('tiposcaso', {
  id: serial('id').primaryKey(),
  tipo: text('tipo').notNull().unique(),
});

/** Case-status catalogue; `inactivo` true means the status is active (spec's naming). */
export const estadoscaso = pgTable('estadoscaso', {
  id: id(),
  estado: text('estado').notNull().unique(),
  editable: boolean('editable').notNull().default(true),
  inactivo: boolean('inactivo').notNull().default(true),
  creado: createdAt(),
  modificacion: updatedAt(),
});

export const empresas = pgTable(
  'empresas',
  {
    id: id(),
    empresa: text('empresa').notNull(),
    nit: text('nit').notNull(),
    estado: boolean('estado').notNull().default(true),
    creado: createdAt(),
    modificacion: updatedAt(),
  },
  (t) => [uniqueIndex('empresas_nit_key').on(t.nit)],
);

export const marcas = pgTable('marcas', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
});

export const lineas = pgTable(
  'lineas',
  {
    id: serial('id').primaryKey(),
    marca: integer('marca')
      .notNull()
      .references(() => marcas.id),
    nombre: text('nombre').notNull(),
  },
  (t) => [uniqueIndex('lineas_marca_nombre_key').on(t.marca, t.nombre)],
);
