/**
 * What the screens say after an action: the success
 * toast keeps the spec's words ('Operación Exitosa', 'Caso Archivado', …) and names the object
 * after them; the release confirmation names the case; the plate look-up says what it is doing
 * and what each policy service answered; the case form says when it restored a draft. None of
 * these are in the spec's catalogue: they are the words the spec leaves to the screen.
 */
export const FEEDBACK = {
  /** A success toast: the spec's title, then what happened to which object. */
  toast: '{titulo} · {detalle}',

  // Cases
  casoCreado: 'caso #{caso} creado',
  casoActualizado: 'caso #{caso} actualizado',
  caso: 'caso #{caso}',
  casoTomado: 'caso #{caso} tomado',
  casoLiberado: 'caso #{caso} liberado',
  agenteAsignado: '{nombre} asignado al caso #{caso}',
  agenteSolicitado: '{tipo} solicitado para el caso #{caso}',
  atencionAutorizada: 'asistencia especial autorizada al caso #{caso}',
  afectadoRegistrado: 'afectado {nombre} registrado',
  liberarCaso: '¿Liberar el caso # {n}?',
  liberarCasoTexto: 'El caso dejará de estar a su cargo.',
  siLiberar: 'Sí, Liberar',

  // The created case's number, large enough to read to a caller
  casoCreadoTitulo: 'Caso creado',
  numeroCaso: 'Número de caso',
  numero: '#{caso}',
  copiarNumero: 'Copiar número',
  numeroCopiado: 'Copiado',

  smsEnviadoA: 'SMS del caso #{caso} enviado a {telefono}',
  exportacionSolicitada: 'exportación del caso #{caso} solicitada',

  // Clients and users
  clienteCreado: 'cliente {nombre} creado',
  clienteActualizado: 'cliente {nombre} actualizado',
  clienteInactivado: 'cliente {nombre} inactivado',
  clienteAnonimizado: 'datos de {nombre} anonimizados',
  usuarioCreado: 'usuario {nombre} creado',
  usuarioActualizado: 'usuario {nombre} actualizado',
  usuarioInactivado: 'usuario {nombre} inactivado',
  ciudadesAsignadas: 'ciudades de {nombre} actualizadas',
  contrasenaRestablecidaSinFactor: 'contraseña de {nombre} restablecida y su verificación en dos pasos quitada',

  // Verification in two steps (Mi perfil, the Administrador's rule per cargo)
  appActivada: 'app de autenticación activada',
  appQuitada: 'app de autenticación quitada',
  llaveAgregada: 'llave de acceso «{nombre}» agregada',
  llaveQuitada: 'llave de acceso «{nombre}» quitada',
  codigosGenerados: 'nuevos códigos de recuperación generados',
  segundoFactorPorCargo: 'verificación en dos pasos por cargo guardada',

  // Catalogues (vehicles, companies, areas, statuses)
  vehiculoCreado: 'vehículo {placa} creado',
  vehiculoActualizado: 'vehículo {placa} actualizado',
  vehiculoInactivado: 'vehículo {placa} inactivado',
  empresaCreada: 'empresa {nombre} creada',
  empresaActualizada: 'empresa {nombre} actualizada',
  empresaInactivada: 'empresa {nombre} inactivada',
  areaCreada: 'área {nombre} creada',
  areaActualizada: 'área {nombre} actualizada',
  areaInactivada: 'área {nombre} inactivada',
  areaActivada: 'área {nombre} activada',
  estadoCreado: 'estado {nombre} creado',
  estadoActualizado: 'estado {nombre} actualizado',
  estadoInactivado: 'estado {nombre} inactivado',
  estadoActivado: 'estado {nombre} activado',

  // Plate look-up
  consultandoPoliza: 'Consultando póliza…',
  servicioRespuesta: '{servicio}: {respuesta}',
  servicios: { Tecnicar: 'Tecnicar', 'SEGURO TERCERO': 'Hub de aseguradoras' },
  hubEncontrado: 'Póliza SEGURO TERCERO encontrada',
  hubSinRegistro: 'Sin póliza registrada',
  servicioNoResponde: 'No respondió a tiempo o no está disponible',

  // Case form draft
  borradorRecuperado: 'Se recuperó el caso sin guardar del {fecha}.',
  descartarBorrador: 'Descartar borrador',
} as const;
