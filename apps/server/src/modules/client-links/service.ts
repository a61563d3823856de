import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MSG, type ClientLinkState } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { settingOnce } from '../../db/settings.js';
import { casos, enlacesCliente, sesionesCliente } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/record.js';
import { caseLabel } from '../audit/targets.js';
import type { Viewer } from '../../platform/viewer.js';
import { endClientSessionsWhere } from './client-session.js';
import { SHORT_CODE_PATTERN, isSigned, newClientToken, newShortCode, openToken, sealToken, sha256 } from './tokens.js';

/**
 * The client's case links (decisions.md D5): each SMS issues a new one for that one case; it
 * opens the case until it expires (CLIENT_LINK_DAYS, 7 by default) or staff revoke it. The
 * client reaches it through Vialex's own short link, /s/{code} (decisions.md D9).
 */

const SECRET_SETTING = 'client_links.secret';
const secrets = new WeakMap<object, Promise<Buffer>>();

/** The HMAC secret of the links: made once for every instance and kept in `configuracion`. */
function linkSecret(ctx: AppContext): Promise<Buffer> {
  let secret = secrets.get(ctx.database);
  if (!secret) {
    secret = settingOnce(ctx.db, SECRET_SETTING, () => crypto.randomBytes(32).toString('base64url')).then((s) =>
      Buffer.from(s, 'base64url'),
    );
    secret.catch(() => secrets.delete(ctx.database));
    secrets.set(ctx.database, secret);
  }
  return secret;
}

export interface IssuedLink {
  id: string;
  token: string;
  code: string;
  expira: Date;
}

/** A new link for the case: its token (for the client's entry page) and its short code (for the SMS). */
export async function issueClientLink(
  ctx: AppContext,
  db: Executor,
  caseId: string,
  issuedBy: string,
): Promise<IssuedLink> {
  const secret = await linkSecret(ctx);
  const token = newClientToken(secret);
  const code = newShortCode();
  const expira = new Date(Date.now() + ctx.config.clientLinkDays * 24 * 60 * 60 * 1000);
  const [row] = await db
    .insert(enlacesCliente)
    .values({
      uidcaso: caseId,
      token_hash: sha256(token),
      codigo_hash: sha256(code),
      token_cifrado: sealToken(secret, code, token),
      expira,
      creado_por: issuedBy,
    })
    .returning({ id: enlacesCliente.id });
  return { id: row.id, token, code, expira };
}

export type ClientLinkCheck =
  { ok: true; caseId: string; linkId: string; expira: Date } | { ok: false; reason: 'forged' | 'expired' | 'revoked' };

/**
 * What a client's token opens (for the client's entry page, /login/auth-cliente/{token}): the
 * case id, or why not — `forged` (not signed by this server, or signed but never issued: a bare
 * case id is one), `expired`, `revoked`. The entry page answers each as decisions.md D5 says.
 */
export async function verifyClientLink(ctx: AppContext, token: string): Promise<ClientLinkCheck> {
  if (typeof token !== 'string' || !isSigned(await linkSecret(ctx), token)) return { ok: false, reason: 'forged' };
  const [row] = await ctx.db
    .select()
    .from(enlacesCliente)
    .where(eq(enlacesCliente.token_hash, sha256(token)));
  if (!row) return { ok: false, reason: 'forged' };
  if (row.revocado) return { ok: false, reason: 'revoked' };
  if (row.expira.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: true, caseId: row.uidcaso, linkId: row.id, expira: row.expira };
}

/**
 * The token a short code leads to, or null for a code never issued. A revoked or expired link
 * still leads to its token: the client's entry page then says why it does not open.
 */
export async function resolveShortCode(ctx: AppContext, code: string): Promise<string | null> {
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  const [row] = await ctx.db
    .select({ sealed: enlacesCliente.token_cifrado })
    .from(enlacesCliente)
    .where(eq(enlacesCliente.codigo_hash, sha256(code)));
  return row ? openToken(await linkSecret(ctx), code, row.sealed) : null;
}

export const linkState = (row: { revocado: Date | null; expira: Date }, now = Date.now()): ClientLinkState =>
  row.revocado ? 'revocado' : row.expira.getTime() <= now ? 'vencido' : 'vigente';

/**
 * Revokes one link of the case (the caller checked the viewer may): it opens nothing from now on,
 * and every client session opened with it ends in the same transaction — whoever entered with it
 * (the driver, or someone the SMS reached by mistake) is out at once, their sockets closed.
 */
export async function revokeClientLink(ctx: AppContext, caseId: string, linkId: string, viewer: Viewer) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revocado: enlacesCliente.revocado, expira: enlacesCliente.expira, caso: casos.caso })
      .from(enlacesCliente)
      .innerJoin(casos, eq(casos.id, enlacesCliente.uidcaso))
      .where(and(eq(enlacesCliente.id, linkId), eq(enlacesCliente.uidcaso, caseId)))
      .for('update', { of: enlacesCliente });
    if (!row) throw notFound(MSG.enlaceNoExiste);
    if (row.revocado) throw conflict('ALREADY_REVOKED', MSG.enlaceYaRevocado);
    const revocado = new Date();
    await tx.update(enlacesCliente).set({ revocado, revocado_por: viewer.id }).where(eq(enlacesCliente.id, linkId));
    const sesiones = await endClientSessionsWhere(tx, ctx, eq(sesionesCliente.enlace, linkId), 'revoked');
    // The link by its case: its token is a secret and never named.
    await recordAudit(tx, {
      actor: viewer,
      accion: 'cliente.enlace_anulado',
      objeto: { tipo: 'enlace_cliente', id: linkId, etiqueta: caseLabel(row.caso) },
      antes: { estado: linkState({ revocado: null, expira: row.expira }, revocado.getTime()) },
      despues: { estado: 'revocado', sesiones_terminadas: sesiones },
    });
  });
}

/** A link whose SMS never left: revoked at once, so it opens nothing. */
export async function withdrawClientLink(db: Executor, linkId: string) {
  await db.update(enlacesCliente).set({ revocado: new Date() }).where(eq(enlacesCliente.id, linkId));
}
