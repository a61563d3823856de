import { z } from 'zod';
import { FUENTES_POLIZA, ORIGEN_PROPIO, TIPOS_PLAN } from '../constants.js';
import { pageResponse } from './common.js';
import { listContract } from './lists.js';

/** An agent slot of a case: the assigned user, or an open request ('Solicitando'). */
const agent = z.object({ id: z.string().nullable(), nombre: z.string().nullable(), solicitado: z.boolean() });

/** A case as GET /api/casos (and every case write) answers it. */
export const caseResponse = z.object({
  id: z.string(),
  caso: z.number(),
  estado: z.string(),
  creado: z.string(),
  archivado: z.boolean(),
  origen: z.string(),
  origen_desde: z.string(),
  /** 'success' for Vialex's own origin, 'warning' for Cronos and other sources. */
  origenColor: z.enum(['success', 'warning']),
  tipocaso: z.string(),
  tipo_plan: z.string(),
  tipo_producto: z.string(),
  verificacion: z.string(),
  relacion: z.string(),
  placa: z.string(),
  vehiculo: z.string().nullable(),
  uidciudad: z.string().nullable(),
  ciudad_siniestro: z.string(),
  departamento: z.string(),
  direccion_siniestro: z.string(),
  uidempresa: z.string().nullable(),
  empresa: z.string().nullable(),
  cliente: z.object({
    id: z.string().nullable(),
    nombre: z.string().nullable(),
    telefono: z.string().nullable(),
    identificacion: z.number().nullable(),
    relacion: z.string(),
  }),
  callcenter: agent,
  abogado: agent,
  abogadocait: agent,
  investigador: agent,
  perito: agent,
  dibujante: agent,
  solicitud_atencion: z.boolean(),
  aprobar_atencion: z.boolean(),
  /** The orange dot: attention requested and not approved. */
  atencionPendiente: z.boolean(),
  chat_perito: z.boolean(),
  chat_dibujante: z.boolean(),
  prioridad: z.string(),
  /** What this viewer may do with this case; the screen shows actions from here only. */
  actions: z.object({
    assign: z.array(z.string()),
    request: z.array(z.string()),
    take: z.enum(['none', 'take', 'release']),
    authorizeAttention: z.boolean(),
    requestAttention: z.boolean(),
    manage: z.boolean(),
    export: z.boolean(),
    edit: z.boolean(),
    archive: z.boolean(),
    restore: z.boolean(),
  }),
});
export type CaseResponse = z.infer<typeof caseResponse>;
export type CaseAgent = z.infer<typeof agent>;

/**
 * GET /api/casos and /api/casos/archivados. Strict: the page is written with JSON.stringify
 * (not re-checked by zod on every request), and a test holds every cargo's page to this schema.
 */
export const casePageResponse = pageResponse(caseResponse, { create: z.boolean() }).strict();
export type CasePage = z.infer<typeof casePageResponse>;

/** POST /api/casos/:id/tomar: the toast's title and message, and the case (null when releasing took it out of the viewer's list). */
export const takeCaseResponse = z.object({ message: z.string(), title: z.string(), caso: caseResponse.nullable() });
export type TakeCaseResponse = z.infer<typeof takeCaseResponse>;

/** GET /api/casos/:id/candidatos: a user the assign dialog offers for a type, with their availability. */
export const candidateResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  disponibilidad: z.string(),
  cargo: z.string(),
});
export type Candidate = z.infer<typeof candidateResponse>;
export const candidatesResponse = z.array(candidateResponse);

/** POST /api/casos/clientes-rapido: the affected person registered from the case dialog. */
export const quickClientResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  identificacion: z.number(),
});
export type QuickClientResponse = z.infer<typeof quickClientResponse>;

/** POST /api/cronos/casos: the case Cronos created. */
export const cronosCaseResponse = z.object({ id: z.string(), caso: z.number() });
export type CronosCaseResponse = z.infer<typeof cronosCaseResponse>;

const fuentePoliza = z.enum(FUENTES_POLIZA);
/**
 * What one policy service answered about a plate: a policy, the vehicle unknown to it, the vehicle
 * known without a policy (Tecnicar only), or no answer in time / an error.
 */
export const PLATE_SERVICE_RESULTS = ['encontrado', 'sinRegistro', 'sinPoliza', 'noDisponible'] as const;
export type PlateServiceResult = (typeof PLATE_SERVICE_RESULTS)[number];

/** What a policy says, as the policy services give it and the case's policy cards show it. */
export const policyFields = {
  nombre_producto: z.string(),
  polizas: z.string(),
  fechaIni: z.string().nullable(),
  fechaFin: z.string().nullable(),
  deducible: z.string(),
  docliente: z.string(),
  cliente: z.string(),
  empresa: z.string(),
  ramo: z.string(),
  estado: z.string(),
};

/** A policy a policy service knows for the plate. */
const foundPolicy = z.object({
  fuente: fuentePoliza,
  ...policyFields,
  departamento: z.string().optional(),
  ciudad: z.string().optional(),
  direccion: z.string().optional(),
});

/** GET /api/casos/consulta-placa: what own data and the policy services say about a plate. */
export const plateLookupResponse = z.object({
  placa: z.string(),
  encontrado: z.boolean(),
  vehiculo: z.object({
    clase: z.string(),
    carroceria: z.string(),
    marca: z.string(),
    linea: z.string(),
    modelo: z.string(),
    servicio: z.string(),
  }),
  /** Where the plan comes from: the service that knows a policy, else own data. */
  fuente: z.enum([ORIGEN_PROPIO, ...fuentePoliza.options]),
  tipo_plan: z.enum(TIPOS_PLAN),
  /** The case origin: the source, only when some policy end date is in the future. */
  origen: z.string(),
  vigente: z.boolean(),
  polizas: z.array(foundPolicy),
  propietario: z
    .object({ identificacion: z.string(), nombre: z.string(), direccion: z.string(), telefono: z.string() })
    .nullable(),
  /** What each service said, in the spec's words, for the dialog. */
  mensajes: z.array(z.string()),
  /** Each policy service's own outcome, so the form shows them apart (a slow service is 'noDisponible'). */
  servicios: z.array(z.object({ fuente: fuentePoliza, resultado: z.enum(PLATE_SERVICE_RESULTS) })),
});
export type PlateLookupResponse = z.infer<typeof plateLookupResponse>;

/** The cases lists filter only on Caso (a whole number) and Placa (spec 2 §2). */
export const CASE_LIST = listContract({
  caso: { type: 'int' },
  placa: { type: 'upper' },
});
