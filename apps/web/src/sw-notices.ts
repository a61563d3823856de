import { BRAND } from '@vialex/domain';

/*
 * What the service worker does with a notice (spec 1 §7, §8; spec 3 §7): a push is shown on the
 * device (and handed to the open tabs, which show it as a toast), and clicking it opens its link.
 * Kept apart from sw.ts so it can be tested without a worker: it names only the parts of the
 * worker's API it uses (the worker's Clients and WindowClient fit them).
 */

/** A tab of the app, as the worker sees it (WindowClient). */
export interface NoticeWindow {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<NoticeWindow | null>;
}

/** The worker's `clients`. */
export interface NoticeClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly NoticeWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

export interface PushPayload {
  title: string;
  body: string;
  url?: string;
  /** Notices of one tag replace each other on the device (the server tags a chat room's). */
  tag?: string;
}

/** Accepts the server's shape ({title, body, url, tag}) and the FCM-like one ({notification, data}). */
export function readPushPayload(data: { json(): unknown; text(): string } | null | undefined): PushPayload {
  let raw: Record<string, unknown>;
  try {
    raw = (data?.json() as Record<string, unknown> | null) ?? {};
  } catch {
    raw = { body: data?.text() ?? '' };
  }
  const notification = (raw.notification ?? {}) as Record<string, unknown>;
  const fields = (raw.data ?? {}) as Record<string, unknown>;
  const url = raw.url ?? fields.url;
  const tag = raw.tag;
  return {
    title: String(raw.title ?? notification.title ?? BRAND),
    body: String(raw.body ?? raw.message ?? notification.body ?? ''),
    ...(typeof url === 'string' && url ? { url } : {}),
    ...(typeof tag === 'string' && tag ? { tag } : {}),
  };
}

/** How the device shows it: the notice's link rides along for the click. */
export function noticeNotification(payload: PushPayload): NotificationOptions {
  return {
    body: payload.body,
    icon: '/icon-192.png',
    badge: '/favicon-32.png',
    lang: 'es',
    // A later message of the same room replaces the one in the tray, without buzzing again.
    ...(payload.tag ? { tag: payload.tag } : {}),
    data: { url: payload.url ?? '/' },
  };
}

/** The link a shown notice carries ('/' when none), as an address of this app. */
export function noticeTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  return new URL(typeof url === 'string' && url ? url : '/', origin).href;
}

/**
 * A click on the notice: a tab already on its link comes to the front; else an open tab of the
 * app goes there (the one in front first); else a new window opens on it. A link of another
 * site always opens a new window.
 */
export async function openNotice(clients: NoticeClients, origin: string, target: string): Promise<void> {
  const inApp = new URL(target).origin === origin;
  const windows = inApp ? await clients.matchAll({ type: 'window', includeUncontrolled: true }) : [];
  const same = windows.find((c) => c.url === target);
  if (same) return void (await same.focus().catch(() => undefined));
  const tab = windows.find((c) => c.focused) ?? windows[0];
  if (tab) {
    // navigate() needs a tab this worker controls; one it does not is left for a new window.
    const moved = await tab.navigate(target).catch(() => null);
    if (moved) return void (await moved.focus().catch(() => undefined));
  }
  await clients.openWindow(target);
}
