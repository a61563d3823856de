/**
 * Labels of the user-status screen that the domain catalogue does not have yet; they belong in
 * MSG of @vialex/domain and will move there.
 */
export const STATUS_TEXTS = {
  nombre: 'Nombre',
  nombres: 'Nombres',
  apellidos: 'Apellidos',
  email: 'Email',
  cargo: 'Cargo',
  disponibilidad: 'Disponibilidad',
  login: 'Sesión',
  noLogueado: 'NO LOGUEADO',
  sinSesion: '—',
  tiempoSesion: 'Tiempo de sesión',
  tiempoSesionMinutos: 'Tiempo de sesión (min)',
  minutos: '{n} min',
  acciones: 'Acciones',
  actualizarDisponibilidad: 'ACTUALIZAR DISPONIBILIDAD',
  actualizarLogin: 'ACTUALIZAR ESTADO DE SESIÓN',
  actualizarTiempo: 'ACTUALIZAR TIEMPO DE SESIÓN',
  accionDisponibilidad: 'Actualizar disponibilidad',
  accionLogin: 'Actualizar estado de sesión',
  accionTiempo: 'Actualizar tiempo de sesión',
  tipoUsuario: 'Aplicar a',
  seleccioneTipo: 'Seleccione...',
  soloUsuario: 'Solo este usuario',
  todosDelCargo: 'Todos los usuarios del cargo {cargo}',
  tiempo: 'Tiempo (HH:mm)',
  tiempoActual: 'Actual: {n} min',
  usuariosActualizados: 'Usuarios actualizados: {n}',
} as const;
