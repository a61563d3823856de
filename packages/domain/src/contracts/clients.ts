import { z } from 'zod';
import { writablePageResponse } from './common.js';
import { listContract } from './lists.js';

/** A client (vehicle owner or driver) as LISTA DE CLIENTES and every client write answer it. */
export const clientResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  tipoidentificacion: z.string(),
  identificacion: z.number(),
  telefono: z.string(),
  ciudad: z.string(),
  ciudadNombre: z.string(),
  departamento: z.string(),
  direccion: z.string(),
  estado: z.boolean(),
  creado: z.string(),
  /** When the client's personal data was anonymised (Ley 1581 de 2012: suppression); null while it is kept. */
  anonimizado: z.string().nullable(),
});
export type ClientResponse = z.infer<typeof clientResponse>;

/** GET /api/clientes. */
export const clientPageResponse = writablePageResponse(clientResponse);
export type ClientPage = z.infer<typeof clientPageResponse>;

/** LISTA DE CLIENTES (identificacion is a number, spec 1 §5). */
export const CLIENT_LIST = listContract({
  nombres: { type: 'upper' },
  apellidos: { type: 'upper' },
  tipoidentificacion: { type: 'upper' },
  identificacion: { type: 'bigint' },
  telefono: { type: 'exact' },
  ciudad: { type: 'upper' },
  direccion: { type: 'upper' },
  estado: { type: 'bool', aliases: { Activo: true, Inactivo: false } },
});
