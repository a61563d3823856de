import { z } from 'zod';
import { CARGOS, DISPONIBILIDADES } from '@vialex/domain';

/** Response schema of Me (OpenAPI and serialization). */
export const meResponse = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  email: z.string(),
  cargo: z.enum(CARGOS),
  area: z.string(),
  disponibilidad: z.enum(DISPONIBILIDADES as [string, ...string[]]),
  duracion_sesion: z.number(),
  gps: z.boolean(),
  ciudades: z.array(z.string()),
  sessionExpiresAt: z.string(),
});

export const messageResponse = z.object({ message: z.string() });
