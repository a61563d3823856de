import type { Disponibilidad } from '@vialex/domain';
import { DISPONIBILIDAD } from '@vialex/domain';

/** The availability pill's words on a phone, where the full value does not fit the top bar. */
export const AVAILABILITY_SHORT: Record<Disponibilidad, string> = {
  [DISPONIBILIDAD.fueraDeHorario]: 'Fuera de horario',
  [DISPONIBILIDAD.enEspera]: 'En espera',
  [DISPONIBILIDAD.ocupado]: 'Ocupado',
  [DISPONIBILIDAD.multiple]: 'Múltiple',
};
