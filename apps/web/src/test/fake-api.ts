import { vi } from 'vitest';

/** A request the code under test sent: its body parsed when it was JSON, else as sent (a FormData, say). */
export interface FakeRequest {
  url: string;
  method: string;
  body: unknown;
}

/** Answers a request, or returns nothing to leave it to the next answer; throwing is a lost network. */
export type Answer = (req: FakeRequest) => Response | undefined | void | Promise<Response | undefined | void>;

/** Answers by 'METHOD /path', e.g. 'GET /api/casos/c1/sms'; the query string is left out (read req.url for it). */
export type Routes = Record<string, Answer>;

/** A JSON answer, as the server gives one. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The server for a web test, in place of the global fetch: each request is recorded in `calls`
 * and answered by the first of `answers` that answers it, in order; one that none answers gets a
 * 404 naming it. `on` adds answers in front, so a test overrides what the file's beforeEach gave.
 * Each fakeApi() replaces the one before, and setup.ts puts the real fetch back when the file
 * ends: a file that fakes the server in beforeEach needs no afterEach.
 */
export function fakeApi(...answers: (Answer | Routes)[]) {
  const calls: FakeRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : 'url' in input ? input.url : input.href;
    const req: FakeRequest = { url, method: init?.method ?? 'GET', body: parseBody(init?.body) };
    calls.push(req);
    for (const answer of answers) {
      const respond = typeof answer === 'function' ? answer : answer[`${req.method} ${url.split('?')[0]}`];
      const response = await respond?.(req);
      if (response) return response;
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: `no fake answer for ${req.method} ${url}` }, 404);
  };
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    on(...first: (Answer | Routes)[]) {
      answers.unshift(...first);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
