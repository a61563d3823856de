import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import {
  FAKE_HUB_CREDENTIALS,
  startFakePolicyServices,
} from '../../apps/server/src/integrations/fakes/policy-services.js';
import { startFakeMaps } from '../../apps/server/src/integrations/fakes/maps.js';
import { FAKE_TWILIO, startFakeTwilio } from '../../apps/server/src/integrations/fakes/twilio.js';
import { startFakeSftp } from '../../apps/server/src/integrations/fakes/sftp.js';

/**
 * The outside services of the soak: the server's own local fakes (integrations/fakes), started in
 * this process, each behind a small proxy of ours that injects faults at run time:
 *   ok    the request goes through
 *   slow  the request is held 10 s, then goes through (the SFTP connection is held 10 s before
 *         its bytes flow)
 *   fail  HTTP: 500 at once; SFTP: the connection is closed as soon as it is accepted
 * The fakes themselves are untouched.
 */
export type FaultMode = 'ok' | 'slow' | 'fail';
export const SERVICES = ['policy', 'maps', 'sms', 'sftp'] as const;
export type Service = (typeof SERVICES)[number];
export const SLOW_MS = 10_000;

export interface FaultyFakes {
  /** Settings that point every instance at the proxies. */
  env: Record<string, string>;
  mode: Record<Service, FaultMode>;
  set(service: Service, mode: FaultMode): void;
  /** Requests (or SFTP connections) each proxy saw, by the mode they met. */
  counts: Record<Service, Record<FaultMode, number>>;
  close(): Promise<void>;
}

interface Proxy {
  port: number;
  close(): Promise<void>;
}

/** Runs `go` now, or after SLOW_MS when the mode is 'slow'; `cancelAll` drops what is still held. */
function holder() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    run(m: FaultMode, go: () => void) {
      if (m !== 'slow') return go();
      const t = setTimeout(() => {
        timers.delete(t);
        go();
      }, SLOW_MS);
      timers.add(t);
    },
    cancelAll: () => timers.forEach(clearTimeout),
  };
}

/** Listens on a loopback port the system picks; answers it. */
async function listenLoopback(server: net.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

/** An HTTP proxy to `target` whose behaviour follows `mode()`. */
async function httpFaultProxy(target: string, mode: () => FaultMode, count: (m: FaultMode) => void): Promise<Proxy> {
  const to = new URL(target);
  // With a timeout of its own the agent follows the fake's `Keep-Alive: timeout=5` hint and lets an
  // idle connection go a second before the fake does (see http.ts).
  const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
  const held = holder();
  const server = http.createServer((req, res) => {
    const m = mode();
    count(m);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = () => {
        if (res.destroyed) return;
        const upstream = http.request(
          {
            agent,
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: to.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        upstream.end(Buffer.concat(chunks));
      };
      if (m === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"soak: fault injected"}');
      } else held.run(m, forward);
    });
  });
  return {
    port: await listenLoopback(server),
    close: () =>
      new Promise((resolve) => {
        held.cancelAll();
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP proxy (for SFTP) whose behaviour follows `mode()` at each new connection. */
async function tcpFaultProxy(targetPort: number, mode: () => FaultMode, count: (m: FaultMode) => void): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  const held = holder();
  const server = net.createServer((client) => {
    const m = mode();
    count(m);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (m === 'fail') {
      client.destroy();
      return;
    }
    client.pause();
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(targetPort, '127.0.0.1');
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    };
    held.run(m, connect);
  });
  return {
    port: await listenLoopback(server),
    close: () =>
      new Promise((resolve) => {
        held.cancelAll();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the policy services (kronos and the hub), maps (OSRM + Nominatim), Twilio and SFTP fakes
 * and their fault proxies (on ports the system picks).
 */
export async function startFaultyFakes(sftpDir?: string): Promise<FaultyFakes> {
  const mode: Record<Service, FaultMode> = { policy: 'ok', maps: 'ok', sms: 'ok', sftp: 'ok' };
  const counts = Object.fromEntries(SERVICES.map((s) => [s, { ok: 0, slow: 0, fail: 0 }])) as FaultyFakes['counts'];
  const counter = (s: Service) => (m: FaultMode) => counts[s][m]++;
  const dir = sftpDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-soak-sftp-'));

  const policy = await startFakePolicyServices();
  const maps = await startFakeMaps();
  const twilio = await startFakeTwilio();
  // Files acknowledged at once: the soak measures the server, not the demo's pacing.
  const sftp = await startFakeSftp(dir, { fileMs: 0 });
  const proxies = {
    policy: await httpFaultProxy(policy.url, () => mode.policy, counter('policy')),
    maps: await httpFaultProxy(maps.url, () => mode.maps, counter('maps')),
    sms: await httpFaultProxy(twilio.url, () => mode.sms, counter('sms')),
    sftp: await tcpFaultProxy(sftp.port, () => mode.sftp, counter('sftp')),
  };
  const at = (p: Proxy) => `http://127.0.0.1:${p.port}`;
  return {
    env: {
      KRONOS_URL: at(proxies.policy),
      HUB_URL: at(proxies.policy),
      HUB_USERNAME: FAKE_HUB_CREDENTIALS.username,
      HUB_PASSWORD: FAKE_HUB_CREDENTIALS.password,
      HUB_CLIENT_ID: String(FAKE_HUB_CREDENTIALS.clientId),
      OSRM_URL: at(proxies.maps),
      NOMINATIM_URL: at(proxies.maps),
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_URL: at(proxies.sms),
      // A real provider's links need a configured origin; nobody follows them here.
      PUBLIC_URL: 'https://vialex.soak.test',
      // The soak's ten desks send 150 SMS each in ten minutes: far beyond a person's hour.
      SMS_MAX_PER_USER_HOUR: '1000000',
      SFTP_HOST: '127.0.0.1',
      SFTP_PORT: String(proxies.sftp.port),
      SFTP_USER: sftp.username,
      SFTP_PASSWORD: sftp.password,
      SFTP_HOST_KEY: `SHA256:${sftp.hostKeySha256}`,
    },
    mode,
    counts,
    set(service, m) {
      mode[service] = m;
    },
    async close() {
      for (const p of Object.values(proxies)) await p.close();
      await Promise.all([policy.close(), maps.close(), twilio.close(), sftp.close()]);
      if (!sftpDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
