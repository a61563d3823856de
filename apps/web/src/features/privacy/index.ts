/**
 * The driver's personal data (Ley 1581 de 2012), composed by app/: the case's authorisation line
 * on DATOS DEL CASO, and the Administrador's 'Quién consultó sus datos' from the clients list.
 */
export { AuthorisationLine } from './authorisation-line';
export { AccessLogDialog, type AccessLogClient } from './access-log-dialog';
