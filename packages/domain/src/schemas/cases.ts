import { z } from 'zod';
import { MSG } from '../messages.js';
import { integerField, requiredText, upperText } from './common.js';
import { PRIORIDADES, RELACIONES_VEHICULO, TIPOS_PRODUCTO, VERIFICACIONES } from '../constants.js';
import { CARGOS } from '../cargos.js';

/** 'Choque Simple' from older data is normalised to 'Choque simple' (spec 2 §5). */
/** What a Colombian plate may look like (letters, digits, a hyphen), uppercased. */
export const PLATE_PATTERN = /^[A-Z0-9-]{3,10}$/;

export function normalizeTipoCaso(tipo: string): string {
  return tipo.trim().toLowerCase() === 'choque simple' ? 'Choque simple' : tipo.trim();
}

/** The add/edit case form (spec 2 §5): every field required. */
export const caseSchema = z.object({
  placa: upperText().pipe(z.string().regex(PLATE_PATTERN, MSG.placaNoValida)),
  relacion: z.enum(RELACIONES_VEHICULO, { error: MSG.campoRequerido }),
  identificacion: integerField(),
  tipocaso: requiredText().transform(normalizeTipoCaso),
  uidempresa: z.uuid({ error: MSG.campoRequerido }),
  departamento: z.string({ error: MSG.campoRequerido }).regex(/^\d{2}$/, MSG.campoRequerido),
  uidciudad: z.string({ error: MSG.campoRequerido }).regex(/^\d{5}$/, MSG.campoRequerido),
  direccion_siniestro: upperText(),
  verificacion: z.enum(VERIFICACIONES, { error: MSG.campoRequerido }),
  tipo_producto: z.enum(TIPOS_PRODUCTO, { error: MSG.campoRequerido }),
  prioridad: z.enum(PRIORIDADES).optional(),
});
export type CaseInput = z.input<typeof caseSchema>;
export type CaseData = z.output<typeof caseSchema>;

/** A case that arrives from Cronos (the dialog, or Cronos itself through the API). */
export const cronosCaseSchema = caseSchema.extend({
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
});

/**
 * The Idempotency-Key header of a case creation: the web sends one per submission, so a retry
 * after a timeout answers the first creation instead of opening a second case.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().regex(/^[\x20-\x7E]{1,100}$/, MSG.claveIdempotenciaNoValida);

export const requestAgentSchema = z.object({
  tipo: z.enum(CARGOS, { error: MSG.campoRequerido }),
});

export const assignAgentSchema = z.object({
  tipo: z.enum(CARGOS, { error: MSG.campoRequerido }),
  usuario: z.uuid({ error: MSG.campoRequerido }),
});

export const takeCaseSchema = z.object({ tomar: z.boolean() });

/** Affected-person quick registration: name and surname only; city BOGOTA and type CC are fixed. */
export const quickClientSchema = z.object({
  nombres: upperText(),
  apellidos: upperText(),
  identificacion: integerField(),
  telefono: integerField().optional(),
});
