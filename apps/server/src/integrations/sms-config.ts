/**
 * The SMS adapter's settings (docs/configuration.md):
 *   SMS_PROVIDER        outbox (default: each message is stored and shown to staff on the case, nothing
 *                       leaves the server) or twilio (Twilio's REST API)
 *   TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM   required with twilio
 *   TWILIO_API_URL      Twilio's API origin, https://api.twilio.com by default; the tests point it at
 *                       their local fake. It is the only host the SMS adapter contacts, and only an
 *                       operator sets it (decisions.md D20: never a URL a user supplied)
 *   SMS_TIMEOUT_MS      how long the provider has to answer (10000)
 * A bad value stops the start, and so does twilio without PUBLIC_URL or APP_ORIGINS (the origin of
 * the links the SMS carry).
 */
export interface SmsConfig {
  provider: 'outbox' | 'twilio';
  timeoutMs: number;
  twilio: { apiUrl: string; accountSid: string; authToken: string; from: string };
}

export const TWILIO_API_URL = 'https://api.twilio.com';

export function parseSmsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = (env.SMS_PROVIDER || 'outbox').toLowerCase();
  if (provider !== 'outbox' && provider !== 'twilio')
    throw new Error(`SMS_PROVIDER: outbox or twilio, not ${env.SMS_PROVIDER}`);
  const timeoutMs = Number(env.SMS_TIMEOUT_MS || 10_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error(`SMS_TIMEOUT_MS: not a positive number`);
  const apiUrl = env.TWILIO_API_URL || TWILIO_API_URL;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`TWILIO_API_URL: not an origin: ${apiUrl}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.username)
    throw new Error(`TWILIO_API_URL: not an origin (scheme://host[:port]): ${apiUrl}`);
  const twilio = {
    apiUrl: url.origin,
    accountSid: env.TWILIO_ACCOUNT_SID ?? '',
    authToken: env.TWILIO_AUTH_TOKEN ?? '',
    from: env.TWILIO_FROM ?? '',
  };
  if (provider === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((k) => !env[k]);
    if (missing.length) throw new Error(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
    if (!/^AC[0-9a-zA-Z]{1,64}$/.test(twilio.accountSid)) throw new Error('TWILIO_ACCOUNT_SID: starts with AC');
    // A real SMS carries a link to the client: its origin is configured, never a request's Host.
    if (!env.PUBLIC_URL && !env.APP_ORIGINS)
      throw new Error(
        'SMS_PROVIDER=twilio needs PUBLIC_URL (or APP_ORIGINS): the origin of the case links sent to clients by SMS',
      );
  }
  return { provider, timeoutMs, twilio };
}
