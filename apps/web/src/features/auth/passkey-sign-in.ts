import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { LABELS, MSG, type Me } from '@vialex/domain';
import { api, isApiError } from '../../lib/api';

/*
 * The passkey's part of the sign-in: the usernameless sign-in, the second step with a passkey, and
 * the setup of one a required cargo is led to. The browser's own prompt sits between the server's
 * options and the answer; its failures read as the user's words, the server's as its message.
 */

const L = LABELS.segundoFactor;
const opts = { ignoreSessionLoss: true };

/** Whether this browser can use passkeys at all (the button is hidden otherwise). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The message to show for a failure of a passkey step. */
export function passkeyMessage(e: unknown): string {
  if (isApiError(e)) return e.message;
  const name = e instanceof Error ? e.name : '';
  if (name === 'NotSupportedError' || !passkeysSupported()) return L.llaveNoSoportada;
  // NotAllowedError (cancelled, timed out), AbortError, InvalidStateError and the rest of the
  // browser's refusals: the user may simply try again.
  if (e instanceof Error) return L.llaveCancelada;
  return MSG.algoSalioMal;
}

/** Asks the server for a challenge, has the browser sign it, sends the answer: the signed-in user. */
export async function signInWithPasskey(optionsPath: string, answerPath: string): Promise<Me> {
  if (!passkeysSupported()) throw Object.assign(new Error(L.llaveNoSoportada), { name: 'NotSupportedError' });
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(optionsPath, undefined, opts);
  const respuesta = await startAuthentication({ optionsJSON });
  const { user } = await api.post<{ user: Me }>(answerPath, { respuesta }, opts);
  return user;
}

/** The setup at sign-in with a passkey: its name, the browser's registration, then the recovery codes. */
export async function setUpPasskeyAtSignIn(nombre: string): Promise<{ user: Me; codigosRecuperacion: string[] }> {
  if (!passkeysSupported()) throw Object.assign(new Error(L.llaveNoSoportada), { name: 'NotSupportedError' });
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/auth/login/configurar/llave/opciones',
    undefined,
    opts,
  );
  const respuesta = await startRegistration({ optionsJSON });
  return api.post<{ user: Me; codigosRecuperacion: string[] }>(
    '/api/auth/login/configurar/llave',
    { nombre, respuesta },
    opts,
  );
}
