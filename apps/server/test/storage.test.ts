import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/integrations/create-storage.js';
import type { FileStorage, StagedFile } from '../src/integrations/storage.js';
import { signV4 } from '../src/integrations/storage-s3.js';
import { FAKE_S3_CREDENTIALS, startFakeS3, type FakeS3 } from '../src/integrations/fakes/s3.js';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let dir: string;
async function staged(content: string, contentType = 'application/pdf'): Promise<StagedFile> {
  const p = path.join(dir, `staged-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(p, content);
  return {
    path: p,
    size: Buffer.byteLength(content),
    sha256: createHash('sha256').update(content).digest('hex'),
    contentType,
  };
}

let fake: FakeS3;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-storage-'));
  fake = await startFakeS3();
});
afterAll(async () => {
  await fake?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('AWS Signature Version 4', () => {
  it("signs AWS's documented GetObject example to its documented signature", () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

const s3 = (overrides: Partial<Parameters<typeof createStorage>[0]> = {}) =>
  createStorage({
    kind: 's3',
    endpoint: fake.url,
    bucket: fake.bucket,
    pathStyle: true,
    ...FAKE_S3_CREDENTIALS,
    ...overrides,
  } as Parameters<typeof createStorage>[0]);

describe.each([
  ['local disk', () => createStorage({ kind: 'local', dir: path.join(dir, 'files') })],
  ['S3 (fake speaking the REST API)', () => s3()],
])('%s', (_name, make: () => FileStorage) => {
  it('puts, gets, deletes; a missing key is undefined', async () => {
    const storage = make();
    const key = `DocGestion/caso-1/${Math.random().toString(36).slice(2)}.pdf`;
    await storage.put(key, await staged('%PDF-1.4 hola'));
    const got = await storage.get(key);
    expect(got?.size).toBe(13);
    expect(await text(got!.body)).toBe('%PDF-1.4 hola');
    expect(await storage.get('DocGestion/caso-1/no-existe.pdf')).toBeUndefined();
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.delete(key);
  });

  it('refuses keys the server would never make (folders out, odd characters)', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a b.pdf', 'a//b', '']) {
      await expect(storage.put(key, await staged('x')), key).rejects.toThrow('invalid storage key');
    }
  });
});

describe('S3 adapter against the fake', () => {
  it('stores the bytes, content type and length it was given, signed', async () => {
    const key = 'DocGestion/caso-2/foto.png';
    await s3().put(key, await staged('PNGDATA', 'image/png'));
    expect(fake.objects.get(key)).toEqual({ body: Buffer.from('PNGDATA'), contentType: 'image/png' });
  });

  it('fails when the storage refuses the credentials, and says so', async () => {
    const wrong = s3({ secretAccessKey: 'otra-clave' } as never);
    await expect(wrong.put('DocGestion/x.pdf', await staged('x'))).rejects.toThrow('S3 PutObject answered 403');
    await expect(wrong.get('DocGestion/x.pdf')).rejects.toThrow('S3 GetObject answered 403');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', status: 403 });
  });

  it('fails on another bucket (NoSuchBucket is not a missing object)', async () => {
    await expect(s3({ bucket: 'otro' } as never).put('a.pdf', await staged('x'))).rejects.toThrow('answered 404');
    await expect(s3({ bucket: 'otro' } as never).get('a.pdf')).rejects.toThrow('S3 GetObject answered 404');
  });
});
