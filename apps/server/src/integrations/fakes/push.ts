import crypto from 'node:crypto';
import http from 'node:http';

/**
 * A local push service for the tests, speaking the Web Push wire format as FCM or Mozilla's
 * autopush do (RFC 8030 message delivery, RFC 8292 VAPID, RFC 8291 message encryption). It
 * hands out browser-like subscriptions (`device()`: a P-256 key pair and a 16-byte auth secret,
 * as pushManager.subscribe() makes them) and, for each POST to one of them:
 *   - checks the VAPID Authorization header `vapid t=<JWT>, k=<public key>`: an ES256 signature
 *     over the JWT by the key `k`, `aud` the origin of this service, `exp` in the future and at
 *     most 24 hours ahead, `sub` a mailto: or https: contact (and `k` the expected server key,
 *     when one is set) — else 401 / 403;
 *   - checks TTL, and Topic when present (at most 32 characters of the URL-safe base64 alphabet);
 *   - decrypts the `aes128gcm` body with the subscription's private key and auth secret, written
 *     here from the RFCs with node:crypto (ECDH P-256, HKDF-SHA-256, AES-128-GCM) — else 400.
 * Accepted messages answer 201. An unknown subscription answers 404, and a device can be set to
 * answer any status (410: the subscription is gone). A device can be offline: its messages are
 * held, a later one with the same Topic replacing the one held (RFC 8030 §5.4), until it is
 * back online.
 */

export interface FakePushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePushDevice {
  name: string;
  subscription: FakePushSubscription;
}

export interface FakePushMessage {
  /** The device it reached. */
  device: string;
  /** The decrypted payload, parsed as JSON (the text when it is not JSON). */
  payload: unknown;
  topic?: string;
  ttl: number;
  urgency?: string;
  /** The VAPID claims, checked. */
  vapid: { aud: string; sub: string; exp: number; key: string };
}

export interface FakePushRefusal {
  device?: string;
  status: number;
  reason: string;
}

export interface FakePush {
  /** The service's origin (allow it with PUSH_HOSTS in the tests). */
  url: string;
  /** A new subscription of a browser at this service. */
  device(name: string): FakePushDevice;
  /** Messages delivered (decrypted), in order of arrival. */
  messages: FakePushMessage[];
  /** Requests refused, with the reason. */
  refusals: FakePushRefusal[];
  /** The VAPID public key the server must sign with (base64url), once known. */
  expectVapidKey(key: string | undefined): void;
  /** The status (and headers) a device's endpoint answers from now on (201 again with `undefined`). */
  answer(name: string, status: number | undefined, headers?: Record<string, string>): void;
  /** Holds the device's messages (replacing by Topic) until `online`. */
  offline(name: string): void;
  /** Delivers what was held for the device, then delivers at once again. */
  online(name: string): void;
  close(): Promise<void>;
}

interface DeviceState {
  name: string;
  ecdh: crypto.ECDH;
  auth: Buffer;
  status?: number;
  headers?: Record<string, string>;
  held?: FakePushMessage[];
}

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const VAPID_MAX_EXP_SECONDS = 24 * 60 * 60;

class Refused extends Error {
  constructor(
    readonly status: number,
    reason: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
  }
}

