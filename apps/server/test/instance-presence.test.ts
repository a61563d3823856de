import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, sum } from 'drizzle-orm';
import type { Cargo, ChatPage, LiveEvent, LiveServerMessage } from '@vialex/domain';
import {
  chatPresencia,
  chatUsuarios,
  instancias,
  notificaciones,
  ubicacionesVigiladas,
} from '../src/db/schema/index.js';
import { enterPresence, leavePresence } from '../src/modules/chat/presence.js';
import { watchLocation } from '../src/modules/users/service.js';
import type { RunningServer } from '../src/server.js';
import { InstanceRegistry } from '../src/platform/instances.js';
import { releaseGoneInstances } from '../src/modules/live/presence.js';
import { openLiveSocket } from './live-socket.js';
import { startSecondInstance, startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { staffedCase } from './case-factories.js';

/**
 * Presence that dies with its instance: room screens and followed positions are
 * recorded under the instance that holds their socket; an instance that died without closing its
 * sockets (SIGKILL, power loss) stops renewing its row, and the sweep of any live instance gives
 * back what it held — its members go offline and get the push again, its followed positions are
 * no longer announced — while what live instances hold stays. A dead instance is simulated
 * deterministically: a row of `instancias` last seen an hour ago, whose presence is written with
 * the same functions the live channel uses. The heartbeat's timer is off; the test sweeps itself.
 */
let s: TestServer;
let base: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer({ LIVE_PING_MS: '0', INSTANCE_HEARTBEAT_MS: '0' });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => {
  await s?.close();
});

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;

