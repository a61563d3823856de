import type { SmsConfig } from './sms-config.js';

/**
 * The SMS adapter (spec 2 §7 enviar_sms, decisions.md D10). Two providers:
 *
 * - `outbox` (the default): nothing leaves the server. The caller stores the message (the
 *   messaging module's `mensajes_sms`) and staff see it on the case, so the demo shows what
 *   would be sent.
 * - `twilio`: Twilio's Programmable Messaging REST API.
 *     POST {TWILIO_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json
 *     Authorization: Basic base64(AccountSid:AuthToken)
 *     Content-Type: application/x-www-form-urlencoded      To=+57…&From=…&Body=…
 *   201 { sid: 'SM…', status: 'queued', to, from, body, error_code: null, error_message: null, … }
 *   4xx { code: 21211, message: "The 'To' number … is not a valid phone number.", more_info, status: 400 }
 *   (401 adds `detail`.) No answer within SMS_TIMEOUT_MS counts as a failure.
 */
export type SmsResult =
  | { ok: true; providerId: string | null }
  /**
   * `error` is stored with the message and may quote the provider's reason, which can carry the
   * phone number; `status` (Twilio's HTTP answer, none when it did not answer) and `providerCode`
   * (its error number) are what the log may carry.
   */
  | { ok: false; error: string; status?: number; providerCode?: number };

export interface SmsSender {
  readonly provider: SmsConfig['provider'];
  send(to: string, body: string): Promise<SmsResult>;
}

export function smsSender(config: SmsConfig): SmsSender {
  return config.provider === 'twilio' ? twilioSender(config) : OUTBOX;
}

const OUTBOX: SmsSender = {
  provider: 'outbox',
  send: async () => ({ ok: true, providerId: null }),
};

/** Twilio's JSON error: `code` (its error number) and `message`; `detail` on 401. */
interface TwilioError {
  code?: number;
  message?: string;
  detail?: string;
  status?: number;
}

function twilioSender({ twilio, timeoutMs }: SmsConfig): SmsSender {
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    async send(to, body) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: twilio.from, Body: body }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        const json = (await res.json().catch(() => ({}))) as { sid?: unknown } & TwilioError;
        if (res.ok && typeof json.sid === 'string') return { ok: true, providerId: json.sid };
        const reason = [json.code, json.message, json.detail].filter((x) => x !== undefined && x !== '').join(' ');
        return {
          ok: false,
          error: `Twilio ${res.status}${reason ? `: ${reason}` : ''}`.slice(0, 500),
          status: res.status,
          ...(typeof json.code === 'number' ? { providerCode: json.code } : {}),
        };
      } catch (err) {
        const e = err as Error;
        const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
        return { ok: false, error: timedOut ? `Twilio no respondió en ${timeoutMs} ms` : `Twilio: ${e.message}` };
      }
    },
  };
}
