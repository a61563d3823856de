import { MSG, TITLES } from '@vialex/domain';

/** Shorthands over the domain catalogue (the texts live in @vialex/domain). */
export const TEXTS = {
  lema: MSG.lema,
  mostrarContrasena: MSG.mostrarContrasena,
  ocultarContrasena: MSG.ocultarContrasena,
  cuentaUsuario: MSG.cuentaUsuario,
  reintentar: MSG.reintentar,
  recargar: MSG.recargar,
  abrir: MSG.abrir,
} as const;

export const EXTRA_TITLES = {
  gestionarCaso: TITLES.gestionarCaso,
} as const;
