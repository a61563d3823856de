import type { Cargo } from './cargos.js';

/** Availability (disponibilidad) values, spec 1 §4 and spec 2 §4. */
export const DISPONIBILIDAD = {
  fueraDeHorario: 'Fuera de su horario laboral',
  enEspera: 'Activo en espera',
  ocupado: 'Activo ocupado',
  multiple: 'Activo múltiple',
} as const;

export type Disponibilidad = (typeof DISPONIBILIDAD)[keyof typeof DISPONIBILIDAD];

export const DISPONIBILIDADES: readonly Disponibilidad[] = [
  DISPONIBILIDAD.fueraDeHorario,
  DISPONIBILIDAD.enEspera,
  DISPONIBILIDAD.ocupado,
  DISPONIBILIDAD.multiple,
];

/** The availability pill's words on a phone, where the full value does not fit the top bar. */
export const DISPONIBILIDAD_CORTA: Record<Disponibilidad, string> = {
  [DISPONIBILIDAD.fueraDeHorario]: 'Fuera de horario',
  [DISPONIBILIDAD.enEspera]: 'En espera',
  [DISPONIBILIDAD.ocupado]: 'Ocupado',
  [DISPONIBILIDAD.multiple]: 'Múltiple',
};

export type ChipColor = 'error' | 'success' | 'warning' | 'info' | 'default' | 'primary' | 'secondary';

/** The availability list held in shared state in the original app (estadoUsuario): value, title, color. */
export const ESTADO_USUARIO: readonly { value: Disponibilidad; title: string; color: ChipColor; manual: boolean }[] = [
  { value: DISPONIBILIDAD.fueraDeHorario, title: 'Fuera de su horario laboral', color: 'error', manual: true },
  { value: DISPONIBILIDAD.enEspera, title: 'Activo en espera', color: 'success', manual: true },
  { value: DISPONIBILIDAD.ocupado, title: 'Activo ocupado', color: 'warning', manual: false },
  { value: DISPONIBILIDAD.multiple, title: 'Activo múltiple', color: 'info', manual: false },
];

/** Empty or absent availability means off-shift. */
export function normalizeDisponibilidad(value: string | null | undefined): Disponibilidad {
  return (DISPONIBILIDADES as readonly string[]).includes(value ?? '')
    ? (value as Disponibilidad)
    : DISPONIBILIDAD.fueraDeHorario;
}

/** Only off-shift and free can be picked by hand; the busy values follow the open cases. */
export function isManualDisponibilidad(value: string): boolean {
  return ESTADO_USUARIO.some((e) => e.value === value && e.manual);
}

export function disponibilidadInfo(value: string | null | undefined) {
  const v = normalizeDisponibilidad(value);
  return ESTADO_USUARIO.find((e) => e.value === v)!;
}

/**
 * Availability after a recount of the agent's open cases (spec 2 §4): one open case is
 * 'Activo ocupado', more than one 'Activo múltiple', none 'Activo en espera'. An agent who is
 * off-shift and has no open case stays off-shift.
 */
export function availabilityForOpenCases(openCases: number, current: string | null | undefined): Disponibilidad {
  if (openCases > 1) return DISPONIBILIDAD.multiple;
  if (openCases === 1) return DISPONIBILIDAD.ocupado;
  return normalizeDisponibilidad(current) === DISPONIBILIDAD.fueraDeHorario
    ? DISPONIBILIDAD.fueraDeHorario
    : DISPONIBILIDAD.enEspera;
}

/** Cargos that see and use the availability control in the top bar (spec 1 §6). */
export const AVAILABILITY_CONTROL_CARGOS: readonly Cargo[] = [
  'Abogado',
  'Investigador',
  'Abogado CAIT',
  'Call Center',
  'Dibujante',
  'Perito',
];

export function hasAvailabilityControl(cargo: Cargo): boolean {
  return AVAILABILITY_CONTROL_CARGOS.includes(cargo);
}
