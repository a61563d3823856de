/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { BRAND, MSG } from '@vialex/domain';
import { noticeNotification, noticeTarget, openNotice, readPushPayload } from './sw-notices';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// registerType 'autoUpdate': a new release takes over at once instead of waiting for every tab to close.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * What a navigation gets while the device is offline: a small page saying that the app needs a
 * connection, with a button that tries again (the app itself can do nothing without the server).
 */
function offlinePage(): Response {
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${BRAND}</title><style>
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#f4f6f9;color:#1a2233}
main{max-width:420px;margin:16px;padding:32px 24px;background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(0,0,0,.08);text-align:center}
h1{margin:0 0 12px;font-size:1.4rem;letter-spacing:.12em;color:#0d3b7c}p{margin:0 0 24px;line-height:1.5}
button{font:inherit;font-weight:600;padding:10px 24px;border:0;border-radius:8px;background:#0d3b7c;color:#fff;cursor:pointer}
</style></head><body><main><h1>${BRAND}</h1><p>${MSG.appRequiereConexion}</p>
<button type="button" onclick="location.reload()">${MSG.reintentar}</button></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

const appShell = createHandlerBoundToURL('/index.html');
// The driver's case pages are their own light app (cliente.html, small enough for a weak signal); the server maps them alike.
const clientShell = createHandlerBoundToURL('/cliente.html');
const CLIENT_PAGES = /^\/caso-cliente(\/|$)/;
const shellFor: typeof appShell = (options) =>
  (CLIENT_PAGES.test(new URL(options.request.url).pathname) ? clientShell : appShell)(options);

// The app shell answers every navigation while online (from the precache: fast); offline, the
// page above does. The API, the OpenAPI docs, the short links and the driver's entry page (the
// server writes the case into it, and entering needs the server anyway) are never answered from here.
registerRoute(
  new NavigationRoute((options) => (self.navigator.onLine ? shellFor(options) : Promise.resolve(offlinePage())), {
    denylist: [/^\/api(\/|$)/, /^\/s\//, /^\/login\/auth-cliente(\/|$)/],
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

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Open tabs show it as a persistent toast too (spec 1 §8).
      for (const client of windows) client.postMessage({ type: 'push', payload });
      await self.registration.showNotification(payload.title, noticeNotification(payload));
    })(),
  );
});

// The notice opens its link, from the phone's tray too (sw-notices.ts).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const origin = self.location.origin;
  event.waitUntil(openNotice(self.clients, origin, noticeTarget(event.notification.data, origin)));
});
