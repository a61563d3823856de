const SW_URL = '/sw.js';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the app's service worker (offline shell, push). With registerType 'autoUpdate' a new
 * release activates at once; the page then reloads to run the matching code.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = !!navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also fires controllerchange; only a replacement needs the reload.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(SW_URL, { scope: '/' })
      .then((reg) => setInterval(() => void reg.update(), UPDATE_CHECK_MS))
      .catch((e) => console.warn('service worker', e));
  });
}
