/** Staff roles (cargo), in the order the spec lists them. */
export const CARGOS = [
  'Administrador',
  'Call Center',
  'Coordinador Contact Center',
  'Investigador',
  'Coordinador Investigador',
  'Abogado',
  'Coordinador Abogado',
  'Abogado CAIT',
  'Coordinador Abogado CAIT',
  'Perito',
  'Coordinador Perito',
  'Dibujante',
] as const;

export type Cargo = (typeof CARGOS)[number];

export const COORDINADORES = [
  'Coordinador Contact Center',
  'Coordinador Investigador',
  'Coordinador Abogado',
  'Coordinador Abogado CAIT',
  'Coordinador Perito',
] as const satisfies readonly Cargo[];

export function isCargo(value: unknown): value is Cargo {
  return typeof value === 'string' && (CARGOS as readonly string[]).includes(value);
}
