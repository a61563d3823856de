import { createHash } from 'node:crypto';
import http from 'node:http';
import { signV4 } from '../storage-s3.js';

/**
 * A local stand-in for S3-compatible object storage, for the tests: path-style PutObject,
 * GetObject and DeleteObject on one bucket, with S3's answers (XML errors NoSuchKey,
 * NoSuchBucket, SignatureDoesNotMatch, XAmzContentSHA256Mismatch, MissingContentLength). Every
 * request's AWS Signature V4 is checked against the fake's own credentials, and a PUT's body
 * against its signed SHA-256.
 */
export const FAKE_S3_CREDENTIALS = {
  accessKeyId: 'VIALEXFAKEKEY',
  secretAccessKey: 'vialex-fake-secret',
  region: 'us-east-1',
};

export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; key: string; status: number }[];
  close(): Promise<void>;
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Whether the Authorization header is what the fake's credentials sign for this request. */
function signatureMatches(req: http.IncomingMessage, url: URL): boolean {
  const auth = req.headers.authorization ?? '';
  const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m || !signed.includes('host')) return false;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  const headers = Object.fromEntries(
    signed
      .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
      .map((h) => [h, String(req.headers[h] ?? '')]),
  );
  const expected = signV4({
    method: req.method ?? '',
    url: new URL(url.pathname + url.search, `http://${req.headers.host}`),
    headers,
    payloadHash: String(req.headers['x-amz-content-sha256'] ?? ''),
    region: FAKE_S3_CREDENTIALS.region,
    accessKeyId: FAKE_S3_CREDENTIALS.accessKeyId,
    secretAccessKey: FAKE_S3_CREDENTIALS.secretAccessKey,
    date,
  });
  return expected.authorization === auth;
}

export async function startFakeS3(bucket = 'vialex-test'): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const done = (status: number) => requests.push({ method: req.method ?? '', key, status });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!signatureMatches(req, url)) {
        done(403);
        return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
      }
      if (b !== bucket) {
        done(404);
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      if (req.method === 'PUT') {
        if (req.headers['content-length'] === undefined) {
          done(411);
          return xmlError(res, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
        }
        if (createHash('sha256').update(body).digest('hex') !== req.headers['x-amz-content-sha256']) {
          done(400);
          return xmlError(res, 400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match');
        }
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        done(200);
        return res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      }
      const object = objects.get(key);
      if (req.method === 'GET') {
        if (!object) {
          done(404);
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        done(200);
        return res
          .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
          .end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        done(204);
        return res.writeHead(204).end();
      }
      done(405);
      return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
