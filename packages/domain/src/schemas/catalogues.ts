import { z } from 'zod';
import { MSG, fmt } from '../messages.js';
import { TEXT_MAX_LENGTH } from '../constants.js';
import { MODELO_MIN, PLACA_MIN_LENGTH, modeloMaximo } from '../vehicles.js';
import { requiredText, upperText } from './common.js';
import { PLATE_PATTERN } from './cases.js';

/** Active or not: missing is 'Este campo es requerido', a wrong type zod's own (Spanish) message. */
const estadoField = z.boolean({ error: (issue) => (issue.input === undefined ? MSG.campoRequerido : undefined) });

/** Longest additional information of a vehicle. */
export const INFO_ADICIONAL_MAX_LENGTH = 1000;

/** Optional text, trimmed and uppercased on save (spec 3 §5); absent is ''. */
const optionalUpper = (max: number) =>
  z
    .string({ error: MSG.campoRequerido })
    .optional()
    .transform((s) => (s ?? '').trim().toUpperCase())
    .pipe(z.string().max(max, fmt(MSG.textoMuyLargo, { max })));

/** A model year: 0000 (the default) or a year from MODELO_MIN to next year; a number is read as its digits. */
const modelo = z
  .union([z.string(), z.number()], { error: MSG.campoRequerido })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, MSG.campoRequerido))
  .refine((s) => s === '0000' || (/^\d{4}$/.test(s) && Number(s) >= MODELO_MIN && Number(s) <= modeloMaximo()), {
    error: () => fmt(MSG.modeloNoValido, { min: MODELO_MIN, max: modeloMaximo() }),
  });

/** The plate of a vehicle: uppercased and trimmed, at least 5 characters (spec 3 §5, §9), plate-shaped. */
export const placaVehiculo = upperText()
  .pipe(z.string().min(PLACA_MIN_LENGTH, fmt(MSG.placaMinimo, { min: PLACA_MIN_LENGTH })))
  .pipe(z.string().regex(PLATE_PATTERN, MSG.placaNoValida));

/**
 * AGREGAR / ACTUALIZAR a vehicle (spec 3 §2, §5): clase, carroceria, marca, linea, modelo,
 * servicio and cliente required; placa at least 5; poliza and the additional information
 * optional. Text trimmed and uppercased, except the owner's id. Which clase, carrocería, servicio,
 * marca and línea are allowed is checked by the server against the lists and the catalogue.
 */
export const vehicleSchema = z.object({
  clase: upperText(),
  carroceria: upperText(),
  marca: upperText(),
  linea: upperText(),
  modelo,
  placa: placaVehiculo,
  poliza: optionalUpper(TEXT_MAX_LENGTH),
  servicio: upperText(),
  informacionadicional: optionalUpper(INFO_ADICIONAL_MAX_LENGTH),
  uidcliente: z.uuid({ error: MSG.campoRequerido }),
  /** Only when editing (Activo / Inactivo). */
  estado: estadoField.optional(),
});
export type VehicleInput = z.input<typeof vehicleSchema>;
export type Vehicle = z.output<typeof vehicleSchema>;

/** The owner look-up of the vehicle dialog: an identification number, digits only (no hyphen). */
export const ownerQuerySchema = z.object({
  identificacion: z
    .string({ error: MSG.campoRequerido })
    .trim()
    .min(1, MSG.campoRequerido)
    .regex(/^\d{1,15}$/, MSG.identificacionNoValida),
});

/** Whether the vehicle dialog looks an identification up: not empty and without a hyphen (spec 3 §2). */
export function isOwnerQuery(text: string): boolean {
  const t = text.trim();
  return t !== '' && !t.includes('-');
}

/** A NIT: digits (dots and spaces dropped), optionally a hyphen and the check digit. */
const nit = upperText()
  .transform((s) => s.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{3,15}(-\d)?$/, MSG.nitNoValido));

/** A company (spec 3 §5): empresa and nit required; the estado only when editing. */
export const companySchema = z.object({
  empresa: upperText(),
  nit,
  estado: estadoField.optional(),
});
export type CompanyInput = z.input<typeof companySchema>;
export type Company = z.output<typeof companySchema>;

/** An area (spec 3 §5): the name required, saved uppercase and trimmed. */
export const areaSchema = z.object({
  nombre: upperText(),
  estado: estadoField.optional(),
});
export type AreaInput = z.input<typeof areaSchema>;
export type AreaValues = z.output<typeof areaSchema>;

/** A row of the case-status catalogue (spec 3 §5): the name required, trimmed (statuses keep their case). */
export const caseStatusCatalogueSchema = z.object({
  nombre: requiredText(),
  estado: estadoField.optional(),
});
export type CaseStatusCatalogueInput = z.input<typeof caseStatusCatalogueSchema>;
export type CaseStatusCatalogueValues = z.output<typeof caseStatusCatalogueSchema>;

/** The inactivate action of areas and statuses: the state asked for (not a toggle, so two clicks agree). */
export const catalogueStateSchema = z.object({ estado: estadoField });
