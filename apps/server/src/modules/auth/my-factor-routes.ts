import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  MSG,
  confirmIdentitySchema,
  mayRequireSecondFactor,
  factorAddedResponse,
  passkeyOptionsResponse,
  passkeyRegistrationSchema,
  recoveryCodesResponse,
  requiredCargosResponse,
  requiredCargosSchema,
  secondFactorStatusResponse,
  totpConfirmSchema,
  totpSetupResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { DEVICE_COOKIE } from './device.js';
import {
  addMyPasskey,
  confirmMyTotp,
  myFactors,
  myPasskeyOptions,
  newMyRecoveryCodes,
  provePassword,
  removeMyPasskey,
  removeMyTotp,
  startMyTotp,
} from './my-factors.js';
import { relyingParty } from './passkeys.js';
import { requiredCargos, setRequiredCargos } from './required-cargos.js';
import { enforce } from '../../platform/policy.js';

/*
 * Mi perfil's verification in two steps (staff scope, /api/auth/segundo-factor): the signed-in
 * user's own factors, each change after a recent proof of the password (403
 * PASSWORD_PROOF_REQUIRED: POST …/confirmar first); and the Administrador's rule per cargo.
 */

const idParams = z.object({ id: z.uuid({ error: MSG.llaveNoExiste }) });
const tags = ['segundo factor'];

export const myFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The signed-in user's factors (never a secret)",
        response: { 200: secondFactorStatusResponse },
      },
    },
    async (request) => myFactors(ctx, viewerOf(request)),
  );

  app.post(
    '/confirmar',
    {
      schema: {
        tags,
        summary: `The password again: changes of the factors are allowed for the next minutes; a wrong one counts as a failed sign-in`,
        body: confirmIdentitySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await provePassword(ctx, viewerOf(request), {
        password: request.body.password,
        ip: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/totp',
    {
      schema: {
        tags,
        summary: "Starts the authenticator app's setup: its key and QR code, shown this once",
        response: { 200: totpSetupResponse },
      },
    },
    async (request) => startMyTotp(ctx, viewerOf(request)),
  );

  app.post(
    '/totp/confirmar',
    {
      schema: {
        tags,
        summary: "The app's first code: active; with the user's first factor, ten recovery codes shown once",
        body: totpConfirmSchema,
        response: { 200: factorAddedResponse },
      },
    },
    async (request) => ({ codigosRecuperacion: await confirmMyTotp(ctx, viewerOf(request), request.body.codigo) }),
  );

  app.delete(
    '/totp',
    { schema: { tags, summary: 'Removes the authenticator app', response: { 204: z.null() } } },
    async (request, reply) => {
      await removeMyTotp(ctx, viewerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/llaves/opciones',
    { schema: { tags, summary: 'WebAuthn options for a new passkey', response: { 200: passkeyOptionsResponse } } },
    async (request) => myPasskeyOptions(ctx, viewerOf(request), relyingParty(ctx.config, request)),
  );

  app.post(
    '/llaves',
    {
      schema: {
        tags,
        summary: "A new passkey; with the user's first factor, ten recovery codes shown once",
        body: passkeyRegistrationSchema,
        response: { 200: factorAddedResponse },
      },
    },
    async (request) => {
      const { codes } = await addMyPasskey(ctx, viewerOf(request), relyingParty(ctx.config, request), {
        nombre: request.body.nombre,
        respuesta: request.body.respuesta as unknown as RegistrationResponseJSON,
      });
      return { codigosRecuperacion: codes };
    },
  );

  app.delete(
    '/llaves/:id',
    { schema: { tags, summary: 'Removes one of the user’s passkeys', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeMyPasskey(ctx, viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/codigos',
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes, shown once; the earlier ones stop working',
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => ({ codigos: await newMyRecoveryCodes(ctx, viewerOf(request)) }),
  );

  app.get(
    '/cargos',
    {
      schema: {
        tags,
        summary: 'The cargos that must have a second factor (Administrador)',
        response: { 200: requiredCargosResponse },
      },
    },
    async (request) => {
      enforce(mayRequireSecondFactor(viewerOf(request)));
      return { cargos: await requiredCargos(ctx.db) };
    },
  );

  app.put(
    '/cargos',
    {
      schema: {
        tags,
        summary:
          'Sets the cargos that must have a second factor (Administrador); their users without one set it up at their next sign-in',
        body: requiredCargosSchema,
        response: { 200: requiredCargosResponse },
      },
    },
    async (request) => ({ cargos: await setRequiredCargos(ctx, viewerOf(request), request.body.cargos) }),
  );
};
