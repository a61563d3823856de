import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { assertSafeKey, type FileStorage, type StagedFile } from './storage.js';

/**
 * S3-compatible object storage over its REST API (PutObject, GetObject, DeleteObject), signed
 * with AWS Signature Version 4 (header-based, the payload's SHA-256 signed too). Works with AWS
 * S3 and MinIO-like servers; path-style addressing by default ({endpoint}/{bucket}/{key}),
 * virtual-hosted ({bucket}.{host}/{key}) with S3_PATH_STYLE=0.
 */
export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  /** Each request must answer within this. */
  timeoutMs?: number;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  constructor(private readonly o: S3Options) {}

  private urlOf(key: string): URL {
    assertSafeKey(key);
    const base = new URL(this.o.endpoint);
    const prefix = base.pathname.replace(/\/$/, '');
    if (this.o.pathStyle) return new URL(`${base.origin}${prefix}/${encodeURIComponent(this.o.bucket)}/${key}`);
    return new URL(`${base.protocol}//${this.o.bucket}.${base.host}${prefix}/${key}`);
  }

  /** One signed request (node:http, so Content-Length is sent as is: S3 refuses chunked uploads). */
  private send(method: string, key: string, payloadHash: string, extra: Record<string, string>, body?: Readable) {
    const url = this.urlOf(key);
    const headers = signV4({
      method,
      url,
      headers: extra,
      payloadHash,
      region: this.o.region,
      accessKeyId: this.o.accessKeyId,
      secretAccessKey: this.o.secretAccessKey,
      date: new Date(),
    });
    const request = url.protocol === 'https:' ? https.request : http.request;
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = request(url, { method, headers, timeout: this.o.timeoutMs ?? 30_000 }, resolve);
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} timed out`)));
      req.on('error', reject);
      if (body) {
        body.on('error', (err) => req.destroy(err));
        body.pipe(req);
      } else req.end();
    });
  }

  async put(key: string, file: StagedFile): Promise<void> {
    const res = await this.send(
      'PUT',
      key,
      file.sha256,
      { 'content-type': file.contentType, 'content-length': String(file.size) },
      createReadStream(file.path),
    );
    res.resume();
    if (res.statusCode !== 200) throw new Error(`S3 PutObject answered ${res.statusCode}`);
  }

  async get(key: string): Promise<{ body: Readable; size: number } | undefined> {
    const res = await this.send('GET', key, EMPTY_SHA256, {});
    if (res.statusCode === 200) return { body: res, size: Number(res.headers['content-length'] ?? 0) };
    let xml = '';
    for await (const chunk of res) if (xml.length < 4096) xml += String(chunk);
    // A missing object, not a missing bucket or a wrong endpoint answering 404.
    if (res.statusCode === 404 && xml.includes('<Code>NoSuchKey</Code>')) return undefined;
    throw new Error(`S3 GetObject answered ${res.statusCode}`);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key, EMPTY_SHA256, {});
    res.resume();
    if ((res.statusCode ?? 500) >= 300 && res.statusCode !== 404)
      throw new Error(`S3 DeleteObject answered ${res.statusCode}`);
  }
}

// ---------------------------------------------------------------------------------------------
// AWS Signature Version 4 (docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html)

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept; '/' kept in paths). */
function uriEncode(s: string, keepSlash: boolean): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}

/** The request's headers with x-amz-date, x-amz-content-sha256 and the Authorization header. */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const all: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(all).sort();
  const canonicalHeaders = names.map((n) => `${n}:${all[n].replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const path = uriEncode(decodeURIComponent(input.url.pathname), true) || '/';
  const query = [...input.url.searchParams]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [input.method, path, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = all;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
