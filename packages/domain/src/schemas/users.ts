import { z } from 'zod';
import { MSG } from '../messages.js';
import { emailField, integerField, passwordsMatch, requiredText, strongPassword, upperText } from './common.js';
import { CARGOS } from '../cargos.js';

const userFields = {
  nombres: upperText(),
  apellidos: upperText(),
  identificacion: integerField(),
  telefono: integerField(),
  email: emailField,
  cargo: z.enum(CARGOS, { error: MSG.campoRequerido }),
  area: requiredText(),
};

/** Create a user: the fields plus a password and its confirmation (spec 1 §5). */
export const createUserSchema = z
  .object({
    ...userFields,
    password: strongPassword,
    confirmPassword: z.string({ error: MSG.campoRequerido }).min(1, MSG.campoRequerido),
  })
  .refine(...passwordsMatch);

export const updateUserSchema = z.object({ ...userFields, estado: z.boolean().optional() });

export type CreateUserInput = z.input<typeof createUserSchema>;
