import { randomUUID } from 'node:crypto';
import { addDays, bogotaDay, retryDelayMs } from '@vialex/domain';
import { multipart, now, paced, request, sleep } from './http.js';
import type { Seeded } from './seed.js';
import type { StaffSocket } from './sockets.js';

/** The load's rates (per second unless named otherwise). */
export interface Rates {
  seconds: number;
  locations: number;
  chat: number;
  cases: number;
  reportsPerMinute: number;
  caseList: number;
  maps: number;
  /** One case in `smsEvery` sends the client an SMS (Twilio); one in `exportEvery` is exported (SFTP). */
  smsEvery: number;
  exportEvery: number;
}

/** A write the server answered 2xx (or never did), kept to be found in the database afterwards. */
export interface ChatSend {
  room: number;
  clientId: string;
  sender: number;
  firstAt: number;
  ackAt?: number;
  indexId?: number;
  attempts: number;
  final?: number;
}
export interface CaseRun {
  n: number;
  key: string;
  desk: number;
  city: number;
  investigator: number;
  firstAt: number;
  ackAt?: number;
  id?: string;
  caso?: number;
  attempts: number;
  assigned?: boolean;
  /** Status changes: their unique note, and whether the answer was 2xx. */
  statuses: { descripcion: string; estado: string; acked: boolean; status: number }[];
  sms?: { acked: boolean; status: number };
  exportacion?: { acked: boolean; status: number; id?: string };
}
export interface LocationState {
  acked?: { lat: number; long: number };
  /** Positions sent after the last acknowledged one whose answer was not 2xx (they may have landed). */
  unacked: { lat: number; long: number }[];
  busy: boolean;
  skipped: number;
}

export interface Work {
  chat: ChatSend[];
  cases: CaseRun[];
  locations: LocationState[];
  /** Requests refused with 4xx that were not expected (a bug in the load or a rule it broke). */
  refusals: Map<string, number>;
  /** Slots not sent because the stream already had its cap of unanswered operations. */
  shed: Record<Stream, number>;
}

export type Stream = 'locations' | 'chat' | 'cases' | 'list' | 'maps' | 'reports';

/**
 * The working day: positions, chat, cases with dispatch and status changes, SMS and exports, the
 * case list, the maps and reports, each on its own even schedule until `endMs`. Writes with an
 * idempotency key (case creation: Idempotency-Key; chat: clientId) are retried with the same key
 * until answered 2xx or `retryUntilMs`, after the web app's outbox's waits (2 s doubling to 30 s,
 * each ±25 %): what failed during a fault comes back spread as the phones' sends would, not in
 * the second the server returns.
 */
