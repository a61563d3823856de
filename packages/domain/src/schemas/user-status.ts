import { z } from 'zod';
import { MSG } from '../messages.js';
import { DISPONIBILIDADES } from '../availability.js';
import { SESSION_MAX_MINUTES } from '../constants.js';

/** HH:mm from the time picker to minutes: hours × 60 + minutes (spec 1 §4). */
export function timeToMinutes(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return 0;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The login-time dialog: a target choice ('user' is the unchosen default) and the minutes. */
export const SESSION_TIME_SCOPES = ['usuario', 'cargo'] as const;
export const sessionTimeSchema = z.object({
  alcance: z.enum(SESSION_TIME_SCOPES, { error: MSG.tipoUsuarioObligatorio }),
  minutos: z
    .number({ error: MSG.tiempoObligatorio })
    .int(MSG.tiempoObligatorio)
    .min(1, MSG.tiempoObligatorio)
    .max(SESSION_MAX_MINUTES, MSG.tiempoMaximo),
});
export type SessionTimeInput = z.input<typeof sessionTimeSchema>;

export const userAvailabilitySchema = z.object({
  disponibilidad: z.enum(DISPONIBILIDADES as [string, ...string[]], { error: MSG.campoRequerido }),
});

/** LOGUEADO is disabled: an administrator can only force a log-out. */
export const loginStateSchema = z.object({
  login: z.literal(false, { error: MSG.soloDesloguear }),
});

export const userCitiesSchema = z.object({
  ciudades: z.array(z.string().regex(/^\d{5}$/, MSG.ciudadNoValida)).max(1200),
});
