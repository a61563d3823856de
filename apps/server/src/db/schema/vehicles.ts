import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FUENTES_PLAN, ORIGEN_PROPIO } from '@vialex/domain';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns.js';
import { clientes } from './clients.js';

export const vehiculos = pgTable(
  'vehiculos',
  {
    id: id(),
    placa: text('placa').notNull(),
    clase: text('clase').notNull().default('SIN CLASE'),
    carroceria: text('carroceria').notNull().default('SIN CARROCERIA'),
    marca: text('marca').notNull().default('SIN MARCA'),
    linea: text('linea').notNull().default('SIN LINEA'),
    modelo: text('modelo').notNull().default('0000'),
    servicio: text('servicio').notNull().default('PARTICULAR'),
    /** Text, or an object/array with nombre_producto, as the spec allows. */
    poliza: jsonb('poliza'),
    estado: boolean('estado').notNull().default(true),
    creado: createdAt(),
    modificacion: updatedAt(),
    uidcliente: uuid('uidcliente').references(() => clientes.id),
    origen: text('origen').notNull().default(ORIGEN_PROPIO),
    encontrado: boolean('encontrado').notNull().default(false),
    informacionadicional: text('informacionadicional').notNull().default(''),
  },
  (t) => [
    uniqueIndex('vehiculos_placa_key').on(t.placa),
    index('vehiculos_cliente_idx').on(t.uidcliente),
    oneOf('vehiculos_origen_check', t.origen, FUENTES_PLAN),
  ],
);

/** Insurance policies found by the plate look-up; one row per policy number. */
export const polizas = pgTable(
  'polizas',
  {
    id: id(),
    nombre_producto: text('nombre_producto').notNull().default(''),
    polizas: text('polizas').notNull(),
    fechaIni: tstz('fecha_ini'),
    fechaFin: tstz('fecha_fin'),
    deducible: text('deducible').notNull().default(''),
    docliente: text('docliente').notNull().default(''),
    cliente: text('cliente').notNull().default(''),
    empresa: text('empresa').notNull().default(''),
    ramo: text('ramo').notNull().default(''),
    estado: text('estado').notNull().default(''),
    fuente: text('fuente').notNull().default(''),
    idCaso: uuid('id_caso'),
    caso: integer('caso'),
    uidcliente: uuid('uidcliente').references(() => clientes.id),
    uidvehiculo: uuid('uidvehiculo').references(() => vehiculos.id),
    departamento: text('departamento'),
    ciudad: text('ciudad'),
    direccion: text('direccion'),
    creado: createdAt(),
  },
  (t) => [uniqueIndex('polizas_caso_numero_key').on(t.idCaso, t.polizas)],
);