export async function runWork(
  base: () => string,
  s: Seeded,
  rates: Rates,
  endMs: number,
  retryUntilMs: number,
  runId: string,
  /** Each chat member's room on screen, by member: it holds the member's own message from its send's answer. */
  screens: readonly { hold(indexId: number): void }[] = [],
  /** Each chat member's live socket, by member: their texts go on it while it is open (StaffSocket.sendText). */
  texters: readonly Pick<StaffSocket, 'sendText'>[] = [],
): Promise<Work> {
  const work: Work = {
    chat: [],
    cases: [],
    locations: s.investigators.ids.map(() => ({ unacked: [], busy: false, skipped: 0 })),
    refusals: new Map(),
    shed: { locations: 0, chat: 0, cases: 0, list: 0, maps: 0, reports: 0 },
  };
  const refused = (what: string, status: number, text: string) => {
    if (status >= 400 && status < 500) {
      const k = `${what} ${status} ${text.slice(0, 160)}`;
      work.refusals.set(k, (work.refusals.get(k) ?? 0) + 1);
    }
  };
  const ok = (status: number) => status >= 200 && status < 300;
  const chatUsers = s.chat.ids.length;
  const rooms = s.rooms.length;
  const desks = Math.min(10, chatUsers);
  // Each stream has at most CAP[stream] operations unanswered: a slot beyond it is shed (counted,
  // not sent), so a server that falls behind shows as a shortfall instead of a queue growing in
  // this process without bound.
  const inflight: Record<Stream, number> = { locations: 0, chat: 0, cases: 0, list: 0, maps: 0, reports: 0 };
  const cap: Record<Stream, number> = {
    locations: Math.max(20, rates.locations * 2),
    chat: Math.max(20, rates.chat * 4),
    cases: Math.max(10, rates.cases * 10),
    list: Math.max(10, rates.caseList * 2),
    maps: 10,
    reports: 4,
  };
  const admit = (stream: Stream) => {
    if (inflight[stream] >= cap[stream]) {
      work.shed[stream]++;
      return false;
    }
    return true;
  };
  const track = (stream: Stream, p: Promise<unknown>) => {
    inflight[stream]++;
    void p.finally(() => inflight[stream]--);
  };
  /**
   * Waits before the next attempt as the phone would. A send waiting so is answered, not
   * unanswered: it leaves the stream's cap meanwhile, so the sends of a fault do not take the
   * places of the ones offered after it.
   */
  const backOff = async (stream: Stream, failures: number) => {
    inflight[stream]--;
    try {
      await sleep(retryDelayMs(failures));
    } finally {
      inflight[stream]++;
    }
  };

  // Positions: investigator n % count, one update of a user at a time (a slot whose previous
  // update is still unanswered is skipped, so the last 2xx is the database's value unless a later
  // unanswered one landed).
  const locations = paced(rates.locations, endMs, (n) => {
    const k = n % s.investigators.ids.length;
    const st = work.locations[k];
    if (st.busy) {
      st.skipped++;
      return;
    }
    if (!admit('locations')) return;
    st.busy = true;
    const pos = { lat: 4.6 + (k % 100) / 1000 + (n % 997) / 1e6, long: -74.08 - (n % 991) / 1e6 };
    track(
      'locations',
      request(base(), 'PUT /api/me/location', 'PUT', '/api/me/location', {
        cookie: s.investigators.cookies[k],
        json: pos,
      }).then((a) => {
        st.busy = false;
        if (ok(a.status)) {
          st.acked = pos;
          st.unacked = [];
        } else {
          st.unacked.push(pos);
          refused('location', a.status, a.text);
        }
      }),
    );
  });

  // Chat: message n in room n % rooms from one of that room's members.
  const chat = paced(rates.chat, endMs, (n) => {
    if (!admit('chat')) return;
    const room = n % rooms;
    const members = Math.ceil((chatUsers - room) / rooms);
    const sender = room + rooms * (Math.floor(n / rooms) % members);
    const m: ChatSend = { room, clientId: randomUUID(), sender, firstAt: now(), attempts: 0 };
    work.chat.push(m);
    const { caseId } = s.rooms[room];
    track(
      'chat',
      (async () => {
        while (m.ackAt === undefined && now() < retryUntilMs) {
          m.attempts++;
          const text = { clientId: m.clientId, content: `soak ${runId} ${n}` };
          // As the app: on the member's socket while it is open, by POST when it did not carry it
          // (or refused it: the POST answers the refusal as every request's is answered).
          const onSocket = await texters[sender]?.sendText({ caseId, tipo: 'general', ...text });
          const a =
            onSocket && ok(onSocket.status)
              ? onSocket
              : await request(
                  base(),
                  'POST /api/casos/:id/chats/general/mensajes',
                  'POST',
                  `/api/casos/${caseId}/chats/general/mensajes`,
                  { cookie: s.chat.cookies[sender], json: text },
                );
          m.final = a.status;
          if (ok(a.status)) {
            m.ackAt = now();
            m.indexId = (JSON.parse(a.text) as { mensaje: { indexId: number } }).mensaje.indexId;
            screens[sender]?.hold(m.indexId);
          } else if (a.status >= 400 && a.status < 500 && a.status !== 429) {
            refused('chat', a.status, a.text);
            return;
          } else await backOff('chat', m.attempts);
        }
      })(),
    );
  });

  // Cases: create (Idempotency-Key, retried), assign an investigator of the case's city, two
  // status changes (the second closes it: Conciliado), an SMS for one in smsEvery, an export for
  // one in exportEvery (after closing).
  const cases = paced(rates.cases, endMs, (n) => {
    if (!admit('cases')) return;
    const city = n % s.cities.length;
    // Investigators are spread over the cities by index (i % cities).
    const perCity = Math.floor(s.investigators.ids.length / s.cities.length);
    const investigator = city + s.cities.length * (Math.floor(n / s.cities.length) % perCity);
    const c: CaseRun = {
      n,
      key: `soak-${runId}-${n}`,
      desk: n % desks,
      city,
      investigator,
      firstAt: now(),
      attempts: 0,
      statuses: [],
    };
    work.cases.push(c);
    const cookie = s.chat.cookies[c.desk];
    track(
      'cases',
      (async () => {
        const body = {
          placa: `S${runId.slice(0, 2).toUpperCase()}${n.toString(36).toUpperCase().padStart(5, '0')}`,
          relacion: 'Propietario',
          identificacion: String(s.client),
          tipocaso: 'Choque Simple',
          uidempresa: s.empresa,
          departamento: s.cities[city].departamento,
          uidciudad: s.cities[city].id,
          direccion_siniestro: 'calle 100 # 15-20',
          verificacion: 'Consulta en línea',
          tipo_producto: 'Tercero esencial',
        };
        // One case in two arrives as from Cronos without coordinates: placed from its address after
        // commit (Nominatim, the maps fake), so its map has a route (OSRM) to the investigator.
        const cronos = n % 2 === 1;
        const url = cronos ? '/api/casos/cronos' : '/api/casos';
        while (c.ackAt === undefined && now() < retryUntilMs) {
          c.attempts++;
          const a = await request(base(), `POST ${url}`, 'POST', url, {
            cookie,
            json: body,
            headers: { 'idempotency-key': c.key },
          });
          if (ok(a.status)) {
            c.ackAt = now();
            const created = JSON.parse(a.text) as { id: string; caso: { caso: number } };
            c.id = created.id;
            c.caso = created.caso.caso;
          } else if (a.status >= 400 && a.status < 500 && a.status !== 429) {
            refused('case', a.status, a.text);
            return;
          } else await backOff('cases', c.attempts);
        }
        if (!c.id) return;
        const id = c.id;
        const assign = await request(base(), 'POST /api/casos/:id/asignar', 'POST', `/api/casos/${id}/asignar`, {
          cookie,
          json: { tipo: 'Investigador', usuario: s.investigators.ids[investigator] },
        });
        c.assigned = ok(assign.status);
        if (!c.assigned) refused('assign', assign.status, assign.text);
        const status = async (estado: string, step: number) => {
          const descripcion = `soak ${runId} caso ${n} paso ${step}`;
          const form = multipart({ estado, descripcion });
          const a = await request(base(), 'POST /api/casos/:id/gestion', 'POST', `/api/casos/${id}/gestion`, {
            cookie,
            body: form.body,
            headers: { 'content-type': form.contentType },
          });
          c.statuses.push({ descripcion, estado, acked: ok(a.status), status: a.status });
          if (!ok(a.status)) refused('status', a.status, a.text);
        };
        await sleep(200);
        await status('En atención', 1);
        if (n % rates.smsEvery === 0) {
          // A SIN PLAN case gets its SMS after special attention is asked for and authorised.
          for (const step of ['solicitar-atencion', 'autorizar-atencion']) {
            const r = await request(base(), `POST /api/casos/:id/${step}`, 'POST', `/api/casos/${id}/${step}`, {
              cookie,
            });
            if (!ok(r.status)) refused(step, r.status, r.text);
          }
          const a = await request(base(), 'POST /api/casos/:id/sms', 'POST', `/api/casos/${id}/sms`, {
            cookie,
            json: { telefono: '3104567890' },
          });
          c.sms = { acked: ok(a.status), status: a.status };
          if (!ok(a.status) && a.status !== 502) refused('sms', a.status, a.text);
        }
        await sleep(200);
        await status('Conciliado', 2);
        if (n % rates.exportEvery === 0) {
          const a = await request(base(), 'POST /api/casos/:id/exportar', 'POST', `/api/casos/${id}/exportar`, {
            cookie,
          });
          c.exportacion = { acked: ok(a.status), status: a.status };
          if (ok(a.status)) c.exportacion.id = (JSON.parse(a.text) as { exportacion: { id: string } }).exportacion.id;
          else refused('export', a.status, a.text);
        }
      })(),
    );
  });

  // The case list (an administrator's first page), the map of a recent case, reports.
  const list = paced(rates.caseList, endMs, (n) => {
    if (!admit('list')) return;
    track(
      'list',
      request(base(), 'GET /api/casos', 'GET', '/api/casos?limit=10', {
        cookie: s.chat.cookies[desks + (n % Math.max(1, chatUsers - desks))],
      }).then((a) => refused('case list', a.status, a.text)),
    );
  });
  const maps = paced(rates.maps, endMs, (n) => {
    const recent = work.cases.slice(-40).filter((c) => c.assigned && c.n % 2 === 1);
    const c = recent[n % Math.max(1, recent.length)];
    if (!c?.id || !admit('maps')) return;
    track(
      'maps',
      request(base(), 'GET /api/casos/:id/mapa', 'GET', `/api/casos/${c.id}/mapa`, {
        cookie: s.chat.cookies[c.desk],
      }).then((a) => refused('map', a.status, a.text)),
    );
  });
  const today = bogotaDay(new Date());
  const range = `desde=${addDays(today, -29)}&hasta=${today}`;
  const reportPaths = [
    ['GET /api/reportes', `/api/reportes?tipo=por_estado&${range}`],
    ['GET /api/reportes', `/api/reportes?tipo=por_investigador&${range}`],
    ['GET /api/dashboard', '/api/dashboard'],
    ['GET /api/reportes', `/api/reportes?tipo=por_fecha&${range}`],
  ];
  const reports = paced(rates.reportsPerMinute / 60, endMs, (n) => {
    const [route, path] = reportPaths[n % reportPaths.length];
    if (!admit('reports')) return;
    track(
      'reports',
      request(base(), route, 'GET', path, { cookie: s.chat.cookies[n % desks] }).then((a) =>
        refused('report', a.status, a.text),
      ),
    );
  });

  await Promise.all([locations, chat, cases, list, maps, reports]);
  while (Object.values(inflight).some((n) => n > 0)) await sleep(100);
  return work;
}