async function teamCase() {
  const c = await staffedCase(s, viewers, ['Abogado', 'Abogado CAIT', 'Investigador', 'Call Center']);
  const room = (
    await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/chats/general`, headers: h('Investigador') })
  ).json() as ChatPage;
  return { caseId: c.id, roomId: room.sala.id, topic: room.sala.topic };
}

/** An instance row last seen `agoMs` ago (an hour: long dead; 0: alive). */
async function otherInstance(agoMs: number): Promise<string> {
  const instanceId = randomUUID();
  await s.ctx.db.insert(instancias).values({ id: instanceId, visto: sql`now() - ${agoMs} * interval '1 millisecond'` });
  return instanceId;
}

/** Room screens of `cargo` held by `instanceId`, written as that instance's live channel does. */
async function screens(instanceId: string, roomId: string, cargo: Cargo, n = 1) {
  for (let i = 0; i < n; i++)
    await enterPresence({ ...s.ctx, instanceId }, roomId, { id: id(cargo), kind: cargo, username: cargo });
}

const member = async (roomId: string, cargo: Cargo) =>
  (
    await s.ctx.db
      .select({ estado: chatUsuarios.estado, conexiones: chatUsuarios.conexiones })
      .from(chatUsuarios)
      .where(and(eq(chatUsuarios.roomId, roomId), eq(chatUsuarios.usuario, id(cargo))))
  )[0];

/** Who got the 'Mensaje Chat' notice (and its push) of the message just sent. */
async function pushedFor(caseId: string, text: string): Promise<Set<string>> {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/casos/${caseId}/chats/general/mensajes`,
    headers: h('Investigador'),
    payload: { clientId: randomUUID(), content: text },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Nobody away: no notice at all.
  const notices = await s.ctx.db
    .select({ destinatarios: notificaciones.destinatarios })
    .from(notificaciones)
    .where(
      and(
        eq(notificaciones.uidcaso, caseId),
        eq(notificaciones.momento, 'Mensaje Chat'),
        eq(notificaciones.cuerpo, text),
      ),
    );
  return new Set(notices.flatMap((n) => n.destinatarios));
}

const watchers = async (userId: string) =>
  Number(
    (
      await s.ctx.db
        .select({ n: sum(ubicacionesVigiladas.mapas) })
        .from(ubicacionesVigiladas)
        .where(eq(ubicacionesVigiladas.usuario, userId))
    )[0]?.n ?? 0,
  );

/**
 * What this instance relays on a topic, seen by a listener of the hub that is no map (it follows
 * nothing in the database). `settled` publishes a marker after everything committed so far and
 * answers the events that arrived before it: notifications come in commit order.
 */
function observe(topic: string) {
  const events: LiveEvent[] = [];
  const waiting = new Map<string, () => void>();
  const listener = {
    OPEN: 1,
    readyState: 1,
    send(raw: string) {
      const m = JSON.parse(raw) as LiveServerMessage;
      if (m.type !== 'event') return;
      if (m.event.name === 'chat.room' && waiting.has(m.event.roomId)) return waiting.get(m.event.roomId)!();
      events.push(m.event);
    },
    close() {},
  } as unknown as WebSocket;
  s.ctx.hub.subscribe(listener, topic);
  return {
    async settled(): Promise<LiveEvent[]> {
      const marker = randomUUID();
      const arrived = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await s.ctx.hub.publish(s.ctx.db, topic, { name: 'chat.room', roomId: marker });
      await arrived;
      waiting.delete(marker);
      return events.splice(0);
    },
    stop: () => s.ctx.hub.remove(listener),
  };
}

const place = (cargo: Cargo, lat: number, long: number) =>
  s.app.inject({ method: 'PUT', url: '/api/me/location', headers: h(cargo), payload: { lat, long } });

/** A real staff socket of this (live) instance. */
const connect = (cargo: Cargo) => openLiveSocket(base, h(cargo));

describe('presence of a dead instance', () => {
  it('is given back by the sweep: members offline and pushed, positions no longer announced; live instances keep theirs', async () => {
    const { caseId, roomId, topic } = await teamCase();
    const dead = await otherInstance(60 * 60_000);
    const alive = await otherInstance(0);
    // The dead instance held the Abogado's screen, two of the Abogado CAIT's, and a map of the Investigador.
    await screens(dead, roomId, 'Abogado');
    await screens(dead, roomId, 'Abogado CAIT', 2);
    await watchLocation(s.ctx.db, dead, id('Investigador'), 1);
    // A live instance holds one more of the Abogado CAIT's screens; this one a Call Center's
    // screen (a real socket) and a map of the Abogado.
    await screens(alive, roomId, 'Abogado CAIT');
    const callCenter = await connect('Call Center');
    const coordinator = await connect('Coordinador Contact Center');
    const positions = observe(`ubicacion:${id('Investigador')}`);
    try {
      await callCenter.follow(topic);
      await coordinator.follow(`ubicacion:${id('Abogado')}`);

      // Before the sweep: the dead instance's members look in the room; its map is followed.
      expect(await member(roomId, 'Abogado')).toEqual({ estado: 'online', conexiones: 1 });
      expect(await member(roomId, 'Abogado CAIT')).toEqual({ estado: 'online', conexiones: 3 });
      expect(await pushedFor(caseId, 'antes')).not.toContain(id('Abogado'));
      expect((await place('Investigador', 4.66, -74.05)).statusCode).toBe(204);
      expect(await positions.settled()).toMatchObject([{ name: 'location.changed', id: id('Investigador') }]);

      // Two sweeps at once (two instances' heartbeats): the dead one is found and released once.
      const found = await Promise.all([s.instances.sweep(), s.instances.sweep()]);
      expect(found.flat()).toEqual([dead]);
      const rows = await s.ctx.db.select({ id: instancias.id }).from(instancias);
      expect(rows.map((r) => r.id).sort()).toEqual([alive, s.ctx.instanceId].sort());

      expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
      expect(await member(roomId, 'Abogado CAIT')).toEqual({ estado: 'online', conexiones: 1 });
      expect(await member(roomId, 'Call Center')).toEqual({ estado: 'online', conexiones: 1 });
      const pushed = await pushedFor(caseId, 'después');
      expect(pushed).toContain(id('Abogado'));
      expect(pushed).not.toContain(id('Abogado CAIT'));
      expect(pushed).not.toContain(id('Call Center'));
      expect(await s.ctx.db.select().from(chatPresencia).where(eq(chatPresencia.instancia, dead))).toEqual([]);

      expect(await watchers(id('Investigador'))).toBe(0);
      expect((await place('Investigador', 4.67, -74.06)).statusCode).toBe(204);
      expect(await positions.settled()).toEqual([]);
      // This instance's map still follows the Abogado.
      expect(await watchers(id('Abogado'))).toBe(1);
    } finally {
      positions.stop();
      callCenter.ws.close();
      coordinator.ws.close();
    }
    // Closing the sockets gives back what they held, as before.
    await expect.poll(async () => (await member(roomId, 'Call Center')).estado).toBe('offline');
    await expect.poll(() => watchers(id('Abogado'))).toBe(0);
  });

  it('a live room announces the change, so open member lists update', async () => {
    const { roomId, topic } = await teamCase();
    const dead = await otherInstance(60 * 60_000);
    await screens(dead, roomId, 'Abogado');
    const room = observe(topic);
    try {
      await room.settled();
      await s.instances.sweep();
      expect(await room.settled()).toEqual([{ name: 'chat.room', roomId }]);
    } finally {
      room.stop();
    }
  });

  it("an instance whose row was swept while it stalled comes back with its heartbeat; its late leave takes nothing of others'", async () => {
    const { roomId } = await teamCase();
    const stalled = await otherInstance(60 * 60_000);
    await screens(stalled, roomId, 'Abogado');
    expect(await s.instances.sweep()).toEqual([stalled]);
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
    await screens(s.ctx.instanceId, roomId, 'Abogado');
    // The stalled instance's socket closes now: it held nothing any more, so nothing changes.
    await leavePresence({ ...s.ctx, instanceId: stalled }, id('Abogado'), roomId);
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'online', conexiones: 1 });
    await leavePresence(s.ctx, id('Abogado'), roomId);
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
    await s.instances.beat();
    expect(await s.ctx.db.select().from(instancias).where(eq(instancias.id, s.ctx.instanceId))).toHaveLength(1);
  });
});

