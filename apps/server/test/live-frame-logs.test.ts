import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { openLiveSocket } from './live-socket.js';

/**
 * A live socket's frame that ws refuses (text that is not UTF-8, a message over the 64 KB
 * maxPayload) is the client's doing: logged at debug level, never as an error or a warning with
 * its stack, so that no signed-in user can fill the error log.
 */
const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));

interface LogLine {
  level: number;
  msg: string;
  code?: string;
  err?: { stack?: string };
}
const logLines = () => lines.map((l) => JSON.parse(l) as LogLine);

let s: TestServer;
let base: string;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: 'debug' }, { logStream: stream });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  const { email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
  cookie = await login(s.app, email);
});
afterAll(async () => s?.close());

/** An open live socket of the signed-in user; the server cuts it, so its errors are expected. */
const openSocket = () => openLiveSocket(base, { cookie }, { ignoreErrors: true });

describe('malformed live frames', () => {
  it('invalid UTF-8 and an oversize message close the socket and log at debug level only', async () => {
    const before = lines.length;

    const bad = await openSocket();
    // A text frame whose bytes are not UTF-8 (the client library sends them as given).
    bad.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    // ws closes it with 1007 (or the cut comes first).
    expect([1007, 1006]).toContain(await bad.closedWithin());

    const big = await openSocket();
    big.ws.send(JSON.stringify({ action: 'subscribe', topic: 'x'.repeat(65 * 1024) }));
    expect([1009, 1006]).toContain(await big.closedWithin());

    // The server logs the refusal as it handles the frame; the close may reach the test first.
    await expect
      .poll(
        () =>
          logLines()
            .slice(before)
            .filter((l) => l.msg === 'live: malformed frame refused').length,
      )
      .toBe(2);
    const logged = logLines().slice(before);
    const refused = logged.filter((l) => l.msg === 'live: malformed frame refused');
    expect(refused.map((l) => [l.level, l.code])).toEqual([
      [20, 'WS_ERR_INVALID_UTF8'],
      [20, 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'],
    ]);
    expect(refused.every((l) => l.err === undefined)).toBe(true);
    // Nothing at warn (40) or error (50) level, and no stack anywhere.
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
    expect(logged.filter((l) => l.err?.stack)).toEqual([]);
  });
});
