import { and, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { MSG, type SecondFactorStatus, type TotpSetup } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { cuentas, factoresTotp, sesiones } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { recordAudit, nameOf } from '../audit/record.js';
import { checkPassword } from './password-check.js';
import { passkeysOf, registerPasskey, registrationOptions, removePasskey, type RelyingParty } from './passkeys.js';
import { remainingRecoveryCodes, removeRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.js';
import { isSecondFactorRequired } from './required-cargos.js';
import { factorAdded, wrongTotp } from './second-factor.js';
import { hasSecondFactor } from './second-factor-state.js';
import type { Viewer } from './session.js';
import { confirmTotp, removeTotp, startTotpSetup } from './totp.js';

/*
 * Mi perfil: the signed-in user's own factors. Every change asks for a recent proof of the
 * password — the session's sign-in or a confirmation within PROOF_MINUTES — so a session left open
 * on a shared computer cannot add its own passkey or remove the owner's. A user whose cargo
 * requires a second factor cannot remove their last one.
 */

export const PROOF_MINUTES = 10;

export const proofRequired = () => new AppError(403, 'PASSWORD_PROOF_REQUIRED', MSG.confirmarIdentidad);

/** The password again (throttled as a sign-in): the session counts as proven for PROOF_MINUTES. */
export async function provePassword(
  ctx: AppContext,
  viewer: Viewer,
  input: { password: string; ip: string; deviceCookie?: string },
) {
  const [account] = await ctx.db.select().from(cuentas).where(eq(cuentas.id, viewer.user.uiid));
  await checkPassword(ctx, { ...input, email: account.email }, async () => ({ cuenta: account, user: viewer.user }));
  await ctx.db.update(sesiones).set({ verificado: new Date() }).where(eq(sesiones.id, viewer.sessionId));
}

async function requireProof(db: Executor, viewer: Viewer): Promise<void> {
  const since = new Date(Date.now() - PROOF_MINUTES * 60_000);
  const [recent] = await db
    .select({ id: sesiones.id })
    .from(sesiones)
    .where(and(eq(sesiones.id, viewer.sessionId), or(gt(sesiones.creado, since), gt(sesiones.verificado, since))));
  if (!recent) throw proofRequired();
}

export async function myFactors(ctx: AppContext, viewer: Viewer): Promise<SecondFactorStatus> {
  const { db } = ctx;
  const [app] = await db
    .select({ confirmado: factoresTotp.confirmado })
    .from(factoresTotp)
    .where(and(eq(factoresTotp.usuario, viewer.id), isNotNull(factoresTotp.confirmado)));
  const keys = await passkeysOf(db, viewer.id);
  return {
    requerido: await isSecondFactorRequired(db, viewer.cargo),
    totp: { activo: !!app, desde: app?.confirmado?.toISOString() ?? null },
    llaves: keys.map((k) => ({
      id: k.id,
      nombre: k.nombre,
      creado: k.creado.toISOString(),
      ultimoUso: k.ultimo_uso?.toISOString() ?? null,
    })),
    codigosRestantes: app || keys.length ? await remainingRecoveryCodes(db, viewer.id) : 0,
  };
}

export async function startMyTotp(ctx: AppContext, viewer: Viewer): Promise<TotpSetup> {
  await requireProof(ctx.db, viewer);
  return startTotpSetup(ctx.db, ctx.config, { id: viewer.id, email: viewer.user.email });
}

export async function confirmMyTotp(ctx: AppContext, viewer: Viewer, code: string, now = Date.now()) {
  await requireProof(ctx.db, viewer);
  return ctx.db.transaction(async (tx) => {
    const had = await hasSecondFactor(tx, viewer.id);
    if (!(await confirmTotp(ctx.db, ctx.config, tx, viewer.id, code, now))) throw wrongTotp();
    return factorAdded(tx, viewer.user, viewer, undefined, { metodo: 'totp' }, had);
  });
}

export async function myPasskeyOptions(ctx: AppContext, viewer: Viewer, rp: RelyingParty) {
  await requireProof(ctx.db, viewer);
  return registrationOptions(ctx.db, rp, viewer.user);
}

export async function addMyPasskey(
  ctx: AppContext,
  viewer: Viewer,
  rp: RelyingParty,
  input: { nombre: string; respuesta: RegistrationResponseJSON },
) {
  await requireProof(ctx.db, viewer);
  return ctx.db.transaction(async (tx) => {
    const had = await hasSecondFactor(tx, viewer.id);
    const stored = await registerPasskey(ctx.db, tx, rp, viewer.id, input.nombre, input.respuesta);
    const codes = await factorAdded(
      tx,
      viewer.user,
      viewer,
      undefined,
      { metodo: 'llave', nombre: stored.nombre },
      had,
    );
    return { codes, nombre: stored.nombre };
  });
}

/**
 * After a removal: a required cargo must keep a factor (the removal is undone), and with none
 * left the recovery codes go too (they are the way back to a factor, not one).
 */
async function afterRemoval(tx: Executor, viewer: Viewer, what: object) {
  const left = await hasSecondFactor(tx, viewer.id);
  if (!left && (await isSecondFactorRequired(tx, viewer.cargo)))
    throw conflict('SECOND_FACTOR_REQUIRED', MSG.segundoFactorNoQuitar);
  if (!left) await removeRecoveryCodes(tx, viewer.id);
  await recordAudit(tx, {
    actor: viewer,
    accion: 'usuario.segundo_factor_eliminado',
    objeto: { tipo: 'usuario', id: viewer.id, etiqueta: nameOf(viewer.user) },
    antes: what,
  });
}

export async function removeMyTotp(ctx: AppContext, viewer: Viewer): Promise<void> {
  await requireProof(ctx.db, viewer);
  await ctx.db.transaction(async (tx) => {
    const wasActive = await removeTotp(tx, viewer.id);
    if (!wasActive) throw notFound(MSG.sinSegundoFactor);
    await afterRemoval(tx, viewer, { metodo: 'totp' });
  });
}

export async function removeMyPasskey(ctx: AppContext, viewer: Viewer, id: string): Promise<string> {
  await requireProof(ctx.db, viewer);
  return ctx.db.transaction(async (tx) => {
    const nombre = await removePasskey(tx, viewer.id, id);
    if (nombre === undefined) throw notFound(MSG.llaveNoExiste);
    await afterRemoval(tx, viewer, { metodo: 'llave', nombre });
    return nombre;
  });
}

/** Ten new recovery codes (the earlier ones stop working); only with a factor to recover. */
export async function newMyRecoveryCodes(ctx: AppContext, viewer: Viewer): Promise<string[]> {
  await requireProof(ctx.db, viewer);
  return ctx.db.transaction(async (tx) => {
    if (!(await hasSecondFactor(tx, viewer.id))) throw conflict('NO_SECOND_FACTOR', MSG.sinSegundoFactor);
    return replaceRecoveryCodes(tx, viewer.id);
  });
}
