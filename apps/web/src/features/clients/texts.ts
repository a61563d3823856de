/**
 * Labels of the clients screen that the domain catalogue does not have yet; they belong in
 * MSG of @vialex/domain and will move there.
 */
export const CLIENT_TEXTS = {
  nombre: 'Nombre',
  nombres: 'Nombre(s)',
  apellidos: 'Apellidos',
  tipo: 'Tipo',
  tipoIdentificacion: 'Tipo de identificación',
  identificacion: '# Identificación',
  telefono: 'Teléfono',
  ciudad: 'Ciudad',
  direccion: 'Dirección',
  estado: 'Estado',
} as const;
