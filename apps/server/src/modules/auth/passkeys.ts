import crypto from 'node:crypto';
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { MSG, PASSKEYS_MAX } from '@vialex/domain';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { desafiosWebauthn, llavesAcceso, type CHALLENGE_PURPOSES } from '../../db/schema/index.js';
import { AppError, conflict } from '../../platform/errors.js';
import type { OriginRequest } from '../../platform/origin.js';

/*
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party — the domain a passkey is
 * bound to, and the origins its ceremonies may come from — is the configured one: PUBLIC_URL and
 * APP_ORIGINS (the first names the domain; an origin outside it cannot use it). Only with neither
 * set (the demo, development) is it the request's own origin: the browser signs the origin it
 * really showed, so a forged Host header gains a ceremony for a domain whose passkeys it does not
 * hold. A challenge is random, kept until it is used once or two minutes pass.
 */

type Purpose = (typeof CHALLENGE_PURPOSES)[number];

const CHALLENGE_MS = 120_000;
const RP_NAME = 'VIALEX';

export const passkeyRefused = () => new AppError(401, 'PASSKEY_REFUSED', MSG.llaveNoVerificada);

export interface RelyingParty {
  rpID: string;
  origins: string[];
}

export function relyingParty(
  config: Pick<Config, 'publicUrl' | 'appOrigins'>,
  request: Pick<OriginRequest, 'protocol' | 'host'>,
): RelyingParty {
  const configured = [...new Set([config.publicUrl, ...config.appOrigins].filter((o): o is string => !!o))];
  if (configured.length) {
    const rpID = new URL(configured[0]).hostname;
    const inDomain = (o: string) => {
      const host = new URL(o).hostname;
      return host === rpID || host.endsWith(`.${rpID}`);
    };
    return { rpID, origins: configured.filter(inDomain) };
  }
  const own = new URL(`${request.protocol}://${request.host}`);
  return { rpID: own.hostname, origins: [own.origin] };
}

/** The WebAuthn user handle of a staff user: their id's 16 bytes (no name, no e-mail). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));

/**
 * A new challenge, answered as bytes: the options carry them base64url-encoded, which is the form
 * kept here and the one the browser signs in its clientDataJSON.
 */
async function issueChallenge(db: Db, proposito: Purpose, usuario: string | null): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = crypto.randomFillSync(new Uint8Array(32));
  const desafio = Buffer.from(bytes).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(desafiosWebauthn).where(lt(desafiosWebauthn.vence, now));
    await tx
      .insert(desafiosWebauthn)
      .values({ desafio, proposito, usuario, vence: new Date(now.getTime() + CHALLENGE_MS) });
  });
  return bytes;
}

/** The challenge the browser signed (in its clientDataJSON), taken once: its user, or undefined. */
async function takeChallenge(
  db: Executor,
  response: { response: { clientDataJSON: string } },
  proposito: Purpose,
): Promise<{ desafio: string; usuario: string | null } | undefined> {
  let desafio: unknown;
  try {
    desafio = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')).challenge;
  } catch {
    return undefined;
  }
  if (typeof desafio !== 'string') return undefined;
  const [taken] = await db
    .delete(desafiosWebauthn)
    .where(
      and(
        eq(desafiosWebauthn.desafio, desafio),
        eq(desafiosWebauthn.proposito, proposito),
        sql`${desafiosWebauthn.vence} > now()`,
      ),
    )
    .returning({ desafio: desafiosWebauthn.desafio, usuario: desafiosWebauthn.usuario });
  return taken;
}

export async function passkeysOf(db: Executor, userId: string) {
  return db.select().from(llavesAcceso).where(eq(llavesAcceso.usuario, userId)).orderBy(asc(llavesAcceso.creado));
}

/** Options for navigator.credentials.create(): a discoverable credential, so it signs in alone later. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: string; email: string; nombres: string; apellidos: string },
): Promise<Record<string, unknown>> {
  const existing = await passkeysOf(db, user.id);
  if (existing.length >= PASSKEYS_MAX)
    throw conflict('PASSKEYS_MAX', MSG.llavesMaximo.replace('{max}', String(PASSKEYS_MAX)));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: `${user.nombres} ${user.apellidos}`.trim(),
    userID: userHandle(user.id),
    challenge: await issueChallenge(db, 'registro', user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.credencial,
      transports: c.transportes as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MS,
  });
  // Passed through to the browser as JSON.
  return options as unknown as Record<string, unknown>;
}

/**
 * Verifies the browser's new credential against a challenge issued to this user and stores it
 * under `nombre` (in the caller's transaction). Refused: no such challenge (used, expired, another
 * user's), a response that does not verify, or a credential already registered.
 */