describe('enter, leave and sweeps at once', () => {
  it('keep the count exact (the sum over live instances), without deadlocks', async () => {
    const { roomId } = await teamCase();
    const dead = await otherInstance(60 * 60_000);
    await screens(dead, roomId, 'Abogado', 10);
    await screens(s.ctx.instanceId, roomId, 'Abogado', 15);
    const leave = () => leavePresence(s.ctx, id('Abogado'), roomId);
    const enter = () => screens(s.ctx.instanceId, roomId, 'Abogado');
    const sweep = () => s.instances.sweep();
    await Promise.all([
      ...Array.from({ length: 10 }, leave),
      ...Array.from({ length: 5 }, enter),
      ...Array.from({ length: 3 }, sweep),
    ]);
    await sweep();
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'online', conexiones: 10 });
    const shares = await s.ctx.db
      .select({ instancia: chatPresencia.instancia, conexiones: chatPresencia.conexiones })
      .from(chatPresencia)
      .innerJoin(chatUsuarios, eq(chatUsuarios.id, chatPresencia.miembro))
      .where(and(eq(chatUsuarios.roomId, roomId), eq(chatUsuarios.usuario, id('Abogado'))));
    expect(shares).toEqual([{ instancia: s.ctx.instanceId, conexiones: 10 }]);
    await Promise.all(Array.from({ length: 10 }, leave));
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
  });
});

describe('an instance taken for dead while it stalled', () => {
  it('finds its row gone at its next heartbeat and sends its sockets to reconnect and enter again', async () => {
    const { roomId, topic } = await teamCase();
    const abogado = await connect('Abogado');
    await abogado.follow(topic);
    // Another instance's sweep took this one for dead: its row and what it held are gone.
    await s.ctx.db.delete(instancias).where(eq(instancias.id, s.ctx.instanceId));
    await s.instances.sweep();
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
    await s.instances.beat();
    expect(await abogado.closedWithin()).toBe(1012);
    expect(await s.ctx.db.select().from(instancias).where(eq(instancias.id, s.ctx.instanceId))).toHaveLength(1);
    // The socket's late leave takes nothing.
    await expect.poll(async () => (await member(roomId, 'Abogado')).conexiones).toBe(0);
  });
});

