/**
 * Labels of the cases screens that the domain catalogue does not have yet; they belong in MSG
 * of @vialex/domain and will move there.
 */
export const CASE_TEXTS = {
  // Columns (spec 2 §2)
  caso: 'Caso',
  cliente: 'Cliente',
  infoCaso: 'Info caso',
  ciudadSiniestro: 'Ciudad siniestro',
  origen: 'Origen',
  tipoCaso: 'Tipo de caso',
  tipoPlan: 'Tipo de plan',
  vehiculo: 'Vehículo',
  placa: 'Placa',
  callCenter: 'Call Center',
  abogado: 'Abogado',
  investigador: 'Investigador',
  perito: 'Perito',
  dibujante: 'Dibujante',
  estado: 'Estado',
  fechaCreacion: 'Fecha Creación',
  asignarSolicitar: 'Asignar/Solicitar',
  archivar: 'Archivar',
  activar: 'Activar',

  // Row actions
  asignar: 'Asignar',
  solicitar: 'Solicitar',
  tomarCaso: 'Tomar caso',
  liberarCaso: 'Liberar caso',
  autorizarAtencion: 'Autorizar asistencia especial',
  gestionar: 'Gestionar caso',
  editarCaso: 'Editar caso',
  archivarCaso: 'Archivar caso',
  activarCaso: 'Activar caso',
  atencionPendiente: 'Asistencia especial pendiente de autorización',

  // Buttons and dialogs
  agregarCronos: 'Agregar caso Cronos',
  agregarCasoCronos: 'AGREGAR CASO CRONOS',
  datosCaso: 'Datos del caso',
  solicitarAgente: 'SOLICITAR AGENTE',
  asignarAgente: 'ASIGNAR AGENTE',
  tipoUsuario: 'Tipo Usuario',
  usuario: 'Usuario',
  sinCandidatos: 'No hay usuarios disponibles para este caso',
  registroAfectado: 'REGISTRO DE AFECTADO',
  registrarAfectado: 'Registrar afectado',
  afectadoNoRegistrado: 'La identificación no corresponde a un cliente registrado. Registre al afectado para continuar.',

  // Case form (spec 2 §5)
  relacion: 'Relación con el vehículo',
  identificacion: 'Identificación',
  empresa: 'Empresa',
  departamento: 'Departamento',
  ciudad: 'Ciudad',
  direccionSiniestro: 'Dirección siniestro',
  verificacion: 'Verificación de asegurabilidad',
  tipoProducto: 'Tipo de producto',
  prioridad: 'Prioridad',
  consultandoPlaca: 'Consultando placa…',
  planConsultado: 'Plan: {plan}',

  // Quick registration
  nombres: 'Nombres',
  apellidos: 'Apellidos',
  telefono: 'Teléfono',
  tipoIdentificacion: 'Tipo de identificación',
  ciudadRegistro: 'BOGOTA',
} as const;
