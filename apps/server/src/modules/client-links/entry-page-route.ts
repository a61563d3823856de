import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@vialex/domain';
import { AppError, notFound } from '../../platform/errors.js';
import { loadClient, readClientCookie } from './client-session.js';
import { ENTRY_MARKER, entryPage, type EntryAnswer } from './entry-page-html.js';
import { entryInfo } from './entry-service.js';

/** Where a client already in their case goes (the web's CLIENT_CASE_ENTRY). */
const CLIENT_CASE_ENTRY = '/caso-cliente/chat';

/**
 * The driver's entry page, /login/auth-cliente/{token}, written here as HTML (usable
 * within 3 s on a slow-4G phone, where React's first screen alone came at 3.1–3.7 s): the case
 * number and the privacy notice its driver is asked to authorise, or the refusal ('El caso no existe', 'No puede ingresar al caso…') as the API would
 * answer it, in the built entrada.html, whose one small script (no React) asks for the location,
 * enters and then opens the case's React app. Nothing is inline script: the answer and the texts
 * travel in a JSON data block, so the Content-Security-Policy has nothing to allow. A case already
 * entered from this same phone (its client session still open) goes straight back to the case.
 * Without a web build, nothing here (the app's page, cliente.html, answers the path instead).
 */
export const clientEntryPageRoute: FastifyPluginAsyncZod<{ webDist: string; serveWeb: boolean }> = async (
  app,
  { webDist, serveWeb },
) => {
  const file = path.join(webDist, 'entrada.html');
  if (!serveWeb || !fs.existsSync(file)) return;
  const template = fs.readFileSync(file, 'utf8');
  if (!template.includes('</head>') || !template.includes(ENTRY_MARKER))
    throw new Error(`entrada.html has no </head> or no ${ENTRY_MARKER}`);
  const { ctx } = app;

  const refusal = (err: AppError): EntryAnswer => ({
    error: { status: err.statusCode, body: { statusCode: err.statusCode, code: err.code, message: err.message } },
  });

  const schema = {
    // A page for phones, not an API operation.
    hide: true,
    response: { 200: z.string(), 302: z.string() },
  };

  app.get(
    '/login/auth-cliente/:token',
    { schema: { ...schema, params: z.object({ token: z.string().max(400) }) } },
    async (request, reply) => {
      const { token } = request.params;
      let answer: EntryAnswer;
      try {
        const { caso, privacidad } = await entryInfo(ctx, token);
        answer = { caso, privacidad };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answer = refusal(err);
        // Already entered, and this phone holds that session: straight back to the case. A session
        // of this phone's found over is closed on the way, which may open the case again.
        if (err.statusCode === 409) {
          const me = await loadClient(ctx, readClientCookie(request)).catch((e: unknown) => e);
          if (!(me instanceof Error)) return reply.header('cache-control', 'no-store').redirect(CLIENT_CASE_ENTRY, 302);
          if (me instanceof AppError && me.code === 'CLIENT_SESSION_ENDED')
            answer = await entryInfo(ctx, token).then(
              ({ caso, privacidad }) => ({ caso, privacidad }),
              (again: unknown) => (again instanceof AppError ? refusal(again) : Promise.reject(again)),
            );
        }
      }
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(entryPage(template, answer, ctx.config.companyPhone));
    },
  );

  // The bare path, a link cut short: the React page said 'El caso no existe' for it, so does this.
  app.get('/login/auth-cliente', { schema }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(entryPage(template, refusal(notFound(MSG.casoNoExiste)), ctx.config.companyPhone)),
  );
};