/** The JWK of a raw uncompressed P-256 point (65 bytes, 0x04 ‖ x ‖ y). */
function p256PublicKey(raw: Buffer): crypto.KeyObject {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Refused(401, 'VAPID k is not an uncompressed P-256 point');
  return crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<key>`, the JWT signed with ES256 by that key. */
function checkVapid(authorization: string | undefined, origin: string, expectedKey?: string): FakePushMessage['vapid'] {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new Refused(401, 'no VAPID authorization');
  const params = new Map(
    match[1].split(',').map((part) => {
      const [k, ...v] = part.trim().split('=');
      return [k.trim(), v.join('=').trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Refused(401, 'VAPID t or k missing');
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refused(401, 'VAPID t is not a JWT');
  const [headerB64, claimsB64, signatureB64] = parts;
  const header = JSON.parse(Buffer.from(headerB64, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Refused(401, `VAPID JWT alg ${header.alg}`);
  const signature = Buffer.from(signatureB64, 'base64url');
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${headerB64}.${claimsB64}`),
    { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) throw new Refused(401, 'VAPID signature does not verify');
  if (expectedKey && key !== expectedKey) throw new Refused(403, 'VAPID key is not the one of the subscription');
  const claims = JSON.parse(Buffer.from(claimsB64, 'base64url').toString('utf8')) as {
    aud?: string;
    sub?: string;
    exp?: number;
  };
  if (claims.aud !== origin) throw new Refused(403, `VAPID aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + VAPID_MAX_EXP_SECONDS)
    throw new Refused(403, 'VAPID exp out of range');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Refused(403, 'VAPID sub is not a mailto: or https: contact');
  return { aud: claims.aud, sub: claims.sub, exp: claims.exp, key };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 §3.4 over RFC 8188: the header (salt, record size, the sender's public key), then
 * records of `rs` bytes, each AES-128-GCM with a nonce XORed with its sequence number, its
 * plaintext ended by a delimiter (2 for the last record, 1 before) and zero padding.
 */
export function decryptAes128gcm(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Refused(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || rs < 18) throw new Refused(400, 'aes128gcm header is not a Web Push one');
  const uaPublic = ecdh.getPublicKey();
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = ecdh.computeSecret(asPublic);
  } catch {
    throw new Refused(400, 'the sender key is not a P-256 point');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, Math.min(at + rs, records.length));
    if (record.length <= 16) throw new Refused(400, 'a record without content');
    const nonce = Buffer.from(baseNonce);
    // The sequence number is XORed into the nonce's low bytes (it stays far below 2^32 here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let data: Buffer;
    try {
      data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refused(400, 'the payload does not decrypt');
    }
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end--;
    const last = at + rs >= records.length;
    if (end < 0 || data[end] !== (last ? 2 : 1)) throw new Refused(400, 'bad record delimiter');
    plain.push(data.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export async function startFakePush(): Promise<FakePush> {
  const devices = new Map<string, DeviceState>();
  const messages: FakePushMessage[] = [];
  const refusals: FakePushRefusal[] = [];
  let expectedKey: string | undefined;
  let origin = '';

  const deliver = (d: DeviceState, m: FakePushMessage) => {
    if (!d.held) return void messages.push(m);
    const same = m.topic ? d.held.findIndex((h) => h.topic === m.topic) : -1;
    if (same >= 0) d.held[same] = m;
    else d.held.push(m);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      try {
        if (req.method !== 'POST') throw new Refused(405, `method ${req.method}`);
        if (!device) throw new Refused(404, 'no such subscription');
        if (device.status) throw new Refused(device.status, 'answering as told', device.headers);
        const vapid = checkVapid(req.headers.authorization, origin, expectedKey);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Refused(400, 'TTL missing');
        const topic = req.headers.topic as string | undefined;
        if (topic !== undefined && !TOPIC.test(topic)) throw new Refused(400, `bad Topic ${topic}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refused(415, 'not aes128gcm');
        const text = decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth).toString('utf8');
        let payload: unknown = text;
        try {
          payload = JSON.parse(text);
        } catch {
          // A text payload stays text.
        }
        deliver(device, { device: name, payload, topic, ttl, urgency: req.headers.urgency as string, vapid });
        res.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
      } catch (err) {
        const status = err instanceof Refused ? err.status : 500;
        refusals.push({ device: device?.name, status, reason: (err as Error).message });
        res.writeHead(status, err instanceof Refused ? err.headers : {}).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const stateOf = (name: string) => {
    const d = devices.get(name);
    if (!d) throw new Error(`fake push: no device ${name}`);
    return d;
  };

  return {
    url: origin,
    messages,
    refusals,
    device(name) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(name, { name, ecdh, auth });
      return {
        name,
        subscription: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    expectVapidKey: (key) => void (expectedKey = key),
    answer(name, status, headers) {
      Object.assign(stateOf(name), { status, headers });
    },
    offline: (name) => void (stateOf(name).held ??= []),
    online(name) {
      const d = stateOf(name);
      const held = d.held ?? [];
      d.held = undefined;
      messages.push(...held);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
