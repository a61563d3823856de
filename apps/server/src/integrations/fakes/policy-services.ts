import http from 'node:http';
import type { KronosVehicle } from '../kronos.js';
import type { HubVehicle } from '../insurer-hub.js';

/**
 * A local stand-in for Tecnicar's kronos service and the insurers' hub, speaking their wire
 * formats, for the tests and the demo. Known plates (README):
 *   TAX123  Tecnicar RC policy in force (taxi)          → plan RC PUBLICO
 *   SEG456  hub SEGURO TERCERO policy in force          → plan SEGURO TERCERO
 *   EXP789  hub SEGURO TERCERO policy that has expired  → plan SEGURO TERCERO, origin Vialex
 *   NOP000  Tecnicar knows the vehicle, no policy       → SIN PLAN
 *   LENTO1  both services answer after 10 s (timeouts)
 *   CAIDO1  both services fail (500)
 * Any other plate is unknown to both.
 */
const year = new Date().getFullYear();
const KRONOS: Record<string, KronosVehicle> = {
  TAX123: {
    placa: 'TAX123',
    clase: 'AUTOMÓVIL',
    marca: 'HYUNDAI',
    linea: 'ATOS',
    modelo: '2019',
    servicio: 'PÚBLICO',
    nombre_producto: 'RC TRANSPORTE PÚBLICO',
    polizas: 'TEC-100200',
    fechaIni: `${year - 1}-01-15`,
    fechaFin: `${year + 1}-01-14`,
    cliente: 'CARLOS RAMÍREZ TORRES',
    docliente: '79845123',
    telefono: '3104567890',
    ciudad: 'BOGOTÁ, D.C.',
    direccion: 'CALLE 72 # 10-34',
    empresa: 'SEGUROS DEL ESTADO S.A.',
    deducible: '10% MÍNIMO 1 SMMLV',
    ramo: 'RESPONSABILIDAD CIVIL',
    estado: 'VIGENTE',
  },
};
const pad = (n: number) => String(n).padStart(2, '0');
const hubDate = (d: Date) =>
  `${d.getDate()}/${d.getMonth() + 1}/${d.getFullYear()} ${pad(d.getHours() % 12 || 12)}:00:00 ${d.getHours() < 12 ? 'AM' : 'PM'}`;
const HUB: Record<string, HubVehicle> = {
  SEG456: {
    vehicle: { placa: 'SEG456', marca: 'RENAULT', tipo: 'AUTOMÓVIL', modelo: '2022', linea: 'LOGAN' },
    policy_origin: 'SEGURO TERCERO',
    policy_number: 'ST-556677',
    policy_start_date: hubDate(new Date(year - 1, 5, 1)),
    policy_end_date: hubDate(new Date(year + 1, 4, 31, 23)),
    propietario: {
      id_propietario: '52367418',
      nom_propietario: 'MARÍA FERNÁNDEZ GIL',
      dir_propietario: 'CARRERA 15 # 93-60',
      tel_propietario: '3157894561',
    },
  },
  EXP789: {
    vehicle: { placa: 'EXP789', marca: 'CHEVROLET', tipo: 'AUTOMÓVIL', modelo: '2015', linea: 'SPARK' },
    policy_origin: 'SEGURO TERCERO',
    policy_number: 'ST-111222',
    policy_start_date: hubDate(new Date(year - 3, 0, 1)),
    policy_end_date: hubDate(new Date(year - 2, 0, 1)),
    propietario: {
      id_propietario: '1020456789',
      nom_propietario: 'JORGE PINEDA RUEDA',
      dir_propietario: 'CALLE 13 # 7-21',
      tel_propietario: '3001234567',
    },
  },
};
export const FAKE_TOKEN = 'fake-hub-token';
export const FAKE_HUB_CREDENTIALS = { username: 'vialex', password: 'vialex-demo', clientId: 1021 };

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export interface FakePolicyServices {
  url: string;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

export async function startFakePolicyServices(port = 0): Promise<FakePolicyServices> {
  const requests: FakePolicyServices['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://fake');
      const plate = (url.searchParams.get('placa') ?? url.pathname.split('/').pop() ?? '').toUpperCase();
      const answer = () => route(req, url, plate, body, res);
      if (plate === 'LENTO1') {
        const t = setTimeout(() => {
          timers.delete(t);
          answer();
        }, 10_000);
        timers.add(t);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(req: http.IncomingMessage, url: URL, plate: string, body: string, res: http.ServerResponse) {
  if (plate === 'CAIDO1') return json(res, 500, { message: 'internal error' });
  // POST from the case form, GET from the case info panel (spec 2 §7): the same answers.
  if ((req.method === 'POST' || req.method === 'GET') && url.pathname === '/kronos') {
    const data = KRONOS[plate];
    if (data) return json(res, 200, { status: 200, message: 'Vehículo con póliza en tecnicar', data });
    if (plate === 'NOP000') return json(res, 401, { status: 401, message: 'Vehículo no cuenta con póliza' });
    return json(res, 200, { status: 404, message: 'Sin información' });
  }
  if (req.method === 'POST' && url.pathname === '/gettoken') {
    let creds: { Username?: string; Password?: string; ClientId?: number } = {};
    try {
      creds = JSON.parse(body);
    } catch {
      // fall through to 401
    }
    const ok =
      creds.Username === FAKE_HUB_CREDENTIALS.username &&
      creds.Password === FAKE_HUB_CREDENTIALS.password &&
      creds.ClientId === 1021;
    return ok ? json(res, 200, { token: FAKE_TOKEN }) : json(res, 401, { message: 'credenciales inválidas' });
  }
  if (req.method === 'GET' && url.pathname.startsWith('/vehiculo/')) {
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) return json(res, 401, { message: 'token inválido' });
    const data = HUB[plate];
    return data ? json(res, 200, data) : json(res, 404, { message: 'no encontrado' });
  }
  return json(res, 404, { message: 'not found' });
}
