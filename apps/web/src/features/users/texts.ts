/**
 * Labels of the users screen that the domain catalogue does not have yet; they belong in MSG of
 * @vialex/domain and will move there.
 */
export const USER_TEXTS = {
  nombre: 'Nombre',
  nombres: 'Nombres',
  apellidos: 'Apellidos',
  identificacion: '# Identificación',
  telefono: 'Teléfono',
  email: 'Email',
  cargo: 'Cargo',
  area: 'Area',
  areaColumna: 'Área',
  ciudades: 'Ciudades',
  estado: 'Estado',
  asignarCiudades: 'Asignar ciudades',
  asignarCiudadesTitulo: 'ASIGNAR CIUDADES',
  ciudadesDe: 'Ciudades que cubre {nombre}',
  ninguna: '—',
} as const;
