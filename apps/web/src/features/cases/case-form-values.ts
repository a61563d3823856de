import type { CaseInput } from '@vialex/domain';
import type { CaseRow } from './api/list-cases';

/** What the case dialog is doing: a new case, a Cronos case, or editing one. */
export type CaseFormTarget = { kind: 'new' } | { kind: 'cronos' } | { kind: 'edit'; row: CaseRow };

export const CASE_FORM_FIELDS = [
  'placa',
  'relacion',
  'identificacion',
  'tipocaso',
  'uidempresa',
  'departamento',
  'uidciudad',
  'direccion_siniestro',
  'verificacion',
  'tipo_producto',
  'prioridad',
] as const;

/** Every field starts empty: the spec makes each one a deliberate choice (spec 2 §5). */
export const EMPTY_CASE: Partial<CaseInput> = {
  placa: '',
  identificacion: '',
  tipocaso: '',
  uidempresa: '',
  departamento: '',
  uidciudad: '',
  direccion_siniestro: '',
};

/** A case row back into the form; the department id is the first two digits of the DANE city code. */
export function caseValues(row: CaseRow): Partial<CaseInput> {
  return {
    placa: row.placa,
    relacion: row.relacion as CaseInput['relacion'],
    identificacion: row.cliente.identificacion == null ? '' : String(row.cliente.identificacion),
    tipocaso: row.tipocaso,
    uidempresa: row.uidempresa ?? '',
    departamento: row.uidciudad ? row.uidciudad.slice(0, 2) : '',
    uidciudad: row.uidciudad ?? '',
    direccion_siniestro: row.direccion_siniestro,
    verificacion: row.verificacion as CaseInput['verificacion'],
    tipo_producto: row.tipo_producto as CaseInput['tipo_producto'],
    prioridad: row.prioridad as CaseInput['prioridad'],
  };
}
