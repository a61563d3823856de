/**
 * Tecnicar's "kronos" vehicle-policy service (the old app's cloud function of that name).
 * Wire format: POST {base}/kronos?placa={plate}, no body.
 *   200 { status: 200, message, data: { placa, clase, marca, linea, modelo, servicio, nombre_producto,
 *         polizas, fechaIni, fechaFin, cliente, docliente, telefono, ciudad, direccion, empresa,
 *         deducible, ramo, estado } }
 *   200 { status: 404, message: 'Sin información' }       the plate is unknown to Tecnicar
 *   401 { status: 401, message: 'Vehículo no cuenta con póliza' }
 * The case info panel asks the same with GET (spec 2 §7: "the lookup uses GET kronos?placa=";
 * status 200 means found), so the method is a parameter.
 */
export interface KronosVehicle {
  placa: string;
  clase: string;
  marca: string;
  linea: string;
  modelo: string;
  servicio: string;
  nombre_producto: string;
  polizas: string;
  fechaIni: string;
  fechaFin: string;
  cliente: string;
  docliente: string;
  telefono: string;
  ciudad: string;
  direccion: string;
  empresa: string;
  deducible: string;
  ramo: string;
  estado: string;
}

export type KronosResult =
  | { kind: 'found'; data: KronosVehicle }
  | { kind: 'unknown' }
  | { kind: 'noPolicy'; message: string }
  | { kind: 'unavailable'; error: string };

export async function kronosLookup(
  base: string,
  placa: string,
  timeoutMs: number,
  method: 'GET' | 'POST' = 'POST',
): Promise<KronosResult> {
  try {
    const res = await fetch(`${base.replace(/\/$/, '')}/kronos?placa=${encodeURIComponent(placa)}`, {
      method,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { status?: number; message?: string; data?: KronosVehicle };
    if (res.ok && body.data && (body.status ?? 200) === 200) return { kind: 'found', data: body.data };
    if (body.message === 'Sin información') return { kind: 'unknown' };
    if (res.status === 401 || body.status === 401) return { kind: 'noPolicy', message: body.message ?? '' };
    return { kind: 'unavailable', error: `kronos answered ${res.status}` };
  } catch (err) {
    return { kind: 'unavailable', error: (err as Error).message };
  }
}
