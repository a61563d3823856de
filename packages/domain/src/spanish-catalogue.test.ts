import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

/**
 * One voice in Spanish (D21): every text the catalogue exports — messages, labels, titles, the
 * menu, feedback, any exported table of strings — in the usted register, with the opening ¿ and ¡,
 * and none of the accent slips the original app carried. A text's `{placeholders}`, paths and
 * code-like values (lower-case identifiers) are not prose and are skipped.
 */
function texts(): [string, string][] {
  const found: [string, string][] = [];
  const seen = new Set<unknown>();
  const walk = (at: string, value: unknown) => {
    if (typeof value === 'string') found.push([at, value]);
    else if (value && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      for (const [key, inner] of Object.entries(value)) walk(`${at}.${key}`, inner);
    }
  };
  for (const [name, value] of Object.entries(domain)) {
    if (typeof value === 'string') walk(name, value);
    // zod schemas are objects too: their texts are the catalogue's, already walked.
    if (value && typeof value === 'object' && !('_def' in value) && !('_zod' in value)) walk(name, value);
  }
  return found
    .map(([at, text]) => [at, text.replace(/\{\w+\}/g, '')] as [string, string])
    .filter(([, t]) => /\p{L}/u.test(t) && !/^(\/|[a-z0-9_.:-]*$)/.test(t));
}

/** Second-person tú forms the original used beside 'Ingrese' (usted). */
const TU =
  /\b(tú|tu|tus|te|contigo|eres|estás|deseas|quieres|tienes|puedes|debes|comunícate|intenta|selecciona|ingresa|verifica|revisa|escribe|toca|haz|asegúrate|recuerda)\b/i;

/** Names, not prose: a product of the insurers' catalogue. */
const PROPER_NAMES = new Set(['Rodando contigo']);

/** Words the original wrote without their accent, and two typos. */
const SLIPS =
  /\b(operacion|poliza|numero|notificacion|vehiculo|vehiculos|esta seguro|esta autorizado|no esta|logro|obteer|dirfeccion|salio|valido|invalido|telefono|informacion|direccion|ubicacion|sesion|pagina|identificacion|autorizacion|exportacion|asignacion|creacion|atencion|area|aqui|ultimo|ultima|codigo|busqueda|camara|fotografia|geo localización|si,)\b|ń/i;

describe('the catalogue speaks one Spanish', () => {
  const all = texts().filter(([, t]) => !PROPER_NAMES.has(t));

  it('reads every text of the catalogue', () => {
    expect(all.length).toBeGreaterThan(800);
    expect(all.map(([at]) => at)).toEqual(
      expect.arrayContaining(['MSG.exito', 'LABELS.usuarios.area', 'TITLES.areas']),
    );
  });

  it('addresses the reader as usted, never tú', () => {
    expect(all.filter(([, t]) => TU.test(t)).map(([at, t]) => `${at}: ${t}`)).toEqual([]);
  });

  it('opens every question with ¿ and every exclamation with ¡', () => {
    const unopened = all.filter(
      ([, t]) => (t.includes('?') && !t.includes('¿')) || (/\w!/.test(t) && !t.includes('¡')),
    );
    expect(unopened.map(([at, t]) => `${at}: ${t}`)).toEqual([]);
  });

  it('carries none of the known accent slips', () => {
    expect(all.filter(([, t]) => SLIPS.test(t)).map(([at, t]) => `${at}: ${t}`)).toEqual([]);
  });

  it('counts in words that agree with the number: "1 archivo", "3 archivos", never "archivo(s)"', () => {
    // A form's field label may offer both ('Nombre(s)': one name or several); a sentence may not.
    const hedged = all.filter(([, t]) => /\p{L}\(s\)/u.test(t) && t !== 'Nombre(s)');
    expect(hedged.map(([at, t]) => `${at}: ${t}`)).toEqual([]);
    expect(domain.fmtCount(domain.LABELS.chat.pendientesEnvio, 1)).toBe(
      '1 mensaje se enviará cuando vuelva la conexión',
    );
    expect(domain.fmtCount(domain.LABELS.chat.pendientesEnvio, 2)).toBe(
      '2 mensajes se enviarán cuando vuelva la conexión',
    );
    expect(domain.fmtCount(domain.MSG.mensajeArchivos, 0)).toBe('0 archivos');
    expect(domain.fmtCount(domain.MSG.areaConUsuarios, 1)).toBe(
      'No se puede cambiar el nombre: 1 usuario pertenece a esta área',
    );
  });

  it('fails on each kind of slip it looks for', () => {
    expect(TU.test('¿Deseas archivar el caso?')).toBe(true);
    expect(TU.test('Comuníquese con su asesor')).toBe(false);
    expect(SLIPS.test('Poliza consultada exitosamente')).toBe(true);
    expect(SLIPS.test('Esta sala es del perito')).toBe(false);
    expect(SLIPS.test('Contraseńa es requerida')).toBe(true);
  });
});
