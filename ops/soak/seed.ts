import pg from 'pg';
import { seedSignedInUsers } from '../../bench/lib/staff.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';

export interface Seeded {
  /** Administradores with sockets in the chat rooms; the first few also work the cases. */
  chat: { ids: string[]; cookies: string[] };
  /** Investigadores with sockets, sending positions, one city each. */
  investigators: { ids: string[]; cookies: string[]; city: string[]; surname: string[] };
  /** Cases of the chat rooms (outside the counter's numbers) and their general rooms. */
  rooms: { caseId: string; roomId: string }[];
  /** Cities of the new cases: { id, departamento }. */
  cities: { id: string; departamento: string }[];
  empresa: string;
  /** The registered client the new cases are opened for (its identification). */
  client: number;
  /** Accounts not signed in, for the burst of sign-ins. */
  signIn: { emails: string[]; password: string };
  /** The case counter before the run. */
  counterBefore: number;
}

const CITY_COUNT = 10;

/**
 * Everything the soak needs, straight into the database (as the benches do: signing 1,000 users in
 * through argon2 would measure hashing): signed-in staff, the chat rooms' cases, a client, and
 * accounts with a real password hash for the burst of sign-ins.
 */
export async function seed(
  databaseUrl: string,
  opts: { chatUsers: number; investigators: number; rooms: number; signIns: number; runId: string },
): Promise<Seeded> {
  const p = opts.runId;
  const chat = await seedSignedInUsers(databaseUrl, opts.chatUsers, 'Administrador', `soak${p}c`);
  const inv = await seedSignedInUsers(databaseUrl, opts.investigators, 'Investigador', `soak${p}i`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: cities } = await client.query<{ id: string; departamento: string }>(
      `select id, departamento from ciudades order by (id = '11001') desc, id limit ${CITY_COUNT}`,
    );
    // One city per investigator, so a new case tells its city's share of them, not all of them.
    const cityOf = inv.ids.map((_, i) => cities[i % cities.length].id);
    await client.query(
      `update usuarios u set ciudades = array[c.city], lat = 4.6 + c.n * 0.0001, long = -74.08, ubicacion_fecha = now()
       from unnest($1::uuid[], $2::text[]) with ordinality as c(id, city, n) where u.id = c.id`,
      [inv.ids, cityOf],
    );
    const { rows: surnames } = await client.query<{ id: string; apellidos: string }>(
      `select id, apellidos from usuarios where id = any($1::uuid[])`,
      [inv.ids],
    );
    const surnameOf = new Map(surnames.map((r) => [r.id, r.apellidos]));
    const {
      rows: [empresa],
    } = await client.query<{ id: string }>(`select id from empresas where estado order by id limit 1`);
    if (!empresa) throw new Error('no active empresa in the reference data');
    const clientId = 70_000_000 + Math.floor(Math.random() * 1_000_000);
    const {
      rows: [cliente],
    } = await client.query(
      `insert into clientes (nombres, apellidos, tipoidentificacion, identificacion, telefono, ciudad, direccion)
       values ('CLIENTE', 'SOAK', 'CC', $1, '3104567890', '11001', 'CALLE 1') returning id`,
      [clientId],
    );
    const { rows: roomCases } = await client.query<{ id: string }>(
      `insert into casos (caso, estado, placa, uidciudad, ciudad_siniestro, departamento, direccion_siniestro, uidcliente, tipocaso)
       select 900000000 + g, 'Verificado', 'SK' || lpad(g::text, 4, '0'), '11001', 'BOGOTÁ, D.C.', 'BOGOTÁ, D.C.', 'CALLE 1', $1, 'Choque simple'
       from generate_series(1, ${opts.rooms}) g order by g returning id`,
      [cliente.id],
    );
    const { rows: chats } = await client.query<{ id: string; uidcaso: string }>(
      `insert into chats (tipo, uidcaso) select 'general', id from unnest($1::uuid[]) as id returning id, uidcaso`,
      [roomCases.map((r) => r.id)],
    );
    const roomOf = new Map(chats.map((c) => [c.uidcaso, c.id]));

    const password = `Soak-${p}-2026*`;
    const hash = await hashPassword(password);
    const emails = Array.from({ length: opts.signIns }, (_, i) => `soak${p}s${i}@vialex.test`);
    await client.query('begin');
    for (const [i, email] of emails.entries()) {
      const {
        rows: [cuenta],
      } = await client.query(`insert into cuentas (email, password_hash) values ($1, $2) returning id`, [email, hash]);
      await client.query(
        `insert into usuarios (uiid, nombres, apellidos, identificacion, email, cargo, area, ciudades)
         values ($1, 'SOAK', $2, $3, $4, 'Coordinador Investigador', 'INVESTIGACIÓN', '{11001}')`,
        [cuenta.id, `INGRESO ${p} ${i}`, 950_000_000 + i, email],
      );
    }
    await client.query('commit');
    const {
      rows: [counter],
    } = await client.query<{ n: number }>(`select ultimo_numero as n from contadores where nombre = 'numero_caso'`);
    return {
      chat,
      investigators: { ...inv, city: cityOf, surname: inv.ids.map((id) => surnameOf.get(id) ?? '') },
      rooms: roomCases.map((r) => ({ caseId: r.id, roomId: roomOf.get(r.id)! })),
      cities: cities.map((c) => ({ id: c.id, departamento: c.departamento })),
      empresa: empresa.id,
      client: clientId,
      signIn: { emails, password },
      counterBefore: Number(counter.n),
    };
  } finally {
    await client.end();
  }
}
