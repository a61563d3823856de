import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type Cargo } from '@vialex/domain';
import { archivos, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { EXE, PDF, PNG, multipart } from './multipart.js';

let s: TestServer;
const people = new Map<string, { id: string; cookie: string }>();

beforeAll(async () => {
  s = await startTestServer();
  for (const [key, cargo] of [
    ['admin', 'Administrador'],
    ['abogado', 'Abogado'],
    ['otro', 'Investigador'],
    ['coord', 'Coordinador Contact Center'],
  ] as [string, Cargo][]) {
    const { user, email } = await createUser(s.ctx, { cargo });
    people.set(key, { id: user.id, cookie: await login(s.app, email) });
  }
}, 120_000);
afterAll(() => s?.close());

const who = (key: string) => people.get(key)!;
const put = (as: string, userId: string, file: { filename: string; content: Buffer; type?: string }) => {
  const body = multipart([{ name: 'foto', file }]);
  return s.app.inject({
    method: 'PUT',
    url: `/api/usuarios/${userId}/foto`,
    headers: { cookie: who(as).cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const photoOf = async (id: string) =>
  (await s.ctx.db.select({ foto: usuarios.foto }).from(usuarios).where(eq(usuarios.id, id)))[0].foto;

describe("a user's photo", () => {
  it('the user puts their own photo; it is served with a lasting cache and shown in me and the list', async () => {
    const me = who('abogado');
    const res = await put('abogado', me.id, { filename: 'yo.png', content: PNG, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().foto;
    expect(url).toBe(`/api/usuarios/${me.id}/foto/${await photoOf(me.id)}`);

    const img = await s.app.inject({ method: 'GET', url, headers: { cookie: who('otro').cookie } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const again = await s.app.inject({
      method: 'GET',
      url,
      headers: { cookie: who('otro').cookie, 'if-none-match': String(img.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const mine = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: me.cookie } });
    expect(mine.json().foto ?? mine.json().user?.foto).toBe(url);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/usuarios?limit=100',
      headers: { cookie: who('admin').cookie },
    });
    expect(list.json().rows.find((r: { id: string }) => r.id === me.id)).toMatchObject({ foto: url });
    // Without a session nothing is served.
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('the Administrador replaces it; the old file goes and its address is no longer served', async () => {
    const target = who('otro');
    const first = (await put('otro', target.id, { filename: 'a.png', content: PNG })).json().foto;
    const oldId = await photoOf(target.id);
    const res = await put('admin', target.id, { filename: 'b.png', content: PNG });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().foto).not.toBe(first);
    expect(await s.ctx.db.select().from(archivos).where(eq(archivos.id, oldId!))).toHaveLength(0);
    expect((await s.app.inject({ method: 'GET', url: first, headers: { cookie: target.cookie } })).statusCode).toBe(
      404,
    );
  });

  it("another user's photo is refused (403) and nothing changes, a coordinator's too", async () => {
    const target = who('admin');
    for (const as of ['abogado', 'coord']) {
      const res = await put(as, target.id, { filename: 'x.png', content: PNG });
      expect(res.statusCode, as).toBe(403);
      expect(res.json().message).toBe(MSG.noAutorizado);
      const del = await s.app.inject({
        method: 'DELETE',
        url: `/api/usuarios/${target.id}/foto`,
        headers: { cookie: who(as).cookie },
      });
      expect(del.statusCode, as).toBe(403);
    }
    expect(await photoOf(target.id)).toBeNull();
  });

  it.each([
    ['a pdf', { filename: 'foto.pdf', content: PDF }, 415, MSG.fotoSoloImagen],
    [
      'a program named .png',
      { filename: 'foto.png', content: EXE, type: 'image/png' },
      415,
      MSG.archivoTipoNoPermitido,
    ],
    ['a NUL byte in the name', { filename: 'fo\u0000to.png', content: PNG }, 400, MSG.caracteresNoPermitidos],
    ['an empty file', { filename: 'foto.png', content: Buffer.alloc(0) }, 400, MSG.archivoVacio],
  ])('refuses %s and keeps the photo', async (_, file, status, message) => {
    const me = who('coord');
    const before = await photoOf(me.id);
    const files = (await s.ctx.db.select({ id: archivos.id }).from(archivos)).length;
    const res = await put('coord', me.id, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await photoOf(me.id)).toBe(before);
    expect((await s.ctx.db.select({ id: archivos.id }).from(archivos)).length).toBe(files);
  });

  it('refuses a photo over the limit (413)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await put('coord', who('coord').id, { filename: 'grande.png', content: big });
    expect(res.statusCode).toBe(413);
    expect(await photoOf(who('coord').id)).toBeNull();
  });

  it('removes it; an unknown user is 404', async () => {
    const me = who('abogado');
    await put('abogado', me.id, { filename: 'yo.png', content: PNG });
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/usuarios/${me.id}/foto`,
      headers: { cookie: me.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ foto: null });
    expect(await photoOf(me.id)).toBeNull();
    const ghost = await put('admin', '00000000-0000-4000-8000-000000000000', { filename: 'x.png', content: PNG });
    expect(ghost.statusCode).toBe(404);
  });
});
