import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { config as transitions } from 'react-transition-group';
import { live } from '../lib/live';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());

// The web tests share one page and one module cache per worker (isolate: false, vitest.config.ts):
// whatever a file changed in the browser's globals is put back when it ends, so the next file
// starts from a fresh page whatever ran before it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (typeof window === 'undefined') return; // a file run in Node (@vitest-environment node)
  // Tests stand in for the browser's connection and position on the navigator object itself.
  for (const key of ['onLine', 'geolocation', 'serviceWorker'] as const) {
    if (Object.prototype.hasOwnProperty.call(navigator, key)) Reflect.deleteProperty(navigator, key);
  }
  // The shared connection state (lib/connection.ts) back to a signed-out, online tab.
  live.disconnect();
  window.dispatchEvent(new Event('online'));
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

// MUI's dialogs, menus and popovers enter and leave through react-transition-group, each on a
// real-time timer (225–300 ms). Disabled, they jump to their end state at once: a test that waits
// for a dialog to close waits for React, not for a clock.
transitions.disabled = true;

// findBy…/waitFor give up after 1 s by default: on a busy machine a render can take longer. They
// still return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });
