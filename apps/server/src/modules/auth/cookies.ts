import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MAX_MINUTES } from '@vialex/domain';
import { SESSION_COOKIE } from './tokens.js';
import { sessionExpiresAt, type UserRow } from './session.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from './device.js';

/** A sign-in complete: the trusted-device cookie renewed, the session's cookie set. */
export function setSignedInCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; user: UserRow; started: Date; deviceCookie: string },
): void {
  // Before the session cookie: callers reading Set-Cookie as one string find the session's last.
  setDeviceCookie(request, reply, session.deviceCookie);
  setSessionCookie(request, reply, session.token, sessionExpiresAt(session.user, session.started));
}

/**
 * The cookie outlives a closed browser for as long as the session may last, and no longer; the
 * server decides when the session ends (duracion_sesion). A browser-session cookie would be lost
 * with the browser while the session still blocks a new sign-in (one session per user).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  const secure = secureCookie(request);
  const maxAge = Math.max(1, Math.min(Math.ceil((expires.getTime() - Date.now()) / 1000), SESSION_MAX_MINUTES * 60));
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
}

/**
 * The trusted-device cookie (device.ts): sent only with sign-ins, for LOGIN_DEVICE_DAYS; Salir
 * leaves it, so the device stays trusted.
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  const maxAge = request.server.ctx.config.login.deviceDays * 86_400;
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(request),
    path: DEVICE_COOKIE_PATH,
    maxAge,
  });
}

/** COOKIE_SECURE, or with 'auto' whether the request came over HTTPS. */
export function secureCookie(request: FastifyRequest): boolean {
  const { cookieSecure } = request.server.ctx.config;
  return cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure;
}
