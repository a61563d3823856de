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

/** A client (driver) entering a case through its link is not staff, but some rules name it. */
export const CLIENTE = 'Cliente' as const;
export type Actor = Cargo | typeof CLIENTE;

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

export function isCoordinador(cargo: Cargo): boolean {
  return (COORDINADORES as readonly Cargo[]).includes(cargo);
}
