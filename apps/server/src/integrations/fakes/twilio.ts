import http from 'node:http';
import crypto from 'node:crypto';

/**
 * A local stand-in for Twilio's Messages API, speaking its wire format (integrations/sms.ts),
 * for the tests. It checks the path, the basic auth and the form fields as Twilio does, and
 * answers by the `To` number:
 *   FAKE_TWILIO_REFUSED  400 with Twilio's error JSON (21211, not a valid phone number)
 *   FAKE_TWILIO_SILENT   never answers (the adapter's timeout)
 *   any other           201 with the queued message
 * Wrong credentials get 401 (20003), a missing field 400 (21604 / 21602).
 */
export const FAKE_TWILIO = {
  accountSid: 'AC00000000000000000000000000000001',
  authToken: 'fake-token',
  from: '+15005550006',
};
export const FAKE_TWILIO_REFUSED = '+573009999400';
export const FAKE_TWILIO_SILENT = '+573009999408';

export interface FakeTwilio {
  url: string;
  /** Every request, parsed. */
  requests: { method: string; path: string; authorization: string; contentType: string; form: URLSearchParams }[];
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const error = (res: http.ServerResponse, status: number, code: number, message: string, extra: object = {}) =>
  json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status, ...extra });

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const requests: FakeTwilio['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const path = req.url ?? '';
      const authorization = req.headers.authorization ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        authorization,
        contentType: req.headers['content-type'] ?? '',
        form,
      });
      const expected = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
      if (req.method !== 'POST' || path !== expected)
        return error(res, 404, 20404, `The requested resource ${path} was not found`);
      const basic = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
      if (authorization !== basic)
        return error(res, 401, 20003, 'Authenticate', { detail: 'Your AccountSid or AuthToken was incorrect.' });
      const to = form.get('To');
      const body = form.get('Body');
      if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
      if (!body) return error(res, 400, 21602, 'Message body is required.');
      if (to === FAKE_TWILIO_SILENT) return; // held until the adapter gives up (closed with the server)
      if (to === FAKE_TWILIO_REFUSED)
        return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
      const now = new Date().toUTCString();
      json(res, 201, {
        account_sid: FAKE_TWILIO.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: form.get('From'),
        messaging_service_sid: null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
