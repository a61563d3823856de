import { z } from 'zod';
import { CARGOS } from '../cargos.js';
import { DISPONIBILIDADES } from '../availability.js';

/** The signed-in staff user, as GET /api/auth/me, sign-in, PUT /api/me/availability and the live channel send it. */
export const meResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  email: z.string(),
  cargo: z.enum(CARGOS),
  area: z.string(),
  disponibilidad: z.enum(DISPONIBILIDADES),
  duracion_sesion: z.number(),
  gps: z.boolean(),
  ciudades: z.array(z.string()),
  /** The user's photo (userPhotoUrl), null without one: the header's avatar (absent: none either). */
  foto: z.string().nullish(),
  /** When the current session ends (ISO), from the last login plus duracion_sesion. */
  sessionExpiresAt: z.string(),
});
export type Me = z.infer<typeof meResponse>;

/** POST /api/auth/login. */
export const loginResponse = z.object({ user: meResponse });
export type LoginResponse = z.infer<typeof loginResponse>;
