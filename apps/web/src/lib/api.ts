import type { ApiErrorBody } from '@vialex/domain';
import { MSG } from '@vialex/domain';

/** A refused request: the server's error body, as every route answers it. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server refused the request (4xx): asked again at once, it would answer the same. */
export const isRefusal = (e: unknown): e is ApiError => isApiError(e) && e.status >= 400 && e.status < 500;

/** 401 codes that mean "this browser no longer has a staff session". */
const SESSION_LOST_CODES = new Set(['SESSION_ENDED', 'NO_SESSION']);

type SessionLostHandler = (code: string) => void;
let onSessionLost: SessionLostHandler = () => {};

/**
 * The app registers what to do when a call finds the session gone (clear cache, go to /login).
 * Registered rather than imported so lib/ does not depend on the router.
 */
export function setSessionLostHandler(handler: SessionLostHandler): void {
  onSessionLost = handler;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Leave a 401 to the caller (login, and the /me probe which turns 401 into "anonymous"). */
  ignoreSessionLoss?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toErrorBody(status: number, raw: unknown): ApiErrorBody {
  if (raw && typeof raw === 'object' && 'message' in raw) {
    const r = raw as Partial<ApiErrorBody>;
    return {
      statusCode: r.statusCode ?? status,
      code: r.code ?? String(status),
      message: r.message ?? MSG.errorServidor,
      ...(r.issues ? { issues: r.issues } : {}),
    };
  }
  return { statusCode: status, code: String(status), message: MSG.errorServidor };
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    // fetch only rejects when the server can't be reached.
    throw new ApiError(0, { statusCode: 0, code: 'NETWORK', message: MSG.sinConexion });
  }
  const raw = await readBody(res);
  if (res.ok) return raw as T;

  const error = new ApiError(res.status, toErrorBody(res.status, raw));
  if (res.status === 401 && SESSION_LOST_CODES.has(error.code) && !opts.ignoreSessionLoss) {
    onSessionLost(error.code);
  }
  throw error;
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};

const networkError = () => new ApiError(0, { statusCode: 0, code: 'NETWORK', message: MSG.sinConexion });

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * POSTs a multipart/form-data form (its text fields first, so the server reads them before the
 * files stream in) and reports the upload's progress, 0–100. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Refusals are ApiErrors like every other call's; `signal`
 * cancels the upload (an AbortError, as fetch's, so a cancel is never taken for a lost network).
 */
export function postForm<T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = () => signal?.removeEventListener('abort', cancel);
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    const fail = (error: Error) => {
      settle();
      reject(error);
    };
    xhr.onerror = () => fail(networkError());
    xhr.onabort = () => fail(signal?.aborted ? abortError() : networkError());
    xhr.ontimeout = () => fail(networkError());
    xhr.onload = () => {
      settle();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const b = (body ?? {}) as Partial<ApiErrorBody>;
      reject(
        new ApiError(xhr.status, {
          statusCode: xhr.status,
          code: b.code ?? String(xhr.status),
          message: b.message ?? MSG.errorServidor,
          ...(b.issues ? { issues: b.issues } : {}),
        }),
      );
    };
    xhr.send(form);
  });
}
