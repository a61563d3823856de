import pg from 'pg';
import { hashSessionToken, newLoginToken, newSessionToken } from '../../apps/server/src/modules/auth/tokens.js';

/**
 * Inserts signed-in staff users straight into the database (signing 1,000 users in through
 * argon2 would measure password hashing, not the budget under test). Returns their cookies.
 */
export async function seedSignedInUsers(
  databaseUrl: string,
  count: number,
  cargo = 'Investigador',
  prefix = 'bench',
): Promise<{ ids: string[]; cookies: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids: string[] = [];
  const cookies: string[] = [];
  try {
    await client.query('begin');
    for (let i = 0; i < count; i++) {
      const email = `${prefix}${i}@vialex.test`;
      const tokenLogin = newLoginToken();
      const token = newSessionToken();
      const {
        rows: [cuenta],
      } = await client.query(`insert into cuentas (email, password_hash) values ($1, 'x') returning id`, [email]);
      const {
        rows: [user],
      } = await client.query(
        `insert into usuarios (uiid, nombres, apellidos, identificacion, email, cargo, area, login, token_login, ultimo_login, duracion_sesion, disponibilidad, ciudades)
         values ($1, 'BENCH', $2, $3, $4, $5, 'INVESTIGACIÓN', true, $6, now(), 600, 'Activo en espera', '{11001}') returning id`,
        [cuenta.id, `USUARIO ${prefix} ${i}`, 900000000 + i, email, cargo, tokenLogin],
      );
      await client.query(`insert into sesiones (id, usuario, token_login) values ($1, $2, $3)`, [
        hashSessionToken(token),
        user.id,
        tokenLogin,
      ]);
      ids.push(user.id);
      cookies.push(`vialex_sid=${token}`);
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  return { ids, cookies };
}
