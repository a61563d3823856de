import { z } from 'zod';
import { MSG } from '../messages.js';
import { integerField, upperText } from './common.js';
import { TIPOS_IDENTIFICACION } from '../constants.js';

/** Client form (spec 1 §5): every field required; text uppercased and trimmed. */
export const clientSchema = z.object({
  nombres: upperText(),
  apellidos: upperText(),
  tipoidentificacion: z.enum(TIPOS_IDENTIFICACION, { error: MSG.campoRequerido }),
  identificacion: integerField(),
  telefono: integerField(),
  ciudad: z.string({ error: MSG.campoRequerido }).regex(/^\d{5}$/, MSG.campoRequerido),
  direccion: upperText(),
  estado: z.boolean().optional(),
});
export type ClientInput = z.input<typeof clientSchema>;
export type Client = z.output<typeof clientSchema>;
