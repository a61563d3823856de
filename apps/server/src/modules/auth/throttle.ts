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

type Limits = Config['login'];

/**
 * Sign-in throttling, kept in the database so every instance agrees (docs/decisions.md "Sign-in throttling").
 *
 * Every attempt first reserves a row in `intentos_login` — pending while its password is checked,
 * and counted against the limits as if it had failed — under advisory locks on the account and
 * the address, so the check and the count are one step: of 20 parallel guesses only as many as
 * the limit are ever evaluated.
 *
 * - per account from one address: `maxPerAccount` failures in the window, then refused from that
 *   address for the window (the owner elsewhere is not locked out);
 * - per address: `maxPerIp` failures over all accounts in the window;
 * - per account from everywhere: after `backoffAfter` failures in the window, one evaluated
 *   attempt per `backoffSeconds`, which slows a guesser spread over many addresses;
 * - a trusted device (`device`: the id of a valid device cookie for this account, device.ts) is
 *   exempt from that back-off, so a guesser rotating addresses cannot hold the owner out, but
 *   after `deviceMaxFailures` failures of its own in the window it is refused, from any address,
 *   for the window. Its attempts still count on the account and on their address like any other.
 *
 * When a limit is reached only because of pending reservations (the failures alone are under
 * it), the attempt is not refused: it waits, holding no lock and no database connection, for
 * them to settle (a right password frees its place, a wrong one becomes a failure), then looks
 * again — for at most `waitMs`, then 429 'inicioSesionOcupado'. A burst of right passwords from
 * one office address thus goes through `maxPerIp` at a time. A reservation still pending after
 * `pendingSeconds` (its instance died mid-check) counts as a failure.
 *
 * Returns the reservation's id: the caller settles it with releaseAttempt (right password) or
 * failAttempt (anything else).
 */
export async function reserveAttempt(
  db: Db,
  config: Config,
  email: string,
  ip: string,
  device?: string,
): Promise<string> {
  const limits = config.login;
  // Sign-ins from many addresses at once hold at most this many pool connections for their
  // reservations (waiting on the advisory locks included); other requests keep the rest.
  const poolShare = Math.max(2, Math.floor(config.dbPoolSize / 4));
  const deadline = Date.now() + limits.waitMs;
  const local = localState(db);
  const accountSignal = local.signal(`e:${email}`);
  const addressSignal = local.signal(`a:${ip}`);
  try {
    return await reserveInTurns(
      db,
      limits,
      poolShare,
      { email, ip, device },
      deadline,
      local,
      accountSignal,
      addressSignal,
    );
  } finally {
    local.drop(`e:${email}`);
    local.drop(`a:${ip}`);
  }
}

async function reserveInTurns(
  db: Db,
  limits: Limits,
  poolShare: number,
  who: Who,
  deadline: number,
  local: LocalState,
  accountSignal: Signal,
  addressSignal: Signal,
): Promise<string> {
  for (;;) {
    // Attempts from one address take turns in this process: one at a time is in the database's
    // lock queue (the others hold no pool connection), and the one whose turn it is waits there
    // while the address is full of pending reservations, so a burst costs one look per place
    // freed, not one per waiter.
    const seenAccount = accountSignal.generation;
    const outcome = await local.inTurn(`a:${who.ip}`, async () => {
      for (;;) {
        const seenAddress = addressSignal.generation;
        const result = await local.reserving(poolShare, () => tryReserve(db, limits, who));
        if (result !== 'address busy') return result;
        const left = deadline - Date.now();
        if (left <= 0) return result;
        await addressSignal.settled(seenAddress, Math.min(left, limits.pollMs));
      }
    });
    if (typeof outcome === 'object') return outcome.id;
    const left = deadline - Date.now();
    if (left <= 0) throw tooMany(MSG.inicioSesionOcupado);
    // Busy on the account (its own parallel attempts): wait out of the address's line.
    if (outcome === 'account busy') await accountSignal.settled(seenAccount, Math.min(left, limits.pollMs));
  }
}

