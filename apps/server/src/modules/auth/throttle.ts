import { and, eq, lt, or, sql } from 'drizzle-orm';
import { MSG, fmt } from '@vialex/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { intentos_login } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/** Advisory-lock namespaces (first key) of the sign-in counters; the second key hashes the value. */
const LOCK_ACCOUNT = 727002;
const LOCK_ADDRESS = 727003;

const tooMany = (message: string) => new AppError(429, 'TOO_MANY_ATTEMPTS', message);

/**
 * Sign-in throttling, kept in the database so every instance agrees (README "Sign-in throttling").
 *
 * Every attempt first reserves a row in `intentos_login` — counted as a failure until the
 * password proves right — under advisory locks on the account and the address, so the check and
 * the count are one step: of 20 parallel guesses only as many as the limit are ever evaluated.
 *
 * - per account from one address: `maxPerAccount` failures in the window, then refused from that
 *   address for the window (the owner elsewhere is not locked out);
 * - per address: `maxPerIp` failures over all accounts in the window;
 * - per account from everywhere: after `backoffAfter` failures in the window, one evaluated
 *   attempt per `backoffSeconds`, which slows a guesser spread over many addresses.
 *
 * Returns the reservation's id: the caller releases it (and the address's failures on that
 * account) when the password was right, and leaves it as a failure otherwise.
 */
export async function reserveAttempt(db: Db, config: Config, email: string, ip: string): Promise<string> {
  const { maxPerAccount, maxPerIp, windowMinutes, backoffAfter, backoffSeconds } = config.login;
  return db.transaction(async (tx) => {
    // Always account first, then address: two attempts never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ACCOUNT}, hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${ip}))`);
    const since = sql`now() - make_interval(mins => ${windowMinutes})`;
    const result = await tx.execute<{
      pair: number;
      account: number;
      address: number;
      last_account: string | null;
    }>(sql`
      select
        count(*) filter (where email = ${email} and ip = ${ip})::int as pair,
        count(*) filter (where email = ${email})::int as account,
        count(*) filter (where ip = ${ip})::int as address,
        max(fecha) filter (where email = ${email}) as last_account
      from intentos_login
      where (email = ${email} or ip = ${ip}) and fecha > ${since}`);
    const counts = result.rows[0];
    if (counts.pair >= maxPerAccount || counts.address >= maxPerIp) {
      throw tooMany(fmt(MSG.demasiadosIntentos, { minutos: windowMinutes }));
    }
    if (counts.account >= backoffAfter && counts.last_account) {
      const wait = new Date(counts.last_account).getTime() + backoffSeconds * 1000 - Date.now();
      if (wait > 0) throw tooMany(fmt(MSG.demasiadosIntentosCuenta, { segundos: Math.ceil(wait / 1000) }));
    }
    const [row] = await tx.insert(intentos_login).values({ email, ip }).returning({ id: intentos_login.id });
    return row.id;
  });
}

/**
 * A right password: the reservation and this address's earlier failures on the account are
 * forgotten (failures from other addresses still count); rows older than the window go too.
 */
export async function releaseAttempt(db: Db, config: Config, email: string, ip: string): Promise<void> {
  const old = new Date(Date.now() - config.login.windowMinutes * 60_000);
  await db
    .delete(intentos_login)
    .where(or(and(eq(intentos_login.email, email), eq(intentos_login.ip, ip)), lt(intentos_login.fecha, old)));
}
