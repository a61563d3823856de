import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  LUGAR_ORIGENES,
  ORIGENES,
  ORIGENES_DESDE,
  ORIGEN_PROPIO,
  PRIORIDADES,
  RELACIONES_VEHICULO,
  SIN_PLAN,
  TIPOS_PLAN,
  TIPOS_PRODUCTO,
  VERIFICACIONES,
} from '@vialex/domain';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns.js';
import { ciudades, empresas } from './lookups.js';
import { clientes } from './clients.js';
import { usuarios } from './users.js';
import { vehiculos } from './vehicles.js';

const agent = (name: string) => uuid(name).references(() => usuarios.id);

/**
 * Cases. The spec's `uiddibujante` may hold the literal 'solicitado'; here the slot is a real
 * reference and "requested but unfilled" is solicitud_dibujante with an empty slot, presented as
 * 'solicitado' by the API.
 */
export const casos = pgTable(
  'casos',
  {
    id: id(),
    caso: integer('caso').notNull(),
    estado: text('estado').notNull().default('Recibido'),
    creado: createdAt(),
    modificacion: updatedAt(),
    archivado: boolean('archivado').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * Where the case's place came from (D24): its address geocoded, the driver's shared position,
     * or a pin a staff member dropped (`lugar_por`). Null while the case has no place.
     */
    lugar_origen: text('lugar_origen'),
    lugar_por: agent('lugar_por'),
    /** The last geocoding of the typed address found nothing: the map says so and offers the pin. */
    direccion_no_ubicada: boolean('direccion_no_ubicada').notNull().default(false),
    tipo_plan: text('tipo_plan').notNull().default(SIN_PLAN),
    tipo_producto: text('tipo_producto').notNull().default('Ninguno'),
    tipocaso: text('tipocaso').notNull().default(''),
    origen: text('origen').notNull().default(ORIGEN_PROPIO),
    origen_desde: text('origen_desde').notNull().default(ORIGEN_PROPIO),
    uidempresa: uuid('uidempresa').references(() => empresas.id),
    uidciudad: text('uidciudad').references(() => ciudades.id),
    ciudad_siniestro: text('ciudad_siniestro').notNull().default(''),
    departamento: text('departamento').notNull().default(''),
    direccion_siniestro: text('direccion_siniestro').notNull().default(''),
    verificacion: text('verificacion').notNull().default('Ninguno'),
    relacion: text('relacion').notNull().default('Propietario'),
    uidvehiculo: uuid('uidvehiculo').references(() => vehiculos.id),
    placa: text('placa').notNull().default(''),
    uidconductor: uuid('uidconductor').references(() => clientes.id),
    uidcliente: uuid('uidcliente').references(() => clientes.id),
    uidcreador: agent('uidcreador'),
    uidabogado: agent('uidabogado'),
    uidabogadocait: agent('uidabogadocait'),
    uidinvestigador: agent('uidinvestigador'),
    uidcontactcenter: agent('uidcontactcenter'),
    uidperito: agent('uidperito'),
    uiddibujante: agent('uiddibujante'),
    solicitud_investigador: boolean('solicitud_investigador').notNull().default(false),
    solicitud_perito: boolean('solicitud_perito').notNull().default(false),
    solicitud_dibujante: boolean('solicitud_dibujante').notNull().default(false),
    /** The lawyers' requests (SOLICITAR AGENTE): 'solicitado' while their slot is empty, never asked twice. */
    solicitud_abogado: boolean('solicitud_abogado').notNull().default(false),
    solicitud_abogado_cait: boolean('solicitud_abogado_cait').notNull().default(false),
    solicitud_atencion: boolean('solicitud_atencion').notNull().default(false),
    aprobar_atencion: boolean('aprobar_atencion').notNull().default(false),
    chat_perito: boolean('chat_perito').notNull().default(false),
    chat_dibujante: boolean('chat_dibujante').notNull().default(false),
    llegada: boolean('llegada').notNull().default(false),
    /** When the investigator marked arrival (shown in the case header). */
    llegada_fecha: tstz('llegada_fecha'),
    /** The automatic assignment: when, and how far (km) the investigator was then. */
    asignacion_auto_fecha: tstz('asignacion_auto_fecha'),
    asignacion_auto_km: doublePrecision('asignacion_auto_km'),
    /** When the dispatch desk was alerted that the assigned investigator made no progress. */
    alerta_asignacion_fecha: tstz('alerta_asignacion_fecha'),
    tiempo_llegada_abogado: text('tiempo_llegada_abogado'),
    tiempo_llegada_investigador: text('tiempo_llegada_investigador'),
    login: boolean('login').notNull().default(false),
    fecha_ingreso: tstz('fecha_ingreso'),
    prioridad: text('prioridad').notNull().default('media'),
    titulo: text('titulo').notNull().default(''),
    /**
     * When the case entered a closing status (Cancelado, No conciliado, Conciliado, CERRADO);
     * null while it is open. Kept by the database (trigger casos_fecha_cierre, migration 0011)
     * on every write of estado, so no path that changes a status can forget it. The reports'
     * and statistics' average time to close read it.
     */
    fecha_cierre: tstz('fecha_cierre'),
  },
  (t) => [
    uniqueIndex('casos_caso_key').on(t.caso),
    index('casos_archivado_caso_idx').on(t.archivado, t.caso.desc()),
    index('casos_placa_idx').on(t.placa),
    index('casos_investigador_idx').on(t.uidinvestigador, t.archivado, t.caso.desc()),
    index('casos_abogado_idx').on(t.uidabogado, t.archivado, t.caso.desc()),
    index('casos_abogadocait_idx').on(t.uidabogadocait, t.archivado, t.caso.desc()),
    index('casos_contactcenter_idx').on(t.uidcontactcenter, t.archivado, t.caso.desc()),
    index('casos_perito_idx').on(t.uidperito, t.archivado, t.caso.desc()),
    index('casos_dibujante_idx').on(t.uiddibujante, t.archivado, t.caso.desc()),
    index('casos_solicitud_perito_idx')
      .on(t.archivado, t.caso.desc())
      .where(sql`${t.solicitud_perito}`),
    /*
     * Reports, the dashboard and statistics: a range of creado with everything they
     * group, count or average, so a month or a year is one index-only range scan (no heap), and
     * por_fecha's pages read it backwards in (creado, id) order. It replaces casos_creado_idx.
     */
    index('casos_reportes_idx').on(
      t.creado,
      t.id,
      t.uidinvestigador,
      t.estado,
      t.prioridad,
      t.fecha_cierre,
      t.llegada_fecha,
      t.solicitud_perito,
    ),
    // The dashboard's open cases now: few beside the million closed ones, counted from this alone.
    index('casos_abiertos_idx')
      .on(t.estado, t.uidinvestigador)
      .where(sql`not ${t.archivado} and ${t.estado} not in ('Cancelado', 'No conciliado', 'Conciliado', 'CERRADO')`),
    // A user's cases (por_usuario, /estadistica) include those they created.
    index('casos_creador_idx').on(t.uidcreador, t.creado),
    index('casos_estado_idx').on(t.estado),
    // A client's cases (the data report, the retention run's check of open cases): by owner, by driver.
    index('casos_cliente_idx').on(t.uidcliente),
    index('casos_conductor_idx').on(t.uidconductor),
    oneOf('casos_tipo_plan_check', t.tipo_plan, TIPOS_PLAN),
    oneOf('casos_origen_check', t.origen, ORIGENES),
    oneOf('casos_origen_desde_check', t.origen_desde, ORIGENES_DESDE),
    oneOf('casos_lugar_origen_check', t.lugar_origen, LUGAR_ORIGENES),
    oneOf('casos_verificacion_check', t.verificacion, VERIFICACIONES),
    oneOf('casos_relacion_check', t.relacion, RELACIONES_VEHICULO),
    oneOf('casos_prioridad_check', t.prioridad, PRIORIDADES),
    oneOf('casos_tipo_producto_check', t.tipo_producto, TIPOS_PRODUCTO),
  ],
);

/** Named counters; `numero_caso` hands out case numbers (config/numero_caso in the spec). */
export const contadores = pgTable('contadores', {
  nombre: text('nombre').primaryKey(),
  ultimoNumero: integer('ultimo_numero').notNull().default(0),
});
