/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// registerType 'autoUpdate': a new release takes over at once instead of waiting for every tab to close.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The app shell answers every navigation, so the installed app opens offline. The API, the
// OpenAPI docs and the short links are the server's and are never answered from here.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/s\//],
  }),
);

// Icons and fonts not in the precache list (e.g. added later) are still kept once fetched.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    (request.destination === 'image' || request.destination === 'font'),
  new CacheFirst({ cacheName: 'vialex-static' }),
);

interface PushPayload {
  title: string;
  body: string;
  url?: string;
}

/** Accepts our own shape ({title, body, url}) and the FCM-like one ({notification, data}). */
function readPayload(event: PushEvent): PushPayload {
  let raw: Record<string, unknown>;
  try {
    raw = (event.data?.json() as Record<string, unknown>) ?? {};
  } catch {
    raw = { body: event.data?.text() ?? '' };
  }
  const notification = (raw.notification ?? {}) as Record<string, unknown>;
  const data = (raw.data ?? {}) as Record<string, unknown>;
  return {
    title: String(raw.title ?? notification.title ?? 'VIALEX'),
    body: String(raw.body ?? raw.message ?? notification.body ?? ''),
    url: (raw.url ?? data.url) as string | undefined,
  };
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Open tabs show it as a persistent toast too (spec 1 §8).
      for (const client of windows) client.postMessage({ type: 'push', payload });
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/icon-192.png',
        badge: '/favicon-32.png',
        lang: 'es',
        data: { url: payload.url ?? '/' },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((c) => c.url === target);
      if (same) return void (await same.focus());
      const any = windows[0];
      if (any) {
        await any.focus();
        return void (await any.navigate(target));
      }
      await self.clients.openWindow(target);
    })(),
  );
});
