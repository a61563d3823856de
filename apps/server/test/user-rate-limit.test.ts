import { describe, expect, it } from 'vitest';
import { MSG } from '@vialex/domain';
import { AppError } from '../src/platform/errors.js';
import { UserRateLimit } from '../src/platform/user-rate-limit.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('UserRateLimit', () => {
  it('one call of a user at a time: a second concurrent one is refused at once, without running', async () => {
    const limit = new UserRateLimit({
      rules: { own: { max: 10, windowMs: 60_000 }, admin: { max: 10, windowMs: 60_000 } },
    });
    const first = deferred();
    const running = limit.run('own', 'ana', () => first.promise);
    let ran = false;
    const err = await refusal(limit.run('admin', 'ana', async () => void (ran = true)));
    expect(ran).toBe(false);
    expect({ status: err.statusCode, code: err.code, message: err.message }).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: MSG.demasiadasSolicitudes,
    });
    // Another user is not held up.
    await expect(limit.run('own', 'luis', async () => 'ok')).resolves.toBe('ok');
    first.resolve();
    await running;
    // Released once done, also when the work fails.
    await expect(limit.run('own', 'ana', async () => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
    await expect(limit.run('own', 'ana', async () => 'ok')).resolves.toBe('ok');
  });

  it('at most max admitted calls per kind in a sliding window, with the seconds to wait', async () => {
    let now = 1_000_000;
    const limit = new UserRateLimit({
      rules: { own: { max: 3, windowMs: 10_000 }, admin: { max: 1, windowMs: 10_000 } },
      now: () => now,
    });
    for (let i = 0; i < 3; i++) {
      await limit.run('own', 'ana', async () => undefined);
      now += 1_000;
    }
    let retryAfter = 0;
    await refusal(
      limit.run(
        'own',
        'ana',
        async () => undefined,
        (s) => (retryAfter = s),
      ),
    );
    expect(retryAfter).toBe(7); // the first call leaves the window 7 s from now
    // Other kinds and other users have their own budgets.
    await limit.run('admin', 'ana', async () => undefined);
    await limit.run('own', 'luis', async () => undefined);
    now += 7_000;
    await expect(limit.run('own', 'ana', async () => 'ok')).resolves.toBe('ok');
  });
});
