import { describe, expect, it, vi } from 'vitest';
import { noticeNotification, noticeTarget, openNotice, readPushPayload, type NoticeWindow } from './sw-notices';

const ORIGIN = 'https://app.vialex.co';
const CASE = `${ORIGIN}/gestionar-caso/0b6f7c1e-5d0a-4c55-9f7e-2f1e3c4d5a6b/chat`;

const data = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => String(value),
});

/** A window of the app as the worker sees it. */
function tab(url: string, { focused = false, controlled = true } = {}) {
  const w = {
    url,
    focused,
    focus: vi.fn(async (): Promise<unknown> => w),
    navigate: vi.fn(async (to: string): Promise<NoticeWindow | null> => {
      if (!controlled) throw new TypeError('not controlled');
      w.url = to;
      return w;
    }),
  };
  return w;
}
function clientsWith(windows: ReturnType<typeof tab>[]) {
  return {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  };
}
const open = (clients: ReturnType<typeof clientsWith>, target: string) => openNotice(clients, ORIGIN, target);

describe('a push shown on the device', () => {
  it('reads the server’s message and shows it with its link and its room’s tag', () => {
    const payload = readPushPayload(
      data({ title: 'Mensaje Chat', body: 'Hola', url: '/gestionar-caso/1/chat', tag: 'abc' }),
    );
    expect(payload).toEqual({ title: 'Mensaje Chat', body: 'Hola', url: '/gestionar-caso/1/chat', tag: 'abc' });
    expect(noticeNotification(payload)).toMatchObject({
      body: 'Hola',
      tag: 'abc',
      lang: 'es',
      data: { url: '/gestionar-caso/1/chat' },
    });
  });

  it('reads the FCM-like shape ({notification, data}), a text, or nothing; a notice without link goes home', () => {
    expect(readPushPayload(data({ notification: { title: 'NUEVO CASO', body: 'B' }, data: { url: '/x' } }))).toEqual({
      title: 'NUEVO CASO',
      body: 'B',
      url: '/x',
    });
    const text = { json: () => JSON.parse('no es json'), text: () => 'solo texto' };
    expect(readPushPayload(text)).toEqual({ title: 'VIALEX', body: 'solo texto' });
    expect(readPushPayload(null)).toEqual({ title: 'VIALEX', body: '' });
    const shown = noticeNotification(readPushPayload(null));
    expect(shown.data).toEqual({ url: '/' });
    expect(shown).not.toHaveProperty('tag');
  });
});

describe('clicking the notice opens its link', () => {
  it('the link as an address of the app; none is the home page', () => {
    expect(noticeTarget({ url: '/gestionar-caso/1/chat' }, ORIGIN)).toBe(`${ORIGIN}/gestionar-caso/1/chat`);
    expect(noticeTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(noticeTarget({ url: 42 }, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('a tab already on the case comes to the front; nothing else moves', async () => {
    const list = tab(`${ORIGIN}/casos`);
    const onCase = tab(CASE);
    const clients = clientsWith([list, onCase]);
    await open(clients, CASE);
    expect(onCase.focus).toHaveBeenCalled();
    expect(list.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('else the tab in front goes to the case and is focused', async () => {
    const back = tab(`${ORIGIN}/clientes`);
    const front = tab(`${ORIGIN}/casos`, { focused: true });
    const clients = clientsWith([back, front]);
    await open(clients, CASE);
    expect(front.navigate).toHaveBeenCalledWith(CASE);
    expect(front.focus).toHaveBeenCalled();
    expect(back.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('a focus the browser refuses does not open a second window', async () => {
    const only = tab(`${ORIGIN}/casos`);
    only.focus.mockRejectedValue(new Error('Not allowed to focus a window.'));
    const clients = clientsWith([only]);
    await open(clients, CASE);
    expect(only.url).toBe(CASE);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('no tab, or one the worker does not control: a new window on the case', async () => {
    const none = clientsWith([]);
    await open(none, CASE);
    expect(none.openWindow).toHaveBeenCalledWith(CASE);
    const stray = tab(`${ORIGIN}/casos`, { controlled: false });
    const clients = clientsWith([stray]);
    await open(clients, CASE);
    expect(clients.openWindow).toHaveBeenCalledWith(CASE);
  });

  it('a link of another site opens a new window, never the app’s tab', async () => {
    const app = tab(`${ORIGIN}/casos`, { focused: true });
    const clients = clientsWith([app]);
    await open(clients, 'https://example.com/x');
    expect(app.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).toHaveBeenCalledWith('https://example.com/x');
  });
});
