import { z } from 'zod';
import { CARGOS } from '../cargos.js';
import { DISPONIBILIDADES } from '../availability.js';
import { writablePageResponse } from './common.js';
import { listContract } from './lists.js';

/** A staff user as LISTA DE USUARIOS and ESTADO USUARIOS answer it, with what this viewer may do with it. */
export const userResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  identificacion: z.number(),
  telefono: z.string(),
  email: z.string(),
  cargo: z.string(),
  area: z.string(),
  estado: z.boolean(),
  ciudades: z.array(z.string()),
  disponibilidad: z.enum(DISPONIBILIDADES),
  login: z.boolean(),
  duracion_sesion: z.number(),
  creado: z.string(),
  /** Where the user's photo is read from (userPhotoUrl), null without one. */
  foto: z.string().nullable(),
  /** Decided by the server; the web shows actions from here, never re-derived. */
  actions: z.object({
    edit: z.boolean(),
    deactivate: z.boolean(),
    assignCities: z.boolean(),
    changePassword: z.boolean(),
    changeArea: z.boolean(),
    changeCargo: z.boolean(),
    manageStatus: z.boolean(),
    /** Put, replace or remove the user's photo. */
    changePhoto: z.boolean(),
  }),
});
export type UserResponse = z.infer<typeof userResponse>;

/** PUT and DELETE /api/usuarios/:id/foto: the photo's new address, or null once removed. */
export const userPhotoResponse = z.object({ foto: z.string().nullable() });
export type UserPhotoResponse = z.infer<typeof userPhotoResponse>;

/** GET /api/usuarios and GET /api/estado-usuarios. */
export const userPageResponse = writablePageResponse(userResponse);
export type UserPage = z.infer<typeof userPageResponse>;

/** PUT /api/estado-usuarios/:id/duracion-sesion: how many users got the new time. */
export const sessionTimeResponse = z.object({ message: z.string(), updated: z.number() });
export type SessionTimeResponse = z.infer<typeof sessionTimeResponse>;

const estado = { type: 'bool', aliases: { Activo: true, Inactivo: false } } as const;

/** LISTA DE USUARIOS: e-mail and cargo are compared as typed (spec 1 §5). */
export const USER_LIST = listContract({
  nombres: { type: 'upper' },
  apellidos: { type: 'upper' },
  identificacion: { type: 'bigint' },
  telefono: { type: 'exact' },
  email: { type: 'email' },
  cargo: { type: 'exact', options: CARGOS },
  area: { type: 'upper' },
  estado,
});

/** ESTADO USUARIOS; a login value of 'Logueo' means true. */
export const USER_STATUS_LIST = listContract({
  nombres: { type: 'upper' },
  apellidos: { type: 'upper' },
  email: { type: 'email' },
  cargo: { type: 'exact', options: CARGOS },
  disponibilidad: { type: 'exact', options: DISPONIBILIDADES },
  login: { type: 'bool', aliases: { Logueo: true, LOGUEO: true, logueo: true } },
  duracion_sesion: { type: 'int' },
});
