import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';
import { notificaciones } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody } from './case-factories.js';
import { statementsOf } from './statement-log.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

/** A statement's verb and first table: `insert notificaciones`, `select casos`. */
const kind = (text: string) => {
  const [, verb, table] = /^(\w+)\s+(?:.*?\b(?:from|into)\s+)?"(\w+)"/i.exec(text) ?? [undefined, text, ''];
  return `${verb.toLowerCase()} ${table}`.trim();
};

/**
 * The case counter's row stays locked from a creation's number to its commit (numbers without
 * gaps), and every other creation waits for it: after the number comes only what shows it.
 */
describe('the case number is taken as late as it can be', () => {
  it('after it, only the notice, the stored answer and the commit; who is told is read before', async () => {
    const body = await caseBody(s.ctx);
    let id = '';
    const texts = await statementsOf(s.ctx, async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/casos',
        headers: { cookie: viewers.get('Call Center')!.cookie, 'idempotency-key': 'numbered-late' },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    });
    const numbered = texts.findIndex((t) => t.includes('update "contadores"'));
    const committed = texts.findIndex((t, i) => i > numbered && /^commit$/i.test(t));
    expect(numbered).toBeGreaterThan(0);
    expect(texts.slice(numbered + 1, committed).map(kind)).toEqual([
      'insert notificaciones',
      'select casos',
      'update idempotencia',
    ]);
    // The recipients read earlier are the notice's: the Call Center creator is not among them.
    const [notice] = await s.ctx.db.select().from(notificaciones).where(eq(notificaciones.uidcaso, id));
    expect(notice.destinatarios).toContain(viewers.get('Administrador')!.id);
    expect(notice.destinatarios).not.toContain(viewers.get('Call Center')!.id);
  });
});
