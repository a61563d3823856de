import { z } from 'zod';
import { CARGOS } from '../cargos.js';
import { SECOND_FACTOR_METHODS } from '../second-factor.js';
import { meResponse } from './me.js';

/**
 * POST /api/auth/login and the second step's routes: signed in (`user`), or one more step before
 * the session: the second factor (`segundoPaso`, with the ways this user has), or its setup when
 * the user's cargo requires one and they have none (`configurar`).
 */
export const signInResponse = z.union([
  z.object({ user: meResponse }),
  z.object({ segundoPaso: z.object({ metodos: z.array(z.enum(SECOND_FACTOR_METHODS)) }) }),
  z.object({ configurar: z.object({ cargo: z.enum(CARGOS) }) }),
]);
export type SignInResponse = z.infer<typeof signInResponse>;

/** A passkey as its owner sees it in Mi perfil. */
export const passkeyResponse = z.object({
  id: z.string(),
  nombre: z.string(),
  creado: z.string(),
  ultimoUso: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeyResponse>;

/** GET /api/auth/segundo-factor: the signed-in user's factors (never a secret). */
export const secondFactorStatusResponse = z.object({
  /** Whether the user's cargo requires a second factor. */
  requerido: z.boolean(),
  totp: z.object({ activo: z.boolean(), desde: z.string().nullable() }),
  llaves: z.array(passkeyResponse),
  /** Recovery codes not used yet. */
  codigosRestantes: z.number(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusResponse>;

/** The start of an authenticator app's setup: shown once, while it waits for its first code. */
export const totpSetupResponse = z.object({
  /** The key in base 32, for typing it into the app. */
  secreto: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data: URL, drawn by the server. */
  qr: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponse>;

/**
 * A factor added: the recovery codes when it was the user's first (shown once), else null. At
 * sign-in's setup, also the signed-in user.
 */
export const factorAddedResponse = z.object({ codigosRecuperacion: z.array(z.string()).nullable() });
export type FactorAdded = z.infer<typeof factorAddedResponse>;
export const setupDoneResponse = z.object({ user: meResponse, codigosRecuperacion: z.array(z.string()) });
export type SetupDone = z.infer<typeof setupDoneResponse>;

/** POST /api/auth/segundo-factor/codigos: ten new recovery codes (the earlier ones stop working). */
export const recoveryCodesResponse = z.object({ codigos: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed through. */
export const passkeyOptionsResponse = z.record(z.string(), z.unknown());

/** The cargos that must have a second factor. */
export const requiredCargosResponse = z.object({ cargos: z.array(z.enum(CARGOS)) });
export type RequiredCargos = z.infer<typeof requiredCargosResponse>;
