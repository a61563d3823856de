import crypto from 'node:crypto';

/*
 * A passkey authenticator in software for the API tests: an ES256 key pair per credential, the
 * attestation 'none', the signature counter it keeps (a test sets it back to play a clone). It
 * answers the browser's JSON as @simplewebauthn/browser would, so the server's verification runs
 * as with a real device.
 */

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest();

/** A minimal CBOR writer: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cbor: unsupported value');
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: crypto.KeyObject;
  userHandle: string;
  counter: number;
}

export class SoftAuthenticator {
  credentials: SoftCredential[] = [];
  /** Whether the device verifies its user (PIN, fingerprint). */
  verifiesUser = true;

  constructor(readonly origin: string) {}

  private flags(extra = 0) {
    return UP | (this.verifiesUser ? UV : 0) | extra;
  }

  /** navigator.credentials.create() with the server's options. */
  create(options: { challenge: string; rp: { id: string }; user: { id: string } }) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = crypto.randomBytes(16);
    const credential: SoftCredential = { id, privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([this.flags(AT)]),
      counter,
      Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin });
    const attestation = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with the server's options, signed by `credential` (the first by default). */
  get(options: { challenge: string; rpId: string }, credential = this.credentials[0]) {
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([this.flags()]), counter]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin }),
    );
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
