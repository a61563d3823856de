import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/zod-jitless';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import { App } from './app/app';
import { preloadFirstScreen } from './app/routes';

captureInstallPrompt();
// The first screen's chunks are asked for now, beside the session check, not one after another.
preloadFirstScreen(window.location.pathname);

// A transition lets React render the first screen in slices between which the browser can
// answer the user (and paint), instead of one long task on a slow phone.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Development has no built worker; registering one there would cache stale modules.
if (import.meta.env.PROD) registerServiceWorker();
