/**
 * Every user-facing text, in Spanish, word for word from the spec where the spec gives it
 * (including its spelling: 'Contraseńa es requerida', 'No se pudo obteer la dirfeccion', the two
 * spaces of 'Su rol no esta  autorizado…'). Screens and the server read them from here only.
 */
export const MSG = {
  // Generic
  oops: 'Oops...',
  error: 'Error',
  exito: 'Operación Exitosa',
  exitoSinTilde: 'Operacion Exitosa',
  exitoMayus: 'OPERACIÓN EXITOSA.',
  bien: 'Bien',
  noAutorizado: 'Usuario no autorizado',
  algoSalioMal: 'Algo salio mal',
  datosNoDisponibles: 'Datos no disponibles',
  cargando: 'Cargando...',
  noHayDatos: 'No hay datos para mostrar',
  campoRequerido: 'Este campo es requerido',
  debeSerNumero: 'Debe ser un número entero',
  errorServidor: 'Ocurrió un error inesperado, intente de nuevo',
  sinConexion: 'No hay conexión con el servidor',

  // Sign-in (spec 1 §5, §8)
  bienvenida: 'Bienvenido a VIALEX',
  bienvenidaDetalle: 'Ingrese con su correo electrónico y contraseña',
  correo: 'Correo electrónico',
  contrasena: 'Contraseña',
  ingresar: 'INGRESAR',
  correoRequerido: 'Correo electrónico es requerido',
  correoInvalido: 'Correo electrónico no es valido',
  contrasenaRequerida: 'Contraseńa es requerida',
  sesionActiva: 'No es posible iniciar sesión, comuníquese con el administrador',
  informacionIncorrecta: 'Información incorrecta',
  demasiadosIntentos: 'Demasiados intentos fallidos. Espere {minutos} minutos e intente de nuevo.',
  sesionTerminada: 'Su sesión terminó. Ingrese de nuevo.',
  geolocalizacionApagada:
    'Para ejecutar este sistema es necesario encender la geo localización de tu dispositivo.',
  geolocalizacionNoSoportada: 'Geolocalización no soportada por este navegador',

  // Passwords (spec 1 §5)
  nuevaContrasena: 'Nueva contraseña',
  confirmarContrasena: 'Confirmar Contraseña',
  cambiarContrasena: 'Cambiar contraseña',
  passMayuscula: 'Por lo menos debe contener una letra en mayúscula',
  passMinuscula: 'Por lo menos debe contener una letra en minúscula',
  passNumero: 'Por lo menos debe contener un numero',
  passEspecial: 'Por lo menos debe contener un carácter especial',
  passNoCoinciden: 'Las contraseñas no coinciden',
  passMinimo: 'La contraseña debe tener mínimo {min} caracteres',
  passConfirmarTitulo: '¿Esta seguro de cambiar la contraseña?',

  // Layout
  salir: 'Salir',
  instalar: 'Instalar',
  instalarTexto: 'Agregue VIALEX a la pantalla de inicio para usarlo como una aplicación.',
  ahoraNo: 'Ahora no',
  menu: 'Menú',
  notificacionPrueba: 'Enviar notificación de prueba',
  notificacionPruebaEnviada: 'Notificación de prueba enviada',
  errorNotificacion: 'Error al enviar la notificacion',
  errorNotificacionToast: 'Oops! No se pudo enviar la notificación',
  generarNuevoToken: 'GENERAR NUEVO TOKEN',
  disponibilidad: 'Disponibilidad',
  disponibilidadAutomatica: 'Este estado lo asigna el sistema según los casos abiertos',
  pruebaNotificacionTitulo: 'VIALEX',
  pruebaNotificacionCuerpo: 'Notificación de prueba: las notificaciones funcionan en este dispositivo.',
  sinSuscripcionPush: 'Este dispositivo no tiene notificaciones activas',

  // Not found
  paginaNoExiste: 'La página que busca ya no existe.',
  irAlLogin: 'Ir al inicio de sesión',

  // Confirmations (spec 1 §8, spec 3 §8)
  eliminarRegistro: 'Esta seguro de eliminar este registro?',
  siEliminar: 'Si, Eliminar !!',
  inactivarRegistro: '¿Está seguro de inactivar este registro?',
  siInactivar: 'Sí, Inactivar',
  actualizarEstadoTitulo: 'Actualizar estado',
  actualizarEstadoTexto: '¿Esta seguro de actualizar el estado al usuario?',
  seguroActualizar: '¿Esta seguro de actualizar?',
  seguro: '¿Esta seguro?',
  si: 'Si',
  no: 'No',
  cancelar: 'Cancelar',
  aceptar: 'Aceptar',
  guardar: 'Guardar',
  cerrar: 'Cerrar',

  // Staff administration (spec 1)
  tipoUsuarioObligatorio: 'El tipo de usuario es obligatorio',
  tiempoObligatorio: 'El tiempo es obligatorio',
  activo: 'Activo',
  inactivo: 'Inactivo',
  logueado: 'LOGUEADO',
  desloguear: 'DESLOGUEAR',
  correoDuplicado: 'Ya existe un usuario con ese correo electrónico',
  clienteDuplicado: 'Ya existe un cliente con ese tipo y número de identificación',

  // Criteria panel
  campo: 'Campo',
  operador: 'Operador',
  valor: 'Valor',
  buscar: 'Buscar',
  nuevo: 'Nuevo',
  mostrarCriterios: 'Mostrar criterios',
  ocultarCriterios: 'Ocultar criterios',
  campoNoPermitido: 'No se puede filtrar por el campo {campo}',
  operadorNoPermitido: 'Operador no válido: {operador}',

  // Cases (spec 2 §8)
  usuarioNoRegistrado: 'Usuario no registrado',
  contadorNoInicializado: 'El contador global no está inicializado.',
  operacionDenegada: 'Operación denegada',
  planSinServicio: 'El plan adquirido no cuenta con este servicio',
  chatRolNoAutorizado: 'Su rol no esta autorizado para esta acción',
  archivoRolNoAutorizado: 'Su rol no esta  autorizado para realizar esta acción',
  chatBloqueadoInvestigador: 'El chat ha sido bloqueado por el investigador del caso',
  chatBloqueado: 'El chat ha sido bloqueado',
  casoCerrado: 'El caso ha sido {estado}, para realizar gestiones comuníquese con nuestro Administrador.',
  polizaNoEncontrada: 'No se encontró la póliza del vehículo',
  errorSolicitarAprobacion: 'Error al solicitar aprobación',
  noRegistradoTecnicar: 'Oops! el vehiculo no esta registrado en tecnicar',
  vehiculoSinPoliza: 'Vehículo no cuenta con póliza',
  vehiculoConPolizaTecnicar: 'Vehículo con póliza en tecnicar',
  servicioPlanNoDisponible: 'El servicio de confirmación de plan no se encuentra disponible.',
  smsError: 'No se logro enviar el SMS',
  smsEnviado: 'SMS enviado!',
  errorNoIdentificado: 'error no identificado',
  errorDescargarImagen: 'Error al descargar la imagen',
  documentoNoEncontrado: 'No se encontró el documento.',
  casoArchivado: 'Caso Archivado',
  casoActivado: 'Caso Activado',
  casoAsignado: 'CASO ASIGNADO',
  fotosCargadas: 'Fotos cargas exitosamente',
  polizaConsultada: 'Poliza consultada exitosamente',
  noHayInvestigadores: 'No hay investigadores disponibles.',
  archivosRequeridos: 'Archivos required',
  autorizarAtencion: '¿Esta seguro de autorizar asistencia especial al caso # {n}?',
  siAutorizar: 'Si, Autorizar !!',
  archivarCaso: '¿Deseas archivar el caso # {n}?',
  siArchivar: 'Si, Archivar !!',
  restablecerCaso: '¿Deseas restablecer el caso # {n}?',
  siRestablecer: 'Si, Restablecer !!',
  exportarCaso: 'Esta seguro de querer exportar los archivos del caso?',
  siExportar: 'Si, Exportar',
  creacionCaso: 'Se realiza la creación del caso',
  chatEnProceso: 'Chat en proceso (Entrar)',
  solicitando: 'Solicitando',
  bloquearChat: 'Bloquear Chat',
  desbloquearChat: 'Desbloquear Chat',
  mensajeChat: 'Mensaje Chat',
  cargaPrimeraFoto: 'Carga de primera foto',
  cierreCaso: 'Cierre de caso',
  nuevoCaso: 'NUEVO CASO',
  casoCreadoCiudad: 'CASO CREADO EN LA CIUDAD DE {ciudad}',

  // Catalogues (spec 3 §8)
  noSePuedeEditar: 'No se puede editar, por favor comunícate con el Administrador',
  noSePuedeInactivar: 'No se puede inactivar, por favor comunícate con el Administrador',

  // Client entry (spec 3 §8)
  casoNoExiste: 'El caso no existe',
  noSePudoObtenerDireccion: 'No se pudo obteer la dirfeccion',
  casoYaIngresado: 'No puede ingresar al caso, comuníquese con un asesor',
  ingresarAlCaso: 'Ingresar al caso',
  verificacionCaso: 'Verificación del caso.',

  // Reports (spec 3 §8)
  errorConsulta: 'Error al ejecutar la consulta',
  errorListaUsuarios: 'Error al cargar lista de usuarios',
  seleccionarUsuario: 'Debes seleccionar un usuario',
  seleccionarFechas: 'Debes seleccionar fecha de inicio y fin',
  datosExportados: 'Datos exportados correctamente',
  errorExportar: 'Error al exportar datos',
  noHayDatosExportar: 'No hay datos para exportar',
} as const;

export type MessageKey = keyof typeof MSG;

/** Fills `{name}` placeholders of a catalogue message. */
export function fmt(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/** Screen titles and menu entries (spec 1 §2, spec 2 §2, spec 3 §2). */
export const TITLES = {
  clientes: 'LISTA DE CLIENTES',
  usuarios: 'LISTA DE USUARIOS',
  estadoUsuarios: 'ESTADO USUARIOS',
  casos: 'LISTA DE CASOS',
  casosArchivados: 'LISTA DE CASOS ARCHIVADOS',
  empresas: 'LISTA DE EMPRESAS',
  areas: 'AREA',
  gestiones: 'TIPO DE GESTIONES',
  exportaciones: 'EXPORTACIONES SFTP',
  consultas: 'Consultas y Reportes',
  vehiculos: 'VEHÍCULOS',
  estadistica: 'ESTADÍSTICA DEL USUARIO',
  dashboard: 'Dashboard',
} as const;
