import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { entryInfo } from './entry-service.js';

/** Where the entry page finds the answer (features/client-entry/entry-page.tsx reads it). */
const DATA_ID = 'vialex-entrada';

/** JSON inside <script>: no '<' may close the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The driver's entry page, /login/auth-cliente/{token}, with what the link opens already in it:
 * the case number, or the refusal ('El caso no existe', 'No puede ingresar al caso…') as the API
 * would answer it. The phone then has no request to wait for before the button (issue 14: usable
 * within 3 s on slow 4G, where each request costs over half a second). A JSON data block is not
 * script, so the Content-Security-Policy has nothing to allow. Without a web build, nothing here.
 */
export const clientEntryPageRoute: FastifyPluginAsyncZod<{ webDist: string; serveWeb: boolean }> = async (
  app,
  { webDist, serveWeb },
) => {
  const file = path.join(webDist, 'cliente.html');
  if (!serveWeb || !fs.existsSync(file)) return;
  const html = fs.readFileSync(file, 'utf8');
  if (!html.includes('</head>')) throw new Error('cliente.html has no </head>');
  const { ctx } = app;

  app.get(
    '/login/auth-cliente/:token',
    {
      schema: {
        // A page for phones, not an API operation.
        hide: true,
        params: z.object({ token: z.string().max(400) }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      let answer: unknown;
      try {
        answer = { caso: (await entryInfo(ctx, request.params.token)).caso };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answer = {
          error: { status: err.statusCode, body: { statusCode: err.statusCode, code: err.code, message: err.message } },
        };
      }
      const data = `<script type="application/json" id="${DATA_ID}">${scriptJson(answer)}</script>`;
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html.replace('</head>', `${data}</head>`));
    },
  );
};
