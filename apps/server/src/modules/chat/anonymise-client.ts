import { eq, inArray, sql } from 'drizzle-orm';
import { MSG, chatUsername } from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { chatUsuarios, mensajes } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { roomChanged } from './service.js';

/** The name an anonymised client's messages and membership carry. */
export const anonymisedUsername = () => chatUsername(MSG.clienteAnonimizado, '', 'Cliente');

/**
 * A client's data suppressed (modules/data-subject): every message they wrote keeps its place in
 * its room (the numbering, the read marks) but says it was withdrawn, without their words, name
 * or files; replies quoting them lose the quote's words too. Staff's messages stay: they are the
 * case's work. The files' rows and bytes are the files module's (anonymise-client.ts there).
 */
export async function retractClientMessages(ctx: AppContext, tx: Tx, clientId: string): Promise<void> {
  const username = anonymisedUsername();
  const retracted = await tx
    .update(mensajes)
    .set({ content: MSG.mensajeClienteRetirado, files: [], username, replyMessage: null })
    .where(eq(mensajes.senderId, clientId))
    .returning({ id: mensajes.id, roomId: mensajes.roomId });
  if (retracted.length) {
    await tx
      .update(mensajes)
      .set({
        replyMessage: sql`jsonb_build_object('id', ${mensajes.replyMessage}->>'id', 'content', ${MSG.mensajeClienteRetirado}::text, 'username', ${username}::text, 'archivos', 0)`,
      })
      .where(
        inArray(
          sql`${mensajes.replyMessage}->>'id'`,
          retracted.map((m) => m.id),
        ),
      );
  }
  await tx.update(chatUsuarios).set({ username }).where(eq(chatUsuarios.cliente, clientId));
  // Open rooms read themselves again.
  for (const roomId of new Set(retracted.map((m) => m.roomId))) await roomChanged(ctx, tx, roomId);
}
