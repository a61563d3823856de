import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The server's test-only routes (NODE_ENV=test): they move state a test cannot wait for.
 * `request` is the test's own API context (its baseURL is the worker's server).
 */

/** Ages the user's session past its time and runs the expiry sweep. */
export async function expireSession(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/test/expire-session', { data: { email } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Sets a case's status directly (there is no status screen yet). */
export async function setCaseStatus(request: APIRequestContext, caso: number, estado: string): Promise<void> {
  const res = await request.post('/api/test/case-status', { data: { caso, estado } });
  expect(res.ok(), await res.text()).toBeTruthy();
}