describe('an instance whose live hub lost the database', () => {
  it('gives back what its closed sockets still held before it takes sockets again, and stays registered', async () => {
    const { roomId } = await teamCase();
    const other = await otherInstance(0);
    await screens(other, roomId, 'Abogado CAIT');
    // The sockets closed when the hub lost the database, but their leaving failed meanwhile.
    await screens(s.ctx.instanceId, roomId, 'Abogado', 2);
    await watchLocation(s.ctx.db, s.ctx.instanceId, id('Investigador'), 1);
    await s.instances.giveBack();
    expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
    expect(await watchers(id('Investigador'))).toBe(0);
    // Another live instance's screen stays, and this instance is registered under the same id.
    expect(await member(roomId, 'Abogado CAIT')).toEqual({ estado: 'online', conexiones: 1 });
    expect(await s.ctx.db.select().from(instancias).where(eq(instancias.id, s.ctx.instanceId))).toHaveLength(1);
    await s.ctx.db.delete(instancias).where(eq(instancias.id, other));
    await s.instances.sweep();
  });
});

describe.runIf(!process.env.DATABASE_URL)('the embedded database (one process opens it)', () => {
  it("a start gives back an earlier run's presence at once, without waiting for it to expire", async () => {
    const { roomId } = await teamCase();
    const earlier = await otherInstance(0);
    await screens(earlier, roomId, 'Abogado');
    await watchLocation(s.ctx.db, earlier, id('Investigador'), 1);
    const restarted = new InstanceRegistry(s.ctx.database, { heartbeatMs: 0, expiryMs: 30_000 });
    restarted.onSweep(() => releaseGoneInstances({ ...s.ctx, instanceId: restarted.id }));
    await restarted.start();
    try {
      expect(await member(roomId, 'Abogado')).toEqual({ estado: 'offline', conexiones: 0 });
      expect(await watchers(id('Investigador'))).toBe(0);
      const rows = await s.ctx.db.select({ id: instancias.id }).from(instancias);
      expect(rows).toEqual([{ id: restarted.id }]);
    } finally {
      await restarted.stop();
      // This file's server took the place of the earlier run here: it registers again.
      await s.instances.beat();
    }
  });
});

describe.runIf(!!process.env.DATABASE_URL)('several instances on one PostgreSQL', () => {
  it('a second instance leaves the first one alone when it starts, and gives back its own when it stops', async () => {
    const { roomId, topic } = await teamCase();
    const mine = await connect('Abogado');
    await mine.follow(topic);
    const second: RunningServer = await startSecondInstance(s);
    let stopped = false;
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      expect(await member(roomId, 'Abogado')).toEqual({ estado: 'online', conexiones: 1 });
      const url2 = `ws://127.0.0.1:${(second.app.server.address() as { port: number }).port}`;
      const theirs = await openLiveSocket(url2, h('Call Center'));
      await theirs.follow(topic);
      expect(await member(roomId, 'Call Center')).toEqual({ estado: 'online', conexiones: 1 });
      // Its sweep does not touch the first instance's presence.
      expect(await second.instances.sweep()).toEqual([]);
      expect(await member(roomId, 'Abogado')).toEqual({ estado: 'online', conexiones: 1 });
      await second.stop();
      stopped = true;
      expect(await member(roomId, 'Call Center')).toEqual({ estado: 'offline', conexiones: 0 });
      expect(await s.ctx.db.select().from(instancias).where(eq(instancias.id, second.ctx.instanceId))).toEqual([]);
      expect(await member(roomId, 'Abogado')).toEqual({ estado: 'online', conexiones: 1 });
    } finally {
      if (!stopped) await second.stop();
      mine.ws.close();
    }
  });
});
