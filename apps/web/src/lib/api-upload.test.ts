import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@vialex/domain';
import { ApiError, postForm } from './api';

type ProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

/** An XMLHttpRequest the test drives: upload progress, then an answer, a failure or an abort. */
class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  sent: FormData | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    this.sent = form;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => vi.unstubAllGlobals());

describe('postForm: a multipart upload with its progress', () => {
  it('reports the share sent, 0–100, then answers the body', async () => {
    const seen: number[] = [];
    const done = postForm<{ ok: boolean }>('/api/x', new FormData(), (p) => seen.push(p));
    FakeXhr.last.progress(0, 2000);
    FakeXhr.last.progress(900, 2000);
    FakeXhr.last.progress(2000, 2000);
    FakeXhr.last.answer(200, { ok: true });
    await expect(done).resolves.toEqual({ ok: true });
    expect(seen).toEqual([0, 45, 100]);
  });

  it('a refusal is an ApiError with the server’s message; a lost connection says so', async () => {
    const refused = postForm('/api/x', new FormData());
    FakeXhr.last.answer(415, { statusCode: 415, code: 'FILE_TYPE_NOT_ALLOWED', message: MSG.soloImagenes });
    await expect(refused).rejects.toMatchObject({ status: 415, message: MSG.soloImagenes });
    const lost = postForm('/api/x', new FormData());
    FakeXhr.last.onerror?.();
    const error = await lost.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: MSG.sinConexion });
  });

  it('its signal cancels the upload: an AbortError, never taken for a lost connection', async () => {
    const control = new AbortController();
    const seen: number[] = [];
    const done = postForm('/api/x', new FormData(), (p) => seen.push(p), control.signal);
    FakeXhr.last.progress(300, 1000);
    control.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([30]);
    // Already cancelled: nothing is sent.
    const before = FakeXhr.last;
    await expect(postForm('/api/x', new FormData(), undefined, control.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBe(before);
  });
});
