/**
 * The vehicle's option lists (spec 3 §3). Servicio and clase are the spec's; the carrocerías of
 * each clase are not shown in the spec, so Vialex defines them here (the README lists them): the
 * body types the Colombian RUNT records for that class of vehicle, each list with the default
 * SIN CARROCERIA.
 */
export const SERVICIOS_VEHICULO = ['PÚBLICO', 'PARTICULAR', 'DIPLOMÁTICO', 'OFICIAL', 'ESPECIAL RNMA'] as const;

export const CLASES_VEHICULO = [
  'AUTOMÓVIL',
  'BUS',
  'BUSETA',
  'CAMION',
  'CAMIONETA',
  'CAMPERO',
  'MICROBUS',
  'TRACTOCAMION',
  'MOTOCICLETA',
  'MOTOCARRO',
  'MOTOTRICICLO',
  'CUATRIMOTO',
  'REMOLQUE',
  'SEMIREMOLQUE',
  'VOLQUETA',
  'SIN CLASE',
  'MAQ. CONSTRUCCION O MINERA',
  'CICLOMOTOR',
  'TRICIMOTO',
  'CUADRICICLO',
] as const;
export type ClaseVehiculo = (typeof CLASES_VEHICULO)[number];

export const SIN_CARROCERIA = 'SIN CARROCERIA';
/** Shown when a vehicle has no policy (spec 3 §3). */
export const SIN_POLIZA = 'SIN PÓLIZA';
/** Vehicle plate minimum (spec 3 §9). */
export const PLACA_MIN_LENGTH = 5;
/** The oldest model year the form takes besides the default 0000. */
export const MODELO_MIN = 1900;

const CARGA = ['ESTACAS', 'FURGON', 'PLATAFORMA', 'TANQUE', 'VOLCO', 'REFRIGERADO', 'NIÑERA', 'GRUA', 'MIXER'];
const ARRASTRE = ['ESTACAS', 'FURGON', 'PLATAFORMA', 'TANQUE', 'VOLCO', 'CAMA BAJA', 'PORTACONTENEDOR', 'REFRIGERADO'];

/** The carrocerías of each clase; every list starts with SIN CARROCERIA (the spec's default). */
export const CARROCERIAS_POR_CLASE: Readonly<Record<ClaseVehiculo, readonly string[]>> = {
  AUTOMÓVIL: ['SEDAN', 'HATCHBACK', 'COUPE', 'CONVERTIBLE', 'STATION WAGON'],
  BUS: ['CERRADA', 'MIXTA', 'ARTICULADO', 'BIARTICULADO'],
  BUSETA: ['CERRADA', 'MIXTA'],
  CAMION: CARGA,
  CAMIONETA: ['CABINADA', 'DOBLE CABINA', 'ESTACAS', 'FURGON', 'PLATAFORMA', 'STATION WAGON', 'VAN'],
  CAMPERO: ['CABINADO', 'CARPADO', 'STATION WAGON'],
  MICROBUS: ['CERRADA', 'VAN'],
  TRACTOCAMION: ['CABINA SENCILLA', 'CABINA DORMITORIO'],
  MOTOCICLETA: ['STREET', 'SCOOTER', 'TURISMO', 'DEPORTIVA', 'ENDURO', 'CROSS', 'CUSTOM'],
  MOTOCARRO: ['ESTACAS', 'FURGON', 'PLATAFORMA', 'PASAJEROS'],
  MOTOTRICICLO: ['PASAJEROS', 'CARGA'],
  CUATRIMOTO: ['RECREATIVA', 'TRABAJO'],
  REMOLQUE: ARRASTRE,
  SEMIREMOLQUE: ARRASTRE,
  VOLQUETA: ['VOLCO'],
  'SIN CLASE': [],
  'MAQ. CONSTRUCCION O MINERA': ['RETROEXCAVADORA', 'CARGADOR', 'MOTONIVELADORA', 'BULLDOZER', 'VIBROCOMPACTADOR'],
  CICLOMOTOR: ['STREET', 'SCOOTER'],
  TRICIMOTO: ['PASAJEROS', 'CARGA'],
  CUADRICICLO: ['CERRADA', 'ABIERTA'],
};

export function isClaseVehiculo(clase: string): clase is ClaseVehiculo {
  return (CLASES_VEHICULO as readonly string[]).includes(clase);
}

/** The carrocerías a clase allows: SIN CARROCERIA first, then the clase's own. An unknown clase allows only the default. */
export function carroceriasDe(clase: string): readonly string[] {
  return [SIN_CARROCERIA, ...(isClaseVehiculo(clase) ? CARROCERIAS_POR_CLASE[clase] : [])];
}

/** The model years the form offers: the default 0000, then next year down to MODELO_MIN. */
export function modeloMaximo(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}
