import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  loginResponse,
  passkeyAssertionSchema,
  passkeyOptionsResponse,
  passkeyRegistrationSchema,
  secondStepSchema,
  setupDoneResponse,
  totpConfirmSchema,
  totpSetupResponse,
} from '@vialex/domain';
import { DEVICE_COOKIE } from './device.js';
import { relyingParty } from './passkeys.js';
import { clearPendingCookie, pendingSignIn } from './pending-sign-in.js';
import {
  confirmTotpAtSignIn,
  registerPasskeyAtSignIn,
  secondStepPasskeyOptions,
  setupPasskeyOptionsAtSignIn,
  setupTotpAtSignIn,
  signInWithPasskey,
  verifyCode,
  verifySecondStepPasskey,
  type SignInRequest,
} from './second-factor.js';
import { setSignedInCookies } from './cookies.js';
import { presentMe } from './me-presenter.js';
import { authenticationOptions } from './passkeys.js';

/*
 * The sign-in's later steps (public scope, under /api/auth/login, where the pending sign-in's
 * cookie and the trusted-device cookie are sent): the second factor, the setup a required cargo is
 * led to, and the sign-in with a passkey alone.
 */

const signInRequest = (request: FastifyRequest): SignInRequest => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  deviceCookie: request.cookies[DEVICE_COOKIE],
});

export const signInStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const rpOf = (request: FastifyRequest) => relyingParty(ctx.config, request);

  app.post(
    '/segundo-paso',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The second step with the authenticator app's code (each works once) or a recovery code; a wrong one counts as a failed sign-in",
        body: secondStepSchema,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const pending = await pendingSignIn(ctx.db, request, 'verificar');
      const session = await verifyCode(ctx, pending, signInRequest(request), request.body);
      clearPendingCookie(reply);
      setSignedInCookies(request, reply, session);
      return { user: presentMe(session.user, session.started) };
    },
  );

  app.post(
    '/segundo-paso/llave/opciones',
    {
      schema: {
        tags: ['auth'],
        summary: "WebAuthn options for the second step with one of the pending user's passkeys",
        response: { 200: passkeyOptionsResponse },
      },
    },
    async (request) => {
      const pending = await pendingSignIn(ctx.db, request, 'verificar');
      return secondStepPasskeyOptions(ctx.db, rpOf(request), pending);
    },
  );

  app.post(
    '/segundo-paso/llave',
    {
      schema: {
        tags: ['auth'],
        summary: 'The second step with a passkey of the pending user',
        body: passkeyAssertionSchema,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const pending = await pendingSignIn(ctx.db, request, 'verificar');
      const session = await verifySecondStepPasskey(
        ctx,
        rpOf(request),
        pending,
        signInRequest(request),
        request.body.respuesta as unknown as AuthenticationResponseJSON,
      );
      clearPendingCookie(reply);
      setSignedInCookies(request, reply, session);
      return { user: presentMe(session.user, session.started) };
    },
  );

  app.post(
    '/llave/opciones',
    {
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn options for a sign-in with a passkey alone (no e-mail, no password)',
        response: { 200: passkeyOptionsResponse },
      },
    },
    async (request) => authenticationOptions(ctx.db, rpOf(request)),
  );

  app.post(
    '/llave',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign-in with a passkey alone, verified on the device; a removed passkey or a counter that went back is refused',
        body: passkeyAssertionSchema,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const session = await signInWithPasskey(
        ctx,
        rpOf(request),
        signInRequest(request),
        request.body.respuesta as unknown as AuthenticationResponseJSON,
      );
      setSignedInCookies(request, reply, session);
      return { user: presentMe(session.user, session.started) };
    },
  );

  app.post(
    '/configurar/totp',
    {
      schema: {
        tags: ['auth'],
        summary: "Setup at sign-in (a cargo that requires a second factor): the app's key and QR code",
        response: { 200: totpSetupResponse },
      },
    },
    async (request) => setupTotpAtSignIn(ctx, await pendingSignIn(ctx.db, request, 'configurar')),
  );

  app.post(
    '/configurar/totp/confirmar',
    {
      schema: {
        tags: ['auth'],
        summary: "Setup at sign-in: the app's first code; the session starts and the recovery codes are shown once",
        body: totpConfirmSchema,
        response: { 200: setupDoneResponse },
      },
    },
    async (request, reply) => {
      const pending = await pendingSignIn(ctx.db, request, 'configurar');
      const { session, codes } = await confirmTotpAtSignIn(ctx, pending, signInRequest(request), request.body.codigo);
      clearPendingCookie(reply);
      setSignedInCookies(request, reply, session);
      return { user: presentMe(session.user, session.started), codigosRecuperacion: codes };
    },
  );

  app.post(
    '/configurar/llave/opciones',
    {
      schema: {
        tags: ['auth'],
        summary: "Setup at sign-in: WebAuthn options for the pending user's new passkey",
        response: { 200: passkeyOptionsResponse },
      },
    },
    async (request) =>
      setupPasskeyOptionsAtSignIn(ctx.db, rpOf(request), await pendingSignIn(ctx.db, request, 'configurar')),
  );

  app.post(
    '/configurar/llave',
    {
      schema: {
        tags: ['auth'],
        summary: 'Setup at sign-in with a passkey; the session starts and the recovery codes are shown once',
        body: passkeyRegistrationSchema,
        response: { 200: setupDoneResponse },
      },
    },
    async (request, reply) => {
      const pending = await pendingSignIn(ctx.db, request, 'configurar');
      const { session, codes } = await registerPasskeyAtSignIn(ctx, rpOf(request), pending, signInRequest(request), {
        nombre: request.body.nombre,
        respuesta: request.body.respuesta as unknown as RegistrationResponseJSON,
      });
      clearPendingCookie(reply);
      setSignedInCookies(request, reply, session);
      return { user: presentMe(session.user, session.started), codigosRecuperacion: codes };
    },
  );
};
