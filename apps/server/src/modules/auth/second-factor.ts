import { eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { MSG } from '@vialex/domain';
import type { Db, Executor } from '../../db/client.js';
import { cuentas, usuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { nameOf, recordAudit, type AuditActor } from '../audit/record.js';
import { trustedDevice } from './device.js';
import { endPendingSignIn, endUserPendingSignIns, type PendingSignIn } from './pending-sign-in.js';
import {
  authenticationOptions,
  passkeyNamed,
  passkeyRefused,
  registerPasskey,
  registrationOptions,
  removePasskeys,
  verifyPasskey,
  type RelyingParty,
} from './passkeys.js';
import { removeRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.js';
import { startSession } from './service.js';
import type { UserRow } from './session.js';
import { failAttempt, releaseAttempt, reserveAttempt } from './throttle.js';
import { checkTotp, confirmTotp, removeTotp, startTotpSetup } from './totp.js';

/*
 * The sign-in's steps after a right password: the second factor of a user who has one, or the
 * setup of one by a user whose cargo requires it; and the sign-in with a passkey alone. Each
 * attempt goes through the sign-in throttle as a password does (throttle.ts), counted under the
 * account's e-mail: a wrong code is a failed sign-in, and only a complete sign-in forgets the
 * failures. No session exists before the step is done (pending-sign-in.ts).
 */

export const wrongTotp = () => new AppError(401, 'TOTP_WRONG', MSG.codigoTotpIncorrecto);
export const wrongRecoveryCode = () => new AppError(401, 'RECOVERY_CODE_WRONG', MSG.codigoRecuperacionIncorrecto);

/** The request's side of a sign-in step: its address, browser and trusted-device cookie. */
export interface SignInRequest {
  ip: string;
  userAgent: string;
  deviceCookie?: string;
}

/**
 * One attempt of a sign-in's later step, under the throttle as a password is: `check` answers
 * whether the proof is right (or throws a refusal); wrong, the attempt stays a failure.
 */
async function throttled<T>(ctx: AppContext, email: string, req: SignInRequest, check: () => Promise<T>): Promise<T> {
  const { db, config } = ctx;
  const device = await trustedDevice(db, config, email, req.deviceCookie);
  const reservation = await reserveAttempt(db, config, email, req.ip, device);
  let result: T;
  try {
    result = await check();
  } catch (err) {
    await failAttempt(db, reservation, email, req.ip).catch(() => undefined);
    throw err;
  }
  await releaseAttempt(db, config, reservation, email, req.ip, device);
  return result;
}

/** The pending sign-in is used up and its session starts. */
async function finish(ctx: AppContext, pending: PendingSignIn, req: SignInRequest) {
  await endPendingSignIn(ctx.db, pending);
  return startSession(ctx, pending.user.id, { email: pending.email, ...req });
}

/** The second step with a code: the app's (each code once) or a recovery code (each once). */
export async function verifyCode(
  ctx: AppContext,
  pending: PendingSignIn,
  req: SignInRequest,
  input: { metodo: 'totp' | 'recuperacion'; codigo: string },
  now = Date.now(),
) {
  await throttled(ctx, pending.email, req, async () => {
    if (input.metodo === 'totp') {
      if (!(await checkTotp(ctx.db, ctx.config, pending.user.id, input.codigo, now))) throw wrongTotp();
    } else if (!(await useRecoveryCode(ctx.db, pending.user.id, input.codigo))) throw wrongRecoveryCode();
  });
  return finish(ctx, pending, req);
}

/** Options for the second step with one of the pending user's passkeys. */
export function secondStepPasskeyOptions(db: Db, rp: RelyingParty, pending: PendingSignIn) {
  return authenticationOptions(db, rp, pending.user.id);
}

const warnCloned = (ctx: AppContext, passkeyId: string) => () =>
  ctx.log?.warn(
    { passkey: passkeyId },
    'passkey refused: its signature counter did not grow (a cloned authenticator?)',
  );

/** The second step with a passkey: one of the pending user's own. */
export async function verifySecondStepPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  pending: PendingSignIn,
  req: SignInRequest,
  response: AuthenticationResponseJSON,
) {
  await throttled(ctx, pending.email, req, async () => {
    const passkey = await passkeyNamed(ctx.db, response);
    if (!passkey || passkey.usuario !== pending.user.id) throw passkeyRefused();
    await verifyPasskey(ctx.db, rp, passkey, response, { secondStepOf: pending.user.id }, warnCloned(ctx, passkey.id));
  });
  return finish(ctx, pending, req);
}

/**
 * A sign-in with a passkey alone: the credential names its user, verified on the device (PIN,
 * fingerprint), so it is both factors. An unknown credential (never registered, or removed) is
 * refused as any other failure; a known one's attempt counts under its user's e-mail.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  req: SignInRequest,
  response: AuthenticationResponseJSON,
) {
  const passkey = await passkeyNamed(ctx.db, response);
  if (!passkey) throw passkeyRefused();
  const [owner] = await ctx.db
    .select({ user: usuarios, email: cuentas.email })
    .from(usuarios)
    .innerJoin(cuentas, eq(cuentas.id, usuarios.uiid))
    .where(eq(usuarios.id, passkey.usuario));
  if (!owner) throw passkeyRefused();
  await throttled(ctx, owner.email, req, async () => {
    if (!owner.user.estado) throw passkeyRefused();
    await verifyPasskey(ctx.db, rp, passkey, response, {}, warnCloned(ctx, passkey.id));
  });
  return startSession(ctx, owner.user.id, { email: owner.email, ...req });
}

/** The staff user acting on their own factors, as AUDITORÍA names them. */
export function selfActor(user: UserRow): AuditActor {
  return { id: user.id, nombre: nameOf(user), cargo: user.cargo };
}

const userObject = (user: Pick<UserRow, 'id' | 'nombres' | 'apellidos'>) => ({
  tipo: 'usuario' as const,
  id: user.id,
  etiqueta: nameOf(user),
});

/**
 * A factor added in `tx`: recorded, and when it is the user's first, ten recovery codes (answered
 * this once); otherwise null.
 */
export async function factorAdded(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'nombres' | 'apellidos'>,
  actor: AuditActor,
  ip: string | null | undefined,
  factor: { metodo: 'totp' | 'llave'; nombre?: string },
  hadFactor: boolean,
): Promise<string[] | null> {
  await recordAudit(tx, {
    actor,
    ...(ip === undefined ? {} : { ip }),
    accion: 'usuario.segundo_factor_agregado',
    objeto: userObject(user),
    despues: factor,
  });
  return hadFactor ? null : replaceRecoveryCodes(tx, user.id);
}

/** Setup at sign-in: the app's key and QR code for the pending user. */
export function setupTotpAtSignIn(ctx: AppContext, pending: PendingSignIn) {
  return startTotpSetup(ctx.db, ctx.config, { id: pending.user.id, email: pending.email });
}

/**
 * Setup at sign-in: the app's first code. Wrong, a failed sign-in (throttled); right, the app is
 * active, the recovery codes issued, the act recorded, and the session starts.
 */
export async function confirmTotpAtSignIn(
  ctx: AppContext,
  pending: PendingSignIn,
  req: SignInRequest,
  code: string,
  now = Date.now(),
) {
  const codes = await throttled(ctx, pending.email, req, () =>
    ctx.db.transaction(async (tx) => {
      if (!(await confirmTotp(ctx.db, ctx.config, tx, pending.user.id, code, now))) throw wrongTotp();
      const issued = await factorAdded(tx, pending.user, selfActor(pending.user), req.ip, { metodo: 'totp' }, false);
      return issued!;
    }),
  );
  const session = await finish(ctx, pending, req);
  return { session, codes };
}

export function setupPasskeyOptionsAtSignIn(db: Db, rp: RelyingParty, pending: PendingSignIn) {
  return registrationOptions(db, rp, { ...pending.user, email: pending.email });
}

/** Setup at sign-in with a passkey: stored, codes issued, recorded, and the session starts. */
export async function registerPasskeyAtSignIn(
  ctx: AppContext,
  rp: RelyingParty,
  pending: PendingSignIn,
  req: SignInRequest,
  input: { nombre: string; respuesta: RegistrationResponseJSON },
) {
  const codes = await throttled(ctx, pending.email, req, () =>
    ctx.db.transaction(async (tx) => {
      const stored = await registerPasskey(ctx.db, tx, rp, pending.user.id, input.nombre, input.respuesta);
      const issued = await factorAdded(
        tx,
        pending.user,
        selfActor(pending.user),
        req.ip,
        { metodo: 'llave', nombre: stored.nombre },
        false,
      );
      return issued!;
    }),
  );
  const session = await finish(ctx, pending, req);
  return { session, codes };
}

/**
 * Every factor of the user goes (an administrator's reset when asked, `npm run admin`): the app,
 * the passkeys, the recovery codes, any sign-in waiting for them. Recorded when there was any.
 */
export async function clearSecondFactor(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'nombres' | 'apellidos'>,
  actor: AuditActor,
): Promise<boolean> {
  const app = await removeTotp(tx, user.id);
  const keys = await removePasskeys(tx, user.id);
  await removeRecoveryCodes(tx, user.id);
  await endUserPendingSignIns(tx, user.id);
  if (!app && !keys) return false;
  await recordAudit(tx, {
    actor,
    accion: 'usuario.segundo_factor_restablecido',
    objeto: userObject(user),
    antes: { app, llaves: keys },
    despues: { app: false, llaves: 0 },
  });
  return true;
}
