import { desc, eq, inArray } from 'drizzle-orm';
import { MSG, colombianMobile, fmt, maySendSms, type CaseSms, type SmsMessage } from '@vialex/domain';
import { admitUse, type UsageRule } from '../../platform/usage-limit.js';
import { enlacesCliente, mensajesSms, usuarios } from '../../db/schema/index.js';
import { smsSender } from '../../integrations/sms.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { findCaseWithNames, inScope } from '../cases/queries.js';
import { issueClientLink, linkState, withdrawClientLink } from '../client-links/service.js';
import { openClientSessionOf } from '../client-links/client-session.js';

/**
 * The SMS to a case's client with their case link (spec 2 §6 "Policy area and SMS", §7
 * enviar_sms; decisions.md D5, D9, D10). Every SMS is recorded in `mensajes_sms`, whatever the
 * provider answered, so staff see on the case what was sent (with the outbox adapter, what
 * would have been).
 */

/** The case, if the viewer's list has it (else 'El caso no existe'). */
async function caseOf(ctx: AppContext, viewer: Viewer, id: string) {
  if (!(await inScope(ctx.db, viewer, id))) throw notFound(MSG.casoNoExiste);
  const row = await findCaseWithNames(ctx.db, id);
  if (!row) throw notFound(MSG.casoNoExiste);
  return row;
}

const SHORT_PATH = '/s/';

type MessageRow = typeof mensajesSms.$inferSelect;

async function present(ctx: AppContext, rows: MessageRow[], origin: string): Promise<SmsMessage[]> {
  const linkIds = rows.map((r) => r.uidenlace).filter((x): x is string => !!x);
  const senderIds = [...new Set(rows.map((r) => r.enviado_por).filter((x): x is string => !!x))];
  const links = linkIds.length
    ? await ctx.db.select().from(enlacesCliente).where(inArray(enlacesCliente.id, linkIds))
    : [];
  const senders = senderIds.length
    ? await ctx.db
        .select({ id: usuarios.id, nombres: usuarios.nombres, apellidos: usuarios.apellidos })
        .from(usuarios)
        .where(inArray(usuarios.id, senderIds))
    : [];
  const now = Date.now();
  return rows.map((r) => {
    const link = links.find((l) => l.id === r.uidenlace);
    const sender = senders.find((u) => u.id === r.enviado_por);
    return {
      id: r.id,
      telefono: r.telefono,
      cuerpo: r.cuerpo,
      estado: r.estado as SmsMessage['estado'],
      proveedor: r.proveedor as SmsMessage['proveedor'],
      error: r.error,
      creado: r.creado.toISOString(),
      enviadoPor: sender ? `${sender.nombres} ${sender.apellidos}`.trim() : null,
      enlace: link
        ? {
            id: link.id,
            url: shortUrlIn(r.cuerpo, origin),
            estado: linkState(link, now),
            expira: link.expira.toISOString(),
          }
        : null,
    };
  });
}

/**
 * The short link a message carried, read back from its stored text: whole for the outbox (the
 * demo's stand-in for the client's phone), masked for a real provider (the code itself is stored
 * only hashed).
 */
function shortUrlIn(cuerpo: string, origin: string): string {
  const match = cuerpo.match(/\bhttps?:\/\/\S+\/s\/\S+/);
  return match ? match[0] : `${origin}${SHORT_PATH}`;
}

/**
 * The link as a real SMS's stored text keeps it: the code masked, so that what desk users read
 * (and the database holds) cannot open the case. Only the client's phone got the working link.
 */
export const maskedShortUrl = (origin: string) => `${origin}${SHORT_PATH}${'•'.repeat(12)}`;

/** What the SMS panel shows: whether Send SMS is offered, the client's mobile, the messages sent. */
export async function caseSms(ctx: AppContext, viewer: Viewer, id: string, origin: string): Promise<CaseSms> {
  enforce(maySendSms(viewer));
  const row = await caseOf(ctx, viewer, id);
  const c = row.caso;
  const decision = maySendSms(viewer, c);
  const telefono = row.clienteTelefono;
  const rows = await ctx.db
    .select()
    .from(mensajesSms)
    .where(eq(mensajesSms.uidcaso, id))
    .orderBy(desc(mensajesSms.creado))
    .limit(100);
  const session = await openClientSessionOf(ctx.db, id);
  return {
    caso: c.caso,
    enviar: { permitido: decision.allowed, motivo: decision.allowed ? null : decision.message },
    telefono: colombianMobile(telefono),
    revocar: true,
    sesionCliente: session ? { expira: session.expira.toISOString() } : null,
    mensajes: await present(ctx, rows, origin),
  };
}

const MINUTE = 60_000;

/** The SMS limits of a case and its sender (SMS_MAX_* settings); a refused SMS issues no link. */
function smsRules(ctx: AppContext, caseId: string, userId: string): UsageRule[] {
  const limits = ctx.config.smsLimits;
  const perCase = { key: `sms:caso:${caseId}`, message: MSG.smsLimiteCaso };
  return [
    { ...perCase, max: limits.perCase, windowMs: limits.perCaseMinutes * MINUTE },
    { ...perCase, max: limits.perCaseDay, windowMs: 24 * 60 * MINUTE },
    { key: `sms:usuario:${userId}`, max: limits.perUser, windowMs: 60 * MINUTE, message: MSG.smsLimiteUsuario },
  ];
}

/**
 * Sends the SMS: a new case link, its short link in the text, the provider, the record. Within
 * the SMS limits of the case and of the sender (a failed send counts too), else 429. The
 * link is issued before sending (the text carries it) and withdrawn when the SMS did not leave.
 * A refusal or no answer from the provider is 'No se logró enviar el SMS' (502), recorded too.
 */
export async function sendCaseSms(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  telefono: string,
  origin: string,
  onRefused?: (retryAfterSeconds: number) => void,
): Promise<SmsMessage> {
  enforce(maySendSms(viewer));
  const row = await caseOf(ctx, viewer, id);
  enforce(maySendSms(viewer, row.caso));
  await admitUse(ctx.db, smsRules(ctx, id, viewer.id), onRefused);
  const link = await issueClientLink(ctx, ctx.db, id, viewer.id);
  const text = (enlace: string) => fmt(MSG.smsCuerpo, { caso: row.caso.caso, enlace });
  const sender = smsSender(ctx.config.sms);
  const result = await sender.send(telefono, text(`${origin}${SHORT_PATH}${link.code}`));
  const cuerpo =
    sender.provider === 'outbox' ? text(`${origin}${SHORT_PATH}${link.code}`) : text(maskedShortUrl(origin));
  if (!result.ok) {
    await withdrawClientLink(ctx.db, link.id);
    // Not result.error: the provider's reason may quote the phone number.
    ctx.log?.warn(
      { caso: row.caso.caso, status: result.status ?? 'sin respuesta', providerCode: result.providerCode },
      'SMS not sent',
    );
  }
  const [saved] = await ctx.db
    .insert(mensajesSms)
    .values({
      uidcaso: id,
      telefono,
      cuerpo,
      proveedor: sender.provider,
      estado: !result.ok ? 'error' : sender.provider === 'outbox' ? 'guardado' : 'enviado',
      error: result.ok ? null : result.error,
      proveedor_id: result.ok ? result.providerId : null,
      uidenlace: link.id,
      enviado_por: viewer.id,
    })
    .returning();
  if (!result.ok) throw new AppError(502, 'SMS_FAILED', MSG.smsError);
  return (await present(ctx, [saved], origin))[0];
}
