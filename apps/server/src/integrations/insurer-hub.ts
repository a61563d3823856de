/**
 * The insurers' hub API (SEGURO TERCERO policies).
 * Wire format: POST {base}/gettoken { Username, Password, ClientId } → { token }
 *              GET {base}/vehiculo/{plate} with "Authorization: Bearer {token}" →
 *   200 { vehicle: { placa, marca, tipo, modelo, linea }, policy_origin, policy_number,
 *         policy_start_date, policy_end_date ('D/M/YYYY hh:mm:ss a'),
 *         propietario: { id_propietario, nom_propietario, dir_propietario, tel_propietario } }
 *   404 when the plate has no policy.
 */
export interface HubVehicle {
  vehicle: { placa: string; marca: string; tipo: string; modelo: string; linea: string };
  policy_origin: string;
  policy_number: string;
  policy_start_date: string;
  policy_end_date: string;
  propietario?: { id_propietario: string; nom_propietario: string; dir_propietario: string; tel_propietario: string };
}

export interface HubConfig {
  url: string;
  username: string;
  password: string;
  clientId: number;
}

export type HubResult =
  { kind: 'found'; data: HubVehicle } | { kind: 'unknown' } | { kind: 'unavailable'; error: string };

export async function hubLookup(cfg: HubConfig, placa: string, timeoutMs: number): Promise<HubResult> {
  const base = cfg.url.replace(/\/$/, '');
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const tokenRes = await fetch(`${base}/gettoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: cfg.username, Password: cfg.password, ClientId: cfg.clientId }),
      signal,
    });
    if (!tokenRes.ok) return { kind: 'unavailable', error: `gettoken answered ${tokenRes.status}` };
    const tokenBody = (await tokenRes.json()) as { token?: string } | string;
    const token = typeof tokenBody === 'string' ? tokenBody : tokenBody.token;
    if (!token) return { kind: 'unavailable', error: 'gettoken returned no token' };
    const res = await fetch(`${base}/vehiculo/${encodeURIComponent(placa)}`, {
      headers: { authorization: `Bearer ${token}` },
      signal,
    });
    if (res.status === 404) return { kind: 'unknown' };
    if (!res.ok) return { kind: 'unavailable', error: `vehiculo answered ${res.status}` };
    return { kind: 'found', data: (await res.json()) as HubVehicle };
  } catch (err) {
    return { kind: 'unavailable', error: (err as Error).message };
  }
}
