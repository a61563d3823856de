import { z } from 'zod';

/*
 * The person's rights over their data under Ley 1581 de 2012 (Habeas Data): to know what Vialex
 * holds of them (the client's data report, PDF and JSON) and to have it suppressed once no longer
 * needed (anonymisation, after the retention period or earlier at the Administrador's request).
 */

/** Why a client was anonymised: their retention period ran out, or the Administrador asked. */
export const ANONYMISATION_CAUSES = ['retencion', 'solicitud'] as const;
export type AnonymisationCause = (typeof ANONYMISATION_CAUSES)[number];

/** The states of a retention run (the durable job that anonymises the clients past retention). */
export const RETENTION_RUN_STATES = ['pendiente', 'en_curso', 'hecho', 'fallido'] as const;
export type RetentionRunState = (typeof RETENTION_RUN_STATES)[number];

/** How the person is linked to a case: the vehicle's owner (uidcliente), its driver (uidconductor). */
export const DATA_REPORT_ROLES = ['propietario', 'conductor'] as const;

/** Where the report is downloaded from, in each format. */
export const clientDataReportUrl = (clientId: string, format: 'pdf' | 'json') =>
  `/api/clientes/${clientId}/reporte-datos.${format}`;

/** Where the Administrador asks for a client's anonymisation before their retention period ends. */
export const clientAnonymiseUrl = (clientId: string) => `/api/clientes/${clientId}/anonimizar`;

const position = z.object({ lat: z.number(), lng: z.number(), origen: z.string().nullable() });

/** The client's data report as JSON (the PDF says the same for people). */
export const clientDataReport = z.object({
  generado: z.string(),
  /** Who is responsible for the data and where the person writes (PRIVACY_COMPANY, PRIVACY_EMAIL). */
  responsable: z.object({ empresa: z.string(), correo: z.string(), telefono: z.string() }),
  persona: z.object({
    id: z.string(),
    nombres: z.string(),
    apellidos: z.string(),
    tipoidentificacion: z.string(),
    identificacion: z.number(),
    telefono: z.string(),
    direccion: z.string(),
    ciudad: z.string(),
    departamento: z.string(),
    activo: z.boolean(),
    creado: z.string(),
    modificado: z.string(),
  }),
  casos: z.array(
    z.object({
      caso: z.number(),
      creado: z.string(),
      estado: z.string(),
      archivado: z.boolean(),
      /** When it entered a closing status; null while open. */
      cerrado: z.string().nullable(),
      roles: z.array(z.enum(DATA_REPORT_ROLES)),
      placa: z.string(),
      ciudad: z.string(),
      departamento: z.string(),
      direccion: z.string(),
      /** The case's recorded place and where it came from (the address, the driver's phone, a staff pin). */
      posicion: position.nullable(),
    }),
  ),
  autorizaciones: z.array(z.object({ caso: z.number(), fecha: z.string(), version: z.string(), ip: z.string() })),
  sms: z.array(
    z.object({ caso: z.number(), fecha: z.string(), telefono: z.string(), texto: z.string(), estado: z.string() }),
  ),
  archivos: z.array(
    z.object({ caso: z.number(), fecha: z.string(), nombre: z.string(), tamano: z.number(), tipo: z.string() }),
  ),
});
export type ClientDataReport = z.infer<typeof clientDataReport>;

/** The texts of the data report (PDF), one catalogue with the rest (D21). */
export const DATA_REPORT_TEXTS = {
  titulo: 'Reporte de datos personales',
  persona: '{nombre} · {tipo} {identificacion}',
  generado: 'Generado el {fecha}',
  ley: 'Ley 1581 de 2012 (Habeas Data): los datos personales de esta persona que {empresa} conserva. Para actualizarlos, rectificarlos o pedir su supresión, escriba a {correo} o llame al {telefono}.',
  pagina: 'Página {n} de {total}',
  secciones: {
    persona: 'Datos de la persona',
    casos: 'Casos',
    autorizaciones: 'Autorizaciones de tratamiento de datos',
    sms: 'SMS enviados',
    archivos: 'Archivos que envió',
  },
  vacio: {
    casos: 'Sin casos',
    autorizaciones: 'Sin autorizaciones registradas',
    sms: 'Sin SMS enviados',
    archivos: 'Sin archivos enviados',
  },
  campos: {
    nombres: 'Nombre(s)',
    apellidos: 'Apellidos',
    identificacion: 'Identificación',
    telefono: 'Teléfono',
    direccion: 'Dirección',
    ciudad: 'Ciudad',
    estado: 'Estado',
    activo: 'Activo',
    inactivo: 'Inactivo',
    creado: 'Registrado el',
    modificado: 'Última modificación',
    caso: 'Caso # {caso}',
    creadoCaso: 'Fecha',
    estadoCaso: 'Estado',
    archivado: 'archivado',
    cerrado: 'Cerrado el',
    relacion: 'Relación',
    placa: 'Placa',
    lugar: 'Lugar del siniestro',
    posicion: 'Posición registrada',
    sinPosicion: 'Sin posición',
    version: 'aviso v{version}',
    ip: 'desde la dirección IP {ip}',
    sala: 'Chat general',
  },
  roles: { propietario: 'Propietario', conductor: 'Conductor' },
  origenes: {
    direccion: 'según la dirección del caso',
    cliente: 'compartida desde su teléfono',
    personal: 'marcada en el mapa por el personal',
  },
} as const;