/** Who attempts: the account, the address, and the trusted device if any. */
interface Who {
  email: string;
  ip: string;
  device: string | undefined;
}

/**
 * One look under the locks: refuses (throws) when the failures alone reach a limit, answers
 * which limit is reached only with pending reservations, or reserves. (A device is bound to its
 * account by the cookie's signature, so the account's lock also covers the device's count.)
 */
async function tryReserve(
  db: Db,
  limits: Limits,
  { email, ip, device }: Who,
): Promise<{ id: string } | 'address busy' | 'account busy'> {
  const { maxPerAccount, maxPerIp, windowMinutes, backoffAfter, backoffSeconds, pendingSeconds, deviceMaxFailures } =
    limits;
  return db.transaction(async (tx) => {
    // Always account first, then address: two attempts never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ACCOUNT}, hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${ip}))`);
    const since = sql`now() - make_interval(mins => ${windowMinutes})`;
    // A failure, or a reservation pending for longer than a check can take.
    const failed = sql`(not pendiente or fecha <= now() - make_interval(secs => ${pendingSeconds}))`;
    const result = await tx.execute<{
      pair: number;
      pair_failed: number;
      address: number;
      address_failed: number;
      account: number;
      account_failed: number;
      last_account: string | null;
      last_account_failed: string | null;
      device: number;
      device_failed: number;
    }>(sql`
      select
        count(*) filter (where email = ${email} and ip = ${ip})::int as pair,
        count(*) filter (where email = ${email} and ip = ${ip} and ${failed})::int as pair_failed,
        count(*) filter (where ip = ${ip})::int as address,
        count(*) filter (where ip = ${ip} and ${failed})::int as address_failed,
        count(*) filter (where email = ${email})::int as account,
        count(*) filter (where email = ${email} and ${failed})::int as account_failed,
        max(fecha) filter (where email = ${email}) as last_account,
        max(fecha) filter (where email = ${email} and ${failed}) as last_account_failed,
        count(*) filter (where email = ${email} and dispositivo = ${device ?? null})::int as device,
        count(*) filter (where email = ${email} and dispositivo = ${device ?? null} and ${failed})::int as device_failed
      from intentos_login
      where (email = ${email} or ip = ${ip}) and fecha > ${since}`);
    const c = result.rows[0];
    const backoffLeft = (count: number, last: string | null) =>
      count >= backoffAfter && last ? new Date(last).getTime() + backoffSeconds * 1000 - Date.now() : 0;
    // The failures alone: refused.
    if (c.pair_failed >= maxPerAccount || c.address_failed >= maxPerIp || c.device_failed >= deviceMaxFailures) {
      throw tooMany(fmt(MSG.demasiadosIntentos, { minutos: windowMinutes }));
    }
    // A trusted device is exempt from the account-wide back-off.
    const wait = device ? 0 : backoffLeft(c.account_failed, c.last_account_failed);
    if (wait > 0) throw tooMany(fmt(MSG.demasiadosIntentosCuenta, { segundos: Math.ceil(wait / 1000) }));
    // Counting the pending reservations as failures: wait for them.
    if (c.address >= maxPerIp) return 'address busy';
    if (c.pair >= maxPerAccount || c.device >= deviceMaxFailures) return 'account busy';
    if (!device && backoffLeft(c.account, c.last_account) > 0) return 'account busy';
    const [row] = await tx
      .insert(intentos_login)
      .values({ email, ip, pendiente: true, dispositivo: device ?? null })
      .returning({ id: intentos_login.id });
    return { id: row.id };
  });
}

/**
 * A right password: the reservation and this address's (and this trusted device's) earlier
 * failures on the account are forgotten (failures from other addresses, and attempts still being
 * checked, still count); rows older than the window go too.
 */