export async function registerPasskey(
  db: Db,
  tx: Executor,
  rp: RelyingParty,
  userId: string,
  nombre: string,
  response: RegistrationResponseJSON,
): Promise<{ id: string; nombre: string }> {
  const challenge = await takeChallenge(tx, response, 'registro');
  if (!challenge || challenge.usuario !== userId) throw passkeyRefused();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.desafio,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw passkeyRefused();
  }
  if (!verified.verified) throw passkeyRefused();
  const { credential } = verified.registrationInfo;
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(llavesAcceso)
    .where(eq(llavesAcceso.usuario, userId));
  if (count.n >= PASSKEYS_MAX) throw conflict('PASSKEYS_MAX', MSG.llavesMaximo.replace('{max}', String(PASSKEYS_MAX)));
  const [stored] = await tx
    .insert(llavesAcceso)
    .values({
      usuario: userId,
      credencial: credential.id,
      clave_publica: Buffer.from(credential.publicKey).toString('base64url'),
      contador: credential.counter,
      transportes: credential.transports ?? [],
      nombre,
    })
    .onConflictDoNothing()
    .returning({ id: llavesAcceso.id, nombre: llavesAcceso.nombre });
  if (!stored) throw conflict('PASSKEY_TAKEN', MSG.llaveYaRegistrada);
  return stored;
}

/**
 * Options for navigator.credentials.get(): for a sign-in with a passkey alone, any discoverable
 * credential of this site, with the user verified on the device (PIN, fingerprint): the passkey
 * is then both factors. As a second step, the pending user's own passkeys.
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  secondStepOf?: string,
): Promise<Record<string, unknown>> {
  const allow = secondStepOf ? await passkeysOf(db, secondStepOf) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: await issueChallenge(db, secondStepOf ? 'segundo_factor' : 'ingreso', secondStepOf ?? null),
    allowCredentials: allow.map((c) => ({ id: c.credencial, transports: c.transportes as AuthenticatorTransport[] })),
    userVerification: secondStepOf ? 'preferred' : 'required',
    timeout: CHALLENGE_MS,
  });
  return options as unknown as Record<string, unknown>;
}

/** The stored passkey a browser's assertion names (by credential id), with its user. */
export async function passkeyNamed(db: Executor, response: AuthenticationResponseJSON) {
  const [row] = await db.select().from(llavesAcceso).where(eq(llavesAcceso.credencial, response.id));
  return row;
}

/**
 * Verifies an assertion of `passkey` against a challenge issued for this purpose (and, as a second
 * step, this user), then moves its counter forward in the same statement that checks it. A
 * counter that did not grow (and is not the 0 of an authenticator that keeps none) is a cloned
 * or replayed authenticator: refused. Answers nothing; throws 401 'PASSKEY_REFUSED'.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  passkey: typeof llavesAcceso.$inferSelect,
  response: AuthenticationResponseJSON,
  purpose: { secondStepOf?: string },
  onCloned: () => void,
): Promise<void> {
  const challenge = await takeChallenge(db, response, purpose.secondStepOf ? 'segundo_factor' : 'ingreso');
  if (!challenge || challenge.usuario !== (purpose.secondStepOf ?? null)) throw passkeyRefused();
  // A passkey alone names its user: it must be the one whose credential it is.
  if (!purpose.secondStepOf && response.response.userHandle) {
    const handle = Buffer.from(response.response.userHandle, 'base64url');
    if (!handle.equals(Buffer.from(userHandle(passkey.usuario)))) throw passkeyRefused();
  }
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.desafio,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credencial,
        publicKey: new Uint8Array(Buffer.from(passkey.clave_publica, 'base64url')),
        counter: passkey.contador,
        transports: passkey.transportes as AuthenticatorTransport[],
      },
      requireUserVerification: !purpose.secondStepOf,
    });
  } catch (err) {
    if (/counter/i.test((err as Error).message)) onCloned();
    throw passkeyRefused();
  }
  if (!verified.verified) throw passkeyRefused();
  const counter = verified.authenticationInfo.newCounter;
  const moved = await db
    .update(llavesAcceso)
    .set({ contador: counter, ultimo_uso: new Date() })
    .where(
      and(
        eq(llavesAcceso.id, passkey.id),
        or(lt(llavesAcceso.contador, counter), sql`(${counter}::bigint = 0 and ${llavesAcceso.contador} = 0)`),
      ),
    )
    .returning({ id: llavesAcceso.id });
  if (!moved.length) {
    onCloned();
    throw passkeyRefused();
  }
}

/** Removes one of the user's passkeys; answers its name, or undefined when it is not theirs. */
export async function removePasskey(tx: Executor, userId: string, id: string): Promise<string | undefined> {
  const [gone] = await tx
    .delete(llavesAcceso)
    .where(and(eq(llavesAcceso.id, id), eq(llavesAcceso.usuario, userId)))
    .returning({ nombre: llavesAcceso.nombre });
  return gone?.nombre;
}

export async function removePasskeys(tx: Executor, userId: string): Promise<number> {
  const gone = await tx.delete(llavesAcceso).where(eq(llavesAcceso.usuario, userId)).returning({ id: llavesAcceso.id });
  return gone.length;
}
