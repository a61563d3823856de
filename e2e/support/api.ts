import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect } from './fixtures';

/**
 * The server's test-only routes (NODE_ENV=test): they move state a test cannot wait for.
 * `request` is the test's own API context (its baseURL is the worker's server).
 */

/** Ages the user's session past its time and runs the expiry sweep. */
export async function expireSession(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/test/expire-session', { data: { email } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Sets a case's status directly (there is no status screen yet). */
export async function setCaseStatus(request: APIRequestContext, caso: number, estado: string): Promise<void> {
  const res = await request.post('/api/test/case-status', { data: { caso, estado } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The fixture `asUser`: runs `work` with an API context signed in as `email`. */
export type AsUser = <T>(email: string, work: (api: APIRequestContext) => Promise<T>) => Promise<T>;

let plates = 0;
/** A plate no other test of this worker uses: the spec's letter, then five base-36 characters. */
export const uniquePlate = (letter: string) =>
  `${letter}${(Date.now() + plates++).toString(36).toUpperCase().slice(-5)}`;

/**
 * The call center opens a Bogotá case through the API (the form has its own tests); the Call
 * Center slot is theirs.
 */
export async function createCaseAs(
  asUser: AsUser,
  {
    placa,
    identificacion = 52367418,
    direccion = 'Calle 26 # 68-10',
    ciudad = { departamento: '11', uidciudad: '11001' },
  }: {
    placa: string;
    identificacion?: number;
    /** The typed address (the maps fake places the default one in Bogotá). */
    direccion?: string;
    ciudad?: { departamento: string; uidciudad: string };
  },
): Promise<{ id: string; caso: number }> {
  return asUser(DEMO.callCenter, async (api) => {
    const [empresa] = await (await api.get('/api/lookups/empresas')).json();
    const res = await api.post('/api/casos', {
      data: {
        placa,
        relacion: 'Propietario',
        identificacion,
        tipocaso: 'Atropello',
        uidempresa: empresa.id,
        ...ciudad,
        direccion_siniestro: direccion,
        verificacion: 'Ninguno',
        tipo_producto: 'Ninguno',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  });
}