export async function releaseAttempt(
  db: Db,
  config: Config,
  reservation: string,
  email: string,
  ip: string,
  device?: string,
): Promise<void> {
  const old = new Date(Date.now() - config.login.windowMinutes * 60_000);
  const failed = sql`(not ${intentos_login.pendiente} or ${intentos_login.fecha} <= now() - make_interval(secs => ${config.login.pendingSeconds}))`;
  await db
    .delete(intentos_login)
    .where(
      or(
        eq(intentos_login.id, reservation),
        and(eq(intentos_login.email, email), eq(intentos_login.ip, ip), failed),
        device ? and(eq(intentos_login.email, email), eq(intentos_login.dispositivo, device), failed) : undefined,
        lt(intentos_login.fecha, old),
      ),
    );
  localState(db).settled(email, ip);
}

/**
 * A right password that does not complete the sign-in yet (a second factor follows): its own place
 * is freed, and every failure on the account stays counted until the sign-in is complete.
 */
export async function settleAttempt(db: Db, reservation: string, email: string, ip: string): Promise<void> {
  await db.delete(intentos_login).where(eq(intentos_login.id, reservation));
  localState(db).settled(email, ip);
}

/** A wrong password (or an unknown or inactive account): the reservation stays as a failure. */
export async function failAttempt(db: Db, reservation: string, email: string, ip: string): Promise<void> {
  await db.update(intentos_login).set({ pendiente: false }).where(eq(intentos_login.id, reservation));
  localState(db).settled(email, ip);
}

/** The attempts of this process currently waiting for pending reservations (for the tests). */
export function waitingAttempts(db: Db): number {
  return localState(db).waiting;
}

/**
 * A wake-up for whoever waits on a key: `generation` grows at every settle, so a waiter that
 * looked before a settle it did not see returns at once instead of missing it.
 */
class Signal {
  generation = 0;
  private wakers = new Set<() => void>();
  constructor(private readonly owner: LocalState) {}

  notify() {
    this.generation++;
    for (const wake of this.wakers) wake();
    this.wakers.clear();
  }

  /** Resolves at the next settle after `seen`, or after `ms` (settles on other instances). */
  settled(seen: number, ms: number): Promise<void> {
    if (this.generation !== seen) return Promise.resolve();
    return new Promise((resolve) => {
      this.owner.waiting++;
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        this.owner.waiting--;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}

/** Per server (the tests start several in one process): the turns and wake-ups of this process. */
const states = new WeakMap<Db, LocalState>();
function localState(db: Db): LocalState {
  let state = states.get(db);
  if (!state) states.set(db, (state = new LocalState()));
  return state;
}

class LocalState {
  waiting = 0;
  private signals = new Map<string, { signal: Signal; users: number }>();
  private turns = new Map<string, { tail: Promise<void>; users: number }>();

  /** A signal kept while any attempt of this process holds it (see reserveAttempt). */
  signal(key: string): Signal {
    let entry = this.signals.get(key);
    if (!entry) this.signals.set(key, (entry = { signal: new Signal(this), users: 0 }));
    entry.users++;
    return entry.signal;
  }

  drop(key: string) {
    const entry = this.signals.get(key);
    if (entry && --entry.users === 0) this.signals.delete(key);
  }

  settled(email: string, ip: string) {
    this.signals.get(`e:${email}`)?.signal.notify();
    this.signals.get(`a:${ip}`)?.signal.notify();
  }

  private inTransaction = 0;
  private transactionQueue: (() => void)[] = [];

  /** Runs `work` with at most `max` others of this process at once (first come, first served). */
  async reserving<T>(max: number, work: () => Promise<T>): Promise<T> {
    if (this.inTransaction >= max) await new Promise<void>((resolve) => this.transactionQueue.push(resolve));
    else this.inTransaction++;
    try {
      return await work();
    } finally {
      const next = this.transactionQueue.shift();
      if (next) next();
      else this.inTransaction--;
    }
  }

  /** Runs `work` when every earlier caller with this key has finished (first come, first served). */
  async inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    let turn = this.turns.get(key);
    if (!turn) this.turns.set(key, (turn = { tail: Promise.resolve(), users: 0 }));
    turn.users++;
    const before = turn.tail;
    let finish!: () => void;
    turn.tail = new Promise((resolve) => (finish = resolve));
    await before;
    try {
      return await work();
    } finally {
      finish();
      if (--turn.users === 0) this.turns.delete(key);
    }
  }
}
